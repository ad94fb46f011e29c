/**
 * Orthodox chess (FIDE laws of movement): a mutable 0x88 position with
 * make/unmake, legal move generation, check, mate and draw helpers.
 * The base of Locking Chess (LC-1: orthodox chess applies except where
 * changed); verified by the published perft suite (tests/shared/rulesets/orthodox).
 *
 * Move code (non-negative int): `from | to << 7 | flag << 14 | promo << 17`,
 * squares 0x88 (board.ts), flag one of FLAG_*, promo a piece type (2..5) or 0.
 *
 * Hot path: typed arrays only; `generateLegal` filters pseudo-legal moves by
 * make / king-attacked test / unmake.
 */
import { issue, type Issue, type Result } from '../../validation/issue.js';
import * as B from './board.js';
import { name88, splitmix32 } from './board.js';
import { fenFromFields, parseFenFields, type FenFields } from './fen.js';

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

export const FLAG_QUIET = 0;
export const FLAG_DOUBLE = 1;
export const FLAG_CAPTURE = 2;
export const FLAG_EP = 3;
export const FLAG_CASTLE = 4;

/** Move-code fields. */
export const moveFrom = (m: number): number => m & 0x7f;
export const moveTo = (m: number): number => (m >>> 7) & 0x7f;
export const moveFlag = (m: number): number => (m >>> 14) & 7;
export const movePromo = (m: number): number => (m >>> 17) & 7;

/** Enough for any position with at most 32 pieces a side (fromFen's limit; the known legal maximum is 218). */
export const MAX_MOVES = 1024;

// Zobrist keys (module-level, shared by every position).
const Z = (() => {
  const rnd = splitmix32(0x0c4e_55a1);
  const lo = new Int32Array(16 * 128);
  const hi = new Int32Array(16 * 128);
  for (let i = 0; i < lo.length; i++) {
    lo[i] = rnd();
    hi[i] = rnd();
  }
  const castLo = new Int32Array(16);
  const castHi = new Int32Array(16);
  for (let i = 1; i < 16; i++) {
    castLo[i] = rnd();
    castHi[i] = rnd();
  }
  const epLo = new Int32Array(8);
  const epHi = new Int32Array(8);
  for (let i = 0; i < 8; i++) {
    epLo[i] = rnd();
    epHi[i] = rnd();
  }
  return { lo, hi, castLo, castHi, epLo, epHi, sideLo: rnd(), sideHi: rnd() };
})();

const PROMOS = [QUEEN, ROOK, BISHOP, KNIGHT];

/** Outcome of a position with its history (see `Chess.outcome`). */
export type ChessOutcome =
  | { status: 'ongoing' }
  | { status: 'checkmate'; winner: 'white' | 'black' }
  | { status: 'draw'; reason: 'stalemate' | 'fifty-move' | 'repetition' | 'insufficient-material' };

/** A mutable orthodox chess position. Build with `Chess.fromFen` / `Chess.start()`. */
export class Chess {
  /** Piece codes per 0x88 square. */
  readonly board = new Uint8Array(128);
  /** 0 White to move, 1 Black. */
  side = 0;
  /** CASTLE_* bits. */
  castling = 0;
  /** En passant target (0x88) or -1. */
  ep = -1;
  halfmove = 0;
  fullmove = 1;
  /** King squares (0x88) by colour. */
  readonly king = new Int32Array(2);
  hashLo = 0;
  hashHi = 0;
  /** Number of moves made (undo depth). */
  ply = 0;
  private uMove = new Int32Array(256);
  private uCap = new Int32Array(256);
  private uState = new Int32Array(256);
  private uHashLo = new Int32Array(256);
  private uHashHi = new Int32Array(256);
  private perftBuf = new Int32Array(MAX_MOVES * 8);

  static readonly START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

  /** The standard starting position. */
  static start(): Chess {
    const r = Chess.fromFen(Chess.START_FEN);
    if (!r.ok) throw new Error('start FEN');
    return r.value;
  }

