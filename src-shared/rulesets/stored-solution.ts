/**
 * Findings about a level's stored `solution` (written by the save pipeline,
 * LEVEL-FORMAT-v1 "solution"), without solving again:
 * - `solution-stale` warning: the stored `levelHash` no longer matches the
 *   rules-relevant content, so the proof is for another puzzle; re-prove
 *   (save, or `castellan prove`).
 * - with a current optimal solution: the proof checks of the level's ruleset
 *   against it (rulesets/proof-checks.ts `proofIssues`: the par, UK-7
 *   `uk-par-below-optimal` error / `uk-par-above-optimal` warning; the P-1
 *   `problem-short` warning, and `problem-cooked` when the solution stores
 *   its keys).
 * `hash`, when the caller has it, is `levelHash(level)` (not computed again).
 * Never throws; answers [] when there is no solution.
 */
import type { Level } from '../model/level.js';
import type { RulesetDef } from '../ruleset.js';
import { levelHash } from '../format/level-hash.js';
import { issue, type Issue } from '../validation/issue.js';
import { factsOfStored, proofIssues } from './proof-checks.js';

export function checkStoredSolution(level: Level, def?: RulesetDef, hash?: string): Issue[] {
  const sol = level.solution;
  if (!sol) return [];
  if (sol.levelHash !== (hash ?? levelHash(level))) {
    return [
      issue(
        'warning',
        'solution-stale',
        'The stored solution was proved for an earlier version of this level; save again (or run `castellan prove`) to re-prove it.',
        { pointer: '/solution/levelHash' },
      ),
    ];
  }
  if (sol.optimal) return proofIssues(level, factsOfStored(sol), def);
  return [];
}
