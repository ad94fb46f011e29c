/**
 * The generic glyph drawer of the Konva board: vector parts (the one
 * artwork, src-shared/display/art.ts) onto a drawing surface (paint.ts:
 * Konva's public Context in a shape's scene function, or a bitmap's own 2D
 * context) with cached `Path2D`s, and display glyphs at their squares.
 * Knows no ruleset: it draws whatever `BoardDisplay` glyphs it is given.
 */
import { TEXT_BASELINE_SHIFT, glyphParts, type ArtPart } from '../../src-shared/display/art.js';
import type { Glyph } from '../../src-shared/display/glyph.js';
import { squareTopLeft, type BoardLayout } from '../editor/geometry.js';
import type { Paint2D } from './paint.js';

const paths = new Map<string, Path2D>();

/** A cached Path2D of path data (the art repeats the same few hundred paths). */
function path2d(d: string): Path2D {
  let p = paths.get(d);
  if (!p) {
    if (paths.size > 4000) paths.clear();
    p = new Path2D(d);
    paths.set(d, p);
  }
  return p;
}

/** Draws `parts` with their 100 x 100 box's top-left at (x, y), `size` px a side, at `alpha` opacity. */
export function drawParts(ctx: Paint2D, parts: readonly ArtPart[], x: number, y: number, size: number, alpha = 1): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / 100, size / 100);
  const base = ctx.globalAlpha * alpha;
  for (const p of parts) {
    if (p.type === 'text') {
      ctx.globalAlpha = base;
      ctx.fillStyle = p.fill;
      ctx.font = `bold ${p.size}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'alphabetic';
      ctx.fillText(p.text, p.x, p.y + p.size * TEXT_BASELINE_SHIFT);
      continue;
    }
    const shape = path2d(p.d);
    ctx.globalAlpha = base * (p.opacity ?? 1);
    if (p.fill) {
      ctx.fillStyle = p.fill;
      ctx.fill(shape);
    }
    if (p.stroke) {
      ctx.strokeStyle = p.stroke;
      ctx.lineWidth = p.width ?? 1;
      ctx.lineCap = p.cap ?? 'butt';
      ctx.lineJoin = p.join ?? 'miter';
      ctx.setLineDash(p.dash ?? []);
      ctx.stroke(shape);
    }
  }
  ctx.restore();
}

/** Draws one glyph with its square's top-left at (x, y), squares `cell` px. */
export function drawGlyphAt(ctx: Paint2D, g: Glyph, x: number, y: number, cell: number, alpha = 1): void {
  const box = g.box ?? { x: 0, y: 0, size: 1 };
  drawParts(ctx, glyphParts(g), x + box.x * cell, y + box.y * cell, box.size * cell, alpha);
}

/**
 * Draws `glyphs` at their squares of `layout` (in list order: a display's
 * drawing order); `alpha(g)` gives each one's opacity (default 1), glyphs
 * entirely outside the layout's stage are skipped.
 */
export function drawGlyphs(ctx: Paint2D, glyphs: readonly Glyph[], layout: BoardLayout, alpha?: (g: Glyph) => number): void {
  const c = layout.cell;
  for (const g of glyphs) {
    const p = squareTopLeft(layout, g.file, g.rank);
    if (p.x + c < 0 || p.y + c < 0 || p.x > layout.stageWidth || p.y > layout.stageHeight) continue;
    const a = alpha ? alpha(g) : 1;
    if (a > 0) drawGlyphAt(ctx, g, p.x, p.y, c, a);
  }
}

/**
 * True when two glyph lists draw the same picture (same glyphs, same
 * order), compared by value: a new display of a document whose pieces did
 * not move answers true for its piece glyphs, so their layer is not drawn
 * again (and a terrain edit leaves the live layer alone, a move the static one).
 */
export function sameGlyphs(a: readonly Glyph[], b: readonly Glyph[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.square !== y.square || x.layer !== y.layer || x.item !== y.item || x.backed !== y.backed) return false;
    if (JSON.stringify(x.art) !== JSON.stringify(y.art) || JSON.stringify(x.box) !== JSON.stringify(y.box)) return false;
  }
  return true;
}
