/**
 * The player page's board as SVG markup, drawn from the one display model
 * (src-shared/display: the ruleset's `display` of the position, the same
 * glyphs and vector art the editor, `castellan render` and the pack PDF
 * draw). Pure string building: the page puts the markup into its board
 * element; the tests read it as text.
 *
 * Each square is one `<g data-square="e4">` (the page's test hook and click
 * target) holding its background, its glyphs and, over them, the marks of
 * play (the last move, the hinted move, the picked piece, its targets, the
 * keyboard cursor). A glyph never leaves its square (its box lies inside it), so
 * drawing the squares one after another keeps the display's layer order
 * within each square. a1 is bottom-left (RULINGS "Common"); file letters
 * run under the board, rank numbers on its left.
 */
import type { BoardDisplay, Glyph } from '../src-shared/display/glyph.js';
import { glyphParts } from '../src-shared/display/art.js';
import { squareName } from '../src-shared/model/square.js';
import { esc, partsSvg } from '../src-shared/render/svg-parts.js';

/** What play marks on the board (all optional). */
export interface BoardMarks {
  /** The picked piece's square. */
  picked?: string | null;
  /** Legal targets of the picked piece (`capture`: a ring instead of a dot). */
  targets?: readonly { to: string; capture: boolean }[];
  /** The last move's squares. */
  last?: { from: string; to: string } | null;
  /** A move to show (the hint's next move, the solution's next move). */
  hint?: { from: string; to: string } | null;
  /** The keyboard cursor's square (drawn while the board has the focus). */
  cursor?: string | null;
}

/** Side of a square in SVG units (the art's 100 x 100 box). */
export const CELL = 100;
/** Room for the rank numbers (left) and the file letters (below). */
const MARGIN = 34;

function glyphMarkup(g: Glyph): string {
  const box = g.box ?? { x: 0, y: 0, size: 1 };
  const t = box.x === 0 && box.y === 0 && box.size === 1 ? '' : ` transform="translate(${box.x * CELL} ${box.y * CELL}) scale(${box.size})"`;
  return `<g class="glyph"${t}>${partsSvg(glyphParts(g), false)}</g>`;
}

/** The marks of one square as CSS classes (`picked`, `target`, `capture`, `last`, `hint`, `cursor`). */
function squareClasses(sq: string, m: BoardMarks): string[] {
  const out: string[] = [];
  if (m.picked === sq) out.push('picked');
  const t = m.targets?.find((x) => x.to === sq);
  if (t) out.push(t.capture ? 'target capture' : 'target');
  if (m.last && (m.last.from === sq || m.last.to === sq)) out.push('last');
  if (m.hint && (m.hint.from === sq || m.hint.to === sq)) out.push(m.hint.from === sq ? 'hint hint-from' : 'hint hint-to');
  if (m.cursor === sq) out.push('cursor');
  return out;
}

/**
 * The board of `display` with `marks`, as one `<svg>` element (no XML
 * namespace attribute: the page parses it as HTML, which gives it SVG's).
 * `label`: the board's accessible name. Squares carry `data-square`,
 * `data-light` and their marks as classes; the markup holds no style
 * attribute (the page's CSP allows only its own style sheet).
 */
export function boardSvg(display: BoardDisplay, marks: BoardMarks = {}, label = 'Board'): string {
  const { width: w, height: h } = display;
  const byKey = new Map<string, Glyph[]>();
  for (const g of display.glyphs) {
    const list = byKey.get(g.square);
    if (list) list.push(g);
    else byKey.set(g.square, [g]);
  }
  const vw = MARGIN + w * CELL;
  const vh = h * CELL + MARGIN;
  const out: string[] = [`<svg class="board-svg" viewBox="0 0 ${vw} ${vh}" role="img" aria-label="${esc(label)}">`];
  for (let r = h - 1; r >= 0; r--) {
    for (let f = 0; f < w; f++) {
      const sq = squareName(f, r);
      const light = (f + r) % 2 === 1;
      const cls = ['sq', light ? 'light' : 'dark', ...squareClasses(sq, marks)].join(' ');
      const x = MARGIN + f * CELL;
      const y = (h - 1 - r) * CELL;
      const t = marks.targets?.find((q) => q.to === sq);
      out.push(`<g class="${cls}" data-square="${sq}" transform="translate(${x} ${y})">`);
      out.push(`<rect class="sq-bg" width="${CELL}" height="${CELL}"/>`);
      for (const g of byKey.get(sq) ?? []) out.push(glyphMarkup(g));
      // Marks go over the glyphs: a tile may cover its whole square (CM-5 locks, CM-10 transforms).
      if (marks.last && (marks.last.from === sq || marks.last.to === sq)) out.push(`<rect class="mark-last" width="${CELL}" height="${CELL}"/>`);
      if (marks.hint && (marks.hint.from === sq || marks.hint.to === sq)) out.push(`<rect class="mark-hint" x="5" y="5" width="90" height="90" rx="6"/>`);
      if (marks.picked === sq) out.push(`<rect class="mark-picked" x="4" y="4" width="92" height="92"/>`);
      if (t) out.push(t.capture ? `<circle class="mark-capture" cx="50" cy="50" r="44"/>` : `<circle class="mark-target" cx="50" cy="50" r="15"/>`);
      if (marks.cursor === sq) out.push(`<rect class="mark-cursor" x="3" y="3" width="94" height="94"/>`);
      out.push('</g>');
    }
  }
  for (let f = 0; f < w; f++)
    out.push(`<text class="coord" x="${MARGIN + f * CELL + CELL / 2}" y="${h * CELL + 26}" text-anchor="middle">${String.fromCharCode(97 + f)}</text>`);
  for (let r = 0; r < h; r++) out.push(`<text class="coord" x="${MARGIN / 2}" y="${(h - 1 - r) * CELL + CELL / 2 + 9}" text-anchor="middle">${r + 1}</text>`);
  out.push('</svg>');
  return out.join('');
}

/**
 * The square next to `square` in direction (`df`, `dr`) on a `width` x
 * `height` board, kept on the board (the keyboard cursor: arrows move it,
 * it stops at the edge); `a1` when `square` is null.
 */
export function stepSquare(square: string | null, df: number, dr: number, width: number, height: number): string {
  if (!square) return squareName(0, 0);
  const f = square.charCodeAt(0) - 97;
  const r = Number(square.slice(1)) - 1;
  const nf = Math.max(0, Math.min(width - 1, (Number.isFinite(f) ? f : 0) + df));
  const nr = Math.max(0, Math.min(height - 1, (Number.isFinite(r) ? r : 0) + dr));
  return squareName(nf, nr);
}
