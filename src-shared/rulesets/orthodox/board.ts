/**
 * Shared 0x88 board constants for the 0x88 positions (position-base.ts), the
 * orthodox chess engine (position.ts) and Locking Chess (../locking-chess).
 *
 * Squares: 0x88 index `rank * 16 + file` (a1 = 0, h1 = 7, a2 = 16, h8 = 119);
 * `sq & 0x88` is non-zero off the board. The public model index
 * (model/square.ts: `rank * 8 + file`) converts with `to64` / `to88`.
 *
 * Piece codes (one byte): type 1..6 (PAWN..KING) plus BLACK_BIT (8) for
 * Black; 0 = empty. `code >> 3` is the colour (0 White, 1 Black), `code & 7`
 * the type.
 */

/** Piece code of an empty square. */
export const EMPTY = 0;
/** Piece types (`code & 7`): pawn 1, knight 2, bishop 3, rook 4, queen 5, king 6. */
export const PAWN = 1;
export const KNIGHT = 2;
export const BISHOP = 3;
export const ROOK = 4;
export const QUEEN = 5;
export const KING = 6;

/** Colours (`code >> 3`, side to move): White 0, Black 1. */
export const WHITE = 0;
export const BLACK = 1;
/** Colour bit of a Black piece code. */
export const BLACK_BIT = 8;

/** Castling right bits: White short, White long, Black short, Black long. */
export const CASTLE_WK = 1;
export const CASTLE_WQ = 2;
export const CASTLE_BK = 4;
export const CASTLE_BQ = 8;

/** 0x88 square steps of a knight (8), a king / queen (8: also the queen's directions), a bishop (4), a rook (4). */
export const KNIGHT_OFFSETS: readonly number[] = [33, 31, 18, 14, -14, -18, -31, -33];
export const KING_OFFSETS: readonly number[] = [1, -1, 16, -16, 15, 17, -15, -17];
export const BISHOP_DIRS: readonly number[] = [15, 17, -15, -17];
export const ROOK_DIRS: readonly number[] = [1, -1, 16, -16];

/** Letters by type index (1..6), upper case. */
export const PIECE_LETTERS = ' PNBRQK';

/** 0x88 square -> model index (rank*8+file). */
export function to64(sq88: number): number {
  return (sq88 + (sq88 & 7)) >> 1;
}

/** Model index (rank*8+file) -> 0x88 square. */
export function to88(sq64: number): number {
  return sq64 + (sq64 & ~7);
}

/** `e4` for a 0x88 square. */
export function name88(sq: number): string {
  return String.fromCharCode(97 + (sq & 7)) + String((sq >> 4) + 1);
}

/** 0x88 square of `e4`, or -1 when the text is not a square of the 8x8 board. */
export function parse88(name: string): number {
  if (name.length !== 2) return -1;
  const f = name.charCodeAt(0) - 97;
  const r = name.charCodeAt(1) - 49;
  if (f < 0 || f > 7 || r < 0 || r > 7) return -1;
  return r * 16 + f;
}

/** FEN letter of a piece code (`P`, `n`, ...). */
export function pieceLetter(code: number): string {
  const l = PIECE_LETTERS[code & 7]!;
  return code & BLACK_BIT ? l.toLowerCase() : l;
}

/** Piece code of a FEN letter, 0 for anything else. */
export function pieceFromLetter(ch: string): number {
  const i = PIECE_LETTERS.indexOf(ch.toUpperCase());
  if (i <= 0 || ch.length !== 1) return 0;
  return ch === ch.toUpperCase() ? i : i | BLACK_BIT;
}

/** Deterministic 32-bit generator (splitmix32) for Zobrist keys. */
export function splitmix32(seed: number): () => number {
  let x = seed | 0;
  return () => {
    x = (x + 0x9e3779b9) | 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  };
}

/** Castling-right mask per 0x88 square: rights kept when a piece leaves or is taken on it. */
export const CASTLE_MASK: Uint8Array = (() => {
  const m = new Uint8Array(128).fill(15);
  m[4] = 15 & ~(CASTLE_WK | CASTLE_WQ); // e1
  m[7] = 15 & ~CASTLE_WK; // h1
  m[0] = 15 & ~CASTLE_WQ; // a1
  m[0x74] = 15 & ~(CASTLE_BK | CASTLE_BQ); // e8
  m[0x77] = 15 & ~CASTLE_BK; // h8
  m[0x70] = 15 & ~CASTLE_BQ; // a8
  return m;
})();

/** 1 where 0x88 squares a and b are a king step apart: index `a - b + 119` (239 entries). */
export const ADJACENT: Uint8Array = (() => {
  const t = new Uint8Array(239);
  for (const d of KING_OFFSETS) t[d + 119] = 1;
  return t;
})();

/** 1 where 0x88 squares a and b share a rank, file or diagonal (a != b): index `a - b + 119` (239 entries). */
export const ALIGNED: Uint8Array = (() => {
  const t = new Uint8Array(239);
  for (const d of KING_OFFSETS) for (let k = 1; k < 8; k++) t[d * k + 119] = 1;
  return t;
})();
