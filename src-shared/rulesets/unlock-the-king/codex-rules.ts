/**
 * Codex design rules for Unlock the King packs, measured by the solver
 * ("how much unlocking does every optimal solution need"): the per-blueprint
 * figures (`UkUnlockingRow`) and the checks of the Codex rebuild's rules
 * over a whole book (`codexRuleSummary`). Pure; the report script
 * bench/codex-unlocking.ts fills the rows from real solves.
 *
 * Definitions (all over OPTIMAL solutions, i.e. of `optimum` moves):
 * - non-king moves min / max: `SolveMetrics.taggedMovesMin` / `taggedMovesMax`
 *   of the UK search problem (its `moveTag` tags every non-king move);
 *   "every optimal solution has at least k non-king moves" holds iff
 *   k <= min.
 * - king share of par, strict reading: king moves of the optimal solution
 *   with the FEWEST non-king moves, over par: (optimum - min) / par. It is
 *   the greatest king share any optimal solution has, so "under half" holds
 *   exactly when in EVERY optimal solution the king makes fewer than half
 *   the moves (par - min < par / 2, i.e. 2 * min > par).
 * - king boxed: `kingBoxedByPieces` (the king cannot reach the portal with
 *   every other piece standing still).
 */

/** UK-9 Codex tiers by blueprint number. */
export type UkTier = 'Novice' | 'Journeyman' | 'Master' | 'Grandmaster';

/** UK-9: Novice 1-12, Journeyman 13-25, Master 26-37, Grandmaster 38-50. Throws RangeError outside 1..50. */
export function ukTier(number: number): UkTier {
  if (!Number.isInteger(number) || number < 1 || number > 50) throw new RangeError(`UK-9: blueprint number must be 1..50, got ${number}`);
  if (number <= 12) return 'Novice';
  if (number <= 25) return 'Journeyman';
  if (number <= 37) return 'Master';
  return 'Grandmaster';
}

/** The Codex rebuild's least non-king moves in every optimal solution, per UK-9 tier. */
export const UK_TIER_MIN_UNLOCKING: Readonly<Record<UkTier, number>> = { Novice: 1, Journeyman: 3, Master: 6, Grandmaster: 10 };

/** One blueprint's figures. `optimum` etc. are undefined when the solve did not prove an optimum (limit, unsolvable). */
export interface UkUnlockingRow {
  /** Blueprint number (1-based position in the pack). */
  number: number;
  /** Stored par, or the optimum when none is stored (UK-7 default). */
  par?: number;
  optimum?: number;
  kingBoxed: boolean;
  nonKingMin?: number;
  nonKingMax?: number;
  /** States stored by the optimal search (A* with counting). */
  states: number;
  optimalSolutions?: number;
  optimalSolutionsCapped?: boolean;
  /** True when the blueprint exceeds one physical set (UK-1 warning `uk-set-exceeded`). */
  overSet: boolean;
}

/** (optimum - nonKingMin) / par, the strict reading (see the file comment); undefined without the figures. */
export function kingShareOfPar(row: UkUnlockingRow): number | undefined {
  if (row.optimum === undefined || row.nonKingMin === undefined || !row.par) return undefined;
  return (row.optimum - row.nonKingMin) / row.par;
}

/**
 * The Codex's stated difficulty measure D = (non-king min, optimum, states
 * stored by the optimal search), compared lexicographically: negative when
 * `a` is less difficult than `b`, 0 when equal. Rows without the figures
 * compare as least difficult (-1 on each missing figure).
 */
export function compareCodexDifficulty(a: UkUnlockingRow, b: UkUnlockingRow): number {
  return (a.nonKingMin ?? -1) - (b.nonKingMin ?? -1) || (a.optimum ?? -1) - (b.optimum ?? -1) || a.states - b.states;
}

/** One rule's verdict: `failures` lists the blueprint numbers that break it (empty: holds). */
export interface RuleVerdict {
  rule: string;
  holds: boolean;
  failures: number[];
  detail?: string;
}

