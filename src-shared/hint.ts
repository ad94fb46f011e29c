/**
 * Hints from any position of a line ("hints in playtest", `castellan hint`):
 * the distance to the nearest win from the position reached by `moves`, one
 * optimal next move, and the first move of the line that lost the optimum
 * (`HintAnswer` in ruleset.ts). Generic over the ruleset contract: a
 * single-player ruleset (UK-7 / CM-12 par) solves reached positions with
 * its optimal solve; a two-player "win / mate in N" ruleset (KV-8 / LC-8)
 * asks its play engine, whose proof search answers the fastest forced win
 * of the side to move, or the longest defence. Pure TS; never throws.
 */
import type { EngineAnswer, HintAnswer, HintMemo, HintOptions, LevelBase, RulesetDef, SolveAnswer } from './ruleset.js';
import type { SolveOptions } from './solver/types.js';
import { issue, type Issue, type Result } from './validation/issue.js';

/** What a ruleset's `hint` hook answers. */
export type HintResult = Result<HintAnswer, Issue[]>;

/** States one search of a hint may store when the caller sets no cap. */
export const HINT_DEFAULT_MAX_STATES = 5_000_000;

/**
 * How a single-player ruleset solves the position after k moves of a line:
 * `replay` turns the line into positions (`positions[0]` the start,
 * `positions[k]` after k moves; errors carry `/moves/k`), `solve` answers
 * the optimal solve from one of them (length = fewest moves from there).
 */
export interface PositionSolver<P> {
  replay(moves: readonly string[]): Result<P[], Issue[]>;
  solve(position: P, opts: SolveOptions): SolveAnswer;
  /** A string equal for equal positions (same pieces where they stand); without it nothing is kept in `HintOptions.memo`. */
  key?(position: P): string;
  /**
   * Optional: answers as `solve` and hands `note` every other position whose
   * distance the search proved (key as `key`, exact distance, one optimal
   * next move). Used for the first search of an empty memo.
   */
  learn?(position: P, opts: SolveOptions, note: (key: string, distance: number, next: string | null) => void): SolveAnswer;
}

/** Entries a hint memo holds at most; past it, it is emptied (and refills as hints go on). */
export const HINT_MEMO_MAX = 200_000;

/** The budget shared by every search of one hint: a state cap per search, an overall deadline and the caller's signal. */
class HintBudget {
  readonly maxStates: number;
  private readonly deadline: number;
  private readonly outer: { readonly aborted: boolean } | undefined;
  constructor(opts: HintOptions) {
    this.maxStates = opts.maxStates ?? HINT_DEFAULT_MAX_STATES;
    this.deadline = opts.timeMs !== undefined ? Date.now() + opts.timeMs : Infinity;
    this.outer = opts.signal;
  }
  get aborted(): boolean {
    return (this.outer?.aborted ?? false) || Date.now() > this.deadline;
  }
  /** Milliseconds left, undefined without a deadline. */
  remainingMs(): number | undefined {
    return this.deadline === Infinity ? undefined : Math.max(1, this.deadline - Date.now());
  }
  solveOptions(): SolveOptions {
    return { maxStates: this.maxStates, signal: this, countSolutions: 0 };
  }
}

/** Distance of one position: fewest moves to a win, Infinity when none, or `limit` / `invalid`. */
type Dist = number | 'limit' | { invalid: Issue[] };

function distanceOf(answer: SolveAnswer): { d: Dist; next: string | null } {
  switch (answer.status) {
    case 'solved':
      return { d: answer.length, next: answer.moves[0] ?? null };
    case 'unsolvable':
      return { d: Infinity, next: null };
    case 'invalid':
      return { d: { invalid: answer.issues }, next: null };
    default:
      return { d: 'limit', next: null };
  }
}

const plain = (d: number): number | null => (Number.isFinite(d) ? d : null);

