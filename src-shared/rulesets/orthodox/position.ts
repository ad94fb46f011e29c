/**
 * Orthodox chess (FIDE laws of movement): `Chess`, the orthodox variant of
 * the shared 0x88 position (position-base.ts), and the base of Locking
 * Chess (LC-1: orthodox chess applies except where changed); verified by
 * the published perft suite (tests/shared/rulesets/orthodox).
 *
 * What this file adds to the base (its hooks): the attack test, pseudo-legal
 * generation (with castling), make / unmake of the pieces, the pin shortcut
 * of the legality filter, insufficient material, checkmate / stalemate, and
 * the FEN checks of `fromFen`.
 *
 * Move code (non-negative int): `from | to << 7 | flag << 14 | promo << 17`,
 * squares 0x88 (board.ts), flag one of FLAG_*, promo a piece type (2..5) or 0.
 *
 * Hot path: typed arrays only; module-local constants.
 */
import { issue, type Issue, type Result } from '../../validation/issue.js';
import * as B from './board.js';
import { name88, splitmix32 } from './board.js';
import { parseFenFields, type FenFields } from './fen.js';
import { Position0x88, type ZobristKeys } from './position-base.js';

export { MAX_MOVES } from './position-base.js';

// Module-local copies of board.ts constants: no cross-module binding lookups on the hot path.
const ALIGNED = B.ALIGNED;
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

/** Move flag: a quiet move (also a quiet promotion). */
export const FLAG_QUIET = 0;
/** Move flag: a pawn's two-square advance (sets the en passant square). */
export const FLAG_DOUBLE = 1;
/** Move flag: a capture on `to` (also a capturing promotion). */
export const FLAG_CAPTURE = 2;
/** Move flag: an en passant capture. */
export const FLAG_EP = 3;
/** Move flag: castling (the king's move; the rook moves with it). */
export const FLAG_CASTLE = 4;

/** Move-code field: from square (0x88). */
export const moveFrom = (m: number): number => m & 0x7f;
/** Move-code field: to square (0x88). */
export const moveTo = (m: number): number => (m >>> 7) & 0x7f;
/** Move-code field: the FLAG_* value. */
export const moveFlag = (m: number): number => (m >>> 14) & 7;
/** Move-code field: promotion piece type (2..5) or 0. */
export const movePromo = (m: number): number => (m >>> 17) & 7;

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

/** The same keys as the base sees them (one level). */
const KEYS: ZobristKeys = {
  pieceLo: [Z.lo],
  pieceHi: [Z.hi],
  castLo: Z.castLo,
  castHi: Z.castHi,
  epLo: Z.epLo,
  epHi: Z.epHi,
  sideLo: Z.sideLo,
  sideHi: Z.sideHi,
};

const PROMOS = [QUEEN, ROOK, BISHOP, KNIGHT];

/** Orthodox outcomes when the side to move has no legal move: checkmate or stalemate. */
export type ChessNoMove = { status: 'checkmate'; winner: 'white' | 'black' } | { status: 'draw'; reason: 'stalemate' };

/** Outcome of a position with its history (see `Chess.outcome`). */
export type ChessOutcome =
  | { status: 'ongoing' }
  | { status: 'checkmate'; winner: 'white' | 'black' }
  | { status: 'draw'; reason: 'stalemate' | 'fifty-move' | 'repetition' | 'insufficient-material' };

/**
 * A mutable orthodox chess position (one level: `board`). Build with
 * `Chess.fromFen` / `Chess.start()`. `outcome()` (base, a `ChessOutcome`):
 * checkmate or stalemate first, then insufficient material, the fifty-move
 * rule and threefold repetition within the moves made.
 */
export class Chess extends Position0x88<ChessNoMove> {
  static readonly START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

