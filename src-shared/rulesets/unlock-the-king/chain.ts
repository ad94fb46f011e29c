/**
 * Unlock the King: the blocker-chain bound, A*'s strong bound
 * (`SearchProblem.strongHeuristic` of search.ts), an admissible lower bound
 * on the moves to solve a position (UK-4 movement, UK-5 no captures, UK-6
 * the king lands on the portal).
 *
 * Take any solution. Its king walks from its square k to the portal along
 * some route W = (w0 = k, w1, ..., wm = portal), one king move per step, so
 * it makes at least m king moves. Let B be the pieces standing on w1..wm
 * now: each must move at least once before the king steps there (UK-5). Let
 * M be every non-king piece that moves at least once: M contains B, and M is
 * closed under "stuck" pieces: a piece is stuck when every first square of
 * its rays (the nearest square of each slider ray, each knight jump, each
 * pawn step; walls and the edge are not in the movement tables) holds a
 * piece now, so before its first move one of those occupants must have
 * moved: some occupant belongs to M, or is the king, which leaves k with its
 * first step. One exception: the piece on w1 (if any) has to move before
 * the king's first step, and so does, in turn, the occupant that frees it
 * (and its own freer, ...): for this pre-king chain P the king cannot be
 * the freer. Pieces that can never move (heuristic.ts `stuckSquares`) are
 * walls for the route and never freers. So the solution has at least
 * m + |M| moves, and the bound is
 *
 *   min over routes W of  m + C(B(W), piece on w1),
 *
 * where C is the size of the smallest closed M (with its pre-king chain) that
 * contains B. C(B) >= |B|, so it is never below heuristic.ts `routeBound`
 * (m + |B|), which it starts from.
 *
 * Computation: `routeBound` gives d0 = min m + |B|. When no piece on the
 * squares of d0's near-optimal routes (the route bound's relevant squares)
 * is stuck, the answer is d0 at once (the fast path: a d0 route's blockers
 * need nothing more). Otherwise routes are enumerated best first over
 * (square, blocker set, piece on w1) with priority len + |B| + king
 * distance, and C is found by a small depth-first search over the choice of
 * freer for each stuck member not yet freed. Both searches are capped
 * (ENUM_CAP, DFS_CAP); past a cap the answer falls back to d0 (still a
 * lower bound) with every square relevant.
 *
 * Relevant squares (`ChainBound.mask`, for partial expansion): after an
 * exact answer h, a move of a piece other than the king whose from- and
 * to-squares lie off the mask leaves h unchanged. The mask is the set of
 * squares s with fwd(s) + pot(s) <= h (fwd: the route cost to reach s, s
 * included; pot: king distance) plus the squares and first squares of every
 * piece whose stuck state or freers the computation read. Proof sketch: a
 * route through a changed square costs at least h (as in `routeBound`), so
 * no new route beats h; a route off the changed squares keeps its blockers,
 * and C, computed from the same data, keeps its value, so the best one
 * still gives h. On the fast path the mask is the route bound's relevant
 * squares plus the first squares of the pieces standing on them.
 */
import type { UkPosition } from './position.js';
import { kingDistances, routeBound, routeWords, stuckSquares, type RouteBound } from './heuristic.js';

/** Route states (square, blocker set, piece on w1) one call may enumerate; past it the answer is d0. */
const ENUM_CAP = 4096;
/** Closure search nodes one call may visit; past it the answer is d0. */
const DFS_CAP = 4096;
/** Exact answers remembered per king square, and the most pieces on the relevant squares of one. */
const MEMO = 4;
const MEMO_PIECES = 24;

