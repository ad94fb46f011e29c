/**
 * King's Valley as a `ProofGame` (solver/proof/types.ts): the proof search's
 * mutable, typed-array twin of position.ts (KV-2..KV-6).
 *
 * State: `cells` (KV_EMPTY..KV_PILLAR per square), per side a piece list
 * (index 0 = the king, then the soldiers) with `pieceIndex` per square, the
 * side to move and the KV-4 first-move flag. Rays (squares in each of the
 * 8 directions up to the edge) and neighbour lists are precomputed per
 * board; pillars block because their cell is never empty.
 *
 * Zobrist key: 64 bits as two Int32 halves, XOR of a key per (piece kind,
 * square) for the four kinds, one for Black to move, one for the KV-4 flag.
 * The repetition key (KV-7: placement + side to move) leaves out the flag.
 *
 * Move code: `from | to << 8 | FLAG_BIT` where FLAG_BIT (1 << 16) records
 * that the move was played under the KV-4 flag (so `undo` can restore it).
 */
import { indexToSquare } from '../../model/square.js';
import type { ProofGame } from '../../solver/proof/types.js';
import { KV_DIRECTIONS, type KvPosition } from './position.js';

// Local copies of position.ts's cell codes and types.ts's TERMINAL_* codes:
// module-local constants keep the hot path free of cross-module binding
// lookups (tests check that they agree with the exported ones).
const KV_EMPTY = 0;
const KV_WHITE_SOLDIER = 1;
const KV_WHITE_KING = 2;
const KV_BLACK_SOLDIER = 3;
const KV_BLACK_KING = 4;
const KV_PILLAR = 5;
const TERMINAL_NONE = 0;
const TERMINAL_LOSS = 1;
const TERMINAL_WIN = 2;

const FLAG_BIT = 1 << 16;

/** Deterministic 32-bit generator (splitmix32) for the Zobrist keys. */
function splitmix32(seed: number): () => number {
  let x = seed | 0;
  return () => {
    x = (x + 0x9e3779b9) | 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  };
}

/** The mutable King's Valley game of the proof search. Build it with `kvProofGame`. */
export class KvGame implements ProofGame {
  readonly width: number;
  readonly height: number;
  readonly size: number;
  readonly valley: number;
  readonly soldiersMayStopOnValley: boolean;
  readonly maxMoves: number;
  readonly stateWords: number;
  /** Current cells (read-only for callers). */
  readonly cells: Uint8Array;
  /** 0 = White to move, 1 = Black. */
  stm = 0;
  /** 1 while the KV-4 first-move restriction applies. */
  flag = 0;
  private hLo = 0;
  private hHi = 0;
  private readonly maxPieces: number;
  private readonly pieces: Int32Array;
  private readonly count = new Int32Array(2);
  private readonly pieceIndex: Int8Array;
  private readonly king = new Int32Array(2);
  private readonly rayStart: Int32Array;
  private readonly rayLen: Uint8Array;
  private readonly raySq: Uint8Array;
  private readonly nbStart: Int32Array;
  private readonly nbLen: Uint8Array;
  private readonly nbSq: Uint8Array;
  /** adjacent[a*size+b] = 1 when a and b are neighbours. */
  private readonly adjacent: Uint8Array;
  /** Direction from a square to the valley along a line, or -1. */
  private readonly dirToValley: Int8Array;
  private readonly zLo: Int32Array;
  private readonly zHi: Int32Array;
  private readonly stmLo: number;
  private readonly stmHi: number;
  private readonly flagLo: number;
  private readonly flagHi: number;
  private readonly scratch: Int32Array;
  /** 1 on pillar squares (fixed for the game). */
  private readonly pillar: Uint8Array;

