/**
 * Piece artwork (original, 100 x 100 box, y down, base at y = 90): one
 * closed outline per role (`body`) plus optional `detail` strokes and `dots`
 * drawn in the outline colour, so the six chess roles and the King's Valley
 * soldier differ by shape alone, never by colour (colour-blind safety).
 *
 * The two tones differ by fill AND outline style (TONE_STYLE): light with a
 * solid dark outline, dark with a dashed light outline. Options add marks on
 * top: a light dot on the body (KV-1 Black), the facing arrow of a pawn
 * (UK-4, CM-3) with side arrows when lateral (UK-4), and the red "×" badge
 * of a Chess Maze enemy (CM-2).
 */
import type { Facing, Role } from '../../model/level.js';
import type { Tone } from '../glyph.js';
import { circle, path, polygon, type ArtPart } from './parts.js';

export type { Tone };

/** A silhouette: the closed outline, outline-coloured strokes, outline-coloured dots. */
export interface Silhouette {
  body: string;
  detail?: string;
  dots?: { x: number; y: number; r: number }[];
}

const BASE_L = 'M 24 90 L 76 90 L 76 82';

/** The six chess silhouettes. */
export const PIECE_ART: Record<Role, Silhouette> = {
  pawn: {
    body: `${BASE_L} L 67 82 C 64 70 57 62 57 54 L 62 54 L 62 47 L 58 47 A 13 13 0 1 0 42 47 ` + 'L 38 47 L 38 54 L 43 54 C 43 62 36 70 33 82 L 24 82 Z',
  },
  rook: {
    body:
      `${BASE_L} L 69 82 L 65 46 L 72 39 L 72 17 L 63 17 L 63 25 L 55 25 L 55 17 L 45 17 L 45 25 L 37 25 L 37 17 ` +
      'L 28 17 L 28 39 L 35 46 L 31 82 L 24 82 Z',
    detail: 'M 34 46 L 66 46',
  },
  knight: {
    body:
      `${BASE_L} L 70 82 C 73 62 71 38 57 25 L 56 12 L 49 21 L 44 14 L 42 24 C 32 30 25 42 21 52 ` +
      'C 19 59 26 63 31 59 L 38 53 C 42 53 46 50 49 46 C 49 57 40 65 35 72 L 32 82 L 24 82 Z',
    dots: [{ x: 43, y: 33, r: 3 }],
  },
  bishop: {
    body:
      `${BASE_L} L 65 82 L 58 65 L 64 65 L 64 58 L 60 58 C 71 48 69 33 50 19 C 31 33 29 48 40 58 ` +
      'L 36 58 L 36 65 L 42 65 L 35 82 L 24 82 Z ' +
      'M 55 13 A 5 5 0 1 0 45 13 A 5 5 0 1 0 55 13 Z',
    detail: 'M 45 33 L 56 47',
  },
  queen: {
    body: `${BASE_L} L 68 82 L 66 62 L 81 31 L 66 50 L 65 22 L 57 46 L 50 16 L 43 46 L 35 22 L 34 50 ` + 'L 19 31 L 34 62 L 32 82 L 24 82 Z',
    dots: [
      { x: 19, y: 28, r: 4.5 },
      { x: 35, y: 19, r: 4.5 },
      { x: 50, y: 13, r: 4.5 },
      { x: 65, y: 19, r: 4.5 },
      { x: 81, y: 28, r: 4.5 },
    ],
    detail: 'M 35 62 L 65 62',
  },
  king: {
    body:
      `${BASE_L} L 67 82 L 63 56 L 70 50 L 70 44 C 70 36 62 32 54 34 L 54 28 L 61 28 L 61 21 L 54 21 L 54 11 ` +
      'L 46 11 L 46 21 L 39 21 L 39 28 L 46 28 L 46 34 C 38 32 30 36 30 44 L 30 50 L 37 56 L 33 82 L 24 82 Z',
    detail: 'M 33 56 L 67 56',
  },
};

/**
 * The King's Valley pieces (KV-1): the king keeps the chess king's crowned
 * outline; the soldier is a round-helmeted figure with a visor slit.
 */
export const KV_ART: Record<'king' | 'soldier', Silhouette> = {
  king: PIECE_ART.king,
  soldier: {
    body:
      'M 26 90 L 74 90 L 74 81 L 66 81 L 61 62 L 69 57 L 69 50 L 63 50 ' +
      'C 69 45 70 30 61 24 C 54 19 46 19 39 24 C 30 30 31 45 37 50 L 31 50 L 31 57 L 39 62 L 34 81 L 26 81 Z',
    detail: 'M 38 36 L 62 36 M 31 57 L 69 57',
  },
};

export interface ToneStyle {
  fill: string;
  stroke: string;
  /** Outline dash, box units (empty: solid). */
  dash: number[];
  strokeWidth: number;
}

