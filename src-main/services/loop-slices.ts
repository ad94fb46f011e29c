/**
 * Long host work in short slices, so the host's event loop keeps answering
 * (other requests, the editor's polls, timers) while a pack of 10,000
 * levels is loaded, compared or verified: work runs until a slice of
 * `sliceMs` (default SLICE_MS) is used up, then yields to the loop with
 * `setImmediate` (pending I/O and timers run first) and goes on.
 */

/** Default length of one slice of work on the event loop, ms. */
export const SLICE_MS = 12;

/** Resolves on the next turn of the event loop, after pending I/O callbacks. */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A time budget shared by any number of concurrent tasks (lanes):
 * `tick()` yields to the loop once the current slice has run `sliceMs`.
 * All the lanes that find the slice used up wait for the same turn of the
 * loop; after it one slice starts, and the first lane to run uses it up
 * before the others run again, so one turn of the loop runs one slice, not
 * one per lane.
 */
export class Slicer {
  private start = performance.now();
  private pending: Promise<void> | undefined;

  constructor(private readonly sliceMs: number = SLICE_MS) {}

  /** True when the current slice is used up. */
  get due(): boolean {
    return performance.now() - this.start >= this.sliceMs;
  }

  /** Yields when the slice is used up (until a new slice starts); else resolves at once. */
  async tick(): Promise<void> {
    while (this.due) {
      this.pending ??= yieldToLoop().then(() => {
        this.pending = undefined;
        this.start = performance.now();
      });
      await this.pending;
    }
  }
}

/**
 * Runs a generator that yields after each small step (e.g. duplicates.ts
 * `findAlikeSteps`) to its end, in slices; answers its return value.
 * `signal`: stops between steps (the answer is then undefined).
 */
export async function runSteps<T>(steps: Generator<void, T>, opts: { sliceMs?: number; signal?: AbortSignal } = {}): Promise<T | undefined> {
  const slicer = new Slicer(opts.sliceMs);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (opts.signal?.aborted) return undefined;
    await slicer.tick();
  }
}

/**
 * Maps `items` with at most `concurrency` calls of `fn` in flight (I/O
 * overlaps; results in input order). `fn` must not throw.
 */
export async function mapConcurrent<T, R>(items: readonly T[], concurrency: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
  return out;
}
