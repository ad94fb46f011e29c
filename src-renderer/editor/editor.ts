/**
 * The headless editor (tldraw's Editor / chessground's State in spirit):
 * document, selection, cursor, tool, history and solution preview in plain
 * TS, with no DOM and no rendering. Components read `editor.state` (an
 * immutable snapshot, replaced on every change) and call methods; the
 * board only emits intents (tools.ts) that land here.
 *
 * Generic over rulesets: the Editor is given a resolver that answers the
 * document's ruleset module (src-renderer/rulesets/ruleset-ui.ts
 * `RulesetUi`); tools apply through the module's tool list, the board
 * gestures through its `topItem` / `moveItem` / `eraseTop` / `resize`
 * hooks, and ruleset-specific inspector edits through `edit()` with the
 * module's ops. Nothing here branches on a ruleset.
 *
 * - Every document change goes through `edit()`: it records reversible ops
 *   and pushes ONE history step.
 * - Selection, cursor, tool, placement options, highlight and preview are
 *   not history. Placement options are kept per ruleset.
 * - The preview shows frames of a solution (from `replayMoves`, computed by
 *   the caller) instead of the document; it never touches the document.
 *   Board editing gestures (place, paint, move, erase, keyboard edits)
 *   while previewing do nothing but leave the preview, with the notice
 *   "Back to editing": the shown pieces are not the document's, so acting
 *   on either would surprise.
 * - Moves never destroy: a drag onto an occupied square is refused with a
 *   notice ("e4 is occupied"). Palette placements may replace, and say what
 *   they replaced ("Replaced ivory rook on e4").
 * - Notices (short user-facing messages) go to `onNotice` listeners, with
 *   the square and tone (refused / replaced) when they are about one, for
 *   the board's toast.
 * - The tool is kept per ruleset like the placement options: a document of
 *   another ruleset gets the tool last used in that ruleset, else Select.
 */
import { parseSquare, squareName } from '../../src-shared/model/square.js';
import type { LevelBase } from '../../src-shared/ruleset.js';
import { type NoticeDetail, type Placement, type RulesetResolver, type RulesetUi, type ToolContext, type ToolDef } from '../rulesets/ruleset-ui.js';
import { anchorShift, shiftSquare, type ResizeAnchor, type Shift } from './anchor.js';
import type { EditableLevel } from './default-doc.js';
import { applyDiff, Tx, type Diff } from './doc-ops.js';
import { History, type PushOptions } from './history.js';

/** A text field of `meta` the inspector edits. */
export type MetaField = 'title' | 'author' | 'description';

export interface Preview<D extends LevelBase = EditableLevel> {
  /** Solution moves, LAN. */
  moves: string[];
  /** frames[k] = position after k moves (frames.length = moves.length + 1). */
  frames: D[];
  /** Frame shown, 0..moves.length. */
  index: number;
  /** Where the moves came from. */
  source: 'solver' | 'stored';
  /** Lock colours open in each frame where the ruleset has locks (CM-5 keys held, CM-6 plates occupied), parallel to `frames`. */
  open?: string[][];
}

export interface EditorState<D extends LevelBase = EditableLevel> {
  doc: D;
  /** Increments on every document change (edit, undo, redo, load). */
  docVersion: number;
  selection: string | null;
  /** Keyboard cursor square. */
  cursor: string;
  /** Id of the current tool (one of the ruleset's `tools`). */
  tool: string;
  /** Placement options of the document's ruleset (its `RulesetUi.placement` defaults, changed by the palette). */
  placement: Placement;
  /** Squares highlighted by the validation list (hover or click). */
  highlight: string[];
  highlightPinned: boolean;
  preview: Preview<D> | null;
  /** Keyboard "pick up" in progress (Enter picks, Enter drops); `item` is an item kind of the ruleset. */
  carrying: { from: string; item: string } | null;
  canUndo: boolean;
  canRedo: boolean;
  undoLabel: string | undefined;
  redoLabel: string | undefined;
  dirty: boolean;
}

type Listener<D extends LevelBase> = (s: EditorState<D>) => void;
type NoticeListener = (text: string, detail?: NoticeDetail) => void;

export const BACK_TO_EDITING = 'Back to editing';

