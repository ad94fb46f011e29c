/**
 * Admissible distance tables for Unlock the King search (solver/astar.ts).
 *
 * `kingDistances(pos)`: for every square, the fewest king steps (UK-4: one
 * square in 8 directions) to the portal over non-wall squares, ignoring every
 * other piece (-1 when walls cut the square off from the portal). Walls never
 * move and nothing is captured (UK-5), and other pieces only block further,
 * so the king needs at least that many moves: a lower bound on the moves to
 * solve (UK-6). One king step changes it by at most 1, so h is consistent.
 */
import type { UkPosition } from './position.js';

/** Wall-aware king-step distance to the portal per square (-1: unreachable). */
export function kingDistances(pos: UkPosition): Int16Array {
  const { width, height, walls, portal } = pos;
  const size = width * height;
  const dist = new Int16Array(size).fill(-1);
  const queue = new Int32Array(size);
  let head = 0;
  let tail = 0;
  dist[portal] = 0;
  queue[tail++] = portal;
  while (head < tail) {
    const sq = queue[head++]!;
    const f = sq % width;
    const r = (sq - f) / width;
    for (let dr = -1; dr <= 1; dr++) {
      for (let df = -1; df <= 1; df++) {
        const nf = f + df;
        const nr = r + dr;
        if (nf < 0 || nr < 0 || nf >= width || nr >= height) continue;
        const n = nr * width + nf;
        if (dist[n] !== -1 || walls[n]) continue;
        dist[n] = dist[sq]! + 1;
        queue[tail++] = n;
      }
    }
  }
  return dist;
}

/**
 * Blocker-aware route bound: `bound(occ, king, limit)` is the least, over
 * king routes (UK-4 steps over non-wall squares) from `king` to the portal,
 * of the route's steps plus the number of its squares that a piece stands on
 * (the king's own square is not counted). Each such piece must move away at
 * least once before the king steps there (UK-5: no captures, one piece per
 * square), and distinct squares hold distinct pieces, so this is a lower
 * bound on the moves to solve (UK-6); -1 when no route exists. When the
 * bound exceeds `limit` the search stops early and answers `limit + 1`
 * (still a lower bound).
 *
 * `occ` is an occupancy bitboard: bit `sq & 31` of word `sq >>> 5` is set
 * where a piece other than the king stands; `routeWords(pos)` words (bits
 * past the board are ignored). Reused by the caller, never kept.
 *
 * Bit-parallel shortest path (entering an empty square costs 1, an occupied
 * one 2): `R[d]`, the squares reachable at cost <= d, is
 * `R[d-1] | king-step(R[d-1]) & empty | king-step(R[d-2]) & occupied`,
 * restricted to the portal's wall-free region; the answer is the first d
 * whose R holds the portal. One king-step dilation (shifts by 1 and by the
 * width, file-edge masks) per d: two 32-bit words in scalars on boards of
 * at most 64 squares, a word array on larger ones. Used lazily
 * (SearchProblem.strongHeuristic).
 */
export function routeBound(pos: UkPosition): (occ: Int32Array, king: number, limit: number) => number {
  const { width, height, portal } = pos;
  const size = width * height; // UK-1: at most 16 x 16, so width < 32 and every shift below is in 1..31
  const nW = routeWords(pos);
  const pot = kingDistances(pos);
  // free: the portal's wall-free region; notFirst / notLast: squares off file a / off the last file.
  const free = new Int32Array(nW);
  const notFirst = new Int32Array(nW);
  const notLast = new Int32Array(nW);
  for (let sq = 0; sq < size; sq++) {
    const bit = 1 << (sq & 31);
    const f = sq % width;
    if (pot[sq]! >= 0) free[sq >>> 5]! |= bit;
    if (f !== 0) notFirst[sq >>> 5]! |= bit;
    if (f !== width - 1) notLast[sq >>> 5]! |= bit;
  }
  const pw = portal >>> 5;
  const pb = 1 << (portal & 31);
  const start = (king: number, limit: number): number => {
    const pk = pot[king]!;
    if (pk < 0) return -1;
    if (pk > limit) return limit + 1;
    return pk === 0 ? 0 : -2;
  };
  if (nW <= 2) {
    const f0 = free[0]!;
    const f1 = nW > 1 ? free[1]! : 0;
    const a0 = notFirst[0]!;
    const a1 = nW > 1 ? notFirst[1]! : 0;
    const z0 = notLast[0]!;
    const z1 = nW > 1 ? notLast[1]! : 0;
    const w = width;
    const wr = 32 - w;
    const portalHi = pw === 1;
    return (occ: Int32Array, king: number, limit: number): number => {
      const s = start(king, limit);
      if (s !== -2) return s;
      const o0 = occ[0]! & f0;
      const o1 = nW > 1 ? occ[1]! & f1 : 0;
      const e0 = f0 & ~o0;
      const e1 = f1 & ~o1;
      // R[d-1] (r), king-step(R[d-2]) (p); R[-1] is empty.
      let r0 = king < 32 ? 1 << king : 0;
      let r1 = king < 32 ? 0 : 1 << (king - 32);
      let p0 = 0;
      let p1 = 0;
      for (let d = 1; d <= limit; d++) {
        // y = r | east(r) | west(r); k = y | north(y) | south(y).
        const y0 = r0 | ((r0 << 1) & a0) | (((r0 >>> 1) | (r1 << 31)) & z0);
        const y1 = r1 | (((r1 << 1) | (r0 >>> 31)) & a1) | ((r1 >>> 1) & z1);
        const k0 = y0 | (y0 << w) | (y0 >>> w) | (y1 << wr);
        const k1 = y1 | (y1 << w) | (y0 >>> wr) | (y1 >>> w);
        r0 = r0 | (k0 & e0) | (p0 & o0);
        r1 = r1 | (k1 & e1) | (p1 & o1);
        p0 = k0;
        p1 = k1;
        if (((portalHi ? r1 : r0) & pb) !== 0) return d;
      }
      return limit + 1;
    };
  }
  const r = new Int32Array(nW);
  const y = new Int32Array(nW);
  const p = new Int32Array(nW);
  const last = nW - 1;
  const w = width;
  const wr = 32 - w;
  return (occ: Int32Array, king: number, limit: number): number => {
    const s = start(king, limit);
    if (s !== -2) return s;
    r.fill(0);
    p.fill(0);
    r[king >>> 5] = 1 << (king & 31);
    for (let d = 1; d <= limit; d++) {
      for (let i = 0; i <= last; i++) {
        const ri = r[i]!;
        const east = (ri << 1) | (i > 0 ? r[i - 1]! >>> 31 : 0);
        const west = (ri >>> 1) | (i < last ? r[i + 1]! << 31 : 0);
        y[i] = ri | (east & notFirst[i]!) | (west & notLast[i]!);
      }
      for (let i = 0; i <= last; i++) {
        const yi = y[i]!;
        const north = (yi << w) | (i > 0 ? y[i - 1]! >>> wr : 0);
        const south = (yi >>> w) | (i < last ? y[i + 1]! << wr : 0);
        const ki = yi | north | south;
        const oi = occ[i]! & free[i]!;
        r[i] = r[i]! | (ki & free[i]! & ~oi) | (p[i]! & oi);
        p[i] = ki;
      }
      if ((r[pw]! & pb) !== 0) return d;
    }
    return limit + 1;
  };
}

/** Int32 words of `routeBound`'s occupancy bitboard for this board: ceil(width*height / 32). */
export function routeWords(pos: UkPosition): number {
  return Math.max(1, Math.ceil((pos.width * pos.height) / 32));
}
