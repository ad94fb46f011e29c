/**
 * The placement options of new Unlock the King items (`RulesetUi.placement`, plain
 * JSON in the Editor's state), read by the module's tools and toggles (ui.ts)
 * and its palette options component.
 */
import type { Facing, UkColor } from '../../../src-shared/model/level.js';

/** Placement options of new Unlock the King items. */
export interface UkPlacement {
  /** Colour of new pieces (UK-2, cosmetic). */
  color: UkColor;
  /** Facing of new pawns (UK-4). */
  facing: Facing;
  /** Lateral flag of new pawns (UK-4). */
  lateral: boolean;
  /** What the terrain tools paint: walls or floor (UK-1). */
  paint: 'wall' | 'floor';
}
