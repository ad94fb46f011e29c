/**
 * The plain optimal engine: breadth-first search over the fixed-width Int32
 * state encoding a ruleset supplies as a `SearchProblem` (solver/types.ts).
 * solver/astar.ts is the informed engine (heuristic, metrics); this one is
 * the reference it is checked against, and the engine for problems without
 * a heuristic.
 *
 * Storage (solver/store.ts; typed arrays only, no string keys, no JSON, no
 * Set/Map of states): the chunked arena, `W` words per state in insertion
 * order, plus an open-addressing index table (4 bytes a slot, load 0.375 to
 * 0.75). Because states are appended as they are discovered, the arena IS
 * the BFS queue and each depth is a contiguous index range: no parent links
 * and no move codes are stored. The line is rebuilt at the end from the
 * layer boundaries (solver/lines.ts: predecessors looked up with
 * `problem.expandReverse`, or found by re-expanding the previous layer).
 * Memory: W * 4 bytes per state + 5.3 to 10.7 bytes of index table per
 * state (one or two words: W * 4 / load bytes of key table, load 0.375 to
 * 0.75).
 *
 * States of one or two words (most puzzles: Unlock the King up to 10 pieces
 * on 8x8) use `InlineKeyStore` instead of the index table: the key table
 * holds the words themselves (8 bytes a slot for two words, 18.7 bytes per
 * state with the arena at the limit's size), so a lookup is one memory
 * access, not two. Successors are hashed as they are emitted; the home
 * slots of a batch are touched together (independent loads, overlapping
 * misses), then each successor is probed once and stored where the probe
 * stopped, in generation order.
 *
 * Wider states: successors of a few expansions are hashed and looked up as
 * a batch (`StateStore.lookupBatch`: independent loads first, so the CPU
 * overlaps their cache misses, then the exact comparisons); a new state is
 * stored by resuming its probe where the lookup stopped
 * (`insertAfterLookup`).
 *
 * Nothing here knows any ruleset.
 */
import { rebuildLine, type SearchView } from './lines.js';
import { CHUNK_MASK, InlineKeyStore, STORE_FULL, StateStore, hash1, hash2, hashWords, lastSinkHolder } from './store.js';
import type { SearchProblem, SolveOptions, SolveResult } from './types.js';

export { hashWords };

export const DEFAULT_MAX_STATES = 20_000_000;
export const DEFAULT_MAX_BYTES = 1024 * 1024 * 1024;
const DEFAULT_PROGRESS_EVERY = 65_536;
/** Expansions between polls of `opts.signal`. Power of two minus one (mask). */
const CANCEL_POLL_MASK = 4095;
/** Parents expanded into one lookup batch (same layer), and the batch size that stops adding parents. */
const BATCH_PARENTS = 4;
const BATCH_TARGET = 64;

/** Growable successor batch: states, move codes, hashes, prefetch / lookup scratch, probe slots. */
export class Batch {
  cap = 64;
  n = 0;
  states: Int32Array;
  moves = new Int32Array(64);
  hashes = new Int32Array(64);
  scratch = new Int32Array(64);
  slots = new Int32Array(64);
  constructor(readonly W: number) {
    this.states = new Int32Array(64 * W);
  }
  grow(): void {
    const cap = this.cap * 2;
    const s = new Int32Array(cap * this.W);
    s.set(this.states);
    this.states = s;
    const m = new Int32Array(cap);
    m.set(this.moves);
    this.moves = m;
    const h = new Int32Array(cap);
    h.set(this.hashes); // the two-word path hashes as it emits
    this.hashes = h;
    this.scratch = new Int32Array(cap);
    this.slots = new Int32Array(cap);
    this.cap = cap;
  }
  /** Bytes held. */
  bytes(): number {
    return this.states.byteLength + this.moves.byteLength * 4;
  }
}

/**
 * The successor callbacks `problem.expand` writes into `batch` through the
 * shared `out` words: `emit` copies the state and its move (wider states,
 * hashed per batch later); `emitFast` (one- or two-word states) copies the
 * state and stores its `hash1` / `hash2` as it is emitted. Each answers
 * false (keep expanding).
 */
