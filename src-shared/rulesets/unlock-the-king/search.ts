/**
 * Unlock the King as a `SearchProblem` for the solver engines (solver/bfs.ts
 * plain BFS, solver/astar.ts A*), and `ukSolve`, the optimal solve the app
 * uses.
 *
 * State encoding: one field of `b = ceil(log2(width*height))` bits per piece
 * (its board index; 6 bits on 8x8, 8 on 16x16, UK-1), packed LSB first into
 * Int32 words, a field may straddle two words: `ceil(n*b/32)` words (16
 * pieces on 8x8: 96 bits = 3 words = 12 bytes). Slot 0 is the king (UK-2).
 * - `canonical: true` (what `ukSolve` uses): the other slots hold groups of
 *   identical pieces (same role, and for pawns the same facing and lateral
 *   flag, UK-4: pieces that move alike) with the squares of a group kept
 *   SORTED ascending, so two identical pieces swapping squares are one
 *   state. Pawns of different facing or lateral flag are different groups.
 * - default (`canonical` false): slots 1.. are the other pieces in blueprint
 *   order, every piece told apart (the raw state space, as the reference
 *   tests count it).
 * Walls and the portal are fixed and live in closure tables.
 *
 * Move code: `from << 8 | to` (board indices; squares identify the piece).
 *
 * Heuristic (A*'s consistent bound): the least, over king routes to the
 * portal, of steps plus pieces standing on the route (heuristic.ts
 * `routeBound`, a bit-parallel shortest path on occupancy bitboards, with a
 * memo): every such piece must move away first (UK-5, UK-6). It changes by at
 * most 1 per move.
 *
 * Strong bound (`strongHeuristic`, and the bound of `expandPart`): the
 * blocker-chain bound of chain.ts (the route bound plus the pieces that must
 * move first to let stuck blockers move), while it pays (option `bound`,
 * default 'auto': A* starts with it and falls back to the route bound once it
 * has climbed CHAIN_SPAN f levels, or when a probe shows it rarely beats the
 * route bound; both are admissible, so the answers never depend on it).
 *
 * Partial expansion (`expandPart`, solver/astar.ts): the bound's relevant
 * squares (`ChainBound.mask` / `RouteBound.mask`) split a state's moves: a
 * move of a piece other than the king whose from- and to-squares are both
 * off them ("far") keeps the bound exactly, every other move ("near": king
 * moves, moves touching the relevant squares) may change it.

 * Move tag (`moveTag`, for the counting metrics): 1 for every non-king
 * move, 0 for king moves, so `SolveMetrics.taggedMovesMin` / `taggedMovesMax`
 * are the fewest / most non-king ("unlocking") moves over all optimal
 * solutions (the Codex tier rule builds on the minimum, UK-9).
 *
 * Predecessors (`expandReverse`): every move is undone by the same piece
 * moving back along the same line, except that a pawn steps back against
 * its facing, so predecessors are the moves of the "reversed" position
 * (pawns facing the other way, UK-4).
 *
 * Proof shortcut (used by `ukSolve` and the BFS reference `solveReference` of def.ts):
 * `kingCanReachPortal` false proves the blueprint unsolvable without
 * enumerating piece permutations.
 */
import type { SearchProblem, SolveOptions, SolveResult } from '../../solver/types.js';
import { solveAStar } from '../../solver/astar.js';
import { indexToSquare } from '../../model/square.js';
import type { Facing, Role } from '../../model/level.js';
import type { UkPosition } from './position.js';
import { kingDistances, routeBound, routeWords } from './heuristic.js';
import { CHAIN_MAX_SLOTS, chainBound } from './chain.js';
import { movementClass } from './tables.js';

/** `expandPart` parts (SearchProblem): 1 successors that may change the bound, 2 those that keep it, 3 all. */
const PART_FAR = 2;
const PART_ALL = 3;
/**
 * Chain-bound policy (bound 'auto' of `ukSearchProblem`, and `ukSolve`'s probe): f levels it stays
 * on, the states of the probe search, the least share of computed chain bounds above the route bound.
 */
