/**
 * A pack as a printable PDF (pack manager, `castellan pack pdf`) with pdfkit
 * 0.20.2: a title page, then one diagram per level (two per A4 page):
 * number, title, tier, par, the board with file / rank labels and every
 * glyph of the level's display (RulesetDef.display) drawn with the one
 * artwork (pdf-art.ts: the same pieces, tiles and terrain as the editor),
 * the caption (side to move), the level's goal and objectives in words (the
 * ruleset's `describeGoal`) and a legend of the kinds shown; and an answer
 * key at the end (each level's stored optimal solution in LAN; for
 * two-player problems also the solution tree, pdf-tree.ts).
 */
import type { BoardDisplay } from '../../src-shared/display/glyph.js';
import { artParts, glyphParts } from '../../src-shared/display/art.js';
import { displayLevel, rulesetDef } from '../../src-shared/rulesets/index.js';
import { DIAGRAM_SQUARES } from '../../src-shared/render/svg.js';
import { drawParts } from './pdf-art.js';
import { drawTreeLines, pdfTreeLines } from './pdf-tree.js';
import { loopYielder, type Yielder } from './loop-yield.js';
import type { LoadedPack } from './pack-files.js';

/** Legend geometry of a diagram, points. */
const LEGEND = { icon: 14, row: 18, font: 9, columns: 3 };

/** The objectives' text: font size and line height, points. */
const OBJECTIVES = { font: 10, line: 13 };

/** Lines the objectives take `width` points wide (Helvetica averages about half an em a character; rounded up). */
function objectiveRows(d: BoardDisplay, width: number): number {
  const perLine = Math.max(10, Math.floor(width / (OBJECTIVES.font * 0.55)));
  return (d.objectives ?? []).reduce((n, o) => n + Math.ceil(o.length / perLine), 0);
}

/** Height of a display's caption, objectives and legend under its board, points (`width`: the text width, an A4 page's by default). */
function footHeight(d: BoardDisplay, width = 495): number {
  const rows = Math.ceil(d.legend.length / LEGEND.columns);
  const goals = objectiveRows(d, width);
  return (d.caption ? 16 : 0) + (goals ? goals * OBJECTIVES.line + 6 : 0) + (rows ? 8 + rows * LEGEND.row : 0);
}

/** Draws one board with its top-left corner at (x, y), squares of `cell` points; then its caption, objectives and legend from `left`, `width` wide. */
function drawBoard(doc: PDFKit.PDFDocument, d: BoardDisplay, x: number, y: number, cell: number, left: number, width: number): void {
  const { width: w, height: h } = d;
  for (let r = 0; r < h; r++) {
    for (let f = 0; f < w; f++) {
      doc.rect(x + f * cell, y + (h - 1 - r) * cell, cell, cell).fill((f + r) % 2 === 1 ? DIAGRAM_SQUARES.light : DIAGRAM_SQUARES.dark);
    }
  }
  for (const g of d.glyphs) {
    const box = g.box ?? { x: 0, y: 0, size: 1 };
    drawParts(doc, glyphParts(g), x + (g.file + box.x) * cell, y + (h - 1 - g.rank + box.y) * cell, box.size * cell);
  }
  doc
    .lineWidth(1.5)
    .undash()
    .rect(x, y, w * cell, h * cell)
    .stroke('#3a332a');
  doc
    .font('Helvetica')
    .fontSize(cell * 0.24)
    .fillColor('#555');
  for (let f = 0; f < w; f++) doc.text(String.fromCharCode(97 + f), x + f * cell, y + h * cell + 3, { width: cell, align: 'center', lineBreak: false });
  for (let r = 0; r < h; r++)
    doc.text(String(r + 1), x - cell * 0.4, y + (h - 1 - r) * cell + cell * 0.38, { width: cell * 0.3, align: 'right', lineBreak: false });
  let fy = y + h * cell + cell * 0.24 + 8;
  if (d.caption) {
    doc.font('Helvetica').fontSize(10).fillColor('#333').text(d.caption, left, fy, { width, lineBreak: false });
    fy += 16;
  }
  // The goal and objectives in words (the ruleset's `describeGoal`), so a printed level says what to do.
  if (d.objectives?.length) {
    doc.font('Helvetica').fontSize(OBJECTIVES.font).fillColor('#222');
    for (const o of d.objectives) {
      doc.text(o, left, fy, { width, lineGap: OBJECTIVES.line - OBJECTIVES.font - 1.5 });
      fy = Math.max(fy + OBJECTIVES.line, doc.y);
    }
    fy += 6;
  }
  if (!d.legend.length) return;
  fy += 8;
  const rows = Math.ceil(d.legend.length / LEGEND.columns);
  const colW = width / LEGEND.columns;
  d.legend.forEach((e, i) => {
    const lx = left + Math.floor(i / rows) * colW;
    const ly = fy + (i % rows) * LEGEND.row;
    doc.roundedRect(lx, ly, LEGEND.icon, LEGEND.icon, 2).fill('#ded3bb');
    drawParts(doc, artParts(e.art), lx, ly, LEGEND.icon);
    // One line per entry: a long label gets a smaller font rather than a second line.
    const room = colW - LEGEND.icon - 8;
    let fs = LEGEND.font;
    doc.font('Helvetica');
    while (fs > 6 && doc.fontSize(fs).widthOfString(e.label) > room) fs -= 0.5;
    doc
      .fontSize(fs)
      .fillColor('#333')
      .text(e.label, lx + LEGEND.icon + 4, ly + 3 + (LEGEND.font - fs) / 2, { lineBreak: false });
  });
}

