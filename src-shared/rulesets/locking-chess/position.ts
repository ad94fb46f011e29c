/**
 * Locking Chess (RULINGS LC-1..LC-13): a mutable 0x88 position of stacks
 * with make/unmake, legal move generation, check, mate and draw rules.
 *
 * Board: per square a board-level piece `bot[sq]` and a top piece
 * `top[sq]` (LC-2; `top` non-zero only where `bot` is). A board-level piece
 * with a top piece is locked (cannot move); a lone piece is free. A stack is
 * EQUAL (same colour) or OPPOSITE.
 *
 * Move code (non-negative int):
 *   `from | to << 7 | action << 14 | fromTop << 18 | promo << 19`
 * squares 0x88, `fromTop` 1 when the mover is a top piece, `promo` a piece
 * type (2..5) or 0, `action` one of (what happens on `to`):
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
 *
 * Hot path: typed arrays only. Legality: make, test the mover's king for
 * check (LC-7), unmake; kings' adjacency (LC-6) is filtered at generation.
 */
import * as B from '../orthodox/board.js';
import { splitmix32 } from '../orthodox/board.js';
import type { FenFields } from '../orthodox/fen.js';
import { fenFromFields } from '../orthodox/fen.js';

// Module-local copies of board.ts constants: no cross-module binding lookups on the hot path.
const BISHOP = B.BISHOP;
const BISHOP_DIRS = B.BISHOP_DIRS;
const BLACK_BIT = B.BLACK_BIT;
const CASTLE_BK = B.CASTLE_BK;
const CASTLE_BQ = B.CASTLE_BQ;
const CASTLE_MASK = B.CASTLE_MASK;
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

export const A_MOVE = 0;
export const A_DOUBLE = 1;
export const A_SUPER = 2;
export const A_CAPB = 3;
export const A_CAPUNDER = 4;
export const A_CAPTOP = 5;
export const A_EP = 6;
export const A_EPS = 7;
export const A_CASTLE = 8;
export const A_CASTLOCK = 9;

export const lcFrom = (m: number): number => m & 0x7f;
export const lcTo = (m: number): number => (m >>> 7) & 0x7f;
export const lcAction = (m: number): number => (m >>> 14) & 15;
export const lcFromTop = (m: number): number => (m >>> 18) & 1;
export const lcPromo = (m: number): number => (m >>> 19) & 7;

/** Buffer size per ply: more than the moves of any position with at most 32 pieces a side. */
export const LC_MAX_MOVES = 1024;

const TOP_BIT = 1 << 18;
const PROMOS = [QUEEN, ROOK, BISHOP, KNIGHT];

/** Where a king can stand (LC-2, LC-6). */
export type LcKingState = 'free' | 'locked-equal' | 'locked-opposite' | 'top-equal' | 'top-opposite';

/** LC-8 mate names. */
export type LcMateKind = 'checkmate' | 'lockmate' | 'refugee-mate' | 'royal-mate' | 'royal-lockmate';

/** Outcome of a Locking Chess position (LC-8, LC-9). */
export type LcOutcome =
  | { status: 'ongoing' }
  | { status: 'mate'; kind: LcMateKind; winner: 'white' | 'black' }
  | { status: 'draw'; reason: 'stalemate' | 'lockout' | 'deadlock' | 'fifty-move' | 'repetition' | 'insufficient-material' };

/** |a - b| of two 0x88 squares is a king step: index `a - b + 119`. */
const ADJ = (() => {
  const t = new Uint8Array(239);
  for (const d of KING_OFFSETS) t[d + 119] = 1;
  return t;
})();

/** 0x88 squares a and b share a rank, file or diagonal: index `a - b + 119`. */
const ALIGN = (() => {
  const t = new Uint8Array(239);
  for (const d of KING_OFFSETS) for (let k = 1; k < 8; k++) t[d * k + 119] = 1;
  return t;
})();

