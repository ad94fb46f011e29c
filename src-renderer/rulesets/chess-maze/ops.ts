/**
 * Editing operations on a Chess Maze document (LEVEL-FORMAT-v1, ruleset
 * `chess-maze`, RULINGS CM-1..CM-15). Each function records reversible ops
 * on a `Tx` (doc-ops.ts); the caller turns the Tx into one history step.
 *
 * Structure of a square, as the editor keeps it (the CM-14 "builder
 * overlap" rules that are local to one square are kept at click time, the
 * rest is left to the live validation):
 * - terrain: playable floor, or a hole (`board.holes`, CM-1);
 * - a piece (one per square, CM-14), with a side (CM-2);
 * - tiles in layers: floor (lock | plate | transform), key,
 *   collectible (coin | gem | letter), finish. One tile per layer; a
 *   transform holds nothing else; a key shares its square with no
 *   collectible, plate, finish or same-colour lock (CM-14).
 *
 * Placing (an explicit palette action) replaces what conflicts on the
 * target square and answers descriptions of what it replaced, so the editor
 * can name them; placing on a hole makes the square floor. Moving (a drag)
 * never destroys anything: a move onto a hole or onto a square where the
 * item would conflict is refused. Painting holes skips squares that hold
 * anything. Pure TS, never throws.
 */
import {
  CM_COLORS,
  TRANSFORM_TYPES,
  type ChessMazeLevel,
  type CmColor,
  type CmObjectives,
  type CmPiece,
  type CmSide,
  type CmTile,
  type CmTileKind,
  type Facing,
  type Role,
  type TransformType,
} from '../../../src-shared/model/level.js';
import { CM_TILE_TOP_ORDER } from '../../../src-shared/rulesets/chess-maze/display.js';
import { NO_SHIFT, shiftSquare, type Shift } from '../../editor/anchor.js';
import type { Tx } from '../../editor/doc-ops.js';
import { fillRegion as floodFill, type PaintResult } from '../../editor/terrain-tools.js';
import { rectSquares, squareOnBoard, type MoveOutcome } from '../ruleset-ui.js';

export type CmTx = Tx<ChessMazeLevel>;

/** What a click or drag grabs in Chess Maze: a piece, or a tile by kind. */
export type CmItemKind = 'piece' | CmTileKind;

export { rectSquares, squareOnBoard, type MoveOutcome, type PaintResult };

/** Tile layers of one square (see module doc). */
export type TileLayer = 'floor' | 'key' | 'collectible' | 'finish';

export const TILE_KINDS: readonly CmTileKind[] = ['key', 'lock', 'plate', 'coin', 'gem', 'letter', 'transform', 'finish'];

/** Drawing / grabbing order, top first: what a click on a square picks after the piece (the display's order). */
export const TILE_TOP_ORDER: readonly CmTileKind[] = CM_TILE_TOP_ORDER;

export function layerOf(kind: CmTileKind): TileLayer {
  switch (kind) {
    case 'lock':
    case 'plate':
    case 'transform':
      return 'floor';
    case 'key':
      return 'key';
    case 'finish':
      return 'finish';
    default:
      return 'collectible';
  }
}

export function isColoredKind(kind: CmTileKind): kind is 'key' | 'lock' | 'plate' {
  return kind === 'key' || kind === 'lock' || kind === 'plate';
}

/** Properties of a tile to place. Missing ones get defaults (blue, letter A, every transform type). */
export interface TileSpec {
  kind: CmTileKind;
  color?: CmColor;
  letter?: string;
  allowed?: TransformType[];
}

/** Properties of a piece to place (CM-2 side, CM-3 pawn facing). */
export interface CmPieceSpec {
  role: Role;
  side: CmSide;
  facing?: Facing;
}

/** Builds the stored tile object. Transform types are kept in `TRANSFORM_TYPES` order, deduplicated (CM-10). */
export function makeTile(square: string, spec: TileSpec): CmTile {
  switch (spec.kind) {
    case 'key':
    case 'lock':
    case 'plate':
      return { kind: spec.kind, square, color: spec.color ?? 'blue' };
    case 'letter':
      return { kind: 'letter', square, letter: normLetter(spec.letter) };
    case 'transform':
      return { kind: 'transform', square, allowed: normAllowed(spec.allowed) };
    default:
      return { kind: spec.kind, square };
  }
}

