/**
 * "Suggest a level" (the New dialog's step and the pack manager's panel,
 * SuggestLevel.svelte): the designer's options for the ruleset's generator,
 * the search on the host (suggest-contract.ts `suggestStart` /
 * `suggestPoll` / `suggestCancel`: a solve worker of the host runs it) with
 * progress and Cancel, and the found document for the preview.
 *
 * The options (`SuggestOptions`) come from the ruleset only through its
 * modules: the board rule and new document (`RulesetDef.board`,
 * `newLevel`), whether the board can be resized (`RulesetUi.resize`), the
 * goal (`par`, UK-7 / CM-12, or "win / mate in N", KV-8 / LC-8), the
 * mechanics and pieces its generator understands (`generateMechanics`,
 * `generatePieces`; labels from `RulesetUi.suggest`). Nothing here
 * branches on a ruleset id.
 */
import type { HostApi, HostError } from '../../src-shared/host/contract.js';
import {
  SUGGEST_DEFAULT_TIME_MS,
  SUGGEST_MAX_PAR,
  SUGGEST_MAX_TIME_MS,
  type SuggestedLevel,
  type SuggestRequest,
} from '../../src-shared/host/suggest-contract.js';
import type { RulesetDef } from '../../src-shared/ruleset.js';
import { rulesetDef } from '../../src-shared/rulesets/index.js';
import { rulesetUi } from '../rulesets/index.js';
import { sideAllowed, type RulesetUi } from '../rulesets/ruleset-ui.js';

/** How often a running search is polled (ms). */
export const SUGGEST_POLL_MS = 200;

/** What the designer chooses (the form's fields). */
export interface SuggestOptions {
  width: number;
  height: number;
  parMin: number;
  parMax: number;
  /** Mechanic ids (RulesetDef.generateMechanics) the level must use. */
  mechanics: string[];
  /** Piece roles allowed; empty: the ruleset's usual set. */
  pieces: string[];
  /** 0..2^32-1. */
  seed: number;
  /** Time budget of the search, seconds (1..600). */
  timeS: number;
}

/** A field of the form with a problem, and the problem in words. */
export type OptionProblems = Partial<Record<'width' | 'height' | 'parMin' | 'parMax' | 'seed' | 'timeS', string>>;

/** A random seed in 0..2^32-1. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 0x1_0000_0000) >>> 0;
}

/** The words of a ruleset's goal for the par fields: "Par" (UK-7, CM-12) or "Win in" / "Mate in" (KV-8, LC-8). */
export function parLabel(def: RulesetDef): string {
  return def.goal.kind === 'par' ? 'Par' : `${def.goal.verb[0]!.toUpperCase()}${def.goal.verb.slice(1)} in`;
}

/**
 * The starting options for `def`: its new document's board, par 4..12
 * (the pack manager's former blueprint default) or N 2..3 for a two-player
 * goal, no mechanic, the usual pieces.
 */
export function defaultOptions(def: RulesetDef, seed: number = randomSeed()): SuggestOptions {
  const b = def.newLevel().board;
  const inN = def.goal.kind === 'in-n';
  return {
    width: b.width,
    height: b.height,
    parMin: inN ? 2 : 4,
    parMax: inN ? 3 : 12,
    mechanics: [],
    pieces: [],
    seed,
    timeS: SUGGEST_DEFAULT_TIME_MS / 1000,
  };
}

/**
 * What is wrong with `o` for `def` (empty: nothing): sides outside the
 * board rule (UK-1, CM-1, KV-9 odd 5..9; a fixed-size board, LC-1, is not
 * checked when `resizable` is false), a par or N outside 1..60 or a range
 * whose minimum exceeds its maximum, a seed outside 0..2^32-1, a time
 * limit outside 1..600 s.
 */
