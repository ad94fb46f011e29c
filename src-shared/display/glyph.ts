/**
 * The one display model: what a board shows, as plain data. Each ruleset's
 * `display(level)` (RulesetDef) answers a `BoardDisplay`; the Konva board,
 * the SVG / PNG renderer and the pack PDF draw the same glyphs with the same
 * artwork (display/art.ts), so a diagram looks like the editor.
 *
 * Coordinates: `file` / `rank` 0-based (RULINGS "Common": a1 bottom-left).
 * A glyph's `box` is in square units from the square's top-left corner,
 * y down (default: the whole square).
 */
import type { CmColor, CmTileKind, Facing, Role, SquareName, TransformType } from '../model/level.js';

/** Drawing layers, bottom first. */
export const GLYPH_LAYERS = ['terrain', 'floor', 'mark', 'item', 'piece', 'badge'] as const;
export type GlyphLayer = (typeof GLYPH_LAYERS)[number];

/** Piece tone: light (UK ivory, CM player, KV / LC white) or dark (obsidian, enemy, black). */
export type Tone = 'light' | 'dark';

/** What a glyph shows; display/art.ts turns it into vector parts. */
export type GlyphArt =
  | {
      kind: 'piece';
      role: Role | 'soldier';
      tone: Tone;
      /** Pawns (UK-4, CM-3): the facing arrow. */
      facing?: Facing;
      /** UK-4 lateral pawns: side arrows. */
      lateral?: boolean;
      /** CM-2 enemy badge. */
      enemy?: boolean;
    }
  | { kind: 'tile'; tile: CmTileKind; color?: CmColor; letter?: string; allowed?: TransformType[]; open?: boolean }
  | { kind: 'wall' }
  | { kind: 'hole' }
  | { kind: 'pillar' }
  | { kind: 'valley' }
  | { kind: 'portal' }
  /** LC-2: the board-level piece of a stack is locked under the top piece. */
  | { kind: 'lock' };

export type GlyphKind = GlyphArt['kind'];

/** Placement inside a square, square units, y down from its top-left. */
export interface GlyphBox {
  x: number;
  y: number;
  size: number;
}

export interface Glyph {
  square: SquareName;
  file: number;
  rank: number;
  layer: GlyphLayer;
  art: GlyphArt;
  /** Default `{x: 0, y: 0, size: 1}`. */
  box?: GlyphBox;
  /** What a press on the square grabs when this is its top glyph (the editor's item kind), if anything. */
  item?: string;
  /** Short human text ("red key", "ivory rook facing east"): legends and screen readers. */
  label: string;
}

/** One line of a diagram's legend: the artwork and what it means. */
export interface LegendEntry {
  art: GlyphArt;
  label: string;
}

export interface BoardDisplay {
  width: number;
  height: number;
  /** In drawing order within each layer. */
  glyphs: Glyph[];
  /** One entry per distinct kind of thing shown (diagrams print it). */
  legend: LegendEntry[];
  /**
   * Named squares the board exposes as `data-<name>` test hooks (KV-1
   * `valley`), and the text mirror of the position (`data-testid="board-state"`):
   * `state` the tokens, `detail` colours / sides / facings.
   */
  marks?: Readonly<Record<string, SquareName>>;
  mirror: { state: string; detail: string };
  /** One line shown with the board (KV-4 / LC side to move). */
  caption?: string;
}

export interface DisplayOptions {
  /** Lock colours drawn open (playtest, solution preview: CM-5 / CM-6). */
  openColors?: ReadonlySet<string>;
}
