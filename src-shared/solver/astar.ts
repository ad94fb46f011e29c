/**
 * The informed optimal engine: A* over a `SearchProblem` (solver/types.ts)
 * with the problem's admissible, consistent heuristic (`problem.heuristic`;
 * none means h = 0, i.e. uniform-cost search), plus difficulty metrics:
 * optimal-solution count (capped), unique first move, mean branching.
 *
 * Storage (typed arrays only, no string keys, no Set/Map of states):
 * - states: solver/store.ts (chunked arena + index table), as in bfs.ts;
 * - `g` (`GArray`, chunked like the arena): moves from the start on the
 *   best line found so far, a "strong bound checked" flag and an "expanded"
 *   flag; 1 byte per state while g <= 62, 2 bytes after;
 * - open list: one paged, run-length-encoded int stack per f value
 *   (bucket queue, f = g + h), LIFO inside a bucket (deepest states first,
 *   so goals surface early); the new states of one expansion are
 *   consecutive arena indices, so a run of them costs 8 bytes (about 1-2
 *   bytes per open state in practice); pages freed as buckets drain.
 * No parent links: lines are rebuilt from the g values (solver/lines.ts).
 *
 * Order: buckets in increasing f. With a consistent heuristic every state
 * is expanded at most once, with its optimal g (a cheaper line seen later is
 * still handled: the state's g is lowered and it is pushed again). A goal is
 * recognised when generated; it is proven optimal once no open state has a
 * smaller f (immediately when its f equals the bucket being expanded).
 *
 * Strong bound: when the problem has `strongHeuristic` (admissible,
 * costlier), it replaces `heuristic` for new states: computed when the state
 * is first stored, exact up to EAGER_SLACK past the bucket (then the state is
 * flagged "strong bound checked" and goes straight to its real f bucket,
 * and a state whose strong f exceeds the best goal found is not stored at
 * all). States without the flag (a cheaper line reopened them with
 * `heuristic`, or the eager bound stopped at its limit) are checked once
 * when popped: when g + strong > the bucket's f they are pushed back to
 * bucket g + strong instead of being expanded (the heuristic is then
 * effectively inconsistent, which the g-lowering reopening above handles).
 * This is what keeps the f = C* contour small when counting. Computing it
 * when storing takes fewer bound calls than checking every state when
 * popped, where a postponed state is checked again at each f on its way up
 * (about 2.4 checks per expansion on the deep Codex blueprints), and the
 * problem's bound can reuse its parent's answer while that is the latest
 * (unlock-the-king/heuristic.ts `routeBound` memo).
 *
 * Partial expansion (when the problem has `expandPart` as well; enhanced
 * partial-expansion A*): the strong bound is computed when a state is
 * popped, not when it is stored. A state popped at f = g + h gets its
 * "near" successors (those whose bound may differ from h) at once and is
 * pushed again, marked (FAR_MARK in the open-list entry), at f + 1, where its
 * "far" successors (bound exactly h, so f + 1 each) follow. The far ones are
 * never generated when the search ends at f (counting ends with the f = C*
 * bucket: most of it is far successors of its states), and need no bound
 * computation. A new near successor is stored with the problem's
 * `heuristic`, raised to its parent's h - 1 (h(parent) <= 1 + h*(child), so
 * still a lower bound); a popped state whose strong bound is past the bucket
 * goes back to the open list at g + that bound. A state reopened below the
 * bucket (a cheaper line, h < f - g) is expanded whole at once. The
 * `expanded` metric counts near parts (states expanded), `generated` the
 * successors actually generated.
 *
 * Counting (`opts.countSolutions` > 0, default 1000): the search goes on to
 * finish the whole f = C* bucket, so every state on every optimal line is
 * stored with its exact depth; then lines.ts `countOptimal` walks the optimal
 * DAG backwards from the goals (and, when the problem has `moveTag`, walks
 * it forwards once more for the fewest / most tagged moves along optimal
 * solutions; no cost when counting is off). Successor batches are prefetched as in bfs.ts
 * once the search holds PREFETCH_FROM states.
 */
import { countOptimal, rebuildLine, type SearchView } from './lines.js';
import { CHUNK_BITS, CHUNK_MASK, CHUNK_STATES, IntStack, STORE_FULL, StateStore, hashWords, lastSinkHolder } from './store.js';
import { Batch, DEFAULT_MAX_BYTES, DEFAULT_MAX_STATES } from './bfs.js';
import type { SearchProblem, SolveMetrics, SolveOptions, SolveResult } from './types.js';

