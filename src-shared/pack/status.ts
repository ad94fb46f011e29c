/**
 * Per-level status in a pack: what `castellan pack
 * verify` and the pack manager show for each level. Pure.
 *
 * Statuses and their CLI exit codes (LEVEL-FORMAT-v1 "Command line
 * contract": 1 invalid, 2 unsolvable, 3 limit):
 * - `proved`: valid, re-proved, stored solution current (levelHash), optimal
 *   and of the re-proved length, and `par` (UK-7) if present equal to it -> 0
 * - `invalid`: unreadable, schema or rules errors -> 1
 * - `draft`: valid but no stored solution (or `draft: true`) -> 1
 * - `stale`: stored solution's levelHash no longer matches the level -> 1
 * - `par-mismatch`: stored solution not optimal, or its length / par differs
 *   from the re-proved optimum -> 1
 * - `duplicate`: alike to an earlier level of the pack (symmetry included) -> 1
 * - `unsolvable`: proved unsolvable -> 2
 * - `limit`: the solver gave up (states, memory or time) -> 3
 */
import { solutionIsCurrent } from '../format/level-hash.js';
import type { Level } from '../model/level.js';
import { count } from '../display/count.js';
import { capName } from '../display/limit-words.js';

export type LevelStatus = 'proved' | 'invalid' | 'draft' | 'stale' | 'par-mismatch' | 'duplicate' | 'unsolvable' | 'limit';

export const STATUS_EXIT: Record<LevelStatus, number> = {
  proved: 0,
  invalid: 1,
  draft: 1,
  stale: 1,
  'par-mismatch': 1,
  duplicate: 1,
  unsolvable: 2,
  limit: 3,
};

/** The re-proof's outcome as far as the status needs it. */
export type ProofOutcome =
  | { status: 'solved'; length: number; states: number }
  | { status: 'unsolvable'; states: number }
  | { status: 'limit'; states: number; reason?: string }
  | { status: 'invalid'; message?: string }
  | { status: 'error'; message?: string }
  | { status: 'cancelled'; message?: string };

export interface LevelVerdict {
  status: LevelStatus;
  /** Human-readable detail, e.g. "proved par 12" or "stale solution (level edited since)". */
  detail: string;
  /** The re-proved optimal length, when solved. */
  proved?: number;
  states?: number;
  exitCode: number;
}

/**
 * Classifies a loaded level against its fresh re-proof. `level` undefined
 * means it could not be loaded (status invalid, `loadError` as detail).
 * Order of precedence: invalid, unsolvable/limit, stale, draft, par-mismatch, proved.
 * `hash`, when the caller has it, is `levelHash(level)` (not computed again).
 */
export function classifyLevel(level: Level | undefined, proof: ProofOutcome | undefined, loadError?: string, hash?: string): LevelVerdict {
  const v = (status: LevelStatus, detail: string, extra: Partial<LevelVerdict> = {}): LevelVerdict => ({
    status,
    detail,
    exitCode: STATUS_EXIT[status],
    ...extra,
  });
  if (!level) return v('invalid', loadError ?? 'could not be loaded');
  if (!proof || proof.status === 'invalid') return v('invalid', (proof && 'message' in proof && proof.message) || loadError || 'rules errors');
  if (proof.status === 'error' || proof.status === 'cancelled') return v('limit', `solver ${proof.status}${proof.message ? `: ${proof.message}` : ''}`);
  if (proof.status === 'unsolvable') return v('unsolvable', `proved unsolvable (${count(proof.states, 'state')})`, { states: proof.states });
  if (proof.status === 'limit') return v('limit', `solver gave up at its ${capName(proof.reason)} (${count(proof.states, 'state')})`, { states: proof.states });
  const extra = { proved: proof.length, states: proof.states };
  const sol = level.solution;
  if (sol && !(hash !== undefined ? sol.levelHash === hash : solutionIsCurrent(level)))
    return v('stale', `stale solution (level changed since; optimum now ${proof.length})`, extra);
  if (!sol || level.draft) return v('draft', `draft, no stored solution (optimum ${proof.length})`, extra);
  if (!sol.optimal || sol.length !== proof.length) {
    return v('par-mismatch', `stored solution ${sol.length}${sol.optimal ? '' : ' (not optimal)'} but optimum is ${proof.length}`, extra);
  }
  if (level.par !== undefined && level.par !== proof.length) return v('par-mismatch', `par ${level.par} but optimum is ${proof.length}`, extra);
  return v('proved', `proved par ${proof.length}`, extra);
}

/** UK-9 Codex tier of blueprint number n (1-based): Novice 1-12, Journeyman 13-25, Master 26-37, Grandmaster 38-50. */
export function codexTier(n: number): 'Novice' | 'Journeyman' | 'Master' | 'Grandmaster' {
  if (n <= 12) return 'Novice';
  if (n <= 25) return 'Journeyman';
  if (n <= 37) return 'Master';
  return 'Grandmaster';
}
