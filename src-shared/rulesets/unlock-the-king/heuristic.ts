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
import { frozenPieces } from './frozen.js';

/** Exact `routeBound` answers remembered per bound (a ring; see `routeBound`). */
const MEMO_ENTRIES = 8;

/**
 * Wall-aware king-step distance to the portal per square (-1: unreachable).
 * `blocked` (optional, one byte per square): more squares the king can never
 * enter, treated like walls (`stuckSquares`).
 */
export function kingDistances(pos: UkPosition, blocked?: Uint8Array): Int16Array {
  const { width, height, portal } = pos;
  const size = width * height;
  const walls = blocked ? pos.walls.map((w, i) => (w || blocked[i] ? 1 : 0)) : pos.walls;
  const dist = new Int16Array(size).fill(-1);
  if (walls[portal]) return dist;
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
 * Squares whose piece can never move, in any position reachable from `pos`
 * (1 = stuck): the pieces of `frozenPieces` (frozen.ts: the largest set of
 * pieces each of whose moves, UK-4, starts on a square held by a piece of
 * the set; UK-5 no captures, so none of them ever leaves), the king left
 * out (it is the one that has to move). The king can never enter these
 * squares, so the route bound treats them as walls. All zero when `pos`
 * carries no movement tables.
 */
export function stuckSquares(pos: UkPosition): Uint8Array {
  const stuck = new Uint8Array(pos.width * pos.height);
  if (!pos.tables) return stuck;
  const frozen = frozenPieces(pos);
  for (let i = 0; i < pos.pieces.length; i++) if (frozen[i] && i !== pos.king) stuck[pos.pieces[i]!.square] = 1;
  return stuck;
}

/**
 * `routeBound`'s answer function `bound(occ, king, limit)`, with the
 * relevant squares of its last exact answer.
 */
export interface RouteBound {
  (occ: Int32Array, king: number, limit: number): number;
  /**
   * After a call that answered d <= limit: the relevant squares M of that
   * answer (bitboard, `routeWords` words; see `routeBound`). Any occupancy
   * that agrees with the call's one on M, with the same king square, has the
   * same bound d: a move of a piece other than the king whose from- and
   * to-squares both lie off M leaves the bound unchanged. Empty when d came
   * from the king's square alone (0 on the portal, -1 cut off); meaningless
   * after an answer past the limit. Overwritten by the next call.
   */
  readonly mask: Int32Array;
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
 * restricted to the portal's wall-free region (walls and stuck pieces,
 * `stuckSquares`); the answer is the first d
 * whose R holds the portal. One king-step dilation (shifts by 1 and by the
 * width, file-edge masks) per d: two 32-bit words in scalars on boards of
 * at most 64 squares, a word array on larger ones. Used by A* as
 * SearchProblem.strongHeuristic.
 *
 * Parent-bound reuse (a memo, so answers stay exactly those of the search):
 * with an exact answer d the function keeps, per king square, the last
 * MEMO_ENTRIES occupancies and their relevant squares M = {sq : fwd(sq) +
 * pot(sq) <= d} (fwd: the cost to reach sq, sq included, i.e. sq in
 * R[fwd]; pot: `kingDistances`, a lower bound on the rest of any route
 * from sq). A later call with the same king square whose occupancy differs
 * from a kept one only off that entry's M answers the kept d: every
 * optimal route lies inside M, so its cost is unchanged (bound <= d); a
 * route through a changed square s costs at least fwd(s) - 1 up to s (the
 * first change on it can only save the 1 of a vacated s) plus pot(s) after
 * it, and fwd(s) + pot(s) > d, so it costs >= d (bound >= d). A move that
 * touches neither the king nor M (most moves of a piece away from the
 * king's way) so reuses its parent's bound; `RouteBound.mask` hands M of
 * the last exact answer to the caller (the search's partial expansion).
 */
export function routeBound(pos: UkPosition): RouteBound {
  const { width, height, portal } = pos;
  const size = width * height; // UK-1: at most 16 x 16, so width < 32 and every shift below is in 1..31
  const nW = routeWords(pos);
  // Stuck pieces never move (`stuckSquares`): the king's routes avoid them like walls.
  const pot = kingDistances(pos, stuckSquares(pos));
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
  /** Relevant squares of the last exact answer (see `RouteBound.mask`). */
  const mask = new Int32Array(nW);
  const done = (fn: (occ: Int32Array, king: number, limit: number) => number): RouteBound => Object.assign(fn, { mask });
  const start = (king: number, limit: number): number => {
    const pk = pot[king]!;
    if (pk < 0) return -1;
    if (pk > limit) return limit + 1;
    return pk === 0 ? 0 : -2;
  };
  // Squares at king distance exactly j (j = 0..maxPot), as two words (small boards only).
  let maxPot = 0;
  for (let sq = 0; sq < size; sq++) if (pot[sq]! > maxPot) maxPot = pot[sq]!;
  if (nW <= 2) {
    const potEq = new Int32Array(2 * (maxPot + 1));
    for (let sq = 0; sq < size; sq++) if (pot[sq]! >= 0) potEq[2 * pot[sq]! + (sq >>> 5)]! |= 1 << (sq & 31);
    // R[d] of the current call (2 words per d); no route costs more than 2 per square.
    const layers = new Int32Array(2 * (2 * size + 2));
    // Memo of the last exact answers per king square (see the docstring): MEMO_ENTRIES entries of
    // occupancy (2 words), answer, relevant squares (2 words); the answer -1 marks an empty entry.
    const memo = new Int32Array(size * MEMO_ENTRIES * 5).fill(-1);
    const memoNext = new Uint8Array(size);
    const f0 = free[0]!;
    const f1 = nW > 1 ? free[1]! : 0;
    const a0 = notFirst[0]!;
    const a1 = nW > 1 ? notFirst[1]! : 0;
    const z0 = notLast[0]!;
    const z1 = nW > 1 ? notLast[1]! : 0;
    const w = width;
    const wr = 32 - w;
    const portalHi = pw === 1;
    return done((occ: Int32Array, king: number, limit: number): number => {
      const s = start(king, limit);
      if (s !== -2) {
        // Pot alone decides (the king on the portal, or cut off, or past the limit): no square matters.
        mask.fill(0);
        return s;
      }
      const o0 = occ[0]! & f0;
      const o1 = nW > 1 ? occ[1]! & f1 : 0;
      const mBase = king * MEMO_ENTRIES * 5;
      for (let m = mBase, mEnd = mBase + MEMO_ENTRIES * 5; m < mEnd; m += 5) {
        if (((memo[m]! ^ o0) & memo[m + 3]!) === 0 && ((memo[m + 1]! ^ o1) & memo[m + 4]!) === 0 && memo[m + 2]! >= 0) {
          const d = memo[m + 2]!;
          if (d > limit) return limit + 1;
          mask[0] = memo[m + 3]!;
          if (nW > 1) mask[1] = memo[m + 4]!;
          return d;
        }
      }
      const e0 = f0 & ~o0;
      const e1 = f1 & ~o1;
      // R[d-1] (r), king-step(R[d-2]) (p); R[-1] is empty.
      let r0 = king < 32 ? 1 << king : 0;
      let r1 = king < 32 ? 0 : 1 << (king - 32);
      layers[0] = r0;
      layers[1] = r1;
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
        layers[2 * d] = r0;
        layers[2 * d + 1] = r1;
        if (((portalHi ? r1 : r0) & pb) !== 0) {
          // Relevant squares: fwd(sq) + pot(sq) <= d, i.e. sq in R[d - pot(sq)].
          let m0 = 0;
          let m1 = 0;
          for (let j = 0, jEnd = Math.min(d, maxPot); j <= jEnd; j++) {
            m0 |= layers[2 * (d - j)]! & potEq[2 * j]!;
            m1 |= layers[2 * (d - j) + 1]! & potEq[2 * j + 1]!;
          }
          const slot = memoNext[king]!;
          memoNext[king] = slot === MEMO_ENTRIES - 1 ? 0 : slot + 1;
          const m = (king * MEMO_ENTRIES + slot) * 5;
          memo[m] = o0;
          memo[m + 1] = o1;
          memo[m + 2] = d;
          memo[m + 3] = m0;
          memo[m + 4] = m1;
          mask[0] = m0;
          if (nW > 1) mask[1] = m1;
          return d;
        }
      }
      return limit + 1;
    });
  }
  const r = new Int32Array(nW);
  const y = new Int32Array(nW);
  const p = new Int32Array(nW);
  const last = nW - 1;
  const w = width;
  const wr = 32 - w;
  // Same memo as above with nW-word occupancies and masks (entry: answer, nW occupancy words, nW mask
  // words), allocated on the first exact answer; R[d] layers of nW words.
  const potEqW = new Int32Array(nW * (maxPot + 1));
  for (let sq = 0; sq < size; sq++) if (pot[sq]! >= 0) potEqW[nW * pot[sq]! + (sq >>> 5)]! |= 1 << (sq & 31);
  const entry = 1 + 2 * nW;
  let layersW: Int32Array | null = null;
  let memoW: Int32Array | null = null;
  const memoNextW = new Uint8Array(size);
  return done((occ: Int32Array, king: number, limit: number): number => {
    const s = start(king, limit);
    if (s !== -2) {
      mask.fill(0);
      return s;
    }
    if (memoW) {
      const mBase = king * MEMO_ENTRIES * entry;
      probe: for (let m = mBase, mEnd = mBase + MEMO_ENTRIES * entry; m < mEnd; m += entry) {
        if (memoW[m]! < 0) continue;
        for (let i = 0; i <= last; i++) if ((((occ[i]! & free[i]!) ^ memoW[m + 1 + i]!) & memoW[m + 1 + nW + i]!) !== 0) continue probe;
        const d = memoW[m]!;
        if (d > limit) return limit + 1;
        for (let i = 0; i <= last; i++) mask[i] = memoW[m + 1 + nW + i]!;
        return d;
      }
    }
    if (!layersW) layersW = new Int32Array(nW * (2 * size + 2));
    const layers = layersW;
    r.fill(0);
    p.fill(0);
    r[king >>> 5] = 1 << (king & 31);
    for (let i = 0; i <= last; i++) layers[i] = r[i]!;
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
        layers[d * nW + i] = r[i]!;
      }
      if ((r[pw]! & pb) !== 0) {
        if (!memoW) memoW = new Int32Array(size * MEMO_ENTRIES * entry).fill(-1);
        const slot = memoNextW[king]!;
        memoNextW[king] = slot === MEMO_ENTRIES - 1 ? 0 : slot + 1;
        const m = (king * MEMO_ENTRIES + slot) * entry;
        memoW[m] = d;
        for (let i = 0; i <= last; i++) {
          memoW[m + 1 + i] = occ[i]! & free[i]!;
          // Relevant squares: fwd(sq) + pot(sq) <= d, i.e. sq in R[d - pot(sq)].
          let mi = 0;
          for (let j = 0, jEnd = Math.min(d, maxPot); j <= jEnd; j++) mi |= layers[(d - j) * nW + i]! & potEqW[j * nW + i]!;
          memoW[m + 1 + nW + i] = mi;
          mask[i] = mi;
        }
        return d;
      }
    }
    return limit + 1;
  });
}

/** Int32 words of `routeBound`'s occupancy bitboard for this board: ceil(width*height / 32). */
export function routeWords(pos: UkPosition): number {
  return Math.max(1, Math.ceil((pos.width * pos.height) / 32));
}
