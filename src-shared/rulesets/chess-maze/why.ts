/**
 * Chess Maze: why a level is unsolvable, proved cheaply before or after the
 * search ("the solver as a design partner", solver/types.ts `UnsolvableWhy`).
 *
 * Before the search (`cmPreSearchWhy`), on a relaxed game that allows every
 * real move and more, so "no piece can ever land there" in it is a proof:
 * each player piece moves alone (other pieces only block rays and landing
 * squares, CM-4; enemies could be captured anyway), pawns may always step
 * one or two squares forward and one diagonally forward (CM-3 allows
 * fewer), and transform tiles change the piece as in play (CM-10). Holes
 * and the edge stop rays and cannot be landed on, and so do two kinds of
 * square that stay blocked for ever:
 * - never-open locks (`neverOpen`, CM-7): colours with neither key nor
 *   plate (the CM-15 warning), and, to a fixpoint, colours whose key
 *   (CM-5) or plates (CM-6) no piece can reach while those locks are shut;
 * - player pieces that can never move (`frozenPlayers`, CM-3/CM-4: every
 *   move ruled out by holes, the edge, never-open locks or other such
 *   pieces; a piece on a never-open lock is stuck, CM-7).
 * Knights jump, so for them a blocked square only forbids landing (CM-4).
 * Causes, in this order (target = the finish, a coin the collect objective
 * needs, or enough tiles of a letter of the word):
 * - `lock-never-opens` (CM-7): the target is out of reach only because of
 *   never-open locks (and frozen pieces); squares: those locks the relaxed
 *   routes run into, the frozen pieces they run into, then the target.
 * - `blocked-by-frozen` (CM-4): only because of frozen player pieces.
 * - `finish-unreachable` (CM-11), `coin-unreachable` (CM-11),
 *   `letter-unreachable` (CM-9): not even with every lock open and every
 *   piece gone.
 * - `spell-blocked` (CM-9): every route to a tile of the word's first
 *   letter lands on another letter first (that pick-up misspells at once);
 *   squares: those wrong letters, then the first letter's tiles.
 * After the search (`cmSolveWithWhy`), when it answered unsolvable:
 * - `move-limit` (CM-12): the same level without its move limit solves;
 *   `optimumWithoutLimit` is that optimum.
 * - `dead-ends` (CM-13): the attempts form no cycle and every one of them
 *   ends with no player piece able to move (an explicit walk of every
 *   attempt, capped at min(`DEAD_END_STATES`, max(2,000, 4 x the search's
 *   states)) positions).
 * Otherwise the solve entry adds the generic `exhaustive` cause.
 */
import { CM_COLORS } from '../../model/level.js';
import { indexToSquare } from '../../model/square.js';
import type { SolveOptions, SolveResult, UnsolvableWhy } from '../../solver/types.js';
import { cmInitialState, cmLegalMoves, cmPlay, type CmPosition, type CmState } from './position.js';
import { cmSolve } from './search.js';
import { genTargets, KIND_COUNT, KIND_PAWN, kindOf, targetCapacity } from './tables.js';
import { TRANSFORM_TYPES } from '../../model/level.js';

/** Kind of `TRANSFORM_TYPES[i]`. */
const TT_KIND = TRANSFORM_TYPES.map((t) => kindOf(t));

/** The re-solve without the move limit (CM-12) stores at most max(this, RESOLVE_FACTOR x the first search's states). */
export const RESOLVE_MIN_STATES = 1_000_000;
export const RESOLVE_FACTOR = 4;

/** Positions the CM-13 dead-end walk visits at most. */
export const DEAD_END_STATES = 50_000;

/** The relaxed landings of every player piece (see the file comment). */
interface Reach {
  /** 1 where some player piece can land. */
  landed: Uint8Array;
  /** Squares of `closed` or `noLand` that a relaxed move ran into. */
  hits: Set<number>;
}