const DEFAULT_PROGRESS_EVERY = 65_536;
const DEFAULT_COUNT_CAP = 1000;
const CANCEL_POLL_EVERY = 4096;
/** Largest g (two-byte mode); flags and masks of the current width live in `GArray`. */
const G_MAX = 0x3fff;
/**
 * How far past the current f the strong bound is computed exactly: 0, i.e.
 * only "expand now or not"; a postponed state is re-checked at the next f
 * (measured fastest: each check stops as soon as it passes the bucket).
 */
const STRONG_SLACK = 0;
/**
 * How far past the current f the strong bound of a new state is computed
 * exactly: a child of a state expanded at f <= fCur has g + strong <= fCur + 2
 * when the strong bound is consistent (the Unlock the King route bound is), so
 * 2 makes it exact for all of them.
 */
const EAGER_SLACK = 2;
/**
 * Stored states from which successor batches are prefetched: below it the
 * arena and index table sit in the CPU caches and the extra pass only costs
 * (measured on the Codex blueprints, 45 k to 150 k states).
 */
const PREFETCH_FROM = 1 << 19;
/** Parents popped into one lookup batch, and the batch size that stops adding parents. */
const BATCH_PARENTS = 4;
/** Open-list mark of a state whose far part is due (partial expansion): bit 30 of the entry. */
const FAR_MARK = 1 << 30;
const BATCH_TARGET = 64;

/**
 * Per-state g and flags, chunked like the arena (chunk 0 grows by doubling):
 * one byte per state (g 0..63, bit 6 "strong bound checked", bit 7
 * "expanded") until a line longer than 62 moves appears, then two bytes
 * (g 0..16383, bits 14 and 15), converted in place once.
 */
class GArray {
  wide = false;
  /** Flag and mask values of the current width. */
  EXP = 0x80;
  STR = 0x40;
  GM = 0x3f;
  c8: Uint8Array[] = [new Uint8Array(1024)];
  c16: Uint16Array[] = [];
  bytes = 1024;

  get(i: number): number {
    return this.wide ? this.c16[i >>> CHUNK_BITS]![i & CHUNK_MASK]! : this.c8[i >>> CHUNK_BITS]![i & CHUNK_MASK]!;
  }
  set(i: number, v: number): void {
    if (this.wide) this.c16[i >>> CHUNK_BITS]![i & CHUNK_MASK] = v;
    else this.c8[i >>> CHUNK_BITS]![i & CHUNK_MASK] = v;
  }
  /** Makes g values up to `g` storable (switches to two bytes once); false when the allocation fails or exceeds `budget()` bytes. */
  fit(g: number, budget: () => number): boolean {
    if (g <= this.GM - 1 || this.wide) return true;
    if (this.bytes > budget()) return false;
    try {
      this.c16 = this.c8.map((c) => {
        const w = new Uint16Array(c.length);
        for (let k = 0; k < c.length; k++) {
          const v = c[k]!;
          w[k] = (v & 0x3f) | (v & 0x40 ? 0x4000 : 0) | (v & 0x80 ? 0x8000 : 0);
        }
        return w;
      });
    } catch {
      return false;
    }
    this.c8 = [];
    this.bytes *= 2;
    this.wide = true;
    this.EXP = 0x8000;
    this.STR = 0x4000;
    this.GM = 0x3fff;
    return true;
  }
  /** Makes room for index i; false when the allocation fails or exceeds `budget()` bytes (called only when it grows). */
  ensure(i: number, budget: () => number): boolean {
    const ci = i >>> CHUNK_BITS;
    const per = this.wide ? 2 : 1;
    const chunks: (Uint8Array | Uint16Array)[] = this.wide ? this.c16 : this.c8;
    if (ci === 0) {
      const c0 = chunks[0]!;
      if (i < c0.length) return true;
      const cap = Math.min(CHUNK_STATES, c0.length * 2);
      if ((cap - c0.length) * per > budget()) return false;
      try {
        const a = this.wide ? new Uint16Array(cap) : new Uint8Array(cap);
        a.set(c0);
        chunks[0] = a;
      } catch {
        return false;
      }
      this.bytes += (cap - c0.length) * per;
      return true;
    }
    if (ci < chunks.length) return true;
    if (CHUNK_STATES * per > budget()) return false;
    try {
      chunks.push(this.wide ? new Uint16Array(CHUNK_STATES) : new Uint8Array(CHUNK_STATES));
    } catch {
      return false;
    }
    this.bytes += CHUNK_STATES * per;
    return true;
  }
}

