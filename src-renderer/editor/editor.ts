/**
 * The headless editor (tldraw's Editor / chessground's State in spirit):
 * document, selection, cursor, tool, history and solution preview in plain
 * TS, with no DOM and no rendering. Components read `editor.state` (an
 * immutable snapshot, replaced on every change) and call methods; the
 * board only emits intents (tools.ts) that land here.
 *
 * Ruleset-aware: the document is an Unlock the King, a Chess Maze or a
 * King's Valley level (default-doc.ts `EditableLevel`); board gestures
 * dispatch to uk-ops.ts, cm-ops.ts or kv-ops.ts by `doc.ruleset`.
 *
 * - Every document change goes through `edit()`: it records reversible ops
 *   and pushes ONE history step.
 * - Selection, cursor, tool, highlight and preview are not history.
 * - The preview shows frames of a solution (from `replayMoves`, computed by
 *   the caller) instead of the document; it never touches the document.
 *   Board editing gestures (place, paint, move, erase, keyboard edits)
 *   while previewing do nothing but leave the preview, with the notice
 *   "Back to editing": the shown pieces are not the document's, so acting
 *   on either would surprise.
 * - Moves never destroy: a drag onto an occupied square is refused with a
 *   notice ("e4 is occupied"). Palette placements may replace, and say what
 *   they replaced ("Replaced ivory rook on e4").
 * - Notices (short user-facing messages) go to `onNotice` listeners.
 */
