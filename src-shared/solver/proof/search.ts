/**
 * "Win in N" proof search for two-player games (KV-8; meant for Locking
 * Chess "mate in N" too). The side to move at the start is the attacker.
 *
 * ## Two layers
 *
 * 1. Repetition-free search. `attack(d)` (attacker to move: can it force a
 *    win within d of its own moves?) and `defend(d)` (defender to move: does
 *    every defence lose within d attacker moves?) form a depth-limited
 *    AND/OR alpha-beta over plies, with iterative deepening, a transposition
 *    table on Zobrist keys (table.ts: proven win/no-win bounds, best move),
 *    killer moves and the game's optional `immediateWin` leaf test. This
 *    game ignores repetition, so every result is a pure function of
 *    (position, d) and the table is exact. Call its answers W(X, d), and
 *    dist(X) the smallest d with W(X, d).
 *
 * 2. Repetition (KV-7: any position recurring within the line, the start
 *    included, is not a win for the attacker). With the rule, wins can only
 *    get rarer (it only ever removes attacker wins and adds defender
 *    escapes), so W(X, d) false proves "no win" under any history. And when
 *    the attacker follows a fastest win (always a move to a node of smaller
 *    dist), dist strictly decreases along every line of that strategy, so
 *    none of its positions repeats each other or X. Such a strategy is also
 *    a win under a history H unless H holds a position whose dist would let
 *    it occur inside: for X an attacker node with dist D, an attacker node
 *    of dist < D or a defender node of dist < D; for X a defender node with
 *    dist D, an attacker node of dist <= D or a defender node of dist < D.
 *    `verifyAttack` / `verifyDefend` decide the rule-abiding answer exactly:
 *    W false -> false; history "safe" by that test -> true; otherwise they
 *    expand one ply with the path in hand (a move into a position on the
 *    path is not a win) and recurse. Their results are never stored, so the
 *    table never holds a path-dependent answer. A start position whose
 *    full key differs from its repetition key (KV-4's first-move
 *    restriction) has an unknown dist as a history entry, which is never
 *    "safe": lines that can return to it are searched in full.
 *    Consequence: the shortest win and its keys never depend on repetition
 *    for ordinary starts, but `keysWithinN` can (a slower first move whose
 *    only wins let the defender repeat a position).
 *
 * Root: every first move's dist is found by iterative deepening on N
 * (1, 2, ...), then checked under the rule with the start as history.
 * `length` = the smallest checked dist, `keys` = the moves achieving it,
 * `keysWithinN` = the moves with one <= N. The main line follows the first
 * key (LAN order), the defender's longest defence (first in LAN order on
 * ties) and the attacker's fastest answer (first in LAN order). Refutations:
 * for each defence to the first key, the attacker's fastest answer.
 *
 * Limits: `maxNodes` (nodes = positions played into) -> `limit`;
 * `signal.aborted`, polled every 4096 nodes -> `cancelled`.
 */
import type { Refutation } from '../types.js';
import { ProofTable } from './table.js';
import type { ProofGame, ProofOptions, ProofResult } from './types.js';

// Local copies of types.ts's TERMINAL_* codes (no cross-module binding
// lookups on the hot path; tests check that they agree).
const TERMINAL_NONE = 0;
const TERMINAL_LOSS = 1;
const TERMINAL_WIN = 2;

const DEFAULT_MAX_NODES = 20_000_000;
const DEFAULT_TABLE_BYTES = 64 * 1024 * 1024;
const DEFAULT_PROGRESS_EVERY = 65_536;
const POLL_EVERY = 4096;
/** Largest N the table's 12-bit bounds can hold. */
export const MAX_PROOF_MOVES = 4000;

class Stop {
  constructor(readonly kind: 'limit' | 'cancelled') {}
}

/** "No answer": larger than any distance. */
const INF = 1 << 30;

