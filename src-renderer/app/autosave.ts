/**
 * Autosave timing (docs/dev/never-lose-work.md): a debounce with a
 * maximum wait, and runs serialized in call order.
 *
 * - `touch()` after every edit: the run fires `idleMs` after the last touch,
 *   but never later than `maxWaitMs` after the first touch of a burst, so
 *   continuous editing still autosaves at least every `maxWaitMs`.
 * - `flush()` runs at once when something is pending (page hidden).
 * - `cancel()` drops what is pending (a save starts).
 * - Runs never overlap: a run started while the previous one is still in
 *   flight waits for it, so autosaves reach the host in edit order (an older
 *   state can never replace a newer one).
 *
 * Pure TS with injectable timers (unit-tested with fake timers); never throws
 * (a run that rejects is ignored here: the run reports its own errors).
 */

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export const DEFAULT_TIMERS: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export interface DebounceOptions {
  /** Quiet time after the last touch before running (ms). */
  idleMs: number;
  /** Longest delay between the first touch of a burst and the run (ms). */
  maxWaitMs: number;
}

/** Autosave defaults: 1.5 s after the last edit, at least every 5 s while editing. */
export const AUTOSAVE_TIMING: DebounceOptions = { idleMs: 1500, maxWaitMs: 5000 };

export class MaxWaitDebouncer {
  private timer: unknown = undefined;
  private firstTouch: number | null = null;
  private chain: Promise<void> = Promise.resolve();
  private running = 0;

  constructor(
    private readonly run: () => unknown,
    private readonly opts: DebounceOptions = AUTOSAVE_TIMING,
    private readonly timers: Timers = DEFAULT_TIMERS,
  ) {}

  /** True while a run is scheduled (not yet started). */
  get pending(): boolean {
    return this.firstTouch !== null;
  }

  /** True while a run is in flight. */
  get busy(): boolean {
    return this.running > 0;
  }

  /** Something changed: (re)schedules the run. */
  touch(): void {
    const now = this.timers.now();
    if (this.firstTouch === null) this.firstTouch = now;
    const due = Math.min(now + this.opts.idleMs, this.firstTouch + this.opts.maxWaitMs);
    this.clearTimer();
    this.timer = this.timers.setTimeout(() => void this.fire(), Math.max(0, due - now));
  }

  /** Runs now when a run is pending; answers when that run (and earlier ones) finished. */
  flush(): Promise<void> {
    if (!this.pending) return this.chain;
    return this.fire();
  }

  /** Drops the pending run (a run already in flight still finishes). */
  cancel(): void {
    this.clearTimer();
    this.firstTouch = null;
  }

  /** Answers once every started run has finished. */
  idle(): Promise<void> {
    return this.chain;
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private fire(): Promise<void> {
    this.clearTimer();
    this.firstTouch = null;
    this.running++;
    const next = this.chain.then(async () => {
      try {
        await this.run();
      } catch {
        /* the run reports its own failures */
      } finally {
        this.running--;
      }
    });
    this.chain = next;
    return next;
  }
}
