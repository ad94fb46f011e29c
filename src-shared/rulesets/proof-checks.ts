/**
 * The checks of a level against a proof, in one place for every ruleset
 * ("proved means proved"): whatever shows a proof (the save pipeline, the
 * validation of a stored proof, `castellan validate`, the editor's
 * validation list once the live proof is in, `solve` / `prove` / `pack
 * verify`) asks `proofIssues` and shows what it answers. Pure; never throws.
 *
 * - A par goal (UK-7; Chess Maze reads its par the same way): the ruleset's
 *   `RulesetDef.checkPar` hook (rulesets/par-check.ts): `*-par-below-optimal`
 *   error, `*-par-above-optimal` / `*-par-unchecked` warnings.
 * - A "win / mate in N" goal (KV-8, LC-8), RULINGS P-1, warnings only (the
 *   level still saves as proved):
 *   - `problem-short`: the shortest forced win takes fewer than N moves
 *     (the message gives the length; squares: the key's from and to);
 *   - `problem-cooked`: more than one first move (key) forces that win (the
 *     message lists the keys in the ruleset's notation; squares: their from
 *     and to squares).
 *   A win that needs more than N moves, or none, is `unsolvable` (not
 *   checked here).
 */
import { count } from '../display/count.js';
import { lanSquares } from '../model/square.js';
import type { Level, StoredSolution } from '../model/level.js';
import type { LevelBase, ProofFacts, RulesetDef, SolveAnswer } from '../ruleset.js';
import { levelHash } from '../format/level-hash.js';
import { issue, type Issue } from '../validation/issue.js';

/** The ruling of the soundness warnings. */
export const P1 = 'P-1';

/**
 * The facts a solve answer proves: `solved` (length, the two-player keys),
 * `limit` / `cancelled`; null for answers that prove nothing about the par
 * or the stipulation (`invalid`, `unsolvable`, a worker `error`).
 */
export function factsOfAnswer(r: SolveAnswer | { status: string } | null | undefined): ProofFacts | null {
  if (!r) return null;
  if (r.status === 'solved') {
    const s = r as Extract<SolveAnswer, { status: 'solved' }>;
    return { status: 'solved', length: s.length, ...(Array.isArray(s.keys) ? { keys: [...s.keys] } : {}) };
  }
  if (r.status === 'limit' || r.status === 'cancelled') return { status: r.status };
  return null;
}

/** The facts of a stored solution taken as a proof (its length; its `keys` when it stores them). */
export function factsOfStored(sol: Pick<StoredSolution, 'length' | 'keys'>): ProofFacts {
  return { status: 'solved', length: sol.length, ...(Array.isArray(sol.keys) ? { keys: [...sol.keys] } : {}) };
}

/**
 * The level's own proof: its stored `solution` when current (levelHash
 * matches) and optimal, else `none`. Never throws (a level that cannot be
 * hashed has no current proof).
 */
export function storedProofFacts(level: Level): ProofFacts {
  const sol = level.solution;
  if (!sol || sol.optimal !== true) return { status: 'none' };
  try {
    return sol.levelHash === levelHash(level) ? factsOfStored(sol) : { status: 'none' };
  } catch {
    return { status: 'none' };
  }
}

/**
 * The findings of `level` against `facts` for its ruleset `def` (module
 * doc); [] for no ruleset. `def.notation` writes the keys of a cook (SAN in
 * Locking Chess).
 */
export function proofIssues(level: LevelBase, facts: ProofFacts, def: RulesetDef | undefined): Issue[] {
  if (!def) return [];
  const goal = def.goal;
  if (goal.kind === 'par') return def.checkPar?.(level.par, facts) ?? [];
  if (facts.status !== 'solved') return [];
  const n = goal.goalMoves(level);
  if (n === undefined) return [];
  const out: Issue[] = [];
  const side = goal.startSide(level) === 'white' ? 'White' : 'Black';
  const keys = facts.keys ?? [];
  const say = (lan: string): string => {
    try {
      return def.notation?.(level, [lan])?.[0] ?? lan;
    } catch {
      return lan;
    }
  };
  const squaresOf = (list: readonly string[]): string[] => [
    ...new Set(
      list.flatMap((k) => {
        const sq = lanSquares(k);
        return sq ? [sq.from, sq.to] : [];
      }),
    ),
  ];
  if (facts.length < n) {
    const key = keys[0] !== undefined ? ` (key ${say(keys[0])})` : '';
    out.push(
      issue(
        'warning',
        'problem-short',
        `Short: ${side} forces a ${goal.verb} in ${count(facts.length, 'move')}${key}, fewer than the goal's "${goal.verb} in ${n}".`,
        { ruling: P1, pointer: '/goal', squares: squaresOf(keys.slice(0, 1)) },
      ),
    );
  }
  if (keys.length > 1) {
    out.push(
      issue(
        'warning',
        'problem-cooked',
        `Cooked: ${keys.length} first moves force the ${goal.verb} in ${count(facts.length, 'move')}: ${keys.map(say).join(', ')}.`,
        { ruling: P1, pointer: '/goal', squares: squaresOf(keys) },
      ),
    );
  }
  return out;
}

/**
 * The editor's note on a two-player level without its "win / mate in N"
 * goal (KV-8, LC-8): a playable position, valid, with nothing to prove, so
 * Solve answers that it has no goal and a save writes it as a position.
 * Warning `goal-missing` (pointer `/goal`, the goal's ruling); [] for levels
 * with a goal or a par.
 */
export function goalIssues(level: LevelBase, def: RulesetDef | undefined): Issue[] {
  const goal = def?.goal;
  if (goal?.kind !== 'in-n' || goal.goalMoves(level) !== undefined) return [];
  const Verb = goal.verb.charAt(0).toUpperCase() + goal.verb.slice(1);
  return [
    issue(
      'warning',
      'goal-missing',
      `No "${goal.verb} in N" goal: a position to play, with nothing to prove (Solve needs a goal; a save writes it as a position). Set "${Verb} in N" to make it a problem.`,
      { pointer: '/goal', ruling: goal.ruling },
    ),
  ];
}

/** A finding as the command line's `warnings` entries carry it (LEVEL-FORMAT-v1): `{code, message, squares?, ruling?}`. */
export function warningJson(i: Issue): { code: string; message: string; squares?: string[]; ruling?: string } {
  const squares = i.squares && i.squares.length > 0 ? i.squares : i.square ? [i.square] : [];
  return { code: i.code, message: i.message, ...(squares.length ? { squares: [...squares] } : {}), ...(i.ruling ? { ruling: i.ruling } : {}) };
}

/** The JSON form of one proof-check warning (`warningJson`). */
export type ProofWarning = ReturnType<typeof warningJson>;

/**
 * The warnings a proof's row shows (the pack manager, `pack verify`): the
 * warning-severity findings of `proofIssues` (P-1 short / cooked, a par above
 * the optimum), in their JSON form. Errors are left to the row's status.
 */
export function proofWarnings(level: LevelBase, facts: ProofFacts | null, def: RulesetDef | undefined): ProofWarning[] {
  if (!facts) return [];
  return proofIssues(level, facts, def)
    .filter((i) => i.severity === 'warning')
    .map(warningJson);
}
