/**
 * Canvas view state shared by the board, the minimap and the canvas actions:
 * zoom / pan (`view`, viewport.ts), the selected board
 * region, the square a paste goes to, and the region clipboard.
 *
 * A module singleton (one board per window) so the clipboard outlives
 * opening another level. None of this is history and none is saved.
 */
import type { RegionClip } from '../editor/region.js';
import type { View } from '../editor/viewport.js';

export interface RegionSel {
  /** Anchor corner (where the drag or Shift+arrows started). */
  from: string;
  /** Moving corner. */
  to: string;
}

export class CanvasState {
  /** Zoom / pan; null = fit to window. */
  view: View | null = $state.raw(null);
  /** Selected region (select-tool drag or Shift+arrows); null = none. */
  region: RegionSel | null = $state.raw(null);
  /** Where Mod+V pastes: the square the paste is centred on (the square last hovered or reached by the keyboard cursor). */
  anchor: string | null = $state(null);
  /** The region clipboard (also written to the system clipboard as JSON). */
  clip: RegionClip | null = $state.raw(null);
  /**
   * A paste waiting for its place (after Mod+V): the board shows it as a
   * ghost at the anchor; a click or Enter places it, Escape cancels.
   */
  pending: RegionClip | null = $state.raw(null);
}

export const canvas = new CanvasState();
