/**
 * Piece silhouettes as SVG path data in a 100 x 100 box (y down), drawn for
 * Castellan (no font glyphs: printed output must not depend on fonts having
 * chess symbols). Shared by the SVG renderer and the PDF export. Each role is
 * a list of closed paths filled with the piece colour and stroked with the
 * contrast colour. Soldier (King's Valley) reuses the pawn.
 */
import type { Role } from '../model/level.js';

/** A circle as path data (two arcs). */
export function circlePath(cx: number, cy: number, r: number): string {
  return `M${cx - r},${cy} A${r},${r} 0 1,0 ${cx + r},${cy} A${r},${r} 0 1,0 ${cx - r},${cy} Z`;
}

const BASE = 'M22,78 L78,78 L80,90 L20,90 Z';

export const GLYPHS: Record<Role, string[]> = {
  pawn: [BASE, 'M36,78 C38,62 42,56 44,50 L56,50 C58,56 62,62 64,78 Z', circlePath(50, 36, 14)],
  rook: [
    BASE,
    'M30,78 L34,44 L66,44 L70,78 Z',
    'M26,44 L26,18 L36,18 L36,26 L45,26 L45,18 L55,18 L55,26 L64,26 L64,18 L74,18 L74,44 Z',
  ],
  bishop: [
    BASE,
    'M34,78 C36,70 40,68 42,66 L58,66 C60,68 64,70 66,78 Z',
    'M50,18 C66,32 68,52 58,66 L42,66 C32,52 34,32 50,18 Z M48,30 L56,42 L52,44 L46,34 Z',
    circlePath(50, 12, 6),
  ],
  knight: [
    BASE,
    'M30,78 C30,66 38,58 44,52 C40,52 34,56 28,58 C22,56 20,50 24,44 C32,34 38,26 44,22 L42,12 L50,18 C62,18 74,30 74,50 C74,62 70,70 70,78 Z',
    circlePath(44, 34, 3),
  ],
  queen: [
    BASE,
    'M24,78 L16,32 L34,54 L40,22 L50,50 L60,22 L66,54 L84,32 L76,78 Z',
    circlePath(16, 28, 5), circlePath(40, 18, 5), circlePath(60, 18, 5), circlePath(84, 28, 5),
  ],
  king: [
    BASE,
    'M26,78 C16,58 26,42 40,46 C44,40 56,40 60,46 C74,42 84,58 74,78 Z',
    'M46,42 L46,26 L38,26 L38,18 L46,18 L46,8 L54,8 L54,18 L62,18 L62,26 L54,26 L54,42 Z',
  ],
};

/** Fill / stroke of a piece colour (UK ivory/obsidian, CM player/enemy, KV white/black). */
export function pieceColors(color: string | undefined): { fill: string; stroke: string } {
  const dark = color === 'obsidian' || color === 'enemy' || color === 'black';
  return dark ? { fill: '#2d2a32', stroke: '#f2ead8' } : { fill: '#f7f0dc', stroke: '#2d2a32' };
}
