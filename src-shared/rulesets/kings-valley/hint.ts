/**
 * King's Valley hints (`kingsValley.hint`): the generic two-player hint
 * (hint.ts `hintTwoPlayer`, KV-8) with the game's standing after a line:
 * KV-5 valley, KV-6 trapped king / no legal move, KV-7 third occurrence.
 */
import type { KingsValleyLevel } from '../../model/level.js';
import type { GameStanding } from '../../hint.js';
import { compileKingsValley, kvOutcome, kvParseLan, kvPlay, type KvPosition } from './position.js';

/** How the game stands after `moves` (LAN) from the level's start; null when the level or a move does not replay. */
export function kvStanding(level: KingsValleyLevel, moves: readonly string[]): GameStanding | null {
  const c = compileKingsValley(level);
  if (!c.ok) return null;
  let pos: KvPosition = c.value;
  const history: KvPosition[] = [];
  for (const lan of moves) {
    const mv = kvParseLan(pos, lan);
    if (!mv) return null;
    history.push(pos);
    pos = kvPlay(pos, mv).position;
  }
  const o = kvOutcome(pos, history);
  return o.status === 'won' ? { status: 'won', winner: o.winner } : o.status === 'draw' ? { status: 'draw' } : { status: 'ongoing' };
}
