/**
 * A plain typed-array BFS for the native-reference bench: the same
 * `SearchProblem` (encoding, move generator, goal test) as Castellan's
 * solver/bfs.ts, stored the textbook way in typed arrays: a growable queue
 * of `W` Int32 words per state in discovery order (each depth a contiguous
 * range), and an open-addressing table holding the keys inline (`W` words a
 * slot plus a used byte, linear probing, doubled by a full rehash past 3/4
 * load). No batching, no prefetch, no parent links: it counts states.
 * It answers how much Castellan's engine gains over the obvious typed-array
 * design, next to the native C reference (bench/native/uk-bfs.c).
 */
import { hashWords } from '../src-shared/solver/store.js';
import type { SearchProblem } from '../src-shared/solver/types.js';

export interface TypedBfsResult {
  status: 'solved' | 'unsolvable' | 'limit';
  /** Cumulative states through each completed depth, from depth 0. */
  layers: number[];
  states: number;
  expanded: number;
  generated: number;
  /** Bytes of the queue and the table when it stopped, and the most held at once (rehash included). */
  bytes: number;
  peakBytes: number;
}

/**
 * BFS from the start state until a goal is generated (tested on
 * generation, like solver/bfs.ts), the queue is exhausted, or one more state
 * than `maxStates` would have to be stored (`limit`).
 */
export function typedArrayBfs(problem: SearchProblem, maxStates: number): TypedBfsResult {
  const W = problem.stateWords;
  let qCap = 1 << 16;
  let queue = new Int32Array(qCap * W);
  let tCap = 1 << 16;
  let tMask = tCap - 1;
  let keys = new Int32Array(tCap * W);
  let used = new Uint8Array(tCap);
  let count = 0;
  let peakBytes = 0;
  const bytesNow = (extra: number): number => queue.byteLength + keys.byteLength + used.byteLength + extra;

  /** Slot of the state at buf[off..] in (keys, used): its slot, or the empty slot where it would go, as -(slot + 1). */
  const probe = (buf: Int32Array, off: number): number => {
    let h = hashWords(buf, off, W) & tMask;
    for (;;) {
      if (used[h] === 0) return -(h + 1);
      let same = true;
      const b = h * W;
      for (let k = 0; k < W; k++) {
        if (keys[b + k] !== buf[off + k]) {
          same = false;
          break;
        }
      }
      if (same) return h;
      h = (h + 1) & tMask;
    }
  };
  const growTable = (): void => {
    const oldKeys = keys;
    const oldUsed = used;
    const oldCap = tCap;
    tCap *= 2;
    tMask = tCap - 1;
    keys = new Int32Array(tCap * W);
    used = new Uint8Array(tCap);
    peakBytes = Math.max(peakBytes, bytesNow(oldKeys.byteLength + oldUsed.byteLength));
    for (let i = 0; i < oldCap; i++) {
      if (oldUsed[i] === 0) continue;
      const s = -probe(oldKeys, i * W) - 1;
      used[s] = 1;
      for (let k = 0; k < W; k++) keys[s * W + k] = oldKeys[i * W + k]!;
    }
  };
  /** Stores the state at buf[off..] (known absent, its empty slot `slot`). */
  const store = (buf: Int32Array, off: number, slot: number): void => {
    used[slot] = 1;
    for (let k = 0; k < W; k++) keys[slot * W + k] = buf[off + k]!;
    if (count === qCap) {
      const q = new Int32Array(qCap * 2 * W);
      q.set(queue);
      peakBytes = Math.max(peakBytes, bytesNow(q.byteLength));
      queue = q;
      qCap *= 2;
    }
    for (let k = 0; k < W; k++) queue[count * W + k] = buf[off + k]!;
    count++;
  };

  const out = new Int32Array(W);
  problem.writeInitial(out);
  store(out, 0, -probe(out, 0) - 1);
  const layers = [1];
  let expanded = 0;
  let generated = 0;
  const finish = (status: TypedBfsResult['status']): TypedBfsResult => {
    const bytes = bytesNow(0);
    return { status, layers, states: count, expanded, generated, bytes, peakBytes: Math.max(peakBytes, bytes) };
  };
  if (problem.isGoal(out, 0)) return finish('solved');
  let head = 0;
  let levelEnd = 1;
  let stop: 'solved' | 'limit' | null = null;
  const emit = (): boolean => {
    generated++;
    if (count * 4 >= tCap * 3) growTable();
    const p = probe(out, 0);
    if (p >= 0) return false;
    if (count >= maxStates) {
      stop = 'limit';
      return true;
    }
    store(out, 0, -p - 1);
    if (problem.isGoal(out, 0)) {
      stop = 'solved';
      return true;
    }
    return false;
  };
  while (head < count) {
    if (head === levelEnd) {
      levelEnd = count;
      layers.push(count);
    }
    expanded++;
    problem.expand(queue, head * W, out, emit);
    head++;
    if (stop) return finish(stop);
  }
  return finish('unsolvable');
}
