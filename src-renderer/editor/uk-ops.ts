/**
 * Editing operations on an Unlock the King document (LEVEL-FORMAT-v1,
 * ruleset `unlock-the-king`). Each function records reversible ops on a
 * `Tx` (doc-ops.ts); the caller turns the Tx into one history step.
 *
 * These are *structural* edits: they keep one thing per layer on a square
 * (a later placement replaces what was there) but apply no game rules; a
 * king on the portal or two kings are legal edits that the live validation
 * (validateDocument, UK-2 / UK-6) reports. Squares are algebraic names
 * (RULINGS "Common"); off-board names are accepted and simply never drawn.
 */
import type { Facing, Role, UkColor, UkPiece, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { parseSquare } from '../../src-shared/model/square.js';
import type { Tx } from './doc-ops.js';

export type UkTx = Tx<UnlockTheKingLevel>;

/** The three things a square can hold in UK: a piece, a wall (UK-1), the portal (UK-6). */
export type ItemKind = 'piece' | 'wall' | 'portal';

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
export function topItem(doc: UnlockTheKingLevel, square: string): ItemKind | null {
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

/**
 * Puts a piece on `square`, replacing a piece already there (in place, so
 * the file keeps its piece order) and removing a wall there. A piece may
 * stand on the portal (UK-6); the portal stays.
 */
export function placePiece(tx: UkTx, square: string, spec: PieceSpec): void {
  removeWallAt(tx, square);
  const piece = makePiece(square, spec);
  const first = tx.doc.pieces.findIndex((p) => p.square === square);
  if (first < 0) {
    tx.insert(['pieces', tx.doc.pieces.length], piece);
    return;
  }
  // Remove duplicates beyond the first, then replace the first.
  for (let i = tx.doc.pieces.length - 1; i > first; i--) if (tx.doc.pieces[i]!.square === square) tx.remove(['pieces', i]);
  tx.set(['pieces', first], piece);
}

/** Puts a wall on `square`; a piece or the portal there is removed (a wall fills its square, UK-1/UK-6). */
export function placeWall(tx: UkTx, square: string): void {
  removePiecesAt(tx, square);
  if (tx.doc.portal === square) tx.set(['portal'], undefined);
  if ((tx.doc.walls ?? []).includes(square)) return;
  ensureWalls(tx);
  tx.insert(['walls', tx.doc.walls!.length], square);
}

/** Moves the (single, UK-6) portal to `square`, removing a wall there. Pieces there stay. */
export function placePortal(tx: UkTx, square: string): void {
  removeWallAt(tx, square);
  tx.set(['portal'], square);
}

/** Removes the top item of `square` (piece, else wall, else portal). Returns what was removed. */
export function eraseTop(tx: UkTx, square: string): ItemKind | null {
  const top = topItem(tx.doc, square);
  if (top === 'piece') removePiecesAt(tx, square);
  else if (top === 'wall') removeWallAt(tx, square);
  else if (top === 'portal') tx.set(['portal'], undefined);
  return top;
}

/** Removes everything on `square`. */
export function eraseAll(tx: UkTx, square: string): void {
  removePiecesAt(tx, square);
  removeWallAt(tx, square);
  if (tx.doc.portal === square) tx.set(['portal'], undefined);
}

/**
 * Moves the `kind` item from `from` to `to` with placement semantics at the
 * target (a piece replaces a piece and clears a wall; a wall clears
 * everything; the portal clears a wall). A piece keeps its index in
 * `pieces`. Returns false (and records nothing) when `from` holds no such
 * item or `from === to`.
 */
export function moveItem(tx: UkTx, from: string, to: string, kind: ItemKind): boolean {
  if (from === to) return false;
  const c = contentsAt(tx.doc, from);
  if (kind === 'piece') {
    if (!c.piece) return false;
    removeWallAt(tx, to);
    removePiecesAt(tx, to);
    const i = tx.doc.pieces.findIndex((p) => p.square === from);
    tx.set(['pieces', i], { ...tx.doc.pieces[i]!, square: to });
    return true;
  }
  if (kind === 'wall') {
    if (c.wallIndex < 0) return false;
    removeWallAt(tx, from);
    placeWall(tx, to);
    return true;
  }
  if (!c.portal) return false;
  placePortal(tx, to);
  return true;
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

/** True when `square` lies on a `width` x `height` board. */
export function squareOnBoard(square: string, width: number, height: number): boolean {
  const c = parseSquare(square);
  return !!c && c.file < width && c.rank < height;
}

/**
 * Resizes the board (a1 stays bottom-left; UK-1 allows 3..16, enforced by
 * the caller's inputs and reported by validation otherwise). Pieces, walls
 * and the portal left outside the new board are removed in the same step,
 * so one undo restores them.
 */
export function setBoardSize(tx: UkTx, width: number, height: number): void {
  for (let i = tx.doc.pieces.length - 1; i >= 0; i--) {
    if (!squareOnBoard(tx.doc.pieces[i]!.square, width, height)) tx.remove(['pieces', i]);
  }
  const walls = tx.doc.walls;
  if (walls) {
    for (let i = walls.length - 1; i >= 0; i--) {
      if (!squareOnBoard(tx.doc.walls![i]!, width, height)) tx.remove(['walls', i]);
    }
  }
  if (tx.doc.portal !== undefined && !squareOnBoard(tx.doc.portal, width, height)) tx.set(['portal'], undefined);
  tx.set(['board'], { ...tx.doc.board, width, height });
}

export type MetaField = 'title' | 'author' | 'description';

/** Sets a meta text field; an empty author/description is removed (optional in the format), a title is kept even when empty. */
export function setMeta(tx: UkTx, field: MetaField, value: string): void {
  tx.set(['meta', field], value === '' && field !== 'title' ? undefined : value);
}

/** Sets the designer's par (UK-7), or removes it with `undefined`. */
export function setPar(tx: UkTx, par: number | undefined): void {
  tx.set(['par'], par);
}