/**
 * Relaxed reachability (see the file comment) of every player piece from its
 * start: `closed[s]` 1 where nothing may land or pass (a never-open lock, a
 * player piece that never moves; a piece starting on such a square does not
 * move), `noLand[s]` 1 where nothing may land (it may be passed over).
 */
function relaxedReach(pos: CmPosition, closed: Uint8Array, noLand: Uint8Array): Reach {
  const size = pos.size;
  const closedLock = new Int8Array(size).fill(-1);
  for (let s = 0; s < size; s++) if (closed[s]) closedLock[s] = 0;
  const noLocks = new Int8Array(size).fill(-1);
  const empty = new Int32Array(size);
  const enemiesEverywhere = new Int32Array(size).fill(-1);
  const buf = new Int32Array(targetCapacity(pos.tables));
  const seen = new Uint8Array(KIND_COUNT * size);
  const landed = new Uint8Array(size);
  const hits = new Set<number>();
  const queue: number[] = [];
  for (const p of pos.pieces) {
    if (p.side !== 'player') continue;
    const node = kindOf(p.role, p.facing) * size + p.square;
    if (!seen[node]) {
      seen[node] = 1;
      queue.push(node);
    }
  }
  const targets = (kind: number, from: number, lock: Int8Array, into: Set<number>): void => {
    let n = genTargets(pos.tables, lock, empty, kind, from, kind >= KIND_PAWN, 0, buf);
    for (let i = 0; i < n; i++) into.add(buf[i]!);
    if (kind >= KIND_PAWN) {
      n = genTargets(pos.tables, lock, enemiesEverywhere, kind, from, false, 0, buf);
      for (let i = 0; i < n; i++) into.add(buf[i]!);
    }
  };
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    const kind = Math.floor(node / size);
    const from = node - kind * size;
    const land = new Set<number>();
    if (closed[from]) {
      // A piece that never moves (stuck on a never-open lock, CM-7, or
      // frozen): no landings; what stops it counts as run into.
      if (pos.lock[from]! >= 0) hits.add(from);
    } else {
      targets(kind, from, closedLock, land);
    }
    // Which closed squares did this piece's moves run into? Those it could
    // land on with every lock open but not now.
    const open = new Set<number>();
    targets(kind, from, noLocks, open);
    for (const s of open) if (closed[s] && !land.has(s)) hits.add(s);
    for (const to of land) {
      if (noLand[to]) {
        hits.add(to);
        continue;
      }
      landed[to] = 1;
      const tm = pos.transform[to]!;
      const kinds: number[] = [];
      if (tm === 0) kinds.push(kind);
      else for (let b = 0; b < TT_KIND.length; b++) if (tm & (1 << b)) kinds.push(TT_KIND[b]!);
      for (const k of kinds) {
        const next = k * size + to;
        if (!seen[next]) {
          seen[next] = 1;
          queue.push(next);
        }
      }
    }
  }
  return { landed, hits };
}

/** Square names in board-index order. */
function names(pos: CmPosition, squares: Iterable<number>): string[] {
  return [...new Set(squares)].sort((a, b) => a - b).map((s) => indexToSquare(s, pos.width));
}

/** "a1", "a1 and b2", "a1, b2 and c3". */
function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Why a lock colour never opens: no key or plate at all, its key unreachable, its plates unreachable. */
type ClosedReason = 'none' | 'key' | 'plate';

/**
 * Player pieces that provably never move, given the lock colours in
 * `closedColour` (bit c) that never open: the largest set F such that each
 * piece of F, at its start square with F's pieces standing as friendly
 * blockers, every enemy where it starts (enemies never move, CM-2: a
 * diagonal pawn capture needs one there from the start) and every other
 * lock open, has no legal move (CM-3, CM-4, CM-7; a piece on a never-open
 * lock is stuck). The first move of a piece of F would be made with F in
 * place, where it has none. `frozen[i]` is 1 for such pieces.
 */