function batchEmitters(batch: Batch, out: Int32Array, W: number): { emit: (move: number) => boolean; emitFast: () => boolean } {
  const emit = (move: number): boolean => {
    if (batch.n === batch.cap) batch.grow();
    const b = batch.n * W;
    const s = batch.states;
    for (let k = 0; k < W; k++) s[b + k] = out[k]!;
    batch.moves[batch.n] = move;
    batch.n++;
    return false;
  };
  const emit2 = (): boolean => {
    if (batch.n === batch.cap) batch.grow();
    const n = batch.n;
    const a = out[0]!;
    const b = out[1]!;
    const s = batch.states;
    s[n << 1] = a;
    s[(n << 1) + 1] = b;
    const h = hash2(a, b);
    batch.hashes[n] = h;
    batch.n = n + 1;
    return false;
  };
  const emit1 = (): boolean => {
    if (batch.n === batch.cap) batch.grow();
    const n = batch.n;
    const a = out[0]!;
    batch.states[n] = a;
    const h = hash1(a);
    batch.hashes[n] = h;
    batch.n = n + 1;
    return false;
  };
  const emitFast = W === 2 ? emit2 : emit1;
  return { emit, emitFast };
}

/** The finished search's view for `rebuildLine`: depth `d` holds arena indices `layerStart[d]` up to the next layer's start (or the count). */
function layerView(problem: SearchProblem, store: InlineKeyStore | StateStore, layerStart: readonly number[]): SearchView {
  return {
    problem,
    store,
    depthOf(i: number): number {
      // Last d with layerStart[d] <= i.
      let lo = 0;
      let hi = layerStart.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (layerStart[mid]! <= i) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    },
    scanDepth(d: number, fn: (i: number) => boolean): void {
      const end = d + 1 < layerStart.length ? layerStart[d + 1]! : store.count;
      for (let i = layerStart[d]!; i < end; i++) if (fn(i)) return;
    },
  };
}

/** Fills `stats` at the end of a search: expansions, successors, bytes held now and at the peak. */
function noteStats(stats: NonNullable<SolveOptions['stats']>, store: InlineKeyStore | StateStore, expanded: number, generated: number): void {
  store.notePeak();
  stats.expanded = expanded;
  stats.generated = generated;
  stats.bytes = store.bytes() + store.otherBytes();
  stats.peakBytes = store.peakBytes;
}

/**
 * Optimal breadth-first search.
 *
 * - The goal is tested when a state is generated (and on the start state,
 *   which gives a length-0 solution), so the first goal found is at minimum
 *   depth: `length` is the proven optimum and `moves` is ONE optimal line,
 *   rebuilt from the depth layers via `problem.moveToLan`.
 * - `states` in every result is the number of distinct states stored
 *   (visited), the start state included.
 * - Caps: `opts.maxStates` (default 20,000,000) → `{status:'limit', reason:'states'}`
 *   when one more state would have to be stored; `opts.maxBytes` (default 1 GiB:
 *   the arena, the index table and the batch buffers, transient copies
 *   during growth included) → `reason:'memory'` when an array cannot grow
 *   within it or its allocation fails. Never an out-of-memory crash from
 *   the search's own arrays.
 * - `opts.signal.aborted` is polled before the first expansion and then
 *   about every 4096 expansions → `{status:'cancelled'}`.
 * - `opts.onProgress({states, depth, expanded, generated})` is called at every
 *   new BFS depth (depth = plies of the states now being expanded) and each
 *   time another `opts.progressEvery` (default 65,536) states have been stored.
 * - `problem.maxDepth`: states at that depth are stored and goal-tested,
 *   never expanded.
 * - Exhausting the queue without reaching a goal proves `unsolvable`.
 * - `opts.countSolutions` and `problem.heuristic` are ignored (see astar.ts).
 *
 * Throws RangeError only for a malformed problem (`stateWords` not a
 * positive integer); exceptions thrown by the problem's callbacks propagate.
 */
