/**
 * Asks the King's Valley engine for one move in a fresh Web Worker
 * (src-renderer/engine.worker.ts), so the UI never blocks while it thinks.
 * `cancel()` terminates the worker at once and settles the promise with
 * `{kind: 'cancelled'}`.
 */
import type { KingsValleyLevel } from '../../src-shared/model/level.js';
import type { EngineOptions } from '../editor/kv-engine.js';
import type { EngineAnswer, EngineMessage } from './engine-protocol.js';
// Inlined as a blob: module worker (CSP worker-src 'self' blob:), like the solver worker.
import EngineWorker from '../engine.worker.ts?worker&inline';

export type EngineOutcome = { kind: 'move'; choice: EngineAnswer; ms: number } | { kind: 'cancelled' } | { kind: 'error'; message: string };

export interface EngineJob {
  promise: Promise<EngineOutcome>;
  cancel(): void;
}

export function startEngine(level: KingsValleyLevel, moves: readonly string[], opts: EngineOptions = {}): EngineJob {
  let settle!: (o: EngineOutcome) => void;
  const promise = new Promise<EngineOutcome>((r) => (settle = r));
  let done = false;
  let worker: Worker | undefined;
  const finish = (o: EngineOutcome): void => {
    if (done) return;
    done = true;
    worker?.terminate();
    settle(o);
  };
  try {
    worker = new EngineWorker();
  } catch (e) {
    finish({ kind: 'error', message: `Cannot start the engine worker: ${e instanceof Error ? e.message : String(e)}` });
    return { promise, cancel: () => undefined };
  }
  worker.onmessage = (ev: MessageEvent<EngineMessage>) => {
    const m = ev.data;
    if (m.type === 'move') finish({ kind: 'move', choice: m.choice, ms: m.ms });
    else if (m.type === 'invalid') finish({ kind: 'error', message: m.issues.map((i) => i.message).join(' ') });
    else finish({ kind: 'error', message: m.message });
  };
  worker.onerror = (ev: ErrorEvent) => {
    ev.preventDefault();
    finish({ kind: 'error', message: `Engine worker failed: ${ev.message || 'unknown error'}` });
  };
  worker.postMessage({ type: 'engine-move', level: JSON.parse(JSON.stringify(level)) as KingsValleyLevel, moves: [...moves], opts });
  return { promise, cancel: () => finish({ kind: 'cancelled' }) };
}