function frozenPlayers(pos: CmPosition, closedColour: number): Uint8Array {
  const size = pos.size;
  const lock = new Int8Array(size).fill(-1);
  for (let sq = 0; sq < size; sq++) if (pos.lock[sq]! >= 0 && closedColour & (1 << pos.lock[sq]!)) lock[sq] = 0;
  const n = pos.pieces.length;
  const frozen = new Uint8Array(n);
  pos.pieces.forEach((p, i) => (frozen[i] = p.side === 'player' ? 1 : 0));
  const buf = new Int32Array(targetCapacity(pos.tables));
  let changed = true;
  while (changed) {
    changed = false;
    const occ = new Int32Array(size);
    pos.pieces.forEach((p, i) => {
      if (p.side === 'enemy') occ[p.square] = -(i + 1);
      else if (frozen[i]) occ[p.square] = i + 1;
    });
    for (let i = 0; i < n; i++) {
      if (!frozen[i]) continue;
      const p = pos.pieces[i]!;
      const kind = kindOf(p.role, p.facing);
      if (genTargets(pos.tables, lock, occ, kind, p.square, kind >= KIND_PAWN, 0, buf) > 0) {
        frozen[i] = 0;
        changed = true;
      }
    }
  }
  return frozen;
}

/**
 * Lock colours that never open: the largest set S of colours such that,
 * with S's locks closed (and the players frozen under that, see
 * `frozenPlayers`), no player piece can land on a key of a colour in S
 * (CM-5) and no piece starts on or can land on a plate of one (CM-6): S
 * starts as every lock colour and loses, round by round, each colour whose
 * key or plate the relaxed reach lands on. Sound: before the first colour
 * of S opens (and the first frozen piece moves), play stays inside that
 * relaxation, where none of S's keys or plates can be reached. `reason[c]`:
 * 'none' no key and no plate at all (CM-15), 'key' its key is out of
 * reach, 'plate' its plates are.
 */
function neverOpen(pos: CmPosition): { closedColour: number; reason: ClosedReason[]; frozen: Uint8Array; closed: Uint8Array; real: Reach } {
  const size = pos.size;
  const reason: ClosedReason[] = [];
  let closedColour = 0;
  const keySq = [-1, -1, -1, -1];
  const plates: number[][] = [[], [], [], []];
  for (let sq = 0; sq < size; sq++) {
    if (pos.lock[sq]! >= 0) closedColour |= 1 << pos.lock[sq]!;
    if (pos.key[sq]! >= 0) keySq[pos.key[sq]!] = sq;
    if (pos.plate[sq]! >= 0) plates[pos.plate[sq]!]!.push(sq);
  }
  const startOn = new Uint8Array(size);
  for (const p of pos.pieces) startOn[p.square] = 1;
  for (let c = 0; c < 4; c++) reason[c] = keySq[c]! >= 0 ? 'key' : plates[c]!.length > 0 ? 'plate' : 'none';
  for (;;) {
    const frozen = frozenPlayers(pos, closedColour);
    const closed = new Uint8Array(size);
    for (let sq = 0; sq < size; sq++) if (pos.lock[sq]! >= 0 && closedColour & (1 << pos.lock[sq]!)) closed[sq] = 1;
    pos.pieces.forEach((p, i) => {
      if (frozen[i]) closed[p.square] = 1;
    });
    const real = relaxedReach(pos, closed, new Uint8Array(size));
    let opened = 0;
    for (let c = 0; c < 4; c++) {
      if (!(closedColour & (1 << c))) continue;
      const key = keySq[c]!;
      if ((key >= 0 && real.landed[key]) || plates[c]!.some((sq) => startOn[sq] || real.landed[sq])) opened |= 1 << c;
    }
    if (opened === 0) return { closedColour, reason, frozen, closed, real };
    closedColour &= ~opened;
  }
}

/**
 * A pre-search proof that the compiled, valid level `pos` is unsolvable,
 * or undefined when none applies (see the file comment for the causes,
 * their order, rulings and squares). Linear in kinds x squares x rays;
 * never searches the state space.
 */
