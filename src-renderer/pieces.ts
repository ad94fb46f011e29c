/**
 * Vector piece silhouettes (original artwork, 100 x 100 box, y down, base at
 * y = 90), shared by the Konva board and the HTML palette (inline SVG).
 * Each role has one closed outline (`body`) plus optional `detail` strokes
 * drawn in the outline colour (the bishop's slit, the knight's eye), so the
 * six roles differ by shape alone — never by colour (colour-blind safety).
 *
 * Ivory vs obsidian differ by fill (light / dark) AND outline style (solid
 * dark / dashed light), see PIECE_STYLE.
 */
import type { Role, UkColor } from '../src-shared/model/level.js';

export interface PieceArt {
  body: string;
  detail?: string;
  /** Detail drawn filled (dots) rather than stroked. */
  dots?: { x: number; y: number; r: number }[];
}

const BASE_L = 'M 24 90 L 76 90 L 76 82';

export const PIECE_ART: Record<Role, PieceArt> = {
  pawn: {
    body:
      `${BASE_L} L 67 82 C 64 70 57 62 57 54 L 62 54 L 62 47 L 58 47 A 13 13 0 1 0 42 47 ` +
      'L 38 47 L 38 54 L 43 54 C 43 62 36 70 33 82 L 24 82 Z',
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
    body:
      `${BASE_L} L 68 82 L 66 62 L 81 31 L 66 50 L 65 22 L 57 46 L 50 16 L 43 46 L 35 22 L 34 50 ` +
      'L 19 31 L 34 62 L 32 82 L 24 82 Z',
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

export interface PieceStyle {
  fill: string;
  stroke: string;
  /** Outline dash in box units (empty = solid). */
  dash: number[];
  strokeWidth: number;
}

/** Fill AND outline style differ between the two colours (UK-2 colours are cosmetic but must be told apart). */
export const PIECE_STYLE: Record<UkColor, PieceStyle> = {
  ivory: { fill: '#f6eedb', stroke: '#1b1814', dash: [], strokeWidth: 4 },
  obsidian: { fill: '#25232c', stroke: '#f1e6c8', dash: [10, 5], strokeWidth: 4 },
};

/** Human names, for labels and aria. */
export const ROLE_NAME: Record<Role, string> = {
  king: 'King',
  queen: 'Queen',
  rook: 'Rook',
  bishop: 'Bishop',
  knight: 'Knight',
  pawn: 'Pawn',
};

// ---------------------------------------------------------------- King's Valley (KV-1)

/**
 * King's Valley pieces: the king keeps the chess king's crowned outline; the
 * soldier is a round-helmeted figure with a visor slit (a different
 * silhouette, so roles never depend on colour).
 */
export const KV_ART: Record<'king' | 'soldier', PieceArt> = {
  king: PIECE_ART.king,
  soldier: {
    body:
      'M 26 90 L 74 90 L 74 81 L 66 81 L 61 62 L 69 57 L 69 50 L 63 50 ' +
      'C 69 45 70 30 61 24 C 54 19 46 19 39 24 C 30 30 31 45 37 50 L 31 50 L 31 57 L 39 62 L 34 81 L 26 81 Z',
    detail: 'M 38 36 L 62 36 M 31 57 L 69 57',
  },
};

/**
 * King's Valley sides differ by more than colour: White light with a solid
 * dark outline; Black dark with a dashed light outline AND a light dot on
 * the body (`dot`).
 */
export const KV_STYLE: Record<'white' | 'black', PieceStyle & { dot: boolean }> = {
  white: { fill: '#f6eedb', stroke: '#1b1814', dash: [], strokeWidth: 4, dot: false },
  black: { fill: '#25232c', stroke: '#f1e6c8', dash: [9, 5], strokeWidth: 4, dot: true },
};

/** Where Black's dot sits on each silhouette (100 x 100 box). */
export const KV_DOT: Record<'king' | 'soldier', { x: number; y: number; r: number }> = {
  king: { x: 50, y: 70, r: 6.5 },
  soldier: { x: 50, y: 72, r: 6.5 },
};
