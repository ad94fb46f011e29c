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

/** What `longestLoopBlock` measured. */
export interface LoopBlock<T> {
  value: T;
  /** Longest gap between two 1 ms timer callbacks, minus the period (ms of wall time). */
  longestMs: number;
  /**
   * The most CPU time (ms, user + system, `process.cpuUsage`) the process
   * used within one gap: the length the longest block would have on an idle
   * machine. Other processes' load lengthens `longestMs` (the process is not
   * running) but not this; worker threads' CPU in the same gap counts too.
   */
  longestCpuMs: number;
}

/**
 * Runs `fn` while sampling the event loop with a 1 ms timer, and answers
 * its value with the longest block of the loop (see LoopBlock): the
 * longest time synchronous work held the loop between two timer turns.
 * For tests and the pack benchmark. Rejects when `fn` rejects.
 */
export async function longestLoopBlock<T>(fn: () => Promise<T>): Promise<LoopBlock<T>> {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let longest = 0;
  let longestCpu = 0;
  let timer: NodeJS.Timeout | undefined;
  const sample = (): void => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    longest = Math.max(longest, now - last - 1);
    longestCpu = Math.max(longestCpu, (cpu.user + cpu.system) / 1000);
    last = now;
    lastCpu = process.cpuUsage();
  };
  const tick = (): void => {
    sample();
    timer = setTimeout(tick, 1);
  };
  timer = setTimeout(tick, 1);
  try {
    const value = await fn();
    sample();
    return { value, longestMs: Math.max(0, longest), longestCpuMs: longestCpu };
  } finally {
    clearTimeout(timer);
  }
}