/** `chainBound`'s answer function with the relevant squares of its last exact answer. */
export interface ChainBound {
  /**
   * The bound of the position whose non-king pieces occupy `occ` (bitboard,
   * `routeWords` words) and whose slot s stands on `sqs[s]` (slot 0 the
   * king; `slotClass[s]` its movement class): -1 when no route exists,
   * `limit + 1` (a lower bound) when it exceeds `limit`.
   */
  (occ: Int32Array, sqs: Int32Array, limit: number): number;
  /** After an answer d <= limit: its relevant squares (see the file comment). Overwritten by the next call. */
  readonly mask: Int32Array;
  /** The route bound (heuristic.ts `routeBound`) it starts from: consistent, cheaper, at most the chain bound. */
  readonly route: RouteBound;
  /** The route bound d0 the last call started from, or -2 when it answered from its memo. */
  readonly last: { d0: number };
}

/** popcount of a 32-bit int. */
function pop32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Most slots (pieces, the king included) a chain bound holds: one bit of a 32-bit word each. */
export const CHAIN_MAX_SLOTS = 32;

/**
 * The blocker-chain bound of `pos`'s board (walls, portal, movement tables,
 * pieces that never move) for positions of `n` slots whose movement classes
 * are `slotClass` (slot 0 the king). At most 32 slots. See the file comment.
 */
