/**
 * Editing operations on an Unlock the King document (LEVEL-FORMAT-v1,
 * ruleset `unlock-the-king`). Each function records reversible ops on a
 * `Tx` (doc-ops.ts); the caller turns the Tx into one history step.
 *
 * These are *structural* edits: they keep one thing per layer on a square
 * and apply no game rules; a king on the portal or two kings are legal
 * edits that the live validation (validateDocument, UK-2 / UK-6) reports.
 * Squares are algebraic names (RULINGS "Common"); off-board names are
 * accepted and simply never drawn.
 *
 * Placing (an explicit palette action) may replace what is on the target
 * square and answers what it replaced, so the editor can name it; moving
 * (a drag) never destroys anything: a move onto an occupied square is
 * refused. A piece may stand on the portal (UK-6). Painting walls (the
 * terrain tools) skips squares with a piece or the portal.
 */
import type { Facing, Role, UkColor, UkPiece, UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { NO_SHIFT, shiftSquare, type Shift } from '../../editor/anchor.js';
import type { Tx } from '../../editor/doc-ops.js';
import type { PaintResult } from '../../editor/terrain-tools.js';
import { squareOnBoard, type MoveOutcome } from '../ruleset-ui.js';

export type UkTx = Tx<UnlockTheKingLevel>;

/** The three things a square can hold in UK: a piece, a wall (UK-1), the portal (UK-6). */
export type UkItemKind = 'piece' | 'wall' | 'portal';

export { squareOnBoard, type MoveOutcome };

/** Properties of a piece to place (UK-2 colours are cosmetic; UK-4 pawn facing / lateral). */
export interface PieceSpec {
  role: Role;
  color: UkColor;
  facing?: Facing;
  lateral?: boolean;
}

export interface SquareContents {
  /** Index into `pieces` of the (first) piece on the square. */
  pieceIndex: number;
  piece?: UkPiece;
  /** Index into `walls`, or -1. */
  wallIndex: number;
  portal: boolean;
}

/** What stands on `square`. */
export function contentsAt(doc: UnlockTheKingLevel, square: string): SquareContents {
  const pieceIndex = doc.pieces.findIndex((p) => p.square === square);
  const wallIndex = (doc.walls ?? []).indexOf(square);
  const out: SquareContents = { pieceIndex, wallIndex, portal: doc.portal === square };
  if (pieceIndex >= 0) out.piece = doc.pieces[pieceIndex]!;
  return out;
}

/** The item drawn on top (what a click or drag grabs): piece, then wall, then portal. */
export function topItem(doc: UnlockTheKingLevel, square: string): UkItemKind | null {
  const c = contentsAt(doc, square);
  if (c.piece) return 'piece';
  if (c.wallIndex >= 0) return 'wall';
  if (c.portal) return 'portal';
  return null;
}

/** Builds the stored piece object: pawns always carry `facing` and `lateral` (UK-4), others never do. */
export function makePiece(square: string, spec: PieceSpec): UkPiece {
  const p: UkPiece = { role: spec.role, square, color: spec.color };
  if (spec.role === 'pawn') {
    p.facing = spec.facing ?? 'north';
    p.lateral = spec.lateral ?? false;
  }
  return p;
}

function removePiecesAt(tx: UkTx, square: string): void {
  for (let i = tx.doc.pieces.length - 1; i >= 0; i--) {
    if (tx.doc.pieces[i]!.square === square) tx.remove(['pieces', i]);
  }
}

function removeWallAt(tx: UkTx, square: string): void {
  const walls = tx.doc.walls;
  if (!walls) return;
  for (let i = walls.length - 1; i >= 0; i--) if (tx.doc.walls![i] === square) tx.remove(['walls', i]);
}

function ensureWalls(tx: UkTx): void {
  if (!tx.doc.walls) tx.set(['walls'], []);
}

/** Human name of a piece for notices: `ivory rook on e4`. */
export function describePiece(p: UkPiece): string {
  return `${p.color ?? 'ivory'} ${p.role} on ${p.square}`;
}

/**
 * Puts a piece on `square`, replacing a piece already there (in place, so
 * the file keeps its piece order) and removing a wall there. A piece may
 * stand on the portal (UK-6); the portal stays. Answers what was replaced
 * (`["ivory rook on e4"]`, `["wall on d4"]`; empty when the square was free
 * or already held exactly this piece).
 */
export function placePiece(tx: UkTx, square: string, spec: PieceSpec): string[] {
  const replaced: string[] = [];
  const piece = makePiece(square, spec);
  if ((tx.doc.walls ?? []).includes(square)) replaced.push(`wall on ${square}`);
  removeWallAt(tx, square);
  const first = tx.doc.pieces.findIndex((p) => p.square === square);
  if (first < 0) {
    tx.insert(['pieces', tx.doc.pieces.length], piece);
    return replaced;
  }
  // Remove duplicates beyond the first, then replace the first.
  for (let i = tx.doc.pieces.length - 1; i > first; i--) {
    if (tx.doc.pieces[i]!.square === square) {
      replaced.push(describePiece(tx.doc.pieces[i]!));
      tx.remove(['pieces', i]);
    }
  }
  const old = tx.doc.pieces[first]!;
  const before = tx.ops.length;
  tx.set(['pieces', first], piece);
  if (tx.ops.length > before) replaced.unshift(describePiece(old));
  return replaced;
}

/**
 * Puts a wall on `square`; a piece or the portal there is removed (a wall
 * fills its square, UK-1/UK-6). Answers what was replaced.
 */
export function placeWall(tx: UkTx, square: string): string[] {
  const replaced = tx.doc.pieces.filter((p) => p.square === square).map(describePiece);
  removePiecesAt(tx, square);
  if (tx.doc.portal === square) {
    replaced.push(`portal on ${square}`);
    tx.set(['portal'], undefined);
  }
  if ((tx.doc.walls ?? []).includes(square)) return replaced;
  ensureWalls(tx);
  tx.insert(['walls', tx.doc.walls!.length], square);
  return replaced;
}

/**
 * Moves the (single, UK-6) portal to `square`, removing a wall there.
 * Pieces there stay. Answers what was replaced (`["wall on d4"]`).
 */
export function placePortal(tx: UkTx, square: string): string[] {
  const replaced = (tx.doc.walls ?? []).includes(square) ? [`wall on ${square}`] : [];
  removeWallAt(tx, square);
  tx.set(['portal'], square);
  return replaced;
}

/** Removes the top item of `square` (piece, else wall, else portal). Returns what was removed. */
export function eraseTop(tx: UkTx, square: string): UkItemKind | null {
  const top = topItem(tx.doc, square);
  if (top === 'piece') removePiecesAt(tx, square);
  else if (top === 'wall') removeWallAt(tx, square);
  else if (top === 'portal') tx.set(['portal'], undefined);
  return top;
}

/** True when `square` holds a wall (UK-1). */
export function isWall(doc: UnlockTheKingLevel, square: string): boolean {
  return (doc.walls ?? []).includes(square);
}

/**
 * Paints `squares` with walls (`mode` = `wall`) or floor (any other mode:
 * the walls there go). A wall never replaces a piece or the portal: such
 * squares are skipped (UK-6; the designer erases first). Off-board squares
 * are ignored. Answers what changed and what was skipped.
 */
export function paintWalls(tx: UkTx, squares: readonly string[], mode: string): PaintResult {
  const changed: string[] = [];
  const skipped: string[] = [];
  const { width, height } = tx.doc.board;
  for (const sq of squares) {
    if (!squareOnBoard(sq, width, height)) continue;
    const wall = isWall(tx.doc, sq);
    if (mode === 'wall') {
      if (wall) continue;
      if (tx.doc.portal === sq || tx.doc.pieces.some((p) => p.square === sq)) {
        skipped.push(sq);
        continue;
      }
      ensureWalls(tx);
      tx.insert(['walls', tx.doc.walls!.length], sq);
      changed.push(sq);
    } else if (wall) {
      removeWallAt(tx, sq);
      changed.push(sq);
    }
  }
  return { changed, skipped };
}

/** Removes everything on `square`. */
export function eraseAll(tx: UkTx, square: string): void {
  removePiecesAt(tx, square);
  removeWallAt(tx, square);
  if (tx.doc.portal === square) tx.set(['portal'], undefined);
}

/**
 * Moves the `kind` item from `from` to `to`. A move never destroys
 * anything: it is refused (`{ok: false, refused: "e4 is occupied"}`,
 * nothing recorded) when the target holds a piece or a wall, or, for a wall
 * or the portal, also the portal / a piece. A piece may move onto the
 * portal, which stays (UK-6). A piece keeps its index in `pieces`.
 * `{ok: false}` without a reason (nothing recorded) when `from` holds no
 * such item or `from === to`.
 */
export function moveItem(tx: UkTx, from: string, to: string, kind: string): MoveOutcome {
  if (from === to || (kind !== 'piece' && kind !== 'wall' && kind !== 'portal')) return { ok: false };
  const c = contentsAt(tx.doc, from);
  const t = contentsAt(tx.doc, to);
  const occupied = { ok: false as const, refused: `${to} is occupied` };
  if (kind === 'piece') {
    if (!c.piece) return { ok: false };
    if (t.piece || t.wallIndex >= 0) return occupied;
    const i = tx.doc.pieces.findIndex((p) => p.square === from);
    tx.set(['pieces', i], { ...tx.doc.pieces[i]!, square: to });
    return { ok: true };
  }
  if (kind === 'wall') {
    if (c.wallIndex < 0) return { ok: false };
    if (t.piece || t.wallIndex >= 0 || t.portal) return occupied;
    tx.set(['walls', c.wallIndex], to);
    return { ok: true };
  }
  if (!c.portal) return { ok: false };
  if (t.wallIndex >= 0) return occupied;
  tx.set(['portal'], to);
  return { ok: true };
}

/** Properties of an existing piece that the inspector edits. */
export type PiecePatch = Partial<Pick<UkPiece, 'role' | 'color' | 'facing' | 'lateral'>>;

/**
 * Changes the piece on `square`. Turning a piece into a pawn gives it
 * `facing: north, lateral: false` unless the patch says otherwise (UK-4
 * defaults); turning a pawn into anything else drops both fields.
 * Returns false when there is no piece.
 */
export function setPieceProps(tx: UkTx, square: string, patch: PiecePatch): boolean {
  const i = tx.doc.pieces.findIndex((p) => p.square === square);
  if (i < 0) return false;
  const old = tx.doc.pieces[i]!;
  const role = patch.role ?? old.role;
  const next: UkPiece = { role, square, color: patch.color ?? old.color ?? 'ivory' };
  if (role === 'pawn') {
    next.facing = patch.facing ?? old.facing ?? 'north';
    next.lateral = patch.lateral ?? old.lateral ?? false;
  }
  tx.set(['pieces', i], next);
  return true;
}

/**
 * What a resize to `width` x `height` would remove (pieces, walls and the
 * portal outside the new board once the content moved by `shift`, see
 * editor/anchor.ts), as notice text: `["ivory rook on h8", "wall on g7",
 * "portal on e8"]`. Empty when nothing is lost.
 */
export function removedByResize(doc: UnlockTheKingLevel, width: number, height: number, shift: Shift = NO_SHIFT): string[] {
  const out: string[] = [];
  const off = (sq: string): boolean => shiftSquare(sq, shift, width, height) === null;
  for (const p of doc.pieces) if (off(p.square)) out.push(describePiece(p));
  for (const w of doc.walls ?? []) if (off(w)) out.push(`wall on ${w}`);
  if (doc.portal !== undefined && off(doc.portal)) out.push(`portal on ${doc.portal}`);
  return out;
}

/**
 * Resizes the board, the content moved by `shift` (default none: a1 stays
 * bottom-left; UK-1 allows 3..16, enforced by the caller's inputs and
 * reported by validation otherwise). Pieces, walls and the portal left
 * outside the new board are removed in the same step, so one undo restores
 * them.
 */
export function setBoardSize(tx: UkTx, width: number, height: number, shift: Shift = NO_SHIFT): void {
  for (let i = tx.doc.pieces.length - 1; i >= 0; i--) {
    const to = shiftSquare(tx.doc.pieces[i]!.square, shift, width, height);
    if (to === null) tx.remove(['pieces', i]);
    else if (to !== tx.doc.pieces[i]!.square) tx.set(['pieces', i, 'square'], to);
  }
  const walls = tx.doc.walls;
  if (walls) {
    for (let i = walls.length - 1; i >= 0; i--) {
      const to = shiftSquare(tx.doc.walls![i]!, shift, width, height);
      if (to === null) tx.remove(['walls', i]);
      else if (to !== tx.doc.walls![i]) tx.set(['walls', i], to);
    }
  }
  if (tx.doc.portal !== undefined) tx.set(['portal'], shiftSquare(tx.doc.portal, shift, width, height) ?? undefined);
  tx.set(['board'], { ...tx.doc.board, width, height });
}

/** A text field of `meta`. */
export type MetaField = 'title' | 'author' | 'description';

/** Sets a meta text field; an empty author/description is removed (optional in the format), a title is kept even when empty. */
export function setMeta(tx: UkTx, field: MetaField, value: string): void {
  tx.set(['meta', field], value === '' && field !== 'title' ? undefined : value);
}

/** Sets the designer's par (UK-7), or removes it with `undefined`. */
export function setPar(tx: UkTx, par: number | undefined): void {
  tx.set(['par'], par);
}
