/**
 * The renderer's ruleset registry (design: docs/dev/rulesets.md): every
 * ruleset's editing module (`RulesetUi`, ruleset-ui.ts) listed once, keyed
 * by id, in the core registry's order (src-shared/rulesets/registry.ts).
 * Adding a ruleset is one line here; the type checker reports a ruleset
 * without one. The lookups are in index.ts; this module holds the list
 * alone, so a test build can put a ruleset of its own beside the real ones
 * by replacing this one module (tests/e2e/extra-ruleset/), with no hook in
 * the product.
 */
import type { LevelOf, Ruleset } from '../../src-shared/model/level.js';
import type { RulesetUi } from './ruleset-ui.js';
import { unlockTheKingUi } from './unlock-the-king/ui.js';
import { chessMazeUi } from './chess-maze/ui.js';
import { kingsValleyUi } from './kings-valley/ui.js';
import { lockingChessUi } from './locking-chess/ui.js';

/** Every ruleset's editing module, keyed by id. */
export const RULESET_UIS = {
  'unlock-the-king': unlockTheKingUi,
  'chess-maze': chessMazeUi,
  'kings-valley': kingsValleyUi,
  'locking-chess': lockingChessUi,
} as const satisfies { [R in Ruleset]: RulesetUi<LevelOf<R>> };
