/**
 * The core registry of the e2e build with a ruleset of the tests
 * (vite.config.mts puts it in place of src-shared/rulesets/registry.ts):
 * the real modules, then Crates (tests/shared/rulesets/extra-ruleset.ts).
 */
import { RULESETS as REAL } from '../../../src-shared/rulesets/registry.js';
import { crates } from '../../shared/rulesets/extra-ruleset.js';

export const RULESETS = { ...REAL, crates };