export function cmPreSearchWhy(pos: CmPosition): UnsolvableWhy | undefined {
  const size = pos.size;
  const { closedColour, reason, frozen, closed, real } = neverOpen(pos);
  const none = new Uint8Array(size);
  let allOpen: Reach | undefined;
  const openReach = (): Reach => (allOpen ??= relaxedReach(pos, none, none));
  const frozenAt = new Uint8Array(size);
  pos.pieces.forEach((p, i) => {
    if (frozen[i]) frozenAt[p.square] = 1;
  });

  /** The never-open locks and frozen pieces the relaxed routes ran into, as a cause. */
  const blockedWhy = (target: string, targets: number[], fallback: UnsolvableWhy): UnsolvableWhy => {
    const locks = [...real.hits].filter((s) => pos.lock[s]! >= 0 && closedColour & (1 << pos.lock[s]!));
    const pieces = names(
      pos,
      [...real.hits].filter((s) => frozenAt[s] && !locks.includes(s)),
    );
    const pieceText =
      pieces.length === 0
        ? ''
        : ` The ${pieces.length === 1 ? 'piece' : 'pieces'} on ${list(pieces)} can never move (every move is ruled out by holes, the edge, never-open locks or other such pieces, CM-3, CM-4) and ${pieces.length === 1 ? 'blocks' : 'block'} the way too.`;
    if (locks.length === 0) {
      if (pieces.length === 0) return fallback;
      return {
        code: 'blocked-by-frozen',
        message: `Every route to ${target} is blocked.${pieceText}`,
        squares: [...pieces, ...names(pos, targets)],
        ruling: 'CM-4',
      };
    }
    const colours = [...new Set(locks.map((s) => pos.lock[s]!))].sort((a, b) => a - b);
    const lockNames = names(pos, locks);
    const parts = colours.map((c) => {
      const name = CM_COLORS[c]!;
      const on = names(
        pos,
        locks.filter((s) => pos.lock[s] === c),
      );
      const r = reason[c]!;
      const why =
        r === 'key'
          ? `no piece can ever land on the ${name} key on ${names(pos, [pos.key.indexOf(c)])[0]}, CM-5, CM-7`
          : r === 'plate'
            ? `no piece stands on or can ever land on a ${name} plate, CM-6, CM-7`
            : `there is no ${name} key and no ${name} plate, CM-7, CM-15`;
      return `the ${name} lock${on.length === 1 ? '' : 's'} on ${list(on)} can never open (${why})`;
    });
    const text = list(parts);
    return {
      code: 'lock-never-opens',
      message: `${text[0]!.toUpperCase()}${text.slice(1)}, and ${lockNames.length === 1 ? 'it blocks' : 'they block'} every route to ${target}.${pieceText}`,
      squares: [...lockNames, ...pieces, ...names(pos, targets)],
      ruling: 'CM-7',
    };
  };
  const finishName = indexToSquare(pos.finish, pos.width);
  if (!real.landed[pos.finish]) {
    const unreachable: UnsolvableWhy = {
      code: 'finish-unreachable',
      message: `No player piece can ever land on the finish ${finishName}, even with every lock open: the pieces' movement (CM-3: a bishop keeps its square colour, a pawn only moves forward, transforms included) cannot reach it past the holes and the board edge (CM-4, CM-11).`,
      squares: [finishName],
      ruling: 'CM-11',
    };
    return openReach().landed[pos.finish] ? blockedWhy(`the finish ${finishName}`, [pos.finish], unreachable) : unreachable;
  }

  if (pos.collect) {
    const coins = pos.collectibles.filter((c) => c.kind === 'coin' && !real.landed[c.square]).map((c) => c.square);
    if (coins.length > 0) {
      const what = (sq: number[]): string => (sq.length === 1 ? `the coin on ${names(pos, sq)[0]}` : `the coins on ${list(names(pos, sq))}`);
      const unreachable: UnsolvableWhy = {
        code: 'coin-unreachable',
        message: `No player piece can ever land on ${what(coins)}, and the collect objective requires every coin before the finish (CM-8, CM-11).`,
        squares: names(pos, coins),
        ruling: 'CM-11',
      };
      const open = coins.filter((sq) => openReach().landed[sq]);
      return open.length > 0 ? blockedWhy(`${what(open)}, which the collect objective requires`, open, unreachable) : unreachable;
    }
  }

  if (pos.spell !== '') {
    for (const letter of [...new Set(pos.spell)]) {
      const needed = [...pos.spell].filter((l) => l === letter).length;
      const tiles = pos.collectibles.filter((c) => c.kind === 'letter' && c.letter === letter).map((c) => c.square);
      if (tiles.filter((sq) => real.landed[sq]).length >= needed) continue;
      const missing = tiles.filter((sq) => !real.landed[sq]);
      const target = `the letter ${letter} on ${list(names(pos, missing))} (the word ${pos.spell} needs ${needed})`;
      const unreachable: UnsolvableWhy = {
        code: 'letter-unreachable',
        message: `No player piece can ever land on ${target}, so the word cannot be spelled (CM-9).`,
        squares: names(pos, missing),
        ruling: 'CM-9',
      };
      const opened = tiles.filter((sq) => openReach().landed[sq]);
      return opened.length >= needed ? blockedWhy(target, missing, unreachable) : unreachable;
    }
    // The first letter: before it is picked, landing on any other letter
    // misspells at once (CM-9), so such tiles cannot be landed on.
    const first = pos.spell[0]!;
    const wrong = new Uint8Array(size);
    for (const c of pos.collectibles) if (c.kind === 'letter' && c.letter !== first) wrong[c.square] = 1;
    const guarded = relaxedReach(pos, closed, wrong);
    const firstTiles = pos.collectibles.filter((c) => c.kind === 'letter' && c.letter === first).map((c) => c.square);
    if (!firstTiles.some((sq) => guarded.landed[sq])) {
      const blockers = names(
        pos,
        [...guarded.hits].filter((sq) => wrong[sq]),
      );
      return {
        code: 'spell-blocked',
        message: `The word ${pos.spell} cannot be spelled: every route to its first letter ${first} (${list(names(pos, firstTiles))}) lands on another letter first (${list(blockers)}), which misspells at once (CM-9).`,
        squares: [...blockers, ...names(pos, firstTiles)],
        ruling: 'CM-9',
      };
    }
  }
  return undefined;
}

