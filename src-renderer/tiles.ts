/**
 * Chess Maze tile artwork (original, 100 x 100 box, y down), shared by the
 * Konva board (BoardTile.svelte) and the HTML palette / inspector / playtest
 * panel (TileIcon.svelte), in the spirit of pieces.ts.
 *
 * Colour-blind safety (issue 3): every key / lock / plate colour also has
 * its own glyph — blue circle, red triangle, yellow square, green diamond —
 * and each tile kind has its own shape: a lock fills its square with
 * hatching and a padlock, a plate is an inset metal pad, a key is a key.
 */
import type { CmColor, CmTileKind, TransformType } from '../src-shared/model/level.js';

export interface ArtPart {
  d: string;
  fill?: string;
  stroke?: string;
  width?: number;
  dash?: number[];
  opacity?: number;
  cap?: 'round' | 'butt';
}

export interface ArtText {
  text: string;
  /** Centre of the text, box units. */
  x: number;
  y: number;
  size: number;
  fill: string;
  /** Optional backing pill (box units). */
}

export interface TileArt {
  parts: ArtPart[];
  texts: ArtText[];
}

export interface TileLook {
  kind: CmTileKind;
  color?: CmColor;
  letter?: string;
  allowed?: TransformType[];
  /** Playtest: a lock drawn open. */
  open?: boolean;
}

/** Fill colours of the four CM colours (CM-5, CM-6). */
export const CM_COLOR_HEX: Record<CmColor, string> = {
  blue: '#2f6fe4',
  red: '#dc3a2f',
  yellow: '#f0bd14',
  green: '#23a04a',
};

/** The glyph that names each colour without relying on hue. */
export const CM_GLYPH: Record<CmColor, 'circle' | 'triangle' | 'square' | 'diamond'> = {
  blue: 'circle',
  red: 'triangle',
  yellow: 'square',
  green: 'diamond',
};

export const CM_GLYPH_SYMBOL: Record<CmColor, string> = { blue: '●', red: '▲', yellow: '■', green: '◆' };

const DARK = '#15171c';

const f = (n: number): string => String(Math.round(n * 100) / 100);

/** SVG path of a colour glyph centred on (cx, cy) with radius r. */
export function glyphPath(color: CmColor, cx: number, cy: number, r: number): string {
  switch (CM_GLYPH[color]) {
    case 'circle':
      return `M ${f(cx - r)} ${f(cy)} A ${f(r)} ${f(r)} 0 1 0 ${f(cx + r)} ${f(cy)} A ${f(r)} ${f(r)} 0 1 0 ${f(cx - r)} ${f(cy)} Z`;
    case 'triangle':
      return `M ${f(cx)} ${f(cy - r * 1.05)} L ${f(cx + r)} ${f(cy + r * 0.8)} L ${f(cx - r)} ${f(cy + r * 0.8)} Z`;
    case 'square':
      return `M ${f(cx - r * 0.82)} ${f(cy - r * 0.82)} H ${f(cx + r * 0.82)} V ${f(cy + r * 0.82)} H ${f(cx - r * 0.82)} Z`;
    case 'diamond':
      return `M ${f(cx)} ${f(cy - r * 1.1)} L ${f(cx + r * 1.1)} ${f(cy)} L ${f(cx)} ${f(cy + r * 1.1)} L ${f(cx - r * 1.1)} ${f(cy)} Z`;
  }
}

function circle(cx: number, cy: number, r: number): string {
  return `M ${f(cx - r)} ${f(cy)} A ${f(r)} ${f(r)} 0 1 0 ${f(cx + r)} ${f(cy)} A ${f(r)} ${f(r)} 0 1 0 ${f(cx - r)} ${f(cy)} Z`;
}

function roundRect(x: number, y: number, w: number, h: number, r: number): string {
  return (
    `M ${f(x + r)} ${f(y)} H ${f(x + w - r)} A ${f(r)} ${f(r)} 0 0 1 ${f(x + w)} ${f(y + r)} V ${f(y + h - r)} ` +
    `A ${f(r)} ${f(r)} 0 0 1 ${f(x + w - r)} ${f(y + h)} H ${f(x + r)} A ${f(r)} ${f(r)} 0 0 1 ${f(x)} ${f(y + h - r)} ` +
    `V ${f(y + r)} A ${f(r)} ${f(r)} 0 0 1 ${f(x + r)} ${f(y)} Z`
  );
}