  constructor(pos: KvPosition) {
    const { width, height } = pos;
    const size = width * height;
    this.width = width;
    this.height = height;
    this.size = size;
    this.valley = pos.valley;
    this.soldiersMayStopOnValley = pos.soldiersMayStopOnValley;
    let white = 0;
    let black = 0;
    for (const c of pos.cells) {
      if (c === KV_WHITE_KING || c === KV_WHITE_SOLDIER) white++;
      else if (c === KV_BLACK_KING || c === KV_BLACK_SOLDIER) black++;
    }
    this.maxPieces = Math.max(1, white, black);
    this.maxMoves = 8 * this.maxPieces;
    this.stateWords = Math.ceil(size / 4) + 1;
    this.cells = new Uint8Array(size);
    this.pieces = new Int32Array(2 * this.maxPieces);
    this.pieceIndex = new Int8Array(size);
    this.scratch = new Int32Array(this.maxMoves);
    this.pillar = new Uint8Array(size);
    for (let i = 0; i < size; i++) if (pos.cells[i] === KV_PILLAR) this.pillar[i] = 1;

    // Rays and neighbours (pillars are static: left out of neighbour lists).
    this.rayStart = new Int32Array(size * 8);
    this.rayLen = new Uint8Array(size * 8);
    const ray: number[] = [];
    this.nbStart = new Int32Array(size);
    this.nbLen = new Uint8Array(size);
    const nb: number[] = [];
    this.adjacent = new Uint8Array(size * size);
    this.dirToValley = new Int8Array(size).fill(-1);
    const vf = pos.valley % width;
    const vr = Math.floor(pos.valley / width);
    for (let s = 0; s < size; s++) {
      const f0 = s % width;
      const r0 = Math.floor(s / width);
      this.nbStart[s] = nb.length;
      for (let d = 0; d < 8; d++) {
        const [df, dr] = KV_DIRECTIONS[d]!;
        this.rayStart[s * 8 + d] = ray.length;
        let f = f0 + df;
        let r = r0 + dr;
        while (f >= 0 && r >= 0 && f < width && r < height) {
          ray.push(r * width + f);
          f += df;
          r += dr;
        }
        this.rayLen[s * 8 + d] = ray.length - this.rayStart[s * 8 + d]!;
        const nf = f0 + df;
        const nr = r0 + dr;
        if (nf >= 0 && nr >= 0 && nf < width && nr < height) {
          this.adjacent[s * size + nr * width + nf] = 1;
          if (pos.cells[nr * width + nf] !== KV_PILLAR) nb.push(nr * width + nf);
        }
        // Is the valley on this ray?
        const tf = vf - f0;
        const tr = vr - r0;
        const k = Math.max(Math.abs(tf), Math.abs(tr));
        if (k > 0 && tf === df * k && tr === dr * k) this.dirToValley[s] = d;
      }
      this.nbLen[s] = nb.length - this.nbStart[s]!;
    }
    this.raySq = Uint8Array.from(ray);
    this.nbSq = Uint8Array.from(nb);

    const rnd = splitmix32(0x4b56_2026);
    this.zLo = new Int32Array(5 * size);
    this.zHi = new Int32Array(5 * size);
    for (let i = size; i < 5 * size; i++) {
      this.zLo[i] = rnd();
      this.zHi[i] = rnd();
    }
    this.stmLo = rnd();
    this.stmHi = rnd();
    this.flagLo = rnd();
    this.flagHi = rnd();

    const buf = new Int32Array(this.stateWords);
    for (let s = 0; s < size; s++) buf[s >> 2] = buf[s >> 2]! | (pos.cells[s]! << ((s & 3) * 8));
    buf[this.stateWords - 1] = (pos.sideToMove === 'black' ? 1 : 0) | (pos.firstMoveSoldierOnly ? 2 : 0);
    this.decode(buf);
  }

  encode(out: Int32Array): void {
    out.fill(0, 0, this.stateWords);
    for (let s = 0; s < this.size; s++) out[s >> 2] = out[s >> 2]! | (this.cells[s]! << ((s & 3) * 8));
    out[this.stateWords - 1] = this.stm | (this.flag << 1);
  }

  /**
   * Sets the position from `encode` output of this game (or of any position
   * with the same board, pillars and at most as many pieces per side as the
   * one it was built from). Throws RangeError for any other state, which
   * the precomputed neighbour lists and piece lists could not represent.
   */
  decode(buf: Int32Array): void {
    const size = this.size;
    let white = 0;
    let black = 0;
    for (let s = 0; s < size; s++) {
      const c = (buf[s >> 2]! >>> ((s & 3) * 8)) & 0xff;
      if (c > KV_PILLAR || (c === KV_PILLAR) !== (this.pillar[s] === 1)) {
        throw new RangeError('KvGame.decode: the state does not belong to this board');
      }
      if (c === KV_WHITE_KING || c === KV_WHITE_SOLDIER) white++;
      else if (c === KV_BLACK_KING || c === KV_BLACK_SOLDIER) black++;
    }
    if (white > this.maxPieces || black > this.maxPieces) {
      throw new RangeError('KvGame.decode: more pieces than this game was built for');
    }
    this.count[0] = 1;
    this.count[1] = 1;
    this.hLo = 0;
    this.hHi = 0;
    this.pieceIndex.fill(-1);
    for (let s = 0; s < size; s++) {
      const c = (buf[s >> 2]! >>> ((s & 3) * 8)) & 0xff;
      this.cells[s] = c;
      if (c === KV_EMPTY || c === KV_PILLAR) continue;
      this.hLo ^= this.zLo[c * size + s]!;
      this.hHi ^= this.zHi[c * size + s]!;
      const side = c >= KV_BLACK_SOLDIER ? 1 : 0;
      let idx: number;
      if (c === KV_WHITE_KING || c === KV_BLACK_KING) {
        idx = 0;
        this.king[side] = s;
      } else {
        idx = this.count[side]!++;
      }
      this.pieces[side * this.maxPieces + idx] = s;
      this.pieceIndex[s] = idx;
    }
    const w = buf[this.stateWords - 1]!;
    this.stm = w & 1;
    this.flag = (w >>> 1) & 1;
    if (this.stm) {
      this.hLo ^= this.stmLo;
      this.hHi ^= this.stmHi;
    }
    if (this.flag) {
      this.hLo ^= this.flagLo;
      this.hHi ^= this.flagHi;
    }
  }