// Zobrist keys: board-level and top pieces per square, castling, en passant file, side.
const Z = (() => {
  const rnd = splitmix32(0x10c4_1ced);
  const mk = (n: number): Int32Array => {
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = rnd();
    return a;
  };
  const botLo = mk(16 * 128);
  const botHi = mk(16 * 128);
  const topLo = mk(16 * 128);
  const topHi = mk(16 * 128);
  const castLo = mk(16);
  const castHi = mk(16);
  castLo[0] = 0;
  castHi[0] = 0;
  const epLo = mk(8);
  const epHi = mk(8);
  return { botLo, botHi, topLo, topHi, castLo, castHi, epLo, epHi, sideLo: rnd(), sideHi: rnd() };
})();

/** A mutable Locking Chess position. Build with `lcFromFields` (or lfen.ts `parseLfen`). */
export class LcPosition {
  /** Board-level piece codes per 0x88 square. */
  readonly bot = new Uint8Array(128);
  /** Top piece codes per 0x88 square. */
  readonly top = new Uint8Array(128);
  side = 0;
  castling = 0;
  /** En passant target (0x88) or -1 (set after every two-square advance). */
  ep = -1;
  halfmove = 0;
  fullmove = 1;
  /** King squares (0x88) by colour (the king may be on either level there). */
  readonly king = new Int32Array(2);
  hashLo = 0;
  hashHi = 0;
  /** Moves made since loading (undo depth). */
  ply = 0;
  private uMove = new Int32Array(256);
  private uCap = new Int32Array(256);
  private uState = new Int32Array(256);
  private uHashLo = new Int32Array(256);
  private uHashHi = new Int32Array(256);
  private perftBuf = new Int32Array(LC_MAX_MOVES * 8);
  /** Scratch buffers for has-a-move tests (2 plies) and the LC-9 deadlock test (4 plies). */
  private readonly scratch = new Int32Array(LC_MAX_MOVES * 6);

