/**
 * Whole-level transforms: rotate 90° clockwise / counter-clockwise, 180°,
 * mirror left-right (files flipped) and mirror top-bottom (ranks flipped),
 * for every ruleset (issue 9 item 3). Pure TS, never throws.
 *
 * Every square-valued field moves with the board; a 90° turn swaps the
 * board's width and height. Directional fields turn too (UK-4 / CM-3 pawn
 * `facing`, through src-shared/pack/symmetry.ts `mapFacing`).
 *
 * Which transforms are offered, per ruleset (rulebooks + RULINGS):
 * - Unlock the King: all five. Every rule is direction-free except pawn
 *   facing (UK-4), which turns with the board; the portal (UK-6), walls
 *   (UK-1) and pieces move. The optimal par is unchanged (the puzzle is the
 *   same up to a board symmetry).
 * - Chess Maze: all five. Pawns have an explicit facing (CM-3) that turns
 *   with the board; holes, tiles (keys, locks, plates, transform squares,
 *   collectibles, letters, the finish) and the `capture` objective squares
 *   move. The spell word and the move limit are not square-based.
 * - King's Valley: all five. Moves slide in all 8 directions (KV-2), the
 *   valley is the centre square of an odd board (KV-1, KV-9) and maps to the
 *   centre again; nothing depends on a direction.
 * - Locking Chess: orthodox chess (LC-1) is not symmetric: pawns move
 *   towards the opponent and promote on the last rank, and castling (LC-12)
 *   needs the king and rook on their home squares. Only the left-right
 *   mirror keeps the puzzle legal, and only without castling rights (the
 *   mirrored king would stand on the d-file). Rotations and the top-bottom
 *   mirror are refused with a reason (`transform-unavailable`).
 *
 * The stored `solution` names squares and its `levelHash` no longer matches
 * the transformed level: it is removed in the same step (undo brings it
 * back), so the editor never shows a solution of the untransformed board.
 * `par` is kept: a board symmetry keeps the optimal move count (UK-7).
 */
