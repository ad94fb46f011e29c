/**
 * Pack manager rows: the status of each level of a pack as
 * read from disk (no solving), and duplicate marking. Pure; shared by the
 * host (pack-host-api.ts) and its tests.
 *
 * Stored status, by precedence (same order as `classifyLevel` in status.ts,
 * minus the parts that need a fresh proof):
 * - `invalid`: unreadable, schema or rules errors (first error as detail);
 * - `stale`: a stored solution whose levelHash no longer matches the level;
 * - `draft`: no stored solution, or `draft: true`;
 * - `par-mismatch`: stored solution not optimal, or the designer's `par`
 *   (UK-7) differs from the stored optimal length;
 * - `proved`: "proved par N" from the current, optimal stored solution.
 * A current stored solution also gives the row its states and, from its
 * `solution.metrics`, branching, optimal solutions and tagged-move min / max,
 * and a proved row the `warnings` of its stored proof (RULINGS P-1 short /
 * cooked, rulesets/proof-checks.ts).
 * Duplicates (`markDuplicates`, duplicates.ts `findAlike`): identical
 * rules-relevant content, or for rulesets compared under symmetry (UK) a
 * rotation / reflection. Only a clean (`proved`) later level becomes
 * `duplicate`; an already failing one gets a note.
 */
import { levelHash, solutionIsCurrent } from '../format/level-hash.js';
import type { PackRow } from '../host/pack-contract.js';
import type { Level, StoredSolveMetrics } from '../model/level.js';
import type { Issue } from '../validation/issue.js';
import { proofWarnings, storedProofFacts } from '../rulesets/proof-checks.js';
import { rulesetOf } from '../rulesets/index.js';
import { findAlike, type AlikePair } from './duplicates.js';

/**
 * Row fields derived from a level's stored content (no solve). `hash`, when
 * the caller has it, is `levelHash(level)` (saves hashing it again).
 */
export function storedVerdict(
  level: Level | undefined,
  issues: readonly Issue[],
  loadError?: string,
  hash?: string,
): Pick<
  PackRow,
  'status' | 'detail' | 'par' | 'states' | 'branching' | 'optimalSolutions' | 'optimalCapped' | 'taggedMovesMin' | 'taggedMovesMax' | 'warnings'
> {
  const firstError = issues.find((i) => i.severity === 'error');
  if (!level || loadError || firstError) {
    return { status: 'invalid', detail: loadError ?? (firstError ? `${firstError.code}: ${firstError.message}` : 'not a level') };
  }
  const sol = level.solution;
  const designerPar = typeof level.par === 'number' ? { par: level.par } : {};
  const current = sol !== undefined && (hash !== undefined ? sol.levelHash === hash : safeCurrent(level));
  if (sol && !current) return { status: 'stale', detail: 'stale solution (the level changed since it was proved)', ...designerPar };
  if (!sol || level.draft) return { status: 'draft', detail: 'draft, no proved solution', ...designerPar };
  const stored = { par: sol.length, states: sol.states, ...storedMetricFields(sol.metrics) };
  if (!sol.optimal) return { status: 'par-mismatch', detail: `stored solution ${sol.length} is not proved optimal`, ...stored };
  if (level.par !== undefined && level.par !== sol.length)
    return { status: 'par-mismatch', detail: `par ${level.par} but the proved optimum is ${sol.length}`, ...stored };
  // What the stored proof says besides (P-1 short / cooked, rulesets/proof-checks.ts).
  const warnings = proofWarnings(level, storedProofFacts(level), rulesetOf(level));
  return { status: 'proved', detail: `proved par ${sol.length}`, ...stored, ...(warnings.length ? { warnings } : {}) };
}

/**
 * The row fields of a current stored proof's `solution.metrics` (the
 * proving solve's counts): branching (2 decimals, as verify shows it),
 * optimal solutions, tagged-move min / max. Malformed values are skipped.
 */
function storedMetricFields(
  m: StoredSolveMetrics | undefined,
): Pick<PackRow, 'branching' | 'optimalSolutions' | 'optimalCapped' | 'taggedMovesMin' | 'taggedMovesMax'> {
  if (!m || typeof m !== 'object') return {};
  const int = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
  return {
    ...(typeof m.branching === 'number' && Number.isFinite(m.branching) ? { branching: Math.round(m.branching * 100) / 100 } : {}),
    ...(int(m.optimalSolutions) ? { optimalSolutions: m.optimalSolutions, optimalCapped: m.optimalSolutionsCapped === true } : {}),
    ...(int(m.taggedMovesMin) ? { taggedMovesMin: m.taggedMovesMin } : {}),
    ...(int(m.taggedMovesMax) ? { taggedMovesMax: m.taggedMovesMax } : {}),
  };
}

function safeCurrent(level: Level): boolean {
  try {
    return solutionIsCurrent(level);
  } catch {
    return false;
  }
}

/** levelHash, or undefined when the level cannot be hashed. */
export function safeLevelHash(level: Level | undefined): string | undefined {
  if (!level) return undefined;
  try {
    return levelHash(level);
  } catch {
    return undefined;
  }
}

/**
 * Marks duplicates in place (see module doc). `levels[i]` is row i's level
 * (undefined when it could not be loaded or is invalid); `hashes[i]`, when
 * given, its levelHash. Answers the rows.
 */
export function markDuplicates(rows: PackRow[], levels: readonly (Level | undefined)[], hashes?: readonly (string | undefined)[]): PackRow[] {
  return markPairs(rows, findAlike(levels, hashes));
}

/** Marks the alike pairs found by duplicates.ts (`findAlike` / `findAlikeSteps`) in place; answers the rows. */
export function markPairs(rows: PackRow[], pairs: readonly AlikePair[]): PackRow[] {
  for (const p of pairs) {
    const row = rows[p.second];
    if (!row) continue;
    const note = `alike to #${p.first + 1} (${p.how})`;
    row.duplicateOf = p.first;
    row.duplicateHow = p.how;
    if (row.status === 'proved') {
      row.status = 'duplicate';
      row.detail = note;
    } else if (row.status !== 'pending') row.detail = `${row.detail}; ${note}`;
  }
  return rows;
}