/** A state's identity for the dead-end walk (the move counter left out). */
function stateKey(s: CmState): string {
  return `${s.squares.join(',')}|${s.roles.join(',')}|${s.alive.map((a) => (a ? 1 : 0)).join('')}|${s.keys}|${s.picked.map((a) => (a ? 1 : 0)).join('')}|${s.spelled}`;
}

/**
 * CM-13: walks every attempt of `pos` (its move limit ignored) depth first.
 * Answers the longest attempt's length when there is no cycle and every
 * attempt ends in a dead end (no player piece can move; at the start too,
 * where CM-13 does not check but nothing can happen), or undefined on a
 * cycle, any other ending, more than `cap` positions, or `signal` aborted.
 */
export function cmAllDeadEnds(
  pos: CmPosition,
  cap = DEAD_END_STATES,
  signal?: { readonly aborted: boolean },
): { longest: number; positions: number } | undefined {
  const colour = new Map<string, 1 | 2>(); // 1 on the current line, 2 done
  const depthOf = new Map<string, number>(); // longest attempt from a done state
  const start = cmInitialState(pos);
  type Frame = { key: string; state: CmState; next: CmState[]; i: number; best: number };
  const open = (state: CmState): Frame | 'dead-end' | 'other' => {
    if (state.outcome !== 'playing')
      return typeof state.outcome === 'object' && 'failed' in state.outcome && state.outcome.failed === 'dead-end' ? 'dead-end' : 'other';
    const next = cmLegalMoves(pos, state).map((m) => cmPlay(pos, state, m).state);
    return next.length === 0 ? 'dead-end' : { key: stateKey(state), state, next, i: 0, best: 0 };
  };
  const root = open(start);
  if (root === 'dead-end') return { longest: 0, positions: 1 };
  if (root === 'other') return undefined;
  const stack: Frame[] = [root];
  colour.set(root.key, 1);
  while (stack.length > 0) {
    if (colour.size > cap || signal?.aborted) return undefined;
    const top = stack[stack.length - 1]!;
    if (top.i === top.next.length) {
      stack.pop();
      colour.set(top.key, 2);
      depthOf.set(top.key, top.best);
      const parent = stack[stack.length - 1];
      if (parent) parent.best = Math.max(parent.best, top.best + 1);
      continue;
    }
    const child = top.next[top.i++]!;
    const f = open(child);
    if (f === 'other') return undefined;
    if (f === 'dead-end') {
      top.best = Math.max(top.best, 1);
      continue;
    }
    const c = colour.get(f.key);
    if (c === 1) return undefined; // a cycle: some attempt never ends
    if (c === 2) {
      top.best = Math.max(top.best, depthOf.get(f.key)! + 1);
      continue;
    }
    colour.set(f.key, 1);
    stack.push(f);
  }
  return { longest: root.best, positions: colour.size };
}

