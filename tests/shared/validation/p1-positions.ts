/**
 * Hand-worked "win / mate in N" positions for the RULINGS P-1 tests (short,
 * cooked, sound) of King's Valley and Locking Chess. The solver only
 * supplies the proof the checks read; every key and length is derived here.
 *
 * - King's Valley "Backstop" (5 x 5, valley c3): White king c1 slides north
 *   c2, c3 and stops at c3 because the black soldier on c4 blocks (KV-2,
 *   KV-5): a win in 1. No other white move ends on c3 (from c1 only the
 *   north ray passes it) and none traps the black king on e4 (its free
 *   neighbours d3, d4, e3 cannot all be filled by one move, KV-6): one key.
 * - King's Valley cook: White king c1 (black soldier c4: Kc1-c3 wins as
 *   above) and White soldier b1; Black king a5 with its soldiers a4 and b5,
 *   so its last free neighbour is b4: Sb1-b4 (b2, b3, b4, stopped by b5)
 *   traps it and wins at the start of Black's turn (KV-6). Two keys.
 * - Locking Chess: White Kg6, Ra1, Black Kh8: Ra1-a8 mates (g8 and h8 on the
 *   rook's rank, g7 and h7 next to the white king; the lone black king has
 *   nothing to superimpose, LC-3): one key. With a second rook on b1, Rb1-b8
 *   mates the same way: two keys, a cook.
 */
import type { KingsValleyLevel, LockingChessLevel } from '../../../src-shared/model/level.js';

export function kv(pieces: [string, string, 'white' | 'black'][], moves: number): KingsValleyLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'kings-valley',
    meta: { title: 't' },
    board: { width: 5, height: 5 },
    sideToMove: 'white',
    goal: { type: 'win-in', moves },
    pieces: pieces.map(([role, square, side]) => ({ role, square, side })),
  } as KingsValleyLevel;
}

export const BACKSTOP: [string, string, 'white' | 'black'][] = [
  ['king', 'c1', 'white'],
  ['soldier', 'e1', 'white'],
  ['soldier', 'b2', 'white'],
  ['soldier', 'e2', 'white'],
  ['soldier', 'a4', 'white'],
  ['king', 'e4', 'black'],
  ['soldier', 'c4', 'black'],
  ['soldier', 'b5', 'black'],
  ['soldier', 'd5', 'black'],
  ['soldier', 'e5', 'black'],
];
export const KV_COOK: [string, string, 'white' | 'black'][] = [
  ['king', 'c1', 'white'],
  ['soldier', 'b1', 'white'],
  ['king', 'a5', 'black'],
  ['soldier', 'a4', 'black'],
  ['soldier', 'b5', 'black'],
  ['soldier', 'c4', 'black'],
];

export function lc(position: string, moves: number): LockingChessLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'locking-chess',
    meta: { title: 't' },
    board: { width: 8, height: 8 },
    position,
    goal: { type: 'mate-in', moves },
  } as LockingChessLevel;
}
export const LC_ONE_ROOK = '7k/8/6K1/8/8/8/8/R7 w - - 0 1';
export const LC_TWO_ROOKS = '7k/8/6K1/8/8/8/8/RR6 w - - 0 1';
