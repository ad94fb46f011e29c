/**
 * Locking Chess hints (`lockingChess.hint`): the generic two-player hint
 * (hint.ts `hintTwoPlayer`, LC-8) with the game's standing after a line:
 * a named mate wins (LC-8); stalemate, lockout, deadlock and the orthodox
 * draws (LC-9) draw.
 */
import type { LockingChessLevel } from '../../model/level.js';
import type { GameStanding } from '../../hint.js';
import { lcReplayPosition } from './engine.js';

/** How the game stands after `moves` (LAN) from the level's position; null when a move does not replay. */
export function lcStanding(level: LockingChessLevel, moves: readonly string[]): GameStanding | null {
  const r = lcReplayPosition(level.position, moves);
  if (!r.ok) return null;
  const o = r.value.outcome();
  return o.status === 'mate' ? { status: 'won', winner: o.winner } : o.status === 'draw' ? { status: 'draw' } : { status: 'ongoing' };
}
