/**
 * Draws the one artwork (src-shared/display/art.ts) with pdfkit 0.20.2, so
 * the pack PDF shows the same pieces, tiles and terrain as the editor and
 * the SVG / PNG renders: each vector part (a path, or a line of bold text)
 * in its 100 x 100 box, scaled to the requested size.
 */
import type PDFDocument from 'pdfkit';
import type { ArtPart } from '../../src-shared/display/art.js';

type Doc = InstanceType<typeof PDFDocument>;

/** A colour as pdfkit takes it: `#rrggbb` and an opacity (art colours are `#rrggbb` or `rgba(r, g, b, a)`). */
export function pdfColor(c: string): { color: string; alpha: number } {
  const m = /^rgba\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*([\d.]+)\s*\)$/.exec(c);
  if (!m) return { color: c, alpha: 1 };
  const hex = [m[1], m[2], m[3]].map((v) => Math.min(255, Number(v)).toString(16).padStart(2, '0')).join('');
  return { color: `#${hex}`, alpha: Math.max(0, Math.min(1, Number(m[4]))) };
}

/** Helvetica's cap-height centre below the top of a text line, fraction of the font size. */
const PDF_CAP_CENTRE = 0.36;

/** Draws `parts` with the art box's top-left at (x, y), `size` points a side. */
export function drawParts(doc: Doc, parts: readonly ArtPart[], x: number, y: number, size: number): void {
  doc.save();
  doc.translate(x, y).scale(size / 100);
  for (const p of parts) {
    if (p.type === 'text') {
      const fill = pdfColor(p.fill);
      doc.save();
      doc.fillOpacity(fill.alpha);
      doc.font('Helvetica-Bold').fontSize(p.size).fillColor(fill.color);
      // pdfkit places a line by its top: centre the capitals on (x, y).
      doc.text(p.text, p.x - 60, p.y - p.size * PDF_CAP_CENTRE, { width: 120, align: 'center', lineBreak: false });
      doc.restore();
      continue;
    }
    doc.save();
    const opacity = p.opacity ?? 1;
    doc.path(p.d);
    const fill = p.fill ? pdfColor(p.fill) : null;
    const stroke = p.stroke ? pdfColor(p.stroke) : null;
    if (stroke) {
      doc.lineWidth(p.width ?? 1);
      doc.lineCap(p.cap ?? 'butt');
      doc.lineJoin(p.join ?? 'miter');
      // pdfkit takes a dash array at run time (its types only name the single-length form).
      if (p.dash?.length) doc.dash(p.dash as unknown as number, {});
      else doc.undash();
      doc.strokeOpacity(stroke.alpha * opacity);
    }
    if (fill) doc.fillOpacity(fill.alpha * opacity);
    if (fill && stroke) doc.fillAndStroke(fill.color, stroke.color);
    else if (fill) doc.fill(fill.color);
    else if (stroke) doc.stroke(stroke.color);
    doc.restore();
  }
  doc.restore();
}
