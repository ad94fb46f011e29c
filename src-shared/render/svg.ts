/**
 * Level -> standalone SVG document (`castellan render`, the pack manager's
 * "render the current level"). Pure: no DOM, no fonts needed for the art.
 *
 * Draws the level's display (RulesetDef.display, display/glyph.ts) with the
 * one artwork (display/art.ts), so a diagram shows what the editor shows:
 * title and subtitle (ruleset name, par / proved optimum), the board with
 * file / rank labels (a1 bottom-left, RULINGS "Common"), every glyph as
 * `<g class="KIND" data-square="SQ">` (`piece piece-ROLE`, `tile tile-KIND`,
 * `wall`, `hole`, `portal`, `valley`, `pillar`, `lock`; parts with a name
 * carry it as their class: `facing facing-east`, `lateral`, `hatch`,
 * `types`...), the caption (side to move), the level's goal and objectives
 * in words (`<g class="objectives">`, from the ruleset's `describeGoal`,
 * wrapped to the board's width) and a legend with one entry per kind shown
 * (`<g class="legend">`). No ruleset is named in this file.
 */
import type { Level } from '../model/level.js';
import type { LevelBase, RulesetDef } from '../ruleset.js';
import type { BoardDisplay, Glyph } from '../display/glyph.js';
import { artClass, artParts, glyphParts } from '../display/art.js';
import { displayLevel, rulesetOf } from '../rulesets/index.js';
import { esc, partsSvg } from './svg-parts.js';

export interface RenderOptions {
  /** Square size in px (default 56). */
  cell?: number;
  /** Override the title line (default meta.title). */
  title?: string;
  /** Extra subtitle text (e.g. tier). */
  subtitle?: string;
}

/** Board square colours of printed diagrams (light, dark). */
export const DIAGRAM_SQUARES = { light: '#efe6d2', dark: '#c9b896' } as const;

/** The par line: "par N" from par or the stored solution, else "unproved". */
export function parText(level: Pick<LevelBase, 'par' | 'solution'>): string {
  const n = level.par ?? level.solution?.length;
  return n === undefined ? 'unproved' : `par ${n}`;
}

/** Where everything of a rendered diagram goes, px. */
export interface SvgLayout {
  cell: number;
  /** Top-left of the top-left square (a<height>). */
  x0: number;
  y0: number;
  /** Whole picture. */
  width: number;
  height: number;
  header: number;
  /** Label font size. */
  fontSize: number;
  /** Caption baseline, when the display has one. */
  captionY?: number;
  /** The objectives (display `objectives`) wrapped to the diagram's width: each line and its baseline; font size px. */
  objectives: { lines: string[]; ys: number[]; fontSize: number };
  /** The legend: its top-left and size, and each entry's icon top-left (icons are `icon` px square). */
  legend: { x: number; y: number; width: number; height: number; icon: number; entries: { x: number; y: number }[] };
}

/** Approximate width of a label in px (sans-serif, ~0.52 em a character). */
const textWidth = (s: string, size: number): number => s.length * size * 0.52;

/** `text` broken at spaces into lines of at most `width` px at font `size` (a single longer word keeps its own line). */
export function wrapText(text: string, width: number, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Lays out a diagram of `display` with squares of `cellOpt` px (default 56). */
export function svgLayout(display: BoardDisplay, cellOpt?: number): SvgLayout {
  const cell = cellOpt ?? 56;
  const { width: w, height: h } = display;
  const margin = Math.round(cell * 0.45);
  const header = Math.round(cell * 1.3);
  const fontSize = Math.round(cell * 0.22);
  const x0 = margin;
  const y0 = header + margin;
  const boardBottom = y0 + h * cell + fontSize + 3;
  let y = boardBottom + Math.round(cell * 0.2);
  let captionY: number | undefined;
  if (display.caption) {
    captionY = y + Math.round(cell * 0.28);
    y = captionY + Math.round(cell * 0.12);
  }
  const icon = Math.round(cell * 0.5);
  const lfs = Math.round(cell * 0.24);
  const gap = Math.round(cell * 0.25);
  // Legend: a grid of equal columns (read down each column), two at least when the board is narrow.
  const n = display.legend.length;
  const colW = Math.max(0, ...display.legend.map((e) => icon + 6 + textWidth(e.label, lfs)));
  let cols = Math.max(1, Math.floor((w * cell + gap) / (colW + gap)));
  if (cols === 1 && n > 3) cols = 2;
  cols = Math.min(cols, Math.max(1, n));
  const rows = Math.ceil(n / cols);
  // The objectives in words, wrapped to the width of the board or of the legend under it (at least five squares' worth, so a small board stays readable).
  const ofs = Math.max(10, Math.round(cell * 0.24));
  const wrapW = Math.max(w * cell, cols * colW + (cols - 1) * gap, cell * 5);
  const lines = (display.objectives ?? []).flatMap((o) => wrapText(o, wrapW, ofs));
  const ys: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    y += Math.round(ofs * 1.35);
    ys.push(y);
  }
  if (lines.length) y += Math.round(cell * 0.1);
  const inner = Math.max(w * cell, cols * colW + (cols - 1) * gap, ...lines.map((t) => textWidth(t, ofs)));
  const top = y + Math.round(cell * 0.15);
  const entries = display.legend.map((_, i) => ({ x: x0 + Math.floor(i / rows) * (colW + gap), y: top + (i % rows) * (icon + 6) }));
  const legendH = n ? rows * (icon + 6) : 0;
  const width = Math.ceil(inner + margin * 2);
  const height = Math.ceil(top + legendH + margin);
  return {
    cell,
    x0,
    y0,
    width,
    height,
    header,
    fontSize,
    ...(captionY !== undefined ? { captionY } : {}),
    objectives: { lines, ys, fontSize: ofs },
    legend: { x: x0, y: top, width: inner, height: legendH, icon, entries },
  };
}