import type { ChessMazeLevel, Facing, KingsValleyLevel, LockingChessLevel, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { parseSquare, squareName } from '../../src-shared/model/square.js';
import { SYMMETRIES, mapFacing, transformLevel as transformUk, type Symmetry } from '../../src-shared/rulesets/unlock-the-king/symmetry.js';
import { fenFromFields } from '../../src-shared/rulesets/orthodox/fen.js';
import { parseLfenFields } from '../../src-shared/rulesets/locking-chess/index.js';
import type { EditableLevel } from './default-doc.js';

/** The transforms the editor offers (action ids `level-<kind>`). */
export const LEVEL_TRANSFORMS = ['rotate-cw', 'rotate-ccw', 'rotate-180', 'mirror-h', 'mirror-v'] as const;
export type LevelTransform = (typeof LEVEL_TRANSFORMS)[number];

/** Menu / undo labels. `mirror-h` flips files (left <-> right), `mirror-v` flips ranks (top <-> bottom). */
export const TRANSFORM_LABEL: Record<LevelTransform, string> = {
  'rotate-cw': 'Rotate 90° clockwise',
  'rotate-ccw': 'Rotate 90° counter-clockwise',
  'rotate-180': 'Rotate 180°',
  'mirror-h': 'Mirror left ↔ right',
  'mirror-v': 'Mirror top ↔ bottom',
};

const SYMMETRY_OF: Record<LevelTransform, string> = {
  'rotate-cw': 'rot90',
  'rotate-ccw': 'rot270',
  'rotate-180': 'rot180',
  'mirror-h': 'flipH',
  'mirror-v': 'flipV',
};

/** The board symmetry (symmetry.ts) of a transform: rot90 = clockwise (a1 -> a8 on 8x8), flipH = files mirrored. */
export function symmetryOf(t: LevelTransform): Symmetry {
  return SYMMETRIES.find((s) => s.name === SYMMETRY_OF[t])!;
}

export type TransformResult = { ok: true; level: EditableLevel } | { ok: false; code: string; message: string };

/**
 * Whether transform `t` keeps `level` a legal puzzle of its ruleset (module
 * doc). Answers `{ok: true}` or `{ok: false, reason}` with the user-facing
 * reason (cites the ruling).
 */
export function transformAvailability(level: EditableLevel, t: LevelTransform): { ok: true } | { ok: false; reason: string } {
  if (level.ruleset !== 'locking-chess') return { ok: true };
  if (t !== 'mirror-h') {
    return { ok: false, reason: 'Locking Chess is orthodox chess (LC-1): pawns move towards the opponent, so only a left-right mirror keeps the puzzle' };
  }
  const r = parseLfenFields(level.position);
  if (!r.ok) return { ok: false, reason: 'The position (LFEN, LC-13) does not parse' };
  if (r.value.castling !== 0) return { ok: false, reason: 'Castling rights (LC-12) need the king and rooks on their home squares: a mirrored position would lose them' };
  return { ok: true };
}

function squareMapper(sym: Symmetry, w: number, h: number): (s: string) => string {
  return (s: string): string => {
    const c = parseSquare(s);
    if (!c) return s;
    const [f, r] = sym.map(c.file, c.rank, w, h);
    if (f < 0 || r < 0 || f > 25 || r > 25) return s;
    return squareName(f, r);
  };
}

/** Drops the stored solution (stale after any transform, see module doc). */
function withoutSolution<T extends EditableLevel>(l: T): T {
  const out = { ...l };
  delete out.solution;
  return out;
}

function transformCm(level: ChessMazeLevel, sym: Symmetry): ChessMazeLevel {
  const { width: w, height: h } = level.board;
  const sq = squareMapper(sym, w, h);
  const board: ChessMazeLevel['board'] = sym.swaps ? { width: h, height: w } : { width: w, height: h };
  if (level.board.holes) board.holes = level.board.holes.map(sq);
  const out: ChessMazeLevel = { ...level, board };
  out.pieces = level.pieces.map((p) => {
    const q = { ...p, square: sq(p.square) };
    if (p.role === 'pawn' || p.facing !== undefined) {
      const f = mapFacing(sym, (p.facing ?? 'north') as Facing, w, h);
      // An absent facing means north (CM-3): keep it absent when it still is north.
      if (p.facing === undefined && f === 'north') delete q.facing;
      else q.facing = f;
    }
    return q;
  });
  if (level.tiles) out.tiles = level.tiles.map((t) => ({ ...t, square: sq(t.square) }));
  if (level.objectives) {
    out.objectives = { ...level.objectives };
    if (level.objectives.capture) out.objectives.capture = level.objectives.capture.map(sq);
  }
  return out;
}

function transformKv(level: KingsValleyLevel, sym: Symmetry): KingsValleyLevel {
  const { width: w, height: h } = level.board;
  const sq = squareMapper(sym, w, h);
  const out: KingsValleyLevel = { ...level, board: sym.swaps ? { width: h, height: w } : { width: w, height: h } };
  if (level.pillars) out.pillars = level.pillars.map(sq);
  out.pieces = level.pieces.map((p) => ({ ...p, square: sq(p.square) }));
  return out;
}

function transformLc(level: LockingChessLevel, sym: Symmetry): TransformResult {
  const r = parseLfenFields(level.position);
  if (!r.ok) return { ok: false, code: 'transform-unavailable', message: 'The position (LFEN, LC-13) does not parse' };
  const f = r.value;
  const bottom = new Uint8Array(f.bottom.length);
  const top = new Uint8Array(f.top.length);
  for (let rank = 0; rank < 8; rank++) {
    for (let file = 0; file < 8; file++) {
      const [nf, nr] = sym.map(file, rank, 8, 8);
      bottom[nr * 16 + nf] = f.bottom[rank * 16 + file]!;
      top[nr * 16 + nf] = f.top[rank * 16 + file]!;
    }
  }
  let ep = f.ep;
  if (ep >= 0) {
    const [nf, nr] = sym.map(ep & 7, ep >> 4, 8, 8);
    ep = nr * 16 + nf;
  }
  const out: LockingChessLevel = { ...level, position: fenFromFields({ ...f, bottom, top, ep }) };
  if (level.pieces) {
    const sq = squareMapper(sym, 8, 8);
    out.pieces = level.pieces.map((p) => ({ ...p, square: sq(p.square) }));
  }
  return { ok: true, level: out };
}

/**
 * Applies transform `t` to the whole level (pure; a new level, the input is
 * not changed). Errors (never thrown): `transform-unavailable` when the
 * ruleset does not allow it (see transformAvailability).
 */
export function transformWholeLevel(level: EditableLevel, t: LevelTransform): TransformResult {
  const avail = transformAvailability(level, t);
  if (!avail.ok) return { ok: false, code: 'transform-unavailable', message: avail.reason };
  const sym = symmetryOf(t);
  switch (level.ruleset) {
    case 'unlock-the-king': {
      const out = transformUk(level as UnlockTheKingLevel, sym);
      // An absent facing means north (UK-4): keep it absent when it still is north.
      out.pieces = out.pieces.map((p, i) => {
        if (level.pieces[i]?.facing !== undefined || p.facing !== 'north') return p;
        const q = { ...p };
        delete q.facing;
        return q;
      });
      return { ok: true, level: withoutSolution(out) };
    }
    case 'chess-maze':
      return { ok: true, level: withoutSolution(transformCm(level, sym)) };
    case 'kings-valley':
      return { ok: true, level: withoutSolution(transformKv(level, sym)) };
    case 'locking-chess': {
      const r = transformLc(level, sym);
      return r.ok ? { ok: true, level: withoutSolution(r.level) } : r;
    }
  }
}

/**
 * Records the change from `tx.doc` to `next` as top-level `set` ops (one per
 * changed key; absent keys are removed), so a whole-level change is ONE
 * reversible history step and undo restores the document exactly.
 */
export function setWholeDoc<T extends object>(tx: { doc: T; set(path: readonly (string | number)[], after: unknown): void }, next: T): void {
  const keys = new Set([...Object.keys(tx.doc), ...Object.keys(next)]);
  for (const k of keys) tx.set([k], (next as Record<string, unknown>)[k]);
}
