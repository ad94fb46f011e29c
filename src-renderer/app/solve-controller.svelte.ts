/**
 * Solving the open document: the explicit Solve (run / cancel, progress,
 * the result; capped by the designer's time and state caps,
 * solve-settings.ts, so a hard level stops with a `limit` that names the
 * cap), the solution the solve panel shows (this session's result,
 * else the stored one) with its preview stepping on the board, and the live
 * badge (a background solve a moment after each edit, live-solve.ts). Solve
 * jobs run in the host's worker_threads pool when the host has one, else in
 * the renderer's job worker (solve/host-solve-client.ts).
 */
import type { HostApi } from '../../src-shared/host/contract.js';
import type { MoveSide } from '../../src-shared/display/move-list.js';
import { levelHash } from '../../src-shared/format/level-hash.js';
import type { Level } from '../../src-shared/model/level.js';
import type { ProofFacts, SolveAnswer } from '../../src-shared/ruleset.js';
import { replayMoves, rulesetOf, validateDocumentParts } from '../../src-shared/rulesets/index.js';
import { isEditable, type EditableLevel } from '../editor/default-doc.js';
import { sameJson } from '../editor/doc-ops.js';
import type { Editor, EditorState } from '../editor/editor.js';
import { replayPlayViews } from '../play/index.js';
import { hasHostSolve, startSolveVia } from '../solve/host-solve-client.js';
import { whyOf, whySquares } from '../solve/why-text.js';
import type { UnsolvableWhy } from '../../src-shared/solver/types.js';
import { solveCaps, type SolveCapsRequest } from '../solve/solve-settings.js';
import type { SolveJob } from '../workers/job-protocol.js';
import { LIVE_MAX_BYTES, LIVE_MAX_STATES, LIVE_TIME_MS, LiveSolver, type LiveStatus } from './live-solve.js';

/**
 * The manual Solve. `caps`: the caps it ran with (solve-settings.ts);
 * `started` is `performance.now()` at the start; `depth` the depth bound
 * of the search (A*: a proven lower bound on the optimum; the proof
 * search: the N being tried).
 */
export type SolveState =
  | { kind: 'idle' }
  | { kind: 'running'; states: number; depth: number; started: number; caps: SolveCapsRequest }
  /** `first`: the side to move of the document that was solved (its line's first move). */
  | { kind: 'done'; result: SolveAnswer; ms: number; hash: string | null; first: MoveSide; caps?: SolveCapsRequest }
  | { kind: 'cancelled'; states: number; depth: number; ms: number }
  | { kind: 'error'; message: string };

export interface SolutionView {
  source: 'solver' | 'stored';
  moves: string[];
  stale: boolean;
  /** Stored solutions: the solver string; solver results: '' . */
  solver: string;
  /** The side that makes the line's first move (two-player rulesets; numbers the move list), as solved. */
  first: MoveSide;
}

/**
 * Why the solved level is unsolvable (the Solver panel's why, the board's
 * marks): `states` the search covered, `first` the side to move of the
 * solved document, `stale` true once the document's content (level hash)
 * differs from the one solved.
 */
export interface WhyShown {
  why: UnsolvableWhy;
  states: number;
  first: MoveSide;
  stale: boolean;
}

/** levelHash of `doc`, null when it cannot be hashed (a document that breaks the format). */
export function safeHash(doc: Level): string | null {
  try {
    return levelHash(doc);
  } catch {
    return null;
  }
}

/** The side to move at the document's start (`def.goal.startSide` of a two-player ruleset; White elsewhere). */
export function startSideOf(doc: Level): MoveSide {
  const goal = rulesetOf(doc)?.goal;
  return goal?.kind === 'in-n' ? goal.startSide(doc) : 'white';
}

/** What solving reads of the application. */
export interface SolveContext {
  readonly editor: Pick<Editor<EditableLevel>, 'exitPreview' | 'stepTo' | 'startPreview'>;
  readonly st: Pick<EditorState, 'doc' | 'preview'>;
  /** levelHash of the open document (a solution is stale when it was proved for another hash). */
  readonly currentHash: string | null;
  readonly host: HostApi | null;
  /** While a game is played the preview is off. */
  readonly player: { readonly play: unknown };
}

