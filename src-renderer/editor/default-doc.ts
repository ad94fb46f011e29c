/**
 * Documents the editor creates from nothing, and which opened documents it
 * can edit: lookups in the ruleset registry (src-shared/rulesets/index.ts,
 * `RulesetDef.newLevel` / `isEditable`).
 */
import type { ChessMazeLevel, KingsValleyLevel, Level, LockingChessLevel, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { RULESETS, RULESET_LIST, rulesetOf } from '../../src-shared/rulesets/index.js';

export { newUkLevel } from '../../src-shared/rulesets/unlock-the-king/def.js';
export { newCmLevel } from '../../src-shared/rulesets/chess-maze/def.js';
export { newKvLevel } from '../../src-shared/rulesets/kings-valley/def.js';

/** The rulesets this editor edits. */
export type EditableLevel = UnlockTheKingLevel | ChessMazeLevel | KingsValleyLevel | LockingChessLevel;
export type EditableRuleset = EditableLevel['ruleset'];

/** A new document of `ruleset` (`start`: one of the ruleset's `starts`, default its empty document; `size`: the board of a start without its own size). */
export function newLevel(ruleset: EditableRuleset, start?: string, size?: { width: number; height: number }): EditableLevel {
  return RULESETS[ruleset].newLevel(start, size);
}

/** The document the editor starts with: the first ruleset's new document (the New dialog's first choice). */
export function defaultDocument(): EditableLevel {
  return RULESET_LIST[0]!.newLevel() as EditableLevel;
}

/** True when the editor can edit the document (`RulesetDef.isEditable` of its ruleset). */
export function isEditable(level: Level | unknown): level is EditableLevel {
  if (typeof level !== 'object' || level === null) return false;
  return rulesetOf(level as { ruleset?: unknown })?.isEditable(level) ?? false;
}