/** What a PDF needs of a pack: its manifest header and, per level, title, tier, the level (absent when it failed to load) and the error. */
export interface PdfPack {
  pack: Pick<LoadedPack['pack'], 'title' | 'ruleset' | 'author'>;
  levels: Pick<LoadedPack['levels'][number], 'title' | 'tier' | 'level' | 'error'>[];
}

/**
 * Renders the pack to PDF bytes. Levels that failed to load are listed but
 * not drawn. Yields to the event loop between levels (`tick`, loop-yield.ts),
 * so the drawing never holds the loop for long; pdfkit itself (with
 * fontkit, about 0.2 s CPU to load) is imported on the first PDF, so the
 * other commands of the CLI start without it: a host builds its PDFs on a
 * worker thread instead (pdf-runner.ts), where that load holds nothing up.
 * Rejects when pdfkit fails.
 */
export async function buildPackPdf(loaded: PdfPack, tick: Yielder = loopYielder()): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: loaded.pack.title, Creator: 'Castellan' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pageW = doc.page.width;
  const pageH = doc.page.height;
  // Title page.
  doc
    .font('Helvetica-Bold')
    .fontSize(34)
    .fillColor('#222')
    .text(loaded.pack.title, 50, 220, { width: pageW - 100, align: 'center' });
  doc.font('Helvetica').fontSize(14).fillColor('#555');
  const def = rulesetDef(loaded.pack.ruleset);
  doc.text(`${loaded.levels.length} ${def?.noun ?? 'level'}s · ${def?.name ?? loaded.pack.ruleset}`, { width: pageW - 100, align: 'center' });
  if (loaded.pack.author) doc.text(loaded.pack.author, { width: pageW - 100, align: 'center' });
  doc
    .moveDown(2)
    .fontSize(11)
    .text(`${def?.blurb ?? ''} The answer key is at the end.`.trim(), { width: pageW - 100, align: 'center' });
  const slotH = (pageH - 100) / 2;
  for (const [i, l] of loaded.levels.entries()) {
    await tick();
    if (i % 2 === 0) doc.addPage();
    const top = 50 + (i % 2) * slotH;
    const par = l.level?.par ?? l.level?.solution?.length;
    doc
      .font('Helvetica-Bold')
      .fontSize(16)
      .fillColor('#222')
      .text(`${i + 1}. ${l.title}`, 50, top, { width: pageW - 100, lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor('#555')
      .text([l.tier, par !== undefined ? `par ${par}` : 'unproved'].filter(Boolean).join(' · '), 50, top + 20, { width: pageW - 100, lineBreak: false });
    if (!l.level) {
      doc.text(`(not drawn: ${l.error ?? 'could not be loaded'})`, 50, top + 40);
      continue;
    }
    const d = displayLevel(l.level);
    const { width: w, height: h } = d;
    const cell = Math.min((slotH - 80 - footHeight(d)) / h, (pageW - 140) / w);
    drawBoard(doc, d, (pageW - w * cell) / 2, top + 44, cell, 50, pageW - 100);
  }
  // Answer key.
  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#222').text('Answer key', 50, 50);
  doc.moveDown(0.5);
  for (const [i, l] of loaded.levels.entries()) {
    await tick();
    const sol = l.level?.solution;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#222')
      .text(`${i + 1}. ${l.title}${sol ? ` (${sol.length} moves)` : ''}: `, { continued: true });
    doc
      .font('Helvetica')
      .fillColor('#333')
      .text(sol ? sol.moves.join('  ') : 'no stored solution');
    const tree = l.level ? pdfTreeLines(l.level) : null;
    if (tree) drawTreeLines(doc, tree, 50, pageW - 100);
    doc.x = 50;
    doc.moveDown(0.3);
  }
  doc.end();
  return done;
}
