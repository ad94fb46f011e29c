/**
 * Locking Chess pseudo-legal move generation (LC-3..LC-6, LC-10..LC-12) and
 * the safe-move shortcut of the legality filter: the second Locking Chess
 * layer (over attacks.ts), the base's `generatePseudo` and `quietlySafe`
 * hooks (../orthodox/position-base.ts). Move codes: move-code.ts.
 *
 * Hot path: typed arrays only; module-local constants. Kings' adjacency
 * (LC-6) is filtered here; leaving one's own king in check (LC-7) by the
 * base's legality filter.
 */
import * as B from '../orthodox/board.js';
import { LcStackBoard } from './attacks.js';
import { A_CAPB, A_CAPTOP, A_CAPUNDER, A_CASTLE, A_CASTLOCK, A_DOUBLE, A_EP, A_EPS, A_MOVE, A_SUPER, TOP_BIT } from './move-code.js';

// Module-local copies of board.ts constants: no cross-module binding lookups on the hot path.
const ADJ = B.ADJACENT;
const ALIGN = B.ALIGNED;
const BISHOP = B.BISHOP;
const BISHOP_DIRS = B.BISHOP_DIRS;
const CASTLE_BK = B.CASTLE_BK;
const CASTLE_BQ = B.CASTLE_BQ;
const CASTLE_WK = B.CASTLE_WK;
const CASTLE_WQ = B.CASTLE_WQ;
const KING = B.KING;
const KING_OFFSETS = B.KING_OFFSETS;
const KNIGHT = B.KNIGHT;
const KNIGHT_OFFSETS = B.KNIGHT_OFFSETS;
const PAWN = B.PAWN;
const QUEEN = B.QUEEN;
const ROOK = B.ROOK;
const ROOK_DIRS = B.ROOK_DIRS;

/**
 * Locking Chess stacks with move generation. Abstract: make / unmake and
 * the outcome hooks are position.ts (`LcPosition`).
 */
export abstract class LcMoveGen<Terminal> extends LcStackBoard<Terminal> {
  /** LC-6: may our king end on `to` (ending on top when `endsTop`)? */
  private kingDestOk(to: number, endsTop: boolean): boolean {
    const them = this.side ^ 1;
    const ek = this.king[them]!;
    if (to === ek || ADJ[to - ek + 119] !== 1) return true;
    if (endsTop) return false;
    return this.top[ek] === (KING | (them << 3)) && this.bot[ek]! >> 3 === them;
  }

  /**
   * Pseudo-legal moves of the side to move at `out[offset..]` (LC-3..LC-6,
   * LC-10..LC-12; everything except leaving one's own king in check);
   * returns the count.
   */
  generatePseudo(out: Int32Array, offset: number): number {
    const bot = this.bot;
    const top = this.top;
    const us = this.side;
    let n = offset;
    for (let sq = 0; sq < 120; sq++) {
      if (sq & 0x88) {
        sq += 7;
        continue;
      }
      const t = top[sq]!;
      if (t !== 0) {
        if (t >> 3 === us) n = this.genTop(out, n, sq, t);
        continue;
      }
      const b = bot[sq]!;
      if (b !== 0 && b >> 3 === us) n = this.genBoard(out, n, sq, b);
    }
    n = this.genCastles(out, n);
    return n - offset;
  }

  /** Adds a pawn move (four moves when it reaches the last rank, LC-10). */
  private pawnMove(out: Int32Array, n: number, base: number, to: number): number {
    const last = this.side === 0 ? 7 : 0;
    if (to >> 4 === last) {
      out[n++] = base | (QUEEN << 19);
      out[n++] = base | (ROOK << 19);
      out[n++] = base | (BISHOP << 19);
      out[n++] = base | (KNIGHT << 19);
    } else out[n++] = base;
    return n;
  }

  /**
   * Action of a free board-level piece of ours landing on the occupied
   * square `x` (LC-3, LC-5a/b/c), or -1.
   */
  private blAction(x: number, isKnight: boolean): number {
    const us = this.side;
    const tb = this.bot[x]!;
    const tt = this.top[x]!;
    if (tt === 0) return tb >> 3 === us ? A_SUPER : A_CAPB;
    const bMine = tb >> 3 === us;
    const tMine = tt >> 3 === us;
    if (!bMine) return tMine ? A_CAPUNDER : A_CAPB;
    return !tMine && isKnight ? A_CAPTOP : -1;
  }

