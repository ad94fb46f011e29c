/**
 * Vector parts (display/art/parts.ts) as SVG markup: the SVG / PNG renderer
 * writes every glyph and legend icon through here. Pure string building.
 */
import { TEXT_BASELINE_SHIFT, type ArtPart } from '../display/art.js';

/** Escapes text for XML content and attribute values. */
export const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * SVG elements for `parts` in the art's 100 x 100 box (the caller puts them
 * in a scaled group). `named`: write each part's `name` as its `class`
 * (board glyphs; legend icons leave them out so class counts name the board).
 */
export function partsSvg(parts: readonly ArtPart[], named: boolean): string {
  return parts
    .map((p) => {
      const cls = named && p.name ? ` class="${esc(p.name)}"` : '';
      if (p.type === 'text') {
        const y = p.y + p.size * TEXT_BASELINE_SHIFT;
        return `<text${cls} x="${p.x}" y="${y.toFixed(2)}" font-size="${p.size}" font-weight="bold" text-anchor="middle" fill="${p.fill}">${esc(p.text)}</text>`;
      }
      const a: string[] = [`d="${p.d}"`, `fill="${p.fill ?? 'none'}"`];
      if (p.stroke) {
        a.push(`stroke="${p.stroke}"`, `stroke-width="${p.width ?? 1}"`);
        if (p.dash?.length) a.push(`stroke-dasharray="${p.dash.join(' ')}"`);
        if (p.cap) a.push(`stroke-linecap="${p.cap}"`);
        if (p.join) a.push(`stroke-linejoin="${p.join}"`);
      }
      if (p.opacity !== undefined && p.opacity !== 1) a.push(`opacity="${p.opacity}"`);
      return `<path${cls} ${a.join(' ')}/>`;
    })
    .join('');
}
