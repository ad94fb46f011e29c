/**
 * A pack as a printable PDF (issue 5 item 6) with pdfkit 0.20.2: a title
 * page, then one diagram per level (two per A4 page): number, title, tier,
 * par, the board with file/rank labels, hatched walls (UK) / pillars (KV),
 * the portal as a ring, pieces as vector silhouettes (src-shared/render/
 * glyphs.ts; no chess font needed), pawn facings as red arrows (UK-4); and
 * an answer key at the end (each level's stored optimal solution in LAN).
 */
import PDFDocument from 'pdfkit';
import type { Level } from '../../src-shared/model/level.js';
import { parseSquare } from '../../src-shared/model/square.js';
import { GLYPHS, pieceColors } from '../../src-shared/render/glyphs.js';
import type { LoadedPack } from './pack-files.js';

const FACING_VEC: Record<string, [number, number]> = { north: [0, -1], east: [1, 0], south: [0, 1], west: [-1, 0] };

interface Piece {
  role: string;
  square: string;
  color?: string;
  facing?: string;
  lateral?: boolean;
}

/** Draws one board with its top-left corner at (x, y), squares of `cell` points. */
function drawBoard(doc: PDFKit.PDFDocument, level: Level, x: number, y: number, cell: number): void {
  const { width: w, height: h } = level.board;
  const at = (sq: string): [number, number] | undefined => {
    const c = parseSquare(sq);
    if (!c || c.file >= w || c.rank >= h) return undefined;
    return [x + c.file * cell, y + (h - 1 - c.rank) * cell];
  };
  for (let r = 0; r < h; r++) {
    for (let f = 0; f < w; f++) {
      doc.rect(x + f * cell, y + (h - 1 - r) * cell, cell, cell).fill((f + r) % 2 === 1 ? '#efe6d2' : '#c9b896');
    }
  }
  doc.lineWidth(1.5).rect(x, y, w * cell, h * cell).stroke('#3a332a');
  doc.font('Helvetica').fontSize(cell * 0.24).fillColor('#555');
  for (let f = 0; f < w; f++) doc.text(String.fromCharCode(97 + f), x + f * cell, y + h * cell + 3, { width: cell, align: 'center', lineBreak: false });
  for (let r = 0; r < h; r++) doc.text(String(r + 1), x - cell * 0.4, y + (h - 1 - r) * cell + cell * 0.38, { width: cell * 0.3, align: 'right', lineBreak: false });

  let walls: string[] = [];
  let rings: string[] = [];
  let holes: string[] = [];
  let pieces: Piece[] = [];
  if (level.ruleset === 'unlock-the-king') {
    walls = level.walls ?? [];
    rings = [level.portal];
    pieces = level.pieces;
  } else if (level.ruleset === 'kings-valley') {
    walls = level.pillars ?? [];
    rings = [`${String.fromCharCode(97 + Math.floor(w / 2))}${Math.floor(h / 2) + 1}`];
    pieces = level.pieces.map((p) => ({ role: p.role === 'soldier' ? 'pawn' : 'king', square: p.square, color: p.side }));
  } else if (level.ruleset === 'chess-maze') {
    holes = level.board.holes ?? [];
    pieces = level.pieces.map((p) => ({ ...p, color: p.side }));
  } else {
    pieces = level.pieces ?? [];
  }
  for (const sq of holes) {
    const p = at(sq);
    if (p) doc.rect(p[0], p[1], cell, cell).fill('#1b1b1b');
  }
  for (const sq of walls) {
    const p = at(sq);
    if (!p) continue;
    doc.save();
    doc.rect(p[0] + 1, p[1] + 1, cell - 2, cell - 2).fillAndStroke('#8a7f70', '#3a332a');
    doc.rect(p[0] + 1, p[1] + 1, cell - 2, cell - 2).clip();
    doc.lineWidth(cell * 0.06).strokeColor('#4a4238');
    for (let k = -cell; k < cell; k += cell / 5) doc.moveTo(p[0] + k, p[1] + cell).lineTo(p[0] + k + cell, p[1]).stroke();
    doc.restore();
  }
  for (const sq of rings) {
    const p = at(sq);
    if (!p) continue;
    const cx = p[0] + cell / 2;
    const cy = p[1] + cell / 2;
    doc.lineWidth(cell * 0.06).circle(cx, cy, cell * 0.42).fillAndStroke('#d9c7f2', '#6a3fb0');
    doc.lineWidth(cell * 0.04).circle(cx, cy, cell * 0.24).stroke('#6a3fb0');
  }
  for (const pc of pieces) {
    const p = at(pc.square);
    const glyph = GLYPHS[pc.role as keyof typeof GLYPHS];
    if (!p || !glyph) continue;
    const { fill, stroke } = pieceColors(pc.color);
    doc.save();
    doc.translate(p[0] + cell * 0.07, p[1] + cell * 0.07).scale((cell * 0.86) / 100);
    doc.lineWidth(3.5).lineJoin('round');
    for (const d of glyph) doc.path(d).fillAndStroke(fill, stroke);
    doc.restore();
    if (pc.role === 'pawn' && level.ruleset === 'unlock-the-king') {
      const [vx, vy] = FACING_VEC[pc.facing ?? 'north']!;
      const cx = p[0] + cell / 2 + vx * cell * 0.4;
      const cy = p[1] + cell / 2 + vy * cell * 0.4;
      const a = cell * 0.09;
      doc.polygon([cx + vx * a, cy + vy * a], [cx - vx * a - vy * a, cy - vy * a + vx * a], [cx - vx * a + vy * a, cy - vy * a - vx * a]).fill('#b3261e');
      if (pc.lateral) {
        const lx = p[0] + cell / 2 - vx * cell * 0.4;
        const ly = p[1] + cell / 2 - vy * cell * 0.4;
        doc.lineWidth(cell * 0.05).moveTo(lx - vy * cell * 0.2, ly + vx * cell * 0.2).lineTo(lx + vy * cell * 0.2, ly - vx * cell * 0.2).stroke('#b3261e');
      }
    }
  }
}