export class ProofSearch {
  readonly game: ProofGame;
  readonly table: ProofTable;
  nodes = 0;
  /** Current iterative-deepening depth (attacker moves), for progress. */
  depth = 0;
  private readonly maxMoves: number;
  private readonly moves: Int32Array;
  private readonly killerA: Int32Array;
  private readonly killerD: Int32Array;
  private readonly hasImmediate: boolean;
  private readonly maxNodes: number;
  private readonly signal: { readonly aborted: boolean } | undefined;
  private readonly onProgress: ProofOptions['onProgress'];
  private readonly progressEvery: number;
  private nextCheck: number;
  private nextProgress: number;
  // Path of the repetition layer: repetition keys, node kind (1 attacker), exact dist (-1 unknown).
  private readonly pathLo: Int32Array;
  private readonly pathHi: Int32Array;
  private readonly pathAttacker: Uint8Array;
  private readonly pathDist: Int32Array;
  private pathLen = 0;

  /** `maxPlies`: deepest ply any call will reach (2N + a few). */
  constructor(game: ProofGame, maxPlies: number, opts: ProofOptions = {}) {
    this.game = game;
    this.table = new ProofTable(opts.maxTableBytes ?? DEFAULT_TABLE_BYTES);
    this.maxMoves = Math.max(1, game.maxMoves);
    this.moves = new Int32Array((maxPlies + 1) * this.maxMoves);
    this.killerA = new Int32Array(maxPlies + 1).fill(-1);
    this.killerD = new Int32Array(maxPlies + 1).fill(-1);
    this.hasImmediate = typeof game.immediateWin === 'function';
    this.maxNodes = opts.maxNodes ?? DEFAULT_MAX_NODES;
    this.signal = opts.signal;
    this.onProgress = opts.onProgress;
    this.progressEvery = opts.progressEvery ?? DEFAULT_PROGRESS_EVERY;
    this.nextProgress = this.progressEvery;
    this.nextCheck = Math.min(POLL_EVERY, this.maxNodes);
    this.pathLo = new Int32Array(maxPlies + 2);
    this.pathHi = new Int32Array(maxPlies + 2);
    this.pathAttacker = new Uint8Array(maxPlies + 2);
    this.pathDist = new Int32Array(maxPlies + 2);
  }

  /** Called when `nodes` reaches `nextCheck`: caps, cancellation, progress. */
  private checkpoint(): void {
    if (this.nodes >= this.maxNodes) throw new Stop('limit');
    if (this.signal?.aborted) throw new Stop('cancelled');
    if (this.onProgress && this.nodes >= this.nextProgress) {
      this.nextProgress = this.nodes + this.progressEvery;
      this.onProgress({ states: this.nodes, depth: this.depth });
    }
    this.nextCheck = Math.min(this.nodes + POLL_EVERY, this.maxNodes);
  }

  /** Polls the signal once (before any work). */
  pollStart(): void {
    if (this.signal?.aborted) throw new Stop('cancelled');
  }

  /** Reports progress at a new depth. */
  reportDepth(depth: number): void {
    this.depth = depth;
    this.onProgress?.({ states: this.nodes, depth });
  }

  /** Plays `m`, counting the node. */
  play(m: number): void {
    this.game.play(m);
    if (++this.nodes >= this.nextCheck) this.checkpoint();
  }

  /** Moves `best` then `killer` (when present in the list) to the front. */
  private order(base: number, n: number, best: number, killer: number): void {
    const buf = this.moves;
    let front = base;
    if (best >= 0) {
      for (let i = base; i < base + n; i++) {
        if (buf[i] === best) {
          buf[i] = buf[front]!;
          buf[front] = best;
          front++;
          break;
        }
      }
    }
    if (killer >= 0 && killer !== best) {
      for (let i = front; i < base + n; i++) {
        if (buf[i] === killer) {
          buf[i] = buf[front]!;
          buf[front] = killer;
          break;
        }
      }
    }
  }