  hashLo(): number {
    return this.hLo;
  }
  hashHi(): number {
    return this.hHi;
  }
  repLo(): number {
    return this.flag ? this.hLo ^ this.flagLo : this.hLo;
  }
  repHi(): number {
    return this.flag ? this.hHi ^ this.flagHi : this.hHi;
  }

  /**
   * KV-5/KV-6 at the start of the side to move's turn: the opponent's king
   * on the valley -> LOSS; own king on the valley -> WIN (not reachable from
   * a valid level); own king trapped -> LOSS; no legal move (KV-4) -> LOSS.
   */
  terminal(): number {
    const me = this.stm;
    if (this.king[me ^ 1] === this.valley) return TERMINAL_LOSS;
    const k = this.king[me]!;
    if (k === this.valley) return TERMINAL_WIN;
    const cells = this.cells;
    let free = false;
    for (let j = this.nbStart[k]!, e = j + this.nbLen[k]!; j < e; j++) {
      if (cells[this.nbSq[j]!] === KV_EMPTY) {
        free = true;
        break;
      }
    }
    if (!free) return TERMINAL_LOSS;
    if (this.flag && this.generate(this.scratch, 0) === 0) return TERMINAL_LOSS;
    return TERMINAL_NONE;
  }

  /** KV-2..KV-4 legal moves of the side to move: king first, then soldiers; directions N..NW. */
  generate(out: Int32Array, offset: number): number {
    const side = this.stm;
    const base = side * this.maxPieces;
    const n = this.count[side]!;
    const cells = this.cells;
    const rayStart = this.rayStart;
    const rayLen = this.rayLen;
    const raySq = this.raySq;
    const valley = this.valley;
    const soldierValley = this.soldiersMayStopOnValley;
    const fl = this.flag ? FLAG_BIT : 0;
    let k = offset;
    for (let i = this.flag ? 1 : 0; i < n; i++) {
      const from = this.pieces[base + i]!;
      const ro = from * 8;
      for (let d = 0; d < 8; d++) {
        let j = rayStart[ro + d]!;
        const e = j + rayLen[ro + d]!;
        let last = -1;
        while (j < e) {
          const sq = raySq[j]!;
          if (cells[sq] !== KV_EMPTY) break;
          last = sq;
          j++;
        }
        if (last < 0) continue;
        if (i !== 0 && last === valley && !soldierValley) continue;
        out[k++] = from | (last << 8) | fl;
      }
    }
    return k - offset;
  }

  play(move: number): void {
    const from = move & 0xff;
    const to = (move >>> 8) & 0xff;
    const cells = this.cells;
    const c = cells[from]!;
    cells[from] = KV_EMPTY;
    cells[to] = c;
    const zo = c * this.size;
    this.hLo ^= this.zLo[zo + from]! ^ this.zLo[zo + to]!;
    this.hHi ^= this.zHi[zo + from]! ^ this.zHi[zo + to]!;
    const side = c >= KV_BLACK_SOLDIER ? 1 : 0;
    const idx = this.pieceIndex[from]!;
    if (idx === 0) this.king[side] = to;
    this.pieces[side * this.maxPieces + idx] = to;
    this.pieceIndex[to] = idx;
    this.pieceIndex[from] = -1;
    if (move & FLAG_BIT) {
      this.flag = 0;
      this.hLo ^= this.flagLo;
      this.hHi ^= this.flagHi;
    }
    this.stm ^= 1;
    this.hLo ^= this.stmLo;
    this.hHi ^= this.stmHi;
  }

  undo(move: number): void {
    const from = move & 0xff;
    const to = (move >>> 8) & 0xff;
    const cells = this.cells;
    const c = cells[to]!;
    cells[to] = KV_EMPTY;
    cells[from] = c;
    const zo = c * this.size;
    this.hLo ^= this.zLo[zo + from]! ^ this.zLo[zo + to]!;
    this.hHi ^= this.zHi[zo + from]! ^ this.zHi[zo + to]!;
    const side = c >= KV_BLACK_SOLDIER ? 1 : 0;
    const idx = this.pieceIndex[to]!;
    if (idx === 0) this.king[side] = from;
    this.pieces[side * this.maxPieces + idx] = from;
    this.pieceIndex[from] = idx;
    this.pieceIndex[to] = -1;
    if (move & FLAG_BIT) {
      this.flag = 1;
      this.hLo ^= this.flagLo;
      this.hHi ^= this.flagHi;
    }
    this.stm ^= 1;
    this.hLo ^= this.stmLo;
    this.hHi ^= this.stmHi;
  }

