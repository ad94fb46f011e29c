/**
 * Level -> standalone SVG document (issue 5 item 6, `castellan render`).
 * Pure: no DOM, no fonts needed for pieces (vector silhouettes, glyphs.ts).
 *
 * Drawn: title and subtitle (ruleset, par / proved optimum), the board with
 * file/rank labels (a1 bottom-left, RULINGS "Common"), walls / pillars
 * hatched (`class="wall"`), the portal (UK) or valley (KV) as a ring
 * (`class="portal"`), Chess Maze holes (`class="hole"`) and tiles
 * (`class="tile tile-KIND"`), and every piece as `<g class="piece piece-ROLE">`
 * with its silhouette; pawns show their facing (UK-4) as a small arrow and
 * lateral pawns a side bar. Locking Chess levels are drawn from `pieces` if
 * present (the LFEN is not parsed here).
 */
import type { Level } from '../model/level.js';
import { parseSquare } from '../model/square.js';
import { GLYPHS, pieceColors } from './glyphs.js';

export interface RenderOptions {
  /** Square size in px (default 56). */
  cell?: number;
  /** Override the title line (default meta.title). */
  title?: string;
  /** Extra subtitle text (e.g. tier). */
  subtitle?: string;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const TILE_COLORS: Record<string, string> = { blue: '#3b6fd8', red: '#d23c3c', yellow: '#e0b82a', green: '#3a9a4a' };

/** A facing's unit vector in screen space (y down). */
const FACING_VEC: Record<string, [number, number]> = { north: [0, -1], east: [1, 0], south: [0, 1], west: [-1, 0] };

interface DrawPiece {
  role: string;
  square: string;
  color?: string;
  facing?: string;
  lateral?: boolean;
}

/** The par line: "par N" from par or the stored solution, else "unproved". */
export function parText(level: Level): string {
  const n = level.par ?? level.solution?.length;
  return n === undefined ? 'unproved' : `par ${n}`;
}

/** Renders `level` as an SVG document string (UTF-8, with XML declaration omitted). Never throws on a schema-valid level. */
export function renderLevelSvg(level: Level, opts: RenderOptions = {}): string {
  const cell = opts.cell ?? 56;
  const { width: w, height: h } = level.board;
  const margin = Math.round(cell * 0.45);
  const header = Math.round(cell * 1.3);
  const boardW = w * cell;
  const boardH = h * cell;
  const totalW = boardW + margin * 2;
  const totalH = header + boardH + margin * 2;
  const x0 = margin;
  const y0 = header + margin;
  const pos = (sq: string): [number, number] | undefined => {
    const c = parseSquare(sq);
    if (!c || c.file >= w || c.rank >= h) return undefined;
    return [x0 + c.file * cell, y0 + (h - 1 - c.rank) * cell];
  };
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${totalW}" height="${totalH}" viewBox="0 0 ${totalW} ${totalH}" font-family="Helvetica, Arial, sans-serif">`);
  out.push(
    '<defs><pattern id="hatch" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)">' +
      '<rect width="8" height="8" fill="#8a7f70"/><line x1="0" y1="0" x2="0" y2="8" stroke="#4a4238" stroke-width="3"/></pattern></defs>',
  );
  out.push(`<rect width="${totalW}" height="${totalH}" fill="#ffffff"/>`);
  const title = opts.title ?? level.meta.title;
  out.push(`<text class="title" x="${x0}" y="${Math.round(header * 0.5)}" font-size="${Math.round(cell * 0.42)}" font-weight="bold" fill="#222">${esc(title)}</text>`);
  const sub = [opts.subtitle, level.ruleset, parText(level)].filter(Boolean).join(' · ');
  out.push(`<text class="subtitle" x="${x0}" y="${Math.round(header * 0.88)}" font-size="${Math.round(cell * 0.28)}" fill="#555">${esc(sub)}</text>`);
  // Board squares.
  for (let r = 0; r < h; r++) {
    for (let f = 0; f < w; f++) {
      const light = (f + r) % 2 === 1;
      out.push(`<rect x="${x0 + f * cell}" y="${y0 + (h - 1 - r) * cell}" width="${cell}" height="${cell}" fill="${light ? '#efe6d2' : '#c9b896'}"/>`);
    }
  }
  out.push(`<rect x="${x0}" y="${y0}" width="${boardW}" height="${boardH}" fill="none" stroke="#3a332a" stroke-width="2"/>`);
  const fs = Math.round(cell * 0.22);
  for (let f = 0; f < w; f++) out.push(`<text x="${x0 + f * cell + cell / 2}" y="${y0 + boardH + fs + 3}" font-size="${fs}" text-anchor="middle" fill="#666">${String.fromCharCode(97 + f)}</text>`);
  for (let r = 0; r < h; r++) out.push(`<text x="${x0 - 5}" y="${y0 + (h - 1 - r) * cell + cell / 2 + fs / 3}" font-size="${fs}" text-anchor="end" fill="#666">${r + 1}</text>`);

  const walls: string[] = [];
  const rings: string[] = [];
  const holes: string[] = [];
  let pieces: DrawPiece[] = [];
  const tiles: { kind: string; square: string; color?: string; letter?: string }[] = [];
  switch (level.ruleset) {
    case 'unlock-the-king':
      walls.push(...(level.walls ?? []));
      rings.push(level.portal);
      pieces = level.pieces;
      break;
    case 'chess-maze':
      holes.push(...(level.board.holes ?? []));
      pieces = level.pieces.map((p) => ({ ...p, color: p.side }));
      for (const t of level.tiles ?? []) tiles.push(t as (typeof tiles)[number]);
      break;
    case 'kings-valley':
      walls.push(...(level.pillars ?? []));
      rings.push(`${String.fromCharCode(97 + Math.floor(w / 2))}${Math.floor(h / 2) + 1}`);
      pieces = level.pieces.map((p) => ({ role: p.role === 'soldier' ? 'pawn' : 'king', square: p.square, color: p.side }));
      break;
    case 'locking-chess':
      pieces = level.pieces ?? [];
      break;
  }
  for (const sq of holes) {
    const p = pos(sq);
    if (p) out.push(`<rect class="hole" x="${p[0]}" y="${p[1]}" width="${cell}" height="${cell}" fill="#1b1b1b"/>`);
  }
  for (const sq of walls) {
    const p = pos(sq);
    if (p) out.push(`<rect class="wall" x="${p[0] + 1}" y="${p[1] + 1}" width="${cell - 2}" height="${cell - 2}" fill="url(#hatch)" stroke="#3a332a" stroke-width="1.5"/>`);
  }
  for (const sq of rings) {
    const p = pos(sq);
    if (!p) continue;
    const c = [p[0] + cell / 2, p[1] + cell / 2];
    out.push(
      `<g class="portal"><circle cx="${c[0]}" cy="${c[1]}" r="${cell * 0.42}" fill="#d9c7f2" stroke="#6a3fb0" stroke-width="${cell * 0.06}"/>` +
        `<circle cx="${c[0]}" cy="${c[1]}" r="${cell * 0.24}" fill="none" stroke="#6a3fb0" stroke-width="${cell * 0.04}"/></g>`,
    );
  }
  for (const t of tiles) {
    const p = pos(t.square);
    if (!p) continue;
    const cx = p[0] + cell / 2;
    const cy = p[1] + cell / 2;
    const col = (t.color && TILE_COLORS[t.color]) ?? '#777';
    const cls = `tile tile-${t.kind}`;
    if (t.kind === 'lock') out.push(`<rect class="${cls}" x="${p[0] + 3}" y="${p[1] + 3}" width="${cell - 6}" height="${cell - 6}" fill="none" stroke="${col}" stroke-width="${cell * 0.1}"/>`);
    else if (t.kind === 'plate') out.push(`<rect class="${cls}" x="${p[0] + cell * 0.2}" y="${p[1] + cell * 0.2}" width="${cell * 0.6}" height="${cell * 0.6}" fill="${col}" opacity="0.6"/>`);
    else if (t.kind === 'key') out.push(`<g class="${cls}" fill="${col}"><circle cx="${cx - cell * 0.15}" cy="${cy}" r="${cell * 0.12}"/><rect x="${cx - cell * 0.05}" y="${cy - cell * 0.04}" width="${cell * 0.3}" height="${cell * 0.08}"/></g>`);
    else if (t.kind === 'coin') out.push(`<circle class="${cls}" cx="${cx}" cy="${cy}" r="${cell * 0.14}" fill="#e8c547" stroke="#8a6d12"/>`);
    else if (t.kind === 'gem') out.push(`<path class="${cls}" d="M${cx},${cy - cell * 0.18} L${cx + cell * 0.15},${cy} L${cx},${cy + cell * 0.18} L${cx - cell * 0.15},${cy} Z" fill="#4fc3d9" stroke="#1c6f80"/>`);
    else if (t.kind === 'finish') out.push(`<rect class="${cls}" x="${p[0] + 2}" y="${p[1] + 2}" width="${cell - 4}" height="${cell - 4}" fill="none" stroke="#2a8a3a" stroke-width="${cell * 0.08}" stroke-dasharray="${cell * 0.12}"/>`);
    else if (t.kind === 'letter') out.push(`<text class="${cls}" x="${cx}" y="${cy + cell * 0.12}" font-size="${cell * 0.36}" text-anchor="middle" fill="#444">${esc(t.letter ?? '')}</text>`);
    else out.push(`<circle class="${cls}" cx="${cx}" cy="${cy}" r="${cell * 0.3}" fill="none" stroke="#777" stroke-dasharray="3"/>`);
  }
  for (const pc of pieces) {
    const p = pos(pc.square);
    const glyph = GLYPHS[pc.role as keyof typeof GLYPHS];
    if (!p || !glyph) continue;
    const { fill, stroke } = pieceColors(pc.color);
    const s = (cell * 0.86) / 100;
    const tx = p[0] + cell * 0.07;
    const ty = p[1] + cell * 0.07;
    const parts = glyph.map((d) => `<path d="${d}"/>`).join('');
    let extra = '';
    if (pc.role === 'pawn' && level.ruleset === 'unlock-the-king') {
      const [vx, vy] = FACING_VEC[pc.facing ?? 'north']!;
      const cx = p[0] + cell / 2 + vx * cell * 0.4;
      const cy = p[1] + cell / 2 + vy * cell * 0.4;
      const a = cell * 0.09;
      // Triangle pointing along the facing.
      extra += `<path class="facing facing-${pc.facing ?? 'north'}" d="M${cx + vx * a},${cy + vy * a} L${cx - vx * a - vy * a},${cy - vy * a + vx * a} L${cx - vx * a + vy * a},${cy - vy * a - vx * a} Z" fill="#b3261e"/>`;
      if (pc.lateral) {
        const lx = p[0] + cell / 2 - vx * cell * 0.4;
        const ly = p[1] + cell / 2 - vy * cell * 0.4;
        extra += `<path class="lateral" d="M${lx - vy * cell * 0.2},${ly + vx * cell * 0.2} L${lx + vy * cell * 0.2},${ly - vx * cell * 0.2}" stroke="#b3261e" stroke-width="${cell * 0.05}"/>`;
      }
    }
    out.push(
      `<g class="piece piece-${pc.role}" data-square="${esc(pc.square)}"><g transform="translate(${tx.toFixed(2)},${ty.toFixed(2)}) scale(${s.toFixed(4)})" fill="${fill}" stroke="${stroke}" stroke-width="3.5" stroke-linejoin="round">${parts}</g>${extra}</g>`,
    );
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}
