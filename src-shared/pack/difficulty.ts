/**
 * The stated difficulty measure of a level, for any pack and ruleset:
 *
 *   D = (unlocking, par, states), compared lexicographically,
 *
 * where `unlocking` is the fewest tagged moves over all optimal solutions
 * (`SolveMetrics.taggedMovesMin`; Unlock the King tags every non-king move,
 * so it is the unlocking every optimal solution demands; 0 for rulesets
 * without tagged moves, where D reduces to (par, states)), `par` the proven
 * optimum in moves and `states` the states stored by the optimal search.
 * A larger D is harder. The Codex rule "difficulty rises through the book"
 * reads: D never decreases from blueprint 1 to 50.
 *
 * Also: `storedMetricsOf`, the `solution.metrics` (LEVEL-FORMAT `solveMetrics`)
 * of a solver answer's `SolveMetrics`.
 */
import type { StoredSolveMetrics } from '../model/level.js';
import type { SolveMetrics } from '../solver/types.js';

/** One level's difficulty D (see the module doc). */
export interface Difficulty {
  /** Fewest tagged (non-king) moves over all optimal solutions; 0 when the ruleset tags none. */
  unlocking: number;
  /** True when `unlocking` came from the solver's tagged-move count (false: the ruleset tags none, or it was not counted). */
  tagged: boolean;
  /** The proven optimum, moves. */
  par: number;
  /** States stored by the optimal search. */
  states: number;
}

/** What `difficultyOf` reads: a pack row, a stored solution, a verify answer. */
export interface DifficultyInput {
  /** Proven optimum (moves); without it there is no D. */
  par?: number | undefined;
  /** States the optimal search stored. */
  states?: number | undefined;
  /** `SolveMetrics.taggedMovesMin` (absent: no tagged moves / not counted). */
  taggedMovesMin?: number | undefined;
}

const nonNegInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * D of a level from its proven par, states and tagged-move minimum, or
 * undefined when the par is unknown or not a non-negative integer (an
 * unproved level has no difficulty). Missing or malformed `states` count
 * as 0; a missing `taggedMovesMin` as 0 with `tagged: false`.
 */
export function difficultyOf(x: DifficultyInput): Difficulty | undefined {
  if (!nonNegInt(x.par)) return undefined;
  const tagged = nonNegInt(x.taggedMovesMin);
  return { unlocking: tagged ? x.taggedMovesMin! : 0, tagged, par: x.par, states: nonNegInt(x.states) ? x.states : 0 };
}

/**
 * Lexicographic comparison of D: unlocking, then par, then states.
 * Negative when `a` is easier than `b`, positive when harder, 0 when equal.
 */
export function compareDifficulty(a: Difficulty, b: Difficulty): number {
  return a.unlocking - b.unlocking || a.par - b.par || a.states - b.states;
}

/**
 * The short label of D: "unlocking 12 · par 30" when the solver counted
 * tagged moves, else "par 30". States are left out (they only break ties;
 * the states column shows them).
 */
export function difficultyLabel(d: Difficulty): string {
  return d.tagged ? `unlocking ${d.unlocking} · par ${d.par}` : `par ${d.par}`;
}

/**
 * Indices `i` (1-based positions i and i + 1 in the list) where D
 * decreases from one level to the next: empty when the list never gets
 * easier. Levels without D (undefined) are skipped over, not compared.
 */
export function difficultyDrops(list: readonly (Difficulty | undefined)[]): number[] {
  const drops: number[] = [];
  let prev: { d: Difficulty; i: number } | undefined;
  list.forEach((d, i) => {
    if (!d) return;
    if (prev && compareDifficulty(prev.d, d) > 0) drops.push(prev.i + 1);
    prev = { d, i };
  });
  return drops;
}

/**
 * The `solution.metrics` of a solver's `SolveMetrics`: the fields present
 * and well-formed (counts non-negative integers, `branching` finite and
 * rounded to 4 decimals, flags booleans); others are left out.
 */
export function storedMetricsOf(m: SolveMetrics): StoredSolveMetrics {
  const out: StoredSolveMetrics = {};
  if (nonNegInt(m.expanded)) out.expanded = m.expanded;
  if (nonNegInt(m.generated)) out.generated = m.generated;
  if (typeof m.branching === 'number' && Number.isFinite(m.branching) && m.branching >= 0) out.branching = Math.round(m.branching * 10_000) / 10_000;
  if (nonNegInt(m.optimalSolutions)) out.optimalSolutions = m.optimalSolutions;
  if (typeof m.optimalSolutionsCapped === 'boolean') out.optimalSolutionsCapped = m.optimalSolutionsCapped;
  if (typeof m.uniqueFirstMove === 'boolean') out.uniqueFirstMove = m.uniqueFirstMove;
  if (nonNegInt(m.taggedMovesMin)) out.taggedMovesMin = m.taggedMovesMin;
  if (nonNegInt(m.taggedMovesMax)) out.taggedMovesMax = m.taggedMovesMax;
  return out;
}
