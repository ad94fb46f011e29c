/**
 * Locking Chess stacks and their attacks (LC-2, LC-5, LC-6, LC-7): the
 * first Locking Chess layer over the shared 0x88 position
 * (../orthodox/position-base.ts).
 *
 * Board: per square a board-level piece (`board`, alias `bot`) and a top
 * piece `top[sq]` (LC-2; `top` non-zero only where `bot` is). A
 * board-level piece with a top piece is locked (cannot move); a lone piece
 * is free. A stack is EQUAL (same colour) or OPPOSITE.
 *
 * This layer adds the capture patterns (board-level pieces over board-level
 * pieces, top pieces over top pieces, LC-5), the king's state and the check
 * test (LC-7, the base's `isInCheck` hook), and who is checking (LC-8 royal
 * mates). Hot path: typed arrays only; module-local constants.
 */
import * as B from '../orthodox/board.js';
import { Position0x88 } from '../orthodox/position-base.js';

// Module-local copies of board.ts constants: no cross-module binding lookups on the hot path.
const ADJ = B.ADJACENT;
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

/** Where a king can stand (LC-2, LC-6). */
export type LcKingState = 'free' | 'locked-equal' | 'locked-opposite' | 'top-equal' | 'top-opposite';

/**
 * A Locking Chess position's two levels with the attack and check tests.
 * Abstract: move generation (movegen.ts) and make / unmake (position.ts)
 * complete it; `Terminal` is the outcome type of the base (position.ts).
 * Its Zobrist keys must have two levels (board, top).
 */
export abstract class LcStackBoard<Terminal> extends Position0x88<Terminal> {
  /** Top piece codes per 0x88 square (LC-2; level 1 of the base). */
  readonly top: Uint8Array = this.levels[1]!;
  /** Board-level piece codes per 0x88 square: the base's `board` (the same array). */
  readonly bot: Uint8Array = this.board;

  // ---------------------------------------------------------------- attacks (LC-5, LC-7)

  /**
   * True when a free board-level piece of colour `a` has a capture pattern
   * onto `s`, its path clear of board-level pieces (every occupied square
   * has one; knights jump). These are the captures of LC-5a/b.
   */
  blAttacks(s: number, a: number): boolean {
    const bot = this.bot;
    const top = this.top;
    const ab = a << 3;
    if (a === 0) {
      let x = s - 15;
      if ((x & 0x88) === 0 && bot[x] === PAWN && top[x] === 0) return true;
      x = s - 17;
      if ((x & 0x88) === 0 && bot[x] === PAWN && top[x] === 0) return true;
    } else {
      let x = s + 15;
      if ((x & 0x88) === 0 && bot[x] === (PAWN | BLACK_BIT) && top[x] === 0) return true;
      x = s + 17;
      if ((x & 0x88) === 0 && bot[x] === (PAWN | BLACK_BIT) && top[x] === 0) return true;
    }
    const kn = KNIGHT | ab;
    const kg = KING | ab;
    for (let i = 0; i < 8; i++) {
      let x = s + KNIGHT_OFFSETS[i]!;
      if ((x & 0x88) === 0 && bot[x] === kn && top[x] === 0) return true;
      x = s + KING_OFFSETS[i]!;
      if ((x & 0x88) === 0 && bot[x] === kg && top[x] === 0) return true;
    }
    const q = QUEEN | ab;
    const bi = BISHOP | ab;
    const r = ROOK | ab;
    for (let i = 0; i < 4; i++) {
      let d = BISHOP_DIRS[i]!;
      let x = s + d;
      while ((x & 0x88) === 0) {
        const p = bot[x]!;
        if (p !== 0) {
          if ((p === bi || p === q) && top[x] === 0) return true;
          break;
        }
        x += d;
      }
      d = ROOK_DIRS[i]!;
      x = s + d;
      while ((x & 0x88) === 0) {
        const p = bot[x]!;
        if (p !== 0) {
          if ((p === r || p === q) && top[x] === 0) return true;
          break;
        }
        x += d;
      }
    }
    return false;
  }

