/** Unlock the King hints (`unlockTheKing.hint`): the generic single-player hint over replay frames (hint.ts). */
import type { UnlockTheKingLevel } from '../../model/level.js';

/** UK-6: a replay frame whose king stands on the portal is solved (such a frame is no valid blueprint to solve). */
export function ukFrameSolved(frame: UnlockTheKingLevel): boolean {
  return frame.pieces.some((p) => p.role === 'king' && p.square === frame.portal);
}