export function optionProblems(def: RulesetDef, o: SuggestOptions, resizable = true): OptionProblems {
  const out: OptionProblems = {};
  if (resizable) {
    const side = `must be ${def.board.describe} (${def.board.ruling})`;
    if (!sideAllowed(def.board, o.width)) out.width = `Width ${side}`;
    if (!sideAllowed(def.board, o.height)) out.height = `Height ${side}`;
  }
  const label = parLabel(def);
  const parOk = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= SUGGEST_MAX_PAR;
  if (!parOk(o.parMin)) out.parMin = `${label} from: a whole number from 1 to ${SUGGEST_MAX_PAR}`;
  if (!parOk(o.parMax)) out.parMax = `${label} to: a whole number from 1 to ${SUGGEST_MAX_PAR}`;
  else if (parOk(o.parMin) && o.parMin > o.parMax) out.parMax = `${label} to must be at least ${o.parMin}`;
  if (!Number.isInteger(o.seed) || o.seed < 0 || o.seed > 0xffffffff) out.seed = 'Seed: a whole number from 0 to 4294967295';
  const maxS = SUGGEST_MAX_TIME_MS / 1000;
  if (!Number.isInteger(o.timeS) || o.timeS < 1 || o.timeS > maxS) out.timeS = `Time limit: a whole number of seconds from 1 to ${maxS}`;
  return out;
}

/** The host request for `o` (size only for a resizable board; mechanics and pieces only when chosen; the time limit in ms). */
export function suggestRequest(def: RulesetDef, o: SuggestOptions, resizable = true): SuggestRequest {
  return {
    ruleset: def.id,
    seed: o.seed,
    ...(resizable ? { width: o.width, height: o.height } : {}),
    parMin: o.parMin,
    parMax: o.parMax,
    ...(o.mechanics.length ? { mechanics: [...o.mechanics] } : {}),
    ...(o.pieces.length ? { pieces: [...o.pieces] } : {}),
    timeMs: o.timeS * 1000,
  };
}

/** Where the search is. */
export type SuggestPhase = 'idle' | 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** The runes state of one "Suggest a level" form (one per dialog / panel; `dispose` when it closes). */
export class SuggestModel {
  options: SuggestOptions = $state({ width: 8, height: 8, parMin: 4, parMax: 12, mechanics: [], pieces: [], seed: 0, timeS: 60 });
  phase: SuggestPhase = $state('idle');
  /** Candidates tried, ms searched and the time budget of the running search. */
  tried = $state(0);
  ms = $state(0);
  timeMs = $state(SUGGEST_DEFAULT_TIME_MS);
  result: SuggestedLevel | null = $state.raw(null);
  error: HostError | null = $state.raw(null);
  private rulesetId = $state('');
  private jobId: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every start / cancel: a poll of an older search is ignored. */
  private run = 0;

  /** `host`: the host now (null: none); `ruleset`: the ruleset to suggest for. */
  constructor(
    private readonly host: () => HostApi | null,
    ruleset: string,
    seed: number = randomSeed(),
  ) {
    this.setRuleset(ruleset, seed);
  }

  get def(): RulesetDef | undefined {
    return rulesetDef(this.rulesetId);
  }

  get ui(): RulesetUi | undefined {
    return rulesetUi(this.rulesetId);
  }

  /** The board can be resized (RulesetUi.resize): the size fields are shown and sent. */
  get resizable(): boolean {
    return !!this.ui?.resize;
  }

  /** The host can search and the ruleset has a generator. */
  get available(): boolean {
    return !!this.host()?.suggestStart && !!this.def?.generate;
  }

  get problems(): OptionProblems {
    const def = this.def;
    return def ? optionProblems(def, this.options, this.resizable) : {};
  }

  get busy(): boolean {
    return this.phase === 'queued' || this.phase === 'running';
  }

  get canGenerate(): boolean {
    return this.available && !this.busy && Object.keys(this.problems).length === 0;
  }

