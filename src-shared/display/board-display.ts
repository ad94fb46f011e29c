/**
 * Generic reading of a `BoardDisplay` (glyph.ts), with no ruleset
 * knowledge: the screen-reader description of a square, the item a press
 * grabs, and the helpers every ruleset's `display` builds glyphs and legends
 * with.
 */
import { parseSquare } from '../model/square.js';
import type { BoardDisplay, Glyph, GlyphArt, GlyphBox, GlyphLayer, LegendEntry } from './glyph.js';
import { GLYPH_LAYERS } from './glyph.js';

/**
 * Human sentence for screen readers: `"e1: ivory king"`, `"c3: hole"`,
 * `"b3: player knight, red key"`, `"d6: empty"`: the square's non-empty glyph
 * labels by `read` rank (ties in drawing order), joined with ", ".
 */
export function describeSquare(display: BoardDisplay, square: string): string {
  const here = display.glyphs
    .map((g, i) => ({ g, i }))
    .filter(({ g }) => g.square === square && g.label !== '')
    .sort((a, b) => (a.g.read ?? 0) - (b.g.read ?? 0) || a.i - b.i);
  return `${square}: ${here.length ? here.map(({ g }) => g.label).join(', ') : 'empty'}`;
}

/**
 * What a press on `square` grabs: the `item` of its top-most glyph that has
 * one, badges aside (a badge shows what lies under the piece it is drawn
 * over: the piece is grabbed first); null when nothing there is grabbable.
 */
export function itemAt(display: BoardDisplay, square: string): string | null {
  let badge: string | null = null;
  for (let i = display.glyphs.length - 1; i >= 0; i--) {
    const g = display.glyphs[i]!;
    if (g.square !== square || g.item === undefined) continue;
    if (g.layer !== 'badge') return g.item;
    badge ??= g.item;
  }
  return badge;
}

/** The glyphs on `square`, in drawing order. */
export function glyphsAt(display: BoardDisplay, square: string): Glyph[] {
  return display.glyphs.filter((g) => g.square === square);
}

/** File / rank of `square` when it lies on a `width` x `height` board, else null. */
export function onBoardCell(square: unknown, width: number, height: number): { file: number; rank: number } | null {
  if (typeof square !== 'string') return null;
  const c = parseSquare(square);
  return c && c.file < width && c.rank < height ? { file: c.file, rank: c.rank } : null;
}

/** Fields of one glyph besides its square. */
export interface GlyphSpec {
  layer: GlyphLayer;
  art: GlyphArt;
  label: string;
  box?: GlyphBox;
  item?: string;
  read?: number;
  backed?: boolean;
}

/**
 * Collects glyphs and legend entries for one display. `add` drops squares
 * off the board and a glyph equal to one already added (same square,
 * layer, art, label, box, item; its reading rank aside); `glyphs()` answers them in drawing order (stable by layer);
 * `legend` keeps one entry per label, in first-seen order.
 */
export class DisplayBuilder {
  private readonly list: Glyph[] = [];
  private readonly seen = new Set<string>();
  private readonly entries = new Map<string, LegendEntry>();

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /** Adds a glyph on `square`; false (nothing added) when the square is not on the board. */
  add(square: string, spec: GlyphSpec): boolean {
    const c = onBoardCell(square, this.width, this.height);
    if (!c) return false;
    const g: Glyph = { square, file: c.file, rank: c.rank, layer: spec.layer, art: spec.art, label: spec.label };
    if (spec.box) g.box = spec.box;
    if (spec.item !== undefined) g.item = spec.item;
    if (spec.read !== undefined) g.read = spec.read;
    if (spec.backed) g.backed = true;
    // The same glyph twice on a square (a wall listed twice: an invalid level) draws nothing more: kept once
    // (with the first one's reading rank), so a list of 100,000 entries draws at most one glyph per square and kind.
    const key = JSON.stringify({ ...g, read: undefined });
    if (this.seen.has(key)) return true;
    this.seen.add(key);
    this.list.push(g);
    return true;
  }

  /** Adds a legend entry unless one with the same label is there. */
  legend(art: GlyphArt, label: string): void {
    if (!this.entries.has(label)) this.entries.set(label, { art, label });
  }

  glyphs(): Glyph[] {
    return this.list
      .map((g, i) => ({ g, i }))
      .sort((a, b) => GLYPH_LAYERS.indexOf(a.g.layer) - GLYPH_LAYERS.indexOf(b.g.layer) || a.i - b.i)
      .map(({ g }) => g);
  }

  legendEntries(): LegendEntry[] {
    return [...this.entries.values()];
  }
}

/** Box of a piece glyph: the silhouette's 100 x 100 box inset 7 % in its square. */
export const PIECE_BOX: GlyphBox = { x: 0.07, y: 0.07, size: 0.86 };

/** LAN piece letters (RULINGS "Common"), used by the text mirrors. */
export const ROLE_LETTER: Readonly<Record<string, string>> = { king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N', pawn: 'P' };
