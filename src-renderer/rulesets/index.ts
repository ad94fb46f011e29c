/**
 * Lookups in the renderer's ruleset registry (registry.ts, re-exported
 * here): the editing module of an id or of a document, the modules in
 * registry order. Nothing here branches on a ruleset id.
 */
import type { LevelBase } from '../../src-shared/ruleset.js';
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
