/**
 * Editing operations on a King's Valley document (LEVEL-FORMAT-v1, ruleset
 * `kings-valley`, RULINGS KV-1..KV-9). Each function records reversible ops
 * on a `Tx` (doc-ops.ts); the caller turns the Tx into one history step.
 *
 * A square holds a piece (king or soldier, white or black) or a pillar
 * (KV-1), one thing per square. These are *structural* edits: they keep
 * one thing per square and apply no game rules; two white kings, a king on
 * the valley or a pillar on the valley are legal edits that the live
 * validation (validateKingsValley, KV-9) reports with codes and squares.
 *
 * Placing (an explicit palette action) may replace what is on the target
 * square and answers what it replaced, so the editor can name it; moving (a
 * drag) never destroys anything: a move onto an occupied square is refused.
 * Painting pillars (a stroke of the pillar tool, the terrain tools) skips
 * occupied squares and, with the terrain tools, the valley (KV-9).
 *
 * Board size (KV-1 / KV-9: odd, 5..9): resizing keeps the content centred
 * on the valley (the centre square) by default, shifting every square by
 * half the change, so a problem keeps its shape around the valley (the
 * editor's resize anchor may ask for another shift); content that falls
 * off the board is removed in the same step (callers confirm first).
 * Pure TS, never throws.
 */
import type { KingsValleyLevel, KvPiece, KvSide } from '../../../src-shared/model/level.js';
import { kvValleySquare } from '../../../src-shared/rulesets/kings-valley/display.js';
import { anchorShift, shiftSquare, type Shift } from '../../editor/anchor.js';
import type { Tx } from '../../editor/doc-ops.js';
import type { PaintResult } from '../../editor/terrain-tools.js';
import { squareOnBoard, type MoveOutcome } from '../ruleset-ui.js';

export type KvTx = Tx<KingsValleyLevel>;

/** What a click or drag grabs in King's Valley. */
export type KvItemKind = 'piece' | 'pillar';

export type KvRole = KvPiece['role'];

export { squareOnBoard, type MoveOutcome };

/** Properties of a piece to place. */
export interface KvPieceSpec {
  role: KvRole;
  side: KvSide;
}

/** The valley (KV-1): the centre square of an odd board, e.g. `c3` on 5 x 5, `d4` on 7 x 7; null on an even side (the display's `kvValleySquare`). */
export const valleySquare = kvValleySquare;

export function pieceAt(doc: KingsValleyLevel, square: string): KvPiece | undefined {
  return doc.pieces.find((p) => p.square === square);
}

export function isPillar(doc: KingsValleyLevel, square: string): boolean {
  return (doc.pillars ?? []).includes(square);
}

/** The item drawn on top (what a click or drag grabs): the piece, else the pillar. */
export function topItem(doc: KingsValleyLevel, square: string): KvItemKind | null {
  if (pieceAt(doc, square)) return 'piece';
  if (isPillar(doc, square)) return 'pillar';
  return null;
}

/** Human name of a piece for notices: `white king on c1`. */
export function describeKvPiece(p: KvPiece): string {
  return `${p.side} ${p.role} on ${p.square}`;
}

function removePiecesAt(tx: KvTx, square: string): void {
  for (let i = tx.doc.pieces.length - 1; i >= 0; i--) if (tx.doc.pieces[i]!.square === square) tx.remove(['pieces', i]);
}

function removePillarsAt(tx: KvTx, square: string): void {
  const pillars = tx.doc.pillars;
  if (!pillars) return;
  for (let i = pillars.length - 1; i >= 0; i--) if (tx.doc.pillars![i] === square) tx.remove(['pillars', i]);
  if (tx.doc.pillars!.length === 0) tx.set(['pillars'], undefined);
}

/**
 * Puts a piece on `square`, replacing a piece there in place (the file keeps
 * its piece order) and removing a pillar there. Answers what was replaced
 * (`["black soldier on c4"]`, `["pillar on b3"]`; empty when the square was
 * free or already held exactly this piece).
 */
