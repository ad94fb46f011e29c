/**
 * Documents the editor creates from nothing, and which opened documents it
 * can edit: lookups in the ruleset registry (src-shared/rulesets/registry.ts,
 * `RulesetDef.newLevel` / `isEditable`).
 */
import type { Level, Ruleset } from '../../src-shared/model/level.js';
import { RULESET_LIST, rulesetDef, rulesetOf } from '../../src-shared/rulesets/index.js';

/**
 * The documents the editor edits: every ruleset's document type
 * (model/level.ts `Level`, from `LevelTypes`), so a field added to a
 * ruleset's type is one the editor holds; the renderer's registry
 * (src-renderer/rulesets/registry.ts) has an editing module for each.
 */
export type EditableLevel = Level;
export type EditableRuleset = Ruleset;

/**
 * A new document of `ruleset` (`start`: one of the ruleset's `starts`,
 * default its empty document; `size`: the board of a start without its own
 * size). Throws for an id no module has (a caller's bug: the ids come from
 * the registry).
 */
export function newLevel(ruleset: EditableRuleset, start?: string, size?: { width: number; height: number }): EditableLevel {
  const def = rulesetDef(ruleset);
  if (!def) throw new Error(`newLevel: no ruleset module "${ruleset}"`);
  return def.newLevel(start, size) as EditableLevel;
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
