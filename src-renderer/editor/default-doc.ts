/**
 * Documents the editor creates from nothing, and which opened documents it
 * can edit: lookups in the ruleset registry (src-shared/rulesets/index.ts,
 * `RulesetDef.newLevel` / `isEditable`).
 */
import type { ChessMazeLevel, KingsValleyLevel, Level, LockingChessLevel, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { RULESETS, rulesetOf } from '../../src-shared/rulesets/index.js';
import { KV_STARTS } from '../../src-shared/rulesets/kings-valley/def.js';

export { newUkLevel } from '../../src-shared/rulesets/unlock-the-king/def.js';
export { newCmLevel } from '../../src-shared/rulesets/chess-maze/def.js';
export { newKvLevel } from '../../src-shared/rulesets/kings-valley/def.js';

/** The rulesets this editor edits. */
export type EditableLevel = UnlockTheKingLevel | ChessMazeLevel | KingsValleyLevel | LockingChessLevel;
export type EditableRuleset = EditableLevel['ruleset'];

/** The starting positions New offers for King's Valley (KV-1, KV-4), or an empty board. */
export const KV_SETUPS = KV_STARTS.map((s) => s.id) as readonly KvSetupChoice[];
export type KvSetupChoice = 'standard' | 'retrieve' | 'labyrinth' | 'empty';

/** A new document of `ruleset` (`start`: one of the ruleset's `starts`, default its empty document). */
export function newLevel(ruleset: EditableRuleset, start?: string): EditableLevel {
  return RULESETS[ruleset].newLevel(start);
}

/** True when the editor can edit the document (`RulesetDef.isEditable` of its ruleset). */
export function isEditable(level: Level | unknown): level is EditableLevel {
  if (typeof level !== 'object' || level === null) return false;
  return rulesetOf(level as { ruleset?: unknown })?.isEditable(level) ?? false;
}
