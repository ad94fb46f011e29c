/**
 * Rebuilding optimal lines and counting optimal solutions after a search,
 * without parent links (the engines store none: see store.ts).
 *
 * The engines know each stored state's depth (BFS: from its layer, A*: from
 * its g value). A predecessor of state t at depth d is a stored state p at
 * depth d-1 with a move p -> t. It is found either
 * - with `problem.expandReverse` (candidate predecessors of t, looked up in
 *   the table; cheap), or
 * - by re-expanding stored states of depth d-1 until one has t as a
 *   successor (the generic fallback).
 * The move itself is re-derived by expanding p and comparing successors with
 * t, then named by `problem.moveToLan`.
 *
 * Counting (A*): the optimal solutions form a layered DAG from the start
 * (depth 0) to the goals at depth C*. It is built backwards, layer by layer,
 * from the goals: each node carries the number of optimal lines from it to a
 * goal (saturating at cap + 1); the start's number is the count. Layers are
 * sorted Int32Array index lists with Float64 counts (memory in proportion to
 * the DAG, not to the search).
 *
 * `countOptimal`'s `each` (SolveOptions.onOptimalState): every DAG state,
 * its depth and one optimal next move, walking the layers once more.
 *
 * Tagged moves (`problem.moveTag`): a second, forward pass over the same
 * layers, from the start, keeps for each DAG node the fewest and the most
 * tagged moves over the optimal-line prefixes reaching it (min / max over
 * its DAG predecessors of theirs plus the edge's tag); the goals' values
 * are the min / max over all optimal solutions. Exact whatever the cap:
 * the layers hold every DAG node even when counts saturate.
 */
import type { SearchProblem } from './types.js';
import { CHUNK_MASK, hashWords, type StoredStates } from './store.js';

/** What the line tools need from a finished search. */
export interface SearchView {
  readonly problem: SearchProblem;
  readonly store: StoredStates;
  /** Depth (plies from the start along stored shortest paths) of stored state `i`. */
  depthOf(i: number): number;
  /**
   * Calls `fn(i)` for stored states of depth `d` (a superset is allowed:
   * callers check `depthOf`), in index order, until `fn` returns true.
   */
  scanDepth(d: number, fn: (i: number) => boolean): void;
  /** Optional filter of states that can lie on an optimal line (A*: g + h <= C*). */
  mayBeOnOptimalLine?(i: number): boolean;
}

/** Scratch buffers for one view. */
class Tools {
  readonly W: number;
  readonly out: Int32Array;
  readonly target: Int32Array;
  constructor(readonly view: SearchView) {
    this.W = view.problem.stateWords;
    this.out = new Int32Array(this.W);
    this.target = new Int32Array(this.W);
  }

  /** The move code of p -> (the state in `this.target`), or -1 when there is none. */
  moveTo(p: number): number {
    const { problem, store } = this.view;
    const W = this.W;
    const out = this.out;
    const target = this.target;
    let found = -1;
    problem.expand(store.chunkOf(p), (p & CHUNK_MASK) * W, out, (move) => {
      for (let k = 0; k < W; k++) if (out[k] !== target[k]) return false;
      found = move;
      return true;
    });
    return found;
  }

  /** A stored predecessor of stored state `t` at depth `d - 1`, or -1. */
  predecessor(t: number, d: number): number {
    const { problem, store } = this.view;
    const W = this.W;
    store.read(t, this.target);
    if (problem.expandReverse) {
      const cands: number[] = [];
      const out = this.out;
      problem.expandReverse(store.chunkOf(t), (t & CHUNK_MASK) * W, out, () => {
        const i = store.find(out, 0, hashWords(out, 0, W));
        if (i >= 0 && this.view.depthOf(i) === d - 1) cands.push(i);
        return false;
      });
      for (const p of cands) if (this.moveTo(p) >= 0) return p;
    }
    let found = -1;
    this.view.scanDepth(d - 1, (p) => {
      if (this.view.depthOf(p) !== d - 1) return false;
      if (this.moveTo(p) >= 0) {
        found = p;
        return true;
      }
      return false;
    });
    return found;
  }

  /** LAN of the move p -> q (both stored; q a successor of p). */
  lan(p: number, q: number): string {
    const { problem, store } = this.view;
    store.read(q, this.target);
    const move = this.moveTo(p);
    return problem.moveToLan(store.chunkOf(p), (p & CHUNK_MASK) * this.W, move);
  }
}

/**
 * One optimal line from the start (index 0) to stored state `goal` at depth
 * `depthOf(goal)`, as LAN. Throws Error only when the view is inconsistent
 * (no predecessor found): an engine bug, never bad input.
 */