function glyphSvg(g: Glyph, l: SvgLayout, height: number): string {
  const box = g.box ?? { x: 0, y: 0, size: 1 };
  const tx = l.x0 + (g.file + box.x) * l.cell;
  const ty = l.y0 + (height - 1 - g.rank + box.y) * l.cell;
  const s = (box.size * l.cell) / 100;
  return `<g class="${artClass(g.art)}" data-square="${esc(g.square)}"><g transform="translate(${tx.toFixed(2)},${ty.toFixed(2)}) scale(${s.toFixed(4)})">${partsSvg(glyphParts(g), true)}</g></g>`;
}

/**
 * Renders `level` as an SVG document string (UTF-8, no XML declaration),
 * drawn from `def.display` (default: the level's ruleset in the registry).
 * Never throws on a schema-valid level.
 */
export function renderLevelSvg(level: Level | LevelBase, opts: RenderOptions = {}, def: RulesetDef | undefined = rulesetOf(level)): string {
  const display = displayLevel(level, undefined, def);
  const l = svgLayout(display, opts.cell);
  const { cell, x0, y0 } = l;
  const { width: w, height: h } = display;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${l.width}" height="${l.height}" viewBox="0 0 ${l.width} ${l.height}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">`,
  );
  out.push(`<rect width="${l.width}" height="${l.height}" fill="#ffffff"/>`);
  const title = opts.title ?? level.meta.title;
  out.push(
    `<text class="title" x="${x0}" y="${Math.round(l.header * 0.5)}" font-size="${Math.round(cell * 0.42)}" font-weight="bold" fill="#222">${esc(title)}</text>`,
  );
  const sub = [opts.subtitle, def?.name ?? level.ruleset, parText(level)].filter(Boolean).join(' · ');
  out.push(`<text class="subtitle" x="${x0}" y="${Math.round(l.header * 0.88)}" font-size="${Math.round(cell * 0.28)}" fill="#555">${esc(sub)}</text>`);
  for (let r = 0; r < h; r++) {
    for (let f = 0; f < w; f++) {
      const light = (f + r) % 2 === 1;
      out.push(
        `<rect x="${x0 + f * cell}" y="${y0 + (h - 1 - r) * cell}" width="${cell}" height="${cell}" fill="${light ? DIAGRAM_SQUARES.light : DIAGRAM_SQUARES.dark}"/>`,
      );
    }
  }
  for (const g of display.glyphs) out.push(glyphSvg(g, l, h));
  out.push(`<rect class="frame" x="${x0}" y="${y0}" width="${w * cell}" height="${h * cell}" fill="none" stroke="#3a332a" stroke-width="2"/>`);
  const fs = l.fontSize;
  for (let f = 0; f < w; f++)
    out.push(
      `<text x="${x0 + f * cell + cell / 2}" y="${y0 + h * cell + fs + 3}" font-size="${fs}" text-anchor="middle" fill="#666">${String.fromCharCode(97 + f)}</text>`,
    );
  for (let r = 0; r < h; r++)
    out.push(`<text x="${x0 - 5}" y="${y0 + (h - 1 - r) * cell + cell / 2 + fs / 3}" font-size="${fs}" text-anchor="end" fill="#666">${r + 1}</text>`);
  if (display.caption && l.captionY !== undefined) {
    out.push(`<text class="caption" x="${x0}" y="${l.captionY}" font-size="${Math.round(cell * 0.26)}" fill="#333">${esc(display.caption)}</text>`);
  }
  if (l.objectives.lines.length) {
    out.push(`<g class="objectives">`);
    l.objectives.lines.forEach((t, i) => {
      out.push(`<text class="objective" x="${x0}" y="${l.objectives.ys[i]}" font-size="${l.objectives.fontSize}" fill="#222">${esc(t)}</text>`);
    });
    out.push('</g>');
  }
  if (display.legend.length) {
    const lg = l.legend;
    const lfs = Math.round(cell * 0.24);
    out.push(`<g class="legend">`);
    display.legend.forEach((e, i) => {
      const at = lg.entries[i]!;
      const s = lg.icon / 100;
      out.push(
        `<g class="legend-entry"><rect x="${at.x}" y="${at.y}" width="${lg.icon}" height="${lg.icon}" rx="3" fill="#ded3bb"/>` +
          `<g transform="translate(${at.x},${at.y}) scale(${s.toFixed(4)})">${partsSvg(artParts(e.art), false)}</g>` +
          `<text x="${at.x + lg.icon + 6}" y="${(at.y + lg.icon / 2 + lfs * 0.35).toFixed(1)}" font-size="${lfs}" fill="#333">${esc(e.label)}</text></g>`,
      );
    });
    out.push('</g>');
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}