/**
 * The hint of a single-player line (UK-7 / CM-12 par): `distance` = the
 * optimum from the position after `moves` (plies; 0 and status `solved`
 * when the line already solves), `next` = the first move of one optimal
 * line from there, `lostAt` = the first move after which the optimum from
 * the start could no longer be reached: the first ply k with
 * k + 1 + d(k + 1) > d(0), d = Infinity for an unsolvable position.
 * Since one move changes d by at least -1, k + d(k) never decreases along a
 * line, so lostAt is found by bisection: two solves when the line is still
 * optimal, about log2(moves) more otherwise.
 *
 * With `opts.memo` (and a solver `key`): positions already in the memo
 * are not searched again, and every search adds its position and each
 * position along the optimal line it found (distance one less per move;
 * the first search of an empty memo, with a solver `learn`, adds every
 * position whose distance it proved),
 * so a hint after the hinted move, or after any move back onto a known
 * position, answers without a search; `lostAt` then mostly reads the
 * distances of the line's earlier positions from the memo too.
 *
 * Status `unsolvable` (no solution from the position; `lostAt` names the
 * move that made it so, or is null when the level was unsolvable from the
 * start), `limit` (a search ran out of `maxStates`, default
 * HINT_DEFAULT_MAX_STATES per search, of `timeMs` overall, or the signal
 * aborted). When only the search for `lostAt` hits the budget, the answer
 * keeps the position's status with `lostAt` null. Errors: a move that does
 * not replay (`/moves/k`, the ruleset's code), the level's builder errors.
 */
export function hintSinglePlayer<P>(solver: PositionSolver<P>, moves: readonly string[], opts: HintOptions = {}): Result<HintAnswer, Issue[]> {
  const replayed = solver.replay(moves);
  if (!replayed.ok) return replayed;
  const positions = replayed.value;
  const n = positions.length - 1;
  const budget = new HintBudget(opts);
  const memo = new Map<number, { d: Dist; next: string | null }>();
  const kept = solver.key ? opts.memo : undefined;
  const keyAt = (k: number): string => solver.key!(positions[k]!);
  const at = (k: number): { d: Dist; next: string | null } => {
    let r = memo.get(k);
    if (r) return r;
    const known = kept?.get(keyAt(k));
    if (known) {
      r = { d: known.distance, next: known.next };
    } else if (budget.aborted) {
      r = { d: 'limit', next: null };
    } else {
      const learn = kept && kept.size === 0 ? solver.learn : undefined;
      const answer = learn
        ? learn.call(solver, positions[k]!, budget.solveOptions(), (key, distance, next) => kept!.set(key, { distance, next }))
        : solver.solve(positions[k]!, budget.solveOptions());
      r = distanceOf(answer);
      if (kept && typeof r.d === 'number') keep(kept, k, r.d, answer.status === 'solved' ? answer.moves : []);
    }
    memo.set(k, r);
    return r;
  };
  /** Remembers position k at distance d and, along the optimal line `line` from it, every later position. */
  const keep = (into: HintMemo, k: number, d: number, line: readonly string[]): void => {
    if (into.size > HINT_MEMO_MAX) into.clear();
    into.set(keyAt(k), { distance: d, next: line[0] ?? null });
    if (line.length === 0) return;
    const along = solver.replay([...moves.slice(0, k), ...line]);
    if (!along.ok) return;
    for (let i = 1; i <= line.length; i++) into.set(solver.key!(along.value[k + i]!), { distance: d - i, next: line[i] ?? null });
  };
  const here = at(n);
  if (typeof here.d === 'object') return { ok: false, error: here.d.invalid };
  const base: HintAnswer =
    here.d === 'limit'
      ? { status: 'limit', distance: null, next: null, lostAt: null }
      : here.d === Infinity
        ? { status: 'unsolvable', distance: null, next: null, lostAt: null }
        : { status: here.d === 0 ? 'solved' : 'solvable', distance: here.d, next: here.d === 0 ? null : here.next, lostAt: null };
  if (n === 0 || here.d === 'limit') return { ok: true, value: base };
  const start = at(0);
  if (typeof start.d !== 'number' || start.d === Infinity) return { ok: true, value: base };
  const d0 = start.d;
  if (n + here.d === d0) return { ok: true, value: base };
  // total(k) = k + d(k) is non-decreasing; find the first k in 1..n with total(k) > d0.
  let lo = 0; // total(lo) == d0
  let hi = n; // total(hi) > d0
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    const m = at(mid);
    if (typeof m.d !== 'number') return { ok: true, value: base };
    if (mid + m.d > d0) hi = mid;
    else lo = mid;
  }
  const after = at(hi).d as number;
  return {
    ok: true,
    value: { ...base, lostAt: { ply: hi - 1, move: moves[hi - 1]!, distanceBefore: d0 - lo, distanceAfter: plain(after) } },
  };
}

