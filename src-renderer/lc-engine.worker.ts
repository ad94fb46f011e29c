/**
 * Locking Chess engine Web Worker (issue 7 item 4): replays the game (start
 * LFEN + LAN moves) and answers the engine's move (editor/lc-play.ts
 * `lcEngineMoveInGame`, the proof search) off the UI thread. One request per
 * worker; the editor terminates the worker to cancel.
 */
import { lcEngineMoveInGame } from './editor/lc-play.js';
import type { LcEngineMessage, LcEngineRequest } from './solve/lc-engine-client.js';

const post = (m: LcEngineMessage): void => (self as unknown as { postMessage(m: LcEngineMessage): void }).postMessage(m);

self.onmessage = (ev: MessageEvent<LcEngineRequest>) => {
  const req = ev.data;
  if (!req || req.type !== 'lc-engine-move') return;
  const started = performance.now();
  try {
    const r = lcEngineMoveInGame(req.start, req.moves, req.opts ?? {});
    if (!r.ok) post({ type: 'error', message: r.error.map((i) => i.message).join(' ') });
    else post({ type: 'move', choice: r.value, ms: Math.round(performance.now() - started) });
  } catch (e) {
    post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
};