export function rebuildLine(view: SearchView, goal: number): string[] {
  const tools = new Tools(view);
  const chain = [goal];
  for (let cur = goal, d = view.depthOf(goal); d > 0; d--) {
    const p = tools.predecessor(cur, d);
    if (p < 0) throw new Error(`solver: no predecessor of state ${cur} at depth ${d - 1}`);
    chain.push(p);
    cur = p;
  }
  chain.reverse();
  const moves: string[] = [];
  for (let k = 1; k < chain.length; k++) moves.push(tools.lan(chain[k - 1]!, chain[k]!));
  return moves;
}

/** A layer of the optimal DAG: sorted indices and their line counts to a goal. */
interface Layer {
  idx: Int32Array;
  count: Float64Array;
}

/** Growable (index, count) pairs. */
class Pairs {
  idx = new Int32Array(64);
  count = new Float64Array(64);
  n = 0;
  add(i: number, c: number): void {
    if (this.n === this.idx.length) {
      const a = new Int32Array(this.n * 2);
      a.set(this.idx);
      this.idx = a;
      const b = new Float64Array(this.n * 2);
      b.set(this.count);
      this.count = b;
    }
    this.idx[this.n] = i;
    this.count[this.n] = c;
    this.n++;
  }
  /** Sorted by index, equal indices merged (counts summed, saturating at `sat`). */
  toLayer(sat: number): Layer {
    const order = new Int32Array(this.n);
    for (let k = 0; k < this.n; k++) order[k] = k;
    const idx = this.idx;
    order.sort((a, b) => idx[a]! - idx[b]!);
    const outI: number[] = [];
    const outC: number[] = [];
    for (let k = 0; k < this.n; k++) {
      const i = idx[order[k]!]!;
      const c = this.count[order[k]!]!;
      if (outI.length > 0 && outI[outI.length - 1] === i) outC[outC.length - 1] = Math.min(sat, outC[outC.length - 1]! + c);
      else {
        outI.push(i);
        outC.push(Math.min(sat, c));
      }
    }
    return { idx: Int32Array.from(outI), count: Float64Array.from(outC) };
  }
}

