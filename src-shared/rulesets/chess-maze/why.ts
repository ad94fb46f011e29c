/**
 * Chess Maze: why a level is unsolvable, proved cheaply before or after the
 * search ("the solver as a design partner", solver/types.ts `UnsolvableWhy`).
 *
 * Before the search (`cmPreSearchWhy`), on a relaxed game that allows every
 * real move and more, so "no piece can ever land there" in it is a proof:
 * each player piece moves alone (other pieces only block rays and landing
 * squares, CM-4; enemies could be captured anyway), every lock is open
 * except the colours with neither key nor plate, which are closed for every
 * piece for ever (CM-7; the CM-15 warning), pawns may always step one or two
 * squares forward and one diagonally forward (CM-3 allows fewer), and
 * transform tiles change the piece as in play (CM-10). Holes, the edge and
 * never-open locks stop slider rays and cannot be landed on; knights jump,
 * so for them a lock only forbids landing (CM-4); a piece starting on a
 * never-open lock never moves (CM-7 "stuck"). Causes, in this order:
 * - `lock-never-opens` (CM-7): the finish, a required coin (collect) or
 *   enough letter tiles of a letter of the word (spell) can be landed on
 *   only through never-open locks; squares: those locks (the ones the
 *   relaxed routes run into), then the target.
 * - `finish-unreachable` (CM-11), `coin-unreachable` (CM-11),
 *   `letter-unreachable` (CM-9): not even with every lock open.
 * - `spell-blocked` (CM-9): every route to a tile of the word's first
 *   letter lands on another letter first (that pick-up misspells at once);
 *   squares: those wrong letters, then the first letter's tiles.
 * After the search (`cmSolveWithWhy`), when it answered unsolvable:
 * - `move-limit` (CM-12): the same level without its move limit solves;
 *   `optimumWithoutLimit` is that optimum.
 * - `dead-ends` (CM-13): the attempts form no cycle and every one of them
 *   ends with no player piece able to move (an explicit walk of every
 *   attempt, capped at `DEAD_END_STATES` positions).
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
 * Relaxed reachability: `closed[s]` 1 where nothing may land or pass (a
 * never-open lock), `noLand[s]` 1 where nothing may land (may be passed).
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
    if (closed[from]) continue; // stuck on a lock closed for it (CM-7)
    const land = new Set<number>();
    targets(kind, from, closedLock, land);
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

/**
 * A pre-search proof that the compiled, valid level `pos` is unsolvable,
 * or undefined when none applies (see the file comment for the causes,
 * their order, rulings and squares). Linear in kinds x squares x rays;
 * never searches the state space.
 */
export function cmPreSearchWhy(pos: CmPosition): UnsolvableWhy | undefined {
  const size = pos.size;
  const keyed = new Set<number>();
  const plated = new Set<number>();
  for (let s = 0; s < size; s++) {
    if (pos.key[s]! >= 0) keyed.add(pos.key[s]!);
    if (pos.plate[s]! >= 0) plated.add(pos.plate[s]!);
  }
  const never = new Uint8Array(size);
  for (let s = 0; s < size; s++) {
    const c = pos.lock[s]!;
    if (c >= 0 && !keyed.has(c) && !plated.has(c)) never[s] = 1;
  }
  const none = new Uint8Array(size);
  const real = relaxedReach(pos, never, none);
  let allOpen: Reach | undefined;
  const openReach = (): Reach => (allOpen ??= relaxedReach(pos, none, none));

  /** The never-open locks the relaxed routes ran into, as a message part. */
  const lockWhy = (target: string, targets: number[]): UnsolvableWhy => {
    const locks = [...real.hits].filter((s) => never[s]);
    const colours = [...new Set(locks.map((s) => CM_COLORS[pos.lock[s]!]!))];
    const lockNames = names(pos, locks);
    const colourText = colours.length === 1 ? `${colours[0]} lock` : 'locks';
    const why = colours.length === 1 ? `no ${colours[0]} key and no ${colours[0]} plate` : 'no key and no plate of their colour';
    return {
      code: 'lock-never-opens',
      message: `The ${colourText} on ${list(lockNames)} can never open (${why}, CM-7, CM-15), and ${lockNames.length === 1 ? 'it blocks' : 'they block'} every route to ${target}.`,
      squares: [...lockNames, ...names(pos, targets)],
      ruling: 'CM-7',
    };
  };

  const finishName = indexToSquare(pos.finish, pos.width);
  if (!real.landed[pos.finish]) {
    if (openReach().landed[pos.finish]) return lockWhy(`the finish ${finishName}`, [pos.finish]);
    return {
      code: 'finish-unreachable',
      message: `No player piece can ever land on the finish ${finishName}: holes and the board edge rule it out for every piece's movement, even with every lock open (CM-3, CM-4, CM-11).`,
      squares: [finishName],
      ruling: 'CM-11',
    };
  }

  if (pos.collect) {
    const coins = pos.collectibles.filter((c) => c.kind === 'coin' && !real.landed[c.square]).map((c) => c.square);
    if (coins.length > 0) {
      const open = coins.filter((s) => openReach().landed[s]);
      const what = (sq: number[]): string => (sq.length === 1 ? `the coin on ${names(pos, sq)[0]}` : `the coins on ${list(names(pos, sq))}`);
      if (open.length > 0) return lockWhy(`${what(open)}, which the collect objective requires`, open);
      return {
        code: 'coin-unreachable',
        message: `No player piece can ever land on ${what(coins)}, and the collect objective requires every coin before the finish (CM-8, CM-11).`,
        squares: names(pos, coins),
        ruling: 'CM-11',
      };
    }
  }

  if (pos.spell !== '') {
    for (const letter of [...new Set(pos.spell)]) {
      const needed = [...pos.spell].filter((l) => l === letter).length;
      const tiles = pos.collectibles.filter((c) => c.kind === 'letter' && c.letter === letter).map((c) => c.square);
      const reachable = tiles.filter((s) => real.landed[s]);
      if (reachable.length >= needed) continue;
      const missing = tiles.filter((s) => !real.landed[s]);
      const opened = tiles.filter((s) => openReach().landed[s]);
      const target = `the letter ${letter} on ${list(names(pos, missing))} (the word ${pos.spell} needs ${needed})`;
      if (opened.length >= needed) return lockWhy(target, missing);
      return {
        code: 'letter-unreachable',
        message: `No player piece can ever land on ${target}, so the word cannot be spelled (CM-9).`,
        squares: names(pos, missing),
        ruling: 'CM-9',
      };
    }
    // The first letter: before it is picked, landing on any other letter
    // misspells at once (CM-9), so such tiles cannot be landed on.
    const first = pos.spell[0]!;
    const wrong = new Uint8Array(size);
    for (const c of pos.collectibles) if (c.kind === 'letter' && c.letter !== first) wrong[c.square] = 1;
    const guarded = relaxedReach(pos, never, wrong);
    const firstTiles = pos.collectibles.filter((c) => c.kind === 'letter' && c.letter === first).map((c) => c.square);
    if (!firstTiles.some((s) => guarded.landed[s])) {
      const blockers = names(
        pos,
        [...guarded.hits].filter((s) => wrong[s]),
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
 * `opts`' caps and signal; `optimumWithoutLimit` set), `dead-ends`, or none
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
    const u = cmSolve(free, { ...opts, countSolutions: 0 });
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
  const dead = cmAllDeadEnds(free, DEAD_END_STATES, opts.signal);
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