  /**
   * True when a top piece of colour `a` has a capture pattern onto `s` over
   * board-level pieces, stopped only by top pieces (LC-4; pawns diagonally
   * forward). These are the captures of LC-5c/d.
   */
  topAttacks(s: number, a: number): boolean {
    const top = this.top;
    const ab = a << 3;
    if (a === 0) {
      let x = s - 15;
      if ((x & 0x88) === 0 && top[x] === PAWN) return true;
      x = s - 17;
      if ((x & 0x88) === 0 && top[x] === PAWN) return true;
    } else {
      let x = s + 15;
      if ((x & 0x88) === 0 && top[x] === (PAWN | BLACK_BIT)) return true;
      x = s + 17;
      if ((x & 0x88) === 0 && top[x] === (PAWN | BLACK_BIT)) return true;
    }
    const kn = KNIGHT | ab;
    const kg = KING | ab;
    for (let i = 0; i < 8; i++) {
      let x = s + KNIGHT_OFFSETS[i]!;
      if ((x & 0x88) === 0 && top[x] === kn) return true;
      x = s + KING_OFFSETS[i]!;
      if ((x & 0x88) === 0 && top[x] === kg) return true;
    }
    const q = QUEEN | ab;
    const bi = BISHOP | ab;
    const r = ROOK | ab;
    for (let i = 0; i < 4; i++) {
      let d = BISHOP_DIRS[i]!;
      let x = s + d;
      while ((x & 0x88) === 0) {
        const p = top[x]!;
        if (p !== 0) {
          if (p === bi || p === q) return true;
          break;
        }
        x += d;
      }
      d = ROOK_DIRS[i]!;
      x = s + d;
      while ((x & 0x88) === 0) {
        const p = top[x]!;
        if (p !== 0) {
          if (p === r || p === q) return true;
          break;
        }
        x += d;
      }
    }
    return false;
  }

  /** LC-5e: a top knight of colour `a` standing on its own piece has a knight jump onto `s`. */
  topKnightOnOwnAttacks(s: number, a: number): boolean {
    const kn = KNIGHT | (a << 3);
    for (let i = 0; i < 8; i++) {
      const x = s + KNIGHT_OFFSETS[i]!;
      if ((x & 0x88) === 0 && this.top[x] === kn && this.bot[x]! >> 3 === a) return true;
    }
    return false;
  }

  /** LC-5c: a free board-level knight of colour `a` has a knight jump onto `s`. */
  blKnightAttacks(s: number, a: number): boolean {
    const kn = KNIGHT | (a << 3);
    for (let i = 0; i < 8; i++) {
      const x = s + KNIGHT_OFFSETS[i]!;
      if ((x & 0x88) === 0 && this.bot[x] === kn && this.top[x] === 0) return true;
    }
    return false;
  }

  /** True when a free king of colour `a ^ 1` standing alone on `s` could be captured by `a` (LC-5a, LC-5e). */
  freeSquareAttacked(s: number, a: number): boolean {
    return this.blAttacks(s, a) || this.topKnightOnOwnAttacks(s, a);
  }

  /** Where the king of `side` stands (LC-2, LC-6). */
  kingState(side: number): LcKingState {
    const k = this.king[side]!;
    const t = this.top[k]!;
    if (t === (KING | (side << 3))) return this.bot[k]! >> 3 === side ? 'top-equal' : 'top-opposite';
    if (t === 0) return 'free';
    return t >> 3 === side ? 'locked-equal' : 'locked-opposite';
  }

  /**
   * LC-7: the king of `side` is in check when the opponent, moving now,
   * could capture it under LC-5 (alone or with its stack), which includes a
   * board-level king's point-blank capture of an EQUAL stack (LC-6):
   * - free: board-level captures (5a) and top knights on their own piece (5e);
   * - in an EQUAL stack (locked under its own piece, or on top of one):
   *   board-level captures (5a) and top-piece captures (5d);
   * - locked under an enemy top piece: board-level captures (5b);
   * - on top of an enemy piece: top pieces and board-level knights (5c).
   */
  isInCheck(side: number): boolean {
    const k = this.king[side]!;
    const a = side ^ 1;
    const t = this.top[k]!;
    if (t === (KING | (side << 3))) {
      if (this.bot[k]! >> 3 === side) return this.blAttacks(k, a) || this.topAttacks(k, a);
      return this.topAttacks(k, a) || this.blKnightAttacks(k, a);
    }
    if (t === 0) return this.blAttacks(k, a) || this.topKnightOnOwnAttacks(k, a);
    if (t >> 3 === side) return this.blAttacks(k, a) || this.topAttacks(k, a);
    return this.blAttacks(k, a);
  }

  /** True when the check on `side`'s king includes a capture by the enemy king (LC-8 royal mates). */
  checkedByKing(side: number): boolean {
    const k = this.king[side]!;
    const ek = this.king[side ^ 1]!;
    if (ek < 0 || k === ek || ADJ[k - ek + 119] !== 1) return false;
    const st = this.kingState(side);
    const eTop = this.top[ek] === (KING | ((side ^ 1) << 3));
    // A board-level enemy king must be free (not locked) to capture.
    const eFree = !eTop && this.top[ek] === 0;
    switch (st) {
      case 'free':
      case 'locked-opposite':
        return eFree;
      case 'locked-equal':
      case 'top-equal':
        return eFree || eTop;
      case 'top-opposite':
        return eTop;
    }
  }
}
