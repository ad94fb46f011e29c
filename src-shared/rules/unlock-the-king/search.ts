/**
 * Unlock the King as a `SearchProblem` for the generic BFS engine.
 *
 * State encoding: one byte per piece (its board index, 0..255: boards are at
 * most 16x16 by UK-1), four pieces per Int32 word, `ceil(n/4)` words. Slot 0
 * is the king, slots 1.. are the other pieces in blueprint order. Identical
 * pieces are NOT canonicalised (two rooks swapping squares are distinct
 * states). Walls and the portal are fixed and live in closure tables.
 *
 * Move code: `slot << 8 | to`.
 *
 * Proof shortcut (used by rules/index.ts solveLevel, not by the problem
 * itself): `kingCanReachPortal` false proves the blueprint unsolvable
 * without enumerating piece permutations.
 */
import type { SearchProblem } from '../../solver/types.js';
import { indexToSquare } from '../../model/square.js';
import type { Role } from '../../model/level.js';
import type { UkPosition } from './position.js';
import { movementClass } from './tables.js';

const LETTER: Record<Role, string> = { king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N', pawn: 'P' };

/**
 * Builds the search problem for `pos` (a compiled, valid position). The
 * goal (UK-6) is "king on the portal"; successors are exactly
 * `legalMoves` (UK-4, UK-5) from the decoded state. Expansion uses a reused
 * Uint8Array occupancy grid and the precomputed ray tables; no allocation
 * per successor.
 */
/**
 * True when the portal lies in the king's wall-free 8-connected region of
 * the board (ignoring all other pieces, which only block further). False
 * proves the blueprint unsolvable (UK-4 king steps, UK-5 no captures).
 */
export function kingCanReachPortal(pos: UkPosition): boolean {
  const { width, height, walls, portal } = pos;
  const start = pos.pieces[pos.king]!.square;
  const seen = new Uint8Array(width * height);
  const stack = [start];
  seen[start] = 1;
  while (stack.length > 0) {
    const sq = stack.pop()!;
    if (sq === portal) return true;
    const f = sq % width;
    const r = (sq - f) / width;
    for (let dr = -1; dr <= 1; dr++) {
      for (let df = -1; df <= 1; df++) {
        const nf = f + df;
        const nr = r + dr;
        if (nf < 0 || nr < 0 || nf >= width || nr >= height) continue;
        const n = nr * width + nf;
        if (seen[n] || walls[n]) continue;
        seen[n] = 1;
        stack.push(n);
      }
    }
  }
  return false;
}

export function ukSearchProblem(pos: UkPosition): SearchProblem {
  const n = pos.pieces.length;
  const words = Math.max(1, Math.ceil(n / 4));
  const t = pos.tables;
  const size = t.size;
  const { groupStart, rayStart, rayEnd, raySquares } = t;

  // Slot order: king first, then the others in blueprint order.
  const slotPiece = new Int32Array(n);
  slotPiece[0] = pos.king;
  for (let i = 0, s = 1; i < n; i++) if (i !== pos.king) slotPiece[s++] = i;
  /** Row offset of the slot's movement class in groupStart (class * size). */
  const slotClassBase = new Int32Array(n);
  const slotLetter: string[] = [];
  for (let s = 0; s < n; s++) {
    const p = pos.pieces[slotPiece[s]!]!;
    slotClassBase[s] = movementClass(p.role, p.facing, p.lateral) * size;
    slotLetter.push(LETTER[p.role]);
  }
  const initial = new Int32Array(words);
  for (let s = 0; s < n; s++) {
    const sq = pos.pieces[slotPiece[s]!]!.square;
    initial[s >> 2] = initial[s >> 2]! | (sq << ((s & 3) * 8));
  }
  const portal = pos.portal;
  const occ = new Uint8Array(size);
  const sqs = new Int32Array(n);
  const width = pos.width;

  return {
    stateWords: words,
    writeInitial(out: Int32Array): void {
      out.set(initial);
    },
    isGoal(buf: Int32Array, offset: number): boolean {
      return (buf[offset]! & 0xff) === portal;
    },
    expand(buf: Int32Array, offset: number, out: Int32Array, emit: (move: number) => boolean): void {
      for (let w = 0; w < words; w++) out[w] = buf[offset + w]!;
      for (let s = 0; s < n; s++) {
        const sq = (out[s >> 2]! >>> ((s & 3) << 3)) & 0xff;
        sqs[s] = sq;
        occ[sq] = 1;
      }
      outer: for (let s = 0; s < n; s++) {
        const from = sqs[s]!;
        const w = s >> 2;
        const shift = (s & 3) << 3;
        const orig = out[w]!;
        const cleared = orig & ~(0xff << shift);
        const g = slotClassBase[s]! + from;
        const moveBase = s << 8;
        for (let r = groupStart[g]!, rEnd = groupStart[g + 1]!; r < rEnd; r++) {
          for (let j = rayStart[r]!, jEnd = rayEnd[r]!; j < jEnd; j++) {
            const to = raySquares[j]!;
            if (occ[to] !== 0) break;
            out[w] = cleared | (to << shift);
            const stop = emit(moveBase | to);
            out[w] = orig;
            if (stop) break outer;
          }
        }
      }
      for (let s = 0; s < n; s++) occ[sqs[s]!] = 0;
    },
    moveToLan(buf: Int32Array, offset: number, move: number): string {
      const s = move >>> 8;
      const to = move & 0xff;
      const from = (buf[offset + (s >> 2)]! >>> ((s & 3) << 3)) & 0xff;
      return (slotLetter[s] ?? '?') + indexToSquare(from, width) + '-' + indexToSquare(to, width);
    },
  };
}