  /**
   * Repetition-free W(X, d): the attacker (to move; X not terminal) forces a
   * win within `d` >= 1 of its moves. Uses the move buffer from `ply` on.
   */
  attack(ply: number, d: number): boolean {
    const g = this.game;
    const lo = g.hashLo() | 0;
    const hi = g.hashHi() | 0;
    const tt = this.table;
    const slot = tt.find(lo, hi);
    let best = -1;
    let lb = 0;
    if (slot >= 0) {
      const b = tt.bounds[slot]!;
      const ub = b & 0xfff;
      lb = (b >>> 12) & 0xfff;
      if (ub !== 0 && ub <= d) return true;
      if (lb >= d) return false;
      best = tt.best[slot]!;
    }
    if (this.hasImmediate && lb === 0) {
      if (g.immediateWin!()) {
        tt.store(lo, hi, 1, 0, -1);
        return true;
      }
      if (d === 1) {
        tt.store(lo, hi, 0, 1, -1);
        return false;
      }
      lb = 1;
    }
    const base = ply * this.maxMoves;
    const buf = this.moves;
    const n = g.generate(buf, base);
    this.order(base, n, best, this.killerA[ply]!);
    for (let i = base; i < base + n; i++) {
      const m = buf[i]!;
      this.play(m);
      const t = g.terminal();
      let win = false;
      if (t === TERMINAL_LOSS) win = true;
      else if (t === TERMINAL_NONE && d > 1) win = this.defend(ply + 1, d - 1);
      g.undo(m);
      if (win) {
        tt.store(lo, hi, d, lb, m);
        this.killerA[ply] = m;
        return true;
      }
    }
    tt.store(lo, hi, 0, d, -1);
    return false;
  }

  /**
   * Repetition-free: the defender (to move; not terminal) loses within `d`
   * >= 1 attacker moves whatever it plays.
   */
  defend(ply: number, d: number): boolean {
    const g = this.game;
    const lo = g.hashLo() | 0;
    const hi = g.hashHi() | 0;
    const tt = this.table;
    const slot = tt.find(lo, hi);
    let best = -1;
    if (slot >= 0) {
      const b = tt.bounds[slot]!;
      const ub = b & 0xfff;
      if (ub !== 0 && ub <= d) return true;
      if (((b >>> 12) & 0xfff) >= d) return false;
      best = tt.best[slot]!;
    }
    const base = ply * this.maxMoves;
    const buf = this.moves;
    const n = g.generate(buf, base);
    this.order(base, n, best, this.killerD[ply]!);
    for (let i = base; i < base + n; i++) {
      const m = buf[i]!;
      this.play(m);
      const t = g.terminal();
      // Leaves (d = 1) skip the table: the game's immediate-win test is cheaper than a probe.
      const lost = t === TERMINAL_NONE ? (d === 1 && this.hasImmediate ? g.immediateWin!() : this.attack(ply + 1, d)) : t === TERMINAL_WIN;
      g.undo(m);
      if (!lost) {
        tt.store(lo, hi, 0, d, m);
        this.killerD[ply] = m;
        return false;
      }
    }
    tt.store(lo, hi, d, 0, -1);
    return true;
  }

  /** Repetition-free dist of an attacker node: smallest k in 1..maxD with W, or 0. */
  distAttack(ply: number, maxD: number): number {
    for (let k = 1; k <= maxD; k++) if (this.attack(ply, k)) return k;
    return 0;
  }

  /** Repetition-free dist of a defender node: smallest k in 1..maxD it loses within, or 0. */
  distDefend(ply: number, maxD: number): number {
    for (let k = 1; k <= maxD; k++) if (this.defend(ply, k)) return k;
    return 0;
  }

  // ---------------------------------------------------------------- repetition layer

  /** Pushes the current position on the path with its repetition-free dist (`-1` = unknown). */
  pushPath(attacker: boolean, dist: number): void {
    const g = this.game;
    const i = this.pathLen++;
    const rl = g.repLo() | 0;
    const rh = g.repHi() | 0;
    this.pathLo[i] = rl;
    this.pathHi[i] = rh;
    this.pathAttacker[i] = attacker ? 1 : 0;
    // A position whose full key differs from its repetition key (KV-4 start)
    // has a different twin in the search: its dist says nothing about it.
    this.pathDist[i] = rl === (g.hashLo() | 0) && rh === (g.hashHi() | 0) ? dist : -1;
  }