/** `a` → `A`; anything but one letter → `A` (CM-9 letter tiles hold one capital). */
export function normLetter(l: string | undefined): string {
  const c = (l ?? '').trim().toUpperCase().charAt(0);
  return /^[A-Z]$/.test(c) ? c : 'A';
}

/** Allowed transform types in canonical order; empty or missing = all five (CM-10). */
export function normAllowed(a: readonly string[] | undefined): TransformType[] {
  const set = new Set(a ?? []);
  const out = TRANSFORM_TYPES.filter((t) => set.has(t));
  return out.length ? out : [...TRANSFORM_TYPES];
}

/** Builds the stored piece object: pawns carry `facing` (default north, CM-3), others never do. */
export function makeCmPiece(square: string, spec: CmPieceSpec): CmPiece {
  const p: CmPiece = { role: spec.role, square, side: spec.side };
  if (spec.role === 'pawn') p.facing = spec.facing ?? 'north';
  return p;
}

/** Human name of a tile for notices: `red key`, `coin`, `letter A`, `transform (N/Q)`. */
export function describeTile(t: CmTile): string {
  switch (t.kind) {
    case 'key':
    case 'lock':
    case 'plate':
      return `${t.color} ${t.kind}`;
    case 'letter':
      return `letter ${t.letter}`;
    case 'transform':
      return `transform (${t.allowed.map((a) => TT_LETTER[a]).join('/')})`;
    default:
      return t.kind;
  }
}

/** Human name of a piece for notices: `player rook`, `enemy pawn`. */
export function describeCmPiece(p: CmPiece): string {
  return `${p.side} ${p.role}`;
}

export const TT_LETTER: Record<TransformType, string> = { knight: 'N', bishop: 'B', rook: 'R', queen: 'Q', king: 'K' };

// ---------------------------------------------------------------- reading

export function isHole(doc: ChessMazeLevel, square: string): boolean {
  return (doc.board.holes ?? []).includes(square);
}

export function pieceIndexAt(doc: ChessMazeLevel, square: string): number {
  return doc.pieces.findIndex((p) => p.square === square);
}

export function pieceAt(doc: ChessMazeLevel, square: string): CmPiece | undefined {
  return doc.pieces.find((p) => p.square === square);
}

/** Tiles on `square`, in document order. */
export function tilesAt(doc: ChessMazeLevel, square: string): CmTile[] {
  return (doc.tiles ?? []).filter((t) => t.square === square);
}

/** What a click or drag grabs: the piece, else the top tile (TILE_TOP_ORDER), else null. */
export function topItem(doc: ChessMazeLevel, square: string): CmItemKind | null {
  if (pieceAt(doc, square)) return 'piece';
  const here = tilesAt(doc, square);
  for (const k of TILE_TOP_ORDER) if (here.some((t) => t.kind === k)) return k;
  return null;
}

/** True when nothing (piece or tile) stands on the square. */
export function isEmptySquare(doc: ChessMazeLevel, square: string): boolean {
  return !pieceAt(doc, square) && tilesAt(doc, square).length === 0;
}

/**
 * Tiles on `square` that a tile `spec` placed there would conflict with
 * (CM-14 square-local rules; see module doc), `except` ignored (the tile
 * being moved).
 */
export function conflictingTiles(doc: ChessMazeLevel, square: string, spec: TileSpec, except?: CmTile): CmTile[] {
  const here = tilesAt(doc, square).filter((t) => t !== except);
  const layer = layerOf(spec.kind);
  const color = spec.color ?? 'blue';
  return here.filter((t) => {
    if (spec.kind === 'transform' || t.kind === 'transform') return true;
    if (layerOf(t.kind) === layer) return true;
    if (spec.kind === 'key') return layerOf(t.kind) === 'collectible' || t.kind === 'plate' || t.kind === 'finish' || (t.kind === 'lock' && t.color === color);
    if (t.kind === 'key') {
      return layer === 'collectible' || spec.kind === 'plate' || spec.kind === 'finish' || (spec.kind === 'lock' && t.color === color);
    }
    return false;
  });
}

function sameTile(a: CmTile, b: CmTile): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

// ---------------------------------------------------------------- low-level writes

function ensureTiles(tx: CmTx): void {
  if (!tx.doc.tiles) tx.set(['tiles'], []);
}

function removeTileObj(tx: CmTx, tile: CmTile): void {
  const i = (tx.doc.tiles ?? []).indexOf(tile);
  if (i >= 0) tx.remove(['tiles', i]);
}

