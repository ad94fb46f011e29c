/**
 * worker_threads entry of the solve runner (solve-runner.ts).
 *
 * Protocol (structured-clone messages):
 * - in:  `{ level: Level, maxStates?: number, maxBytes?: number }` (one per worker)
 * - out: `{ type: 'progress', states, depth }` at most every PROGRESS_MS,
 *        then exactly one `{ type: 'result', result }` (a SolveResult or
 *        `{status: 'invalid', issues}` from `solveLevel`), or
 *        `{ type: 'error', message }` when the solver threw.
 *
 * The search itself is synchronous; time caps and cancellation are enforced
 * by the runner terminating this thread. Built by electron-vite as
 * `out/main/solve-worker.js`; run from source through tsx otherwise.
 */
import { parentPort } from 'node:worker_threads';
import type { Level } from '../../src-shared/model/level.js';
import { solveLevel } from '../../src-shared/rules/index.js';
import type { SolveProgress } from '../../src-shared/solver/types.js';

/** Minimum milliseconds between two progress messages. */
const PROGRESS_MS = 100;

export interface SolveWorkerRequest {
  level: Level;
  maxStates?: number;
  maxBytes?: number;
}

export type SolveWorkerMessage =
  | { type: 'progress'; states: number; depth: number }
  | { type: 'result'; result: ReturnType<typeof solveLevel> }
  | { type: 'error'; message: string };

function run(req: SolveWorkerRequest): SolveWorkerMessage {
  let last = 0;
  let lastDepth = -1;
  const onProgress = (p: SolveProgress): void => {
    const now = Date.now();
    if (now - last < PROGRESS_MS && p.depth === lastDepth) return;
    last = now;
    lastDepth = p.depth;
    parentPort?.postMessage({ type: 'progress', states: p.states, depth: p.depth } satisfies SolveWorkerMessage);
  };
  try {
    const result = solveLevel(req.level, {
      ...(typeof req.maxStates === 'number' ? { maxStates: req.maxStates } : {}),
      ...(typeof req.maxBytes === 'number' ? { maxBytes: req.maxBytes } : {}),
      onProgress,
      progressEvery: 16_384,
    });
    return { type: 'result', result };
  } catch (err) {
    return { type: 'error', message: err instanceof Error ? err.message : String(err) };
  }
}

if (parentPort) {
  const port = parentPort;
  port.once('message', (msg: SolveWorkerRequest) => {
    port.postMessage(run(msg));
  });
}
