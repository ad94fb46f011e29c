/**
 * The 0x88 position shared by orthodox chess (position.ts `Chess`) and
 * Locking Chess (../locking-chess `LcPosition`), in the style of chessops'
 * `Position` / scalachess' `Variant`: this base owns what the two share and
 * calls per-variant hooks for what differs.
 *
 * The base owns:
 * - the state: piece levels (level 0 `board`, the board level; Locking
 *   Chess adds level 1, the top pieces of LC-2 stacks), side to move,
 *   castling rights, en passant square, clocks, king squares, Zobrist key;
 * - FEN / LFEN fields in and out (`load`, `fields`, `fen`), `copyInto`
 *   (clone), `rehash`;
 * - the undo stack and the variant-free part of make / unmake
 *   (`pushUndo`, `finishMove`, `popUndo`: clocks, castling rights, en
 *   passant, side, hash);
 * - legality (`generateLegal`, `hasLegalMove`, `legalMoves`: pseudo-legal
 *   moves filtered by make / check test / unmake, skipped for moves the
 *   variant proves safe; orthodox `Chess` overrides `generateLegal` with
 *   its own copy of the loop so that this one serves Locking Chess alone,
 *   see README.md "Speed"), `perft`;
 * - the draws both variants share (fifty-move rule, repetition within the
 *   moves made) and the `outcome()` plumbing.
 *
 * Hooks (abstract; each variant implements them):
 * - `generatePseudo(out, offset)`: pseudo-legal moves (move codes are the
 *   variant's; bits 0-6 are `from`, 7-13 `to` in both);
 * - `make(m)` / `unmake()`: the piece changes, around `pushUndo` /
 *   `finishMove` / `popUndo`;
 * - `isInCheck(side)`;
 * - `quietlySafe(m, kingSquare)`: a pseudo-legal move of the side to move,
 *   not in check, that cannot expose its king (skips the make / test /
 *   unmake round);
 * - `isInsufficientMaterial()`, `noMoveOutcome()` (mate or stalemate names),
 *   `variantDraw()` (a draw checked before the shared ones, e.g. LC-9
 *   deadlock).
 *
 * Hot path: the hooks hold the inner loops (generation, attacks, make);
 * the base's loops call them once per move. Typed arrays only.
 */
import { KING } from './board.js';
import { fenFromFields, type FenFields } from './fen.js';

/** Move buffer size per ply: more than the moves of any position with at most 32 pieces a side (orthodox legal maximum 218). */
export const MAX_MOVES = 1024;

/** Scratch move buffers of `MAX_MOVES` each: slot 0-1 for has-a-move tests, 2-5 for the Locking Chess deadlock test (LC-9). */
const SCRATCH_SLOTS = 6;

/**
 * Zobrist keys of one variant (32-bit halves `lo` / `hi` of a 64-bit key):
 * piece keys per level at `code * 128 + square` (0x88), castling rights at
 * the CASTLE_* bits (16 entries, entry 0 is 0), en passant by file (8), and
 * the side key (xored in when Black is to move).
 */
export interface ZobristKeys {
  readonly pieceLo: readonly Int32Array[];
  readonly pieceHi: readonly Int32Array[];
  readonly castLo: Int32Array;
  readonly castHi: Int32Array;
  readonly epLo: Int32Array;
  readonly epHi: Int32Array;
  readonly sideLo: number;
  readonly sideHi: number;
}

/** The game is not over. */
export type Ongoing = { status: 'ongoing' };

/** Draws both variants share: fifty-move rule, threefold repetition, insufficient material (each variant defines the last). */
export type SharedDraw = { status: 'draw'; reason: 'fifty-move' | 'repetition' | 'insufficient-material' };

const NO_TOP = new Uint8Array(128);

/**
 * A mutable 0x88 position of one chess variant (see the module doc).
 * `Terminal` is the variant's outcome when the side to move has no legal
 * move, or its own draw (`noMoveOutcome`, `variantDraw`).
 */
export abstract class Position0x88<Terminal> {
  /** Piece codes per level per 0x88 square: [0] the board level, [1] top pieces (Locking Chess only). */
  protected readonly levels: Uint8Array[];
  /** Board-level piece codes per 0x88 square (board.ts codes): orthodox chess's only level, Locking Chess's lower one (LC-2). */
  readonly board: Uint8Array;
  /** 0 White to move, 1 Black. */
  side = 0;
  /** CASTLE_* bits (board.ts). */
  castling = 0;
  /** En passant target (0x88) or -1. */
  ep = -1;
  /** Halfmoves since the last capture or pawn move (fifty-move rule). */
  halfmove = 0;
  fullmove = 1;
  /** King squares (0x88) by colour, -1 when there is none (on either level in Locking Chess). */
  readonly king = new Int32Array(2);
  /** Zobrist key halves of the position (placement, side, castling, en passant file). */
  hashLo = 0;
  hashHi = 0;
  /** Number of moves made since loading (undo depth). */
  ply = 0;
  /** Undo records per ply: the move, what it captured (the variant's code), the state word, the key before it. */
  protected uMove = new Int32Array(256);
  protected uCap = new Int32Array(256);
  protected uState = new Int32Array(256);
  protected uHashLo = new Int32Array(256);
  protected uHashHi = new Int32Array(256);
  private perftBuf = new Int32Array(MAX_MOVES * 8);
  /** `SCRATCH_SLOTS` move buffers of `MAX_MOVES` (has-a-move tests, LC-9 deadlock). */
  protected readonly scratch = new Int32Array(MAX_MOVES * SCRATCH_SLOTS);
  /** The variant's Zobrist keys; one entry of `pieceLo` per level. */
  protected readonly keys: ZobristKeys;

