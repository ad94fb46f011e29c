/**
 * Findings about a level's stored `solution` (written by the save pipeline,
 * LEVEL-FORMAT-v1 "solution"), without solving again:
 * - `solution-stale` warning: the stored `levelHash` no longer matches the
 *   rules-relevant content, so the proof is for another puzzle; re-prove
 *   (save, or `castellan prove`).
 * - with a current optimal solution and a ruleset that checks the par
 *   against it (`parCheck`: Unlock the King's UK-7 `checkPar`), its findings
 *   (`uk-par-below-optimal` error, `uk-par-above-optimal` warning).
 * `hash`, when the caller has it, is `levelHash(level)` (not computed again).
 * Never throws; answers [] when there is no solution.
 */
import type { Level } from '../model/level.js';
import { levelHash } from '../format/level-hash.js';
import { issue, type Issue } from './issue.js';

export function checkStoredSolution(level: Level, parCheck?: (par: number | undefined, optimum: number) => Issue[], hash?: string): Issue[] {
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
  if (parCheck && sol.optimal) return parCheck(level.par, sol.length);
  return [];
}
