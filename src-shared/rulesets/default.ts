/**
 * The default ruleset: what New, a new pack and the first sample folder
 * (`<workspace>/<id>/`, `<workspace>/levels/<id>/`) start with when nothing
 * else is chosen. A module of its own so start-up code can read it without
 * loading the rules.
 */
import type { Ruleset } from '../model/level.js';

export const DEFAULT_RULESET: Ruleset = 'unlock-the-king';