/**
 * The default single-player position solver: the ruleset's replay frames
 * (documents) solved with its optimal solve. `solved(frame)` tells a frame
 * whose line already won (its document may break a builder rule, e.g. the
 * UK-6 king standing on the portal): it is solved in 0 moves.
 */
export function framesSolver<L extends LevelBase>(def: RulesetDef<L>, level: L, solved: (frame: L) => boolean): PositionSolver<L> {
  return {
    replay: (moves) => def.replay(level, moves),
    solve: (frame, opts) => (solved(frame) ? { status: 'solved', length: 0, moves: [], states: 1, optimal: true } : def.solve(frame, opts)),
    key: (frame) => JSON.stringify(frame),
  };
}

/** How a two-player game stands after a line: still going, won by a side, or drawn. */
export type GameStanding = { status: 'ongoing' } | { status: 'won'; winner: 'white' | 'black' } | { status: 'draw' };

/** What the two-player hint needs of a ruleset besides `def`: the standing after a line (null when it does not replay). */
export type StandingOf<L> = (level: L, moves: readonly string[]) => GameStanding | null;

const otherSide = (s: 'white' | 'black'): 'white' | 'black' => (s === 'white' ? 'black' : 'white');

/**
 * The hint of a two-player "win / mate in N" line (KV-8 / LC-8), from the
 * attacker's side (the side to move at the level's start, `goal.startSide`):
 * - `distance`: the attacker's moves of the fastest forced win from the
 *   position after `moves`. Attacker to move: the ruleset's "win in N"
 *   proof search of the replay frame (`def.solve`, its `length`; the
 *   engine's `winIn` when the level has no goal); defender to move: the
 *   engine's longest defence and its `lossIn`. The search
 *   horizon is the level's N (`goal.goalMoves`), or the engine's own
 *   default without a goal: "no forced win within N more moves" is
 *   `unsolvable`, as is a position where the defender wins or draws.
 * - `next`: the first move of the fastest win for the attacker (a key), the
 *   engine's longest defence for the defender.
 * - `lostAt`: the first attacker move after which the forced win got longer
 *   (the attacker's moves played plus the distance grew) or vanished; a
 *   defender's mistake that shortens the win is not flagged.
 * - `solved`: the line ended the game with the attacker's win.
 * `limit`: the engine's budget (`maxStates` nodes per position, `timeMs`
 * overall) ran out. Errors: a move that does not replay (`/moves/k`).
 */
