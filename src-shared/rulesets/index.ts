/**
 * The generic entries over the ruleset registry (design: docs/dev/rulesets.md;
 * the list is registry.ts, the lookups lookup.ts, both re-exported here)
 * that look the level's ruleset up: validation, the one solve entry,
 * replay, display. An
 * unknown ruleset answers an error issue `ruleset-unsupported` (pointer
 * `/ruleset`; its display is an empty board); nothing here branches on a
 * ruleset id.
 */
import type { Level } from '../model/level.js';
import type { LevelBase, RulesetDef, SolveAnswer } from '../ruleset.js';
import type { BoardDisplay, DisplayOptions } from '../display/glyph.js';
import type { SolveOptions, UnsolvableWhy } from '../solver/types.js';
import { capIssues, type Issue, type Result } from '../validation/issue.js';
import { checkLevelObject } from '../format/load.js';
import { levelHash } from '../format/level-hash.js';
import { listLimitIssues } from '../format/limits.js';
import { checkStoredSolution } from './stored-solution.js';
import { rulesetOf, unsupported } from './lookup.js';

export type { LevelOf } from '../model/level.js';
export { RULESETS } from './registry.js';
export { RULESET_LIST, rulesetDef, rulesetOf, unsupported } from './lookup.js';

/**
 * Builder errors and warnings of the level's ruleset (`RulesetDef.validate`),
 * after the format's list limit (format/limits.ts `level-list-too-long`), at most MAX_ISSUES_PER_CODE of each code plus one "and N more" issue of
 * that code (validation/issue.ts `capIssues`); unknown ruleset:
 * `ruleset-unsupported`. Never throws.
 */
export function validateRules(level: Level | LevelBase): Issue[] {
  const def = rulesetOf(level);
  // The format's list limit (format/limits.ts) first: a list longer than the board is refused for every ruleset.
  return def ? capIssues([...listLimitIssues(level), ...def.validate(level)]) : [unsupported(level.ruleset)];
}

/**
 * Schema check (format/load.ts `checkLevelObject`: migrate + schema), then
 * the ruleset's builder rules. `level` is present when the schema check
 * passed (even if the rules report errors); `issues` holds the schema
 * errors, or else the rules' errors and warnings plus the stored-solution
 * checks. Never throws.
 */
export function validateDocument(value: unknown): { level?: Level; issues: Issue[] } {
  const parts = validateDocumentParts(value);
  return { ...(parts.level ? { level: parts.level } : {}), issues: [...parts.rules, ...parts.stored] };
}

/**
 * `validateDocument` in its two parts: `rules` = the schema errors, or else
 * the ruleset's builder errors and warnings (what decides whether the level
 * can be solved at all); `stored` = the findings about its stored solution
 * (rulesets/stored-solution.ts: `solution-stale`, or the proof checks of
 * `proofIssues` against a current one). The editor shows `rules` with the
 * proof checks of its live proof instead of the stored ones once that is in.
 * Never throws.
 */
export function validateDocumentParts(value: unknown): { level?: Level; rules: Issue[]; stored: Issue[] } {
  const loaded = checkLevelObject(value);
  if (!loaded.ok) return { rules: loaded.error, stored: [] };
  return { level: loaded.value, rules: validateRules(loaded.value), stored: checkStoredSolution(loaded.value, rulesetOf(loaded.value)) };
}

/**
 * The checks of `validateDocument` after its schema check, for a level that
 * passed it already (`checkLevelObject`): the builder rules (`validateRules`)
 * and the stored-solution checks. Never throws.
 */
export function validateLevel(level: Level): Issue[] {
  return [...validateRules(level), ...checkStoredSolution(level, rulesetOf(level))];
}

/**
 * `validateDocument`, also answering the level's `levelHash` (computed once
 * for the stored-solution check and the caller, e.g. a pack's rows and
 * duplicate check); `hash` is absent when the schema check failed or the
 * level cannot be hashed. Never throws.
 */
export function validateDocumentHashed(value: unknown): { level?: Level; issues: Issue[]; hash?: string } {
  const loaded = checkLevelObject(value);
  if (!loaded.ok) return { issues: loaded.error };
  let hash: string | undefined;
  try {
    hash = levelHash(loaded.value);
  } catch {
    hash = undefined;
  }
  const issues = [...validateRules(loaded.value), ...checkStoredSolution(loaded.value, rulesetOf(loaded.value), hash)];
  return { level: loaded.value, issues, ...(hash !== undefined ? { hash } : {}) };
}