/**
 * Optimal A* search (see the file comment).
 *
 * - `length` is the proven optimum, `moves` one optimal line (LAN),
 *   `states` the distinct states stored (fewer than BFS when the heuristic
 *   prunes), `metrics` the difficulty metrics (`SolveMetrics`).
 * - Caps, cancellation and progress as `solveBfs` (`maxStates`, `maxBytes`
 *   counting the arena, table, g array, open lists and batch buffers;
 *   `signal`; `onProgress` with `depth` = the f bound being expanded, a
 *   proven lower bound on the optimum).
 * - `problem.maxDepth`: lines longer than it are never followed (states with
 *   g + h > maxDepth are not stored).
 * - States for which the heuristic answers -1 are never stored.
 * - Exhausting the open list without a goal proves `unsolvable`.
 *
 * Throws RangeError only for a malformed problem (`stateWords` not a
 * positive integer); exceptions thrown by the problem's callbacks propagate.
 */
export function solveAStar(problem: SearchProblem, opts: SolveOptions = {}): SolveResult {
  const W = problem.stateWords;
  if (!Number.isInteger(W) || W < 1) {
    throw new RangeError(`SearchProblem.stateWords must be a positive integer, got ${W}`);
  }
  // Open-list entries carry FAR_MARK in bit 30, so state indices stay below it.
  const maxStates = Math.min(FAR_MARK - 1, Math.max(1, Math.floor(opts.maxStates ?? DEFAULT_MAX_STATES)));
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const progressEvery = Math.max(1, Math.floor(opts.progressEvery ?? DEFAULT_PROGRESS_EVERY));
  const countCap = Math.max(0, Math.floor(opts.countSolutions ?? DEFAULT_COUNT_CAP));
  const counting = countCap > 0;
  const signal = opts.signal;
  const onProgress = opts.onProgress;
  const hasH = typeof problem.heuristic === 'function';
  const hasStrong = typeof problem.strongHeuristic === 'function';
  const maxDepth = problem.maxDepth;
  const depthCap = Math.min(G_MAX - 1, maxDepth ?? G_MAX - 1);

  const store = new StateStore(W, maxStates, maxBytes, 1.5);
  const batch = new Batch(W);
  const g = new GArray();
  const buckets: (IntStack | undefined)[] = [];
  let bucketBytes = 0;
  store.otherBytes = () => batch.bytes() + g.bytes + bucketBytes;
  const budget = (): number => maxBytes - store.bytes() - store.otherBytes();
  /** Parent g + 1 of each batch entry, and its exact strong bound when known (far successors), else -1. */
  let childG = new Int32Array(64);
  let childH = new Int32Array(64);
  /**
   * Sets g = `cg` and the bound note `hk` of batch entries first..batch.n (emitted since `first`);
   * answers batch.n. `hk` >= 0: the exact strong bound (far successors); -1: nothing known; < -1:
   * -2 - hk is a lower bound (the parent's exact bound less one: h(parent) <= 1 + h*(child)).
   */
  const tagChildren = (first: number, cg: number, hk: number): number => {
    if (childG.length < batch.cap) {
      const a = new Int32Array(batch.cap);
      a.set(childG);
      childG = a;
      const b = new Int32Array(batch.cap);
      b.set(childH);
      childH = b;
    }
    for (let k = first, e = batch.n; k < e; k++) {
      childG[k] = cg;
      childH[k] = hk;
    }
    return batch.n;
  };
  const hasPart = hasStrong && typeof problem.expandPart === 'function';
  /** States expanded (near part) in the batch being filled. */
  let nearParents = 0;

  const out = new Int32Array(W);
  const emit = (move: number): boolean => {
    if (batch.n === batch.cap) batch.grow();
    const b = batch.n * W;
    const s = batch.states;
    for (let k = 0; k < W; k++) s[b + k] = out[k]!;
    batch.moves[batch.n] = move;
    batch.n++;
    return false;
  };

  let expanded = 0;
  let generated = 0;
  let fCur = 0;
  const metrics = (): SolveMetrics => ({ expanded, generated, branching: expanded > 0 ? generated / expanded : 0 });

  let bytesAtStop = -1;
  try {
    // ---- start state ----------------------------------------------------------
    problem.writeInitial(out);
    store.findOrInsert(out, 0, hashWords(out, 0, W));
    g.set(0, 0);
    if (problem.isGoal(store.chunkOf(0), 0)) {
      const m: SolveMetrics = {
        ...metrics(),
        ...(counting ? { optimalSolutions: 1, optimalSolutionsCapped: false, uniqueFirstMove: true } : {}),
        ...(counting && problem.moveTag ? { taggedMovesMin: 0, taggedMovesMax: 0 } : {}),
      };
      return { status: 'solved', length: 0, moves: [], states: 1, optimal: true, metrics: m };
    }
    const h0 = hasH ? problem.heuristic!(store.chunkOf(0), 0) : 0;
    if (h0 < 0 || h0 > depthCap) return { status: 'unsolvable', states: 1, metrics: metrics() };

    /** Pushes state i into bucket f; false when out of memory. */
    const push = (i: number, f: number): boolean => {
      let b = buckets[f];
      if (!b) {
        b = new IntStack();
        buckets[f] = b;
      }
      const before = b.bytes;
      if (!b.push(i, budget)) return false;
      if (b.bytes !== before) {
        bucketBytes += b.bytes - before;
        store.notePeak();
      }
      return true;
    };
    const pop = (b: IntStack): number => {
      const before = b.bytes;
      const v = b.pop();
      bucketBytes += b.bytes - before;
      return v;
    };
    const getG = (i: number): number => g.get(i);
    const setG = (i: number, v: number): void => {
      g.set(i, v);
    };

    fCur = h0;
    if (!push(0, h0)) return { status: 'limit', states: 1, depth: h0, reason: 'memory' };
    let fMax = h0;
    let bestGoal = Infinity;
    const goals: number[] = [];
    let nextProgress = progressEvery;
    let nextPoll = 0;
    let sink = 0;
    let done = false;
    const progress = (): void => {
      if (onProgress) onProgress({ states: store.count, depth: fCur, expanded, generated });
    };
    progress();

    search: for (; fCur <= fMax; fCur++) {
      if (counting ? bestGoal < fCur : bestGoal <= fCur) break;
      const bucket = buckets[fCur];
      if (!bucket) continue;
      problem.onBucket?.(fCur);
      progress();
      while (bucket.size > 0) {
        if (expanded >= nextPoll) {
          nextPoll = expanded + CANCEL_POLL_EVERY;
          if (signal?.aborted) return { status: 'cancelled', states: store.count, depth: fCur };
        }
        // Pop a few open states of this bucket and expand them into one batch.
        batch.n = 0;
        let parents = 0;
        while (bucket.size > 0 && parents < BATCH_PARENTS && batch.n < BATCH_TARGET) {
          const entry = pop(bucket);
          const i = entry & ~FAR_MARK;
          const gv = getG(i);
          if ((gv & g.EXP) !== 0) continue; // stale entry: expanded from a cheaper line already
          const pg = gv & g.GM;
          if (hasPart && (bestGoal !== Infinity || problem.splitsNow?.(counting) !== false)) {
            // Partial expansion (see the file comment): the near part at f = g + h, the far part at f + 1.
            if (pg >= depthCap) {
              setG(i, gv | g.EXP);
              continue;
            }
            const buf = store.chunkOf(i);
            const off = (i & CHUNK_MASK) * W;
            const hT = fCur - pg;
            const cg = pg + 1;
            let first = batch.n;
            if ((entry & FAR_MARK) !== 0) {
              // The far part; its near part ran at f - 1 with this g, unless a cheaper line reopened the state since.
              const h = problem.expandPart!(buf, off, hT - 1, 2, out, emit);
              if (h < 0) {
                setG(i, gv | g.EXP);
                continue;
              }
              if (h > hT - 1) {
                // Cannot happen (g only ever falls and h is a function of the state); kept safe: start over at its f.
                if (!push(i, pg + h)) return { status: 'limit', states: store.count, depth: fCur, reason: 'memory' };
                continue;
              }
              first = tagChildren(first, cg, h);
              if (h < hT - 1) {
                problem.expandPart!(buf, off, hT, 1, out, emit);
                first = tagChildren(first, cg, h > 0 ? -1 - h : -1);
              }
              setG(i, pg | g.EXP | g.STR);
            } else {
              const h = problem.expandPart!(buf, off, hT, 1, out, emit);
              if (h < 0) {
                setG(i, gv | g.EXP); // no goal reachable from there: never expand it
                continue;
              }
              if (h > hT) {
                // Not yet: its real f is higher (at least the next one). Back to the open list.
                if (pg + h > depthCap) continue;
                if (pg + h > fMax) fMax = pg + h;
                if (!push(i, pg + h)) return { status: 'limit', states: store.count, depth: fCur, reason: 'memory' };
                continue;
              }
              nearParents++;
              first = tagChildren(first, cg, h > 0 ? -1 - h : -1);
              if (h === hT) {
                setG(i, pg | g.STR);
                if (fCur + 1 <= depthCap && fCur + 1 <= bestGoal) {
                  if (fCur + 1 > fMax) fMax = fCur + 1;
                  if (!push(i | FAR_MARK, fCur + 1)) return { status: 'limit', states: store.count, depth: fCur, reason: 'memory' };
                }
              } else {
                // Reopened below the bucket (h < hT): both parts now.
                problem.expandPart!(buf, off, hT, 2, out, emit);
                first = tagChildren(first, cg, h);
                setG(i, pg | g.EXP | g.STR);
              }
            }
            parents++;
            continue;
          }
          if (hasStrong && (gv & g.STR) === 0) {
            // Exact up to STRONG_SLACK past the bucket; beyond it only "more than that" (checked again later).
            const limit = fCur - pg + STRONG_SLACK;
            const hs = problem.strongHeuristic!(store.chunkOf(i), (i & CHUNK_MASK) * W, limit);
            if (hs < 0) {
              setG(i, gv | g.EXP); // no goal reachable from there: never expand it
              continue;
            }
            if (hs <= limit) setG(i, gv | g.STR);
            if (pg + hs > fCur) {
              // Not yet: its real f is higher. Back to the open list at that f.
              if (pg + hs > depthCap) continue;
              if (pg + hs > fMax) fMax = pg + hs;
              if (!push(i, pg + hs)) return { status: 'limit', states: store.count, depth: fCur, reason: 'memory' };
              continue;
            }
          }
          setG(i, pg | g.EXP);
          if (pg >= depthCap) continue;
          const first = batch.n;
          problem.expand(store.chunkOf(i), (i & CHUNK_MASK) * W, out, emit);
          tagChildren(first, pg + 1, -1);
          parents++;
          nearParents++;
        }
        expanded += nearParents;
        nearParents = 0;
        const n = batch.n;
        generated += n;
        if (n === 0) continue;
        const states = batch.states;
        const hashes = batch.hashes;
        for (let k = 0; k < n; k++) hashes[k] = hashWords(states, k * W, W);
        if (store.count >= PREFETCH_FROM) sink ^= store.prefetch(hashes, n, batch.scratch);
        for (let k = 0; k < n; k++) {
          const off = k * W;
          const hk = hashes[k]!;
          const gi = childG[k]!;
          const found = store.find(states, off, hk);
          if (found >= 0) {
            const old = getG(found);
            if (gi >= (old & g.GM)) continue;
            // A cheaper line to a stored state: lower its g and (re)open it.
            const hh = hasH ? problem.heuristic!(states, off) : 0;
            setG(found, gi);
            if (problem.isGoal(states, off)) {
              if (gi < bestGoal) bestGoal = gi;
              continue;
            }
            const f = Math.max(fCur, gi + hh);
            if (f > fMax) fMax = f;
            if (!push(found, f)) return { status: 'limit', states: store.count, depth: fCur, reason: 'memory' };
            continue;
          }
          let hh: number;
          let exact = false;
          const note = childH[k]!;
          if (note >= 0) {
            // A far successor: its strong bound is its parent's, exactly.
            hh = note;
            exact = true;
          } else if (note < -1) {
            // A near successor (partial expansion computes the strong bound when a state is popped):
            // here only the cheaper bound and the parent's exact bound less one.
            hh = hasH ? problem.heuristic!(states, off) : 0;
            if (hh >= 0 && -2 - note > hh) hh = -2 - note;
          } else if (hasStrong) {
            // Eager strong bound on a new state, exact up to EAGER_SLACK past the bucket.
            const lim = fCur + EAGER_SLACK - gi;
            hh = problem.strongHeuristic!(states, off, lim);
            exact = hh <= lim;
          } else {
            hh = hasH ? problem.heuristic!(states, off) : 0;
          }
          if (hh < 0) continue; // no goal reachable from there
          const f = gi + hh;
          if (f > depthCap || f > bestGoal) continue;
          const gBytes = g.bytes;
          if (!g.fit(gi, budget) || !g.ensure(store.count, budget)) {
            return { status: 'limit', states: store.count, depth: fCur, reason: 'memory' };
          }
          if (g.bytes !== gBytes) store.notePeak();
          const idx = store.insertFound(states, off, hk);
          if (idx === STORE_FULL) return { status: 'limit', states: store.count, depth: fCur, reason: store.failReason };
          setG(idx, exact ? gi | g.STR : gi);
          if (store.count >= nextProgress) {
            nextProgress = store.count + progressEvery;
            progress();
          }
          if (problem.isGoal(store.chunkOf(idx), (idx & CHUNK_MASK) * W)) {
            goals.push(idx);
            if (gi < bestGoal) bestGoal = gi;
            if (!counting && gi <= fCur) {
              done = true;
              break search;
            }
            continue;
          }
          const fp = f < fCur ? fCur : f;
          if (fp > fMax) fMax = fp;
          if (!push(idx, fp)) return { status: 'limit', states: store.count, depth: fCur, reason: 'memory' };
        }
      }
      buckets[fCur] = undefined;
    }
    lastSinkHolder.value = sink;
    void done;
    // Release the open lists before rebuilding lines.
    store.notePeak();
    bytesAtStop = store.bytes() + store.otherBytes();
    buckets.length = 0;
    bucketBytes = 0;

    if (bestGoal === Infinity) return { status: 'unsolvable', states: store.count, metrics: metrics() };
    const cStar = bestGoal;

    let order: Int32Array | null = null;
    let starts: Int32Array | null = null;
    const view: SearchView = {
      problem,
      store,
      depthOf: (i: number): number => getG(i) & g.GM,
      scanDepth(d: number, fn: (i: number) => boolean): void {
        if (!order) {
          // Counting sort of the stored states by depth (built once, on demand).
          try {
            const cnt = new Int32Array(cStar + 2);
            for (let i = 0; i < store.count; i++) {
              const gi = getG(i) & g.GM;
              if (gi <= cStar) cnt[gi + 1]!++;
            }
            for (let k = 1; k < cnt.length; k++) cnt[k]! += cnt[k - 1]!;
            const o = new Int32Array(cnt[cnt.length - 1]!);
            const pos = cnt.slice();
            for (let i = 0; i < store.count; i++) {
              const gi = getG(i) & g.GM;
              if (gi <= cStar) o[pos[gi]!++] = i;
            }
            order = o;
            starts = cnt;
          } catch {
            for (let i = 0; i < store.count; i++) if ((getG(i) & g.GM) === d && fn(i)) return;
            return;
          }
        }
        if (d > cStar) return;
        for (let k = starts![d]!, e = starts![d + 1]!; k < e; k++) if (fn(order[k]!)) return;
      },
      ...(hasH
        ? {
            mayBeOnOptimalLine: (i: number): boolean => (getG(i) & g.GM) + problem.heuristic!(store.chunkOf(i), (i & CHUNK_MASK) * W) <= cStar,
          }
        : {}),
    };
    const m = metrics();
    if (counting) {
      const c = countOptimal(view, goals, cStar, countCap, opts.onOptimalState);
      if (c.solutions > 0 && c.line.length === cStar) {
        m.optimalSolutions = c.solutions;
        m.optimalSolutionsCapped = c.capped;
        m.uniqueFirstMove = c.uniqueFirstMove;
        if (c.tagged) {
          m.taggedMovesMin = c.tagged.min;
          m.taggedMovesMax = c.tagged.max;
        }
        return { status: 'solved', length: cStar, moves: c.line, states: store.count, optimal: true, metrics: m };
      }
    }
    let goal = -1;
    for (const i of goals) if ((getG(i) & g.GM) === cStar) goal = goal < 0 ? i : goal;
    const moves = rebuildLine(view, goal);
    return { status: 'solved', length: moves.length, moves, states: store.count, optimal: true, metrics: m };
  } finally {
    if (opts.stats) {
      store.notePeak();
      opts.stats.expanded = expanded;
      opts.stats.generated = generated;
      opts.stats.bytes = bytesAtStop >= 0 ? bytesAtStop : store.bytes() + store.otherBytes();
      opts.stats.peakBytes = store.peakBytes;
    }
  }
}