export function chainBound(pos: UkPosition, slotClass: Int32Array): ChainBound {
  const { width, height, portal } = pos;
  const t = pos.tables;
  const size = width * height;
  const nW = routeWords(pos);
  const n = slotClass.length;
  if (n > CHAIN_MAX_SLOTS) throw new RangeError(`chainBound: at most ${CHAIN_MAX_SLOTS} pieces, got ${n}`);
  const route = routeBound(pos);
  const frozenSq = stuckSquares(pos);
  const pot = kingDistances(pos, frozenSq);
  const mask = new Int32Array(nW);
  const last = { d0: 0 };
  /** Squares of the stuck pieces on the route bound's relevant squares (scratch of one call). */
  const stuckOcc = new Int32Array(nW);

  // First squares of each (class, square): nW words per entry.
  const classes = new Set<number>(slotClass);
  const firstBits = new Int32Array((Math.max(...classes) + 1) * size * nW);
  for (const c of classes) {
    for (let sq = 0; sq < size; sq++) {
      const g = c * size + sq;
      for (let r = t.groupStart[g]!, rEnd = t.groupStart[g + 1]!; r < rEnd; r++) {
        const x = t.raySquares[t.rayStart[r]!]!;
        firstBits[g * nW + (x >>> 5)]! |= 1 << (x & 31);
      }
    }
  }

  const at = new Int8Array(size).fill(-1);
  // Per-call slot facts, valid when stamp[s] === call: stuck flag and freer set (slot bits; bit 0 = the king).
  const stamp = new Int32Array(n);
  const stuck = new Uint8Array(n);
  const freers = new Int32Array(n);
  let call = 0;
  let touched = 0;
  let kingSq = 0;
  let occRef: Int32Array = new Int32Array(nW);
  let sqsRef: Int32Array = new Int32Array(n);
  /** Set when a search passed its cap: the call then answers d0 with every square relevant. */
  let capped = false;

  /** Reads slot p's stuck flag and freers (see the file comment) for this call. */
  const facts = (p: number): void => {
    if (stamp[p] === call) return;
    stamp[p] = call;
    const sq = p === 0 ? kingSq : sqsRef[p]!;
    const base = (slotClass[p]! * size + sq) * nW;
    let st = 1;
    let f = 0;
    for (let w = 0; w < nW; w++) {
      let b = firstBits[base + w]!;
      const o = occRef[w]!;
      const kb = kingSq >>> 5 === w ? 1 << (kingSq & 31) : 0;
      if ((b & ~(o | kb)) !== 0) st = 0;
      b &= o | kb;
      while (b !== 0) {
        const low = b & -b;
        const x = (w << 5) + (31 - Math.clz32(low));
        b ^= low;
        if (x === kingSq) f |= 1;
        else if (frozenSq[x] === 0) f |= 1 << at[x]!;
      }
    }
    stuck[p] = st;
    freers[p] = st ? f : 0;
  };

  let dfsNodes = 0;
  /**
   * Smallest closed mover set containing M (slot bits) with pre-king chain P
   * (see the file comment), or budget + 1 when above `budget`.
   */
  const closure = (M: number, P: number, budget: number): number => {
    const size0 = pop32(M);
    if (size0 > budget) return budget + 1;
    touched |= M;
    if (++dfsNodes > DFS_CAP) {
      capped = true;
      return size0;
    }
    let need = -1;
    let pre = false;
    for (let rest = M; rest !== 0;) {
      const low = rest & -rest;
      rest ^= low;
      const p = 31 - Math.clz32(low);
      facts(p);
      if (stuck[p] === 0) continue;
      const inP = (P & low) !== 0;
      if (inP ? (freers[p]! & P & ~1) !== 0 : (freers[p]! & (M | 1)) !== 0) continue;
      need = p;
      pre = inP;
      break;
    }
    if (need < 0) return size0;
    let best = budget + 1;
    for (let f = freers[need]! & ~1; f !== 0;) {
      const low = f & -f;
      f ^= low;
      const grow = (M & low) === 0 ? 1 : 0;
      if (size0 + grow >= best || size0 + grow > budget) continue;
      const r = closure(M | low, pre ? P | low : P, Math.min(budget, best - 1));
      if (r < best) best = r;
    }
    return best;
  };

  // Route enumeration: nodes in a bucket queue by priority; a small hash of (square, set, w1 piece) -> length.
  const nodeSq = new Int32Array(ENUM_CAP);
  const nodeB = new Int32Array(ENUM_CAP);
  const nodeB1 = new Int32Array(ENUM_CAP);
  const nodeLen = new Int32Array(ENUM_CAP);
  const nodeNext = new Int32Array(ENUM_CAP);
  /** Labels kept per square (a list through nodeLink, valid when sqStamp[sq] === call); dead labels are skipped. */
  const sqHead = new Int32Array(size);
  const sqStamp = new Int32Array(size);
  const nodeLink = new Int32Array(ENUM_CAP);
  const nodeDead = new Uint8Array(ENUM_CAP);
  let bucketHead = new Int32Array(64);
  // King steps between squares of the portal's region (pot >= 0).
  const adjStart = new Int32Array(size + 1);
  const adjList: number[] = [];
  for (let sq = 0; sq < size; sq++) {
    adjStart[sq] = adjList.length;
    if (pot[sq]! < 0) continue;
    const f = sq % width;
    const r = (sq - f) / width;
    for (let dr = -1; dr <= 1; dr++) {
      for (let df = -1; df <= 1; df++) {
        const nf = f + df;
        const nr = r + dr;
        if ((df === 0 && dr === 0) || nf < 0 || nr < 0 || nf >= width || nr >= height) continue;
        if (pot[nr * width + nf]! >= 0) adjList.push(nr * width + nf);
      }
    }
  }
  adjStart[size] = adjList.length;
  const adj = Int32Array.from(adjList);

  // Bit-parallel route layers (as heuristic.ts routeBound): notFirst / notLast file masks, the region, pot classes.
  const free = new Int32Array(nW);
  const notFirst = new Int32Array(nW);
  const notLast = new Int32Array(nW);
  let maxPot = 0;
  for (let sq = 0; sq < size; sq++) {
    const bit = 1 << (sq & 31);
    const f = sq % width;
    if (pot[sq]! >= 0) free[sq >>> 5]! |= bit;
    if (f !== 0) notFirst[sq >>> 5]! |= bit;
    if (f !== width - 1) notLast[sq >>> 5]! |= bit;
    if (pot[sq]! > maxPot) maxPot = pot[sq]!;
  }
  const potEq = new Int32Array(nW * (maxPot + 1));
  for (let sq = 0; sq < size; sq++) if (pot[sq]! >= 0) potEq[nW * pot[sq]! + (sq >>> 5)]! |= 1 << (sq & 31);
  let layers = new Int32Array(nW * 64);
  const lr = new Int32Array(nW);
  const ly = new Int32Array(nW);
  const lp = new Int32Array(nW);

  /**
   * Route layers (as heuristic.ts `routeBound`): R[d], the squares the king reaches at route cost
   * <= d (1 per empty square, 2 per occupied one, the square included) over the region less the
   * squares of `walls` (bitboard, or null), into `layers` for d = 0..dMax; with `stop`, only until
   * the portal is in R[d]. Answers the first d whose R[d] holds the portal, or dMax + 1.
   */
  const dilate = (occ: Int32Array, walls: Int32Array | null, king: number, dMax: number, stop: boolean): number => {
    if (layers.length < nW * (dMax + 1)) layers = new Int32Array(nW * (dMax + 1) * 2);
    const last = nW - 1;
    const w = width;
    const wr = 32 - w;
    const pw = portal >>> 5;
    const pb = 1 << (portal & 31);
    let reached = dMax + 1;
    lr.fill(0);
    lp.fill(0);
    lr[king >>> 5] = 1 << (king & 31);
    for (let i = 0; i <= last; i++) layers[i] = lr[i]!;
    for (let d = 1; d <= dMax; d++) {
      for (let i = 0; i <= last; i++) {
        const ri = lr[i]!;
        const east = (ri << 1) | (i > 0 ? lr[i - 1]! >>> 31 : 0);
        const west = (ri >>> 1) | (i < last ? lr[i + 1]! << 31 : 0);
        ly[i] = ri | (east & notFirst[i]!) | (west & notLast[i]!);
      }
      for (let i = 0; i <= last; i++) {
        const yi = ly[i]!;
        const north = (yi << w) | (i > 0 ? ly[i - 1]! >>> wr : 0);
        const south = (yi >>> w) | (i < last ? ly[i + 1]! << wr : 0);
        const ki = yi | north | south;
        const fi = walls ? free[i]! & ~walls[i]! : free[i]!;
        const oi = occ[i]! & fi;
        lr[i] = lr[i]! | (ki & fi & ~oi) | (lp[i]! & oi);
        lp[i] = ki;
        layers[d * nW + i] = lr[i]!;
      }
      if (reached > dMax && (lr[pw]! & pb) !== 0) {
        reached = d;
        if (stop) return d;
      }
    }
    return reached;
  };
  /**
   * ORs into `mask` the squares s with s in R[h - pot(s)] of the last `dilate` (run to at least h):
   * fwd(s) + pot(s) <= h, the squares of the routes of cost <= h and no others that matter.
   */
  const layerMask = (h: number): void => {
    for (let i = 0; i < nW; i++) {
      let mi = 0;
      for (let j = 0, jEnd = Math.min(h, maxPot); j <= jEnd; j++) mi |= layers[(h - j) * nW + i]! & potEq[j * nW + i]!;
      mask[i]! |= mi;
    }
  };

  // Enumeration state of the current call.
  let best = 0;
  let nodes = 0;
  /**
   * Adds label (sq, B, b1, len) unless a kept label at sq dominates it (no longer, a subset of its
   * blockers, the same piece on w1 or none); marks the kept labels it dominates dead. False past ENUM_CAP.
   */
  const add = (sq: number, B: number, b1: number, len: number, prio: number): boolean => {
    if (sqStamp[sq] !== call) {
      sqStamp[sq] = call;
      sqHead[sq] = -1;
    }
    // The start label (len 0, its first step still open) is kept apart: it neither dominates nor is dominated.
    for (let l = len === 0 ? -1 : sqHead[sq]!; l >= 0; l = nodeLink[l]!) {
      if (nodeDead[l] !== 0) continue;
      const lb = nodeB[l]!;
      const l1 = nodeB1[l]!;
      if (nodeLen[l]! <= len && (lb & ~B) === 0 && (l1 === b1 || l1 === 0)) return true;
      if (len <= nodeLen[l]! && (B & ~lb) === 0 && (b1 === l1 || b1 === 0)) nodeDead[l] = 1;
    }
    if (nodes === ENUM_CAP) return false;
    nodeSq[nodes] = sq;
    nodeB[nodes] = B;
    nodeB1[nodes] = b1;
    nodeLen[nodes] = len;
    nodeDead[nodes] = 0;
    if (len > 0) {
      nodeLink[nodes] = sqHead[sq]!;
      sqHead[sq] = nodes;
    }
    nodeNext[nodes] = bucketHead[prio]!;
    bucketHead[prio] = nodes;
    nodes++;
    return true;
  };

  /**
   * The enumeration (slow path): labels in increasing len + C(B) + pot, C the closure of the
   * blockers so far (a lower bound on the final one: C only grows with B). Answers the bound
   * (limit + 1 past the limit), or -2 when the cap was hit.
   */
  const enumerate = (occ: Int32Array, king: number, limit: number): number => {
    best = limit + 1;
    nodes = 0;
    if (bucketHead.length < limit + 2) bucketHead = new Int32Array(limit + 2);
    bucketHead.fill(-1, 0, limit + 2);
    if (!add(king, 0, 0, 0, pot[king]!)) return -2;
    for (let prio = pot[king]!; prio < best; prio++) {
      while (bucketHead[prio]! >= 0) {
        const v = bucketHead[prio]!;
        bucketHead[prio] = nodeNext[v]!;
        if (nodeDead[v] !== 0) continue;
        const sq = nodeSq[v]!;
        const B = nodeB[v]!;
        const len = nodeLen[v]! + 1;
        for (let a = adjStart[sq]!, aEnd = adjStart[sq + 1]!; a < aEnd; a++) {
          const x = adj[a]!;
          const q = ((occ[x >>> 5]! >>> (x & 31)) & 1) !== 0 ? at[x]! : 0;
          const B2 = q > 0 ? B | (1 << q) : B;
          const b1 = len === 1 ? q : nodeB1[v]!;
          const px = pot[x]!;
          if (len + pop32(B2) + px >= best) continue;
          // A new blocker may need freers: its closure decides the priority.
          const c = B2 === B ? prio - nodeLen[v]! - pot[sq]! : closure(B2, b1 > 0 ? 1 << b1 : 0, best - 1 - len - px);
          const pr = len + c + px;
          if (pr >= best) continue;
          if (x === portal) {
            best = pr;
            continue;
          }
          if (!add(x, B2, b1, len, pr)) return -2;
        }
      }
    }
    return best;
  };

  // Memo of exact answers per king square (a ring of MEMO entries: answer (-1 = empty), occupancy,
  // mask, then the movement class of each piece on the mask, square by square): a position with the
  // same king square and the same pieces on the mask has the same answer (see the file comment).
  const entry = 2 + 2 * nW + MEMO_PIECES;
  const memo = new Int32Array(size * MEMO * entry).fill(-1);
  const memoNext = new Uint8Array(size);
  const remember = (occ: Int32Array, king: number, h: number): void => {
    const slot = memoNext[king]!;
    const m = (king * MEMO + slot) * entry;
    let k = m + 2 + 2 * nW;
    for (let i = 0; i < nW; i++) {
      for (let b = mask[i]! & occ[i]!; b !== 0;) {
        const low = b & -b;
        b ^= low;
        if (k === m + entry) return; // too many pieces on the mask to remember
        memo[k++] = slotClass[at[(i << 5) + (31 - Math.clz32(low))]!]!;
      }
    }
    memoNext[king] = slot === MEMO - 1 ? 0 : slot + 1;
    memo[m] = h;
    memo[m + 1] = k - (m + 2 + 2 * nW);
    for (let i = 0; i < nW; i++) {
      memo[m + 2 + i] = occ[i]!;
      memo[m + 2 + nW + i] = mask[i]!;
    }
  };
  /** The remembered answer for this position (`at` filled), or -1. Copies its mask. */
  const recall = (occ: Int32Array, king: number): number => {
    const mBase = king * MEMO * entry;
    probe: for (let m = mBase, mEnd = mBase + MEMO * entry; m < mEnd; m += entry) {
      const hm = memo[m]!;
      if (hm < 0) continue;
      for (let i = 0; i < nW; i++) if (((occ[i]! ^ memo[m + 2 + i]!) & memo[m + 2 + nW + i]!) !== 0) continue probe;
      let k = m + 2 + 2 * nW;
      for (let i = 0; i < nW; i++) {
        for (let b = memo[m + 2 + nW + i]! & occ[i]!; b !== 0;) {
          const low = b & -b;
          b ^= low;
          if (memo[k++] !== slotClass[at[(i << 5) + (31 - Math.clz32(low))]!]) continue probe;
        }
      }
      for (let i = 0; i < nW; i++) mask[i] = memo[m + 2 + nW + i]!;
      return hm;
    }
    return -1;
  };

  const fn = (occ: Int32Array, sqs: Int32Array, limit: number): number => {
    for (let s = 1; s < n; s++) at[sqs[s]!] = s;
    const h = answer(occ, sqs, limit);
    for (let s = 1; s < n; s++) at[sqs[s]!] = -1;
    return h;
  };
  const answer = (occ: Int32Array, sqs: Int32Array, limit: number): number => {
    const king = sqs[0]!;
    const hm = recall(occ, king);
    if (hm >= 0) {
      last.d0 = -2;
      return hm > limit ? limit + 1 : hm;
    }
    const d0 = route(occ, king, limit);
    last.d0 = d0;
    if (d0 < 0 || d0 > limit) {
      if (d0 < 0) mask.fill(0);
      return d0;
    }
    call++;
    if (call === 0x7fffffff) {
      call = 1;
      stamp.fill(0);
      sqStamp.fill(0);
    }
    kingSq = king;
    occRef = occ;
    sqsRef = sqs;
    const rm = route.mask;
    // Stuck pieces on the route bound's relevant squares (the squares of every route of cost d0).
    let anyStuck = false;
    for (let w = 0; w < nW; w++) {
      let sb = 0;
      for (let b = rm[w]! & occ[w]!; b !== 0;) {
        const low = b & -b;
        b ^= low;
        const p = at[(w << 5) + (31 - Math.clz32(low))]!;
        facts(p);
        if (stuck[p] !== 0) sb |= low;
      }
      stuckOcc[w] = sb;
      if (sb !== 0) anyStuck = true;
    }
    let h = d0;
    // Fast path: some route of cost d0 has no stuck piece on it (its blockers need nothing more).
    // Its relevant squares: those of the d0 routes, plus the first squares of the pieces on the
    // stuck-free ones (moves off them keep such a route and its blockers' freedom).
    if (!anyStuck || dilate(occ, stuckOcc, king, d0, true) === d0) {
      mask.fill(0);
      if (anyStuck) layerMask(d0);
      else for (let w = 0; w < nW; w++) mask[w] = rm[w]!;
      for (let w = 0; w < nW; w++) {
        for (let b = mask[w]! & occ[w]! & ~stuckOcc[w]!; b !== 0;) {
          const low = b & -b;
          b ^= low;
          const sq = (w << 5) + (31 - Math.clz32(low));
          const base = (slotClass[at[sq]!]! * size + sq) * nW;
          for (let u = 0; u < nW; u++) mask[u]! |= firstBits[base + u]!;
        }
      }
      for (let w = 0; w < nW; w++) mask[w]! |= rm[w]!;
      remember(occ, king, h);
    } else {
      touched = 0;
      dfsNodes = 0;
      capped = false;
      const e = enumerate(occ, king, limit);
      if (e === -2 || capped) {
        h = d0;
        mask.fill(-1);
      } else {
        h = e;
        if (h <= limit) {
          mask.fill(0);
          dilate(occ, null, king, h, false);
          layerMask(h);
          for (let rest = touched & ~1; rest !== 0;) {
            const low = rest & -rest;
            rest ^= low;
            const p = 31 - Math.clz32(low);
            const sq = sqs[p]!;
            mask[sq >>> 5]! |= 1 << (sq & 31);
            const base = (slotClass[p]! * size + sq) * nW;
            for (let u = 0; u < nW; u++) mask[u]! |= firstBits[base + u]!;
          }
          remember(occ, king, h);
        }
      }
    }
    return h;
  };
  return Object.assign(fn, { mask, route, last });
}