/** Adjacent pairs (by number) where `value` falls, for "rises through the book". */
function descents(rows: readonly UkUnlockingRow[], value: (r: UkUnlockingRow) => number | undefined): number[] {
  const out: number[] = [];
  for (let k = 1; k < rows.length; k++) {
    const a = value(rows[k - 1]!);
    const b = value(rows[k]!);
    if (a === undefined || b === undefined || b < a) out.push(rows[k]!.number);
  }
  return out;
}

/**
 * Checks the Codex rebuild's rules over `rows` (in book order, numbered
 * 1..n): king boxed in every blueprint; at least UK_TIER_MIN_UNLOCKING
 * non-king moves in every optimal solution per UK-9 tier; king share of par
 * under 1/2 from Journeyman on; last ten optima >= 25; one physical set
 * (UK-1); no two alike under the board's symmetries (`duplicates`: the
 * later blueprint number of each alike pair, from symmetry.ts
 * `findDuplicates`); the stated difficulty measure D
 * (`compareCodexDifficulty`) never falls from one blueprint to the next; and,
 * as further candidate measures, whether each rises (never falls): optimum,
 * non-king min, states (optimal solutions: never rises). A row without a proven optimum
 * fails every rule that needs one.
 */
export function codexRuleSummary(rows: readonly UkUnlockingRow[], duplicates: readonly number[]): RuleVerdict[] {
  const verdict = (rule: string, failures: number[], detail?: string): RuleVerdict => ({
    rule,
    holds: failures.length === 0,
    failures,
    ...(detail ? { detail } : {}),
  });
  const fails = (p: (r: UkUnlockingRow) => boolean): number[] => rows.filter((r) => !p(r)).map((r) => r.number);
  const out: RuleVerdict[] = [];
  out.push(
    verdict(
      'king boxed by the other pieces in every blueprint',
      fails((r) => r.kingBoxed),
    ),
  );
  for (const tier of Object.keys(UK_TIER_MIN_UNLOCKING) as UkTier[]) {
    const k = UK_TIER_MIN_UNLOCKING[tier];
    out.push(
      verdict(
        `${tier} (UK-9): >= ${k} non-king moves in every optimal solution`,
        fails((r) => r.number > 50 || ukTier(r.number) !== tier || (r.nonKingMin ?? -1) >= k),
      ),
    );
  }
  out.push(
    verdict(
      'king share of par < 1/2 from Journeyman on (13+)',
      fails((r) => r.number < 13 || (kingShareOfPar(r) ?? 1) < 0.5),
    ),
  );
  const last = rows.slice(-10).map((r) => r.number);
  out.push(
    verdict(
      'last ten blueprints: optimum >= 25',
      fails((r) => !last.includes(r.number) || (r.optimum ?? 0) >= 25),
    ),
  );
  out.push(
    verdict(
      'every blueprint fits one physical set (UK-1)',
      fails((r) => !r.overSet),
    ),
  );
  out.push(verdict('no two blueprints alike under the board symmetries', [...duplicates]));
  const dFalls: number[] = [];
  for (let k = 1; k < rows.length; k++) if (compareCodexDifficulty(rows[k]!, rows[k - 1]!) < 0) dFalls.push(rows[k]!.number);
  out.push(verdict('difficulty rises: D (non-king min, optimum, states) never falls', dFalls));
  out.push(
    verdict(
      'difficulty rises: optimum never falls',
      descents(rows, (r) => r.optimum),
    ),
  );
  out.push(
    verdict(
      'difficulty rises: non-king min never falls',
      descents(rows, (r) => r.nonKingMin),
    ),
  );
  out.push(
    verdict(
      'difficulty rises: states never fall',
      descents(rows, (r) => r.states),
    ),
  );
  out.push(
    verdict(
      'difficulty rises: optimal-solution count never rises',
      descents(rows, (r) => (r.optimalSolutions === undefined ? undefined : -r.optimalSolutions)),
    ),
  );
  return out;
}
