/**
 * Symmetry-aware duplicate detection for Unlock the King blueprints (the
 * pack rule "no two alike, rotations and reflections included").
 *
 * A square board has the 8 symmetries of the dihedral group D4 (4 rotations,
 * 4 reflections); a non-square board only the 4 that keep its shape
 * (identity, 180° turn, the two mirror flips). Pawn facings (UK-4) turn with
 * the board: a north-facing pawn on a board rotated 90° clockwise faces east.
 * Piece colours are cosmetic (UK-2) and ignored; so are meta, par, solution.
 */
import type { UnlockTheKingLevel } from '../../model/level.js';
import { parseSquare, squareName } from '../../model/square.js';
import { SYMMETRIES, boardSymmetries, mapFacing, type Symmetry } from '../../model/symmetry.js';

/** Deep copy of plain JSON data. */
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

export { SYMMETRIES, mapFacing, boardSymmetries, type Symmetry };

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
  const pieces = level.pieces.map((p) => `${p.role}@${p.square}${p.role === 'pawn' ? `:${p.facing ?? 'north'}${p.lateral ? '+l' : ''}` : ''}`).sort();
  const walls = [...(level.walls ?? [])].sort();
  return `${level.board.width}x${level.board.height}|P${level.portal}|W${walls.join(',')}|${pieces.join(',')}`;
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
