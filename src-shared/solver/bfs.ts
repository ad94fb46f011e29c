/**
 * The generic optimal solver engine: breadth-first search over the fixed-width
 * Int32 state encoding a ruleset supplies as a `SearchProblem` (solver/types.ts).
 *
 * Storage (typed arrays only; no string keys, no JSON, no Set/Map of states):
 * - `arena`  Int32Array, `stateWords` words per state, in insertion order.
 *   Because states are appended as they are discovered, the arena IS the BFS
 *   queue: state k is expanded after every state with a smaller index.
 * - `parent` Int32Array, arena index of the state each state was reached from
 *   (-1 for the start state).
 * - `moveOf` Int32Array, the problem's move code that produced each state.
 * - `table`  Int32Array open-addressing visited set: entry = arena index + 1
 *   in the low bits (0 = empty) and, in the spare high bits (how many depends
 *   on maxStates), a tag from the hash's top bits so most probe mismatches
 *   never touch the arena; power-of-two capacity, triangular (quadratic)
 *   probing, load factor kept <= 0.7, grown by rehashing.
 * Memory: (stateWords + 2) * 4 bytes per arena slot plus 4 bytes per table
 * slot (about 20-35 bytes per state for 12-piece Unlock the King).
 *
 * Nothing here knows any ruleset.
 */
import type { SearchProblem, SolveOptions, SolveResult } from './types.js';

const DEFAULT_MAX_STATES = 20_000_000;
const DEFAULT_MAX_BYTES = 1024 * 1024 * 1024;
const DEFAULT_PROGRESS_EVERY = 65_536;
/** Expansions between polls of `opts.signal`. Power of two minus one (mask). */
const CANCEL_POLL_MASK = 4095;
const INITIAL_STATES = 1024;
const INITIAL_TABLE = 2048;
/** Maximum load factor of the visited table, as numerator / 10. */
const MAX_LOAD_TENTHS = 7;

/**
 * Murmur3-style hash of `words` Int32 words at `buf[off..]`: per-word mixing
 * (multiply, rotate, multiply), then the fmix32 finaliser. Returns an int32.
 */
