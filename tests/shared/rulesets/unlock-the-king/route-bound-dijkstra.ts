/**
 * Test reference for the blocker-aware route bound (heuristic.ts
 * `routeBound`): the earlier implementation, a Dijkstra over the board
 * steered by the wall-aware king distance as a potential (reduced edge
 * weights 0..3, Dial buckets). Same contract as `routeBound`, except that
 * `occ` is a byte grid (non-zero where a piece other than the king stands).
 */
import type { UkPosition } from '../../../../src-shared/rulesets/unlock-the-king/position.js';
import { kingDistances } from '../../../../src-shared/rulesets/unlock-the-king/heuristic.js';

/** The Dijkstra route bound: `(occ, king, limit)` -> least steps + pieces on a route, `limit + 1` past the limit, -1 without a route. */
export function routeBoundDijkstra(pos: UkPosition): (occ: Uint8Array, king: number, limit: number) => number {
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