/**
 * The one solve entry: `def.solve` of the level's ruleset (A* with the
 * difficulty metrics for the single-player rulesets, the proof search for
 * "win / mate in N"). Answers `{status: 'invalid', issues}` for a level that
 * breaks a builder rule or whose ruleset has no module. UK-7: the stored par
 * and solution are ignored. `opts.countSolutions` (default 1000, 0 = off)
 * caps the optimal-solution count in `metrics`. Never throws for bad input.
 * An unsolvable answer always carries `why` (solver/types.ts
 * `UnsolvableWhy`): the ruleset's own cause when its solve proved one, else
 * `exhaustiveWhy`. Everything that proves levels for users goes through here: the solve
 * worker (CLI, save pipeline, the host pool behind the live badge and the
 * Solve panel) and the renderer's fallback Web Worker.
 */
export function solveLevel(level: Level | LevelBase, opts?: SolveOptions, def: RulesetDef | undefined = rulesetOf(level)): SolveAnswer {
  if (!def) return { status: 'invalid', issues: [unsupported(level.ruleset)] };
  const r = def.solve(level, opts);
  if (r.status !== 'unsolvable' || r.why) return r;
  return { ...r, why: exhaustiveWhy(r.states, def.goal.kind === 'in-n' ? def.goal.ruling : '') };
}

/**
 * The generic "why unsolvable" when no cheaper cause was proved: the search
 * covered the whole space (`states` states, or proof-search nodes) and none
 * solves. Code `exhaustive`, no squares; `ruling` is the goal's ruling for a
 * "win / mate in N" goal (`KV-8`), else empty (no single ruling is the cause).
 */
export function exhaustiveWhy(states: number, ruling = ''): UnsolvableWhy {
  return {
    code: 'exhaustive',
    message: `The search was exhaustive: ${states.toLocaleString('en-US')} state${states === 1 ? '' : 's'}, none solves.`,
    squares: [],
    ruling,
  };
}

/**
 * The plain BFS reference (`def.solveReference`; rulesets without one:
 * `def.solve`), for the optimality tests and the benchmarks only.
 */
export function solveLevelReference(level: Level | LevelBase, opts?: SolveOptions, def: RulesetDef | undefined = rulesetOf(level)): SolveAnswer {
  if (!def) return { status: 'invalid', issues: [unsupported(level.ruleset)] };
  return (def.solveReference ?? def.solve).call(def, level, opts);
}

/**
 * Plays `moves` (LAN) from the level's start (`def.replay`): `frames[0]` is
 * the level itself, `frames[k]` the document after k moves. Errors carry the
 * move's index in `pointer` (`/moves/k`): the level's own builder errors (or
 * `ruleset-unsupported`), `move-illegal` (`squares` = its from square when
 * well-formed), `move-after-solved` / `move-after-failed` /
 * `move-after-game-over` for a move after the end. Never throws.
 */
export function replayMoves<L extends Level | LevelBase>(
  level: L,
  moves: readonly string[],
  def: RulesetDef | undefined = rulesetOf(level),
): Result<L[], Issue[]> {
  if (!def) return { ok: false, error: [unsupported(level.ruleset)] };
  return def.replay(level, moves) as Result<L[], Issue[]>;
}

/**
 * `line` (LAN moves from the level's start) in the ruleset's notation for
 * people (`def.notation`: SAN in Locking Chess), else the LAN as it is; the
 * same length as `line`. Never throws.
 */
export function lineNotation(level: Level | LevelBase, line: readonly string[], def: RulesetDef | undefined = rulesetOf(level)): string[] {
  try {
    const out = def?.notation?.(level, line);
    return out && out.length === line.length ? out : [...line];
  } catch {
    return [...line];
  }
}

/**
 * What the board of `level` shows (`def.display`: glyphs, legend, text
 * mirror; display/glyph.ts), with the level's objectives in words where the
 * ruleset describes them (`def.describeGoal`). A level whose ruleset has no
 * module shows its empty board (no glyphs, empty mirror). Never throws.
 */
export function displayLevel(level: Level | LevelBase, opts?: DisplayOptions, def: RulesetDef | undefined = rulesetOf(level)): BoardDisplay {
  if (def) {
    const d = def.display(level, opts);
    let objectives: string[] = [];
    try {
      objectives = def.describeGoal?.(level) ?? [];
    } catch {
      // A malformed level (a schema error the validation reports) gets its diagram without the words.
    }
    return objectives.length ? { ...d, objectives } : d;
  }
  const board = (level as { board?: { width?: unknown; height?: unknown } }).board;
  const side = (n: unknown): number => (typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 1);
  return { width: side(board?.width), height: side(board?.height), glyphs: [], legend: [], mirror: { state: '', detail: '' } };
}
