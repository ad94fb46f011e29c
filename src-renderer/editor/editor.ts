/**
 * The headless editor (tldraw's Editor / chessground's State in spirit):
 * document, selection, cursor, tool, history and solution preview in plain
 * TS, with no DOM and no rendering. Components read `editor.state` (an
 * immutable snapshot, replaced on every change) and call methods; the
 * board only emits intents (tools.ts) that land here.
 *
 * - Every document change goes through `edit()`: it records reversible ops
 *   (doc-ops.ts / uk-ops.ts) and pushes ONE history step; editing exits the
 *   solution preview.
 * - Selection, cursor, tool, highlight and preview are not history.
 * - The preview shows frames of a solution (from `replayMoves`, computed by
 *   the caller) instead of the document; it never touches the document.
 */
import type { Facing, UkColor, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { parseSquare, squareName } from '../../src-shared/model/square.js';
import { applyDiff, Tx, type Diff } from './doc-ops.js';
import { History, type PushOptions } from './history.js';
import { isPieceTool, type Tool } from './tools.js';
import * as ops from './uk-ops.js';
import type { ItemKind, MetaField, PiecePatch } from './uk-ops.js';

export interface PlacementOptions {
  /** Colour of new pieces (UK-2, cosmetic). */
  color: UkColor;
  /** Facing of new pawns (UK-4). */
  facing: Facing;
  /** Lateral flag of new pawns (UK-4). */
  lateral: boolean;
}

export interface Preview {
  /** Solution moves, LAN. */
  moves: string[];
  /** frames[k] = position after k moves (frames.length = moves.length + 1). */
  frames: UnlockTheKingLevel[];
  /** Frame shown, 0..moves.length. */
  index: number;
  /** Where the moves came from. */
  source: 'solver' | 'stored';
}

export interface EditorState {
  doc: UnlockTheKingLevel;
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

const LABEL: Record<string, string> = {
  king: 'king',
  queen: 'queen',
  rook: 'rook',
  bishop: 'bishop',
  knight: 'knight',
  pawn: 'pawn',
  wall: 'wall',
  portal: 'portal',
  piece: 'piece',
};

export class Editor {
  private readonly history = new History();
  private listeners = new Set<Listener>();
  private s: EditorState;

  constructor(doc: UnlockTheKingLevel) {
    this.s = {
      doc,
      docVersion: 0,
      selection: null,
      cursor: 'a1',
      tool: 'select',
      placement: { color: 'ivory', facing: 'north', lateral: false },
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

  get doc(): UnlockTheKingLevel {
    return this.s.doc;
  }

  /** The level the board shows: the preview frame, else the document. */
  get displayDoc(): UnlockTheKingLevel {
    const p = this.s.preview;
    return p ? (p.frames[p.index] ?? this.s.doc) : this.s.doc;
  }

  /** Calls `fn` on every change; returns the unsubscribe function. */
  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
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
  load(doc: UnlockTheKingLevel, opts: { dirty?: boolean } = {}): void {
    this.history.clear(opts.dirty ?? false);
    this.update({
      doc,
      docVersion: this.s.docVersion + 1,
      selection: null,
      highlight: [],
      highlightPinned: false,
      preview: null,
      carrying: null,
      cursor: clampSquare(this.s.cursor, doc),
    });
  }

  /**
   * Adopts the document the host wrote on save (it carries `solution` or
   * `draft`) and marks it saved. History is kept when `keepHistory` (the
   * saved document has the same pieces/walls as the edited one, so the
   * recorded ops still apply), else cleared.
   */
  adoptSaved(doc: UnlockTheKingLevel, keepHistory: boolean): void {
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
   * Exits the preview (editing exits the preview) and any keyboard pick-up.
   */
  edit(label: string, fn: (tx: Tx<UnlockTheKingLevel>) => void, opts: PushOptions = {}): boolean {
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

  setTool(tool: Tool): void {
    this.update({ tool, carrying: null });
  }

  setPlacement(patch: Partial<PlacementOptions>): void {
    this.update({ placement: { ...this.s.placement, ...patch } });
  }

  /**
   * Applies the current tool at `square` (a click or a paint-stroke square):
   * select selects; a piece tool places a piece with the placement options;
   * wall / portal place those; erase removes the top item. `mergeKey`
   * groups a stroke into one step.
   */
  applyToolAt(square: string, mergeKey?: string, tool: Tool = this.s.tool): void {
    const opts: PushOptions = mergeKey === undefined ? {} : { mergeKey };
    if (tool === 'select') {
      this.select(square);
      if (this.s.preview) this.update({ preview: null });
      return;
    }
    if (isPieceTool(tool)) {
      const pl = this.s.placement;
      this.edit(`Place ${LABEL[tool]}`, (tx) => ops.placePiece(tx, square, { role: tool, color: pl.color, facing: pl.facing, lateral: pl.lateral }), opts);
      this.select(square);
      return;
    }
    if (tool === 'wall') {
      this.edit(mergeKey ? 'Paint walls' : 'Place wall', (tx) => ops.placeWall(tx, square), opts);
      if (!mergeKey) this.select(square);
      return;
    }
    if (tool === 'portal') {
      this.edit('Place portal', (tx) => ops.placePortal(tx, square), opts);
      this.select(square);
      return;
    }
    this.edit('Erase', (tx) => void ops.eraseTop(tx, square), opts);
  }

  /** Moves the `item` on `from` to `to` (a drag or keyboard drop): one history step. Selects `to`. */
  moveItem(from: string, to: string, item: ItemKind): boolean {
    const done = this.edit(`Move ${LABEL[item]}`, (tx) => void ops.moveItem(tx, from, to, item));
    if (done) this.select(to);
    return done;
  }

  /** Removes the top item on the selected square (Delete key). */
  eraseSelection(): boolean {
    const sq = this.s.selection;
    if (!sq) return false;
    return this.edit('Erase', (tx) => void ops.eraseTop(tx, sq));
  }

  /** Places the given item kind (from a palette drag) at `square`, whatever the current tool. */
  dropPaletteItem(tool: Tool, square: string): void {
    this.applyToolAt(square, undefined, tool);
  }

  /**
   * Keyboard Enter on the board at the cursor: with the select tool, picks
   * up the top item (or selects an empty square), and a second Enter drops
   * it at the cursor (one move step); with another tool, applies it.
   */
  keyboardEnter(): void {
    const sq = this.s.cursor;
    const carrying = this.s.carrying;
    if (carrying) {
      if (carrying.from === sq) this.update({ carrying: null });
      else this.moveItem(carrying.from, sq, carrying.item);
      return;
    }
    if (this.s.tool === 'select') {
      const item = ops.topItem(this.s.doc, sq);
      if (this.s.preview) this.update({ preview: null });
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

  setPieceProps(square: string, patch: PiecePatch): boolean {
    return this.edit('Edit piece', (tx) => void ops.setPieceProps(tx, square, patch));
  }

  setBoardSize(width: number, height: number): boolean {
    const done = this.edit('Resize board', (tx) => ops.setBoardSize(tx, width, height));
    if (done) {
      const sel = this.s.selection;
      this.update({
        cursor: clampSquare(this.s.cursor, this.s.doc),
        selection: sel && ops.squareOnBoard(sel, width, height) ? sel : null,
      });
    }
    return done;
  }

  /** Typing into a meta field: consecutive edits of one field are one step (merge key `meta.<field>`). */
  setMeta(field: MetaField, value: string): boolean {
    return this.edit(`Edit ${field}`, (tx) => ops.setMeta(tx, field, value), { mergeKey: `meta.${field}` });
  }

  setPar(par: number | undefined): boolean {
    return this.edit('Edit par', (tx) => ops.setPar(tx, par), { mergeKey: 'par' });
  }

  // ------------------------------------------------------------ preview

  /** Shows a solution instead of the document, at frame `index` (clamped). */
  startPreview(moves: string[], frames: UnlockTheKingLevel[], source: Preview['source'], index = 0): void {
    const i = Math.max(0, Math.min(frames.length - 1, index));
    this.update({ preview: { moves: moves.slice(), frames, index: i, source }, carrying: null });
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

function clampSquare(square: string, doc: UnlockTheKingLevel): string {
  const c = parseSquare(square) ?? { file: 0, rank: 0 };
  const { width, height } = doc.board;
  return squareName(Math.min(Math.max(0, width - 1), c.file), Math.min(Math.max(0, height - 1), c.rank));
}