export function placePiece(tx: KvTx, square: string, spec: KvPieceSpec): string[] {
  const replaced: string[] = [];
  if (isPillar(tx.doc, square)) replaced.push(`pillar on ${square}`);
  removePillarsAt(tx, square);
  const piece: KvPiece = { role: spec.role, square, side: spec.side };
  const first = tx.doc.pieces.findIndex((p) => p.square === square);
  if (first < 0) {
    tx.insert(['pieces', tx.doc.pieces.length], piece);
    return replaced;
  }
  for (let i = tx.doc.pieces.length - 1; i > first; i--) {
    if (tx.doc.pieces[i]!.square === square) {
      replaced.push(describeKvPiece(tx.doc.pieces[i]!));
      tx.remove(['pieces', i]);
    }
  }
  const old = tx.doc.pieces[first]!;
  const before = tx.ops.length;
  tx.set(['pieces', first], piece);
  if (tx.ops.length > before) replaced.unshift(describeKvPiece(old));
  return replaced;
}

/**
 * Puts a pillar on `square` (KV-1: pillars anywhere; one on the valley is a
 * KV-9 error the validation reports); a piece there is removed. Answers
 * what was replaced.
 */
export function placePillar(tx: KvTx, square: string): string[] {
  const replaced = tx.doc.pieces.filter((p) => p.square === square).map(describeKvPiece);
  removePiecesAt(tx, square);
  if (isPillar(tx.doc, square)) return replaced;
  if (!tx.doc.pillars) tx.set(['pillars'], []);
  tx.insert(['pillars', tx.doc.pillars!.length], square);
  return replaced;
}

/**
 * Paints `squares` with pillars (`mode` = `pillar`) or floor (any other
 * mode: the pillars there go). A pillar never replaces a piece (skipped)
 * and never goes onto the valley (KV-9: noted). Off-board squares are
 * ignored. Answers what changed, what was skipped and the valley note.
 */
export function paintPillars(tx: KvTx, squares: readonly string[], mode: string): PaintResult {
  const changed: string[] = [];
  const skipped: string[] = [];
  const notes: string[] = [];
  const { width, height } = tx.doc.board;
  const valley = valleySquare(width, height);
  for (const sq of squares) {
    if (!squareOnBoard(sq, width, height)) continue;
    const pillar = isPillar(tx.doc, sq);
    if (mode === 'pillar') {
      if (pillar) continue;
      if (sq === valley) {
        notes.push(`No pillar on the valley ${sq} (KV-9)`);
        continue;
      }
      if (pieceAt(tx.doc, sq)) {
        skipped.push(sq);
        continue;
      }
      if (!tx.doc.pillars) tx.set(['pillars'], []);
      tx.insert(['pillars', tx.doc.pillars!.length], sq);
      changed.push(sq);
    } else if (pillar) {
      removePillarsAt(tx, sq);
      changed.push(sq);
    }
  }
  return { changed, skipped, notes };
}

/** Removes the top item of `square` (piece, else pillar). Answers what was removed. */
export function eraseTop(tx: KvTx, square: string): KvItemKind | null {
  const top = topItem(tx.doc, square);
  if (top === 'piece') removePiecesAt(tx, square);
  else if (top === 'pillar') removePillarsAt(tx, square);
  return top;
}

/**
 * Moves the `kind` item from `from` to `to`. Never destroys: refused
 * (`{ok: false, refused: "c4 is occupied"}`, nothing recorded) when `to`
 * holds a piece or a pillar. A piece keeps its index in `pieces`, a pillar
 * its index in `pillars`. `{ok: false}` without a reason when `from` holds
 * no such item or `from === to`.
 */
export function moveItem(tx: KvTx, from: string, to: string, kind: string): MoveOutcome {
  if (from === to || (kind !== 'piece' && kind !== 'pillar')) return { ok: false };
  if (topItem(tx.doc, to) !== null) return topItem(tx.doc, from) === null ? { ok: false } : { ok: false, refused: `${to} is occupied` };
  if (kind === 'piece') {
    const i = tx.doc.pieces.findIndex((p) => p.square === from);
    if (i < 0) return { ok: false };
    tx.set(['pieces', i], { ...tx.doc.pieces[i]!, square: to });
    return { ok: true };
  }
  const j = (tx.doc.pillars ?? []).indexOf(from);
  if (j < 0) return { ok: false };
  tx.set(['pillars', j], to);
  return { ok: true };
}

export type KvPiecePatch = Partial<Pick<KvPiece, 'role' | 'side'>>;

