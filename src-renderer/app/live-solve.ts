/**
 * The live badge's background solve: a moment after each
 * edit the editor re-solves the document in the host's worker_threads pool
 * (host solve methods, solve/host-solve-client.ts; the renderer's job
 * worker when the host has none, as the dev mock host) and shows
 * `par N` / `unsolvable` (its tooltip says why in one line) / `limit` /
 * `invalid` / `solving…`.
 *
 * - `request(level, key)` after every document change: the previous
 *   background solve is cancelled at once (its worker terminated) and a new
 *   one starts `delayMs` (~400 ms) after the last request, so typing or
 *   painting never queues solves.
 * - `precheck(level)` runs when the delay is over: builder/schema errors
 *   (`invalid`), a two-player position without a goal (`position`), a
 *   ruleset without a solver (`off`) answer without a worker.
 * - Results are cached by `key` (the level hash: meta, par and colours are
 *   not puzzle content), so undo shows the earlier badge without solving
 *   again. Precheck answers are never cached (par validity is not hashed).
 * - A solve that runs longer than `timeMs` is cancelled and shows `limit`.
 * - The explicit Solve panel is independent: this class owns its own jobs.
 *
 * Pure TS; the worker is injected (`start`), timers too (tests use fake
 * timers). Never throws.
 */
import type { Level } from '../../src-shared/model/level.js';
import type { SolveAnswer } from '../../src-shared/ruleset.js';
import { DEFAULT_TIMERS, type Timers } from './autosave.js';
import { whyLine, whyOf } from '../solve/why-text.js';

export type LiveStatus =
  | { kind: 'idle' }
  | { kind: 'solving' }
  /**
   * `length`: the optimal par (single-player) or the shortest forced win
   * (two-player); `keys`: the first moves of that win (two-player, P-1).
   */
  | { kind: 'solved'; length: number; states: number; twoPlayer: boolean; keys?: string[] }
  /** `why`: the cause in one line, "<message> (<ruling>)" (solve/why-text.ts `whyLine`), when the answer names one. */
  | { kind: 'unsolvable'; states: number; why?: string }
  | { kind: 'limit'; reason: string; states: number }
  | { kind: 'invalid'; count: number; message: string }
  /** A two-player position without a goal: nothing to prove. */
  | { kind: 'position' }
  /** No background solve for this document. */
  | { kind: 'off'; reason: string }
  | { kind: 'error'; message: string };

export type LiveOutcome = { kind: 'result'; result: SolveAnswer; ms: number } | { kind: 'cancelled' } | { kind: 'error'; message: string };

export interface LiveJob {
  promise: Promise<LiveOutcome>;
  cancel(): void;
}

export interface LiveSolverOptions {
  /** Quiet time after the last edit before solving (ms). */
  delayMs?: number;
  /** Wall-time cap of one background solve (ms); past it the badge shows `limit`. */
  timeMs?: number;
  /** Results kept for undo/redo. */
  cacheSize?: number;
  timers?: Timers;
}

export const LIVE_DELAY_MS = 400;
export const LIVE_TIME_MS = 30_000;
/** State cap of a background solve (the explicit Solve has the solver's default). */
export const LIVE_MAX_STATES = 2_000_000;
/** Memory cap of a background solve's typed arrays. */
export const LIVE_MAX_BYTES = 256 * 1024 * 1024;

/** The badge status for a worker answer. */
export function liveStatusOf(r: SolveAnswer): LiveStatus {
  switch (r.status) {
    case 'solved':
      return Array.isArray(r.keys)
        ? { kind: 'solved', length: r.length, states: r.states, twoPlayer: true, keys: [...r.keys] }
        : { kind: 'solved', length: r.length, states: r.states, twoPlayer: false };
    case 'unsolvable': {
      const why = whyLine(whyOf(r));
      return why ? { kind: 'unsolvable', states: r.states, why } : { kind: 'unsolvable', states: r.states };
    }
    case 'limit':
      return { kind: 'limit', reason: r.reason, states: r.states };
    case 'invalid': {
      const errors = r.issues.filter((i) => i.severity === 'error');
      const shown = errors.length ? errors : r.issues;
      return { kind: 'invalid', count: shown.length, message: shown[0]?.message ?? 'the level is not valid' };
    }
    default:
      return { kind: 'error', message: 'the background solve was cancelled' };
  }
}

/** Final answers (not `idle` / `solving`). */
function isFinal(s: LiveStatus): boolean {
  return s.kind !== 'idle' && s.kind !== 'solving';
}