function setHole(tx: CmTx, square: string, hole: boolean): boolean {
  const holes = tx.doc.board.holes ?? [];
  const has = holes.includes(square);
  if (hole === has) return false;
  if (hole) {
    if (!tx.doc.board.holes) tx.set(['board', 'holes'], []);
    tx.insert(['board', 'holes', tx.doc.board.holes!.length], square);
  } else {
    for (let i = holes.length - 1; i >= 0; i--) if (tx.doc.board.holes![i] === square) tx.remove(['board', 'holes', i]);
    if (tx.doc.board.holes!.length === 0) tx.set(['board', 'holes'], undefined);
  }
  return true;
}

// ---------------------------------------------------------------- placing

/**
 * Puts a piece on `square` (CM-14: one piece per square): a piece there is
 * replaced in place (the file keeps its piece order); a hole there becomes
 * floor. Answers what was replaced (`["enemy rook on e4"]`, `["hole on c3"]`).
 */
export function placePiece(tx: CmTx, square: string, spec: CmPieceSpec): string[] {
  const replaced: string[] = [];
  if (setHole(tx, square, false)) replaced.push(`hole on ${square}`);
  const piece = makeCmPiece(square, spec);
  const first = pieceIndexAt(tx.doc, square);
  if (first < 0) {
    tx.insert(['pieces', tx.doc.pieces.length], piece);
    return replaced;
  }
  for (let i = tx.doc.pieces.length - 1; i > first; i--) {
    if (tx.doc.pieces[i]!.square === square) {
      replaced.push(`${describeCmPiece(tx.doc.pieces[i]!)} on ${square}`);
      tx.remove(['pieces', i]);
    }
  }
  const old = tx.doc.pieces[first]!;
  const before = tx.ops.length;
  tx.set(['pieces', first], piece);
  if (tx.ops.length > before) replaced.unshift(`${describeCmPiece(old)} on ${square}`);
  return replaced;
}

/**
 * Puts a tile on `square`, removing the tiles it conflicts with there
 * (`conflictingTiles`); a hole there becomes floor. The finish is single
 * (CM-14 exactly one): placing it moves it. Placing a tile identical to one
 * already there changes nothing. Answers what was replaced
 * (`["coin on c5", "hole on c3"]`; a moved finish is not "replaced").
 */
export function placeTile(tx: CmTx, square: string, spec: TileSpec): string[] {
  const tile = makeTile(square, spec);
  const here = tilesAt(tx.doc, square);
  if (here.some((t) => sameTile(t, tile))) return [];
  const replaced: string[] = [];
  if (setHole(tx, square, false)) replaced.push(`hole on ${square}`);
  for (const t of conflictingTiles(tx.doc, square, { kind: tile.kind, color: 'color' in tile ? tile.color : undefined })) {
    replaced.push(`${describeTile(t)} on ${square}`);
    removeTileObj(tx, t);
  }
  if (tile.kind === 'finish') {
    for (const t of (tx.doc.tiles ?? []).filter((x) => x.kind === 'finish')) removeTileObj(tx, t);
  }
  ensureTiles(tx);
  tx.insert(['tiles', tx.doc.tiles!.length], tile);
  return replaced;
}

/**
 * What placing a tile of `kind` on `square` moves rather than replaces, as
 * notice sentences: the single finish (CM-14 exactly one) placed elsewhere
 * moves there ("Moved the finish from a1 to h8"). Empty otherwise.
 */
export function movedByPlacement(doc: ChessMazeLevel, square: string, kind: CmTileKind): string[] {
  if (kind !== 'finish') return [];
  return (doc.tiles ?? []).filter((t) => t.kind === 'finish' && t.square !== square).map((t) => `Moved the finish from ${t.square} to ${square}`);
}

/** Removes the top item of `square` (piece, else the top tile). Answers what was removed. */
export function eraseTop(tx: CmTx, square: string): CmItemKind | null {
  const top = topItem(tx.doc, square);
  if (top === 'piece') {
    for (let i = tx.doc.pieces.length - 1; i >= 0; i--) if (tx.doc.pieces[i]!.square === square) tx.remove(['pieces', i]);
  } else if (top) {
    const t = tilesAt(tx.doc, square).find((x) => x.kind === top);
    if (t) removeTileObj(tx, t);
  }
  return top;
}

/** Removes the tile of `kind` on `square` (inspector "Remove"). False when there is none. */
export function removeTile(tx: CmTx, square: string, kind: CmTileKind): boolean {
  const t = tilesAt(tx.doc, square).find((x) => x.kind === kind);
  if (!t) return false;
  removeTileObj(tx, t);
  return true;
}