const CHAIN_SPAN = 4;
const PROBE_STATES = 2000;
/** f levels the route-bound probe may climb before the main search keeps the route bound (measured on the Codex: 1-2 vs 3-19). */
const DEEP_LEVELS = 3;
const CHAIN_RATE = 0.4;

const LETTER: Record<Role, string> = { king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N', pawn: 'P' };
const OPPOSITE: Record<Facing, Facing> = { north: 'south', south: 'north', east: 'west', west: 'east' };
const ROLE_ORDER: Record<Role, number> = { king: 0, queen: 1, rook: 2, bishop: 3, knight: 4, pawn: 5 };
const FACING_ORDER: Record<Facing, number> = { north: 0, east: 1, south: 2, west: 3 };

/**
 * True when the portal lies in the king's wall-free 8-connected region of
 * the board (ignoring all other pieces, which only block further). False
 * proves the blueprint unsolvable (UK-4 king steps, UK-5 no captures).
 *
 * `piecesAsWalls` true: every other piece counts as a wall too (the
 * "frozen-king check", see `kingBoxedByPieces`).
 */
export function kingCanReachPortal(pos: UkPosition, piecesAsWalls = false): boolean {
  const { width, height, portal } = pos;
  let walls = pos.walls;
  if (piecesAsWalls) {
    walls = walls.slice();
    pos.pieces.forEach((p, i) => {
      if (i !== pos.king) walls[p.square] = 1;
    });
  }
  const start = pos.pieces[pos.king]!.square;
  const seen = new Uint8Array(width * height);
  const stack = [start];
  seen[start] = 1;
  while (stack.length > 0) {
    const sq = stack.pop()!;
    if (sq === portal) return true;
    const f = sq % width;
    const r = (sq - f) / width;
    for (let dr = -1; dr <= 1; dr++) {
      for (let df = -1; df <= 1; df++) {
        const nf = f + df;
        const nr = r + dr;
        if (nf < 0 || nr < 0 || nf >= width || nr >= height) continue;
        const n = nr * width + nf;
        if (seen[n] || walls[n]) continue;
        seen[n] = 1;
        stack.push(n);
      }
    }
  }
  return false;
}

/**
 * The frozen-king check (Codex design rule): true when the king cannot
 * reach the portal by king steps alone with every other piece standing
 * still, i.e. treated as a wall (a piece on the portal blocks it, UK-6).
 * Then every solution has at least one non-king ("unlocking") move. It
 * also holds when walls alone seal the king (unsolvable, UK-5). Pure,
 * linear in the board size.
 */
export function kingBoxedByPieces(pos: UkPosition): boolean {
  return !kingCanReachPortal(pos, true);
}

export interface UkProblemOptions {
  /** Identical pieces are one state whichever stands where (see the file comment). Default false. */
  canonical?: boolean;
  /**
   * The strong bound: 'auto' (default) the blocker-chain bound of chain.ts while it pays, then the
   * route bound (see `ukSearchProblem`); 'chain' always the chain bound; 'route' always the plain
   * blocker-aware route bound of heuristic.ts (weaker, cheaper). All give the same optimum and
   * metrics (every bound is admissible).
   */
  bound?: 'chain' | 'route' | 'auto';
  /**
   * For `ukSolve`'s probe: counts the chain bounds computed and those above the route bound, and the
   * f levels A* climbed past its first one.
   */
  probe?: { computed: number; higher: number; levels: number };
}

/** Layout facts of a problem, for tests and reports. */
export interface UkSearchLayout {
  /** Bits per piece field. */
  readonly bits: number;
  /** Int32 words per state. */
  readonly stateWords: number;
  /** Piece index (into `pos.pieces`) of each slot at the start. */
  readonly slotPiece: readonly number[];
  /** First slot of each slot's group of identical pieces, and one past its last. */
  readonly groupStart: readonly number[];
  readonly groupEnd: readonly number[];
}

/** Group key of a piece: pieces with equal keys move alike (UK-4). */
function groupKey(role: Role, facing: Facing, lateral: boolean): number {
  return ROLE_ORDER[role] * 8 + (role === 'pawn' ? FACING_ORDER[facing] * 2 + (lateral ? 1 : 0) : 0);
}

/** Slot order, groups and packing of `ukSearchProblem(pos, opts)`. */
export function ukSearchLayout(pos: UkPosition, opts: UkProblemOptions = {}): UkSearchLayout {
  const n = pos.pieces.length;
  const bits = Math.max(1, Math.ceil(Math.log2(pos.width * pos.height)));
  const others: number[] = [];
  for (let i = 0; i < n; i++) if (i !== pos.king) others.push(i);
  const key = (i: number): number => {
    const p = pos.pieces[i]!;
    return groupKey(p.role, p.facing, p.lateral);
  };
  if (opts.canonical) others.sort((a, b) => key(a) - key(b) || pos.pieces[a]!.square - pos.pieces[b]!.square);
  const slotPiece = [pos.king, ...others];
  const groupStart: number[] = [];
  const groupEnd: number[] = [];
  for (let s = 0; s < n; s++) {
    if (!opts.canonical || s === 0) {
      groupStart.push(s);
      groupEnd.push(s + 1);
      continue;
    }
    let a = s;
    while (a > 1 && key(slotPiece[a - 1]!) === key(slotPiece[s]!)) a--;
    let e = s + 1;
    while (e < n && key(slotPiece[e]!) === key(slotPiece[s]!)) e++;
    groupStart.push(a);
    groupEnd.push(e);
  }
  return { bits, stateWords: Math.max(1, Math.ceil((n * bits) / 32)), slotPiece, groupStart, groupEnd };
}

/**
 * Builds the search problem for `pos` (a compiled, valid position). The
 * goal (UK-6) is "king on the portal"; successors are exactly
 * `legalMoves` (UK-4, UK-5) from the decoded state (in canonical mode,
 * re-sorted within groups). Expansion uses a reused Uint8Array occupancy
 * grid and the precomputed ray tables; no allocation per successor.
 * Provides `heuristic` and `expandReverse` (see the file comment).
 */
export function ukSearchProblem(pos: UkPosition, opts: UkProblemOptions = {}): SearchProblem & { readonly layout: UkSearchLayout } {
  const layout = ukSearchLayout(pos, opts);
  const n = pos.pieces.length;
  const W = layout.stateWords;
  const B = layout.bits;
  const MASK = (1 << B) - 1;
  const t = pos.tables;
  const size = t.size;
  const { groupStart, rayStart, rayEnd, raySquares } = t;

  const fieldWord = new Int32Array(n);
  const fieldShift = new Int32Array(n);
  const fieldSpill = new Uint8Array(n);
  for (let s = 0; s < n; s++) {
    const bit = s * B;
    fieldWord[s] = bit >>> 5;
    fieldShift[s] = bit & 31;
    fieldSpill[s] = (bit & 31) + B > 32 ? 1 : 0;
  }
  const gStart = Int32Array.from(layout.groupStart);
  const gEnd = Int32Array.from(layout.groupEnd);
  /** Row offset of the slot's movement class in the tables (class * size), forward and reversed. */
  const fwdBase = new Int32Array(n);
  const revBase = new Int32Array(n);
  const slotLetter: string[] = [];
  for (let s = 0; s < n; s++) {
    const p = pos.pieces[layout.slotPiece[s]!]!;
    fwdBase[s] = movementClass(p.role, p.facing, p.lateral) * size;
    revBase[s] = movementClass(p.role, OPPOSITE[p.facing], p.lateral) * size;
    slotLetter.push(LETTER[p.role]);
  }

  const getField = (buf: Int32Array, off: number, s: number): number => {
    const w = off + fieldWord[s]!;
    const sh = fieldShift[s]!;
    let v = buf[w]! >>> sh;
    if (fieldSpill[s] !== 0) v |= buf[w + 1]! << (32 - sh);
    return v & MASK;
  };
  const setField = (out: Int32Array, s: number, v: number): void => {
    const w = fieldWord[s]!;
    const sh = fieldShift[s]!;
    out[w] = (out[w]! & ~(MASK << sh)) | (v << sh);
    if (fieldSpill[s] !== 0) {
      const r = 32 - sh;
      out[w + 1] = (out[w + 1]! & ~(MASK >>> r)) | (v >>> r);
    }
  };

  // Initial state: squares per slot, groups sorted in canonical mode.
  const initial = new Int32Array(W);
  {
    const sqs = layout.slotPiece.map((i) => pos.pieces[i]!.square);
    for (let s = 0; s < n;) {
      const e = layout.groupEnd[s]!;
      const part = sqs.slice(s, e).sort((a, b) => a - b);
      for (let k = 0; k < part.length; k++) setField(initial, s + k, part[k]!);
      s = e;
    }
  }
  const portal = pos.portal;
  const dist = kingDistances(pos);
  const slotClass = new Int32Array(n);
  for (let s = 0; s < n; s++) slotClass[s] = fwdBase[s]! / size;
  // The chain bound holds at most CHAIN_MAX_SLOTS pieces (one bit each); a bigger position keeps the route bound alone.
  const chain = n <= CHAIN_MAX_SLOTS ? chainBound(pos, slotClass) : null;
  const route = chain?.route ?? routeBound(pos);
  // The chain bound pays where a few f levels separate the start's bound from the optimum; far
  // from it the route bound is cheaper for the same answers. Policy 'auto' (measured on the Citadel
  // Codex): the chain bound, off for good once A* has climbed CHAIN_SPAN f levels past its first
  // one; past those levels A* also stops splitting expansions until it knows a goal (`splitsNow`).
  // (`ukSolve` probes first whether the chain bound pays at all.)
  let useChain = chain !== null && opts.bound !== 'route';
  const policy = opts.bound === undefined || opts.bound === 'auto';
  let firstF = -1;
  // With the route bound alone, whole expansions until A* knows a goal (see `splitsNow`).
  let splitting = chain !== null && opts.bound !== 'route';
  const probe = opts.probe;
  const chainOff = (): void => {
    useChain = false;
    mk = route.mask;
  };
  const occBits = new Int32Array(routeWords(pos));
  const bsq = new Int32Array(n);
  /** The blocker-chain bound (chain.ts) of the state at buf[offset..], its relevant squares in `chain.mask`. */
  const bound = (buf: Int32Array, offset: number, limit: number): number => {
    occBits.fill(0);
    bsq[0] = buf[offset]! & MASK;
    for (let s = 1; s < n; s++) {
      const sq = getField(buf, offset, s);
      bsq[s] = sq;
      occBits[sq >>> 5]! |= 1 << (sq & 31);
    }
    if (!useChain || !chain) return route(occBits, bsq[0]!, limit);
    const h = chain(occBits, bsq, limit);
    const d0 = chain.last.d0;
    if (probe && d0 >= 0) {
      probe.computed++;
      if (h > d0) probe.higher++;
    }
    return h;
  };
  const occ = new Uint8Array(size);
  const sqs = new Int32Array(n);
  const width = pos.width;

  /**
   * Which targets of the piece in slot `s` on `from` a generator emits for
   * `part` (see `expandPart`; `mask` = `route.mask`): -2 none, -1 all, 1 only
   * targets in the mask, 0 only targets off it.
   */
  let mk = useChain && chain ? chain.mask : route.mask;
  const wantOf = (part: number, s: number, from: number): number => {
    if (part === PART_ALL) return -1;
    const near = s === 0 || ((mk[from >>> 5]! >>> (from & 31)) & 1) !== 0;
    if (part === PART_FAR) return near ? -2 : 0;
    return near ? -1 : 1; // PART_NEAR
  };

  /** Successors (base = fwdBase) or predecessors (base = revBase) of the state at buf[off..]; `part` as in `expandPart`. */
  const generate = (base: Int32Array, buf: Int32Array, offset: number, out: Int32Array, emit: (move: number) => boolean, part: number): void => {
    for (let s = 0; s < n; s++) {
      const sq = getField(buf, offset, s);
      sqs[s] = sq;
      occ[sq] = 1;
    }
    // `out` holds the parent; each target rewrites only the moving piece's
    // field (or its group's fields), which the next target overwrites again;
    // the parent is restored after each piece.
    for (let w = 0; w < W; w++) out[w] = buf[offset + w]!;
    outer: for (let s = 0; s < n; s++) {
      const from = sqs[s]!;
      const a = gStart[s]!;
      const e = gEnd[s]!;
      const g = base[s]! + from;
      const moveBase = from << 8;
      const want = wantOf(part, s, from);
      if (want === -2) continue;
      let touched = false;
      for (let r = groupStart[g]!, rEnd = groupStart[g + 1]!; r < rEnd; r++) {
        for (let j = rayStart[r]!, jEnd = rayEnd[r]!; j < jEnd; j++) {
          const to = raySquares[j]!;
          if (occ[to] !== 0) break;
          if (want >= 0 && ((mk[to >>> 5]! >>> (to & 31)) & 1) !== want) continue;
          touched = true;
          if (e - a === 1) {
            setField(out, s, to);
          } else {
            // Re-sort the group: its squares without `from`, plus `to`, ascending.
            let k = a;
            let placed = false;
            for (let i = a; i < e; i++) {
              if (i === s) continue;
              const v = sqs[i]!;
              if (!placed && to < v) {
                setField(out, k++, to);
                placed = true;
              }
              setField(out, k++, v);
            }
            if (!placed) setField(out, k, to);
          }
          if (emit(moveBase | to)) break outer;
        }
      }
      if (touched) for (let w = 0; w < W; w++) out[w] = buf[offset + w]!;
    }
    for (let s = 0; s < n; s++) occ[sqs[s]!] = 0;
  };

  // States of one or two words (up to 64 bits: 10 pieces on 8x8): each
  // target's words are built in registers from the parent's words with the
  // moving piece's (or group's) fields cleared once per piece, and written
  // to `out` whole (no restore of the parent, no read-modify-write).
  // Per slot q, value v lands as ((v << l0[q]) & m0[q]) in word 0 and
  // (((v << l1[q]) >>> r1[q]) & m1[q]) in word 1 (m = the field's bits in
  // that word, 0 when it has none), so placing a value takes no branch.
  const l0 = new Int32Array(n);
  const m0 = new Int32Array(n);
  const l1 = new Int32Array(n);
  const r1 = new Int32Array(n);
  const m1 = new Int32Array(n);
  for (let s = 0; s < n; s++) {
    const sh = fieldShift[s]!;
    if (fieldWord[s] === 0) {
      l0[s] = sh;
      m0[s] = MASK << sh;
      if (fieldSpill[s] !== 0) {
        r1[s] = 32 - sh;
        m1[s] = MASK >>> (32 - sh);
      }
    } else {
      l1[s] = sh;
      m1[s] = MASK << sh;
    }
  }
  const generateSmall = (base: Int32Array, buf: Int32Array, offset: number, out: Int32Array, emit: (move: number) => boolean, part: number): void => {
    const w0 = buf[offset]!;
    const w1 = W === 2 ? buf[offset + 1]! : 0;
    for (let s = 0; s < n; s++) {
      const sq = getField(buf, offset, s);
      sqs[s] = sq;
      occ[sq] = 1;
    }
    outer: for (let s = 0; s < n; s++) {
      const from = sqs[s]!;
      const a = gStart[s]!;
      const e = gEnd[s]!;
      const g = base[s]! + from;
      const moveBase = from << 8;
      const want = wantOf(part, s, from);
      if (want === -2) continue;
      // The parent's words without the fields this piece's moves rewrite.
      let c0 = 0;
      let c1 = 0;
      for (let i = a; i < e; i++) {
        c0 |= m0[i]!;
        c1 |= m1[i]!;
      }
      const b0 = w0 & ~c0;
      const b1 = w1 & ~c1;
      const rStart = groupStart[g]!;
      const rEnd = groupStart[g + 1]!;
      if (e - a <= 2) {
        // A single piece, or one of a pair: the target and (for a pair) the twin's square, lower first.
        const pair = e - a === 2;
        const twin = pair ? sqs[s === a ? a + 1 : a]! : 0;
        const lo0 = l0[a]!;
        const lm0 = m0[a]!;
        const lo1 = l1[a]!;
        const lr1 = r1[a]!;
        const lm1 = m1[a]!;
        const hi = pair ? a + 1 : a;
        const hl0 = l0[hi]!;
        const hm0 = m0[hi]!;
        const hl1 = l1[hi]!;
        const hr1 = r1[hi]!;
        const hm1 = m1[hi]!;
        for (let r = rStart; r < rEnd; r++) {
          for (let j = rayStart[r]!, jEnd = rayEnd[r]!; j < jEnd; j++) {
            const to = raySquares[j]!;
            if (occ[to] !== 0) break;
            if (want >= 0 && ((mk[to >>> 5]! >>> (to & 31)) & 1) !== want) continue;
            let t0: number;
            let t1: number;
            if (pair) {
              const x = to < twin ? to : twin;
              const y = to < twin ? twin : to;
              t0 = b0 | ((x << lo0) & lm0) | ((y << hl0) & hm0);
              t1 = b1 | (((x << lo1) >>> lr1) & lm1) | (((y << hl1) >>> hr1) & hm1);
            } else {
              t0 = b0 | ((to << lo0) & lm0);
              t1 = b1 | (((to << lo1) >>> lr1) & lm1);
            }
            out[0] = t0;
            if (W === 2) out[1] = t1;
            if (emit(moveBase | to)) break outer;
          }
        }
        continue;
      }
      for (let r = rStart; r < rEnd; r++) {
        for (let j = rayStart[r]!, jEnd = rayEnd[r]!; j < jEnd; j++) {
          const to = raySquares[j]!;
          if (occ[to] !== 0) break;
          if (want >= 0 && ((mk[to >>> 5]! >>> (to & 31)) & 1) !== want) continue;
          // Re-sort the group: its squares without `from`, plus `to`, ascending.
          let t0 = b0;
          let t1 = b1;
          let k = a;
          let placed = false;
          for (let i = a; i < e; i++) {
            if (i === s) continue;
            const v = sqs[i]!;
            if (!placed && to < v) {
              t0 |= (to << l0[k]!) & m0[k]!;
              t1 |= ((to << l1[k]!) >>> r1[k]!) & m1[k]!;
              k++;
              placed = true;
            }
            t0 |= (v << l0[k]!) & m0[k]!;
            t1 |= ((v << l1[k]!) >>> r1[k]!) & m1[k]!;
            k++;
          }
          if (!placed) {
            t0 |= (to << l0[k]!) & m0[k]!;
            t1 |= ((to << l1[k]!) >>> r1[k]!) & m1[k]!;
          }
          out[0] = t0;
          if (W === 2) out[1] = t1;
          if (emit(moveBase | to)) break outer;
        }
      }
    }
    for (let s = 0; s < n; s++) occ[sqs[s]!] = 0;
  };
  const gen = W <= 2 ? generateSmall : generate;

  return {
    stateWords: W,
    layout,
    writeInitial(out: Int32Array): void {
      out.set(initial);
    },
    isGoal(buf: Int32Array, offset: number): boolean {
      return (buf[offset]! & MASK) === portal;
    },
    expand(buf: Int32Array, offset: number, out: Int32Array, emit: (move: number) => boolean): void {
      gen(fwdBase, buf, offset, out, emit, PART_ALL);
    },
    expandReverse(buf: Int32Array, offset: number, out: Int32Array, emit: (move: number) => boolean): void {
      gen(revBase, buf, offset, out, emit, PART_ALL);
    },
    expandPart(buf: Int32Array, offset: number, limit: number, part: 1 | 2 | 3, out: Int32Array, emit: (move: number) => boolean): number {
      const h = bound(buf, offset, limit);
      if (h < 0 || h > limit) return h;
      gen(fwdBase, buf, offset, out, emit, part);
      return h;
    },
    heuristic(buf: Int32Array, offset: number): number {
      const king = buf[offset]! & MASK;
      const d = dist[king]!;
      if (d <= 0) return d; // 0 on the portal (goal), -1 cut off by walls
      occBits.fill(0);
      for (let s = 1; s < n; s++) {
        const sq = getField(buf, offset, s);
        occBits[sq >>> 5]! |= 1 << (sq & 31);
      }
      return route(occBits, king, 0x3fff);
    },
    splitsNow(counting: boolean): boolean {
      // Without counting the search ends at the first goal: partial expansion then pays only with the
      // chain bound (one costly bound per expanded state instead of one per successor).
      return counting ? splitting : useChain;
    },
    onBucket(f: number): void {
      if (firstF < 0) firstF = f;
      if (probe) probe.levels = f - firstF;
      if (policy && f > firstF + CHAIN_SPAN) {
        if (useChain) chainOff();
        // Far past the start's bound the optimum is far off too: the last f (where partial expansion
        // saves the far successors) is a small part of the work, and whole expansions cost less.
        splitting = false;
      }
    },
    strongHeuristic(buf: Int32Array, offset: number, limit = 0x3fff): number {
      return bound(buf, offset, limit);
    },
    moveTag(buf: Int32Array, offset: number, move: number): 0 | 1 {
      // Slot 0 is the king: a move from its square is a king move.
      return move >>> 8 === (buf[offset]! & MASK) ? 0 : 1;
    },
    moveToLan(buf: Int32Array, offset: number, move: number): string {
      const from = move >>> 8;
      const to = move & 0xff;
      let letter = '?';
      for (let s = 0; s < n; s++) if (getField(buf, offset, s) === from) letter = slotLetter[s]!;
      return letter + indexToSquare(from, width) + '-' + indexToSquare(to, width);
    },
  };
}

/**
 * The optimal solve of a compiled, valid position: `kingCanReachPortal`
 * false → `{status: 'unsolvable', states: 1}` without search; otherwise A*
 * (solver/astar.ts) over the canonical problem (route bound as the
 * heuristic, the chain bound while it pays: a first search capped at
 * PROBE_STATES decides, and answers when it ends within the cap), with the
 * difficulty metrics (`SolveResult.metrics`, optimal solutions counted up
 * to `opts.countSolutions`, default 1000). UK-7: the stored par is
 * ignored; `length` is the proven optimum. Every bound is admissible, so
 * the optimum and metrics never depend on which one ran.
 */
export function ukSolve(pos: UkPosition, opts: SolveOptions = {}): SolveResult {
  if (!kingCanReachPortal(pos)) return { status: 'unsolvable', states: 1 };
  // Probes, each capped at PROBE_STATES states and answering when it ends within the cap: first with
  // the route bound alone; when it climbs DEEP_LEVELS f levels or more, the optimum is far from the
  // start's bound (the chain bound would cost much and save little): the main search keeps the route
  // bound. Otherwise a probe with the chain bound decides: kept ('auto') unless it rarely beat the
  // route bound.
  const cap = opts.maxStates ?? Infinity;
  const small = { ...opts, maxStates: Math.min(PROBE_STATES, cap) };
  const routeProbe = { computed: 0, higher: 0, levels: 0 };
  const r1 = solveAStar(ukSearchProblem(pos, { canonical: true, bound: 'route', probe: routeProbe }), small);
  if (r1.status !== 'limit' || cap <= PROBE_STATES) return r1;
  if (routeProbe.levels >= DEEP_LEVELS) {
    // Far from the optimum nearly everything below it is expanded anyway: the plain path (every
    // successor at once) costs least.
    return solveAStar({ ...ukSearchProblem(pos, { canonical: true, bound: 'route' }), expandPart: undefined }, opts);
  }
  const probe = { computed: 0, higher: 0, levels: 0 };
  const r2 = solveAStar(ukSearchProblem(pos, { canonical: true, bound: 'auto', probe }), small);
  if (r2.status !== 'limit') return r2;
  const bound = probe.computed > 0 && probe.higher < CHAIN_RATE * probe.computed ? 'route' : 'auto';
  return solveAStar(ukSearchProblem(pos, { canonical: true, bound }), opts);
}
