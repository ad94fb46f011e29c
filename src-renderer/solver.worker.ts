/**
 * Solver Web Worker: runs `solveLevel` (src-shared/rulesets/index.ts: the one solve entry) off the UI thread
 * and posts `progress` messages (states stored, BFS depth) while it works,
 * then one `result` (or `error`). Cancel = the editor terminates the worker.
 */
import { solveLevel } from '../src-shared/rulesets/index.js';
import type { SolveMessage, SolveRequest } from './solve/protocol.js';

const post = (m: SolveMessage): void => (self as unknown as { postMessage(m: SolveMessage): void }).postMessage(m);

self.onmessage = (ev: MessageEvent<SolveRequest>) => {
  const req = ev.data;
  if (!req || req.type !== 'solve') return;
  const started = performance.now();
  try {
    const opts = {
      progressEvery: 50_000,
      onProgress: (p: { states: number; depth: number }) => post({ type: 'progress', states: p.states, depth: p.depth }),
      ...(req.maxStates !== undefined ? { maxStates: req.maxStates } : {}),
      ...(req.maxBytes !== undefined ? { maxBytes: req.maxBytes } : {}),
      ...(req.countSolutions !== undefined ? { countSolutions: req.countSolutions } : {}),
    };
    const result = solveLevel(req.level, opts);
    post({ type: 'result', result, ms: Math.round(performance.now() - started) });
  } catch (e) {
    post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
};