export function hashWords(buf: Int32Array, off: number, words: number): number {
  let h = 0x9747b28c | 0;
  for (let i = 0; i < words; i++) {
    let k = buf[off + i]! | 0;
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= words << 2;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

/**
 * Optimal breadth-first search.
 *
 * - The goal is tested when a state is generated (and on the start state,
 *   which gives a length-0 solution), so the first goal found is at minimum
 *   depth: `length` is the proven optimum and `moves` is ONE optimal line,
 *   rebuilt from parent links via `problem.moveToLan`.
 * - `states` in every result is the number of distinct states stored
 *   (visited), the start state included.
 * - Caps: `opts.maxStates` (default 20,000,000) → `{status:'limit', reason:'states'}`
 *   when one more state would have to be stored; `opts.maxBytes` (default 1 GiB,
 *   approximate: the sum of all typed arrays held after a growth step) →
 *   `reason:'memory'` when the arena or the table cannot grow within it.
 * - `opts.signal.aborted` is polled before the first expansion and then every
 *   4096 expansions → `{status:'cancelled'}`.
 * - `opts.onProgress({states, depth})` is called at every new BFS depth
 *   (depth = plies of the states now being expanded) and each time another
 *   `opts.progressEvery` (default 65,536) states have been stored.
 * - Exhausting the queue without reaching a goal proves `unsolvable`.
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

  const bytesPerState = (W + 2) * 4;
  // Table entries pack `index + 1` in the low `idxBits` bits and, above them,
  // a tag of the state's hash top bits, so most probe mismatches are rejected
  // without touching the arena. idxBits is fixed by maxStates up front.
  const idxBits = Math.max(1, Math.ceil(Math.log2(maxStates + 2)));
  const tagBits = Math.max(0, 31 - idxBits);
  const idxMask = tagBits > 0 ? (1 << idxBits) - 1 : -1;
  const tagShift = 32 - tagBits;
  /** Tag bits of hash h, already shifted into place (0 when no room). */
  const tagOf = tagBits > 0 ? (h: number) => (h >>> tagShift) << idxBits : (_h: number) => 0;

  // ---- storage -------------------------------------------------------------
  let cap = Math.min(INITIAL_STATES, maxStates);
  let arena = new Int32Array(cap * W);
  let parent = new Int32Array(cap);
  let moveOf = new Int32Array(cap);
  let tableSize = INITIAL_TABLE;
  let tableMask = tableSize - 1;
  let table = new Int32Array(tableSize);
  let tableLimit = Math.floor((tableSize * MAX_LOAD_TENTHS) / 10);
  let count = 0;

  const out = new Int32Array(W);

  /** Grows arena/parent/moveOf; false when no room (states or memory cap). */
  let failReason: 'states' | 'memory' = 'states';
  function growArena(): boolean {
    if (cap >= maxStates) {
      failReason = 'states';
      return false;
    }
    let newCap = Math.min(cap * 2, maxStates);
    const budget = maxBytes - table.byteLength;
    const byMem = Math.floor(budget / bytesPerState);
    if (byMem < newCap) newCap = byMem;
    if (newCap <= cap) {
      failReason = 'memory';
      return false;
    }
    const a = new Int32Array(newCap * W);
    a.set(arena);
    const p = new Int32Array(newCap);
    p.set(parent);
    const m = new Int32Array(newCap);
    m.set(moveOf);
    arena = a;
    parent = p;
    moveOf = m;
    cap = newCap;
    return true;
  }

  /** Doubles the visited table and rehashes; false when over the memory cap. */
  function growTable(): boolean {
    const newSize = tableSize * 2;
    if (arena.byteLength + parent.byteLength + moveOf.byteLength + newSize * 4 > maxBytes) {
      failReason = 'memory';
      return false;
    }
    const t = new Int32Array(newSize);
    const mask = newSize - 1;
    for (let idx = 0; idx < count; idx++) {
      const h = hashWords(arena, idx * W, W);
      let slot = h & mask;
      let step = 1;
      while (t[slot] !== 0) {
        slot = (slot + step) & mask;
        step++;
      }
      t[slot] = (idx + 1) | tagOf(h);
    }
    table = t;
    tableSize = newSize;
    tableMask = mask;
    tableLimit = Math.floor((newSize * MAX_LOAD_TENTHS) / 10);
    return true;
  }

  // ---- search state ---------------------------------------------------------
  let head = 0; // next arena index to expand
  let depth = 0; // plies of the states being expanded
  let levelEnd = 1; // arena index where depth+1 starts
  let nextProgress = progressEvery;
  let goalIndex = -1;
  let stopped: 'states' | 'memory' | null = null;

  /** Stores `out` if new. Returns true to stop the generator (goal or cap). */
  const emit = (move: number): boolean => {
    const h = hashWords(out, 0, W);
    const tag = tagOf(h);
    let slot = h & tableMask;
    let step = 1;
    const o0 = out[0]!;
    for (;;) {
      const e = table[slot]!;
      if (e === 0) break;
      const base = ((e & idxMask) - 1) * W;
      if ((e & ~idxMask) === tag && arena[base] === o0) {
        let same = true;
        for (let i = 1; i < W; i++) {
          if (arena[base + i] !== out[i]) {
            same = false;
            break;
          }
        }
        if (same) return false; // already visited
      }
      slot = (slot + step) & tableMask;
      step++;
    }
    // New state.
    if (count >= maxStates) {
      stopped = 'states';
      return true;
    }
    if (count >= cap && !growArena()) {
      stopped = failReason;
      return true;
    }
    if (count + 1 > tableLimit) {
      if (!growTable()) {
        stopped = failReason;
        return true;
      }
      slot = h & tableMask;
      step = 1;
      while (table[slot] !== 0) {
        slot = (slot + step) & tableMask;
        step++;
      }
    }
    const idx = count;
    const dst = idx * W;
    for (let i = 0; i < W; i++) arena[dst + i] = out[i]!;
    parent[idx] = head;
    moveOf[idx] = move;
    table[slot] = (idx + 1) | tag;
    count = idx + 1;
    if (count >= nextProgress) {
      nextProgress = count + progressEvery;
      if (onProgress) onProgress({ states: count, depth });
    }
    if (problem.isGoal(arena, idx * W)) {
      goalIndex = idx;
      return true;
    }
    return false;
  };

  // ---- start state ----------------------------------------------------------
  problem.writeInitial(out);
  {
    const h = hashWords(out, 0, W);
    arena.set(out, 0);
    parent[0] = -1;
    moveOf[0] = -1;
    table[h & tableMask] = 1 | tagOf(h);
    count = 1;
  }
  if (problem.isGoal(arena, 0)) {
    return { status: 'solved', length: 0, moves: [], states: 1, optimal: true };
  }
  if (onProgress) onProgress({ states: count, depth: 0 });

  // ---- main loop --------------------------------------------------------------
  const maxDepth = problem.maxDepth;
  if (maxDepth !== undefined && maxDepth <= 0) return { status: 'unsolvable', states: count };
  let expanded = 0;
  while (head < count) {
    if ((expanded & CANCEL_POLL_MASK) === 0 && signal?.aborted) {
      return { status: 'cancelled', states: count, depth };
    }
    if (head === levelEnd) {
      depth++;
      levelEnd = count;
      if (maxDepth !== undefined && depth >= maxDepth) break; // depth bound: nothing deeper is wanted
      if (onProgress) onProgress({ states: count, depth });
    }
    problem.expand(arena, head * W, out, emit);
    expanded++;
    if (goalIndex >= 0) break;
    if (stopped !== null) {
      return { status: 'limit', states: count, depth, reason: stopped };
    }
    head++;
  }

  if (goalIndex < 0) return { status: 'unsolvable', states: count };

  // ---- rebuild one optimal line -------------------------------------------------
  const chain: number[] = [];
  for (let i = goalIndex; i > 0; i = parent[i]!) chain.push(i);
  chain.reverse();
  const moves = chain.map((i) => problem.moveToLan(arena, parent[i]! * W, moveOf[i]!));
  return { status: 'solved', length: moves.length, moves, states: count, optimal: true };
}
