/**
 * Whole-level board symmetries, generic over a ruleset's square fields
 * (SquareFields, ruleset.ts): every item moves with the board, directional
 * props turn (`turn`: UK-4 / CM-3 pawn facing), other square-valued fields
 * move (`mapOther`: the CM-11 capture squares, the LC-11 en passant square)
 * and a quarter turn swaps the board's width and height. Whether the
 * symmetry keeps the puzzle legal is the ruleset's `symmetryAvailability`
 * (LC-1: only the left-right mirror without castling rights).
 *
 * Pure TS, never throws. Squares that do not parse are kept as they are.
 */
import { parseSquare, squareName } from '../model/square.js';
import { boardSymmetries, type Symmetry } from '../model/symmetry.js';
import type { LevelBase, RulesetDef } from '../ruleset.js';

/** Maps square names through `sym` on a `w` x `h` board (unparsable names unchanged). */
export function squareMapper(sym: Symmetry, w: number, h: number): (square: string) => string {
  return (s: string): string => {
    const c = parseSquare(s);
    if (!c) return s;
    const [f, r] = sym.map(c.file, c.rank, w, h);
    if (f < 0 || r < 0 || f > 25 || r > 25) return s;
    return squareName(f, r);
  };
}

/** Whether `sym` keeps `level` a legal puzzle of its ruleset (`def.symmetryAvailability`; default yes). */
export function symmetryAllowed<L extends LevelBase>(def: RulesetDef<L>, level: L, sym: Symmetry): { ok: true } | { ok: false; reason: string } {
  return def.symmetryAvailability ? def.symmetryAvailability(level, sym) : { ok: true };
}

/**
 * `level` mapped through `sym` (a new level; the input is not changed):
 * items, other square fields and the board size. The stored `solution`
 * is kept as it is (callers that show the result drop it: it names the old
 * squares). Answers `{ok: false, code: 'transform-unavailable', message}`
 * when the ruleset does not allow the symmetry.
 */
export function transformLevel<L extends LevelBase>(
  def: RulesetDef<L>,
  level: L,
  sym: Symmetry,
): { ok: true; level: L } | { ok: false; code: 'transform-unavailable'; message: string } {
  const avail = symmetryAllowed(def, level, sym);
  if (!avail.ok) return { ok: false, code: 'transform-unavailable', message: avail.reason };
  const { width: w, height: h } = level.board;
  const map = squareMapper(sym, w, h);
  const sq = def.squares;
  const items = sq.items(level).map((it) => {
    const moved = { ...it, square: map(it.square) };
    return sq.turn ? sq.turn(moved, sym, w, h) : moved;
  });
  const resized = { ...level, board: { ...level.board, width: sym.swaps ? h : w, height: sym.swaps ? w : h } };
  const other = sq.mapOther ? sq.mapOther(resized, map) : resized;
  return { ok: true, level: sq.withItems(other, items) };
}

/**
 * The symmetries that apply to a level: those keeping its board shape (all
 * 8 on a square board, else identity, the half turn and the two mirrors)
 * that its ruleset allows.
 */
export function levelSymmetries<L extends LevelBase>(def: RulesetDef<L>, level: L): Symmetry[] {
  return boardSymmetries(level.board.width, level.board.height).filter((s) => symmetryAllowed(def, level, s).ok);
}