export class LiveSolver {
  private s: LiveStatus = { kind: 'idle' };
  private key: string | null = null;
  private level: Level | null = null;
  private timer: unknown = undefined;
  private deadline: unknown = undefined;
  private job: LiveJob | null = null;
  private readonly cache = new Map<string, LiveStatus>();
  private readonly delayMs: number;
  private readonly timeMs: number;
  private readonly cacheSize: number;
  private readonly timers: Timers;
  /** Solves started (for tests and the status tooltip). */
  started = 0;

  constructor(
    private readonly start: (level: Level) => LiveJob,
    private readonly precheck: (level: Level) => LiveStatus | null,
    private readonly onChange: (s: LiveStatus) => void,
    opts: LiveSolverOptions = {},
  ) {
    this.delayMs = opts.delayMs ?? LIVE_DELAY_MS;
    this.timeMs = opts.timeMs ?? LIVE_TIME_MS;
    this.cacheSize = opts.cacheSize ?? 32;
    this.timers = opts.timers ?? DEFAULT_TIMERS;
  }

  get status(): LiveStatus {
    return this.s;
  }

  /** The key (level hash) of the document the status is about (null: none, or it could not be hashed). */
  get statusKey(): string | null {
    return this.key;
  }

  /** True while a background solve runs (its worker is alive). */
  get running(): boolean {
    return this.job !== null;
  }

  /**
   * The document changed: cancels the running solve and schedules a new
   * one. `key`: the level hash (null when it cannot be hashed: no caching).
   * The badge shows `solving…` at once, unless the puzzle content is the
   * same as the answer shown (a meta edit). `immediate` (a document just
   * opened or switched to, no keystrokes to coalesce): no delay. A repeat
   * request for the very document already scheduled or solving keeps that
   * run (an opened tab announces its document twice).
   */
  request(level: Level, key: string | null, immediate = false): void {
    if (level === this.level && (this.timer !== undefined || this.job !== null)) {
      if (immediate && this.timer !== undefined) {
        this.timers.clearTimeout(this.timer);
        this.fire();
      }
      return;
    }
    this.stop();
    const same = key !== null && key === this.key && isFinal(this.s);
    this.key = key;
    this.level = level;
    if (!same) this.set({ kind: 'solving' });
    if (immediate) this.fire();
    else this.timer = this.timers.setTimeout(() => this.fire(), this.delayMs);
  }

  /** Cancels the pending and running solve; the badge keeps its last answer unless it was `solving…` (then `idle`). */
  cancel(): void {
    this.stop();
    if (this.s.kind === 'solving') this.set({ kind: 'idle' });
  }

  private stop(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.deadline !== undefined) this.timers.clearTimeout(this.deadline);
    this.deadline = undefined;
    const j = this.job;
    this.job = null;
    j?.cancel();
  }

  private set(s: LiveStatus): void {
    this.s = s;
    this.onChange(s);
  }

  private remember(key: string | null, s: LiveStatus): void {
    if (key === null) return;
    this.cache.delete(key);
    this.cache.set(key, s);
    while (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next().value as string;
      this.cache.delete(oldest);
    }
  }

  private fire(): void {
    this.timer = undefined;
    const level = this.level;
    const key = this.key;
    if (!level) return;
    let pre: LiveStatus | null;
    try {
      pre = this.precheck(level);
    } catch (e) {
      pre = { kind: 'error', message: e instanceof Error ? e.message : String(e) };
    }
    if (pre) {
      this.set(pre);
      return;
    }
    const hit = key !== null ? this.cache.get(key) : undefined;
    if (hit) {
      this.remember(key, hit);
      this.set(hit);
      return;
    }
    if (this.s.kind !== 'solving') this.set({ kind: 'solving' });
    let job: LiveJob;
    try {
      job = this.start(level);
    } catch (e) {
      this.set({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
      return;
    }
    this.job = job;
    this.started++;
    this.deadline = this.timers.setTimeout(() => {
      if (this.job !== job) return;
      this.stop();
      // Not cached: a later (less loaded) run may finish in time.
      this.set({ kind: 'limit', reason: 'time', states: 0 });
    }, this.timeMs);
    void job.promise.then((o) => {
      if (this.job !== job) return;
      this.job = null;
      if (this.deadline !== undefined) this.timers.clearTimeout(this.deadline);
      this.deadline = undefined;
      if (o.kind === 'cancelled') return;
      if (o.kind === 'error') {
        this.set({ kind: 'error', message: o.message });
        return;
      }
      const s = liveStatusOf(o.result);
      if (o.result.status !== 'cancelled') this.remember(key, s);
      this.set(s);
    });
  }
}
