/**
 * Runs one solve in a fresh Web Worker (src-renderer/solver.worker.ts).
 * `cancel()` terminates the worker at once (the search loop never has to
 * poll anything) and settles the promise with `{status: 'cancelled'}`.
 */
import type { Level } from '../../src-shared/model/level.js';
import type { SolveCaps, SolveMessage, SolveRequest, WorkerResult } from './protocol.js';
// Inlined as a blob: module worker, so it also starts from Electron's file:// origin
// (CSP: worker-src 'self' blob:).
import SolverWorker from '../solver.worker.ts?worker&inline';

export type SolveOutcome =
  | { kind: 'result'; result: WorkerResult; ms: number }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string };

export interface SolveJob {
  promise: Promise<SolveOutcome>;
  cancel(): void;
}

/** Starts one solve; `caps` limit it (the live badge's background solve), else the solver's defaults apply. */
export function startSolve(level: Level, onProgress: (p: { states: number; depth: number }) => void, caps: SolveCaps = {}): SolveJob {
  let settle!: (o: SolveOutcome) => void;
  const promise = new Promise<SolveOutcome>((r) => (settle = r));
  let done = false;
  let worker: Worker | undefined;
  const finish = (o: SolveOutcome): void => {
    if (done) return;
    done = true;
    worker?.terminate();
    settle(o);
  };
  try {
    worker = new SolverWorker();
  } catch (e) {
    finish({ kind: 'error', message: `Cannot start the solver worker: ${e instanceof Error ? e.message : String(e)}` });
    return { promise, cancel: () => undefined };
  }
  worker.onmessage = (ev: MessageEvent<SolveMessage>) => {
    const m = ev.data;
    if (m.type === 'progress') onProgress({ states: m.states, depth: m.depth });
    else if (m.type === 'result') finish({ kind: 'result', result: m.result, ms: m.ms });
    else finish({ kind: 'error', message: m.message });
  };
  worker.onerror = (ev: ErrorEvent) => {
    ev.preventDefault();
    finish({ kind: 'error', message: `Solver worker failed: ${ev.message || 'unknown error'}` });
  };
  // Structured clone of a plain JSON document.
  const req: SolveRequest = { type: 'solve', level: JSON.parse(JSON.stringify(level)) as Level, ...caps };
  worker.postMessage(req);
  return { promise, cancel: () => finish({ kind: 'cancelled' }) };
}