/**
 * The Chess Maze solve with "why unsolvable": `cmPreSearchWhy` first (an
 * answer `{status: 'unsolvable', states: 1, why}` without search), then
 * `cmSolve`; on `unsolvable` it adds `why` from the after-search causes of
 * the file comment: `move-limit` (the re-solve without the limit shares
 * `opts`' signal and byte cap, stores at most max(RESOLVE_MIN_STATES,
 * RESOLVE_FACTOR x the first search's states) and never more than
 * `opts.maxStates`; `optimumWithoutLimit` set), `dead-ends`, or none
 * (the solve entry then adds `exhaustive`). Other answers are `cmSolve`'s.
 */
export function cmSolveWithWhy(pos: CmPosition, opts: SolveOptions = {}): SolveResult {
  const pre = cmPreSearchWhy(pos);
  if (pre) return { status: 'unsolvable', states: 1, why: pre };
  const r = cmSolve(pos, opts);
  if (r.status !== 'unsolvable') return r;
  let free: CmPosition = pos;
  if (pos.moveLimit > 0) {
    free = { ...pos, moveLimit: 0 };
    // Bounded by the first search's effort (at least RESOLVE_MIN_STATES), so
    // the explanation never costs much more than the proof; no stats.
    const { stats: _stats, ...rest } = opts;
    void _stats;
    const cap = Math.min(opts.maxStates ?? 20_000_000, Math.max(RESOLVE_MIN_STATES, RESOLVE_FACTOR * r.states));
    const u = cmSolve(free, { ...rest, countSolutions: 0, maxStates: cap });
    if (u.status === 'solved') {
      return {
        ...r,
        why: {
          code: 'move-limit',
          message: `The move limit ${pos.moveLimit} is below the optimum: without the limit the level solves in ${u.length} moves at best (CM-12).`,
          squares: [],
          ruling: 'CM-12',
          optimumWithoutLimit: u.length,
        },
      };
    }
    if (u.status !== 'unsolvable') return r;
  }
  // The walk is bounded by the search's own size too (at least 2,000 positions).
  const dead = cmAllDeadEnds(free, Math.min(DEAD_END_STATES, Math.max(2_000, 4 * r.states)), opts.signal);
  if (dead) {
    return {
      ...r,
      why: {
        code: 'dead-ends',
        message:
          dead.longest === 0
            ? 'No player piece can move at the start (CM-13).'
            : `Every line ends in a dead end within ${dead.longest} move${dead.longest === 1 ? '' : 's'}: no player piece can move any more (CM-13; ${dead.positions} positions checked).`,
        squares: [],
        ruling: 'CM-13',
      },
    };
  }
  return r;
}