  /** Board-level (free) piece moves from `sq` (LC-3, LC-5a/b/c/f). */
  private genBoard(out: Int32Array, n: number, sq: number, p: number): number {
    const bot = this.bot;
    const us = this.side;
    const type = p & 7;
    if (type === PAWN) {
      const up = us === 0 ? 16 : -16;
      const t1 = sq + up;
      if ((t1 & 0x88) === 0) {
        const b1 = bot[t1]!;
        if (b1 === 0) {
          n = this.pawnMove(out, n, sq | (t1 << 7) | (A_MOVE << 14), t1);
          if (sq >> 4 === (us === 0 ? 1 : 6)) {
            const t2 = t1 + up;
            const b2 = bot[t2]!;
            if (b2 === 0) out[n++] = sq | (t2 << 7) | (A_DOUBLE << 14);
            else if (b2 >> 3 === us && this.top[t2] === 0) out[n++] = sq | (t2 << 7) | (A_SUPER << 14);
          }
        } else if (b1 >> 3 === us && this.top[t1] === 0) {
          n = this.pawnMove(out, n, sq | (t1 << 7) | (A_SUPER << 14), t1);
        }
        for (let s = -1; s <= 1; s += 2) {
          const x = t1 + s;
          if (x & 0x88) continue;
          if (bot[x] === 0) {
            if (x === this.ep) out[n++] = sq | (x << 7) | (A_EP << 14);
            continue;
          }
          const act = this.blAction(x, false);
          if (act >= 0) n = this.pawnMove(out, n, sq | (x << 7) | (act << 14), x);
        }
      }
      return n;
    }
    if (type === KNIGHT || type === KING) {
      const offs = type === KNIGHT ? KNIGHT_OFFSETS : KING_OFFSETS;
      const isKing = type === KING;
      for (let i = 0; i < 8; i++) {
        const x = sq + offs[i]!;
        if (x & 0x88) continue;
        const act = bot[x] === 0 ? A_MOVE : this.blAction(x, !isKing);
        if (act < 0) continue;
        if (isKing && !this.kingDestOk(x, act === A_SUPER || act === A_CAPTOP)) continue;
        out[n++] = sq | (x << 7) | (act << 14);
      }
      return n;
    }
    const dirs = type === BISHOP ? BISHOP_DIRS : type === ROOK ? ROOK_DIRS : KING_OFFSETS;
    const nd = dirs.length;
    for (let i = 0; i < nd; i++) {
      const d = dirs[i]!;
      let x = sq + d;
      while ((x & 0x88) === 0) {
        if (bot[x] === 0) {
          out[n++] = sq | (x << 7);
        } else {
          const act = this.blAction(x, false);
          if (act >= 0) out[n++] = sq | (x << 7) | (act << 14);
          break;
        }
        x += d;
      }
    }
    return n;
  }

  /**
   * Action of our top piece landing on `x` (LC-4, LC-5c/d), or -1; A_SUPER
   * onto any free piece (the LC-5e knight capture is added by the caller).
   */
  private topAction(x: number): number {
    const tb = this.bot[x]!;
    if (tb === 0) return A_MOVE;
    const tt = this.top[x]!;
    if (tt === 0) return A_SUPER;
    const us = this.side;
    if (tt >> 3 === us) return -1;
    return tb >> 3 === us ? A_CAPTOP : A_CAPB;
  }

  /** Top-piece moves from `sq` (LC-4, LC-5c/d/e, LC-6, LC-10, LC-11). */
  private genTop(out: Int32Array, n: number, sq: number, p: number): number {
    const bot = this.bot;
    const top = this.top;
    const us = this.side;
    const type = p & 7;
    const base = sq | TOP_BIT;
    if (type === PAWN) {
      const up = us === 0 ? 16 : -16;
      const t1 = sq + up;
      if (t1 & 0x88) return n;
      // Straight: step down or superimpose only (no capture).
      if (bot[t1] === 0) n = this.pawnMove(out, n, base | (t1 << 7) | (A_MOVE << 14), t1);
      else if (top[t1] === 0) n = this.pawnMove(out, n, base | (t1 << 7) | (A_SUPER << 14), t1);
      for (let s = -1; s <= 1; s += 2) {
        const x = t1 + s;
        if (x & 0x88) continue;
        const act = this.topAction(x);
        if (act < 0) continue;
        n = this.pawnMove(out, n, base | (x << 7) | (act << 14), x);
        // LC-11 en passant superimpose onto the passed square.
        if (act === A_MOVE && x === this.ep) out[n++] = base | (x << 7) | (A_EPS << 14);
      }
      return n;
    }
    if (type === KNIGHT || type === KING) {
      const offs = type === KNIGHT ? KNIGHT_OFFSETS : KING_OFFSETS;
      const isKing = type === KING;
      // LC-5e: a top knight standing on its own piece may capture an enemy free piece.
      const knightCaptures = type === KNIGHT && bot[sq]! >> 3 === us;
      for (let i = 0; i < 8; i++) {
        const x = sq + offs[i]!;
        if (x & 0x88) continue;
        const act = this.topAction(x);
        if (act < 0) continue;
        if (isKing && !this.kingDestOk(x, act === A_SUPER || act === A_CAPTOP)) continue;
        out[n++] = base | (x << 7) | (act << 14);
        if (knightCaptures && act === A_SUPER && bot[x]! >> 3 !== us) out[n++] = base | (x << 7) | (A_CAPB << 14);
      }
      return n;
    }
    const dirs = type === BISHOP ? BISHOP_DIRS : type === ROOK ? ROOK_DIRS : KING_OFFSETS;
    const nd = dirs.length;
    for (let i = 0; i < nd; i++) {
      const d = dirs[i]!;
      let x = sq + d;
      while ((x & 0x88) === 0) {
        if (top[x] !== 0) {
          const act = this.topAction(x);
          if (act >= 0) out[n++] = base | (x << 7) | (act << 14);
          break;
        }
        out[n++] = base | (x << 7) | ((bot[x] === 0 ? A_MOVE : A_SUPER) << 14);
        x += d;
      }
    }
    return n;
  }

