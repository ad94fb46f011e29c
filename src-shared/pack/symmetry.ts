/**
 * Symmetry-aware duplicate detection for Unlock the King blueprints (issue 5
 * item 1/5: "no two alike, rotations and reflections included").
 *
 * A square board has the 8 symmetries of the dihedral group D4 (4 rotations,
 * 4 reflections); a non-square board only the 4 that keep its shape
 * (identity, 180° turn, the two mirror flips). Pawn facings (UK-4) turn with
 * the board: a north-facing pawn on a board rotated 90° clockwise faces east.
 * Piece colours are cosmetic (UK-2) and ignored; so are meta, par, solution.
 */
import type { Facing, UnlockTheKingLevel } from '../model/level.js';
import { parseSquare, squareName } from '../model/square.js';

/** One board symmetry: maps (file, rank) on a W x H board to new coordinates. */
/** Deep copy of plain JSON data. */
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

export interface Symmetry {
  name: string;
  /** Maps a coordinate; w/h are the source board size. */
  map(f: number, r: number, w: number, h: number): [number, number];
  /** Whether the board keeps its width/height (false: they swap). */
  swaps: boolean;
}

/** The 8 symmetries of D4, identity first. */
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

const DIRS: Record<Facing, [number, number]> = { north: [0, 1], east: [1, 0], south: [0, -1], west: [-1, 0] };

/** Maps a facing through a symmetry (direction vector image, origin-relative). */
export function mapFacing(sym: Symmetry, facing: Facing, w: number, h: number): Facing {
  const [dx, dy] = DIRS[facing];
  const [ox, oy] = sym.map(1, 1, w, h);
  const [px, py] = sym.map(1 + dx, 1 + dy, w, h);
  const v: [number, number] = [px - ox, py - oy];
  for (const k of Object.keys(DIRS) as Facing[]) if (DIRS[k][0] === v[0] && DIRS[k][1] === v[1]) return k;
  return facing;
}

/**
 * Applies a symmetry to a level (pure; returns a new level). Squares that do
 * not parse are kept as they are. Pawn facings are turned with the board.
 */
export function transformLevel(level: UnlockTheKingLevel, sym: Symmetry): UnlockTheKingLevel {
  const { width: w, height: h } = level.board;
  const sq = (s: string): string => {
    const c = parseSquare(s);
    if (!c) return s;
    const [f, r] = sym.map(c.file, c.rank, w, h);
    return squareName(f, r);
  };
  const out: UnlockTheKingLevel = clone(level);
  out.board = sym.swaps ? { width: h, height: w } : { width: w, height: h };
  out.portal = sq(level.portal);
  if (level.walls) out.walls = level.walls.map(sq);
  out.pieces = level.pieces.map((p) => {
    const q = { ...p, square: sq(p.square) };
    if (p.role === 'pawn') q.facing = mapFacing(sym, p.facing ?? 'north', w, h);
    return q;
  });
  return out;
}

/** The rules-relevant content of a blueprint as one string (colours ignored). */
export function blueprintKey(level: UnlockTheKingLevel): string {
  const pieces = level.pieces
    .map((p) => `${p.role}@${p.square}${p.role === 'pawn' ? `:${p.facing ?? 'north'}${p.lateral ? '+l' : ''}` : ''}`)
    .sort();
  const walls = [...(level.walls ?? [])].sort();
  return `${level.board.width}x${level.board.height}|P${level.portal}|W${walls.join(',')}|${pieces.join(',')}`;
}

/** Symmetries applicable to a board (all 8 when square, else the 4 shape-keeping ones). */
export function boardSymmetries(width: number, height: number): readonly Symmetry[] {
  return width === height ? SYMMETRIES : SYMMETRIES.filter((s) => !s.swaps);
}

/**
 * Canonical key: the least blueprintKey over the board's symmetries. Two
 * blueprints are alike (rotation/reflection included) iff their canonical
 * keys are equal.
 */
export function canonicalKey(level: UnlockTheKingLevel): string {
  let best: string | undefined;
  for (const s of boardSymmetries(level.board.width, level.board.height)) {
    const k = blueprintKey(transformLevel(level, s));
    if (best === undefined || k < best) best = k;
  }
  return best!;
}

/** A pair of duplicates: indices into the input list (i < j) and the symmetry that maps i onto j. */
export interface DuplicatePair {
  first: number;
  second: number;
  symmetry: string;
}

/** Finds every later blueprint alike to an earlier one (canonical keys). Non-UK levels are skipped. */
export function findDuplicates(levels: readonly (UnlockTheKingLevel | undefined)[]): DuplicatePair[] {
  const seen = new Map<string, number>();
  const out: DuplicatePair[] = [];
  levels.forEach((l, j) => {
    if (!l || l.ruleset !== 'unlock-the-king') return;
    const key = canonicalKey(l);
    const i = seen.get(key);
    if (i === undefined) {
      seen.set(key, j);
      return;
    }
    const target = blueprintKey(l);
    const sym = boardSymmetries(l.board.width, l.board.height).find((s) => blueprintKey(transformLevel(levels[i]!, s)) === target);
    out.push({ first: i, second: j, symmetry: sym?.name ?? 'unknown' });
  });
  return out;
}