  protected constructor(keys: ZobristKeys) {
    this.keys = keys;
    this.levels = keys.pieceLo.map(() => new Uint8Array(128));
    this.board = this.levels[0]!;
  }

  // ---------------------------------------------------------------- state in and out

  /** Sets the position from parsed FEN / LFEN fields (no checks; the variants' parsers check). Clears the undo history. */
  load(f: FenFields): void {
    const levels = this.levels;
    levels[0]!.set(f.bottom);
    if (levels.length > 1) levels[1]!.set(f.top);
    this.side = f.side;
    this.castling = f.castling;
    this.ep = f.ep;
    this.halfmove = f.halfmove;
    this.fullmove = f.fullmove;
    this.ply = 0;
    this.king[0] = -1;
    this.king[1] = -1;
    for (let l = 0; l < levels.length; l++) {
      const cells = levels[l]!;
      for (let sq = 0; sq < 128; sq++) {
        const p = cells[sq]!;
        if ((sq & 0x88) === 0 && (p & 7) === KING) this.king[p >> 3] = sq;
      }
    }
    this.rehash();
  }

  /** The position's fields (copies; `top` all 0 for a one-level board). */
  fields(): FenFields {
    return {
      bottom: this.board.slice(),
      top: this.levels.length > 1 ? this.levels[1]!.slice() : new Uint8Array(128),
      side: this.side,
      castling: this.castling,
      ep: this.ep,
      halfmove: this.halfmove,
      fullmove: this.fullmove,
    };
  }

  /** FEN of the current position; with stacks this is LFEN (LC-13). */
  fen(): string {
    return fenFromFields({
      bottom: this.board,
      top: this.levels.length > 1 ? this.levels[1]! : NO_TOP,
      side: this.side,
      castling: this.castling,
      ep: this.ep,
      halfmove: this.halfmove,
      fullmove: this.fullmove,
    });
  }

