/**
 * Asks the Locking Chess engine for one move in a fresh Web Worker
 * (src-renderer/lc-engine.worker.ts) so the UI never blocks. `cancel()`
 * terminates the worker and settles with `{kind: 'cancelled'}`.
 */
import type { LcEngineChoice, LcEngineOptions } from '../editor/lc-play.js';
import LcEngineWorker from '../lc-engine.worker.ts?worker&inline';

export interface LcEngineRequest {
  type: 'lc-engine-move';
  start: string;
  moves: string[];
  opts?: LcEngineOptions;
}

export type LcEngineMessage = { type: 'move'; choice: LcEngineChoice; ms: number } | { type: 'error'; message: string };

export type LcEngineOutcome = { kind: 'move'; choice: LcEngineChoice; ms: number } | { kind: 'cancelled' } | { kind: 'error'; message: string };

export interface LcEngineJob {
  promise: Promise<LcEngineOutcome>;
  cancel(): void;
}

export function startLcEngine(start: string, moves: readonly string[], opts: LcEngineOptions = {}): LcEngineJob {
  let settle!: (o: LcEngineOutcome) => void;
  const promise = new Promise<LcEngineOutcome>((r) => (settle = r));
  let done = false;
  let worker: Worker | undefined;
  const finish = (o: LcEngineOutcome): void => {
    if (done) return;
    done = true;
    worker?.terminate();
    settle(o);
  };
  try {
    worker = new LcEngineWorker();
  } catch (e) {
    finish({ kind: 'error', message: `Cannot start the engine worker: ${e instanceof Error ? e.message : String(e)}` });
    return { promise, cancel: () => undefined };
  }
  worker.onmessage = (ev: MessageEvent<LcEngineMessage>) => {
    const m = ev.data;
    if (m.type === 'move') finish({ kind: 'move', choice: m.choice, ms: m.ms });
    else finish({ kind: 'error', message: m.message });
  };
  worker.onerror = (ev: ErrorEvent) => {
    ev.preventDefault();
    finish({ kind: 'error', message: `Engine worker failed: ${ev.message || 'unknown error'}` });
  };
  const req: LcEngineRequest = { type: 'lc-engine-move', start, moves: [...moves], opts };
  worker.postMessage(req);
  return { promise, cancel: () => finish({ kind: 'cancelled' }) };
}
