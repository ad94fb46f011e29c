/**
 * A King's Valley problem's goal in words (`RulesetDef.describeGoal`), for
 * printed diagrams: "win in N" for the side to move (KV-8; the diagram's
 * caption says who moves), won by a king
 * ending its move on the valley (KV-5); a position without a goal is one
 * to play. Never throws.
 */
import type { KingsValleyLevel } from '../../model/level.js';
import { kvValleySquare } from './display.js';

/** The goal of `level`, one sentence each. */
export function kvObjectives(level: KingsValleyLevel): string[] {
  const side = level.sideToMove === 'black' ? 'Black' : 'White';
  const valley = kvValleySquare(level.board.width, level.board.height);
  const n = level.goal?.moves;
  const how = `a king that ends its move on the valley${valley ? ` (${valley})` : ''} wins (KV-5)`;
  return [n !== undefined ? `Goal: ${side} wins in ${n} against every defence (KV-8); ${how}.` : `A position to play: ${how}.`];
}