  /**
   * Parses and checks a FEN. Errors: `fen-syntax` (with the character
   * position), `fen-king-count`, `fen-piece-count` (more than 32 pieces a
   * side), `fen-pawn-rank`, `fen-castling`, `fen-en-passant`,
   * `fen-opponent-in-check` (the side not to move is in check). Never throws.
   */
  static fromFen(text: string): Result<Chess, Issue[]> {
    const f = parseFenFields(text, { stacks: false, code: 'fen-syntax', label: 'FEN' });
    if (!f.ok) return f;
    const errors = checkFields(f.value);
    if (errors.length > 0) return { ok: false, error: errors };
    const c = new Chess();
    c.load(f.value);
    if (c.attacked(c.king[c.side ^ 1]!, c.side)) {
      return {
        ok: false,
        error: [issue('error', 'fen-opponent-in-check', `${c.side === 0 ? 'Black' : 'White'} is in check but it is not its move.`, { squares: [name88(c.king[c.side ^ 1]!)] })],
      };
    }
    return { ok: true, value: c };
  }

  /** Sets the position from parsed fields (no checks; see `fromFen`). */
  load(f: FenFields): void {
    this.board.set(f.bottom);
    this.side = f.side;
    this.castling = f.castling;
    this.ep = f.ep;
    this.halfmove = f.halfmove;
    this.fullmove = f.fullmove;
    this.ply = 0;
    for (let sq = 0; sq < 128; sq++) {
      const p = this.board[sq]!;
      if ((p & 7) === KING) this.king[p >> 3] = sq;
    }
    this.rehash();
  }

