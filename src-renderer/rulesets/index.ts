/**
 * Lookups in the renderer's ruleset registry (registry.ts, re-exported
 * here): the editing module of an id or of a document, the modules in
 * registry order. Nothing here branches on a ruleset id.
 */
import type { LevelBase } from '../../src-shared/ruleset.js';
import { rulesetOf } from '../../src-shared/rulesets/lookup.js';
import type { EditableLevel } from '../editor/default-doc.js';
import type { RulesetUi } from './ruleset-ui.js';
import { RULESET_UIS } from './registry.js';

export { RULESET_UIS } from './registry.js';

/** The modules in registry order. */
export const RULESET_UI_LIST: readonly RulesetUi[] = Object.values(RULESET_UIS) as unknown as RulesetUi[];

/** The module of ruleset `id`, or undefined for an id no module has. */
export function rulesetUi(id: unknown): RulesetUi | undefined {
  return typeof id === 'string' && Object.hasOwn(RULESET_UIS, id) ? (RULESET_UIS[id as keyof typeof RULESET_UIS] as unknown as RulesetUi) : undefined;
}

/** The module of a document's ruleset (the Editor's resolver), or undefined. */
export function rulesetUiOf<L extends LevelBase>(doc: L): RulesetUi<L> | undefined {
  return rulesetUi(doc.ruleset) as RulesetUi<L> | undefined;
}

/**
 * True when the editor can edit `doc`: its ruleset has a core module that
 * accepts it (`RulesetDef.isEditable`) and an editing module here. Every way
 * a document enters the editor (open, drop, recovery, an older version)
 * asks this first and answers `unsupportedInEditor` otherwise, so the editor
 * never shows a document under another ruleset's tools.
 */
export function canEdit(doc: unknown): doc is EditableLevel {
  if (typeof doc !== 'object' || doc === null) return false;
  const def = rulesetOf(doc as { ruleset?: unknown });
  return !!def && def.isEditable(doc) && rulesetUi(def.id) !== undefined;
}

/**
 * The editor's `ruleset-unsupported` answer for a document it cannot edit
 * (`what`: how the message names it, e.g. the file name): the code every
 * entry answers for an id no module has, and the rulesets it does edit.
 */
export function unsupportedInEditor(doc: unknown, what: string): { code: 'ruleset-unsupported'; message: string } {
  const id = typeof doc === 'object' && doc !== null ? (doc as { ruleset?: unknown }).ruleset : undefined;
  const names = RULESET_UI_LIST.map((u) => u.def.name);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}` : (names[0] ?? 'no');
  const kind = rulesetUi(id) ? `a ${String(id)} document it cannot edit` : `a "${String(id)}" level`;
  return { code: 'ruleset-unsupported', message: `${what} is ${kind}: this editor edits ${list} levels.` };
}

/**
 * The editing module of a document in the editor. Every entry checks
 * `canEdit` first, so a document without one is a bug: it throws an error
 * naming `ruleset-unsupported` rather than showing another ruleset's tools.
 */
export function editingModule(doc: LevelBase): RulesetUi {
  const ui = rulesetUi(doc.ruleset);
  if (!ui) throw new Error(`ruleset-unsupported: the editor has no module for "${String(doc.ruleset)}"`);
  return ui;
}
