/**
 * The placement options of new King's Valley items (`RulesetUi.placement`, plain
 * JSON in the Editor's state), read by the module's tools and toggles (ui.ts)
 * and its palette options component.
 */
import type { KvSide } from '../../../src-shared/model/level.js';

/** Placement options of new King's Valley items. */
export interface KvPlacement {
  /** Side of new kings and soldiers. */
  kvSide: KvSide;
  /** What the terrain tools paint: pillars or floor (KV-1). */
  paint: 'pillar' | 'floor';
}
