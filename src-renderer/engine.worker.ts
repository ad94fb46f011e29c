/**
 * King's Valley engine Web Worker: replays the game (level + LAN moves) and
 * answers the engine's move (editor/kv-engine.ts `engineMoveInGame`, proof
 * search KV-8) off the UI thread. One request per worker; the editor
 * terminates the worker to cancel (undo, restart, leaving play mode).
 */
import { engineMoveInGame } from './editor/kv-engine.js';
import type { EngineMessage, EngineRequest } from './solve/engine-protocol.js';

const post = (m: EngineMessage): void => (self as unknown as { postMessage(m: EngineMessage): void }).postMessage(m);

self.onmessage = (ev: MessageEvent<EngineRequest>) => {
  const req = ev.data;
  if (!req || req.type !== 'engine-move') return;
  const started = performance.now();
  try {
    const r = engineMoveInGame(req.level, req.moves, req.opts ?? {});
    if (!r.ok) {
      post({ type: 'invalid', issues: r.error });
      return;
    }
    const { move: _move, ...choice } = r.value;
    post({ type: 'move', choice, ms: Math.round(performance.now() - started) });
  } catch (e) {
    post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
};