export class SolveController {
  solve: SolveState = $state.raw({ kind: 'idle' });
  /** Replay failure of the shown solution (stale moves that no longer apply). */
  previewError: string | null = $state(null);
  /** The live badge (background solve a moment after each edit). */
  live: LiveStatus = $state.raw({ kind: 'idle' });
  /** The level hash `live` is about (the live solver's key when it answered). */
  liveKey: string | null = $state(null);

  /**
   * What the live proof established about the open document, for the proof
   * checks of the validation list (rulesets/proof-checks.ts): `solved`
   * (length, the two-player keys) or `limit`, while its answer is about the
   * document's current content (level hash); null otherwise (solving, idle,
   * invalid, unsolvable, another content).
   */
  liveFacts = $derived.by((): ProofFacts | null => {
    const s = this.live;
    if (this.liveKey === null || this.liveKey !== this.ctx.currentHash) return null;
    if (s.kind === 'solved') return { status: 'solved', length: s.length, ...(s.keys ? { keys: s.keys } : {}) };
    if (s.kind === 'limit') return { status: 'limit' };
    return null;
  });

  /** The solution the solve panel shows: the latest solver result, else the stored one. */
  solution = $derived.by((): SolutionView | null => {
    const s = this.solve;
    const hash = this.ctx.currentHash;
    if (s.kind === 'done' && s.result.status === 'solved') {
      return { source: 'solver', moves: s.result.moves, stale: s.hash !== hash, solver: '', first: s.first };
    }
    const doc = this.ctx.st.doc;
    const stored = doc.solution;
    if (stored && Array.isArray(stored.moves)) {
      return { source: 'stored', moves: stored.moves, stale: stored.levelHash !== hash, solver: stored.solver ?? '', first: startSideOf(doc) };
    }
    return null;
  });

  /** The why of this session's unsolvable answer (`WhyShown`), null when the answer is not unsolvable or names no why. */
  why = $derived.by((): WhyShown | null => {
    const s = this.solve;
    if (s.kind !== 'done' || s.result.status !== 'unsolvable') return null;
    const why = whyOf(s.result);
    if (!why) return null;
    return { why, states: s.result.states, first: s.first, stale: s.hash === null || s.hash !== this.ctx.currentHash };
  });

  /**
   * The squares the board marks for the why: those of the shown answer
   * while the document still has the content that was solved; none once it
   * changes (or a new solve runs, or another document is opened).
   */
  marks = $derived.by((): string[] => {
    const w = this.why;
    return w && !w.stale ? whySquares(w.why.squares) : [];
  });

  private job: SolveJob | null = null;
  private readonly liveSolver = new LiveSolver(
    // The host's worker_threads pool when the host has one (Electron, serve), else a Web Worker.
    (level) =>
      startSolveVia(this.ctx.host, level, () => undefined, { maxStates: LIVE_MAX_STATES, maxBytes: LIVE_MAX_BYTES, countSolutions: 0, timeMs: LIVE_TIME_MS }),
    (level) => this.livePrecheck(level),
    (st) => {
      this.liveKey = this.liveSolver.statusKey;
      this.live = st;
    },
  );

  constructor(private readonly ctx: SolveContext) {}

  // ------------------------------------------------------------------ solver