  /**
   * True when the side to move (position not terminal) has a move after
   * which the opponent has lost: its king slides onto the valley (KV-5), or
   * the opponent's king is trapped (KV-6): it has no free neighbour and the
   * mover does not vacate one, or exactly one free neighbour f and a piece
   * not next to that king slides to a stop on f.
   */
  immediateWin(): boolean {
    const me = this.stm;
    const cells = this.cells;
    const rayStart = this.rayStart;
    const rayLen = this.rayLen;
    const raySq = this.raySq;
    const valley = this.valley;
    // KV-5: king onto the valley.
    if (!this.flag) {
      const k = this.king[me]!;
      const d = this.dirToValley[k]!;
      if (d >= 0) {
        let j = rayStart[k * 8 + d]!;
        const e = j + rayLen[k * 8 + d]!;
        while (j < e) {
          const sq = raySq[j]!;
          if (cells[sq] !== KV_EMPTY) break;
          if (sq === valley) {
            if (j + 1 >= e || cells[raySq[j + 1]!] !== KV_EMPTY) return true;
            break;
          }
          j++;
        }
      }
    }
    // KV-6: trap the opponent's king.
    const kd = this.king[me ^ 1]!;
    let nfree = 0;
    let f = -1;
    for (let j = this.nbStart[kd]!, e = j + this.nbLen[kd]!; j < e; j++) {
      const sq = this.nbSq[j]!;
      if (cells[sq] === KV_EMPTY) {
        if (++nfree > 1) return false;
        f = sq;
      }
    }
    const size = this.size;
    const adj = this.adjacent;
    const base = me * this.maxPieces;
    if (nfree === 0) {
      const n = this.count[me]!;
      for (let i = this.flag ? 1 : 0; i < n; i++) {
        const from = this.pieces[base + i]!;
        if (adj[from * size + kd] === 1) continue;
        if (this.hasMove(from, i === 0)) return true;
      }
      return false;
    }
    const myKing = me === 0 ? KV_WHITE_KING : KV_BLACK_KING;
    const mySoldier = me === 0 ? KV_WHITE_SOLDIER : KV_BLACK_SOLDIER;
    for (let u = 0; u < 8; u++) {
      // The slide towards f must stop on f: the square beyond it blocked or off the board.
      const bo = f * 8 + ((u + 4) & 7);
      if (rayLen[bo]! > 0 && cells[raySq[rayStart[bo]!]!] === KV_EMPTY) continue;
      let j = rayStart[f * 8 + u]!;
      const e = j + rayLen[f * 8 + u]!;
      let p = -1;
      while (j < e) {
        const sq = raySq[j]!;
        if (cells[sq] !== KV_EMPTY) {
          p = sq;
          break;
        }
        j++;
      }
      if (p < 0) continue;
      const c = cells[p];
      if (c === myKing) {
        if (this.flag) continue;
      } else if (c === mySoldier) {
        if (f === valley && !this.soldiersMayStopOnValley) continue;
      } else {
        continue;
      }
      if (adj[p * size + kd] === 1) continue;
      return true;
    }
    return false;
  }

  /** True when the piece on `from` has at least one legal slide (KV-2, KV-3). */
  private hasMove(from: number, isKing: boolean): boolean {
    const cells = this.cells;
    for (let d = 0; d < 8; d++) {
      let j = this.rayStart[from * 8 + d]!;
      const e = j + this.rayLen[from * 8 + d]!;
      let last = -1;
      while (j < e) {
        const sq = this.raySq[j]!;
        if (cells[sq] !== KV_EMPTY) break;
        last = sq;
        j++;
      }
      if (last < 0) continue;
      if (!isKing && last === this.valley && !this.soldiersMayStopOnValley) continue;
      return true;
    }
    return false;
  }

  moveToLan(move: number): string {
    const from = move & 0xff;
    const to = (move >>> 8) & 0xff;
    const c = this.cells[from];
    const letter = c === KV_WHITE_KING || c === KV_BLACK_KING ? 'K' : 'S';
    return letter + indexToSquare(from, this.width) + '-' + indexToSquare(to, this.width);
  }
}

/** The proof-search game for a compiled position (its side to move is the attacker). */
export function kvProofGame(pos: KvPosition): KvGame {
  return new KvGame(pos);
}
