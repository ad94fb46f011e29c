/**
 * The renderer registry of the e2e build with a ruleset of the tests
 * (vite.config.mts puts it in place of src-renderer/rulesets/registry.ts):
 * the real editing modules, then Crates' (crates-ui.ts).
 */
import { RULESET_UIS as REAL } from '../../../src-renderer/rulesets/registry.js';
import { cratesUi } from './crates-ui.js';

export const RULESET_UIS = { ...REAL, crates: cratesUi };
