/**
 * Keeping the host's event loop free during long work on the main thread
 * (exports, renders, the inline PDF): the work calls a yielder between
 * small steps, and the yielder gives the loop a turn (timers, I/O, other
 * requests) once `sliceMs` of work ran since the last turn. And a sampler
 * that measures how long the loop was held at most, for tests and the pack
 * benchmark.
 */
import { setImmediate as immediate } from 'node:timers/promises';

/** Work slice between two turns of the event loop, ms. */
export const LOOP_SLICE_MS = 10;

/** An awaitable that returns at once, or after one turn of the loop when the current slice is used up. */
export type Yielder = () => Promise<void>;

/**
 * A yielder (see the module doc): `await tick()` between steps of work; it
 * waits for one `setImmediate` turn (timers and I/O callbacks run first)
 * when more than `sliceMs` ms passed since the last turn, else returns at
 * once. Never throws.
 */
export function loopYielder(sliceMs = LOOP_SLICE_MS): Yielder {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await immediate();
    since = performance.now();
  };
}

/**
 * Runs `fn` while sampling the event loop with a 1 ms timer, and answers
 * its value with `longestMs`: the longest gap between two timer callbacks
 * minus the 1 ms period, i.e. the longest time the loop was held by
 * synchronous work (or by the operating system not running the process).
 * Rejects when `fn` rejects.
 */
export async function longestLoopBlock<T>(fn: () => Promise<T>): Promise<{ value: T; longestMs: number }> {
  let last = performance.now();
  let longest = 0;
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 1);
    last = now;
    timer = setTimeout(tick, 1);
  };
  timer = setTimeout(tick, 1);
  try {
    const value = await fn();
    tick();
    return { value, longestMs: Math.max(0, longest) };
  } finally {
    clearTimeout(timer);
  }
}
