/**
 * Vector parts: what one piece of artwork is made of, in a 100 x 100 box
 * (y down). Every drawer (the Konva board, the inline SVG icons, the SVG /
 * PNG renderer, the pack PDF) draws exactly these parts, in order, so the
 * editor and the printed diagrams show the same picture.
 *
 * Colours are `#rrggbb` or `rgba(r, g, b, a)`; lengths (stroke width, dash)
 * are box units. Path data is SVG path syntax with absolute commands only
 * (M, L, H, V, C, A, Z), which Canvas `Path2D`, Konva, resvg and pdfkit all
 * read the same way.
 */

/** A filled and / or stroked path. */
export interface PathPart {
  type: 'path';
  d: string;
  fill?: string;
  stroke?: string;
  /** Stroke width, box units (default 1 when `stroke` is set). */
  width?: number;
  /** Stroke dash pattern, box units (absent: solid). */
  dash?: number[];
  /** 0..1, whole part (default 1). */
  opacity?: number;
  cap?: 'butt' | 'round' | 'square';
  join?: 'miter' | 'round' | 'bevel';
  /** A name the SVG renderer writes as the part's `class` (`facing facing-east`, `hatch`), for tests and styling. */
  name?: string;
}

/** One line of bold text centred on (x, y): a letter tile, a transform tile's types. */
export interface TextPart {
  type: 'text';
  text: string;
  /** Centre of the text, box units. */
  x: number;
  y: number;
  /** Font size (em), box units. */
  size: number;
  fill: string;
  name?: string;
}

export type ArtPart = PathPart | TextPart;

/** Baseline offset that centres capital letters on a text part's `y` (fraction of the font size). */
export const TEXT_BASELINE_SHIFT = 0.35;

const fmt = (n: number): string => String(Math.round(n * 100) / 100);

/** Formats a number for path data (two decimals at most). */
export const f = fmt;

/** A circle as path data (two arcs). */
export function circle(cx: number, cy: number, r: number): string {
  return `M ${f(cx - r)} ${f(cy)} A ${f(r)} ${f(r)} 0 1 0 ${f(cx + r)} ${f(cy)} A ${f(r)} ${f(r)} 0 1 0 ${f(cx - r)} ${f(cy)} Z`;
}

/** A rounded rectangle as path data. */
export function roundRect(x: number, y: number, w: number, h: number, r: number): string {
  return (
    `M ${f(x + r)} ${f(y)} H ${f(x + w - r)} A ${f(r)} ${f(r)} 0 0 1 ${f(x + w)} ${f(y + r)} V ${f(y + h - r)} ` +
    `A ${f(r)} ${f(r)} 0 0 1 ${f(x + w - r)} ${f(y + h)} H ${f(x + r)} A ${f(r)} ${f(r)} 0 0 1 ${f(x)} ${f(y + h - r)} ` +
    `V ${f(y + r)} A ${f(r)} ${f(r)} 0 0 1 ${f(x + r)} ${f(y)} Z`
  );
}

/** A rectangle as path data. */
export function rect(x: number, y: number, w: number, h: number): string {
  return `M ${f(x)} ${f(y)} H ${f(x + w)} V ${f(y + h)} H ${f(x)} Z`;
}

/** A closed polygon through `points` ([x, y] pairs). */
export function polygon(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'} ${f(x)} ${f(y)}`).join(' ') + ' Z';
}

/** Diagonal hatching lines (bottom-left to top-right) clipped to the square [a, b] x [a, b], every `step` units. */
export function hatch(a: number, b: number, step: number): string {
  const span = b - a;
  const out: string[] = [];
  for (let k = -span + step / 2; k < span; k += step) {
    // Points with (x - a) + (y - a) = span + k.
    const s = span + k;
    const x0 = Math.max(0, s - span);
    const x1 = Math.min(span, s);
    out.push(`M ${f(a + x0)} ${f(a + s - x0)} L ${f(a + x1)} ${f(a + s - x1)}`);
  }
  return out.join(' ');
}

/** A star with `n` points centred on (cx, cy), first point straight up. */
export function star(cx: number, cy: number, n: number, inner: number, outer: number): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < n * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / n;
    pts.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r]);
  }
  return polygon(pts);
}

/** Shorthand for a path part. */
export function path(d: string, style: Omit<PathPart, 'type' | 'd'> = {}): PathPart {
  return { type: 'path', d, ...style };
}
