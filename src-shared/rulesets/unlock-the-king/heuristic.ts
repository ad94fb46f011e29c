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
 * (`occ[sq]` non-zero; the king's own square is not counted). Each such
 * piece must move away at least once before the king steps there (UK-5: no
 * captures, one piece per square), and distinct squares hold distinct
 * pieces, so this is a lower bound on the moves to solve (UK-6); -1 when no
 * route exists. When the bound exceeds `limit` the search stops early and
 * answers `limit + 1` (still a lower bound).
 *
 * A small Dijkstra per call, steered by the wall-aware king distance as a
 * potential (so it mostly walks the shortest corridors): reduced edge
 * weights 0..3, Dial buckets. Used lazily (SearchProblem.strongHeuristic).
 */
export function routeBound(pos: UkPosition): (occ: Uint8Array, king: number, limit: number) => number {
  const { width, height, walls, portal } = pos;
  const size = width * height;
  const pot = kingDistances(pos);
  const nbStart = new Int32Array(size + 1);
  const nb: number[] = [];
  for (let sq = 0; sq < size; sq++) {
    nbStart[sq] = nb.length;
    if (walls[sq] || pot[sq]! < 0) continue;
    const f = sq % width;
    const r = (sq - f) / width;
    for (let dr = -1; dr <= 1; dr++) {
      for (let df = -1; df <= 1; df++) {
        if (dr === 0 && df === 0) continue;
        const nf = f + df;
        const nr = r + dr;
        if (nf < 0 || nr < 0 || nf >= width || nr >= height) continue;
        const n = nr * width + nf;
        if (!walls[n] && pot[n]! >= 0) nb.push(n);
      }
    }
  }
  nbStart[size] = nb.length;
  const nbs = Int32Array.from(nb);
  const INF = 0x7fff;
  const dist = new Int16Array(size);
  const cap = nbs.length + 2;
  const qs = [new Int32Array(cap), new Int32Array(cap), new Int32Array(cap), new Int32Array(cap)];
  const qn = new Int32Array(4);
  return (occ: Uint8Array, king: number, limit: number): number => {
    const pk = pot[king]!;
    if (pk < 0) return -1;
    if (pk > limit) return limit + 1;
    dist.fill(INF);
    qn[0] = qn[1] = qn[2] = qn[3] = 0;
    dist[king] = 0; // reduced distance: true distance - pot[king] + pot[sq]
    qs[0]![qn[0]++] = king;
    let pending = 1;
    for (let d = 0; pending > 0; d++) {
      if (d + pk > limit) return limit + 1;
      const b = d & 3;
      const q = qs[b]!;
      for (let k = 0; k < qn[b]!; k++) {
        const sq = q[k]!;
        pending--;
        if (dist[sq] !== d) continue; // improved since it was queued
        if (sq === portal) return d + pk;
        const ps = pot[sq]!;
        for (let j = nbStart[sq]!, e = nbStart[sq + 1]!; j < e; j++) {
          const n = nbs[j]!;
          const nd = d + 1 + (occ[n] !== 0 ? 1 : 0) + pot[n]! - ps;
          if (nd < dist[n]!) {
            dist[n] = nd;
            const nbk = nd & 3;
            qs[nbk]![qn[nbk]!++] = n;
            pending++;
          }
        }
      }
      qn[b] = 0;
    }
    return -1;
  };
}
