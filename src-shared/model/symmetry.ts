/**
 * Board symmetries (the dihedral group D4) and how directions turn with
 * them. Generic: rulesets decide which symmetries keep their puzzles legal
 * (`RulesetDef.symmetryAvailability`), pack/duplicates.ts uses them for
 * duplicate detection, the editor for rotate / mirror.
 *
 * Coordinates are 0-based (file 0 = `a`, rank 0 = `1`), RULINGS "Common".
 */
import type { Facing } from './level.js';

/** One board symmetry: maps (file, rank) on a W x H board to new coordinates. */
export interface Symmetry {
  name: SymmetryName;
  /** Maps a coordinate; w/h are the source board size. */
  map(f: number, r: number, w: number, h: number): [number, number];
  /** Whether the board keeps its width/height (false: they swap). */
  swaps: boolean;
}

export type SymmetryName = 'identity' | 'rot90' | 'rot180' | 'rot270' | 'flipH' | 'flipV' | 'transpose' | 'antiTranspose';

/**
 * The 8 symmetries of D4, identity first. `rot90` turns the board 90°
 * clockwise (a1 -> a8 on 8 x 8); `flipH` mirrors the files (a <-> h),
 * `flipV` the ranks (1 <-> 8).
 */
export const SYMMETRIES: readonly Symmetry[] = [
  { name: 'identity', swaps: false, map: (f, r) => [f, r] },
  { name: 'rot90', swaps: true, map: (f, r, w) => [r, w - 1 - f] },
  { name: 'rot180', swaps: false, map: (f, r, w, h) => [w - 1 - f, h - 1 - r] },
  { name: 'rot270', swaps: true, map: (f, r, _w, h) => [h - 1 - r, f] },
  { name: 'flipH', swaps: false, map: (f, r, w) => [w - 1 - f, r] },
  { name: 'flipV', swaps: false, map: (f, r, _w, h) => [f, h - 1 - r] },
  { name: 'transpose', swaps: true, map: (f, r) => [r, f] },
  { name: 'antiTranspose', swaps: true, map: (f, r, w, h) => [h - 1 - r, w - 1 - f] },
];

/** The symmetry called `name` (every name of `SymmetryName` exists). */
export function symmetryNamed(name: SymmetryName): Symmetry {
  return SYMMETRIES.find((s) => s.name === name)!;
}

/** Symmetries applicable to a board (all 8 when square, else the 4 shape-keeping ones). */
export function boardSymmetries(width: number, height: number): readonly Symmetry[] {
  return width === height ? SYMMETRIES : SYMMETRIES.filter((s) => !s.swaps);
}

const DIRS: Record<Facing, [number, number]> = { north: [0, 1], east: [1, 0], south: [0, -1], west: [-1, 0] };

/** Maps a facing (UK-4, CM-3) through a symmetry (direction vector image, origin-relative). */
export function mapFacing(sym: Symmetry, facing: Facing, w: number, h: number): Facing {
  const [dx, dy] = DIRS[facing];
  const [ox, oy] = sym.map(1, 1, w, h);
  const [px, py] = sym.map(1 + dx, 1 + dy, w, h);
  const v: [number, number] = [px - ox, py - oy];
  for (const k of Object.keys(DIRS) as Facing[]) if (DIRS[k][0] === v[0] && DIRS[k][1] === v[1]) return k;
  return facing;
}