  /** Recomputes the Zobrist key from scratch. */
  rehash(): void {
    let lo = 0;
    let hi = 0;
    for (let sq = 0; sq < 128; sq++) {
      const p = this.board[sq]!;
      if (p !== 0) {
        lo ^= Z.lo[p * 128 + sq]!;
        hi ^= Z.hi[p * 128 + sq]!;
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

  /** FEN of the current position. */
  fen(): string {
    return fenFromFields({
      bottom: this.board,
      top: new Uint8Array(128),
      side: this.side,
      castling: this.castling,
      ep: this.ep,
      halfmove: this.halfmove,
      fullmove: this.fullmove,
    });
  }

  /** A copy with the same position (no undo history). */
  clone(): Chess {
    const c = new Chess();
    c.board.set(this.board);
    c.side = this.side;
    c.castling = this.castling;
    c.ep = this.ep;
    c.halfmove = this.halfmove;
    c.fullmove = this.fullmove;
    c.king.set(this.king);
    c.hashLo = this.hashLo;
    c.hashHi = this.hashHi;
    return c;
  }

  // ---------------------------------------------------------------- attacks

  /** True when a piece of colour `by` attacks `sq` (0x88). */
  attacked(sq: number, by: number): boolean {
    const b = this.board;
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
    for (let i = 0; i < 8; i++) {
      const t = sq + KNIGHT_OFFSETS[i]!;
      if ((t & 0x88) === 0 && b[t] === kn) return true;
    }
    const kg = KING | bb;
    for (let i = 0; i < 8; i++) {
      const t = sq + KING_OFFSETS[i]!;
      if ((t & 0x88) === 0 && b[t] === kg) return true;
    }
    const q = QUEEN | bb;
    const bi = BISHOP | bb;
    for (let i = 0; i < 4; i++) {
      const d = BISHOP_DIRS[i]!;
      let t = sq + d;
      while ((t & 0x88) === 0) {
        const p = b[t]!;
        if (p !== 0) {
          if (p === bi || p === q) return true;
          break;
        }
        t += d;
      }
    }
    const r = ROOK | bb;
    for (let i = 0; i < 4; i++) {
      const d = ROOK_DIRS[i]!;
      let t = sq + d;
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

  /** True when the side to move is in check. */
  inCheck(): boolean {
    return this.attacked(this.king[this.side]!, this.side ^ 1);
  }

  // ---------------------------------------------------------------- generation

  /** Pseudo-legal moves of the side to move at `out[offset..]`; returns the count. */
  generatePseudo(out: Int32Array, offset: number): number {
    const b = this.board;
    const us = this.side;
    const them = us ^ 1;
    let n = offset;
    const up = us === 0 ? 16 : -16;
    const startRank = us === 0 ? 1 : 6;
    const lastRank = us === 0 ? 7 : 0;
    for (let sq = 0; sq < 120; sq++) {
      if (sq & 0x88) {
        sq += 7;
        continue;
      }
      const p = b[sq]!;
      if (p === 0 || p >> 3 !== us) continue;
      const type = p & 7;
      if (type === PAWN) {
        const t1 = sq + up;
        if (b[t1] === 0) {
          if (t1 >> 4 === lastRank) {
            for (let k = 0; k < 4; k++) out[n++] = sq | (t1 << 7) | (FLAG_QUIET << 14) | (PROMOS[k]! << 17);
          } else {
            out[n++] = sq | (t1 << 7);
            if (sq >> 4 === startRank) {
              const t2 = t1 + up;
              if (b[t2] === 0) out[n++] = sq | (t2 << 7) | (FLAG_DOUBLE << 14);
            }
          }
        }
        for (let s = -1; s <= 1; s += 2) {
          const t = t1 + s;
          if (t & 0x88) continue;
          const c = b[t]!;
          if (c !== 0 && c >> 3 === them) {
            if (t >> 4 === lastRank) {
              for (let k = 0; k < 4; k++) out[n++] = sq | (t << 7) | (FLAG_CAPTURE << 14) | (PROMOS[k]! << 17);
            } else out[n++] = sq | (t << 7) | (FLAG_CAPTURE << 14);
          } else if (t === this.ep) {
            out[n++] = sq | (t << 7) | (FLAG_EP << 14);
          }
        }
        continue;
      }
      if (type === KNIGHT || type === KING) {
        const offs = type === KNIGHT ? KNIGHT_OFFSETS : KING_OFFSETS;
        for (let i = 0; i < 8; i++) {
          const t = sq + offs[i]!;
          if (t & 0x88) continue;
          const c = b[t]!;
          if (c === 0) out[n++] = sq | (t << 7);
          else if (c >> 3 === them) out[n++] = sq | (t << 7) | (FLAG_CAPTURE << 14);
        }
        continue;
      }
      // Sliders.
      const dirs = type === BISHOP ? BISHOP_DIRS : type === ROOK ? ROOK_DIRS : KING_OFFSETS;
      const nd = dirs.length;
      for (let i = 0; i < nd; i++) {
        const d = dirs[i]!;
        let t = sq + d;
        while ((t & 0x88) === 0) {
          const c = b[t]!;
          if (c === 0) out[n++] = sq | (t << 7);
          else {
            if (c >> 3 === them) out[n++] = sq | (t << 7) | (FLAG_CAPTURE << 14);
            break;
          }
          t += d;
        }
      }
    }
    // Castling (the king is not in check, passes over no attacked square; the landing is checked by make).
    if (us === 0) {
      if (this.castling & CASTLE_WK && b[5] === 0 && b[6] === 0 && b[4] === KING && b[7] === ROOK) {
        if (!this.attacked(4, 1) && !this.attacked(5, 1)) out[n++] = 4 | (6 << 7) | (FLAG_CASTLE << 14);
      }
      if (this.castling & CASTLE_WQ && b[3] === 0 && b[2] === 0 && b[1] === 0 && b[4] === KING && b[0] === ROOK) {
        if (!this.attacked(4, 1) && !this.attacked(3, 1)) out[n++] = 4 | (2 << 7) | (FLAG_CASTLE << 14);
      }
    } else {
      const K = KING | BLACK_BIT;
      const R = ROOK | BLACK_BIT;
      if (this.castling & CASTLE_BK && b[0x75] === 0 && b[0x76] === 0 && b[0x74] === K && b[0x77] === R) {
        if (!this.attacked(0x74, 0) && !this.attacked(0x75, 0)) out[n++] = 0x74 | (0x76 << 7) | (FLAG_CASTLE << 14);
      }
      if (this.castling & CASTLE_BQ && b[0x73] === 0 && b[0x72] === 0 && b[0x71] === 0 && b[0x74] === K && b[0x70] === R) {
        if (!this.attacked(0x74, 0) && !this.attacked(0x73, 0)) out[n++] = 0x74 | (0x72 << 7) | (FLAG_CASTLE << 14);
      }
    }
    return n - offset;
  }

  /** Legal moves of the side to move at `out[offset..]` (at most MAX_MOVES); returns the count. */
  generateLegal(out: Int32Array, offset: number): number {
    const n = this.generatePseudo(out, offset);
    const us = this.side;
    let k = offset;
    for (let i = offset; i < offset + n; i++) {
      const m = out[i]!;
      this.make(m);
      const ok = !this.attacked(this.king[us]!, us ^ 1);
      this.unmake();
      if (ok) out[k++] = m;
    }
    return k - offset;
  }

  /** Legal moves as a fresh array (not for the hot path). */
  legalMoves(): number[] {
    const buf = new Int32Array(MAX_MOVES);
    const n = this.generateLegal(buf, 0);
    return Array.from(buf.subarray(0, n));
  }

  /** True when the side to move has at least one legal move. */
  hasLegalMove(): boolean {
    const buf = new Int32Array(MAX_MOVES);
    return this.generateLegal(buf, 0) > 0;
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

  /** Plays a (pseudo-)legal move of the side to move. */
  make(m: number): void {
    if (this.ply >= this.uMove.length) this.grow();
    const b = this.board;
    const from = m & 0x7f;
    const to = (m >>> 7) & 0x7f;
    const flag = (m >>> 14) & 7;
    const promo = (m >>> 17) & 7;
    const us = this.side;
    const p = b[from]!;
    const ply = this.ply++;
    this.uMove[ply] = m;
    this.uState[ply] = this.castling | ((this.ep + 1) << 4) | (this.halfmove << 12);
    this.uHashLo[ply] = this.hashLo;
    this.uHashHi[ply] = this.hashHi;
    let lo = this.hashLo;
    let hi = this.hashHi;
    let cap = 0;
    if (flag === FLAG_EP) {
      const cs = us === 0 ? to - 16 : to + 16;
      cap = b[cs]!;
      b[cs] = 0;
      lo ^= Z.lo[cap * 128 + cs]!;
      hi ^= Z.hi[cap * 128 + cs]!;
    } else {
      cap = b[to]!;
      if (cap !== 0) {
        lo ^= Z.lo[cap * 128 + to]!;
        hi ^= Z.hi[cap * 128 + to]!;
      }
    }
    this.uCap[ply] = cap;
    const placed = promo !== 0 ? promo | (us << 3) : p;
    b[from] = 0;
    b[to] = placed;
    lo ^= Z.lo[p * 128 + from]! ^ Z.lo[placed * 128 + to]!;
    hi ^= Z.hi[p * 128 + from]! ^ Z.hi[placed * 128 + to]!;
    if (flag === FLAG_CASTLE) {
      const rf = to > from ? from + 3 : from - 4;
      const rt = to > from ? from + 1 : from - 1;
      const r = b[rf]!;
      b[rf] = 0;
      b[rt] = r;
      lo ^= Z.lo[r * 128 + rf]! ^ Z.lo[r * 128 + rt]!;
      hi ^= Z.hi[r * 128 + rf]! ^ Z.hi[r * 128 + rt]!;
    }
    if ((p & 7) === KING) this.king[us] = to;
    const nc = this.castling & CASTLE_MASK[from]! & CASTLE_MASK[to]!;
    if (nc !== this.castling) {
      lo ^= Z.castLo[this.castling]! ^ Z.castLo[nc]!;
      hi ^= Z.castHi[this.castling]! ^ Z.castHi[nc]!;
      this.castling = nc;
    }
    if (this.ep >= 0) {
      lo ^= Z.epLo[this.ep & 7]!;
      hi ^= Z.epHi[this.ep & 7]!;
    }
    if (flag === FLAG_DOUBLE) {
      this.ep = (from + to) >> 1;
      lo ^= Z.epLo[this.ep & 7]!;
      hi ^= Z.epHi[this.ep & 7]!;
    } else this.ep = -1;
    this.halfmove = (p & 7) === PAWN || cap !== 0 ? 0 : this.halfmove + 1;
    if (us === 1) this.fullmove++;
    this.side = us ^ 1;
    this.hashLo = lo ^ Z.sideLo;
    this.hashHi = hi ^ Z.sideHi;
  }

  /** Takes back the last move made. */
  unmake(): void {
    const ply = --this.ply;
    const m = this.uMove[ply]!;
    const b = this.board;
    const from = m & 0x7f;
    const to = (m >>> 7) & 0x7f;
    const flag = (m >>> 14) & 7;
    const promo = (m >>> 17) & 7;
    const us = this.side ^ 1;
    this.side = us;
    const placed = b[to]!;
    const p = promo !== 0 ? PAWN | (us << 3) : placed;
    b[from] = p;
    const cap = this.uCap[ply]!;
    if (flag === FLAG_EP) {
      b[to] = 0;
      b[us === 0 ? to - 16 : to + 16] = cap;
    } else b[to] = cap;
    if (flag === FLAG_CASTLE) {
      const rf = to > from ? from + 3 : from - 4;
      const rt = to > from ? from + 1 : from - 1;
      b[rf] = b[rt]!;
      b[rt] = 0;
    }
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

  /** Number of leaf nodes of the legal move tree `depth` plies deep (perft). */
  perft(depth: number): number {
    return depth <= 0 ? 1 : this.perftAt(depth, 0);
  }

  private perftAt(depth: number, ply: number): number {
    if ((ply + 1) * MAX_MOVES > this.perftBuf.length) {
      const x = new Int32Array(this.perftBuf.length * 2);
      x.set(this.perftBuf);
      this.perftBuf = x;
    }
    const buf = this.perftBuf;
    const base = ply * MAX_MOVES;
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

  // ---------------------------------------------------------------- draws and outcome

  /** Fifty-move rule: 100 or more halfmoves without a pawn move or capture (claimable draw). */
  isFiftyMoveDraw(): boolean {
    return this.halfmove >= 100;
  }

  /**
   * Insufficient material (FIDE 5.2.2 dead positions, the usual cases):
   * K v K, K + one minor v K, and K + bishops v K + bishops with every
   * bishop on squares of one colour.
   */
  isInsufficientMaterial(): boolean {
    let minors = 0;
    let knights = 0;
    let bishopColours = 0;
    for (let sq = 0; sq < 120; sq++) {
      if (sq & 0x88) {
        sq += 7;
        continue;
      }
      const t = this.board[sq]! & 7;
      if (t === 0 || t === KING) continue;
      if (t === PAWN || t === ROOK || t === QUEEN) return false;
      minors++;
      if (t === KNIGHT) knights++;
      else bishopColours |= 1 << (((sq >> 4) + (sq & 7)) & 1);
    }
    if (minors <= 1) return true;
    return knights === 0 && bishopColours !== 3;
  }

  /**
   * How often the current position (placement, side, castling, en passant)
   * occurred in the moves made since the position was loaded, this one
   * included. Threefold repetition: >= 3.
   */
  repetitionCount(): number {
    let count = 1;
    const lo = this.hashLo;
    const hi = this.hashHi;
    // Positions before an irreversible move cannot repeat: walk back at most `halfmove` plies.
    const limit = Math.max(0, this.ply - this.halfmove);
    for (let p = this.ply - 2; p >= limit; p -= 2) {
      if (this.uHashLo[p] === lo && this.uHashHi[p] === hi) count++;
    }
    return count;
  }

  /**
   * Checkmate (side to move in check, no legal move) or a draw: stalemate,
   * fifty-move rule, threefold repetition (within the moves made),
   * insufficient material. Mate and stalemate take precedence.
   */
  outcome(): ChessOutcome {
    if (!this.hasLegalMove()) {
      return this.inCheck() ? { status: 'checkmate', winner: this.side === 0 ? 'black' : 'white' } : { status: 'draw', reason: 'stalemate' };
    }
    if (this.isInsufficientMaterial()) return { status: 'draw', reason: 'insufficient-material' };
    if (this.isFiftyMoveDraw()) return { status: 'draw', reason: 'fifty-move' };
    if (this.repetitionCount() >= 3) return { status: 'draw', reason: 'repetition' };
    return { status: 'ongoing' };
  }
}

/** Semantic FEN checks (besides check, tested on the built position). */
function checkFields(f: FenFields): Issue[] {
  const out: Issue[] = [];
  const kings: string[][] = [[], []];
  const count = [0, 0];
  const badPawns: string[] = [];
  for (let sq = 0; sq < 120; sq++) {
    if (sq & 0x88) continue;
    const p = f.bottom[sq]!;
    if (p === 0) continue;
    count[p >> 3]!++;
    if ((p & 7) === KING) kings[p >> 3]!.push(name88(sq));
    if ((p & 7) === PAWN && (sq >> 4 === 0 || sq >> 4 === 7)) badPawns.push(name88(sq));
  }
  for (let s = 0; s < 2; s++) {
    const k = kings[s]!;
    if (k.length !== 1) {
      out.push(issue('error', 'fen-king-count', `${s === 0 ? 'White' : 'Black'} must have exactly one king (found ${k.length}).`, { squares: k }));
    }
    if (count[s]! > 32) out.push(issue('error', 'fen-piece-count', `${s === 0 ? 'White' : 'Black'} has ${count[s]} pieces; at most 32.`));
  }
  if (badPawns.length > 0) out.push(issue('error', 'fen-pawn-rank', 'Pawns cannot stand on the first or last rank.', { squares: badPawns }));
  const need: [number, number, number, number, string][] = [
    [CASTLE_WK, 4, 7, KING, 'K'],
    [CASTLE_WQ, 4, 0, KING, 'Q'],
    [CASTLE_BK, 0x74, 0x77, KING | BLACK_BIT, 'k'],
    [CASTLE_BQ, 0x74, 0x70, KING | BLACK_BIT, 'q'],
  ];
  for (const [bit, ks, rs, kc, letter] of need) {
    if (!(f.castling & bit)) continue;
    if (f.bottom[ks] !== kc || f.bottom[rs] !== (ROOK | (kc & BLACK_BIT))) {
      out.push(issue('error', 'fen-castling', `Castling right "${letter}" needs the king on ${name88(ks)} and the rook on ${name88(rs)}.`, { squares: [name88(ks), name88(rs)] }));
    }
  }
  if (f.ep >= 0) {
    // White to move: the target is on rank 6, a black pawn just went from rank 7 to rank 5.
    const up = f.side === 0 ? 16 : -16;
    const pawn = f.ep - up;
    const origin = f.ep + up;
    const want = f.side === 0 ? 5 : 2;
    if (f.ep >> 4 !== want || f.bottom[f.ep] !== 0 || f.bottom[origin] !== 0 || f.bottom[pawn] !== (PAWN | ((f.side ^ 1) << 3))) {
      out.push(
        issue('error', 'fen-en-passant', `En passant square ${name88(f.ep)} does not follow a two-square pawn advance of the side that just moved.`, {
          squares: [name88(f.ep)],
        }),
      );
    }
  }
  return out;
}
