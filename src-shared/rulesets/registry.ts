/**
 * The ruleset registry (design: docs/dev/rulesets.md): every ruleset module
 * listed once, keyed by its id, in the order the New dialog lists them.
 * Adding a ruleset is one line here (and one in src-renderer/rulesets/
 * registry.ts); the type checker reports a ruleset whose document type
 * (model/level.ts `LevelTypes`) has no entry.
 *
 * This module holds the list and nothing else: the lookups over it are in
 * lookup.ts, the generic entries in index.ts. Keeping the list alone lets a
 * test put a ruleset of its own beside the real ones by replacing this one
 * module (tests/shared/rulesets/extra-ruleset.ts), with no hook in the
 * product.
 */
import type { LevelOf, Ruleset } from '../model/level.js';
import type { RulesetDef } from '../ruleset.js';
import { unlockTheKing } from './unlock-the-king/def.js';
import { chessMaze } from './chess-maze/def.js';
import { kingsValley } from './kings-valley/def.js';
import { lockingChess } from './locking-chess/def.js';

/** Every ruleset module, keyed by id, in the order the New dialog lists them. */
export const RULESETS = {
  'unlock-the-king': unlockTheKing,
  'chess-maze': chessMaze,
  'kings-valley': kingsValley,
  'locking-chess': lockingChess,
} as const satisfies { [R in Ruleset]: RulesetDef<LevelOf<R>> };