/** Changes the piece on `square` (role king / soldier, side white / black). False when there is no piece. */
export function setPieceProps(tx: KvTx, square: string, patch: KvPiecePatch): boolean {
  const i = tx.doc.pieces.findIndex((p) => p.square === square);
  if (i < 0) return false;
  const old = tx.doc.pieces[i]!;
  tx.set(['pieces', i], { role: patch.role ?? old.role, square, side: patch.side ?? old.side });
  return true;
}

// ---------------------------------------------------------------- position settings

/** Side to move (KV-4 White moves first in a game; a problem may start with either side). */
export function setSideToMove(tx: KvTx, side: KvSide): void {
  tx.set(['sideToMove'], side);
}

/** KV-4 starting-setup flag: true makes the first move a soldier move; false removes the field (default). */
export function setStartingSetup(tx: KvTx, on: boolean): void {
  tx.set(['startingSetup'], on ? true : undefined);
}

/** KV-3 option `soldiersMayStopOnValley`; false removes it (default), and `options` goes when empty. */
export function setSoldiersMayStopOnValley(tx: KvTx, on: boolean): void {
  if (on) {
    if (!tx.doc.options) tx.set(['options'], {});
    tx.set(['options', 'soldiersMayStopOnValley'], true);
    return;
  }
  if (!tx.doc.options) return;
  tx.set(['options', 'soldiersMayStopOnValley'], undefined);
  if (Object.keys(tx.doc.options).filter((k) => (tx.doc.options as Record<string, unknown>)[k] !== undefined).length === 0) tx.set(['options'], undefined);
}

/** KV-8 goal "win in N" (a positive integer), or no goal (a playable position) with `undefined`. */
export function setGoal(tx: KvTx, moves: number | undefined): void {
  tx.set(['goal'], moves === undefined ? undefined : { type: 'win-in', moves });
}

// ---------------------------------------------------------------- board size

/**
 * The shift that keeps the content centred on the valley when the board is
 * resized from `from` to `width` x `height` (half the change in each
 * direction: KV-9 sides are odd, so the change is even), the default of
 * King's Valley's resize (the `middle-center` anchor, editor/anchor.ts).
 */
export function centredShift(from: { width: number; height: number }, width: number, height: number): Shift {
  return anchorShift('middle-center', from, { width, height });
}

/**
 * What a resize to `width` x `height` would remove (pieces and pillars
 * that fall off once the content moved by `shift`, default centred on the
 * valley), as notice text: `["black soldier on a5", "pillar on b3"]`.
 * Empty when nothing is lost.
 */
export function removedByResize(doc: KingsValleyLevel, width: number, height: number, shift: Shift = centredShift(doc.board, width, height)): string[] {
  const out: string[] = [];
  for (const p of doc.pieces) if (shiftSquare(p.square, shift, width, height) === null) out.push(describeKvPiece(p));
  for (const s of doc.pillars ?? []) if (shiftSquare(s, shift, width, height) === null) out.push(`pillar on ${s}`);
  return out;
}

/**
 * Resizes the board, the content moved by `shift` (default: centred on
 * the valley, see module doc); pieces and pillars that fall off are
 * removed in the same step, so one undo restores them. A pillar that lands
 * on the new valley stays and the validation reports it (KV-9).
 */
export function setBoardSize(tx: KvTx, width: number, height: number, shift: Shift = centredShift(tx.doc.board, width, height)): void {
  for (let i = tx.doc.pieces.length - 1; i >= 0; i--) {
    const to = shiftSquare(tx.doc.pieces[i]!.square, shift, width, height);
    if (to === null) tx.remove(['pieces', i]);
    else tx.set(['pieces', i], { ...tx.doc.pieces[i]!, square: to });
  }
  const pillars = tx.doc.pillars;
  if (pillars) {
    for (let i = pillars.length - 1; i >= 0; i--) {
      const to = shiftSquare(tx.doc.pillars![i]!, shift, width, height);
      if (to === null) tx.remove(['pillars', i]);
      else tx.set(['pillars', i], to);
    }
    if (tx.doc.pillars!.length === 0) tx.set(['pillars'], undefined);
  }
  tx.set(['board'], { ...tx.doc.board, width, height });
}