export function solveBfs(problem: SearchProblem, opts: SolveOptions = {}): SolveResult {
  const W = problem.stateWords;
  if (!Number.isInteger(W) || W < 1) {
    throw new RangeError(`SearchProblem.stateWords must be a positive integer, got ${W}`);
  }
  const maxStates = Math.max(1, Math.floor(opts.maxStates ?? DEFAULT_MAX_STATES));
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const progressEvery = Math.max(1, Math.floor(opts.progressEvery ?? DEFAULT_PROGRESS_EVERY));
  const signal = opts.signal;
  const onProgress = opts.onProgress;

  // States of one or two words: the inline-key store (one random access per
  // lookup) and successors hashed as they are emitted; wider states: the
  // index-table store with batched lookups.
  const inline = W <= 2 ? new InlineKeyStore(W, maxStates, maxBytes) : null;
  const wide = inline ? null : new StateStore(W, maxStates, maxBytes);
  const store: InlineKeyStore | StateStore = inline ?? wide!;
  const batch = new Batch(W);
  store.otherBytes = () => batch.bytes();
  const out = new Int32Array(W);
  const { emit, emitFast } = batchEmitters(batch, out, W);

  let expanded = 0;
  let generated = 0;
  try {
    // ---- start state ----------------------------------------------------------
    problem.writeInitial(out);
    if (inline) inline.add(out, 0);
    else wide!.findOrInsert(out, 0, hashWords(out, 0, W));
    if (problem.isGoal(store.chunkOf(0), 0)) {
      return { status: 'solved', length: 0, moves: [], states: 1, optimal: true };
    }
    let depth = 0; // plies of the states being expanded
    const progress = (): void => {
      if (onProgress) onProgress({ states: store.count, depth, expanded, generated });
    };
    progress();

    const maxDepth = problem.maxDepth;
    if (maxDepth !== undefined && maxDepth <= 0) return { status: 'unsolvable', states: store.count };

    // layerStart[d] = first arena index of depth d; layerStart[depth + 1] = levelEnd.
    const layerStart: number[] = [0, 1];
    let levelEnd = 1;
    let head = 0;
    let nextProgress = progressEvery;
    let goal = -1;
    let sink = 0;

    let nextPoll = 0;
    while (head < store.count) {
      if (expanded >= nextPoll) {
        nextPoll = expanded + CANCEL_POLL_MASK + 1;
        if (signal?.aborted) return { status: 'cancelled', states: store.count, depth };
      }
      if (head === levelEnd) {
        depth++;
        levelEnd = store.count;
        layerStart.push(levelEnd);
        if (maxDepth !== undefined && depth >= maxDepth) break; // depth bound: nothing deeper is wanted
        progress();
      }
      // Expand a few parents of this layer into one batch (more independent lookups in flight).
      batch.n = 0;
      let p = head;
      const pEnd = Math.min(levelEnd, head + BATCH_PARENTS);
      const em = inline ? emitFast : emit;
      while (p < pEnd && batch.n < BATCH_TARGET) {
        problem.expand(store.chunkOf(p), (p & CHUNK_MASK) * W, out, em);
        p++;
      }
      expanded += p - head;
      const n = batch.n;
      generated += n;
      if (inline) {
        // Touch the home slots of the whole batch (independent loads: their misses overlap), then
        // one probe each, in order (a duplicate within the batch is found as stored).
        const states = batch.states;
        const hashes = batch.hashes;
        sink ^= inline.touch(hashes, n);
        for (let k = 0; k < n; k++) {
          const idx = W === 2 ? inline.add2(states[k << 1]!, states[(k << 1) + 1]!, hashes[k]!) : inline.add1(states[k]!, hashes[k]!);
          if (idx === -1) continue; // stored already
          if (idx === STORE_FULL) {
            return { status: 'limit', states: store.count, depth, reason: store.failReason };
          }
          if (store.count >= nextProgress) {
            nextProgress = store.count + progressEvery;
            progress();
          }
          if (problem.isGoal(store.chunkOf(idx), (idx & CHUNK_MASK) * W)) {
            goal = idx;
            break;
          }
        }
      } else if (n > 0) {
        const store = wide!;
        const states = batch.states;
        const hashes = batch.hashes;
        const found = batch.scratch;
        const slots = batch.slots;
        for (let k = 0; k < n; k++) hashes[k] = hashWords(states, k * W, W);
        sink ^= store.lookupBatch(states, hashes, n, found, slots);
        for (let k = 0; k < n; k++) {
          if (found[k]! >= 0) continue;
          const off = k * W;
          const idx = store.insertAfterLookup(states, off, hashes[k]!, slots[k]!);
          if (idx === STORE_FULL) {
            return { status: 'limit', states: store.count, depth, reason: store.failReason };
          }
          if (idx < 0) continue; // a duplicate successor within this batch
          if (store.count >= nextProgress) {
            nextProgress = store.count + progressEvery;
            progress();
          }
          if (problem.isGoal(store.chunkOf(idx), (idx & CHUNK_MASK) * W)) {
            goal = idx;
            break;
          }
        }
      }
      if (goal >= 0) break;
      head = p;
    }
    lastSinkHolder.value = sink;

    if (goal < 0) return { status: 'unsolvable', states: store.count };
    if (inline) inline.finishSearch();

    const view = layerView(problem, store, layerStart);
    const moves = rebuildLine(view, goal);
    return { status: 'solved', length: moves.length, moves, states: store.count, optimal: true };
  } finally {
    if (opts.stats) noteStats(opts.stats, store, expanded, generated);
  }
}