  /** Sets the position from parsed LFEN fields (no checks; see lfen.ts). */
  load(f: FenFields): void {
    this.bot.set(f.bottom);
    this.top.set(f.top);
    this.side = f.side;
    this.castling = f.castling;
    this.ep = f.ep;
    this.halfmove = f.halfmove;
    this.fullmove = f.fullmove;
    this.ply = 0;
    this.king[0] = -1;
    this.king[1] = -1;
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88) continue;
      const b = this.bot[sq]!;
      const t = this.top[sq]!;
      if ((b & 7) === KING) this.king[b >> 3] = sq;
      if ((t & 7) === KING) this.king[t >> 3] = sq;
    }
    this.rehash();
  }

  /** The position's fields (copies). */
  fields(): FenFields {
    return {
      bottom: this.bot.slice(),
      top: this.top.slice(),
      side: this.side,
      castling: this.castling,
      ep: this.ep,
      halfmove: this.halfmove,
      fullmove: this.fullmove,
    };
  }

  /** LFEN of the current position (LC-13). */
  lfen(): string {
    return fenFromFields({
      bottom: this.bot,
      top: this.top,
      side: this.side,
      castling: this.castling,
      ep: this.ep,
      halfmove: this.halfmove,
      fullmove: this.fullmove,
    });
  }

  /** A copy of the position (no undo history). */
  clone(): LcPosition {
    const c = new LcPosition();
    c.load(this.fields());
    return c;
  }

  /** Recomputes the Zobrist key. */
  rehash(): void {
    let lo = 0;
    let hi = 0;
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88) continue;
      const b = this.bot[sq]!;
      const t = this.top[sq]!;
      if (b) {
        lo ^= Z.botLo[b * 128 + sq]!;
        hi ^= Z.botHi[b * 128 + sq]!;
      }
      if (t) {
        lo ^= Z.topLo[t * 128 + sq]!;
        hi ^= Z.topHi[t * 128 + sq]!;
      }
    }
    lo ^= Z.castLo[this.castling]!;
    hi ^= Z.castHi[this.castling]!;
    if (this.ep >= 0) {
      lo ^= Z.epLo[this.ep & 7]!;
      hi ^= Z.epHi[this.ep & 7]!;
    }
    if (this.side) {
      lo ^= Z.sideLo;
      hi ^= Z.sideHi;
    }
    this.hashLo = lo;
    this.hashHi = hi;
  }

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

  /** True when the side to move is in check (LC-7). */
  inCheck(): boolean {
    return this.isInCheck(this.side);
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

  // ---------------------------------------------------------------- generation

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
    if (
      rights & (CASTLE_WQ | CASTLE_BQ) &&
      bot[r0] === R &&
      top[r0] === 0 &&
      bot[r0 + 1] === 0 &&
      bot[r0 + 2] === 0 &&
      bot[r0 + 3] === 0
    ) {
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
  private quietlySafe(m: number, k: number): boolean {
    const from = m & 0x7f;
    const to = (m >>> 7) & 0x7f;
    const act = (m >>> 14) & 15;
    if (from === k || to === k || act >= A_EP) return false;
    if (ALIGN[from - k + 119] === 1) return false;
    if ((m >>> 18) & 1 && this.bot[from]! >> 3 !== this.side) return false;
    if (act === A_CAPB && this.top[to] !== 0 && ALIGN[to - k + 119] === 1) return false;
    return true;
  }

  /** Legal moves of the side to move at `out[offset..]`; returns the count (LC-7 filter). */
  generateLegal(out: Int32Array, offset: number): number {
    const n = this.generatePseudo(out, offset);
    const us = this.side;
    const k = this.king[us]!;
    const checked = this.isInCheck(us);
    let j = offset;
    for (let i = offset; i < offset + n; i++) {
      const m = out[i]!;
      let ok: boolean;
      if (!checked && this.quietlySafe(m, k)) ok = true;
      else {
        this.make(m);
        ok = !this.isInCheck(us);
        this.unmake();
      }
      if (ok) out[j++] = m;
    }
    return j - offset;
  }

  /** Legal moves as a fresh array (not for the hot path). */
  legalMoves(): number[] {
    const buf = new Int32Array(LC_MAX_MOVES);
    const n = this.generateLegal(buf, 0);
    return Array.from(buf.subarray(0, n));
  }

  /** True when the side to move has a legal move (stops at the first). `slot` picks a scratch buffer (0..5). */
  hasLegalMove(slot = 0): boolean {
    const buf = this.scratch;
    const off = slot * LC_MAX_MOVES;
    const n = this.generatePseudo(buf, off);
    const us = this.side;
    const k = this.king[us]!;
    const checked = this.isInCheck(us);
    for (let i = off; i < off + n; i++) {
      const m = buf[i]!;
      if (!checked && this.quietlySafe(m, k)) return true;
      this.make(m);
      const ok = !this.isInCheck(us);
      this.unmake();
      if (ok) return true;
    }
    return false;
  }

  // ---------------------------------------------------------------- make / unmake

  private grow(): void {
    const n = this.uMove.length * 2;
    const g = (a: Int32Array): Int32Array<ArrayBuffer> => {
      const x = new Int32Array(n);
      x.set(a);
      return x;
    };
    this.uMove = g(this.uMove);
    this.uCap = g(this.uCap);
    this.uState = g(this.uState);
    this.uHashLo = g(this.uHashLo);
    this.uHashHi = g(this.uHashHi);
  }

  /** Plays a pseudo-legal move of the side to move (see the module doc for the actions). */
  make(m: number): void {
    if (this.ply >= this.uMove.length) this.grow();
    const bot = this.bot;
    const top = this.top;
    const from = m & 0x7f;
    const to = (m >>> 7) & 0x7f;
    const act = (m >>> 14) & 15;
    const fromTop = (m >>> 18) & 1;
    const promo = (m >>> 19) & 7;
    const us = this.side;
    const ply = this.ply++;
    this.uMove[ply] = m;
    this.uState[ply] = this.castling | ((this.ep + 1) << 4) | (this.halfmove << 12);
    this.uHashLo[ply] = this.hashLo;
    this.uHashHi[ply] = this.hashHi;
    let lo = this.hashLo;
    let hi = this.hashHi;
    const p = fromTop ? top[from]! : bot[from]!;
    if (fromTop) {
      top[from] = 0;
      lo ^= Z.topLo[p * 128 + from]!;
      hi ^= Z.topHi[p * 128 + from]!;
    } else {
      bot[from] = 0;
      lo ^= Z.botLo[p * 128 + from]!;
      hi ^= Z.botHi[p * 128 + from]!;
    }
    const placed = promo !== 0 ? promo | (us << 3) : p;
    let capB = 0;
    let capT = 0;
    switch (act) {
      case A_MOVE:
      case A_DOUBLE:
      case A_CASTLE:
        bot[to] = placed;
        lo ^= Z.botLo[placed * 128 + to]!;
        hi ^= Z.botHi[placed * 128 + to]!;
        break;
      case A_SUPER:
        top[to] = placed;
        lo ^= Z.topLo[placed * 128 + to]!;
        hi ^= Z.topHi[placed * 128 + to]!;
        break;
      case A_CAPB:
        capB = bot[to]!;
        capT = top[to]!;
        lo ^= Z.botLo[capB * 128 + to]! ^ Z.botLo[placed * 128 + to]!;
        hi ^= Z.botHi[capB * 128 + to]! ^ Z.botHi[placed * 128 + to]!;
        if (capT !== 0) {
          lo ^= Z.topLo[capT * 128 + to]!;
          hi ^= Z.topHi[capT * 128 + to]!;
          top[to] = 0;
        }
        bot[to] = placed;
        break;
      case A_CAPUNDER:
        capB = bot[to]!;
        lo ^= Z.botLo[capB * 128 + to]! ^ Z.botLo[placed * 128 + to]!;
        hi ^= Z.botHi[capB * 128 + to]! ^ Z.botHi[placed * 128 + to]!;
        bot[to] = placed;
        break;
      case A_CAPTOP:
        capT = top[to]!;
        lo ^= Z.topLo[capT * 128 + to]! ^ Z.topLo[placed * 128 + to]!;
        hi ^= Z.topHi[capT * 128 + to]! ^ Z.topHi[placed * 128 + to]!;
        top[to] = placed;
        break;
      case A_EP: {
        const cs = us === 0 ? to - 16 : to + 16;
        capB = bot[cs]!;
        bot[cs] = 0;
        bot[to] = placed;
        lo ^= Z.botLo[capB * 128 + cs]! ^ Z.botLo[placed * 128 + to]!;
        hi ^= Z.botHi[capB * 128 + cs]! ^ Z.botHi[placed * 128 + to]!;
        break;
      }
      case A_EPS: {
        const cs = us === 0 ? to - 16 : to + 16;
        const pw = bot[cs]!;
        bot[cs] = 0;
        bot[to] = pw;
        top[to] = placed;
        lo ^= Z.botLo[pw * 128 + cs]! ^ Z.botLo[pw * 128 + to]! ^ Z.topLo[placed * 128 + to]!;
        hi ^= Z.botHi[pw * 128 + cs]! ^ Z.botHi[pw * 128 + to]! ^ Z.topHi[placed * 128 + to]!;
        break;
      }
      case A_CASTLOCK:
        bot[to] = placed;
        lo ^= Z.botLo[placed * 128 + to]!;
        hi ^= Z.botHi[placed * 128 + to]!;
        break;
    }
    if (act === A_CASTLE || act === A_CASTLOCK) {
      const rf = to > from ? from + 3 : from - 4;
      const r = bot[rf]!;
      bot[rf] = 0;
      lo ^= Z.botLo[r * 128 + rf]!;
      hi ^= Z.botHi[r * 128 + rf]!;
      if (act === A_CASTLE) {
        const rt = to > from ? from + 1 : from - 1;
        bot[rt] = r;
        lo ^= Z.botLo[r * 128 + rt]!;
        hi ^= Z.botHi[r * 128 + rt]!;
      } else {
        top[to] = r;
        lo ^= Z.topLo[r * 128 + to]!;
        hi ^= Z.topHi[r * 128 + to]!;
      }
    }
    this.uCap[ply] = capB | (capT << 4);
    if ((p & 7) === KING) this.king[us] = to;
    // Castling rights go when a board-level piece leaves e1/a1/h1 (e8/a8/h8) or is captured there.
    let nc = this.castling;
    if (!fromTop) nc &= CASTLE_MASK[from]!;
    if (act === A_CAPB || act === A_CAPUNDER) nc &= CASTLE_MASK[to]!;
    if (nc !== this.castling) {
      lo ^= Z.castLo[this.castling]! ^ Z.castLo[nc]!;
      hi ^= Z.castHi[this.castling]! ^ Z.castHi[nc]!;
      this.castling = nc;
    }
    if (this.ep >= 0) {
      lo ^= Z.epLo[this.ep & 7]!;
      hi ^= Z.epHi[this.ep & 7]!;
    }
    if (act === A_DOUBLE) {
      this.ep = (from + to) >> 1;
      lo ^= Z.epLo[this.ep & 7]!;
      hi ^= Z.epHi[this.ep & 7]!;
    } else this.ep = -1;
    this.halfmove = (p & 7) === PAWN || capB !== 0 || capT !== 0 ? 0 : this.halfmove + 1;
    if (us === 1) this.fullmove++;
    this.side = us ^ 1;
    this.hashLo = lo ^ Z.sideLo;
    this.hashHi = hi ^ Z.sideHi;
  }

  /** Takes back the last move made. */
  unmake(): void {
    const ply = --this.ply;
    const m = this.uMove[ply]!;
    const bot = this.bot;
    const top = this.top;
    const from = m & 0x7f;
    const to = (m >>> 7) & 0x7f;
    const act = (m >>> 14) & 15;
    const fromTop = (m >>> 18) & 1;
    const promo = (m >>> 19) & 7;
    const us = this.side ^ 1;
    this.side = us;
    const cap = this.uCap[ply]!;
    const capB = cap & 15;
    const capT = cap >> 4;
    let placed: number;
    switch (act) {
      case A_SUPER:
        placed = top[to]!;
        top[to] = 0;
        break;
      case A_CAPB:
        placed = bot[to]!;
        bot[to] = capB;
        top[to] = capT;
        break;
      case A_CAPUNDER:
        placed = bot[to]!;
        bot[to] = capB;
        break;
      case A_CAPTOP:
        placed = top[to]!;
        top[to] = capT;
        break;
      case A_EP:
        placed = bot[to]!;
        bot[to] = 0;
        bot[us === 0 ? to - 16 : to + 16] = capB;
        break;
      case A_EPS:
        placed = top[to]!;
        top[to] = 0;
        bot[us === 0 ? to - 16 : to + 16] = bot[to]!;
        bot[to] = 0;
        break;
      case A_CASTLE:
      case A_CASTLOCK: {
        placed = bot[to]!;
        bot[to] = 0;
        const rf = to > from ? from + 3 : from - 4;
        if (act === A_CASTLE) {
          const rt = to > from ? from + 1 : from - 1;
          bot[rf] = bot[rt]!;
          bot[rt] = 0;
        } else {
          bot[rf] = top[to]!;
          top[to] = 0;
        }
        break;
      }
      default:
        placed = bot[to]!;
        bot[to] = 0;
    }
    const p = promo !== 0 ? PAWN | (us << 3) : placed;
    if (fromTop) top[from] = p;
    else bot[from] = p;
    if ((p & 7) === KING) this.king[us] = from;
    const st = this.uState[ply]!;
    this.castling = st & 15;
    this.ep = ((st >> 4) & 0xff) - 1;
    this.halfmove = st >>> 12;
    if (us === 1) this.fullmove--;
    this.hashLo = this.uHashLo[ply]!;
    this.hashHi = this.uHashHi[ply]!;
  }

  // ---------------------------------------------------------------- perft

  /** Leaf count of the legal move tree `depth` plies deep. */
  perft(depth: number): number {
    return depth <= 0 ? 1 : this.perftAt(depth, 0);
  }

  private perftAt(depth: number, ply: number): number {
    if ((ply + 1) * LC_MAX_MOVES > this.perftBuf.length) {
      const x = new Int32Array(this.perftBuf.length * 2);
      x.set(this.perftBuf);
      this.perftBuf = x;
    }
    const buf = this.perftBuf;
    const base = ply * LC_MAX_MOVES;
    const n = this.generateLegal(buf, base);
    if (depth === 1) return n;
    let total = 0;
    for (let i = base; i < base + n; i++) {
      this.make(buf[i]!);
      total += this.perftAt(depth - 1, ply + 1);
      this.unmake();
    }
    return total;
  }

  // ---------------------------------------------------------------- outcome (LC-8, LC-9)

  /** LC-8 name of the mate of `side` (caller knows it is mated). */
  mateKind(side: number): LcMateKind {
    const st = this.kingState(side);
    const locked = st === 'locked-equal' || st === 'locked-opposite';
    if (this.checkedByKing(side)) return locked ? 'royal-lockmate' : 'royal-mate';
    if (st === 'free') return 'checkmate';
    return locked ? 'lockmate' : 'refugee-mate';
  }

  /**
   * True when the side to move is mated by the opponent's reply: some legal
   * reply leaves it in check with no legal move. Uses scratch slots
   * `slot` (the replies) and `slot + 1`.
   */
  private opponentMatesInOne(slot: number): boolean {
    const buf = this.scratch;
    const off = slot * LC_MAX_MOVES;
    const n = this.generateLegal(buf, off);
    const victim = this.side ^ 1;
    for (let i = off; i < off + n; i++) {
      this.make(buf[i]!);
      const mate = this.isInCheck(victim) && !this.hasLegalMove(slot + 1);
      this.unmake();
      if (mate) return true;
    }
    return false;
  }

  /**
   * LC-9 deadlock: the side to move is not in check, its king is on top,
   * it has legal moves, every one of them is a move of that king, and after
   * each the opponent mates in 1.
   */
  isDeadlock(): boolean {
    const us = this.side;
    const k = this.king[us]!;
    if (this.top[k] !== (KING | (us << 3))) return false;
    if (this.isInCheck(us)) return false;
    const buf = this.scratch;
    const off = 2 * LC_MAX_MOVES;
    const n = this.generateLegal(buf, off);
    if (n === 0) return false;
    for (let i = off; i < off + n; i++) if ((buf[i]! & 0x7f) !== k) return false;
    for (let i = off; i < off + n; i++) {
      this.make(buf[i]!);
      const mated = this.opponentMatesInOne(3);
      this.unmake();
      if (!mated) return false;
    }
    return true;
  }

  /**
   * Locking Chess insufficient material: only the two kings are left (a lone
   * king can never be captured: kings never stand next to each other, LC-6,
   * and neither can climb). Unlike orthodox chess, K + bishop v K is not
   * dead: a king on top of its bishop can step onto the enemy king (LC-6)
   * and the freed bishop then attacks it under LC-5b (a lockmate).
   */
  isInsufficientMaterial(): boolean {
    for (let sq = 0; sq < 120; sq++) {
      if (sq & 0x88) {
        sq += 7;
        continue;
      }
      const b = this.bot[sq]!;
      if ((b !== 0 && (b & 7) !== KING) || this.top[sq] !== 0) return false;
    }
    return true;
  }

  /** Occurrences of the current position within the moves made (this one included). */
  repetitionCount(): number {
    let count = 1;
    const lo = this.hashLo;
    const hi = this.hashHi;
    const limit = Math.max(0, this.ply - this.halfmove);
    for (let p = this.ply - 2; p >= limit; p -= 2) {
      if (this.uHashLo[p] === lo && this.uHashHi[p] === hi) count++;
    }
    return count;
  }

  /**
   * LC-8 / LC-9 outcome at the start of the side to move's turn:
   * in check without a legal move -> mate (named); not in check without a
   * legal move -> lockout (king locked under an enemy piece) or stalemate;
   * deadlock; then the orthodox draws (insufficient material: kings only;
   * fifty-move rule at 100 halfmoves; threefold repetition within the moves
   * made).
   */
  outcome(): LcOutcome {
    const us = this.side;
    if (!this.hasLegalMove(0)) {
      if (this.isInCheck(us)) return { status: 'mate', kind: this.mateKind(us), winner: us === 0 ? 'black' : 'white' };
      return { status: 'draw', reason: this.kingState(us) === 'locked-opposite' ? 'lockout' : 'stalemate' };
    }
    if (this.isDeadlock()) return { status: 'draw', reason: 'deadlock' };
    if (this.isInsufficientMaterial()) return { status: 'draw', reason: 'insufficient-material' };
    if (this.halfmove >= 100) return { status: 'draw', reason: 'fifty-move' };
    if (this.repetitionCount() >= 3) return { status: 'draw', reason: 'repetition' };
    return { status: 'ongoing' };
  }
}

/** A position from parsed fields (no checks). */
export function lcFromFields(f: FenFields): LcPosition {
  const p = new LcPosition();
  p.load(f);
  return p;
}
