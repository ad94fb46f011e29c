/**
 * The renderer's ruleset registry (design: docs/dev/rulesets.md):
 * every ruleset's editing module (`RulesetUi`, ruleset-ui.ts) listed once,
 * in the core registry's order (src-shared/rulesets/index.ts `RULESETS`),
 * and the lookups the generic editor uses. Nothing here branches on a
 * ruleset id.
 */
import type { Ruleset } from '../../src-shared/model/level.js';
import type { LevelBase } from '../../src-shared/ruleset.js';
import type { LevelOf } from '../../src-shared/rulesets/index.js';
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

/** The modules in registry order. */
export const RULESET_UI_LIST: readonly RulesetUi[] = Object.values(RULESET_UIS) as unknown as RulesetUi[];

/** The module of ruleset `id`, or undefined for an id no module has. */
export function rulesetUi(id: unknown): RulesetUi | undefined {
  return typeof id === 'string' && Object.hasOwn(RULESET_UIS, id) ? (RULESET_UIS[id as Ruleset] as unknown as RulesetUi) : undefined;
}

/** The module of a document's ruleset (the Editor's resolver), or undefined. */
export function rulesetUiOf<L extends LevelBase>(doc: L): RulesetUi<L> | undefined {
  return rulesetUi(doc.ruleset) as RulesetUi<L> | undefined;
}
