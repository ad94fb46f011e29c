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