/** Renders the loaded pack to PDF bytes. Levels that failed to load are listed but not drawn. */
export function buildPackPdf(loaded: LoadedPack): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: loaded.pack.title, Creator: 'Castellan' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const pageW = doc.page.width;
    const pageH = doc.page.height;
    // Title page.
    doc.font('Helvetica-Bold').fontSize(34).fillColor('#222').text(loaded.pack.title, 50, 220, { width: pageW - 100, align: 'center' });
    doc.font('Helvetica').fontSize(14).fillColor('#555');
    doc.text(`${loaded.levels.length} ${loaded.pack.ruleset === 'unlock-the-king' ? 'blueprints' : 'levels'} · ${loaded.pack.ruleset}`, { width: pageW - 100, align: 'center' });
    if (loaded.pack.author) doc.text(loaded.pack.author, { width: pageW - 100, align: 'center' });
    doc.moveDown(2).fontSize(11).text('Bring the king to the portal. Pieces never capture; every piece is yours. The answer key is at the end.', { width: pageW - 100, align: 'center' });
    const slotH = (pageH - 100) / 2;
    loaded.levels.forEach((l, i) => {
      if (i % 2 === 0) doc.addPage();
      const top = 50 + (i % 2) * slotH;
      const par = l.level?.par ?? l.level?.solution?.length;
      doc.font('Helvetica-Bold').fontSize(16).fillColor('#222').text(`${i + 1}. ${l.title}`, 50, top, { width: pageW - 100, lineBreak: false });
      doc.font('Helvetica').fontSize(11).fillColor('#555').text(
        [l.tier, par !== undefined ? `par ${par}` : 'unproved'].filter(Boolean).join(' · '), 50, top + 20, { width: pageW - 100, lineBreak: false },
      );
      if (!l.level) {
        doc.text(`(not drawn: ${l.error ?? 'could not be loaded'})`, 50, top + 40);
        return;
      }
      const { width: w, height: h } = l.level.board;
      const cell = Math.min((slotH - 80) / h, (pageW - 140) / w);
      drawBoard(doc, l.level, (pageW - w * cell) / 2, top + 44, cell);
    });
    // Answer key.
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(20).fillColor('#222').text('Answer key', 50, 50);
    doc.moveDown(0.5);
    loaded.levels.forEach((l, i) => {
      const sol = l.level?.solution;
      doc.font('Helvetica-Bold').fontSize(10).fillColor('#222').text(`${i + 1}. ${l.title}${sol ? ` (${sol.length} moves)` : ''}: `, { continued: true });
      doc.font('Helvetica').fillColor('#333').text(sol ? sol.moves.join('  ') : 'no stored solution');
      doc.moveDown(0.3);
    });
    doc.end();
  });
}
