/**
 * What the command line says about a level against a proof, through the one
 * place every proof is checked (src-shared/rulesets/proof-checks.ts
 * `proofIssues`): the par (the ruleset's `checkPar`, UK-7) and the soundness
 * of a "win / mate in N" problem (RULINGS P-1).
 *
 * - `validate` never solves. It checks the file's current stored proof (that
 *   is part of `validateDocument`), and when the file holds no current proof
 *   (no solution, or a stale one) it says that the par is not checked
 *   (`uk-par-unchecked` / `cm-par-unchecked`, a warning): `prove` is what
 *   proves it, so a file `validate` calls ok can still be refused by `prove`
 *   for a par below the optimum, and `validate` says so beforehand.
 * - `solve` (text and `--json`) reports the checks of a solved answer as
 *   `warnings: [{code, message, squares?, ruling?}]` (LEVEL-FORMAT-v1):
 *   `problem-short` / `problem-cooked` (P-1), and `uk-par-above-optimal` /
 *   `uk-par-below-optimal` (UK-7; the latter the error that keeps the level
 *   from saving as proved).
 */
import type { Level } from '../../src-shared/model/level.js';
import type { SolveAnswer } from '../../src-shared/ruleset.js';
import { rulesetOf } from '../../src-shared/rulesets/index.js';
import type { Issue } from '../../src-shared/validation/issue.js';
import { factsOfAnswer, proofIssues, storedProofFacts, warningJson } from '../../src-shared/rulesets/proof-checks.js';

/**
 * The proof checks `validate` adds to a valid file's own findings: the par
 * unchecked for lack of a current stored proof ([] when the file has a
 * current proof, whose checks `validateDocument` already made, or nothing to
 * check).
 */
export function validateProofIssues(level: Level): Issue[] {
  const facts = storedProofFacts(level);
  return facts.status === 'none' ? proofIssues(level, facts, rulesetOf(level)) : [];
}

/** The proof checks of a solve answer (solved only; [] otherwise). */
export function solveProofIssues(level: Level, r: SolveAnswer | { status: 'error' }): Issue[] {
  const facts = r.status === 'solved' ? factsOfAnswer(r as SolveAnswer) : null;
  return facts ? proofIssues(level, facts, rulesetOf(level)) : [];
}

/** `solve --json`'s `warnings` field of a solve answer: `{warnings: [...]}` when there are any, else `{}`. */
export function warningsField(level: Level, r: SolveAnswer | { status: 'error' }): { warnings?: ReturnType<typeof warningJson>[] } {
  const w = solveProofIssues(level, r);
  return w.length ? { warnings: w.map(warningJson) } : {};
}
