/**
 * Locking Chess move codes (non-negative int):
 *   `from | to << 7 | action << 14 | fromTop << 18 | promo << 19`
 * squares 0x88 (../orthodox/board.ts), `fromTop` 1 when the mover is a top
 * piece, `promo` a piece type (2..5) or 0, `action` one of (what happens on
 * `to`):
 * - A_MOVE: lands on an empty square at board level (a board-level move, or
 *   a top piece stepping down, LC-4);
 * - A_DOUBLE: a board-level pawn's two-square advance (sets en passant);
 * - A_SUPER: lands on top of a free board-level piece (LC-3 own piece from
 *   board level; LC-4 either colour from the top);
 * - A_CAPB: captures everything on `to` (an enemy free piece, LC-5a/e, or an
 *   enemy EQUAL stack, LC-5a/c/d) and lands at board level;
 * - A_CAPUNDER: LC-5b, captures the enemy piece locked under one of the
 *   mover's top pieces and takes its place (now locked, EQUAL);
 * - A_CAPTOP: LC-5c, captures the enemy top piece of an OPPOSITE stack and
 *   takes its place on top (the piece below stays locked);
 * - A_EP: en passant capture by a free board-level pawn (LC-5f);
 * - A_EPS: en passant superimpose (LC-11): a top pawn moves onto the passed
 *   square and the advanced pawn is put back there, locked under it;
 * - A_CASTLE, A_CASTLOCK (LC-12): king two squares; the rook ends beside it
 *   (castling) or on top of it (castlock).
 * Bits 0-13 (`from`, `to`) are laid out as in orthodox move codes
 * (../orthodox/position.ts), which the shared 0x88 base relies on.
 */
import { MAX_MOVES } from '../orthodox/position-base.js';

/** Action: lands on an empty square at board level (LC-3, LC-4 step down). */
export const A_MOVE = 0;
/** Action: a board-level pawn's two-square advance onto an empty square (sets en passant, LC-11). */
export const A_DOUBLE = 1;
/** Action: superimposes onto a free board-level piece (LC-3, LC-4); a board-level pawn doing it two squares ahead sets en passant (LC-11). */
export const A_SUPER = 2;
/** Action: captures the whole of `to` and lands at board level (LC-5a/c/d/e). */
export const A_CAPB = 3;
/** Action: captures the enemy piece locked under one of the mover's top pieces (LC-5b). */
export const A_CAPUNDER = 4;
/** Action: captures the enemy top piece of an OPPOSITE stack, landing on top (LC-5c). */
export const A_CAPTOP = 5;
/** Action: en passant capture by a free board-level pawn (LC-5f). */
export const A_EP = 6;
/** Action: en passant superimpose by a top pawn (LC-11). */
export const A_EPS = 7;
/** Action: castling (LC-12). */
export const A_CASTLE = 8;
/** Action: castlock, the rook ends on top of the king (LC-12). */
export const A_CASTLOCK = 9;

/** Move-code field: from square (0x88). */
export const lcFrom = (m: number): number => m & 0x7f;
/** Move-code field: to square (0x88). */
export const lcTo = (m: number): number => (m >>> 7) & 0x7f;
/** Move-code field: the A_* action. */
export const lcAction = (m: number): number => (m >>> 14) & 15;
/** Move-code field: 1 when the mover is a top piece. */
export const lcFromTop = (m: number): number => (m >>> 18) & 1;
/** Move-code field: promotion piece type (2..5) or 0 (LC-10). */
export const lcPromo = (m: number): number => (m >>> 19) & 7;

/** Buffer size per ply: more than the moves of any position with at most 32 pieces a side. */
export const LC_MAX_MOVES = MAX_MOVES;

/** The `fromTop` bit of a move code. */
export const TOP_BIT = 1 << 18;