  constructor() {
    super(KEYS);
  }

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
        error: [
          issue('error', 'fen-opponent-in-check', `${c.side === 0 ? 'Black' : 'White'} is in check but it is not its move.`, {
            squares: [name88(c.king[c.side ^ 1]!)],
          }),
        ],
      };
    }
    return { ok: true, value: c };
  }

  /** A copy with the same position (no undo history). */
  clone(): Chess {
    return this.copyInto(new Chess());
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

  /** True when the king of `side` is attacked by the other colour. */
  isInCheck(side: number): boolean {
    return this.attacked(this.king[side]!, side ^ 1);
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

  /**
   * Pin shortcut of the legality filter: with the mover not in check, a
   * move cannot expose its king unless it is a king move (castling
   * included), en passant (it empties a second square), or it leaves a
   * square on a rank, file or diagonal of the king (it may open a line).
   * Landing elsewhere only blocks lines or removes an attacker.
   */
  protected quietlySafe(m: number, k: number): boolean {
    const from = m & 0x7f;
    if (from === k || ((m >>> 14) & 7) === FLAG_EP) return false;
    return ALIGNED[from - k + 119] !== 1;
  }

  /**
   * Legal moves of the side to move at `out[offset..]` (at most MAX_MOVES);
   * returns the count. The base's filter for orthodox chess: the pin
   * shortcut, else make / attack test on the king / unmake. Chess keeps this
   * per-move loop of its own so that in a process running both variants
   * the base's loop serves Locking Chess alone: V8 keeps one set of type
   * feedback per function, and a loop shared by two classes dispatches on
   * the class at every move (measured 2-4% on Locking Chess perft).
   */
  override generateLegal(out: Int32Array, offset: number): number {
    const n = this.generatePseudo(out, offset);
    const us = this.side;
    const them = us ^ 1;
    const k = this.king[us]!;
    const free = !this.attacked(k, them);
    let j = offset;
    for (let i = offset; i < offset + n; i++) {
      const m = out[i]!;
      if (free && this.quietlySafe(m, k)) {
        out[j++] = m;
        continue;
      }
      this.make(m);
      const legal = !this.attacked(this.king[us]!, them);
      this.unmake();
      if (legal) out[j++] = m;
    }
    return j - offset;
  }

  // ---------------------------------------------------------------- make / unmake

  /** Plays a (pseudo-)legal move of the side to move. */
  make(m: number): void {
    const b = this.board;
    const from = m & 0x7f;
    const to = (m >>> 7) & 0x7f;
    const flag = (m >>> 14) & 7;
    const promo = (m >>> 17) & 7;
    const us = this.side;
    const p = b[from]!;
    const ply = this.pushUndo(m);
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
    const castling = this.castling & CASTLE_MASK[from]! & CASTLE_MASK[to]!;
    this.finishMove(lo, hi, castling, flag === FLAG_DOUBLE ? (from + to) >> 1 : -1, (p & 7) === PAWN || cap !== 0);
  }

  /** Takes back the last move made. */
  unmake(): void {
    const ply = this.popUndo();
    const m = this.uMove[ply]!;
    const b = this.board;
    const from = m & 0x7f;
    const to = (m >>> 7) & 0x7f;
    const flag = (m >>> 14) & 7;
    const promo = (m >>> 17) & 7;
    const us = this.side;
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
  }

  // ---------------------------------------------------------------- draws and outcome

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

  /** Checkmate (in check) or stalemate: called when the side to move has no legal move. */
  protected noMoveOutcome(): ChessNoMove {
    return this.inCheck() ? { status: 'checkmate', winner: this.side === 0 ? 'black' : 'white' } : { status: 'draw', reason: 'stalemate' };
  }

  /** Orthodox chess has no draw of its own besides the shared ones. */
  protected variantDraw(): null {
    return null;
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
      out.push(
        issue('error', 'fen-castling', `Castling right "${letter}" needs the king on ${name88(ks)} and the rook on ${name88(rs)}.`, {
          squares: [name88(ks), name88(rs)],
        }),
      );
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
