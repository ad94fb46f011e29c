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
import type { ArtPart } from './art/parts.js';

/** Drawing layers, bottom first. */
export const GLYPH_LAYERS = ['terrain', 'floor', 'mark', 'item', 'piece', 'badge'] as const;
export type GlyphLayer = (typeof GLYPH_LAYERS)[number];

/** Piece tone: light (UK ivory, CM player, KV / LC white) or dark (obsidian, enemy, black). */
export type Tone = 'light' | 'dark';

/** What a glyph shows; display/art.ts (`artParts`) turns it into vector parts in a 100 x 100 box. */
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
      /** A light dot on the body (KV-1: Black's pieces). */
      dot?: boolean;
    }
  | {
      kind: 'tile';
      tile: CmTileKind;
      /** Key / lock / plate colour (CM-5, CM-6), drawn with its colour-blind glyph. */
      color?: CmColor;
      /** Letter tile (CM-9). */
      letter?: string;
      /** Transform tile (CM-10): the types, shown as their letters. */
      allowed?: TransformType[];
      /** A lock drawn open (CM-5 / CM-6, playtest and solution preview). */
      open?: boolean;
    }
  /** UK-1. */
  | { kind: 'wall' }
  /** CM-1. */
  | { kind: 'hole' }
  /** KV-1. */
  | { kind: 'pillar' }
  /** KV-1 the centre square. */
  | { kind: 'valley' }
  /** UK-6. */
  | { kind: 'portal' }
  /** LC-2: the board-level piece of a stack is locked under the top piece. */
  | { kind: 'lock' }
  /**
   * Artwork a ruleset brings itself (its `display` answers it): the vector
   * parts (art/parts.ts, a 100 x 100 box, y down) every drawer draws as
   * they are, so a new ruleset's terrain or pieces need no edit of the
   * catalogue above. `name`: the SVG class and test hook (`drawn crate`);
   * `swatch`: the minimap's one-colour summary (default a dark square).
   */
  | { kind: 'drawn'; name: string; parts: readonly ArtPart[]; swatch?: ArtSwatch };

/** A one-colour summary of an art for a minimap: a filled square or a dot, `size` in squares (side or diameter). */
export interface ArtSwatch {
  shape: 'square' | 'dot';
  fill: string;
  size: number;
}

export type GlyphKind = GlyphArt['kind'];

/** Placement inside a square, square units, y down from its top-left. */
export interface GlyphBox {
  x: number;
  y: number;
  size: number;
}

/**
 * One thing drawn on one square. A display lists its glyphs in drawing
 * order: sorted by layer (GLYPH_LAYERS), and within a layer bottom first.
 */
export interface Glyph {
  square: SquareName;
  file: number;
  rank: number;
  layer: GlyphLayer;
  art: GlyphArt;
  /** Default `{x: 0, y: 0, size: 1}` (the whole square). */
  box?: GlyphBox;
  /**
   * The editor's item kind of the thing drawn (`piece`, `wall`, `key`...):
   * what a press on the square grabs when this is its top glyph with an item
   * (`itemAt`), and what a drag of that item carries. Absent: not grabbable
   * (a hole, the valley, a lock mark).
   */
  item?: string;
  /**
   * Short human text ("red key", "ivory pawn facing east, lateral"): the
   * screen-reader description of the square (`describeSquare`). Empty: the
   * glyph adds nothing (a stack is described once, by its board-level piece).
   */
  label: string;
  /** Rank of the label in the square's description, ascending (default 0); ties keep drawing order. */
  read?: number;
  /** Drawn on a dark rounded backing (an item shown as a badge under a piece). */
  backed?: boolean;
}

/** One line of a diagram's legend: the artwork and what it means. */
export interface LegendEntry {
  art: GlyphArt;
  label: string;
}

/** What a board shows (`RulesetDef.display`). */
export interface BoardDisplay {
  /** Board size, squares. */
  width: number;
  height: number;
  /** On-board glyphs in drawing order (see Glyph). Off-board entries of a document are left out (validation reports them). */
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
  /** One line shown with the board ("White to move": KV-4, LC-1). */
  caption?: string;
  /** The level's goal and objectives in words (`RulesetDef.describeGoal`, added by `displayLevel`): printed diagrams show them under the board. */
  objectives?: string[];
}

export interface DisplayOptions {
  /** Lock colours drawn open (playtest, solution preview: CM-5 / CM-6). */
  openColors?: ReadonlySet<string>;
}
