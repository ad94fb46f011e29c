/**
 * The application controller: owns the headless Editor (editor/editor.ts),
 * the host connection, the solver worker, dialogs and banners, and exposes
 * them to the Svelte components as runes state. Async and DOM-facing work
 * lives here; every document change still goes through the Editor.
 */
import type { HostApi, HostError, SavedLevel, StartupInfo, ListedFile, SolveSummary } from '../../src-shared/host/contract.js';
import type { Level, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { levelHash } from '../../src-shared/format/level-hash.js';
import { replayMoves, validateDocument } from '../../src-shared/rules/index.js';
import { hasErrors, type Issue } from '../../src-shared/validation/issue.js';
import { ActionRegistry, type Action } from '../editor/actions.js';
import { newUkLevel, isEditableUk } from '../editor/default-doc.js';
import { sameJson } from '../editor/doc-ops.js';
import { Editor, type EditorState } from '../editor/editor.js';
import type { BoardLayout } from '../editor/geometry.js';
import { squareAtPoint } from '../editor/geometry.js';
import { TOOLS, type Tool } from '../editor/tools.js';
import { squareName } from '../../src-shared/model/square.js';
import { FACINGS, type Facing } from '../../src-shared/model/level.js';
import { contentsAt } from '../editor/uk-ops.js';
import { connectHost, type HostKind } from '../host/index.js';
import { startSolve, type SolveJob } from '../solve/solve-client.js';
import type { WorkerResult } from '../solve/protocol.js';

export type Dialog =
  | { kind: 'open'; files: ListedFile[] | null; error?: string }
  | { kind: 'save-as'; path: string; error?: string }
  | { kind: 'draft'; failure: HostError; resend: () => void }
  | { kind: 'confirm'; title: string; message: string; okLabel: string; onOk: () => void };

export type SolveState =
  | { kind: 'idle' }
  | { kind: 'running'; states: number; depth: number; started: number }
  | { kind: 'done'; result: WorkerResult; ms: number; hash: string | null }
  | { kind: 'cancelled'; states: number; depth: number }
  | { kind: 'error'; message: string };

export interface Banner {
  code: string;
  message: string;
  issues?: Issue[];
}

export interface SolutionView {
  source: 'solver' | 'stored';
  moves: string[];
  stale: boolean;
  /** Stored solutions: the solver string; solver results: '' . */
  solver: string;
}

const TOOL_KEYS: Record<Tool, string> = {
  select: 'V',
  king: 'K',
  queen: 'Q',
  rook: 'R',
  bishop: 'B',
  knight: 'N',
  pawn: 'P',
  wall: 'W',
  portal: 'O',
  erase: 'E',
};

const DRAFT_CODES = new Set(['invalid', 'unsolvable', 'limit']);

function safeHash(doc: Level): string | null {
  try {
    return levelHash(doc);
  } catch {
    return null;
  }
}

function basename(p: string): string {
  const parts = p.split(/[\\/]/);
  return parts[parts.length - 1] || p;
}

function dirname(p: string): string {
  const i = Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\'));
  return i >= 0 ? p.slice(0, i + 1) : '';
}

function slug(s: string): string {
  return (
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'untitled'
  );
}

export class AppController {
  readonly editor = new Editor(newUkLevel());
  readonly actions = new ActionRegistry();

  /** Snapshot of the editor, replaced on every change. */
  st: EditorState = $state.raw(this.editor.state);
  host: HostApi | null = null;
  hostKind: HostKind | null = $state(null);
  info: StartupInfo | null = $state.raw(null);
  path: string | null = $state(null);
  /** True once startup finished (initial file opened or failed): e2e waits on data-ready. */
  ready = $state(false);
  banner: Banner | null = $state.raw(null);
  notice: string | null = $state(null);
  /** Warnings the host reported with the last successful save (e.g. UK-7 par above the optimum). */
  saveWarnings: Issue[] = $state.raw([]);
  busy: string | null = $state(null);
  dialog: Dialog | null = $state.raw(null);
  solve: SolveState = $state.raw({ kind: 'idle' });
  /** Replay failure of the shown solution (stale moves that no longer apply). */
  previewError: string | null = $state(null);
  /** Board geometry as last laid out by the Board component (for palette drops). */
  layout: BoardLayout | null = $state.raw(null);
  boardEl: HTMLElement | null = null;
  readonly isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

  private job: SolveJob | null = null;
  private noticeTimer: ReturnType<typeof setTimeout> | undefined;

  /** Live validation of the edited document (schema, then UK rules). */
  validation = $derived.by(() => validateDocument(this.st.doc).issues);
  /** levelHash of the edited document (null when it cannot be hashed). */
  currentHash = $derived.by(() => safeHash(this.st.doc));
  fileName = $derived(this.path ? basename(this.path) : 'Untitled');

  /** The solution the solve panel shows: the latest solver result, else the stored one. */
  solution = $derived.by((): SolutionView | null => {
    const s = this.solve;
    if (s.kind === 'done' && s.result.status === 'solved') {
      return { source: 'solver', moves: s.result.moves, stale: s.hash !== this.currentHash, solver: '' };
    }
    const stored = this.st.doc.solution;
    if (stored && Array.isArray(stored.moves)) {
      return { source: 'stored', moves: stored.moves, stale: stored.levelHash !== this.currentHash, solver: stored.solver ?? '' };
    }
    return null;
  });

  constructor() {
    this.editor.subscribe((s) => {
      this.st = s;
      if (this.previewError && s.preview) this.previewError = null;
    });
    this.registerActions();
  }

  // ------------------------------------------------------------------ startup

  async start(): Promise<void> {
    try {
      await this.startInner();
    } finally {
      this.ready = true;
    }
  }

  private async startInner(): Promise<void> {
    try {
      const { api, kind } = await connectHost();
      this.host = api;
      this.hostKind = kind;
    } catch (e) {
      this.showError({ code: 'internal', message: `Cannot connect to the host: ${String(e)}` });
      return;
    }
    const r = await this.host.startup({});
    if (!r.ok) {
      this.showError(r);
      return;
    }
    this.info = r.info;
    if (r.info.initialFile) await this.openPath(r.info.initialFile);
  }

  // ------------------------------------------------------------------ banners

  showError(e: { code: string; message: string; issues?: Issue[] | undefined }): void {
    this.banner = { code: e.code, message: e.message, ...(e.issues ? { issues: e.issues } : {}) };
  }

  dismissError(): void {
    this.banner = null;
  }

  flash(text: string): void {
    this.notice = text;
    clearTimeout(this.noticeTimer);
    this.noticeTimer = setTimeout(() => (this.notice = null), 6000);
  }

  // ------------------------------------------------------------------ dirty guard

  /** Runs `action` now when the document is clean, else after the user confirms discarding. */
  confirmDiscard(what: string, action: () => void): void {
    if (!this.st.dirty) {
      action();
      return;
    }
    this.dialog = {
      kind: 'confirm',
      title: 'Discard unsaved changes?',
      message: `${this.fileName} has unsaved changes. ${what} will discard them.`,
      okLabel: 'Discard changes',
      onOk: () => {
        this.dialog = null;
        action();
      },
    };
  }

  closeDialog(): void {
    this.dialog = null;
  }

  // ------------------------------------------------------------------ files

  newDocument(): void {
    this.confirmDiscard('Creating a new blueprint', () => {
      this.cancelSolve();
      this.editor.load(newUkLevel());
      this.saveWarnings = [];
      this.path = null;
      this.solve = { kind: 'idle' };
      this.banner = null;
    });
  }

  open(): void {
    if (!this.host) return;
    this.confirmDiscard('Opening another file', () => void this.showOpen());
  }

  private async showOpen(): Promise<void> {
    const host = this.host!;
    if (this.hostKind === 'electron') {
      this.busy = 'Opening…';
      const r = await host.open({});
      this.busy = null;
      this.adoptOpened(r);
      return;
    }
    this.dialog = { kind: 'open', files: null };
    const r = await host.list({});
    if (this.dialog?.kind !== 'open') return;
    this.dialog = r.ok ? { kind: 'open', files: r.files } : { kind: 'open', files: [], error: `${r.code}: ${r.message}` };
  }

  /** Opens a host path (from the open dialog, or startup). */
  async openPath(path: string): Promise<void> {
    if (!this.host) return;
    this.dialog = null;
    this.busy = 'Opening…';
    const r = await this.host.open({ path });
    this.busy = null;
    this.adoptOpened(r);
  }

  private adoptOpened(r: Awaited<ReturnType<HostApi['open']>>): void {
    if (!r.ok) {
      if (r.code !== 'cancelled') this.showError(r);
      return;
    }
    if (!isEditableUk(r.document)) {
      const rs = (r.document as { ruleset?: unknown }).ruleset;
      this.showError({
        code: 'unsupported',
        message: `${basename(r.path)} is a "${String(rs)}" level; this editor edits Unlock the King blueprints only.`,
      });
      return;
    }
    this.cancelSolve();
    this.editor.load(r.document);
    this.saveWarnings = [];
    this.path = r.path;
    this.solve = { kind: 'idle' };
    this.banner = null;
    this.previewError = null;
    this.flash(`Opened ${basename(r.path)}`);
  }

  save(): void {
    if (!this.host) return;
    if (!this.path) {
      this.saveAs();
      return;
    }
    void this.doSave('save', this.path, false);
  }

  saveAs(): void {
    if (!this.host) return;
    if (this.hostKind === 'electron') {
      void this.doSave('saveAs', undefined, false);
      return;
    }
    const dir = this.path ? dirname(this.path) : 'unlock-the-king/';
    const name = this.path ? basename(this.path).replace(/\.level\.json$/, '') + '-copy' : slug(this.st.doc.meta.title ?? '');
    this.dialog = { kind: 'save-as', path: `${dir}${name}.level.json` };
  }

  /** OK in the serve-mode Save As prompt. */
  confirmSaveAs(path: string): void {
    const p = path.trim();
    if (!p.endsWith('.level.json')) {
      this.dialog = { kind: 'save-as', path, error: 'The path must end in .level.json' };
      return;
    }
    if (p.startsWith('/') || p.startsWith('\\') || /^[A-Za-z]:/.test(p) || p.split(/[\\/]/).includes('..')) {
      this.dialog = { kind: 'save-as', path, error: 'Use a path relative to the workspace folder (no leading "/", no "..").' };
      return;
    }
    this.dialog = null;
    void this.doSave('saveAs', p, false);
  }

  private async doSave(method: 'save' | 'saveAs', path: string | undefined, allowDraft: boolean): Promise<void> {
    const host = this.host!;
    const sent = this.st.doc;
    const sentRevision = this.editor.revision;
    this.busy = allowDraft ? 'Saving draft…' : 'Saving (proving the solution)…';
    const req = { document: sent, ...(path !== undefined ? { path } : {}), ...(allowDraft ? { allowDraft: true } : {}) };
    let r: SavedLevel | HostError;
    try {
      r = method === 'save' ? await host.save(req as { path: string; document: unknown }) : await host.saveAs(req);
    } catch (e) {
      r = { ok: false, code: 'internal', message: String(e) };
    }
    this.busy = null;
    if (r.ok) {
      this.adoptSaved(r, sent, sentRevision);
      return;
    }
    if (r.code === 'cancelled') return;
    if (DRAFT_CODES.has(r.code) && r.draftAllowed) {
      this.dialog = {
        kind: 'draft',
        failure: r,
        resend: () => {
          this.dialog = null;
          void this.doSave(method, path, true);
        },
      };
      return;
    }
    this.showError(r);
  }

  private adoptSaved(r: SavedLevel, sent: UnlockTheKingLevel, sentRevision: number): void {
    const doc = r.document;
    this.path = r.path;
    this.banner = null;
    this.saveWarnings = (r.issues ?? []).filter((i) => i.severity === 'warning');
    if (this.st.doc !== sent) {
      // The user kept editing while the host proved and wrote the file: keep those
      // edits; only the state that was sent counts as saved.
      this.editor.markSavedAt(sentRevision);
      this.flash(`Saved ${basename(r.path)} (changes made while saving are not saved yet)`);
      return;
    }
    if (!isEditableUk(doc)) {
      this.editor.markSaved();
    } else {
      // Keep history when the host kept the board content (order included): the recorded ops still apply.
      const same = sameJson(doc.pieces, sent.pieces) && sameJson(doc.walls ?? [], sent.walls ?? []) && sameJson(doc.board, sent.board);
      this.editor.adoptSaved(doc, same);
    }
    if (r.draft) this.flash(`Saved ${basename(r.path)} as a DRAFT (not proved)`);
    else this.flash(`Saved ${basename(r.path)}${r.solve.length !== undefined ? ` — optimal solution proved: ${r.solve.length} moves` : ''}`);
  }

  // ------------------------------------------------------------------ solver

  runSolve(): void {
    if (this.solve.kind === 'running') return;
    this.editor.exitPreview();
    this.previewError = null;
    const doc = this.st.doc;
    const hash = safeHash(doc);
    const started = performance.now();
    this.solve = { kind: 'running', states: 0, depth: 0, started };
    const job = startSolve(doc, (p) => {
      if (this.solve.kind === 'running') this.solve = { ...this.solve, states: p.states, depth: p.depth };
    });
    this.job = job;
    void job.promise.then((o) => {
      if (this.job !== job) return;
      this.job = null;
      const last = this.solve.kind === 'running' ? this.solve : { states: 0, depth: 0 };
      if (o.kind === 'result') this.solve = { kind: 'done', result: o.result, ms: o.ms, hash };
      else if (o.kind === 'cancelled') this.solve = { kind: 'cancelled', states: last.states, depth: last.depth };
      else this.solve = { kind: 'error', message: o.message };
    });
  }

  cancelSolve(): void {
    this.job?.cancel();
  }

  // ------------------------------------------------------------------ solution preview

  /** Shows frame `index` (0 = start, k = after k moves) of the displayed solution. */
  stepTo(index: number): void {
    const sol = this.solution;
    if (!sol) return;
    const p = this.st.preview;
    if (p && p.source === sol.source && sameJson(p.moves, sol.moves)) {
      this.editor.stepTo(index);
      return;
    }
    const r = replayMoves(this.st.doc, sol.moves);
    if (!r.ok) {
      this.previewError = r.error.map((i) => i.message).join(' ');
      return;
    }
    this.previewError = null;
    this.editor.startPreview(sol.moves, r.value as UnlockTheKingLevel[], sol.source, index);
  }

  stepBy(delta: number): void {
    const p = this.st.preview;
    if (!p) this.stepTo(delta > 0 ? 1 : 0);
    else this.stepTo(p.index + delta);
  }

  stepLast(): void {
    const sol = this.solution;
    if (sol) this.stepTo(sol.moves.length);
  }

  // ------------------------------------------------------------------ board helpers

  /** Square under a viewport point, using the board element and its layout; null off the board. */
  squareAtClient(clientX: number, clientY: number): string | null {
    const el = this.boardEl;
    const l = this.layout;
    if (!el || !l) return null;
    const r = el.getBoundingClientRect();
    const c = squareAtPoint(l, clientX - r.left, clientY - r.top);
    return c ? squareName(c.file, c.rank) : null;
  }

  // ------------------------------------------------------------------ actions

  private registerActions(): void {
    const e = this.editor;
    const running = (): boolean => this.solve.kind === 'running';
    const list: Action[] = [
      { id: 'new', label: 'New', run: () => this.newDocument() },
      { id: 'open', label: 'Open…', shortcuts: ['Mod+O'], enabled: () => !!this.host, run: () => this.open() },
      { id: 'save', label: 'Save', shortcuts: ['Mod+S'], enabled: () => !!this.host && !this.busy, run: () => this.save() },
      { id: 'save-as', label: 'Save As…', shortcuts: ['Mod+Shift+S'], enabled: () => !!this.host && !this.busy, run: () => this.saveAs() },
      { id: 'undo', label: 'Undo', shortcuts: ['Mod+Z'], enabled: () => this.st.canUndo, run: () => e.undo() },
      { id: 'redo', label: 'Redo', shortcuts: ['Mod+Shift+Z', 'Mod+Y'], enabled: () => this.st.canRedo, run: () => e.redo() },
      { id: 'solve', label: 'Solve', shortcuts: ['Mod+Enter'], enabled: () => !running(), run: () => this.runSolve() },
      { id: 'cancel-solve', label: 'Cancel', enabled: running, run: () => this.cancelSolve() },
      {
        id: 'erase-selection',
        label: 'Delete',
        shortcuts: ['Delete', 'Backspace'],
        enabled: () => !!this.st.selection,
        run: () => void e.eraseSelection(),
      },
      { id: 'escape', label: 'Cancel / exit', shortcuts: ['Escape'], run: () => this.escape() },
      { id: 'toggle-color', label: 'Toggle colour', shortcuts: ['C'], run: () => this.toggleColor() },
      { id: 'rotate-facing', label: 'Rotate pawn facing', shortcuts: ['F'], run: () => this.rotateFacing() },
      { id: 'toggle-lateral', label: 'Toggle pawn lateral', shortcuts: ['L'], run: () => this.toggleLateral() },
      { id: 'step-first', label: 'First position', enabled: () => !!this.solution, run: () => this.stepTo(0) },
      { id: 'step-prev', label: 'Previous move', enabled: () => !!this.solution, run: () => this.stepBy(-1) },
      { id: 'step-next', label: 'Next move', enabled: () => !!this.solution, run: () => this.stepBy(1) },
      { id: 'step-last', label: 'Last position', enabled: () => !!this.solution, run: () => this.stepLast() },
      { id: 'exit-preview', label: 'Back to editing', enabled: () => !!this.st.preview, run: () => e.exitPreview() },
    ];
    for (const t of TOOLS) {
      list.push({ id: `tool-${t}`, label: t, shortcuts: [TOOL_KEYS[t]], run: () => e.setTool(t) });
    }
    this.actions.register(...list);
  }

  toolKey(t: Tool): string {
    return TOOL_KEYS[t];
  }

  escape(): void {
    if (this.dialog) {
      this.dialog = null;
      return;
    }
    if (this.solve.kind === 'running') {
      this.cancelSolve();
      return;
    }
    if (this.st.carrying) {
      this.editor.cancelCarry();
      return;
    }
    if (this.st.preview) {
      this.editor.exitPreview();
      return;
    }
    if (this.st.highlight.length) this.editor.clearHighlight();
  }

  private selectedPiece() {
    const sq = this.st.selection;
    return sq ? contentsAt(this.st.doc, sq).piece : undefined;
  }

  toggleColor(): void {
    const p = this.selectedPiece();
    if (p) this.editor.setPieceProps(p.square, { color: (p.color ?? 'ivory') === 'ivory' ? 'obsidian' : 'ivory' });
    else this.editor.setPlacement({ color: this.st.placement.color === 'ivory' ? 'obsidian' : 'ivory' });
  }

  rotateFacing(): void {
    const next = (f: Facing): Facing => FACINGS[(FACINGS.indexOf(f) + 1) % FACINGS.length]!;
    const p = this.selectedPiece();
    if (p?.role === 'pawn') this.editor.setPieceProps(p.square, { facing: next(p.facing ?? 'north') });
    else this.editor.setPlacement({ facing: next(this.st.placement.facing) });
  }

  toggleLateral(): void {
    const p = this.selectedPiece();
    if (p?.role === 'pawn') this.editor.setPieceProps(p.square, { lateral: !(p.lateral ?? false) });
    else this.editor.setPlacement({ lateral: !this.st.placement.lateral });
  }

  /** Global keydown: dialogs first, then preview stepping, then the actions registry. */
  handleKey(ev: KeyboardEvent): void {
    const t = ev.target as HTMLElement | null;
    const typing = !!t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
    if (this.dialog) {
      if (ev.key === 'Escape') {
        ev.preventDefault();
        this.closeDialog();
      }
      return;
    }
    const plain = !ev.ctrlKey && !ev.metaKey && !ev.altKey;
    // Arrow keys step through the solution while it is previewed, or when focus is in the solver panel.
    const inSolver = !!t?.closest?.('.solve-panel') && !!this.solution;
    if ((this.st.preview || inSolver) && !typing && plain) {
      const k = ev.key;
      if (k === 'ArrowLeft' || k === 'ArrowUp') return this.consume(ev, () => this.stepBy(-1));
      if (k === 'ArrowRight' || k === 'ArrowDown') return this.consume(ev, () => this.stepBy(1));
      if (k === 'Home') return this.consume(ev, () => this.stepTo(0));
      if (k === 'End') return this.consume(ev, () => this.stepLast());
    }
    const a = this.actions.match(ev, typing, this.isMac);
    if (a) {
      // Text fields edit the document through the editor, so Ctrl+Z there is the editor's undo too.
      ev.preventDefault();
      this.actions.run(a.id);
    }
  }

  private consume(ev: KeyboardEvent, fn: () => void): void {
    ev.preventDefault();
    fn();
  }

  /** Issues as a list with the squares each one highlights. */
  issueSquares(i: Issue): string[] {
    return i.squares ?? (i.square ? [i.square] : []);
  }

  get hasErrors(): boolean {
    return hasErrors(this.validation);
  }
}

export function summarizeSolve(s: SolveSummary | undefined): string {
  if (!s) return '';
  const states = `${s.states.toLocaleString('en-US')} states`;
  switch (s.status) {
    case 'solved':
      return `solved in ${s.length} moves (${states})`;
    case 'unsolvable':
      return `proved unsolvable (${states})`;
    case 'limit':
      return `gave up at the solver limit (${states})`;
    case 'cancelled':
      return 'cancelled';
    default:
      return s.message ?? 'solver error';
  }
}