  /** Switches to `ruleset` (its default options, this seed); a running search is cancelled. */
  setRuleset(ruleset: string, seed: number = this.options.seed): void {
    this.cancel();
    this.rulesetId = ruleset;
    const def = rulesetDef(ruleset);
    if (def) this.options = defaultOptions(def, seed);
    this.phase = 'idle';
    this.result = null;
    this.error = null;
  }

  /** A new random seed ("New seed"). */
  newSeed(): void {
    this.options.seed = randomSeed();
  }

  /** Adds or removes a mechanic / piece role. */
  toggle(list: 'mechanics' | 'pieces', id: string, on: boolean): void {
    const cur = this.options[list].filter((x) => x !== id);
    this.options[list] = on ? [...cur, id] : cur;
  }

  /** Starts a search with the options (a running one is cancelled first). Answers false when nothing was started. */
  async generate(): Promise<boolean> {
    const host = this.host();
    const def = this.def;
    if (!host?.suggestStart || !def || !this.canGenerate) return false;
    const run = ++this.run;
    this.result = null;
    this.error = null;
    this.tried = 0;
    this.ms = 0;
    this.phase = 'queued';
    const req = suggestRequest(def, $state.snapshot(this.options), this.resizable);
    this.timeMs = req.timeMs ?? SUGGEST_DEFAULT_TIME_MS;
    const r = await host.suggestStart(req);
    if (run !== this.run) {
      if (r.ok) void host.suggestCancel?.({ jobId: r.jobId });
      return false;
    }
    if (!r.ok) return this.fail(r);
    this.jobId = r.jobId;
    this.schedule(run);
    return true;
  }

  private fail(e: HostError): false {
    this.jobId = null;
    this.error = e;
    this.phase = e.code === 'cancelled' ? 'cancelled' : 'failed';
    return false;
  }

  private schedule(run: number): void {
    this.timer = setTimeout(() => void this.poll(run), SUGGEST_POLL_MS);
  }

  private async poll(run: number): Promise<void> {
    const host = this.host();
    const id = this.jobId;
    if (!host?.suggestPoll || !id || run !== this.run) return;
    const p = await host.suggestPoll({ jobId: id });
    if (run !== this.run) return;
    if (!p.ok) {
      this.fail(p);
      return;
    }
    this.ms = p.ms;
    this.timeMs = p.timeMs;
    if (p.state !== 'done') {
      this.phase = p.state;
      this.tried = p.tried;
      this.schedule(run);
      return;
    }
    this.jobId = null;
    if (!p.result.ok) {
      this.fail(p.result);
      return;
    }
    this.tried = p.result.tried;
    this.result = p.result;
    this.phase = 'done';
  }

  /** Cancel: ends a running search on the host (its worker is terminated); the form keeps its options. */
  cancel(): void {
    this.run++;
    clearTimeout(this.timer);
    const id = this.jobId;
    this.jobId = null;
    if (id) void this.host()?.suggestCancel?.({ jobId: id });
    if (this.busy) this.phase = 'cancelled';
  }

  /** Stops everything (the dialog or panel closed). */
  dispose(): void {
    this.cancel();
  }

  /** The progress in words ("12 candidates tried · 3 s of 60 s"). */
  get progressText(): string {
    if (this.phase === 'queued') return 'Waiting for a free worker…';
    const s = (ms: number): string => `${Math.floor(ms / 1000)} s`;
    return `${this.tried} candidate${this.tried === 1 ? '' : 's'} tried · ${s(this.ms)} of ${s(this.timeMs)}`;
  }

  /** The found level in one line ("Par 7 · 8 × 8 · seed 12 · proved over 1,234 states"). */
  get resultText(): string {
    const r = this.result;
    const def = this.def;
    if (!r || !def) return '';
    const b = r.document.board;
    return `${parLabel(def)} ${r.par} · ${b.width} × ${b.height} · seed ${r.seed} · proved over ${r.states.toLocaleString('en-US')} states`;
  }
}