  popPath(): void {
    this.pathLen--;
  }

  /** Path entries (for callers restoring it). */
  get pathLength(): number {
    return this.pathLen;
  }

  set pathLength(n: number) {
    this.pathLen = n;
  }

  /** True when the current position's repetition key is on the path (KV-7). */
  inPath(): boolean {
    const lo = this.game.repLo() | 0;
    const hi = this.game.repHi() | 0;
    for (let i = 0; i < this.pathLen; i++) if (this.pathLo[i] === lo && this.pathHi[i] === hi) return true;
    return false;
  }

  /** The history test of the module doc for the current node (attacker or defender) of dist D. */
  private safe(attacker: boolean, dist: number): boolean {
    for (let i = 0; i < this.pathLen; i++) {
      const pd = this.pathDist[i]!;
      if (pd < 0) return false;
      const p = pd === 0 ? INF : pd;
      if (this.pathAttacker[i] === 1) {
        if (p < (attacker ? dist : dist + 1)) return false;
      } else if (p < dist) {
        return false;
      }
    }
    return true;
  }

  /**
   * W under KV-7 with the current path as history: the attacker (to move,
   * not terminal, not on the path) forces a win within `d` without any
   * position of the line recurring. Never stored in the table.
   */
  verifyAttack(ply: number, d: number): boolean {
    const D = this.distAttack(ply, d);
    if (D === 0) return false;
    if (this.safe(true, D)) return true;
    const g = this.game;
    const slot = this.table.find(g.hashLo() | 0, g.hashHi() | 0);
    const best = slot >= 0 ? this.table.best[slot]! : -1;
    this.pushPath(true, D);
    const base = ply * this.maxMoves;
    const buf = this.moves;
    const n = g.generate(buf, base);
    this.order(base, n, best, -1);
    let res = false;
    for (let i = base; i < base + n && !res; i++) {
      const m = buf[i]!;
      this.play(m);
      const t = g.terminal();
      if (t === TERMINAL_LOSS) res = true;
      else if (t === TERMINAL_NONE && d > 1 && !this.inPath()) res = this.verifyDefend(ply + 1, d - 1);
      g.undo(m);
    }
    this.popPath();
    return res;
  }

  /**
   * Under KV-7 with the current path as history: every defence (defender to
   * move, not terminal, not on the path) loses within `d` attacker moves; a
   * defence into a position on the path escapes.
   */
  verifyDefend(ply: number, d: number): boolean {
    const D = this.distDefend(ply, d);
    if (D === 0) return false;
    if (this.safe(false, D)) return true;
    const g = this.game;
    this.pushPath(false, D);
    const base = ply * this.maxMoves;
    const buf = this.moves;
    const n = g.generate(buf, base);
    let res = true;
    for (let i = base; i < base + n && res; i++) {
      const m = buf[i]!;
      this.play(m);
      const t = g.terminal();
      if (t === TERMINAL_NONE) res = !this.inPath() && this.verifyAttack(ply + 1, d);
      else res = t === TERMINAL_WIN;
      g.undo(m);
    }
    this.popPath();
    return res;
  }

  /** Smallest k <= maxD with `verifyAttack(k)` (attacker node), or 0. */
  repDistAttack(ply: number, maxD: number): number {
    const d0 = this.distAttack(ply, maxD);
    if (d0 === 0) return 0;
    for (let k = d0; k <= maxD; k++) if (this.verifyAttack(ply, k)) return k;
    return 0;
  }

  /** Smallest k <= maxD with `verifyDefend(k)` (defender node), or 0. */
  repDistDefend(ply: number, maxD: number): number {
    const d0 = this.distDefend(ply, maxD);
    if (d0 === 0) return 0;
    for (let k = d0; k <= maxD; k++) if (this.verifyDefend(ply, k)) return k;
    return 0;
  }

