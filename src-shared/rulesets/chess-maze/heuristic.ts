/**
 * Admissible distance table for Chess Maze search (solver/astar.ts).
 *
 * `cmFinishDistances(pos)`: for each movement kind k (tables.ts: 0 king ..
 * 8 pawn facing west) and square s, the fewest moves a lone player piece of
 * kind k on s needs to LAND on the finish (CM-11), in a relaxed game:
 * - every other piece, player or enemy, is ignored (CM-4: pieces only block
 *   rays or occupy landing squares; enemies can be captured anyway);
 * - every lock is open (CM-7: locks only block);
 * - a pawn may always step one or two squares forward and one square
 *   diagonally forward (CM-3 allows fewer: the double step only from its
 *   start square, diagonals only onto an enemy);
 * - holes and board edges still stop rays and cannot be landed on (CM-1, CM-4);
 * - transform tiles change the kind as in play (CM-10: one listed type, or
 *   any listed type on a choice tile).
 * Every real move is a move of this relaxed game, so the table is a lower
 * bound on the moves before some piece lands on the finish, and one move
 * changes a piece's entry by at most 1 (consistent). A piece already on the
 * finish must leave and land again (a landing wins; standing there does
 * not), so its entry is at least 2. -1: that piece can never land there.
 */
import { TRANSFORM_TYPES } from '../../model/level.js';
import type { CmPosition } from './position.js';
import { genTargets, KIND_COUNT, KIND_PAWN, kindOf, targetCapacity } from './tables.js';

/** Kind of `TRANSFORM_TYPES[i]`. */
const TT_KIND = TRANSFORM_TYPES.map((t) => kindOf(t));

/** Distances indexed `kind * size + square` (see the file comment). */
export function cmFinishDistances(pos: CmPosition): Int16Array {
  const size = pos.size;
  const nodes = KIND_COUNT * size;
  const noLocks = new Int8Array(size).fill(-1);
  const empty = new Int32Array(size);
  // Relaxed pawn diagonals need "an enemy there": pretend every square holds one.
  const enemiesEverywhere = new Int32Array(size).fill(-1);
  const targets = new Int32Array(targetCapacity(pos.tables));
  // Forward edges, as a CSR list, then BFS on the reversed graph.
  const edgeStart = new Int32Array(nodes + 1);
  const edges: number[] = [];
  for (let k = 0; k < KIND_COUNT; k++) {
    for (let s = 0; s < size; s++) {
      edgeStart[k * size + s] = edges.length;
      if (pos.holes[s]) continue;
      const landings = new Set<number>();
      if (k < KIND_PAWN) {
        const n = genTargets(pos.tables, noLocks, empty, k, s, false, 0, targets);
        for (let i = 0; i < n; i++) landings.add(targets[i]!);
      } else {
        // Forward one or two (unmoved = true), and the diagonal "captures".
        let n = genTargets(pos.tables, noLocks, empty, k, s, true, 0, targets);
        for (let i = 0; i < n; i++) landings.add(targets[i]!);
        n = genTargets(pos.tables, noLocks, enemiesEverywhere, k, s, false, 0, targets);
        for (let i = 0; i < n; i++) landings.add(targets[i]!);
      }
      for (const to of landings) {
        const tm = pos.transform[to]!;
        if (tm === 0) {
          edges.push(k * size + to);
        } else {
          for (let b = 0; b < TT_KIND.length; b++) if (tm & (1 << b)) edges.push(TT_KIND[b]! * size + to);
        }
      }
    }
  }
  edgeStart[nodes] = edges.length;
  // Reverse adjacency.
  const revCount = new Int32Array(nodes + 1);
  for (const e of edges) revCount[e + 1]!++;
  for (let i = 1; i <= nodes; i++) revCount[i]! += revCount[i - 1]!;
  const rev = new Int32Array(edges.length);
  const fill = revCount.slice();
  for (let u = 0; u < nodes; u++) {
    for (let j = edgeStart[u]!; j < edgeStart[u + 1]!; j++) rev[fill[edges[j]!]!++] = u;
  }
  const dist = new Int16Array(nodes).fill(-1);
  const queue = new Int32Array(nodes);
  let head = 0;
  let tail = 0;
  const finish = pos.finish;
  // Depth 1: nodes with a move landing on the finish (whatever kind it ends as).
  for (let k = 0; k < KIND_COUNT; k++) {
    const v = k * size + finish;
    for (let j = revCount[v]!; j < revCount[v + 1]!; j++) {
      const u = rev[j]!;
      if (dist[u] === -1) {
        dist[u] = 1;
        queue[tail++] = u;
      }
    }
  }
  while (head < tail) {
    const v = queue[head++]!;
    for (let j = revCount[v]!; j < revCount[v + 1]!; j++) {
      const u = rev[j]!;
      if (dist[u] === -1) {
        dist[u] = dist[v]! + 1;
        queue[tail++] = u;
      }
    }
  }
  return dist;
}