/** Fill AND outline style differ between the two tones (UK-2, CM-2, KV-1: sides told apart without colour). */
export const TONE_STYLE: Record<Tone, ToneStyle> = {
  light: { fill: '#f6eedb', stroke: '#1b1814', dash: [], strokeWidth: 4 },
  dark: { fill: '#25232c', stroke: '#f1e6c8', dash: [10, 5], strokeWidth: 4 },
};

/** What a piece glyph shows (the `piece` GlyphArt without its kind). */
export interface PieceLook {
  role: Role | 'soldier';
  tone: Tone;
  /** Pawns (UK-4, CM-3): the facing arrow. */
  facing?: Facing;
  /** UK-4 lateral pawns: side arrows. */
  lateral?: boolean;
  /** CM-2 enemy badge. */
  enemy?: boolean;
  /** A light dot on the body (KV-1: Black's pieces). */
  dot?: boolean;
}

/** Where the body dot sits on each silhouette. */
const DOT_AT: Partial<Record<Role | 'soldier', { x: number; y: number }>> = { soldier: { x: 50, y: 72 } };
const DOT_R = 6.5;

/** Facing arrow pointing north from the pawn's head to the box edge, centre-relative. */
const ARROW: readonly [number, number][] = [
  [-3.9, -27.8],
  [3.9, -27.8],
  [3.9, -38.9],
  [11.1, -38.9],
  [0, -49],
  [-11.1, -38.9],
  [-3.9, -38.9],
];
/** Side arrow pointing west, centre-relative (mirrored for east). */
const SIDE_ARROW: readonly [number, number][] = [
  [-27.8, -3.3],
  [-27.8, 3.3],
  [-37.8, 3.3],
  [-37.8, 8.9],
  [-48.9, 0],
  [-37.8, -8.9],
  [-37.8, -3.3],
];

const QUARTER_TURNS: Record<Facing, number> = { north: 0, east: 1, south: 2, west: 3 };

/** Turns centre-relative points clockwise by `q` quarter turns (screen axes, y down) and moves them to the box centre. */
function turned(pts: readonly (readonly [number, number])[], q: number): [number, number][] {
  return pts.map(([x0, y0]) => {
    let x = x0;
    let y = y0;
    for (let i = 0; i < q; i++) [x, y] = [-y, x];
    return [50 + x, 50 + y];
  });
}

const ARROW_FILL = '#1c64d8';

/** The parts of one piece: silhouette in its tone, then the marks its options ask for. */
export function pieceParts(p: PieceLook): ArtPart[] {
  const art = p.role === 'soldier' ? KV_ART.soldier : PIECE_ART[p.role];
  const s = TONE_STYLE[p.tone];
  const out: ArtPart[] = [
    path(art.body, { fill: s.fill, stroke: s.stroke, width: s.strokeWidth, ...(s.dash.length ? { dash: s.dash } : {}), join: 'round', name: 'body' }),
  ];
  for (const d of art.dots ?? []) out.push(path(circle(d.x, d.y, d.r), { fill: s.fill, stroke: s.stroke, width: s.strokeWidth * 0.8 }));
  if (art.detail) out.push(path(art.detail, { stroke: s.stroke, width: s.strokeWidth, cap: 'round' }));
  if (p.dot) {
    const at = DOT_AT[p.role] ?? { x: 50, y: 70 };
    out.push(path(circle(at.x, at.y, DOT_R), { fill: TONE_STYLE.dark.stroke, stroke: TONE_STYLE.dark.fill, width: 1.5, name: 'dot' }));
  }
  if (p.role === 'pawn' && p.facing) {
    const q = QUARTER_TURNS[p.facing];
    out.push(path(polygon(turned(ARROW, q)), { fill: ARROW_FILL, stroke: '#ffffff', width: 2.2, join: 'round', name: `facing facing-${p.facing}` }));
    if (p.lateral) {
      const west = polygon(turned(SIDE_ARROW, q));
      const east = polygon(
        turned(
          SIDE_ARROW.map(([x, y]) => [-x, y] as [number, number]),
          q,
        ),
      );
      out.push(path(`${west} ${east}`, { fill: ARROW_FILL, stroke: '#ffffff', width: 2, join: 'round', name: 'lateral' }));
    }
  }
  if (p.enemy) {
    out.push(path(circle(82, 17, 14.5), { fill: '#c81e1e', stroke: '#ffffff', width: 2.8, name: 'enemy' }));
    out.push(path('M 75.9 10.9 L 88.1 23.1 M 88.1 10.9 L 75.9 23.1', { stroke: '#ffffff', width: 3.9, cap: 'round' }));
  }
  return out;
}

/** Human names of the chess roles, for labels and aria. */
export const ROLE_NAME: Record<Role, string> = {
  king: 'King',
  queen: 'Queen',
  rook: 'Rook',
  bishop: 'Bishop',
  knight: 'Knight',
  pawn: 'Pawn',
};