  /** The legal moves of the current position (a fresh array; not for the hot path). */
  legalMoves(): number[] {
    const buf = new Int32Array(this.maxMoves);
    const n = this.game.generate(buf, 0);
    return Array.from(buf.subarray(0, n));
  }
}

/** Legal moves of the current position with their LAN, sorted by LAN. */
function sortedMoves(s: ProofSearch): { move: number; lan: string }[] {
  return s
    .legalMoves()
    .map((move) => ({ move, lan: s.game.moveToLan(move) }))
    .sort((a, b) => (a.lan < b.lan ? -1 : a.lan > b.lan ? 1 : 0));
}

/**
 * Attacker to move at `ply` (already on the path): its fastest move under
 * KV-7 within `maxD`, with that distance (first in LAN order on ties).
 */
function fastestAnswer(s: ProofSearch, ply: number, maxD: number): { move: number; lan: string; dist: number } | undefined {
  const g = s.game;
  let best: { move: number; lan: string; dist: number } | undefined;
  for (const { move, lan } of sortedMoves(s)) {
    s.play(move);
    const t = g.terminal();
    let dist = INF;
    if (t === TERMINAL_LOSS) dist = 1;
    else if (t === TERMINAL_NONE && !s.inPath()) {
      // Only a strictly faster answer than the best so far is of interest.
      const cap = (best ? Math.min(maxD, best.dist - 1) : maxD) - 1;
      const k = cap >= 1 ? s.repDistDefend(ply + 1, cap) : 0;
      if (k > 0) dist = k + 1;
    }
    g.undo(move);
    if (dist < (best ? best.dist : INF)) best = { move, lan, dist };
  }
  return best;
}

/**
 * Defender to move at `ply` (already on the path), the attacker having at
 * most `maxD` moves: each defence with the attacker's distance under KV-7
 * after it (INF = an escape).
 */
function defencesWithDist(s: ProofSearch, ply: number, maxD: number): { move: number; lan: string; dist: number }[] {
  const g = s.game;
  const out: { move: number; lan: string; dist: number }[] = [];
  for (const { move, lan } of sortedMoves(s)) {
    s.play(move);
    const t = g.terminal();
    let dist = INF;
    if (t === TERMINAL_WIN) dist = 0;
    else if (t === TERMINAL_NONE && !s.inPath()) {
      const k = s.repDistAttack(ply + 1, maxD);
      if (k > 0) dist = k;
    }
    g.undo(move);
    out.push({ move, lan, dist });
  }
  return out;
}

/**
 * Proves "win in `n`" (KV-8) for the side to move of `game`'s current
 * position (left unchanged on every answer except a thrown error). See the
 * module doc for the method and the meaning of each field.
 *
 * Throws RangeError when `n` is not an integer in 1..MAX_PROOF_MOVES;
 * exceptions thrown by the game propagate.
 */
export function proveWinIn(game: ProofGame, n: number, opts: ProofOptions = {}): ProofResult {
  if (!Number.isInteger(n) || n < 1 || n > MAX_PROOF_MOVES) throw new RangeError(`win-in must be 1..${MAX_PROOF_MOVES} (got ${n})`);
  const start = new Int32Array(game.stateWords);
  game.encode(start);
  const s = new ProofSearch(game, 2 * n + 4, opts);
  try {
    s.pollStart();
    const result = run(s, n);
    game.decode(start);
    return result;
  } catch (err) {
    game.decode(start);
    if (err instanceof Stop) {
      return err.kind === 'limit' ? { status: 'limit', nodes: s.nodes, depth: s.depth } : { status: 'cancelled', nodes: s.nodes, depth: s.depth };
    }
    throw err;
  }
}