/**
 * The headless editor of documents of type `D` (module doc). `resolve`
 * answers the ruleset module of a document; a document without one can be
 * shown and its meta edited, but has no tools.
 */
export class Editor<D extends LevelBase = EditableLevel> {
  private readonly history = new History();
  private listeners = new Set<Listener<D>>();
  private noticeListeners = new Set<NoticeListener>();
  /** Placement options per ruleset id, so switching documents keeps each ruleset's choices. */
  private readonly placements = new Map<string, Placement>();
  /** The tool last used per ruleset id: a document of another ruleset never inherits this one's tool. */
  private readonly toolOf = new Map<string, string>();
  private s: EditorState<D>;

  constructor(
    doc: D,
    private readonly resolve: RulesetResolver<D>,
  ) {
    this.s = {
      doc,
      docVersion: 0,
      selection: null,
      cursor: 'a1',
      tool: 'select',
      placement: this.placementFor(doc),
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

  get state(): EditorState<D> {
    return this.s;
  }

  get doc(): D {
    return this.s.doc;
  }

  /** The ruleset module of the document (undefined: no module, no tools). */
  get ui(): RulesetUi<D> | undefined {
    return this.resolve(this.s.doc);
  }

  /** The tools of the document's ruleset, in palette order. */
  get tools(): readonly ToolDef<D>[] {
    return this.ui?.tools ?? [];
  }

  /** The current tool's definition. */
  get tool(): ToolDef<D> | undefined {
    return this.findTool(this.s.tool);
  }

  private findTool(id: string): ToolDef<D> | undefined {
    return this.tools.find((t) => t.id === id);
  }

  /** The level the board shows: the preview frame, else the document. */
  get displayDoc(): D {
    const p = this.s.preview;
    return p ? (p.frames[p.index] ?? this.s.doc) : this.s.doc;
  }

  /** Calls `fn` on every change; returns the unsubscribe function. */
  subscribe(fn: Listener<D>): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Calls `fn` with every user-facing notice ("e4 is occupied", "Replaced ...") and its detail when it has one; returns the unsubscribe function. */
  onNotice(fn: NoticeListener): () => void {
    this.noticeListeners.add(fn);
    return () => this.noticeListeners.delete(fn);
  }

  private notify(text: string, detail?: NoticeDetail): void {
    for (const l of this.noticeListeners) l(text, detail);
  }

  private update(patch: Partial<EditorState<D>>): void {
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
    if (patch.placement) this.placements.set(this.s.doc.ruleset, this.s.placement);
    if (patch.tool) this.toolOf.set(this.s.doc.ruleset, this.s.tool);
    for (const l of this.listeners) l(this.s);
  }

  /** The placement options kept for the document's ruleset, else its module's defaults. */
  private placementFor(doc: D): Placement {
    return this.placements.get(doc.ruleset) ?? { ...(this.resolve(doc)?.placement ?? {}) };
  }

  // ------------------------------------------------------------ document

  /**
   * Replaces the document (new / opened); history is cleared. `dirty`: start
   * unsaved. The tool stays for a document of the same ruleset; another
   * ruleset's document gets the tool last used in it, else Select (a tool id
   * two rulesets share, such as `rook`, does not carry over).
   */
  load(doc: D, opts: { dirty?: boolean } = {}): void {
    this.history.clear(opts.dirty ?? false);
    const wanted = doc.ruleset === this.s.doc.ruleset ? this.s.tool : (this.toolOf.get(doc.ruleset) ?? 'select');
    const toolOk = (this.resolve(doc)?.tools ?? []).some((t) => t.id === wanted);
    this.update({
      doc,
      docVersion: this.s.docVersion + 1,
      selection: null,
      highlight: [],
      highlightPinned: false,
      preview: null,
      carrying: null,
      tool: toolOk ? wanted : 'select',
      placement: this.placementFor(doc),
      cursor: clampSquare(this.s.cursor, doc),
    });
  }

  /**
   * Adopts the document the host wrote on save (it carries `solution` or
   * `draft`) and marks it saved. History is kept when `keepHistory` (the
   * saved document has the same board content as the edited one, so the
   * recorded ops still apply), else cleared.
   */
  adoptSaved(doc: D, keepHistory: boolean): void {
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
   * as ONE history step labelled `label` (`opts.mergeKey`: consecutive edits
   * with the key merge, e.g. typing into one field). Returns false when
   * nothing changed. Exits the preview and any keyboard pick-up. `L` is the
   * document type `fn` edits: the caller answers for it matching the
   * document (a ruleset's ops on its own documents).
   */
  edit<L = D>(label: string, fn: (tx: Tx<L>) => void, opts: PushOptions = {}): boolean {
    return this.editR(label, fn as unknown as (tx: Tx<D>) => void, opts).changed;
  }

  /** `edit` answering what `fn` returned too. */
  private editR<R>(label: string, fn: (tx: Tx<D>) => R, opts: PushOptions = {}): { changed: boolean; value: R } {
    const tx = new Tx(this.s.doc);
    const value = fn(tx);
    if (tx.ops.length === 0) {
      if (this.s.preview) this.update({ preview: null });
      return { changed: false, value };
    }
    this.history.push(tx.diff(label), opts);
    this.update({ doc: tx.doc, docVersion: this.s.docVersion + 1, preview: null, carrying: null });
    return { changed: true, value };
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
  setTool(tool: string): void {
    if (!this.findTool(tool)) return;
    this.update({ tool, carrying: null });
  }

  /** Changes placement options of the document's ruleset (kept for the ruleset across documents). */
  setPlacement(patch: Placement): void {
    this.update({ placement: { ...this.s.placement, ...patch } });
  }

  /** What a click or drag on `square` grabs in the document (the module's `topItem`), or null. */
  topItem(square: string): string | null {
    return this.ui?.topItem(this.s.doc, square) ?? null;
  }

  /** The narrow context a tool applies through; `mergeKey` makes its edits one stroke step. */
  private toolContext(mergeKey: string | undefined): ToolContext<D> {
    const opts: PushOptions = mergeKey === undefined ? {} : { mergeKey };
    const self = this;
    return {
      get doc() {
        return self.s.doc;
      },
      get placement() {
        return self.s.placement;
      },
      stroke: mergeKey !== undefined,
      edit: (label, fn) => this.editR(label, fn, opts).value,
      notify: (text, detail) => this.notify(text, detail),
      select: (square) => this.select(square),
    };
  }

  /**
   * Applies a tool at `square` (a click, a paint-stroke square, a palette
   * drop): the tool's `apply` with the placement options. `mergeKey` groups
   * a stroke into one step (strokes never replace content). A tool the
   * ruleset does not have does nothing. During the preview: nothing but
   * leaving it.
   */
  applyToolAt(square: string, mergeKey?: string, tool: string = this.s.tool): void {
    if (this.blockedByPreview()) return;
    const t = this.findTool(tool);
    if (!t) return;
    if (t.selects) {
      this.select(square);
      return;
    }
    t.apply(this.toolContext(mergeKey), square);
  }

  /**
   * Paints the rectangle between two corners with the current tool when it
   * paints rectangles, else with the ruleset's first rectangle tool (ONE
   * step). During the preview: nothing but leaving it.
   */
  paintRect(from: string, to: string): void {
    if (this.blockedByPreview()) return;
    const t = this.tool?.paints === 'rect' ? this.tool : this.tools.find((x) => x.paints === 'rect');
    t?.apply(this.toolContext(undefined), from, to);
  }

  /**
   * Moves the `item` on `from` to `to` (a drag or keyboard drop): one
   * history step, selects `to`. A move onto an occupied square (or a CM
   * hole) is refused: nothing changes, the notice says why. During the
   * preview: nothing but leaving it.
   */
  moveItem(from: string, to: string, item: string): boolean {
    if (this.blockedByPreview()) return false;
    const ui = this.ui;
    const outcome = ui ? this.editR(`Move ${item}`, (tx) => ui.moveItem(tx, from, to, item)).value : undefined;
    if (!outcome?.ok) {
      if (outcome?.refused) this.notify(outcome.refused, { square: to, tone: 'refused' });
      if (this.s.carrying) this.update({ carrying: null });
      return false;
    }
    this.select(to);
    if (outcome.notes?.length) this.notify(outcome.notes.join('. '), { square: to, tone: 'replaced' });
    return true;
  }

  /** Removes the top item on the selected square (Delete key). During the preview: nothing but leaving it. */
  eraseSelection(): boolean {
    if (this.blockedByPreview()) return false;
    const sq = this.s.selection;
    const ui = this.ui;
    if (!sq || !ui) return false;
    return this.edit('Erase', (tx: Tx<D>) => ui.eraseTop(tx, sq));
  }

  /** Places the given item kind (from a palette drag) at `square`, whatever the current tool. */
  dropPaletteItem(tool: string, square: string): void {
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
    if (this.tool?.selects) {
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

  // ------------------------------------------------------------ level fields

  /** The anchor a resize starts on for this document: its module's (`resize.anchor`), else `bottom-left` (a1 stays). */
  get resizeAnchor(): ResizeAnchor {
    return this.ui?.resize?.anchor ?? 'bottom-left';
  }

  /** How the content moves when the board becomes `width` x `height` with `anchor` (default: the module's). */
  private resizeShift(width: number, height: number, anchor: ResizeAnchor): Shift {
    return anchorShift(anchor, this.s.doc.board, { width, height });
  }

  /** What resizing to `width` x `height` with `anchor` would remove (empty when nothing), for the confirm dialog and the notice. */
  resizeLoss(width: number, height: number, anchor: ResizeAnchor = this.resizeAnchor): string[] {
    return this.ui?.resize?.loss(this.s.doc, width, height, this.resizeShift(width, height, anchor)) ?? [];
  }

  /**
   * Resizes the board with the module's `resize`, the content kept at
   * `anchor` (editor/anchor.ts; default the module's: UK, CM a1 fixed,
   * King's Valley centred on the valley); content outside is removed in the
   * same step, ONE undo step (callers confirm first, see resizeLoss). The
   * cursor and the selection move with the content. False for a fixed-size
   * board or when nothing changed.
   */
  setBoardSize(width: number, height: number, anchor: ResizeAnchor = this.resizeAnchor): boolean {
    const resize = this.ui?.resize;
    if (!resize) return false;
    const shift = this.resizeShift(width, height, anchor);
    const done = this.edit('Resize board', (tx: Tx<D>) => resize.apply(tx, width, height, shift));
    if (done) {
      const sel = this.s.selection;
      const cursor = shiftSquare(this.s.cursor, shift, width, height);
      this.update({
        cursor: clampSquare(cursor ?? this.s.cursor, this.s.doc),
        selection: sel ? shiftSquare(sel, shift, width, height) : null,
      });
    }
    return done;
  }

  /** Typing into a meta field: consecutive edits of one field are one step (merge key `meta.<field>`). */
  setMeta(field: MetaField, value: string): boolean {
    return this.edit(`Edit ${field}`, (tx: Tx<D>) => tx.set(['meta', field], value === '' && field !== 'title' ? undefined : value), {
      mergeKey: `meta.${field}`,
    });
  }

  /** Sets the designer's par (UK-7, CM-12), or removes it with `undefined`. */
  setPar(par: number | undefined): boolean {
    return this.edit('Edit par', (tx: Tx<D>) => tx.set(['par'], par), { mergeKey: 'par' });
  }

  /** Sets the "win / mate in N" goal (KV-8, LC-8) with the module's `setGoal`, or none with `undefined`; typing merges into one step. */
  setGoal(moves: number | undefined): boolean {
    const set = this.ui?.setGoal;
    if (!set) return false;
    return this.edit('Edit goal', (tx: Tx<D>) => set(tx, moves), { mergeKey: 'goal' });
  }

  // ------------------------------------------------------------ preview

  /** Shows a solution instead of the document, at frame `index` (clamped). */
  startPreview(moves: string[], frames: D[], source: Preview['source'], index = 0, open?: string[][]): void {
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

function clampSquare(square: string, doc: LevelBase): string {
  const c = parseSquare(square);
  const at = c ?? { file: 0, rank: 0 };
  const { width, height } = doc.board;
  return squareName(Math.min(Math.max(0, width - 1), at.file), Math.min(Math.max(0, height - 1), at.rank));
}