  /**
   * Castling and castlock (LC-12): the right, king and rook free at board
   * level on their squares, the squares between empty, the king not in
   * check and not passing over an attacked square (LC-7 as a free king);
   * the landing (and, for castlock, the EQUAL stack) is checked by the
   * legality test.
   */
  private genCastles(out: Int32Array, n: number): number {
    const us = this.side;
    const rights = this.castling & (us === 0 ? CASTLE_WK | CASTLE_WQ : CASTLE_BK | CASTLE_BQ);
    if (rights === 0) return n;
    const bot = this.bot;
    const top = this.top;
    const r0 = us === 0 ? 0 : 0x70;
    const e = r0 + 4;
    const K = KING | (us << 3);
    const R = ROOK | (us << 3);
    if (bot[e] !== K || top[e] !== 0) return n;
    const them = us ^ 1;
    if (this.freeSquareAttacked(e, them)) return n;
    if (rights & (CASTLE_WK | CASTLE_BK) && bot[r0 + 7] === R && top[r0 + 7] === 0 && bot[r0 + 5] === 0 && bot[r0 + 6] === 0) {
      if (!this.freeSquareAttacked(r0 + 5, them) && this.kingDestOk(r0 + 6, false)) {
        out[n++] = e | ((r0 + 6) << 7) | (A_CASTLE << 14);
        out[n++] = e | ((r0 + 6) << 7) | (A_CASTLOCK << 14);
      }
    }
    if (rights & (CASTLE_WQ | CASTLE_BQ) && bot[r0] === R && top[r0] === 0 && bot[r0 + 1] === 0 && bot[r0 + 2] === 0 && bot[r0 + 3] === 0) {
      if (!this.freeSquareAttacked(r0 + 3, them) && this.kingDestOk(r0 + 2, false)) {
        out[n++] = e | ((r0 + 2) << 7) | (A_CASTLE << 14);
        out[n++] = e | ((r0 + 2) << 7) | (A_CASTLOCK << 14);
      }
    }
    return n;
  }

  /**
   * True when pseudo-legal move `m` of the side to move (not in check, king
   * on `k`) cannot leave its own king in check, so the make / test / unmake
   * round can be skipped. Check (LC-7) depends on the king's stack, on
   * board-level rays (blocked by any piece), top-level rays (blocked by top
   * pieces) and on which enemy pieces are free. A move can only change
   * these for our king when it: moves the king or a piece on the king's
   * square (its state changes), lands on the king's square (locks it), is
   * en passant / en passant superimpose / castling (several squares), frees
   * an enemy piece by leaving from on top of it, vacates a square on a line
   * with the king (opens a ray at either level), or removes a top piece on a
   * line with the king (a capture of a stack landing at board level opens
   * top-level rays). Landing elsewhere only adds blockers or removes
   * attackers. Every other move is legal.
   */
  protected quietlySafe(m: number, k: number): boolean {
    const from = m & 0x7f;
    const to = (m >>> 7) & 0x7f;
    const act = (m >>> 14) & 15;
    if (from === k || to === k || act >= A_EP) return false;
    if (ALIGN[from - k + 119] === 1) return false;
    if ((m >>> 18) & 1 && this.bot[from]! >> 3 !== this.side) return false;
    if (act === A_CAPB && this.top[to] !== 0 && ALIGN[to - k + 119] === 1) return false;
    return true;
  }
}