  /**
   * Solves the open document with the caps of the Solve settings
   * (`solveCaps`): the host enforces both; the renderer's worker (a host
   * without solve methods) gets the state cap and a timer for the time cap,
   * which ends the run as `limit` (reason `time`) like the host does.
   */
  runSolve(): void {
    if (this.solve.kind === 'running') return;
    this.ctx.editor.exitPreview();
    this.previewError = null;
    const doc = this.ctx.st.doc;
    const hash = safeHash(doc);
    const first = startSideOf(doc);
    const started = performance.now();
    const caps = solveCaps();
    this.solve = { kind: 'running', states: 0, depth: 0, started, caps };
    const job = startSolveVia(
      this.ctx.host,
      doc,
      (p) => {
        if (this.solve.kind === 'running') this.solve = { ...this.solve, states: p.states, depth: p.depth };
      },
      caps,
    );
    this.job = job;
    let timedOut = false;
    const timer = hasHostSolve(this.ctx.host)
      ? undefined
      : setTimeout(() => {
          if (this.job !== job) return;
          timedOut = true;
          job.cancel();
        }, caps.timeMs);
    void job.promise.then((o) => {
      clearTimeout(timer);
      if (this.job !== job) return;
      this.job = null;
      const last = this.solve.kind === 'running' ? this.solve : { states: 0, depth: 0 };
      const ms = performance.now() - started;
      if (timedOut) {
        this.solve = { kind: 'done', result: { status: 'limit', reason: 'time', states: last.states, depth: last.depth }, ms, hash, first, caps };
      } else if (o.kind === 'result') this.solve = { kind: 'done', result: o.result, ms: o.ms, hash, first, caps };
      else if (o.kind === 'cancelled') this.solve = { kind: 'cancelled', states: last.states, depth: last.depth, ms };
      else this.solve = { kind: 'error', message: o.message };
    });
  }

  cancelSolve(): void {
    this.job?.cancel();
  }

  /** Another document was opened: no result and no preview error (a cancelled job still reports its cancellation). */
  reset(): void {
    this.solve = { kind: 'idle' };
    this.previewError = null;
  }

  // ------------------------------------------------------------------ solution preview

  /** Shows frame `index` (0 = start, k = after k moves) of the displayed solution. */
  stepTo(index: number): void {
    const sol = this.solution;
    if (!sol || this.ctx.player.play) return;
    const { editor, st } = this.ctx;
    const p = st.preview;
    if (p && p.source === sol.source && sameJson(p.moves, sol.moves)) {
      editor.stepTo(index);
      return;
    }
    const doc = st.doc;
    // Rulesets with play state to show (CM: picked-up tiles disappear, open locks show open, as in a playtest).
    const v = replayPlayViews(doc, sol.moves);
    if (v) {
      if (!v.ok) {
        this.previewError = v.error.map((i) => i.message).join(' ');
        return;
      }
      this.previewError = null;
      editor.startPreview(
        sol.moves,
        v.value.map((x) => x.doc),
        sol.source,
        index,
        v.value.map((x) => [...x.openColors]),
      );
      return;
    }
    const r = replayMoves(doc, sol.moves);
    if (!r.ok) {
      this.previewError = r.error.map((i) => i.message).join(' ');
      return;
    }
    this.previewError = null;
    editor.startPreview(sol.moves, r.value as EditableLevel[], sol.source, index);
  }

  stepBy(delta: number): void {
    const p = this.ctx.st.preview;
    if (!p) this.stepTo(delta > 0 ? 1 : 0);
    else this.stepTo(p.index + delta);
  }

  stepLast(): void {
    const sol = this.solution;
    if (sol) this.stepTo(sol.moves.length);
  }

  /** The board shows a preview again: an earlier replay failure no longer applies. */
  previewShown(): void {
    if (this.previewError) this.previewError = null;
  }

  // ------------------------------------------------------------------ live badge

  /** Schedules the background solve of the current document (debounced unless `immediate`: a document just opened or switched to; the previous one cancelled). */
  liveRequest(immediate = false): void {
    const doc = this.ctx.st.doc;
    this.liveSolver.request(doc, safeHash(doc), immediate);
  }

  /** Answers without a worker: builder errors, a two-player position without a goal (a "win / mate in N" ruleset, `def.goal`). */
  private livePrecheck(level: Level): LiveStatus | null {
    if (!isEditable(level)) return { kind: 'off', reason: 'this ruleset has no background solve' };
    // Schema and builder rules only: a par below the optimum (a proof check) does not keep the level from being solved.
    const errors = validateDocumentParts(level).rules.filter((i) => i.severity === 'error');
    if (errors.length) return { kind: 'invalid', count: errors.length, message: errors[0]!.message };
    // Two-player rulesets are solved as "win / mate in N" with the goal's N; without a goal there is nothing to prove.
    const goal = rulesetOf(level)?.goal;
    if (goal?.kind === 'in-n' && typeof goal.goalMoves(level) !== 'number') return { kind: 'position' };
    return null;
  }
}
