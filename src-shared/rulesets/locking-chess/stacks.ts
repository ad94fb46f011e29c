/**
 * Locking Chess stacks as editable data (LC-2, LC-11, LC-12, LC-13): pieces
 * by role and colour, both levels of a square, and the consistency of
 * castling rights and the en passant square with the board. Used by the
 * square fields (region copy / paste, mirror) and the editor's operations.
 * The position's fields come from the LFEN syntax parser (lfen.ts
 * `parseLfenFields`), so an unplayable position stays editable.
 */
import { parseSquare, squareName } from '../../model/square.js';
import { BLACK_BIT, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ, KING, PAWN, ROOK } from '../orthodox/board.js';
import type { FenFields } from '../orthodox/fen.js';
import type { LockingChessLevel } from '../../model/level.js';
import { parseLfenFields } from './lfen.js';

export type LcColor = 'white' | 'black';
export type LcRole = 'king' | 'queen' | 'rook' | 'bishop' | 'knight' | 'pawn';
export type LcLevel = 'bottom' | 'top';
export type CastleLetter = 'K' | 'Q' | 'k' | 'q';

export const LC_ROLES: readonly LcRole[] = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];
const CODE_OF: Record<LcRole, number> = { pawn: 1, knight: 2, bishop: 3, rook: 4, queen: 5, king: 6 };
const ROLE_OF: readonly (LcRole | undefined)[] = [undefined, 'pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];

/** A piece on one level of a square. */
export interface LcPiece {
  role: LcRole;
  color: LcColor;
}

/** Piece code (orthodox/board.ts) of a role and colour. */
export function lcCode(p: LcPiece): number {
  return CODE_OF[p.role] | (p.color === 'black' ? BLACK_BIT : 0);
}

/** Role and colour of a piece code, undefined for 0. */
export function lcPieceOf(code: number): LcPiece | undefined {
  const role = ROLE_OF[code & 7];
  return role ? { role, color: code & BLACK_BIT ? 'black' : 'white' } : undefined;
}

/** 0x88 index of a square name (`e4`), -1 when it is not on the 8 x 8 board. */
export function sq88(square: string): number {
  const c = parseSquare(square);
  if (!c || c.file > 7 || c.rank > 7) return -1;
  return c.rank * 16 + c.file;
}

/** Square name of a 0x88 index. */
export function name(sq: number): string {
  return squareName(sq & 7, sq >> 4);
}

/** The position's fields (LFEN syntax only), or null when the position text does not parse. */
export function lcFields(doc: LockingChessLevel): FenFields | null {
  const r = parseLfenFields(doc.position);
  return r.ok ? r.value : null;
}

/** Both levels of a square. */
export function lcStack(f: FenFields, square: string): { bottom?: LcPiece; top?: LcPiece } {
  const s = sq88(square);
  if (s < 0) return {};
  const bottom = lcPieceOf(f.bottom[s]!);
  const top = lcPieceOf(f.top[s]!);
  return { ...(bottom ? { bottom } : {}), ...(top ? { top } : {}) };
}

/** Each castling right: its bit (orthodox/board.ts) and the 0x88 home squares of its king and rook. */
export const CASTLE_BITS: Record<CastleLetter, { bit: number; king: number; rook: number }> = {
  K: { bit: CASTLE_WK, king: 0x04, rook: 0x07 },
  Q: { bit: CASTLE_WQ, king: 0x04, rook: 0x00 },
  k: { bit: CASTLE_BK, king: 0x74, rook: 0x77 },
  q: { bit: CASTLE_BQ, king: 0x74, rook: 0x70 },
};
export const CASTLE_LETTERS: readonly CastleLetter[] = ['K', 'Q', 'k', 'q'];

/** LC-12: right `letter` is possible: its king and rook are the board-level pieces of their home squares. */
export function castlingPossible(f: FenFields, letter: CastleLetter): boolean {
  const c = CASTLE_BITS[letter];
  const colour = letter === letter.toLowerCase() ? BLACK_BIT : 0;
  return f.bottom[c.king] === (KING | colour) && f.bottom[c.rook] === (ROOK | colour);
}

export function hasCastling(f: FenFields, letter: CastleLetter): boolean {
  return (f.castling & CASTLE_BITS[letter].bit) !== 0;
}

/**
 * LC-11 / LC-5f: the squares an en passant target may name now: for the side
 * to move, the square behind an enemy pawn on its fourth rank (rank 6 with
 * White to move, rank 3 with Black), free at board level or on top of a piece
 * of its own side (a two-step superimposition, LC-11 as amended), with that
 * square and the pawn's origin empty (the pawn just made a two-step advance).
 */
export function epCandidates(f: FenFields): string[] {
  const out: string[] = [];
  const up = f.side === 0 ? 16 : -16;
  const rank = f.side === 0 ? 5 : 2;
  const pawn = PAWN | (f.side === 0 ? BLACK_BIT : 0);
  for (let file = 0; file < 8; file++) {
    const ep = rank * 16 + file;
    const at = ep - up;
    const advanced = (f.bottom[at] === pawn && f.top[at] === 0) || (f.top[at] === pawn && f.bottom[at] !== 0 && f.bottom[at]! >> 3 === pawn >> 3);
    if (f.bottom[ep] === 0 && f.top[ep] === 0 && f.bottom[ep + up] === 0 && f.top[ep + up] === 0 && advanced) out.push(name(ep));
  }
  return out;
}

/** Clears castling rights and an en passant square the board no longer supports (module doc). */
export function makeConsistent(f: FenFields): void {
  for (const l of CASTLE_LETTERS) if (hasCastling(f, l) && !castlingPossible(f, l)) f.castling &= ~CASTLE_BITS[l].bit;
  if (f.ep >= 0 && !epCandidates(f).includes(name(f.ep))) f.ep = -1;
}