/**
 * Moves the item `kind` from `from` to `to`. Refused (nothing recorded,
 * `refused` says why) when `to` is a hole, holds a piece (moving a piece),
 * or holds a tile the moved tile would conflict with (moving a tile). A
 * piece may move onto tiles. `{ok: false}` without a reason when `from`
 * holds no such item or `from === to`.
 */
export function moveItem(tx: CmTx, from: string, to: string, kind: string): MoveOutcome {
  if (from === to) return { ok: false };
  if (kind === 'piece') {
    const i = pieceIndexAt(tx.doc, from);
    if (i < 0) return { ok: false };
    if (isHole(tx.doc, to)) return { ok: false, refused: `${to} is a hole` };
    if (pieceAt(tx.doc, to)) return { ok: false, refused: `${to} is occupied` };
    tx.set(['pieces', i], { ...tx.doc.pieces[i]!, square: to });
    return { ok: true };
  }
  const tiles = tx.doc.tiles ?? [];
  const i = tiles.findIndex((t) => t.square === from && t.kind === kind);
  if (i < 0) return { ok: false };
  if (isHole(tx.doc, to)) return { ok: false, refused: `${to} is a hole` };
  const tile = tiles[i]!;
  if (conflictingTiles(tx.doc, to, { kind: tile.kind, color: 'color' in tile ? tile.color : undefined }, tile).length > 0)
    return { ok: false, refused: `${to} is occupied` };
  tx.set(['tiles', i], { ...tile, square: to });
  return { ok: true };
}

// ---------------------------------------------------------------- terrain (CM-1)

export type PaintMode = 'floor' | 'hole';

/**
 * Paints `squares` as floor or holes. Painting a hole skips squares that
 * hold a piece or a tile (nothing is ever destroyed by painting).
 */
export function paintSquares(tx: CmTx, squares: readonly string[], mode: PaintMode | string): PaintResult {
  const changed: string[] = [];
  const skipped: string[] = [];
  const { width, height } = tx.doc.board;
  for (const sq of squares) {
    if (!squareOnBoard(sq, width, height)) continue;
    if (mode === 'hole' && !isHole(tx.doc, sq) && !isEmptySquare(tx.doc, sq)) {
      skipped.push(sq);
      continue;
    }
    if (setHole(tx, sq, mode === 'hole')) changed.push(sq);
  }
  return { changed, skipped };
}

/**
 * Flood-fill region: the squares 4-connected to `start` with the same
 * terrain (all holes, or all floor), on the board. Empty when `start` is
 * off the board.
 */
export function fillRegion(doc: ChessMazeLevel, start: string): string[] {
  return floodFill(doc, start, isHole);
}

// ---------------------------------------------------------------- board size

/**
 * What a resize to `width` x `height` would remove once the content moved
 * by `shift` (editor/anchor.ts): pieces and tiles outside the new board,
 * as notice text (`["player knight on f6", "red key on f2"]`). Holes
 * outside are terrain, not content, and are not listed.
 */
export function removedByResize(doc: ChessMazeLevel, width: number, height: number, shift: Shift = NO_SHIFT): string[] {
  const out: string[] = [];
  const off = (sq: string): boolean => shiftSquare(sq, shift, width, height) === null;
  for (const p of doc.pieces) if (off(p.square)) out.push(`${describeCmPiece(p)} on ${p.square}`);
  for (const t of doc.tiles ?? []) if (off(t.square)) out.push(`${describeTile(t)} on ${t.square}`);
  return out;
}

/**
 * Resizes the board (CM-1, 1..26 each, enforced by the caller's inputs),
 * the content moved by `shift` (default none: a1 stays bottom-left);
 * everything that lands inside is kept, squares added are floor. Pieces,
 * tiles and holes outside are removed in the same step; the capture
 * objective's squares (CM-15) move with the board (those that fall off go).
 */
