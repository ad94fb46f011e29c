/** Messages between the editor and src-renderer/engine.worker.ts (King's Valley play mode). */
import type { KingsValleyLevel } from '../../src-shared/model/level.js';
import type { Issue } from '../../src-shared/validation/issue.js';
import type { EngineChoice, EngineOptions } from '../editor/kv-engine.js';

export interface EngineRequest {
  type: 'engine-move';
  /** The game's start (a copy of the document). */
  level: KingsValleyLevel;
  /** LAN moves played from the start. */
  moves: string[];
  opts?: EngineOptions;
}

/** The chosen move without the internal move object (plain, structured-clone friendly). */
export type EngineAnswer = Omit<EngineChoice, 'move'>;

export type EngineMessage = { type: 'move'; choice: EngineAnswer; ms: number } | { type: 'invalid'; issues: Issue[] } | { type: 'error'; message: string };