function run(s: ProofSearch, n: number): ProofResult {
  const g = s.game;
  if (g.terminal() !== TERMINAL_NONE) return { status: 'unsolvable', nodes: s.nodes };
  const root = sortedMoves(s);
  const dist = new Int32Array(root.length); // repetition-free: 0 unknown, -1 never
  for (let L = 1; L <= n; L++) {
    s.reportDepth(L);
    for (let i = 0; i < root.length; i++) {
      if (dist[i] !== 0) continue;
      const m = root[i]!.move;
      s.play(m);
      const t = g.terminal();
      if (t === TERMINAL_LOSS) dist[i] = 1;
      else if (t !== TERMINAL_NONE) dist[i] = -1;
      else if (L >= 2 && s.defend(1, L - 1)) dist[i] = L;
      g.undo(m);
    }
  }
  let free = INF;
  for (const d of dist) if (d > 0 && d < free) free = d;
  if (free === INF) return { status: 'unsolvable', nodes: s.nodes };

  // KV-7: check each winning first move with the start as history.
  s.pushPath(true, free);
  const rep = new Int32Array(root.length);
  for (let i = 0; i < root.length; i++) {
    if (dist[i]! <= 0) continue;
    const m = root[i]!.move;
    s.play(m);
    if (g.terminal() === TERMINAL_LOSS) rep[i] = 1;
    else {
      for (let k = dist[i]!; k <= n; k++) {
        if (s.verifyDefend(1, k - 1)) {
          rep[i] = k;
          break;
        }
      }
    }
    g.undo(m);
  }
  let length = INF;
  for (const d of rep) if (d > 0 && d < length) length = d;
  if (length === INF) return { status: 'unsolvable', nodes: s.nodes };
  const keys: string[] = [];
  const keysWithinN: string[] = [];
  let keyMove = -1;
  root.forEach((r, i) => {
    if (rep[i]! > 0) keysWithinN.push(r.lan);
    if (rep[i] === length) {
      keys.push(r.lan);
      if (keyMove < 0) keyMove = r.move;
    }
  });

  // Refutations: each defence to the first key, with the fastest answer.
  const refutations: Refutation[] = [];
  const line: string[] = [keys[0]!];
  const played: number[] = [keyMove];
  s.play(keyMove);
  if (length > 1) {
    s.pushPath(false, s.distDefend(1, length - 1));
    for (const z of defencesWithDist(s, 1, length - 1)) {
      if (z.dist === 0 || z.dist >= INF) continue; // cannot happen after a proven key
      s.play(z.move);
      s.pushPath(true, s.distAttack(2, z.dist));
      const ans = fastestAnswer(s, 2, z.dist);
      s.popPath();
      g.undo(z.move);
      if (ans) refutations.push({ defence: z.lan, answer: ans.lan, length: 1 + ans.dist });
    }
    s.popPath();
  }

  // Main line: longest defence, fastest answer, until the win.
  let remaining = length - 1;
  let ply = 1;
  while (remaining > 0) {
    s.pushPath(false, s.distDefend(ply, remaining));
    let longest: { move: number; lan: string; dist: number } | undefined;
    for (const z of defencesWithDist(s, ply, remaining)) {
      if (z.dist >= INF) throw new Error(`proof search: defence ${z.lan} escapes a proven win`);
      if (!longest || z.dist > longest.dist) longest = z;
    }
    if (!longest || longest.dist === 0) break;
    s.play(longest.move);
    played.push(longest.move);
    line.push(longest.lan);
    s.pushPath(true, s.distAttack(ply + 1, longest.dist));
    const ans = fastestAnswer(s, ply + 1, longest.dist);
    if (!ans) throw new Error(`proof search: no winning answer to ${longest.lan}`);
    s.play(ans.move);
    played.push(ans.move);
    line.push(ans.lan);
    remaining = ans.dist - 1;
    ply += 2;
  }
  for (let i = played.length - 1; i >= 0; i--) g.undo(played[i]!);
  s.pathLength = 0;
  return { status: 'solved', length, keys, keysWithinN, line, refutations, nodes: s.nodes };
}
