/**
 * Chess Maze tile artwork (original, 100 x 100 box, y down; CM-5..CM-11).
 *
 * Colour-blind safety: every key / lock / plate colour also has its own
 * glyph (blue circle, red triangle, yellow square, green diamond), and each
 * tile kind has its own shape: a lock fills its square with hatching and a
 * padlock, a plate is an inset metal pad, a key is a key, the finish is a
 * chequered flag, a transform tile shows turning arrows and the letters of
 * the types it allows.
 */
import type { CmColor, CmTileKind, TransformType } from '../../model/level.js';
import { circle, f, hatch, path, roundRect, type ArtPart } from './parts.js';

/** What a tile glyph shows (the `tile` GlyphArt without its kind). */
export interface TileLook {
  tile: CmTileKind;
  color?: CmColor;
  letter?: string;
  allowed?: readonly TransformType[];
  /** A lock drawn open (CM-5 key held / CM-6 plate held). */
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

/** The same glyphs as text symbols. */
export const CM_GLYPH_SYMBOL: Record<CmColor, string> = { blue: '●', red: '▲', yellow: '■', green: '◆' };

/** Transform types as LAN letters (CM-10). */
export const TRANSFORM_LETTER: Record<TransformType, string> = { knight: 'N', bishop: 'B', rook: 'R', queen: 'Q', king: 'K' };

const DARK = '#15171c';
const PAPER = '#f4f6fa';

/** Path data of a colour glyph centred on (cx, cy) with radius r. */
export function glyphPath(color: CmColor, cx: number, cy: number, r: number): string {
  switch (CM_GLYPH[color]) {
    case 'circle':
      return circle(cx, cy, r);
    case 'triangle':
      return `M ${f(cx)} ${f(cy - r * 1.05)} L ${f(cx + r)} ${f(cy + r * 0.8)} L ${f(cx - r)} ${f(cy + r * 0.8)} Z`;
    case 'square':
      return `M ${f(cx - r * 0.82)} ${f(cy - r * 0.82)} H ${f(cx + r * 0.82)} V ${f(cy + r * 0.82)} H ${f(cx - r * 0.82)} Z`;
    case 'diamond':
      return `M ${f(cx)} ${f(cy - r * 1.1)} L ${f(cx + r * 1.1)} ${f(cy)} L ${f(cx)} ${f(cy + r * 1.1)} L ${f(cx - r * 1.1)} ${f(cy)} Z`;
  }
}

/** The parts of one tile. */
export function tileParts(t: TileLook): ArtPart[] {
  const col = t.color ?? 'blue';
  const hex = CM_COLOR_HEX[col] ?? CM_COLOR_HEX.blue;
  switch (t.tile) {
    case 'lock':
      if (t.open) {
        return [
          path(roundRect(5, 5, 90, 90, 6), { fill: hex, opacity: 0.18 }),
          path(roundRect(5, 5, 90, 90, 6), { stroke: hex, width: 4, dash: [10, 6] }),
          path('M 36 44 V 26 A 14 14 0 0 1 64 26', { stroke: PAPER, width: 7, cap: 'round' }),
          path(roundRect(28, 44, 44, 36, 6), { fill: PAPER, stroke: DARK, width: 2.5, opacity: 0.85 }),
          path(glyphPath(col, 50, 62, 9), { fill: hex, stroke: DARK, width: 1.5 }),
        ];
      }
      return [
        path('M 3 3 H 97 V 97 H 3 Z', { fill: hex, stroke: DARK, width: 3 }),
        path(hatch(3, 97, 15), { stroke: 'rgba(10, 12, 16, 0.32)', width: 5, name: 'hatch' }),
        path('M 36 46 V 34 A 14 14 0 0 1 64 34 V 46', { stroke: DARK, width: 11, cap: 'round' }),
        path('M 36 46 V 34 A 14 14 0 0 1 64 34 V 46', { stroke: PAPER, width: 6, cap: 'round' }),
        path(roundRect(27, 44, 46, 38, 6), { fill: PAPER, stroke: DARK, width: 3 }),
        path(glyphPath(col, 50, 63, 10), { fill: hex, stroke: DARK, width: 2 }),
      ];
    case 'plate':
      return [
        path(roundRect(9, 9, 82, 82, 12), { fill: '#434a57', stroke: hex, width: 7 }),
        path(roundRect(22, 22, 56, 56, 8), { fill: hex, stroke: DARK, width: 2.5 }),
        path(roundRect(22, 22, 56, 56, 8), { stroke: 'rgba(255, 255, 255, 0.35)', width: 1.5, dash: [4, 3] }),
        path(glyphPath(col, 50, 51, 13), { fill: PAPER, stroke: DARK, width: 2 }),
      ];
    case 'key':
      return [
        path('M 44 44 L 84 84 M 64 64 L 74 54 M 76 76 L 86 66', { stroke: DARK, width: 16, cap: 'round' }),
        path('M 44 44 L 84 84 M 64 64 L 74 54 M 76 76 L 86 66', { stroke: hex, width: 9, cap: 'round' }),
        path(circle(33, 33, 21), { fill: hex, stroke: DARK, width: 3.5 }),
        path(glyphPath(col, 33, 33, 10), { fill: PAPER, stroke: DARK, width: 1.8 }),
      ];
    case 'coin':
      return [
        path(circle(50, 50, 29), { fill: '#f4c430', stroke: '#7a5a00', width: 4 }),
        path(circle(50, 50, 20), { stroke: '#b8860b', width: 3 }),
        path('M 50 37 L 53.5 46 L 63 46.5 L 55.5 52.5 L 58 62 L 50 56.5 L 42 62 L 44.5 52.5 L 37 46.5 L 46.5 46 Z', {
          fill: '#fff1b8',
          stroke: '#9a7400',
          width: 1.5,
        }),
      ];
    case 'gem':
      return [
        path('M 24 40 L 37 24 L 63 24 L 76 40 L 50 80 Z', { fill: '#3cc8f0', stroke: '#0b4763', width: 3.5, join: 'round' }),
        path('M 24 40 H 76 M 37 24 L 43 40 L 50 80 L 57 40 L 63 24', { stroke: '#e4f7ff', width: 2, join: 'round' }),
      ];
    case 'letter':
      return [
        path(roundRect(17, 17, 66, 66, 9), { fill: '#f3e6c6', stroke: '#6b4f1d', width: 3.5 }),
        { type: 'text', text: (t.letter ?? '?').slice(0, 1), x: 50, y: 52, size: 46, fill: '#2b2114', name: 'letter' },
      ];
    case 'transform': {
      const letters = (t.allowed ?? []).map((a) => TRANSFORM_LETTER[a] ?? '?').join('');
      return [
        path(roundRect(5, 5, 90, 90, 10), { fill: 'rgba(168, 38, 200, 0.22)' }),
        path(roundRect(5, 5, 90, 90, 10), { stroke: '#b83cd6', width: 3.5, dash: [9, 5] }),
        path('M 26 46 A 24 24 0 0 1 70 32', { stroke: '#8e1fb0', width: 7, cap: 'round' }),
        path('M 62 22 L 74 32 L 60 38 Z', { fill: '#8e1fb0' }),
        path('M 74 50 A 24 24 0 0 1 30 64', { stroke: '#8e1fb0', width: 7, cap: 'round' }),
        path('M 38 74 L 26 64 L 40 58 Z', { fill: '#8e1fb0' }),
        path(roundRect(16, 72, 68, 22, 8), { fill: '#3b0a4d', name: 'types' }),
        { type: 'text', text: letters, x: 50, y: 83, size: letters.length > 4 ? 14 : 17, fill: '#fbe7ff', name: 'types' },
      ];
    }
    case 'finish':
      return [
        path('M 27 88 V 12', { stroke: DARK, width: 6, cap: 'round' }),
        path('M 30 14 H 82 V 50 H 30 Z', { fill: '#f8fafc', stroke: DARK, width: 3 }),
        path(
          'M 30 14 H 43 V 26 H 30 Z M 56 14 H 69 V 26 H 56 Z M 43 26 H 56 V 38 H 43 Z M 69 26 H 82 V 38 H 69 Z M 30 38 H 43 V 50 H 30 Z M 56 38 H 69 V 50 H 56 Z',
          { fill: DARK, name: 'checks' },
        ),
        path('M 18 90 H 40', { stroke: DARK, width: 5, cap: 'round' }),
      ];
  }
}

/** Human names of the tile kinds. */
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

/** What each tile does, with its ruling. */
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
