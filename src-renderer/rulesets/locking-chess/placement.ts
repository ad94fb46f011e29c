/**
 * The placement options of new Locking Chess pieces (`RulesetUi.placement`,
 * plain JSON in the Editor's state), read by the module's tools and toggles
 * (ui.ts) and its palette options component.
 */
import type { LcColor } from './ops.js';

/** Placement options of new Locking Chess pieces. */
export interface LcPlacement {
  /** Colour of new pieces. */
  lcColor: LcColor;
}