/** Diagonal hatching lines (slope -1) clipped to the box [a, b] x [a, b], every `step` units. */
function hatch(a: number, b: number, step: number): string {
  const span = b - a;
  const out: string[] = [];
  for (let k = -span + step / 2; k < span; k += step) {
    // Line through points with (x - a) + (y - a) = span + k  (bottom-left to top-right).
    const s = span + k;
    const x0 = Math.max(0, s - span);
    const x1 = Math.min(span, s);
    out.push(`M ${f(a + x0)} ${f(a + s - x0)} L ${f(a + x1)} ${f(a + s - x1)}`);
  }
  return out.join(' ');
}

const TT_LETTER: Record<TransformType, string> = { knight: 'N', bishop: 'B', rook: 'R', queen: 'Q', king: 'K' };

/** Artwork of one tile in the 100 x 100 box. */
export function tileArt(t: TileLook): TileArt {
  const col = t.color ?? 'blue';
  const hex = CM_COLOR_HEX[col];
  switch (t.kind) {
    case 'lock':
      if (t.open) {
        return {
          parts: [
            { d: roundRect(5, 5, 90, 90, 6), fill: hex, opacity: 0.18, stroke: hex, width: 4, dash: [10, 6] },
            { d: 'M 36 44 V 26 A 14 14 0 0 1 64 26', stroke: '#f4f6fa', width: 7, cap: 'round' },
            { d: roundRect(28, 44, 44, 36, 6), fill: '#f4f6fa', stroke: DARK, width: 2.5, opacity: 0.85 },
            { d: glyphPath(col, 50, 62, 9), fill: hex, stroke: DARK, width: 1.5 },
          ],
          texts: [],
        };
      }
      return {
        parts: [
          { d: 'M 3 3 H 97 V 97 H 3 Z', fill: hex, stroke: DARK, width: 3 },
          { d: hatch(3, 97, 15), stroke: 'rgba(10, 12, 16, 0.32)', width: 5 },
          { d: 'M 36 46 V 34 A 14 14 0 0 1 64 34 V 46', stroke: DARK, width: 11, cap: 'round' },
          { d: 'M 36 46 V 34 A 14 14 0 0 1 64 34 V 46', stroke: '#f4f6fa', width: 6, cap: 'round' },
          { d: roundRect(27, 44, 46, 38, 6), fill: '#f4f6fa', stroke: DARK, width: 3 },
          { d: glyphPath(col, 50, 63, 10), fill: hex, stroke: DARK, width: 2 },
        ],
        texts: [],
      };
    case 'plate':
      return {
        parts: [
          { d: roundRect(9, 9, 82, 82, 12), fill: '#434a57', stroke: hex, width: 7 },
          { d: roundRect(22, 22, 56, 56, 8), fill: hex, stroke: DARK, width: 2.5 },
          { d: roundRect(22, 22, 56, 56, 8), stroke: 'rgba(255,255,255,0.35)', width: 1.5, dash: [4, 3] },
          { d: glyphPath(col, 50, 51, 13), fill: '#f4f6fa', stroke: DARK, width: 2 },
        ],
        texts: [],
      };
    case 'key':
      return {
        parts: [
          { d: 'M 44 44 L 84 84 M 64 64 L 74 54 M 76 76 L 86 66', stroke: DARK, width: 16, cap: 'round' },
          { d: 'M 44 44 L 84 84 M 64 64 L 74 54 M 76 76 L 86 66', stroke: hex, width: 9, cap: 'round' },
          { d: circle(33, 33, 21), fill: hex, stroke: DARK, width: 3.5 },
          { d: glyphPath(col, 33, 33, 10), fill: '#f4f6fa', stroke: DARK, width: 1.8 },
        ],
        texts: [],
      };
    case 'coin':
      return {
        parts: [
          { d: circle(50, 50, 29), fill: '#f4c430', stroke: '#7a5a00', width: 4 },
          { d: circle(50, 50, 20), stroke: '#b8860b', width: 3 },
          { d: 'M 50 37 L 53.5 46 L 63 46.5 L 55.5 52.5 L 58 62 L 50 56.5 L 42 62 L 44.5 52.5 L 37 46.5 L 46.5 46 Z', fill: '#fff1b8', stroke: '#9a7400', width: 1.5 },
        ],
        texts: [],
      };
    case 'gem':
      return {
        parts: [
          { d: 'M 24 40 L 37 24 L 63 24 L 76 40 L 50 80 Z', fill: '#3cc8f0', stroke: '#0b4763', width: 3.5 },
          { d: 'M 24 40 H 76 M 37 24 L 43 40 L 50 80 L 57 40 L 63 24', stroke: '#e4f7ff', width: 2 },
        ],
        texts: [],
      };
    case 'letter':
      return {
        parts: [{ d: roundRect(17, 17, 66, 66, 9), fill: '#f3e6c6', stroke: '#6b4f1d', width: 3.5 }],
        texts: [{ text: (t.letter ?? '?').slice(0, 1), x: 50, y: 52, size: 46, fill: '#2b2114' }],
      };
    case 'transform': {
      const letters = (t.allowed ?? []).map((a) => TT_LETTER[a]).join('');
      return {
        parts: [
          { d: roundRect(5, 5, 90, 90, 10), fill: 'rgba(168, 38, 200, 0.22)', stroke: '#b83cd6', width: 3.5, dash: [9, 5] },
          { d: 'M 26 46 A 24 24 0 0 1 70 32', stroke: '#8e1fb0', width: 7, cap: 'round' },
          { d: 'M 62 22 L 74 32 L 60 38 Z', fill: '#8e1fb0' },
          { d: 'M 74 50 A 24 24 0 0 1 30 64', stroke: '#8e1fb0', width: 7, cap: 'round' },
          { d: 'M 38 74 L 26 64 L 40 58 Z', fill: '#8e1fb0' },
          { d: roundRect(16, 72, 68, 22, 8), fill: '#3b0a4d' },
        ],
        texts: [{ text: letters, x: 50, y: 83.5, size: letters.length > 4 ? 14 : 17, fill: '#fbe7ff' }],
      };
    }
    case 'finish':
      return {
        parts: [
          { d: 'M 27 88 V 12', stroke: DARK, width: 6, cap: 'round' },
          { d: 'M 30 14 H 82 V 50 H 30 Z', fill: '#f8fafc', stroke: DARK, width: 3 },
          {
            d: 'M 30 14 H 43 V 26 H 30 Z M 56 14 H 69 V 26 H 56 Z M 43 26 H 56 V 38 H 43 Z M 69 26 H 82 V 38 H 69 Z M 30 38 H 43 V 50 H 30 Z M 56 38 H 69 V 50 H 56 Z',
            fill: DARK,
          },
          { d: 'M 18 90 H 40', stroke: DARK, width: 5, cap: 'round' },
        ],
        texts: [],
      };
  }
}

export const TILE_NAME: Record<CmTileKind, string> = {
  key: 'Key',
  lock: 'Lock',
  plate: 'Plate',
  coin: 'Coin',
  gem: 'Gem',
  letter: 'Letter',
  transform: 'Transform',
  finish: 'Finish',
};

export const TILE_HELP: Record<CmTileKind, string> = {
  key: 'opens the locks of its colour for good (CM-5)',
  lock: 'closed until its colour is open (CM-7)',
  plate: 'holds its colour open while a piece stands on it (CM-6)',
  coin: 'picked up on landing; all needed with the collect objective (CM-8, CM-11)',
  gem: 'picked up on landing; no objective (CM-8)',
  letter: 'picked up on landing, in word order with a spell objective (CM-9)',
  transform: 'changes the landing piece to an allowed type (CM-10)',
  finish: 'the flag: land here to win once the objectives are met (CM-11)',
};