export function hintTwoPlayer<L extends LevelBase>(
  def: RulesetDef<L>,
  level: L,
  moves: readonly string[],
  standing: StandingOf<L>,
  opts: HintOptions = {},
): Result<HintAnswer, Issue[]> {
  const engine = def.engine;
  if (def.goal.kind !== 'in-n' || !engine) {
    return { ok: false, error: [issue('error', 'hint-unsupported', `${def.name} has no two-player engine to give hints with.`)] };
  }
  const replayed = def.replay(level, moves);
  if (!replayed.ok) return replayed;
  const attacker = def.goal.startSide(level);
  const horizon = def.goal.goalMoves(level);
  const budget = new HintBudget(opts);
  const sideAt = (k: number): 'white' | 'black' => (k % 2 === 0 ? attacker : otherSide(attacker));
  const attackerMovesBefore = (k: number): number => Math.ceil(k / 2);

  type Here = { d: Dist; next: string | null; solved?: boolean };
  const memo = new Map<number, Here>();
  /** The engine's answer after `line` (k moves): the fastest win, or the longest defence and its `lossIn`. */
  const engineAt = (line: string[], k: number): Here => {
    const ms = budget.remainingMs();
    const e = engine.move(level, line, {
      ...(horizon !== undefined ? { horizon } : {}),
      maxNodes: budget.maxStates,
      ...(ms !== undefined ? { timeMs: ms } : {}),
    });
    return e.ok ? fromEngine(e.value, sideAt(k) === attacker) : { d: { invalid: e.error }, next: null };
  };
  const at = (k: number): Here => {
    const hit = memo.get(k);
    if (hit) return hit;
    let r: Here;
    const line = moves.slice(0, k);
    const st = standing(level, line);
    if (st === null) r = { d: 'limit', next: null };
    else if (st.status === 'won') r = st.winner === attacker ? { d: 0, next: null, solved: true } : { d: Infinity, next: null };
    else if (st.status === 'draw') r = { d: Infinity, next: null };
    else if (budget.aborted) r = { d: 'limit', next: null };
    else {
      // The attacker to move in a problem with a goal: the "win in N" proof search of the frame (the
      // frame keeps the goal) answers the shortest forced win without the engine's longest-defence scan.
      const proof = horizon !== undefined && sideAt(k) === attacker ? distanceOf(def.solve(replayed.value[k]!, budget.solveOptions())) : null;
      r = proof && typeof proof.d !== 'object' ? proof : engineAt(line, k);
    }
    memo.set(k, r);
    return r;
  };

  const n = moves.length;
  const here = at(n);
  if (typeof here.d === 'object') return { ok: false, error: here.d.invalid };
  const base: HintAnswer =
    here.d === 'limit'
      ? { status: 'limit', distance: null, next: null, lostAt: null }
      : here.solved
        ? { status: 'solved', distance: 0, next: null, lostAt: null }
        : here.d === Infinity
          ? { status: 'unsolvable', distance: null, next: here.next, lostAt: null }
          : { status: 'solvable', distance: here.d, next: here.next, lostAt: null };
  // Attacker moves only: total(k) = attacker moves played + distance; the first one that grows it lost the win in time.
  for (let k = 0; k < n; k++) {
    if (sideAt(k) !== attacker) continue;
    const before = at(k).d;
    if (typeof before !== 'number') break;
    if (before === Infinity) break; // no forced win to lose any more
    const afterD = at(k + 1).d;
    if (typeof afterD !== 'number') break;
    if (attackerMovesBefore(k + 1) + afterD > attackerMovesBefore(k) + before) {
      return { ok: true, value: { ...base, lostAt: { ply: k, move: moves[k]!, distanceBefore: before, distanceAfter: plain(afterD) } } };
    }
  }
  return { ok: true, value: base };
}

/** Distance from an engine answer: `attackerToMove` reads `winIn`, else the defence's `lossIn`. */
function fromEngine(a: EngineAnswer, attackerToMove: boolean): { d: Dist; next: string | null } {
  if (a.kind === 'any') return { d: 'limit', next: null };
  if (attackerToMove) return { d: a.kind === 'win' && a.winIn !== undefined ? a.winIn : Infinity, next: a.lan };
  if (a.kind === 'defend' && typeof a.lossIn === 'number') return { d: a.lossIn, next: a.lan };
  return { d: Infinity, next: a.lan };
}