import type { ChessMazeLevel, CmColor, CmSide, Facing, KingsValleyLevel, KvSide, TransformType, UkColor, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { TRANSFORM_TYPES } from '../../src-shared/model/level.js';
import { parseSquare, squareName } from '../../src-shared/model/square.js';
import * as cm from './cm-ops.js';
import type { CmPiecePatch, ObjectiveKey, PaintMode, TilePatch } from './cm-ops.js';
import type { EditableLevel } from './default-doc.js';
import { applyDiff, Tx, type Diff } from './doc-ops.js';
import { History, type PushOptions } from './history.js';
import { rulesetInfo } from './rulesets.js';
import { isPieceTool, type ItemKind, type Tool } from './tools.js';
import * as uk from './uk-ops.js';
import type { MetaField, PiecePatch } from './uk-ops.js';
import * as kv from './kv-ops.js';
import type { KvPiecePatch } from './kv-ops.js';

export interface PlacementOptions {
  /** Colour of new pieces (UK-2, cosmetic). */
  color: UkColor;
  /** Facing of new pawns (UK-4, CM-3). */
  facing: Facing;
  /** Lateral flag of new pawns (UK-4). */
  lateral: boolean;
  /** Side of new Chess Maze pieces (CM-2). */
  side: CmSide;
  /** Colour of new keys, locks and plates (CM-5, CM-6). */
  tileColor: CmColor;
  /** Letter of new letter tiles (CM-9). */
  letter: string;
  /** Allowed types of new transform tiles (CM-10). */
  allowed: TransformType[];
  /** What the Chess Maze terrain tools paint (CM-1). */
  paint: PaintMode;
  /** Side of new King's Valley pieces. */
  kvSide: KvSide;
}

export interface Preview {
  /** Solution moves, LAN. */
  moves: string[];
  /** frames[k] = position after k moves (frames.length = moves.length + 1). */
  frames: EditableLevel[];
  /** Frame shown, 0..moves.length. */
  index: number;
  /** Where the moves came from. */
  source: 'solver' | 'stored';
  /** Chess Maze: lock colours open in each frame (keys held, plates occupied), parallel to `frames`. */
  open?: CmColor[][];
}

export interface EditorState {
  doc: EditableLevel;
  /** Increments on every document change (edit, undo, redo, load). */
  docVersion: number;
  selection: string | null;
  /** Keyboard cursor square. */
  cursor: string;
  tool: Tool;
  placement: PlacementOptions;
  /** Squares highlighted by the validation list (hover or click). */
  highlight: string[];
  highlightPinned: boolean;
  preview: Preview | null;
  /** Keyboard "pick up" in progress (Enter picks, Enter drops). */
  carrying: { from: string; item: ItemKind } | null;
  canUndo: boolean;
  canRedo: boolean;
  undoLabel: string | undefined;
  redoLabel: string | undefined;
  dirty: boolean;
}

type Listener = (s: EditorState) => void;
type NoticeListener = (text: string) => void;

export const BACK_TO_EDITING = 'Back to editing';

export const DEFAULT_PLACEMENT: PlacementOptions = {
  color: 'ivory',
  facing: 'north',
  lateral: false,
  side: 'player',
  tileColor: 'blue',
  letter: 'A',
  allowed: [...TRANSFORM_TYPES],
  paint: 'hole',
  kvSide: 'white',
};

const NAME: Record<string, string> = {
  piece: 'piece',
  wall: 'wall',
  portal: 'portal',
  key: 'key',
  lock: 'lock',
  plate: 'plate',
  coin: 'coin',
  gem: 'gem',
  letter: 'letter',
  transform: 'transform',
  finish: 'finish',
  pillar: 'pillar',
};

function isCm(doc: EditableLevel): doc is ChessMazeLevel {
  return doc.ruleset === 'chess-maze';
}

function isKv(doc: EditableLevel): doc is KingsValleyLevel {
  return doc.ruleset === 'kings-valley';
}

function isUk(doc: EditableLevel): doc is UnlockTheKingLevel {
  return doc.ruleset === 'unlock-the-king';
}

export class Editor {
  private readonly history = new History();
  private listeners = new Set<Listener>();
  private noticeListeners = new Set<NoticeListener>();
  private s: EditorState;

  constructor(doc: EditableLevel) {
    this.s = {
      doc,
      docVersion: 0,
      selection: null,
      cursor: 'a1',
      tool: 'select',
      placement: { ...DEFAULT_PLACEMENT, allowed: [...DEFAULT_PLACEMENT.allowed] },
      highlight: [],
      highlightPinned: false,
      preview: null,
      carrying: null,
      canUndo: false,
      canRedo: false,
      undoLabel: undefined,
      redoLabel: undefined,
      dirty: false,
    };
  }

  get state(): EditorState {
    return this.s;
  }

  get doc(): EditableLevel {
    return this.s.doc;
  }

  /** The level the board shows: the preview frame, else the document. */
  get displayDoc(): EditableLevel {
    const p = this.s.preview;
    return p ? (p.frames[p.index] ?? this.s.doc) : this.s.doc;
  }

  /** Calls `fn` on every change; returns the unsubscribe function. */
  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Calls `fn` with every user-facing notice ("e4 is occupied", "Replaced ..."); returns the unsubscribe function. */
  onNotice(fn: NoticeListener): () => void {
    this.noticeListeners.add(fn);
    return () => this.noticeListeners.delete(fn);
  }

  private notify(text: string): void {
    for (const l of this.noticeListeners) l(text);
  }

  private update(patch: Partial<EditorState>): void {
    const h = this.history;
    this.s = {
      ...this.s,
      ...patch,
      canUndo: h.canUndo,
      canRedo: h.canRedo,
      undoLabel: h.undoLabel,
      redoLabel: h.redoLabel,
      dirty: h.isDirty,
    };
    for (const l of this.listeners) l(this.s);
  }

  // ------------------------------------------------------------ document

  /** Replaces the document (new / opened); history is cleared. `dirty`: start unsaved. */
  load(doc: EditableLevel, opts: { dirty?: boolean } = {}): void {
    this.history.clear(opts.dirty ?? false);
    const toolOk = (rulesetInfo(doc.ruleset).tools as readonly Tool[]).includes(this.s.tool);
    this.update({
      doc,
      docVersion: this.s.docVersion + 1,
      selection: null,
      highlight: [],
      highlightPinned: false,
      preview: null,
      carrying: null,
      tool: toolOk ? this.s.tool : 'select',
      cursor: clampSquare(this.s.cursor, doc),
    });
  }

  /**
   * Adopts the document the host wrote on save (it carries `solution` or
   * `draft`) and marks it saved. History is kept when `keepHistory` (the
   * saved document has the same board content as the edited one, so the
   * recorded ops still apply), else cleared.
   */
  adoptSaved(doc: EditableLevel, keepHistory: boolean): void {
    if (!keepHistory) this.history.clear();
    this.history.markSaved();
    this.update({ doc, docVersion: this.s.docVersion + 1 });
  }

  /** Names the current document state (see History.revision); pass it to `markSavedAt` later. */
  get revision(): number {
    return this.history.revision;
  }

  /** A save of the state at `revision` finished after more edits: only that state counts as saved. */
  markSavedAt(revision: number): void {
    this.history.markSavedAt(revision);
    this.update({});
  }

  /** Marks the current document as saved (clears the unsaved marker). */
  markSaved(): void {
    this.history.markSaved();
    this.update({});
  }

  /**
   * Runs `fn` against a transaction on the document and records the result
   * as ONE history step labelled `label`. Returns false when nothing changed.
   * Exits the preview and any keyboard pick-up.
   */
  edit(label: string, fn: (tx: Tx<EditableLevel>) => void, opts: PushOptions = {}): boolean {
    const tx = new Tx(this.s.doc);
    fn(tx);
    if (tx.ops.length === 0) {
      if (this.s.preview) this.update({ preview: null });
      return false;
    }
    this.history.push(tx.diff(label), opts);
    this.update({ doc: tx.doc, docVersion: this.s.docVersion + 1, preview: null, carrying: null });
    return true;
  }

  private editUk(label: string, fn: (tx: uk.UkTx) => void, opts: PushOptions = {}): boolean {
    if (!isUk(this.s.doc)) return false;
    return this.edit(label, fn as (tx: Tx<EditableLevel>) => void, opts);
  }

  private editCm(label: string, fn: (tx: cm.CmTx) => void, opts: PushOptions = {}): boolean {
    if (!isCm(this.s.doc)) return false;
    return this.edit(label, fn as (tx: Tx<EditableLevel>) => void, opts);
  }

  private editKv(label: string, fn: (tx: kv.KvTx) => void, opts: PushOptions = {}): boolean {
    if (!isKv(this.s.doc)) return false;
    return this.edit(label, fn as (tx: Tx<EditableLevel>) => void, opts);
  }

  /** `editKv` answering what `fn` returned (undefined when the document is not KV). */
  private editKvR<T>(label: string, fn: (tx: kv.KvTx) => T, opts: PushOptions = {}): T | undefined {
    let out: T | undefined;
    this.editKv(label, (tx) => void (out = fn(tx)), opts);
    return out;
  }

  /** `editUk` answering what `fn` returned (undefined when the document is not UK). */
  private editUkR<T>(label: string, fn: (tx: uk.UkTx) => T, opts: PushOptions = {}): T | undefined {
    let out: T | undefined;
    this.editUk(label, (tx) => void (out = fn(tx)), opts);
    return out;
  }

  /** `editCm` answering what `fn` returned (undefined when the document is not CM). */
  private editCmR<T>(label: string, fn: (tx: cm.CmTx) => T, opts: PushOptions = {}): T | undefined {
    let out: T | undefined;
    this.editCm(label, (tx) => void (out = fn(tx)), opts);
    return out;
  }

  /** Ends a merge group (e.g. when a text field loses focus). */
  sealHistory(): void {
    this.history.seal();
  }

  private applyHistoryDiff(d: Diff | undefined): boolean {
    if (!d) return false;
    this.update({ doc: applyDiff(this.s.doc, d), docVersion: this.s.docVersion + 1, preview: null, carrying: null });
    return true;
  }

  undo(): boolean {
    return this.applyHistoryDiff(this.history.undo());
  }

  redo(): boolean {
    return this.applyHistoryDiff(this.history.redo());
  }

  // ------------------------------------------------------------ preview guard

  /**
   * Board editing gestures during the solution preview: leave the preview
   * (notice "Back to editing") and answer true, so the caller does nothing
   * else. False when not previewing.
   */
  private blockedByPreview(): boolean {
    if (!this.s.preview) return false;
    this.update({ preview: null, carrying: null });
    this.notify(BACK_TO_EDITING);
    return true;
  }

  // ------------------------------------------------------------ selection / cursor

  select(square: string | null): void {
    if (square === this.s.selection) return;
    this.update({ selection: square, cursor: square ?? this.s.cursor });
  }

  setCursor(square: string): void {
    this.update({ cursor: clampSquare(square, this.s.doc) });
  }

  /** Moves the keyboard cursor by (dFile, dRank), clamped to the board. */
  moveCursor(dFile: number, dRank: number): void {
    const c = parseSquare(this.s.cursor) ?? { file: 0, rank: 0 };
    const { width, height } = this.s.doc.board;
    const file = Math.min(width - 1, Math.max(0, c.file + dFile));
    const rank = Math.min(height - 1, Math.max(0, c.rank + dRank));
    this.update({ cursor: squareName(file, rank) });
  }

  setHighlight(squares: string[], pinned = false): void {
    if (!pinned && this.s.highlightPinned && squares.length === 0) return;
    this.update({ highlight: squares.slice(), highlightPinned: pinned && squares.length > 0 });
  }

  clearHighlight(): void {
    this.update({ highlight: [], highlightPinned: false });
  }

  // ------------------------------------------------------------ tools

  /** Selects a tool; tools the document's ruleset does not have are ignored. */
  setTool(tool: Tool): void {
    if (!(rulesetInfo(this.s.doc.ruleset).tools as readonly Tool[]).includes(tool)) return;
    this.update({ tool, carrying: null });
  }

  setPlacement(patch: Partial<PlacementOptions>): void {
    this.update({ placement: { ...this.s.placement, ...patch } });
  }

  /** What a click or drag on `square` grabs in the document (piece first). */
  topItem(square: string): ItemKind | null {
    const d = this.s.doc;
    if (isKv(d)) return kv.topItem(d, square);
    if (d.ruleset === 'locking-chess') return null; // edited through lc-ops.ts (components/lc)
    return isCm(d) ? cm.topItem(d, square) : uk.topItem(d, square);
  }

  private replacedNotice(replaced: string[] | undefined): void {
    if (replaced?.length) this.notify(`Replaced ${replaced.join(', ')}`);
  }

  /**
   * Applies the current tool at `square` (a click or a paint-stroke square):
   * select selects; erase removes the top item; a piece or tile tool places
   * with the placement options (replacing what conflicts, with a notice);
   * the UK wall / CM brush paint. `mergeKey` groups a stroke into one step;
   * strokes never replace (a wall stroke skips occupied squares, a hole
   * stroke skips squares with content). During the preview: nothing but
   * leaving it.
   */
  applyToolAt(square: string, mergeKey?: string, tool: Tool = this.s.tool): void {
    const opts: PushOptions = mergeKey === undefined ? {} : { mergeKey };
    if (tool === 'select') {
      if (this.blockedByPreview()) return;
      this.select(square);
      return;
    }
    if (this.blockedByPreview()) return;
    if (!(rulesetInfo(this.s.doc.ruleset).tools as readonly Tool[]).includes(tool)) return;
    if (tool === 'erase') {
      const d = this.s.doc;
      if (isCm(d)) this.editCm('Erase', (tx) => void cm.eraseTop(tx, square), opts);
      else if (isKv(d)) this.editKv('Erase', (tx) => void kv.eraseTop(tx, square), opts);
      else this.editUk('Erase', (tx) => void uk.eraseTop(tx, square), opts);
      return;
    }
    if (isCm(this.s.doc)) {
      this.applyCmTool(tool, square, mergeKey, opts);
      return;
    }
    if (isKv(this.s.doc)) {
      this.applyKvTool(tool, square, mergeKey, opts);
      return;
    }
    const pl = this.s.placement;
    if (isPieceTool(tool)) {
      const replaced = this.editUkR(`Place ${tool}`, (tx) => uk.placePiece(tx, square, { role: tool, color: pl.color, facing: pl.facing, lateral: pl.lateral }), opts);
      this.replacedNotice(replaced);
      this.select(square);
      return;
    }
    if (tool === 'wall') {
      if (mergeKey) {
        // A stroke paints empty squares only: it never replaces a piece or the portal.
        if (uk.topItem(this.s.doc as UnlockTheKingLevel, square) !== null) return;
        this.editUk('Paint walls', (tx) => void uk.placeWall(tx, square), opts);
        return;
      }
      this.replacedNotice(this.editUkR('Place wall', (tx) => uk.placeWall(tx, square), opts));
      this.select(square);
      return;
    }
    if (tool === 'portal') {
      this.replacedNotice(this.editUkR('Place portal', (tx) => uk.placePortal(tx, square), opts));
      this.select(square);
    }
  }

  /** King's Valley tools: king / soldier of the placement side, pillars (a stroke paints empty squares only). */
  private applyKvTool(tool: Tool, square: string, mergeKey: string | undefined, opts: PushOptions): void {
    const side = this.s.placement.kvSide;
    if (tool === 'king' || tool === 'soldier') {
      this.replacedNotice(this.editKvR(`Place ${side} ${tool}`, (tx) => kv.placePiece(tx, square, { role: tool, side }), opts));
      this.select(square);
      return;
    }
    if (tool === 'pillar') {
      if (mergeKey) {
        if (kv.topItem(this.s.doc as KingsValleyLevel, square) !== null) return;
        this.editKv('Paint pillars', (tx) => void kv.placePillar(tx, square), opts);
        return;
      }
      this.replacedNotice(this.editKvR('Place pillar', (tx) => kv.placePillar(tx, square), opts));
      this.select(square);
    }
  }

  private applyCmTool(tool: Tool, square: string, mergeKey: string | undefined, opts: PushOptions): void {
    const pl = this.s.placement;
    if (tool === 'brush') {
      const r = this.editCmR(pl.paint === 'hole' ? 'Paint holes' : 'Paint floor', (tx) => cm.paintSquares(tx, [square], pl.paint), opts);
      if (r?.skipped.length && !mergeKey) this.notify(`${square} holds a piece or tile: erase it before making a hole`);
      return;
    }
    if (tool === 'fill') {
      const region = cm.fillRegion(this.s.doc as ChessMazeLevel, square);
      this.paintArea(region, pl.paint === 'hole' ? 'Fill holes' : 'Fill floor');
      return;
    }
    if (tool === 'rect') {
      this.paintRect(square, square);
      return;
    }
    if (isPieceTool(tool)) {
      this.replacedNotice(this.editCmR(`Place ${tool}`, (tx) => cm.placePiece(tx, square, { role: tool, side: pl.side, facing: pl.facing }), opts));
      this.select(square);
      return;
    }
    const kind = tool as cm.CmItemKind;
    if (kind === 'piece' || !(cm.TILE_KINDS as readonly string[]).includes(kind)) return;
    const replaced = this.editCmR(`Place ${NAME[kind]}`, (tx) => cm.placeTile(tx, square, { kind, color: pl.tileColor, letter: pl.letter, allowed: pl.allowed }), opts);
    this.replacedNotice(replaced);
    this.select(square);
  }

  private paintArea(squares: string[], label: string): void {
    const mode = this.s.placement.paint;
    const r = this.editCmR(label, (tx) => cm.paintSquares(tx, squares, mode));
    if (r?.skipped.length) {
      const list = r.skipped.length > 4 ? `${r.skipped.slice(0, 4).join(', ')} …` : r.skipped.join(', ');
      this.notify(`Skipped ${r.skipped.length} square${r.skipped.length === 1 ? '' : 's'} with pieces or tiles (${list})`);
    }
  }

  /** Chess Maze rectangle tool: paints the rectangle between two corners (one step, CM-1). */
  paintRect(from: string, to: string): void {
    if (this.blockedByPreview() || !isCm(this.s.doc)) return;
    const mode = this.s.placement.paint;
    this.paintArea(cm.rectSquares(from, to), mode === 'hole' ? 'Rectangle of holes' : 'Rectangle of floor');
  }

  /**
   * Moves the `item` on `from` to `to` (a drag or keyboard drop): one
   * history step, selects `to`. A move onto an occupied square (or a CM
   * hole) is refused: nothing changes, the notice says why. During the
   * preview: nothing but leaving it.
   */
  moveItem(from: string, to: string, item: ItemKind): boolean {
    if (this.blockedByPreview()) return false;
    const d = this.s.doc;
    const label = `Move ${NAME[item] ?? item}`;
    let outcome: uk.MoveOutcome | undefined;
    if (isCm(d)) {
      if (item === 'wall' || item === 'portal' || item === 'pillar') return false;
      outcome = this.editCmR(label, (tx) => cm.moveItem(tx, from, to, item));
    } else if (isKv(d)) {
      if (item !== 'piece' && item !== 'pillar') return false;
      outcome = this.editKvR(label, (tx) => kv.moveItem(tx, from, to, item));
    } else {
      if (item !== 'piece' && item !== 'wall' && item !== 'portal') return false;
      outcome = this.editUkR(label, (tx) => uk.moveItem(tx, from, to, item));
    }
    if (!outcome?.ok) {
      if (outcome?.refused) this.notify(outcome.refused);
      if (this.s.carrying) this.update({ carrying: null });
      return false;
    }
    this.select(to);
    return true;
  }

  /** Removes the top item on the selected square (Delete key). During the preview: nothing but leaving it. */
  eraseSelection(): boolean {
    if (this.blockedByPreview()) return false;
    const sq = this.s.selection;
    if (!sq) return false;
    const d = this.s.doc;
    if (isCm(d)) return this.editCm('Erase', (tx) => void cm.eraseTop(tx, sq));
    if (isKv(d)) return this.editKv('Erase', (tx) => void kv.eraseTop(tx, sq));
    return this.editUk('Erase', (tx) => void uk.eraseTop(tx, sq));
  }

  /** Places the given item kind (from a palette drag) at `square`, whatever the current tool. */
  dropPaletteItem(tool: Tool, square: string): void {
    this.applyToolAt(square, undefined, tool);
  }

  /**
   * Keyboard Enter on the board at the cursor: with the select tool, picks
   * up the top item (or selects an empty square), and a second Enter drops
   * it at the cursor (one move step); with another tool, applies it.
   * During the preview: nothing but leaving it.
   */
  keyboardEnter(): void {
    if (this.blockedByPreview()) return;
    const sq = this.s.cursor;
    const carrying = this.s.carrying;
    if (carrying) {
      if (carrying.from === sq) this.update({ carrying: null });
      else this.moveItem(carrying.from, sq, carrying.item);
      return;
    }
    if (this.s.tool === 'select') {
      const item = this.topItem(sq);
      this.update({ selection: sq, carrying: item ? { from: sq, item } : null });
      return;
    }
    this.applyToolAt(sq);
  }

  /** Drops a keyboard pick-up without moving. */
  cancelCarry(): void {
    if (this.s.carrying) this.update({ carrying: null });
  }

  // ------------------------------------------------------------ inspector edits

  /** Unlock the King: changes the piece on `square` (role, colour, pawn facing / lateral). */
  setPieceProps(square: string, patch: PiecePatch): boolean {
    return this.editUk('Edit piece', (tx) => void uk.setPieceProps(tx, square, patch));
  }

  /** Chess Maze: changes the piece on `square` (role, side, pawn facing). */
  setCmPieceProps(square: string, patch: CmPiecePatch): boolean {
    return this.editCm('Edit piece', (tx) => void cm.setPieceProps(tx, square, patch));
  }

  /** Chess Maze: changes a tile's colour, letter or allowed types. A letter typed into a field merges into one step. */
  setTileProps(square: string, kind: cm.CmItemKind, patch: TilePatch): boolean {
    if (kind === 'piece') return false;
    return this.editCm(`Edit ${NAME[kind]}`, (tx) => void cm.setTileProps(tx, square, kind, patch));
  }

  /** Chess Maze: makes `square` a hole or floor (inspector). A hole is refused under a piece or tile (with a notice). */
  setTerrain(square: string, mode: PaintMode): boolean {
    const r = this.editCmR(mode === 'hole' ? 'Make hole' : 'Make floor', (tx) => cm.paintSquares(tx, [square], mode));
    if (r?.skipped.length) this.notify(`${square} holds a piece or tile: erase it before making a hole`);
    return !!r?.changed.length;
  }

  /** Chess Maze: removes the tile of `kind` on `square`. */
  removeTile(square: string, kind: cm.CmItemKind): boolean {
    if (kind === 'piece') return false;
    return this.editCm(`Remove ${NAME[kind]}`, (tx) => void cm.removeTile(tx, square, kind));
  }

  /** Chess Maze: sets (or with undefined removes) an objective; typing merges into one step per field. */
  setObjective(key: ObjectiveKey, value: boolean | string | number | undefined): boolean {
    const opts: PushOptions = key === 'collect' ? {} : { mergeKey: `objective.${key}` };
    return this.editCm('Edit objectives', (tx) => cm.setObjective(tx, key, value), opts);
  }

  /** King's Valley: changes the piece on `square` (role king / soldier, side). */
  setKvPieceProps(square: string, patch: KvPiecePatch): boolean {
    return this.editKv('Edit piece', (tx) => void kv.setPieceProps(tx, square, patch));
  }

  /** King's Valley: the side to move (KV-4). */
  setKvSideToMove(side: KvSide): boolean {
    return this.editKv('Side to move', (tx) => kv.setSideToMove(tx, side));
  }

  /** King's Valley: the KV-4 starting-setup flag. */
  setKvStartingSetup(on: boolean): boolean {
    return this.editKv(on ? 'Mark as starting setup' : 'Unmark starting setup', (tx) => kv.setStartingSetup(tx, on));
  }

  /** King's Valley: the KV-3 option soldiersMayStopOnValley. */
  setKvSoldiersMayStopOnValley(on: boolean): boolean {
    return this.editKv('Edit options', (tx) => kv.setSoldiersMayStopOnValley(tx, on));
  }

  /** King's Valley: goal "win in N" (KV-8), or none with `undefined`; typing merges into one step. */
  setKvGoal(moves: number | undefined): boolean {
    return this.editKv('Edit goal', (tx) => kv.setGoal(tx, moves), { mergeKey: 'kv.goal' });
  }

  /** What resizing to `width` x `height` would remove (empty when nothing), for the confirm dialog. */
  resizeLoss(width: number, height: number): string[] {
    const d = this.s.doc;
    if (isKv(d)) return kv.removedByResize(d, width, height);
    if (d.ruleset === 'locking-chess') return []; // always 8 x 8 (LC-1)
    return isCm(d) ? cm.removedByResize(d, width, height) : uk.removedByResize(d, width, height);
  }

  /**
   * Resizes the board (UK, CM: a1 fixed; King's Valley: content kept
   * centred on the valley); content outside is removed in the same step
   * (callers confirm first, see resizeLoss).
   */
  setBoardSize(width: number, height: number): boolean {
    const d = this.s.doc;
    const done = isCm(d)
      ? this.editCm('Resize board', (tx) => cm.setBoardSize(tx, width, height))
      : isKv(d)
        ? this.editKv('Resize board', (tx) => kv.setBoardSize(tx, width, height))
        : this.editUk('Resize board', (tx) => uk.setBoardSize(tx, width, height));
    if (done) {
      const sel = this.s.selection;
      this.update({
        cursor: clampSquare(this.s.cursor, this.s.doc),
        selection: sel && uk.squareOnBoard(sel, width, height) ? sel : null,
      });
    }
    return done;
  }

  /** Typing into a meta field: consecutive edits of one field are one step (merge key `meta.<field>`). */
  setMeta(field: MetaField, value: string): boolean {
    return this.edit(`Edit ${field}`, (tx) => tx.set(['meta', field], value === '' && field !== 'title' ? undefined : value), { mergeKey: `meta.${field}` });
  }

  /** Sets the designer's par (UK-7), or removes it with `undefined`. */
  setPar(par: number | undefined): boolean {
    return this.edit('Edit par', (tx) => tx.set(['par'], par), { mergeKey: 'par' });
  }

  // ------------------------------------------------------------ preview

  /** Shows a solution instead of the document, at frame `index` (clamped). */
  startPreview(moves: string[], frames: EditableLevel[], source: Preview['source'], index = 0, open?: CmColor[][]): void {
    const i = Math.max(0, Math.min(frames.length - 1, index));
    this.update({ preview: { moves: moves.slice(), frames, index: i, source, ...(open ? { open } : {}) }, carrying: null });
  }

  /** Shows frame `index` of the current preview (clamped); no-op without a preview. */
  stepTo(index: number): void {
    const p = this.s.preview;
    if (!p) return;
    const i = Math.max(0, Math.min(p.frames.length - 1, index));
    if (i !== p.index) this.update({ preview: { ...p, index: i } });
  }

  exitPreview(): void {
    if (this.s.preview) this.update({ preview: null });
  }
}

function clampSquare(square: string, doc: EditableLevel): string {
  const c = parseSquare(square) ?? { file: 0, rank: 0 };
  const { width, height } = doc.board;
  return squareName(Math.min(Math.max(0, width - 1), c.file), Math.min(Math.max(0, height - 1), c.rank));
}
