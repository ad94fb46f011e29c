/**
 * Lookups in the ruleset registry (registry.ts): the module of an id or of a
 * level, the modules in registry order, and the `ruleset-unsupported` error
 * for an id no module has. Everything generic finds a ruleset here (the
 * format's schema check and level hash included), so nothing branches on a
 * ruleset id.
 */
import type { RulesetDef } from '../ruleset.js';
import { rulesetUnsupported, type Issue } from '../validation/issue.js';
import { RULESETS } from './registry.js';

/** The modules in registry order. */
export const RULESET_LIST: readonly RulesetDef[] = Object.values(RULESETS) as readonly RulesetDef[];

/** The module of ruleset `id`, or undefined for an id no module has. */
export function rulesetDef(id: unknown): RulesetDef | undefined {
  return typeof id === 'string' && Object.hasOwn(RULESETS, id) ? (RULESETS[id as keyof typeof RULESETS] as RulesetDef) : undefined;
}

/** The module of a level's ruleset, or undefined when no module has its id. */
export function rulesetOf(level: { ruleset?: unknown }): RulesetDef | undefined {
  return rulesetDef(level.ruleset);
}

/** The `ruleset-unsupported` error for a ruleset id no module has (pointer `/ruleset`, or `pointer` inside a larger document). */
export function unsupported(ruleset: unknown, pointer = '/ruleset'): Issue {
  return rulesetUnsupported(ruleset, pointer);
}
