/**
 * The board's static picture, cached: the frame, the squares and the glyphs
 * under the highlights (terrain, floor tiles) drawn once into a bitmap of
 * its own, which the Board shows on a Konva layer of its own
 * (StaticBoardLayer.svelte: one Shape whose scene function puts the bitmap
 * on the layer with Konva's public `Context.drawImage`). The bitmap is drawn
 * again only when what it shows changes (the document's display, the theme,
 * the faded item of a drag), when the squares change size (zoom) or the
 * device pixel ratio changes; a pan only moves the picture. The drawing
 * waits for the frame that shows it, so several edits in one frame (the
 * pointer moves of a brush stroke) draw it once. A board too big for one
 * bitmap at this zoom (a side over MAX_BITMAP_SIDE device px) is drawn only
 * where it is in view, and again when the view moves.
 */
import type { Glyph } from '../../src-shared/display/glyph.js';
import type { BoardLayout } from '../editor/geometry.js';
import type { BoardColors } from '../shell/theme.js';
import { drawGlyphs } from './glyph-draw.js';
import { drawSquares, FRAME } from './squares.js';

/** Longest side of a bitmap holding the whole board, device px (beyond it only the part in view is drawn). */
export const MAX_BITMAP_SIDE = 4096;

/** What the static picture shows; a new object means "draw again" (the Board derives it from the display and the theme). */
export interface StaticContent {
  readonly colors: BoardColors;
  /** The glyphs under the highlights (terrain, floor tiles), in drawing order. */
  readonly glyphs: readonly Glyph[];
  /** Opacity of a glyph (the item being dragged is faded at its origin); absent: 1. */
  readonly alpha?: ((g: Glyph) => number) | undefined;
}

/** Where the bitmap goes on the stage, CSS px. */
export interface BitmapPlace {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where the bitmap is drawn: an OffscreenCanvas (tests pass a recording
 * fake). With `transferToImageBitmap` the drawn picture is handed on as an
 * ImageBitmap, which the browser draws without taking a snapshot of a
 * canvas on every frame; without it the surface itself is the image.
 */
export interface BitmapSurface {
  width: number;
  height: number;
  getContext(kind: '2d'): BitmapContext | null;
  transferToImageBitmap?(): ImageBitmap;
}

/** The bitmap's 2D context: the painters' surface (paint.ts) plus the device-pixel transform. */
export type BitmapContext = Parameters<typeof drawSquares>[0] & {
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
};

/** The board with its frame, in stage px: where the whole-board bitmap would go. */
function framedRect(l: BoardLayout): BitmapPlace {
  return { x: l.originX - FRAME, y: l.originY - FRAME, width: l.cell * l.width + 2 * FRAME, height: l.cell * l.height + 2 * FRAME };
}

/** The part of `r` inside the stage, or null when none of it is. */
function inStage(r: BitmapPlace, l: BoardLayout): BitmapPlace | null {
  const x0 = Math.max(0, Math.floor(r.x));
  const y0 = Math.max(0, Math.floor(r.y));
  const x1 = Math.min(l.stageWidth, Math.ceil(r.x + r.width));
  const y1 = Math.min(l.stageHeight, Math.ceil(r.y + r.height));
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

/** What the bitmap was last drawn for. */
interface Drawn {
  content: StaticContent;
  cell: number;
  width: number;
  height: number;
  ratio: number;
  /** The board-relative part drawn ('' for the whole board). */
  window: string;
}

/** What `update` asked for: drawn on the next `image()`, in the frame that shows it. */
interface Wanted extends Drawn {
  layout: BoardLayout;
  place: BitmapPlace;
}

function sameDrawing(a: Drawn | null, b: Drawn): boolean {
  return !!a && a.content === b.content && a.cell === b.cell && a.width === b.width && a.height === b.height && a.ratio === b.ratio && a.window === b.window;
}

/**
 * The board's cached static bitmap (module doc). `update` (when the layout
 * or the content may have changed) answers where the picture goes and
 * whether it must be drawn again; the drawing itself waits for `image()`,
 * which the layer's scene function calls in the frame that shows it, so an
 * edit's own work (the panels, the validation) never waits for it.
 */
export class StaticBoard {
  private drawn: Drawn | null = null;
  private wanted: Wanted | null = null;
  private bitmap: ImageBitmap | null = null;
  /** How many times the bitmap was drawn (tests read it). */
  draws = 0;

  constructor(readonly surface: BitmapSurface) {}

  /**
   * Where the picture of `content` goes on the stage for `layout` at `ratio`
   * device px per CSS px (null: no part of the board is in view), and
   * whether it changes (`changed`: the next `image()` draws it again; false
   * for a pan of a board drawn whole, which only moves it).
   */
  update(layout: BoardLayout, content: StaticContent, ratio: number): { place: BitmapPlace | null; changed: boolean } {
    const whole = framedRect(layout);
    const fits = Math.max(whole.width, whole.height) * ratio <= MAX_BITMAP_SIDE;
    const place = fits ? whole : inStage(whole, layout);
    if (!place) return { place: null, changed: false };
    const want: Wanted = {
      content,
      cell: layout.cell,
      width: layout.width,
      height: layout.height,
      ratio,
      window: fits ? '' : `${place.x - whole.x},${place.y - whole.y},${place.width},${place.height}`,
      layout,
      place,
    };
    const changed = !sameDrawing(this.drawn, want);
    this.wanted = changed ? want : null;
    return { place, changed };
  }

  /** The picture (the last drawn ImageBitmap, else the surface), drawn first when `update` said it changed. */
  image(): ImageBitmap | BitmapSurface {
    const w = this.wanted;
    if (w) {
      this.wanted = null;
      this.paint(w);
      this.drawn = w;
    }
    return this.bitmap ?? this.surface;
  }

  private paint({ layout, content, ratio, place }: Wanted): void {
    const s = this.surface;
    const w = Math.max(1, Math.round(place.width * ratio));
    const h = Math.max(1, Math.round(place.height * ratio));
    // (An OffscreenCanvas keeps its size after a transfer, but its context is reset.)
    if (s.width !== w || s.height !== h) {
      s.width = w;
      s.height = h;
    }
    const ctx = s.getContext('2d');
    if (!ctx) return;
    this.draws++;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, w, h);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    // The layout as seen from the bitmap's top-left corner, its stage the bitmap.
    const local: BoardLayout = {
      ...layout,
      originX: layout.originX - place.x,
      originY: layout.originY - place.y,
      stageWidth: place.width,
      stageHeight: place.height,
    };
    drawSquares(ctx, local, content.colors);
    drawGlyphs(ctx, content.glyphs, local, content.alpha);
    if (s.transferToImageBitmap) {
      this.bitmap?.close();
      this.bitmap = s.transferToImageBitmap();
    }
  }

  /** Frees the bitmap (the layer is gone). */
  dispose(): void {
    this.bitmap?.close();
    this.bitmap = null;
  }
}