export function setBoardSize(tx: CmTx, width: number, height: number, shift: Shift = NO_SHIFT): void {
  const to = (sq: string): string | null => shiftSquare(sq, shift, width, height);
  for (let i = tx.doc.pieces.length - 1; i >= 0; i--) {
    const sq = to(tx.doc.pieces[i]!.square);
    if (sq === null) tx.remove(['pieces', i]);
    else tx.set(['pieces', i, 'square'], sq);
  }
  const tiles = tx.doc.tiles;
  if (tiles) {
    for (let i = tiles.length - 1; i >= 0; i--) {
      const sq = to(tx.doc.tiles![i]!.square);
      if (sq === null) tx.remove(['tiles', i]);
      else tx.set(['tiles', i, 'square'], sq);
    }
  }
  const holes = tx.doc.board.holes;
  if (holes) {
    for (let i = holes.length - 1; i >= 0; i--) {
      const sq = to(tx.doc.board.holes![i]!);
      if (sq === null) tx.remove(['board', 'holes', i]);
      else tx.set(['board', 'holes', i], sq);
    }
    if (tx.doc.board.holes!.length === 0) tx.set(['board', 'holes'], undefined);
  }
  const capture = tx.doc.objectives?.capture;
  if (capture && (shift.dx !== 0 || shift.dy !== 0)) {
    const moved = capture.map(to).filter((sq): sq is string => sq !== null);
    tx.set(['objectives', 'capture'], moved.length ? moved : undefined);
  }
  tx.set(['board', 'width'], width);
  tx.set(['board', 'height'], height);
}

// ---------------------------------------------------------------- properties

export type CmPiecePatch = Partial<Pick<CmPiece, 'role' | 'side' | 'facing'>>;

/**
 * Changes the piece on `square`. A pawn always carries a facing (default
 * north, CM-3); turning a pawn into another role drops it (a facing on a
 * non-pawn is a CM-3 warning). False when there is no piece.
 */
export function setPieceProps(tx: CmTx, square: string, patch: CmPiecePatch): boolean {
  const i = pieceIndexAt(tx.doc, square);
  if (i < 0) return false;
  const old = tx.doc.pieces[i]!;
  const role = patch.role ?? old.role;
  const next: CmPiece = { role, square, side: patch.side ?? old.side };
  if (role === 'pawn') next.facing = patch.facing ?? old.facing ?? 'north';
  tx.set(['pieces', i], next);
  return true;
}

export interface TilePatch {
  color?: CmColor;
  letter?: string;
  allowed?: TransformType[];
}

/**
 * Changes a property of the tile of `kind` on `square`: the colour of a
 * key / lock / plate (CM-5, CM-6), the letter of a letter tile (CM-9), the
 * allowed types of a transform (CM-10, at least one). A colour change that
 * would make a key share its square with a same-colour lock is refused.
 * False when nothing changed.
 */
export function setTileProps(tx: CmTx, square: string, kind: CmTileKind, patch: TilePatch): boolean {
  const tiles = tx.doc.tiles ?? [];
  const i = tiles.findIndex((t) => t.square === square && t.kind === kind);
  if (i < 0) return false;
  const t = tiles[i]!;
  let next: CmTile = t;
  if ((t.kind === 'key' || t.kind === 'lock' || t.kind === 'plate') && patch.color && (CM_COLORS as readonly string[]).includes(patch.color)) {
    next = { ...t, color: patch.color };
    const spec: TileSpec = { kind: t.kind, color: patch.color };
    if (conflictingTiles(tx.doc, square, spec, t).length > 0) return false;
  } else if (t.kind === 'letter' && patch.letter !== undefined) {
    next = { ...t, letter: normLetter(patch.letter) };
  } else if (t.kind === 'transform' && patch.allowed) {
    if (patch.allowed.length === 0) return false;
    next = { ...t, allowed: normAllowed(patch.allowed) };
  }
  const before = tx.ops.length;
  tx.set(['tiles', i], next);
  return tx.ops.length > before;
}

// ---------------------------------------------------------------- objectives (CM-9, CM-11, CM-12)

export type ObjectiveKey = 'collect' | 'spell' | 'moveLimit';

/**
 * Sets one objective (`undefined` removes it): `collect` true/absent
 * (CM-11), `spell` a word (CM-9), `moveLimit` a positive integer (CM-12).
 * The `objectives` object is created when needed and removed when it ends
 * up empty; a `capture` objective (CM-15, unused in play) is kept as it is.
 */
export function setObjective(tx: CmTx, key: ObjectiveKey, value: boolean | string | number | undefined): void {
  const v = key === 'collect' ? (value === true ? true : undefined) : value === '' ? undefined : value;
  const obj: CmObjectives | undefined = tx.doc.objectives;
  if (!obj) {
    if (v === undefined) return;
    tx.set(['objectives'], {});
  }
  tx.set(['objectives', key], v);
  const now = tx.doc.objectives!;
  if (Object.keys(now).filter((k) => (now as Record<string, unknown>)[k] !== undefined).length === 0) tx.set(['objectives'], undefined);
}
