/**
 * The attack test on one level of 0x88 piece codes (board.ts): pieces of a
 * colour that could capture on a square with the moves of orthodox chess,
 * their lines blocked by any piece of that level.
 * - Orthodox chess (position.ts): the board (`Chess.attacked`).
 * - Locking Chess (../locking-chess/attacks.ts): the top level, where top
 *   pieces move over board-level pieces and are stopped only by top pieces
 *   (LC-4; the captures of LC-5c/d).
 * Hot path: typed arrays only; module-local constants.
 */
import * as B from './board.js';

// Module-local copies of board.ts constants: no cross-module binding lookups on the hot path.
const BISHOP = B.BISHOP;
const BISHOP_DIRS = B.BISHOP_DIRS;
const BLACK_BIT = B.BLACK_BIT;
const KING = B.KING;
const KING_OFFSETS = B.KING_OFFSETS;
const KNIGHT = B.KNIGHT;
const KNIGHT_OFFSETS = B.KNIGHT_OFFSETS;
const PAWN = B.PAWN;
const QUEEN = B.QUEEN;
const ROOK = B.ROOK;
const ROOK_DIRS = B.ROOK_DIRS;

/**
 * True when a piece of colour `by` (0 White, 1 Black) on `b` (piece codes
 * per 0x88 square) attacks `sq` (0x88): a pawn diagonally forward, a knight
 * or king step, a bishop / rook / queen line not blocked on `b`.
 */
export function attackedOn(b: Uint8Array, sq: number, by: number): boolean {
  const bb = by << 3;
  // Pawns.
  if (by === 0) {
    if (((sq - 15) & 0x88) === 0 && b[sq - 15] === PAWN) return true;
    if (((sq - 17) & 0x88) === 0 && b[sq - 17] === PAWN) return true;
  } else {
    if (((sq + 15) & 0x88) === 0 && b[sq + 15] === (PAWN | BLACK_BIT)) return true;
    if (((sq + 17) & 0x88) === 0 && b[sq + 17] === (PAWN | BLACK_BIT)) return true;
  }
  const kn = KNIGHT | bb;
  const kg = KING | bb;
  for (let i = 0; i < 8; i++) {
    let t = sq + KNIGHT_OFFSETS[i]!;
    if ((t & 0x88) === 0 && b[t] === kn) return true;
    t = sq + KING_OFFSETS[i]!;
    if ((t & 0x88) === 0 && b[t] === kg) return true;
  }
  const q = QUEEN | bb;
  const bi = BISHOP | bb;
  const r = ROOK | bb;
  for (let i = 0; i < 4; i++) {
    let d = BISHOP_DIRS[i]!;
    let t = sq + d;
    while ((t & 0x88) === 0) {
      const p = b[t]!;
      if (p !== 0) {
        if (p === bi || p === q) return true;
        break;
      }
      t += d;
    }
    d = ROOK_DIRS[i]!;
    t = sq + d;
    while ((t & 0x88) === 0) {
      const p = b[t]!;
      if (p !== 0) {
        if (p === r || p === q) return true;
        break;
      }
      t += d;
    }
  }
  return false;
}
