/**
 * A Locking Chess problem's goal in words (`RulesetDef.describeGoal`), for
 * printed diagrams: "mate in N" for the side to move, where every LC-8 win
 * counts (checkmate, lockmate, refugee mate, royal mate); a position
 * without a goal is one to play. Never throws.
 */
import type { LockingChessLevel } from '../../model/level.js';
import { parseLfenFields } from './lfen.js';

/** The goal of `level`, one sentence each. */
export function lcObjectives(level: LockingChessLevel): string[] {
  const f = parseLfenFields(String(level.position));
  const side = f.ok && f.value.side === 1 ? 'Black' : 'White';
  const n = level.goal?.moves;
  return [
    n !== undefined
      ? `Goal: ${side} mates in ${n} against every defence; a checkmate, lockmate, refugee mate or royal mate counts (LC-8).`
      : 'A position to play (no goal).',
  ];
}
