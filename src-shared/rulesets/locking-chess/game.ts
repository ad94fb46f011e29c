/**
 * Locking Chess as a `ProofGame` (solver/proof/types.ts) for "mate in N"
 * (LEVEL-FORMAT-v1: any LC-8 win counts as mate).
 *
 * The game wraps an `LcPosition` (make/unmake, legal generation, Zobrist
 * keys). State encoding: 16 words of board bytes (per 64-square index
 * `bottom | top << 4`) and one word `side | castling << 1 | (ep + 1) << 5 |
 * halfmove << 12`. The transposition key is the position's Zobrist key
 * (placement of both levels, side, castling, en passant file), which is
 * also the repetition identity.
 *
 * terminal(): no legal move -> LOSS when in check (every LC-8 mate), DRAW
 * otherwise (stalemate, lockout); DRAW for an LC-9 deadlock. The fifty-move
 * rule and the insufficient-material draw are not applied inside the search
 * (a mate within N moves ends the game first; a position with kings only
 * has no mate to find).
 */
import type { ProofGame } from '../../solver/proof/types.js';
import { to88 } from '../orthodox/board.js';
import { lcMoveToLan } from './notation.js';
import { LC_MAX_MOVES, type LcPosition } from './position.js';

const TERMINAL_NONE = 0;
const TERMINAL_LOSS = 1;
const TERMINAL_DRAW = 3;

/** The mutable proof-search game over a Locking Chess position (its side to move attacks). */
export class LcGame implements ProofGame {
  readonly maxMoves = LC_MAX_MOVES;
  readonly stateWords = 17;
  readonly pos: LcPosition;

  constructor(pos: LcPosition) {
    this.pos = pos;
  }

  encode(out: Int32Array): void {
    const p = this.pos;
    out.fill(0, 0, 17);
    for (let s = 0; s < 64; s++) {
      const sq = to88(s);
      const byte = p.bot[sq]! | (p.top[sq]! << 4);
      out[s >> 2] = out[s >> 2]! | (byte << ((s & 3) * 8));
    }
    out[16] = p.side | (p.castling << 1) | ((p.ep + 1) << 5) | (p.halfmove << 12);
  }

  decode(buf: Int32Array): void {
    const bottom = new Uint8Array(128);
    const top = new Uint8Array(128);
    for (let s = 0; s < 64; s++) {
      const byte = (buf[s >> 2]! >>> ((s & 3) * 8)) & 0xff;
      const sq = to88(s);
      bottom[sq] = byte & 15;
      top[sq] = byte >> 4;
    }
    const w = buf[16]!;
    this.pos.load({
      bottom,
      top,
      side: w & 1,
      castling: (w >>> 1) & 15,
      ep: ((w >>> 5) & 0x7f) - 1,
      halfmove: w >>> 12,
      fullmove: this.pos.fullmove,
    });
  }

  hashLo(): number {
    return this.pos.hashLo;
  }
  hashHi(): number {
    return this.pos.hashHi;
  }
  repLo(): number {
    return this.pos.hashLo;
  }
  repHi(): number {
    return this.pos.hashHi;
  }

  terminal(): number {
    const p = this.pos;
    if (!p.hasLegalMove(0)) return p.isInCheck(p.side) ? TERMINAL_LOSS : TERMINAL_DRAW;
    if (p.isDeadlock()) return TERMINAL_DRAW;
    return TERMINAL_NONE;
  }

  generate(out: Int32Array, offset: number): number {
    return this.pos.generateLegal(out, offset);
  }

  play(move: number): void {
    this.pos.make(move);
  }

  undo(_move: number): void {
    this.pos.unmake();
  }

  moveToLan(move: number): string {
    return lcMoveToLan(this.pos, move);
  }
}
