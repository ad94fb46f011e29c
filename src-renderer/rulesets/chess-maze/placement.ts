/**
 * The placement options of new Chess Maze items (`RulesetUi.placement`, plain
 * JSON in the Editor's state), read by the module's tools and toggles (ui.ts)
 * and its palette options component.
 */
import type { CmColor, CmSide, Facing, TransformType } from '../../../src-shared/model/level.js';
import type { PaintMode } from './ops.js';

/** Placement options of new Chess Maze items. */
export interface CmPlacement {
  /** Side of new pieces (CM-2). */
  side: CmSide;
  /** Facing of new pawns (CM-3). */
  facing: Facing;
  /** Colour of new keys, locks and plates (CM-5, CM-6). */
  tileColor: CmColor;
  /** Letter of new letter tiles (CM-9). */
  letter: string;
  /** Allowed types of new transform tiles (CM-10). */
  allowed: TransformType[];
  /** What the terrain tools paint (CM-1). */
  paint: PaintMode;
}