/** Position of `i` in the sorted `a`, or -1. */
function search(a: Int32Array, i: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = a[mid]!;
    if (v === i) return mid;
    if (v < i) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

export interface OptimalCount {
  /** Distinct optimal solutions, at most `cap`. */
  solutions: number;
  /** True when there are more than `cap`. */
  capped: boolean;
  /** True when every optimal solution starts with the same move. */
  uniqueFirstMove: boolean;
  /** One optimal line (LAN), the first in the DAG's index order. */
  line: string[];
  /**
   * With `problem.moveTag`: the fewest and most tagged moves over all
   * optimal solutions (see the file comment); absent without the hook or
   * when no optimal solution was found.
   */
  tagged?: { min: number; max: number };
}

/**
 * Fewest / most tagged moves from the start to the goals through the
 * layered optimal DAG `layers[0..cStar]` (forward DP, see the file comment).
 * Undefined when the start is not the DAG's root.
 */
function taggedRange(view: SearchView, layers: readonly Layer[], cStar: number): { min: number; max: number } | undefined {
  const { problem, store } = view;
  const tag = problem.moveTag!;
  const W = problem.stateWords;
  const out = new Int32Array(W);
  const root = layers[0]!;
  if (root.idx.length !== 1 || root.idx[0] !== 0) return undefined;
  let lo = new Int32Array(1);
  let hi = new Int32Array(1);
  for (let d = 0; d < cStar; d++) {
    const cur = layers[d]!;
    const next = layers[d + 1]!;
    const nLo = new Int32Array(next.idx.length).fill(0x7fffffff);
    const nHi = new Int32Array(next.idx.length).fill(-1);
    for (let k = 0; k < cur.idx.length; k++) {
      if (hi[k]! < 0) continue; // not reached from the start inside the DAG
      const p = cur.idx[k]!;
      const buf = store.chunkOf(p);
      const off = (p & CHUNK_MASK) * W;
      const a = lo[k]!;
      const b = hi[k]!;
      problem.expand(buf, off, out, (move) => {
        const i = store.find(out, 0, hashWords(out, 0, W));
        if (i < 0) return false;
        const pos = search(next.idx, i);
        if (pos < 0) return false;
        const t = tag.call(problem, buf, off, move);
        if (a + t < nLo[pos]!) nLo[pos] = a + t;
        if (b + t > nHi[pos]!) nHi[pos] = b + t;
        return false;
      });
    }
    lo = nLo;
    hi = nHi;
  }
  let min = 0x7fffffff;
  let max = -1;
  for (let k = 0; k < hi.length; k++) {
    if (hi[k]! < 0) continue;
    if (lo[k]! < min) min = lo[k]!;
    if (hi[k]! > max) max = hi[k]!;
  }
  return max < 0 ? undefined : { min, max };
}

/**
 * Calls `each` for every state of the layered optimal DAG `layers[0..cStar]`
 * (every state on an optimal line, at its depth) with one optimal next move
 * (LAN: to a DAG state of the next layer; null at the goals).
 */
function eachOptimal(
  view: SearchView,
  layers: readonly Layer[],
  cStar: number,
  each: (buf: Int32Array, offset: number, depth: number, next: string | null) => void,
): void {
  const { problem, store } = view;
  const W = problem.stateWords;
  const out = new Int32Array(W);
  for (let d = 0; d <= cStar; d++) {
    const layer = layers[d]!;
    const next = layers[d + 1];
    for (let k = 0; k < layer.idx.length; k++) {
      const p = layer.idx[k]!;
      const buf = store.chunkOf(p);
      const off = (p & CHUNK_MASK) * W;
      let move = -1;
      if (next) {
        problem.expand(buf, off, out, (m) => {
          const i = store.find(out, 0, hashWords(out, 0, W));
          if (i >= 0 && search(next.idx, i) >= 0) {
            move = m;
            return true;
          }
          return false;
        });
      }
      each(buf, off, d, move >= 0 ? problem.moveToLan(buf, off, move) : null);
    }
  }
}

/**
 * Counts the optimal solutions: lines of exactly `cStar` moves from the
 * start to one of `goals` (stored goal states at depth `cStar`; every state
 * on an optimal line must be stored with its exact depth, as A* guarantees
 * after finishing the whole f = C* contour). Saturates at `cap + 1`.
 */
export function countOptimal(
  view: SearchView,
  goals: readonly number[],
  cStar: number,
  cap: number,
  each?: (buf: Int32Array, offset: number, depth: number, next: string | null) => void,
): OptimalCount {
  const { problem, store } = view;
  const W = problem.stateWords;
  const sat = cap + 1;
  const out = new Int32Array(W);
  const layers: Layer[] = new Array<Layer>(cStar + 1);
  {
    const top = new Pairs();
    for (const g of goals) if (view.depthOf(g) === cStar) top.add(g, 1);
    const layer = top.toLayer(sat);
    layer.count.fill(1); // a goal listed twice is still one end point
    layers[cStar] = layer;
  }
  for (let d = cStar; d > 0; d--) {
    const next = layers[d]!;
    const prev = new Pairs();
    if (problem.expandReverse) {
      for (let k = 0; k < next.idx.length; k++) {
        const t = next.idx[k]!;
        const c = next.count[k]!;
        problem.expandReverse(store.chunkOf(t), (t & CHUNK_MASK) * W, out, () => {
          const i = store.find(out, 0, hashWords(out, 0, W));
          if (i >= 0 && view.depthOf(i) === d - 1) prev.add(i, c);
          return false;
        });
      }
    } else {
      view.scanDepth(d - 1, (p) => {
        if (view.depthOf(p) !== d - 1) return false;
        if (view.mayBeOnOptimalLine && !view.mayBeOnOptimalLine(p)) return false;
        let sum = 0;
        problem.expand(store.chunkOf(p), (p & CHUNK_MASK) * W, out, () => {
          const i = store.find(out, 0, hashWords(out, 0, W));
          if (i >= 0) {
            const pos = search(next.idx, i);
            if (pos >= 0) sum += next.count[pos]!;
          }
          return false;
        });
        if (sum > 0) prev.add(p, Math.min(sat, sum));
        return false;
      });
    }
    layers[d - 1] = prev.toLayer(sat);
  }
  const root = layers[0]!;
  const total = root.idx.length === 1 && root.idx[0] === 0 ? root.count[0]! : 0;
  // One line: walk down the DAG from the start, always to the first member of the next layer.
  const tools = new Tools(view);
  const line: string[] = [];
  let cur = 0;
  for (let d = 0; d < cStar && total > 0; d++) {
    const next = layers[d + 1]!;
    let step = -1;
    const p = cur;
    problem.expand(store.chunkOf(p), (p & CHUNK_MASK) * W, out, () => {
      const i = store.find(out, 0, hashWords(out, 0, W));
      if (i >= 0 && search(next.idx, i) >= 0) {
        step = i;
        return true;
      }
      return false;
    });
    if (step < 0) break;
    line.push(tools.lan(cur, step));
    cur = step;
  }
  if (each && total > 0) eachOptimal(view, layers, cStar, each);
  const tagged = problem.moveTag && total > 0 ? taggedRange(view, layers, cStar) : undefined;
  return {
    solutions: Math.min(total, cap),
    capped: total > cap,
    uniqueFirstMove: cStar === 0 || (layers[1]?.idx.length ?? 0) === 1,
    line,
    ...(tagged ? { tagged } : {}),
  };
}
