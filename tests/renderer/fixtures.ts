import type { UnlockTheKingLevel } from '../../src-shared/model/level.js';

/** The LEVEL-FORMAT-v1 example, hand-copied. */
export function sampleLevel(): UnlockTheKingLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'Novice 1' },
    board: { width: 8, height: 8 },
    walls: ['d4'],
    portal: 'e8',
    pieces: [
      { role: 'king', square: 'e1' },
      { role: 'rook', square: 'e4' },
      { role: 'pawn', square: 'e2', facing: 'east', lateral: false },
    ],
  };
}