  /** Copies this position (no undo history) into `c`, a fresh position of the same variant; returns `c`. */
  protected copyInto<P extends Position0x88<Terminal>>(c: P): P {
    for (let l = 0; l < this.levels.length; l++) c.levels[l]!.set(this.levels[l]!);
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

  /** Recomputes the Zobrist key from scratch. */
  rehash(): void {
    const z = this.keys;
    let lo = 0;
    let hi = 0;
    for (let l = 0; l < this.levels.length; l++) {
      const cells = this.levels[l]!;
      const kLo = z.pieceLo[l]!;
      const kHi = z.pieceHi[l]!;
      for (let sq = 0; sq < 128; sq++) {
        const p = cells[sq]!;
        if (p !== 0 && (sq & 0x88) === 0) {
          lo ^= kLo[p * 128 + sq]!;
          hi ^= kHi[p * 128 + sq]!;
        }
      }
    }
    lo ^= z.castLo[this.castling]!;
    hi ^= z.castHi[this.castling]!;
    if (this.ep >= 0) {
      lo ^= z.epLo[this.ep & 7]!;
      hi ^= z.epHi[this.ep & 7]!;
    }
    if (this.side) {
      lo ^= z.sideLo;
      hi ^= z.sideHi;
    }
    this.hashLo = lo;
    this.hashHi = hi;
  }

  // ---------------------------------------------------------------- hooks

  /** Pseudo-legal moves of the side to move at `out[offset..]` (at most MAX_MOVES); returns the count. */
  abstract generatePseudo(out: Int32Array, offset: number): number;

  /** Plays a pseudo-legal move of the side to move. */
  abstract make(m: number): void;

  /** Takes back the last move made. */
  abstract unmake(): void;

  /** True when the king of `side` (0 White, 1 Black) is in check. */
  abstract isInCheck(side: number): boolean;

  /**
   * True when pseudo-legal move `m` of the side to move, which is not in
   * check and whose king is on `k`, cannot leave its king in check (the
   * legality test is skipped). False is always safe.
   */
  protected abstract quietlySafe(m: number, k: number): boolean;

  /** True when neither side can ever win (the variant's dead positions). */
  abstract isInsufficientMaterial(): boolean;

  /** The outcome when the side to move has no legal move (mate or a stalemate-like draw). */
  protected abstract noMoveOutcome(): Terminal;

  /** A draw of the variant checked after "no legal move" and before the shared draws, or null. */
  protected abstract variantDraw(): Terminal | null;

  // ---------------------------------------------------------------- make / unmake bookkeeping

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

  /**
   * Opens the undo record of move `m` (growing the stacks when full): saves
   * the move, castling / en passant / halfmove state and the key. Returns
   * the record's index; the variant stores its capture code at `uCap[index]`.
   * Called first by the variants' `make`.
   */
  protected pushUndo(m: number): number {
    if (this.ply >= this.uMove.length) this.grow();
    const ply = this.ply++;
    this.uMove[ply] = m;
    this.uState[ply] = this.castling | ((this.ep + 1) << 4) | (this.halfmove << 12);
    this.uHashLo[ply] = this.hashLo;
    this.uHashHi[ply] = this.hashHi;
    return ply;
  }

  /**
   * Closes a move after the variant moved the pieces: `lo` / `hi` the key
   * with the piece changes xored in; sets the castling rights to `castling`,
   * the en passant square to `ep` (-1 for none), resets the halfmove clock
   * when `resetClock` (pawn move or capture) else counts it, advances the
   * fullmove number after Black, passes the move and stores the key.
   */
  protected finishMove(lo: number, hi: number, castling: number, ep: number, resetClock: boolean): void {
    const z = this.keys;
    if (castling !== this.castling) {
      lo ^= z.castLo[this.castling]! ^ z.castLo[castling]!;
      hi ^= z.castHi[this.castling]! ^ z.castHi[castling]!;
      this.castling = castling;
    }
    if (this.ep >= 0) {
      lo ^= z.epLo[this.ep & 7]!;
      hi ^= z.epHi[this.ep & 7]!;
    }
    this.ep = ep;
    if (ep >= 0) {
      lo ^= z.epLo[ep & 7]!;
      hi ^= z.epHi[ep & 7]!;
    }
    this.halfmove = resetClock ? 0 : this.halfmove + 1;
    const us = this.side;
    if (us === 1) this.fullmove++;
    this.side = us ^ 1;
    this.hashLo = lo ^ z.sideLo;
    this.hashHi = hi ^ z.sideHi;
  }

  /**
   * Starts taking back the last move: restores the side to move (the
   * mover), castling rights, en passant square, clocks and key; returns
   * the undo record's index. The variant's `unmake` then puts the pieces
   * back from `uMove[index]` and `uCap[index]`.
   */
  protected popUndo(): number {
    const ply = --this.ply;
    const us = this.side ^ 1;
    this.side = us;
    const st = this.uState[ply]!;
    this.castling = st & 15;
    this.ep = ((st >> 4) & 0xff) - 1;
    this.halfmove = st >>> 12;
    if (us === 1) this.fullmove--;
    this.hashLo = this.uHashLo[ply]!;
    this.hashHi = this.uHashHi[ply]!;
    return ply;
  }

  // ---------------------------------------------------------------- legality

  /** True when the side to move is in check. */
  inCheck(): boolean {
    return this.isInCheck(this.side);
  }

  /**
   * Legal moves of the side to move at `out[offset..]` (at most MAX_MOVES);
   * returns the count: pseudo-legal moves after which the mover's king is
   * not in check (make / test / unmake unless `quietlySafe`).
   */
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
    const buf = new Int32Array(MAX_MOVES);
    const n = this.generateLegal(buf, 0);
    return Array.from(buf.subarray(0, n));
  }

  /** True when the side to move has a legal move (stops at the first). `slot` picks a scratch buffer (0..5). */
  hasLegalMove(slot = 0): boolean {
    const buf = this.scratch;
    const off = slot * MAX_MOVES;
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

  // ---------------------------------------------------------------- perft

  /** Number of leaf nodes of the legal move tree `depth` plies deep (perft; 1 for depth <= 0). */
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

  /** Fifty-move rule: 100 or more halfmoves without a pawn move or capture (FIDE 9.3; LC-9). */
  isFiftyMoveDraw(): boolean {
    return this.halfmove >= 100;
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
   * The outcome at the start of the side to move's turn: no legal move ->
   * `noMoveOutcome()` (mate or stalemate, first); then `variantDraw()`;
   * then insufficient material, the fifty-move rule (100 halfmoves) and
   * threefold repetition within the moves made; else ongoing.
   */
  outcome(): Terminal | SharedDraw | Ongoing {
    if (!this.hasLegalMove(0)) return this.noMoveOutcome();
    const own = this.variantDraw();
    if (own !== null) return own;
    if (this.isInsufficientMaterial()) return { status: 'draw', reason: 'insufficient-material' };
    if (this.isFiftyMoveDraw()) return { status: 'draw', reason: 'fifty-move' };
    if (this.repetitionCount() >= 3) return { status: 'draw', reason: 'repetition' };
    return { status: 'ongoing' };
  }
}
