/**
 * The designer's par against a proof, for rulesets whose goal is a par (the
 * `RulesetDef.checkPar` hook; UK-7 for Unlock the King, the same reading for
 * Chess Maze, whose par is what its playtest compares a win with). Pure;
 * never throws.
 *
 * Codes (`<prefix>` is the ruleset's, `uk` or `cm`), pointer `/par`:
 * - `<prefix>-par-invalid` error: par is not a whole number >= 0;
 * - `<prefix>-par-below-optimal` error: par < the proven optimum (the par is
 *   unreachable; the level does not save as proved);
 * - `<prefix>-par-above-optimal` warning: par > the proven optimum;
 * - `<prefix>-par-unchecked` warning: the solver stopped at a limit or was
 *   cancelled, or there is no proof at hand (`none`: a file without a
 *   current stored solution), so the par could not be checked.
 * Nothing when par is absent (default par = the optimum) or equal to it.
 */
import type { ProofFacts } from '../ruleset.js';
import { issue, type Issue } from '../validation/issue.js';

/** The codes' prefix and the ruling the par rests on (`UK-7`), if any. */
export interface ParWords {
  prefix: string;
  ruling?: string;
}

/**
 * The issues of `par` against `proof` (see the module doc); `proof` null:
 * nothing is known of the optimum (an unsolvable or invalid answer), only
 * the par's own form is checked.
 */
export function checkParAgainst(par: number | undefined, proof: ProofFacts | null, words: ParWords): Issue[] {
  if (par === undefined) return [];
  const at = { pointer: '/par', ...(words.ruling ? { ruling: words.ruling } : {}) };
  if (typeof par !== 'number' || !Number.isInteger(par) || par < 0) {
    return [issue('error', `${words.prefix}-par-invalid`, `Par must be a whole number of moves (got ${String(par)}).`, at)];
  }
  if (!proof) return [];
  if (proof.status !== 'solved' && proof.status !== 'none') {
    return [issue('warning', `${words.prefix}-par-unchecked`, `Par ${par} could not be checked: the solver stopped before proving the optimum.`, at)];
  }
  if (proof.status === 'none') {
    return [
      issue(
        'warning',
        `${words.prefix}-par-unchecked`,
        `Par ${par} is not checked: there is no current proof of this level (save it, or run \`castellan prove\`, to prove the optimum and check the par).`,
        at,
      ),
    ];
  }
  const optimum = proof.length;
  if (par < optimum) return [issue('error', `${words.prefix}-par-below-optimal`, `Par ${par} is below the proven optimum of ${optimum} moves.`, at)];
  if (par > optimum) return [issue('warning', `${words.prefix}-par-above-optimal`, `Par ${par} is above the proven optimum of ${optimum} moves.`, at)];
  return [];
}
