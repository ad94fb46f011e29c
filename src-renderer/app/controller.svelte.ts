/**
 * The application controller: owns the headless Editor (editor/editor.ts),
 * the host connection, the solve and engine jobs, the play session, dialogs and
 * banners, and exposes them to the Svelte components as runes state. Async
 * and DOM-facing work lives here; every document change still goes through
 * the Editor.
 */
import { canvasActions } from '../editor/canvas-actions.js';
import type { BackupItem, FileRevision, HostApi, HostError, SavedLevel, StartupInfo, ListedFile, RecoveryItem, SolveSummary } from '../../src-shared/host/contract.js';
import type { Level } from '../../src-shared/model/level.js';
import { levelHash } from '../../src-shared/format/level-hash.js';
import { replayMoves, rulesetOf, validateDocument } from '../../src-shared/rulesets/index.js';
import { hasErrors, type Issue } from '../../src-shared/validation/issue.js';
import { ActionRegistry, type Action } from '../editor/actions.js';
import { lastSessionFile, noteFile, openRecentDialog } from './session.js';
import { defaultDocument, newLevel, isEditable, type EditableLevel, type EditableRuleset } from '../editor/default-doc.js';
import { sameJson } from '../editor/doc-ops.js';
import { Editor, type EditorState } from '../editor/editor.js';
import type { BoardLayout } from '../editor/geometry.js';
import { squareAtPoint } from '../editor/geometry.js';
import { RULESET_UI_LIST, rulesetUi, rulesetUiOf } from '../rulesets/index.js';
import { PLAYTEST_KEY, type RulesetUi } from '../rulesets/ruleset-ui.js';
import type { RulesetDef } from '../../src-shared/ruleset.js';
import { rulesetActions } from './ruleset-actions.js';
import { squareName } from '../../src-shared/model/square.js';
import { replayPlayViews, startEnginePlay, startPlay } from '../play/index.js';
import type { PlaytestUi } from '../play/module.js';
import type { PlaySession, PlaySide } from '../play/session.js';
import type { MoveSide } from '../../src-shared/display/move-list.js';
import type { EngineAnswer, SolveAnswer } from '../../src-shared/ruleset.js';
import { runJob } from '../workers/job-runner.js';
import type { JobHandle, SolveJob } from '../workers/job-protocol.js';
import { connectHost, type HostKind } from '../host/index.js';
import { startSolveVia } from '../solve/host-solve-client.js';
import { displayMessage, extraIssues } from './messages.js';
import { MaxWaitDebouncer } from './autosave.js';
import { LIVE_MAX_BYTES, LIVE_MAX_STATES, LIVE_TIME_MS, LiveSolver, type LiveStatus } from './live-solve.js';
import { createTabPresence, type TabPresence } from './tab-presence.js';
import { packActions } from '../pack/pack-actions.js';
import { packManagerFor } from '../pack/pack-manager.svelte.js';

export type Dialog =
  | { kind: 'open'; files: ListedFile[] | null; error?: string }
  /** New: the ruleset choice; with `ruleset`, the second step lists that ruleset's starting documents (`def.starts`). */
  | { kind: 'new'; ruleset?: string }
  | {
      kind: 'save-as';
      path: string;
      error?: string;
      /** Set while asking "Replace <name>?" for a path that already exists. */
      replace?: string;
      /** A save is running (buttons disabled). */
      saving?: boolean;
    }
  | { kind: 'draft'; failure: HostError; resend: () => void }
  /** Autosaved documents found at start (issue 8): Recover / Discard each, or Later. */
  | { kind: 'recovery'; items: RecoveryItem[]; busy?: string; error?: string }
  /**
   * A save answered `conflict`: `path` changed on disk since it was opened
   * (`revision`: on disk now, null = deleted). Reload theirs / Overwrite with
   * mine / Save As; nothing is written until the user chooses.
   */
  | { kind: 'conflict'; path: string; revision: FileRevision | null; method: 'save' | 'saveAs'; allowDraft: boolean }
  /** Backups of the open file (Versions…): open one as a dirty document; saving restores it. */
  | { kind: 'versions'; path: string; items: BackupItem[] | null; error?: string }
  | {
      kind: 'confirm';
      title: string;
      message: string;
      /** Listed under the message (e.g. what a resize removes). */
      items?: string[];
      okLabel: string;
      /** data-testid of the OK button (default `confirm-discard`). */
      okId?: string;
      onOk: () => void;
      onCancel?: () => void;
    };

export type SolveState =
  | { kind: 'idle' }
  | { kind: 'running'; states: number; depth: number; started: number }
  /** `first`: the side to move of the document that was solved (its line's first move). */
  | { kind: 'done'; result: SolveAnswer; ms: number; hash: string | null; first: MoveSide }
  | { kind: 'cancelled'; states: number; depth: number }
  | { kind: 'error'; message: string };

export interface Banner {
  code: string;
  message: string;
  issues?: Issue[];
  /** Leading words (default "Error"), e.g. "Not saved" for a failed save. */
  title?: string;
}

/** The open file changed on disk (noticed by polling `revision`): `revision` now, null = deleted. */
export interface DiskChange {
  path: string;
  revision: FileRevision | null;
}

/** What the last autosave did (status bar; a failure shows a warning chip in the toolbar). */
export type AutosaveState = { kind: 'idle' } | { kind: 'saved'; at: string } | { kind: 'failed'; message: string };

/** How often the open file's revision is polled while the page is visible (ms). */
export const DISK_POLL_MS = 5000;

/** A fresh autosave id: `crypto.randomUUID()` (fallback: random hex), 1-64 of [A-Za-z0-9_-]. */
export function newDocId(): string {
  try {
    if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  } catch {
    /* insecure context */
  }
  const bytes = new Uint8Array(16);
  try {
    crypto.getRandomValues(bytes);
  } catch {
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  }
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** True when `current` (the file on disk now, null = missing) is not the revision the document is based on. */
export function changedOnDisk(base: FileRevision | null, current: FileRevision | null): boolean {
  if (base === null) return current !== null;
  return current === null || current.sha256 !== base.sha256;
}

export interface SolutionView {
  source: 'solver' | 'stored';
  moves: string[];
  stale: boolean;
  /** Stored solutions: the solver string; solver results: '' . */
  solver: string;
  /** The side that makes the line's first move (two-player rulesets; numbers the move list), as solved. */
  first: MoveSide;
}

/** The side to move at the document's start (`def.goal.startSide` of a two-player ruleset; White elsewhere). */
function startSideOf(doc: Level): MoveSide {
  const goal = rulesetOf(doc)?.goal;
  return goal?.kind === 'in-n' ? goal.startSide(doc) : 'white';
}

/** Play UI state (play/module.ts), kept by the controller while playing. */
export type { EngineUi, PlaytestUi } from '../play/module.js';

const DRAFT_CODES = new Set(['invalid', 'unsolvable', 'limit']);

/** sessionStorage key of the file being edited, so a reload reopens it. */
export const PATH_KEY = 'castellan.path';

function safeHash(doc: Level): string | null {
  try {
    return levelHash(doc);
  } catch {
    return null;
  }
}

/** Local time of an ISO timestamp, e.g. "14:03:21" today, else "12 Mar, 14:03". */
export function formatTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  if (d.toDateString() === now.toDateString()) return time;
  return `${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}, ${time.slice(0, 5)}`;
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

function session(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

export class AppController {
  readonly editor = new Editor<EditableLevel>(defaultDocument(), rulesetUiOf);
  readonly actions = new ActionRegistry();

  /** Snapshot of the editor, replaced on every change. */
  st: EditorState = $state.raw(this.editor.state);
  host: HostApi | null = null;
  /** Esc handlers of panels over the editor (e.g. the pack manager); one answering true took the key. */
  readonly escapeHandlers = new Set<() => boolean>();
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
  /** The running playtest, or null while editing. */
  play: PlaytestUi | null = $state.raw(null);
  /** Board geometry as last laid out by the Board component (for palette drops). */
  layout: BoardLayout | null = $state.raw(null);
  boardEl: HTMLElement | null = null;
  readonly isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

  /** The open file changed on disk since it was opened or saved: the banner with Reload / Keep mine. */
  diskChange: DiskChange | null = $state.raw(null);
  autosaveState: AutosaveState = $state.raw({ kind: 'idle' });
  /** The live badge (background solve a moment after each edit). */
  live: LiveStatus = $state.raw({ kind: 'idle' });
  /** Autosaves of other documents still waiting after a recovery (offered again from the status bar). */
  recoveryLeft = $state(0);

  /** Autosave id of the open document (issue 8); a new one for every new/opened document. */
  docId = newDocId();
  /**
   * The file revision the document is based on (opened or last saved), sent
   * as `expectedRevision`; null: the file must not exist; undefined: unknown
   * (no check).
   */
  baseRevision: FileRevision | null | undefined = undefined;

  private job: SolveJob | null = null;
  private engineJob: JobHandle<'engine-move'> | null = null;
  private noticeTimer: ReturnType<typeof setTimeout> | undefined;
  /** True once an autosave of `docId` was sent (and not discarded or saved since). */
  private autosaved = false;
  /** Recovery-folder calls (autosave, discard) run one after the other, in call order. */
  private recoveryChain: Promise<unknown> = Promise.resolve();
  private readonly autosaver = new MaxWaitDebouncer(() => this.serialRecovery(() => this.runAutosave()));
  /** "Keep mine" was chosen for this version on disk (its sha256; null = deleted): no banner for it again. */
  private keptMine: { path: string; sha: string | null } | null = null;
  private diskChecking = false;
  /** Save requests in flight (the revision poll waits: our own write changes the file). */
  private saving = 0;
  private presence: TabPresence | null = null;
  private readonly liveSolver = new LiveSolver(
    // The host's worker_threads pool when the host has one (Electron, serve), else a Web Worker.
    (level) => startSolveVia(this.host, level, () => undefined, { maxStates: LIVE_MAX_STATES, maxBytes: LIVE_MAX_BYTES, countSolutions: 0, timeMs: LIVE_TIME_MS }),
    (level) => this.livePrecheck(level),
    (st) => (this.live = st),
  );

  /** Live validation of the edited document (schema, then the ruleset's builder rules). */
  validation = $derived.by(() => validateDocument(this.st.doc).issues);
  /** levelHash of the edited document (null when it cannot be hashed). */
  currentHash = $derived.by(() => safeHash(this.st.doc));
  fileName = $derived(this.path ? basename(this.path) : 'Untitled');
  /** The document's ruleset, its editing module (tools, toggles, components) and its core module (names, limits, wording). */
  ruleset: EditableRuleset = $derived(this.st.doc.ruleset);
  ui: RulesetUi = $derived(rulesetUi(this.st.doc.ruleset) ?? RULESET_UI_LIST[0]!);
  rs: RulesetDef = $derived(this.ui.def);

  /** The solution the solve panel shows: the latest solver result, else the stored one. */
  solution = $derived.by((): SolutionView | null => {
    const s = this.solve;
    if (s.kind === 'done' && s.result.status === 'solved') {
      return { source: 'solver', moves: s.result.moves, stale: s.hash !== this.currentHash, solver: '', first: s.first };
    }
    const stored = this.st.doc.solution;
    if (stored && Array.isArray(stored.moves)) {
      return { source: 'stored', moves: stored.moves, stale: stored.levelHash !== this.currentHash, solver: stored.solver ?? '', first: startSideOf(this.st.doc) };
    }
    return null;
  });

  constructor() {
    let prev = this.editor.state;
    this.editor.subscribe((s) => {
      const before = prev;
      prev = s;
      this.st = s;
      if (this.previewError && s.preview) this.previewError = null;
      if (s.docVersion !== before.docVersion || s.dirty !== before.dirty) this.documentChanged(s);
      if (s.docVersion !== before.docVersion) this.liveRequest();
    });
    this.editor.onNotice((t) => this.flash(t));
    this.registerActions();
  }

  // ------------------------------------------------------------------ startup

  async start(): Promise<void> {
    try {
      await this.startInner();
    } finally {
      if (this.live.kind === 'idle') this.liveRequest();
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
    this.presence = createTabPresence(() => this.docId);
    // A reload reopens the file that was being edited; if it no longer opens, the initial file.
    const remembered = this.rememberedPath();
    const reopened = !!remembered && (await this.openPath(remembered, { quiet: true }));
    if (!reopened) {
      if (remembered) this.rememberPath(null);
      const last = await lastSessionFile(this.host); // the last session's file (issue 9), else the initial file
      if (!(last && (await this.openPath(last, { quiet: true }))) && r.info.initialFile) await this.openPath(r.info.initialFile);
    }
    // Work an earlier session did not save (a crash, a kill, a closed tab): offer it.
    await this.offerRecovery();
  }

  private rememberedPath(): string | null {
    try {
      return session()?.getItem(PATH_KEY) ?? null;
    } catch {
      return null;
    }
  }

  /** Remembers the edited file for a reload of this tab (null forgets it). */
  private rememberPath(p: string | null): void {
    try {
      if (p) session()?.setItem(PATH_KEY, p);
      else session()?.removeItem(PATH_KEY);
    } catch {
      /* storage unavailable: reload opens the initial file */
    }
  }

  // ------------------------------------------------------------------ banners

  /** Shows a host error in the banner; `relPath`: the workspace path asked for (absolute host paths ending in it are shown relative). */
  showError(e: { code: string; message: string; issues?: Issue[] | undefined }, relPath?: string | null, title?: string): void {
    const message = displayMessage(e.message, relPath);
    const issues = extraIssues(message, e.issues).map((i) => ({ ...i, message: displayMessage(i.message, relPath) }));
    this.banner = { code: e.code, message, ...(issues.length ? { issues } : {}), ...(title ? { title } : {}) };
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
    const d = this.dialog;
    if (d?.kind === 'save-as' && d.saving) return;
    this.dialog = null;
    if (d?.kind === 'confirm') d.onCancel?.();
  }

  // ------------------------------------------------------------------ files

  /** New: asks which ruleset. */
  newDocument(): void {
    this.dialog = { kind: 'new' };
  }

  /** New → a ruleset with starting documents (`def.starts`, King's Valley setups): the second step asks for one. */
  chooseStart(ruleset: string): void {
    this.dialog = { kind: 'new', ruleset };
  }

  /**
   * Creates a new document of `ruleset` (after confirming to discard unsaved
   * changes), from `start` (one of the ruleset's `def.starts`; default its
   * empty document).
   */
  createNew(ruleset: string, start?: string): void {
    const ui = rulesetUi(ruleset);
    if (!ui) return;
    this.dialog = null;
    this.confirmDiscard(`Creating a new ${ui.def.noun}`, () => {
      this.replaceDocument(newLevel(ruleset as EditableRuleset, start), { path: null, revision: null, dirty: false });
    });
  }

  /** Opens a document that has no file yet (a file dropped in the browser, file-drop.ts): unsaved; Save asks for a path. */
  openUnsaved(doc: EditableLevel): void {
    this.confirmDiscard('Opening the dropped file', () => this.replaceDocument(doc, { path: null, revision: null, dirty: true }));
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
      this.adoptOpened(r, null);
      return;
    }
    this.dialog = { kind: 'open', files: null };
    const r = await host.list({});
    if (this.dialog?.kind !== 'open') return;
    this.dialog = r.ok ? { kind: 'open', files: r.files } : { kind: 'open', files: [], error: `${r.code}: ${displayMessage(r.message)}` };
  }

  /**
   * Opens a host path (from the open dialog, a reload, or startup).
   * Answers whether it opened. `quiet`: no error banner on failure (the
   * caller falls back to another file).
   */
  async openPath(path: string, opts: { quiet?: boolean } = {}): Promise<boolean> {
    if (!this.host) return false;
    if (/\.pack\.json$/i.test(path) && this.host.packOpen) {
      // An exported pack (file association, a second launch, a drop): the pack manager opens it; the document stays.
      const m = packManagerFor(this);
      m.show();
      return m.openPack(path);
    }
    this.dialog = null;
    this.busy = 'Opening…';
    const r = await this.host.open({ path });
    this.busy = null;
    return this.adoptOpened(r, path, opts.quiet ?? false);
  }

  private adoptOpened(r: Awaited<ReturnType<HostApi['open']>>, asked: string | null, quiet = false): boolean {
    if (!r.ok) {
      if (r.code !== 'cancelled' && !quiet) this.showError(r, asked);
      return false;
    }
    if (!isEditable(r.document)) {
      const rs = (r.document as { ruleset?: unknown }).ruleset;
      if (!quiet) {
        this.showError({
          code: 'unsupported',
          message: `${basename(r.path)} is a "${String(rs)}" level; this editor edits Unlock the King, Chess Maze and King's Valley levels.`,
        });
      }
      return false;
    }
    this.replaceDocument(r.document, { path: r.path, revision: r.revision, dirty: false });
    void noteFile(this.host, r.path);
    this.flash(`Opened ${basename(r.path)}`);
    return true;
  }

  /**
   * Makes `doc` the open document (new, opened, recovered, an older
   * version): a fresh history, `path`, base revision and autosave id. The
   * replaced document's autosave is discarded (the user chose to leave it:
   * New/Open over unsaved changes asked first). `dirty`: the document is not
   * what the file holds (recovered work, an older version); it autosaves.
   * `docId`: keep this autosave id (recovery), else a new one.
   */
  private replaceDocument(doc: EditableLevel, o: { path: string | null; revision: FileRevision | null | undefined; dirty: boolean; docId?: string }): void {
    this.exitPlaytest();
    this.cancelSolve();
    this.autosaver.cancel();
    if (this.autosaved && this.docId !== o.docId) this.discardAutosave(this.docId);
    this.docId = o.docId ?? newDocId();
    this.autosaved = o.docId !== undefined;
    this.autosaveState = { kind: 'idle' };
    this.path = o.path;
    this.baseRevision = o.path === null ? null : o.revision;
    this.diskChange = null;
    this.keptMine = null;
    this.rememberPath(o.path);
    this.editor.load(doc, { dirty: o.dirty });
    this.saveWarnings = [];
    this.solve = { kind: 'idle' };
    this.banner = null;
    this.previewError = null;
  }

  save(): void {
    if (!this.host) return;
    if (!this.path) {
      this.saveAs();
      return;
    }
    void this.doSave('save', this.path);
  }

  saveAs(): void {
    if (!this.host) return;
    if (this.hostKind === 'electron') {
      void this.doSave('saveAs', undefined);
      return;
    }
    const dir = this.path ? dirname(this.path) : `${this.rs.id}/`;
    const name = this.path ? basename(this.path).replace(/\.level\.json$/, '') + '-copy' : slug(this.st.doc.meta.title ?? '');
    this.dialog = { kind: 'save-as', path: `${dir}${name}.level.json` };
  }

  /**
   * OK in the serve-mode Save As prompt: checks the path, asks "Replace
   * <name>?" when it is already in the workspace listing (unless
   * `replaceOk`), then saves with the dialog kept open: host errors (a
   * missing folder, ...) show inline so the path need not be retyped.
   */
  async confirmSaveAs(path: string, replaceOk = false): Promise<void> {
    const p = path.trim();
    const stay = (error?: string): void => {
      this.dialog = { kind: 'save-as', path, ...(error ? { error } : {}) };
    };
    if (!p.endsWith('.level.json') || p === '.level.json') return stay('The path must end in .level.json');
    if (p.startsWith('/') || p.startsWith('\\') || /^[A-Za-z]:/.test(p) || p.split(/[\\/]/).includes('..')) {
      return stay('Use a path relative to the workspace folder (no leading "/", no "..").');
    }
    if (!this.host) return;
    if (!replaceOk) {
      this.dialog = { kind: 'save-as', path, saving: true };
      const listed = await this.host.list({});
      if (this.dialog?.kind !== 'save-as') return;
      const norm = (s: string): string => s.replace(/\\/g, '/').replace(/^\.\//, '');
      if (listed.ok && listed.files.some((f) => norm(f.path) === norm(p))) {
        this.dialog = { kind: 'save-as', path, replace: basename(p) };
        return;
      }
    }
    await this.doSave('saveAs', p, { inDialog: true, replaceOk });
  }

  /**
   * Sends the document to the host's save pipeline. Every save carries the
   * autosave `docId` and a revision check (issue 8): Save sends
   * `expectedRevision` = the base revision; Save As to a new workspace path
   * `expectedRevision: null` (it must not exist yet); Save As after
   * "Replace?" (or Electron's own dialog, which asked) and "Overwrite with
   * mine" send `overwrite: true` (the host keeps the replaced file as a
   * backup). A pending autosave is cancelled first. Failures keep the
   * document dirty: `conflict` opens the conflict dialog, draftable
   * failures the draft dialog, others the "Not saved" banner.
   */
  private async doSave(method: 'save' | 'saveAs', path: string | undefined, o: { allowDraft?: boolean; inDialog?: boolean; overwrite?: boolean; replaceOk?: boolean } = {}): Promise<void> {
    const host = this.host!;
    const allowDraft = o.allowDraft ?? false;
    const inDialog = o.inDialog ?? false;
    this.autosaver.cancel();
    this.busy = allowDraft ? 'Saving draft…' : 'Saving (proving the solution)…';
    if (inDialog && path !== undefined) this.dialog = { kind: 'save-as', path, saving: true };
    this.saving++;
    let r: SavedLevel | HostError;
    let sent = this.st.doc;
    let sentRevision = this.editor.revision;
    try {
      // An autosave already on its way lands first (the host then deletes it with this save).
      await this.recoveryChain;
      sent = this.st.doc;
      sentRevision = this.editor.revision;
      const overwrite = o.overwrite || (method === 'saveAs' && (path === undefined || o.replaceOk));
      const check: { expectedRevision?: FileRevision | null; overwrite?: true } = overwrite
        ? { overwrite: true }
        : method === 'saveAs'
          ? { expectedRevision: null }
          : this.baseRevision !== undefined
            ? { expectedRevision: this.baseRevision }
            : {};
      const req = { document: sent, docId: this.docId, ...check, ...(path !== undefined ? { path } : {}), ...(allowDraft ? { allowDraft: true } : {}) };
      r = method === 'save' ? await host.save(req as typeof req & { path: string }) : await host.saveAs(req);
    } catch (e) {
      r = { ok: false, code: 'internal', message: String(e) };
    } finally {
      this.saving--;
    }
    this.busy = null;
    if (r.ok) {
      if (inDialog || this.dialog?.kind === 'draft' || this.dialog?.kind === 'conflict') this.dialog = null;
      this.adoptSaved(r, sent, sentRevision);
      return;
    }
    // Not saved: the document stays dirty and keeps autosaving.
    if (this.st.dirty) this.autosaver.touch();
    if (r.code === 'cancelled') {
      if (inDialog) this.dialog = null;
      return;
    }
    if (r.code === 'conflict') {
      if (inDialog && path !== undefined) {
        // The path appeared since the listing: ask "Replace?" as for a listed file.
        this.dialog = { kind: 'save-as', path, replace: basename(path) };
        return;
      }
      const at = path ?? this.path;
      if (at) {
        this.dialog = { kind: 'conflict', path: at, revision: r.revision ?? null, method, allowDraft };
        return;
      }
    }
    if (DRAFT_CODES.has(r.code) && r.draftAllowed) {
      this.dialog = {
        kind: 'draft',
        failure: r,
        resend: () => {
          this.dialog = null;
          void this.doSave(method, path, { ...o, allowDraft: true, inDialog: false });
        },
      };
      return;
    }
    if (inDialog && path !== undefined) {
      // Keep the Save As dialog (and the typed path) with the error inline.
      const msg = displayMessage(r.message, path);
      const more = extraIssues(msg, r.issues).map((i) => i.message);
      this.dialog = { kind: 'save-as', path, error: [msg, ...more].join(' ') };
      return;
    }
    if (this.dialog?.kind === 'conflict') this.dialog = null;
    this.showError(r, path, 'Not saved');
  }

  private adoptSaved(r: SavedLevel, sent: EditableLevel, sentRevision: number): void {
    const doc = r.document;
    this.path = r.path;
    this.rememberPath(r.path);
    void noteFile(this.host, r.path);
    this.banner = null;
    // The file now holds what was sent: the next save checks against this revision.
    this.baseRevision = r.revision;
    this.diskChange = null;
    this.keptMine = null;
    // The host deleted this document's autosave; edits made while saving autosave again.
    this.autosaved = false;
    this.autosaveState = { kind: 'idle' };
    try {
      this.adoptSavedDoc(r, doc, sent, sentRevision);
    } finally {
      if (this.st.dirty) this.autosaver.touch();
    }
  }

  private adoptSavedDoc(r: SavedLevel, doc: Level, sent: EditableLevel, sentRevision: number): void {
    this.saveWarnings = (r.issues ?? []).filter((i) => i.severity === 'warning');
    if (this.st.doc !== sent) {
      // The user kept editing while the host proved and wrote the file: keep those
      // edits; only the state that was sent counts as saved.
      this.editor.markSavedAt(sentRevision);
      this.flash(`Saved ${basename(r.path)} (changes made while saving are not saved yet)`);
      return;
    }
    if (!isEditable(doc) || doc.ruleset !== sent.ruleset) {
      this.editor.markSaved();
    } else {
      // Keep history when the host kept the board content (order included): the recorded ops still apply.
      const a = doc as unknown as Record<string, unknown>;
      const b = sent as unknown as Record<string, unknown>;
      const same = ['pieces', 'walls', 'board', 'tiles', 'portal', 'objectives', 'pillars', 'sideToMove', 'startingSetup', 'options', 'goal'].every((k) => sameJson(a[k], b[k]));
      this.editor.adoptSaved(doc, same);
    }
    if (r.draft) this.flash(`Saved ${basename(r.path)} as a DRAFT (not proved)`);
    else this.flash(`Saved ${basename(r.path)}${r.solve.length !== undefined ? ` — optimal solution proved: ${r.solve.length} moves` : ''}`);
  }

  // ------------------------------------------------------------------ never lose work (issue 8)

  /** Runs recovery-folder calls one after the other (an autosave never overtakes a discard or a later autosave). */
  private serialRecovery<T>(fn: () => Promise<T>): Promise<T | undefined> {
    const run = this.recoveryChain.then(fn, fn);
    this.recoveryChain = run.catch(() => undefined);
    return run.catch(() => undefined);
  }

  /** The document changed or its dirty flag flipped: autosave while dirty; clean again (undo to the saved state) drops the autosave. */
  private documentChanged(s: EditorState): void {
    if (s.dirty) {
      this.autosaver.touch();
      return;
    }
    this.autosaver.cancel();
    if (this.autosaved) {
      this.discardAutosave(this.docId);
      this.autosaved = false;
    }
  }

  private discardAutosave(docId: string): void {
    const host = this.host;
    if (!host?.recoveryDiscard) return;
    void this.serialRecovery(() => host.recoveryDiscard!({ docId }));
  }

  /** One autosave of the current document (debounced by `autosaver`). A failure shows a warning; editing goes on. */
  private async runAutosave(): Promise<void> {
    const host = this.host;
    if (!host?.autosave || !this.st.dirty) return;
    const docId = this.docId;
    const base = this.baseRevision;
    this.autosaved = true;
    let r: Awaited<ReturnType<NonNullable<HostApi['autosave']>>>;
    try {
      r = await host.autosave({ docId, document: this.st.doc, ...(this.path ? { path: this.path } : {}), ...(base ? { baseRevision: base } : {}) });
    } catch (e) {
      r = { ok: false, code: 'internal', message: String(e) };
    }
    if (docId !== this.docId) return;
    this.autosaveState = r.ok ? { kind: 'saved', at: r.savedAt } : { kind: 'failed', message: `${r.code}: ${displayMessage(r.message, this.path)}` };
  }

  /** Autosaves now when an autosave is pending (the page is being hidden or closed). */
  flushAutosave(): Promise<void> {
    return this.autosaver.flush();
  }

  /**
   * Wires the page events: autosave at once when the page is hidden or
   * closed; poll the open file's revision on focus, when the page becomes
   * visible and every DISK_POLL_MS while visible. Answers the cleanup.
   */
  attach(win: Window = window): () => void {
    const doc = win.document;
    const onVisibility = (): void => {
      if (doc.visibilityState === 'hidden') void this.flushAutosave();
      else void this.checkDisk();
    };
    const onHide = (): void => void this.flushAutosave();
    const onFocus = (): void => void this.checkDisk();
    doc.addEventListener('visibilitychange', onVisibility);
    win.addEventListener('pagehide', onHide);
    win.addEventListener('focus', onFocus);
    const timer = win.setInterval(() => {
      if (doc.visibilityState === 'visible') void this.checkDisk();
    }, DISK_POLL_MS);
    return () => {
      doc.removeEventListener('visibilitychange', onVisibility);
      win.removeEventListener('pagehide', onHide);
      win.removeEventListener('focus', onFocus);
      win.clearInterval(timer);
      this.presence?.close();
    };
  }

  /**
   * Polls the open file's revision; when it is not the base revision (an
   * outside change, or deleted) shows the "changed on disk" banner, unless
   * the user chose "Keep mine" for exactly that version. Skipped while a
   * save runs (our own write changes the file).
   */
  async checkDisk(): Promise<void> {
    const host = this.host;
    const path = this.path;
    const base = this.baseRevision;
    if (!host?.revision || !path || base === undefined || this.diskChecking || this.saving > 0) return;
    this.diskChecking = true;
    try {
      const r = await host.revision({ path });
      if (!r.ok || path !== this.path || base !== this.baseRevision || this.saving > 0) return;
      if (!changedOnDisk(base, r.revision)) {
        this.diskChange = null;
        return;
      }
      const sha = r.revision?.sha256 ?? null;
      if (this.keptMine && this.keptMine.path === path && this.keptMine.sha === sha) return;
      if (this.diskChange?.path === path && (this.diskChange.revision?.sha256 ?? null) === sha) return;
      this.diskChange = { path, revision: r.revision };
    } catch {
      /* the next poll tries again */
    } finally {
      this.diskChecking = false;
    }
  }

  /** "Reload" (banner) / "Reload theirs" (conflict): opens the file again; unsaved changes are discarded (their autosave too). */
  async reloadFromDisk(): Promise<void> {
    const path = this.diskChange?.path ?? (this.dialog?.kind === 'conflict' ? this.dialog.path : this.path);
    if (!path) return;
    this.dialog = null;
    this.diskChange = null;
    if (await this.openPath(path)) this.flash(`Reloaded ${basename(path)} from disk`);
  }

  /**
   * "Keep mine": the banner goes away for this version on disk and the
   * document counts as unsaved (it is not what the file holds); saving it
   * answers `conflict` and asks before replacing the other version.
   */
  keepMine(): void {
    const c = this.diskChange;
    if (!c) return;
    this.keptMine = { path: c.path, sha: c.revision?.sha256 ?? null };
    this.diskChange = null;
    if (!this.st.dirty) this.editor.markSavedAt(-1);
  }

  /** Conflict dialog: "Overwrite with mine" (the other version is kept as a backup by the host). */
  overwriteConflict(): void {
    const d = this.dialog;
    if (d?.kind !== 'conflict') return;
    this.dialog = null;
    void this.doSave(d.method, d.path, { overwrite: true, allowDraft: d.allowDraft });
  }

  /** Conflict dialog: "Save As…" (keep both versions). */
  saveAsFromConflict(): void {
    this.dialog = null;
    this.saveAs();
  }

  /**
   * At start: autosaves in the recovery folder, minus the documents this
   * page or another live tab has open, are offered in the recovery dialog.
   */
  async offerRecovery(): Promise<void> {
    const host = this.host;
    if (!host?.recoveryList) return;
    const r = await host.recoveryList({});
    if (!r.ok) return;
    let items = r.items.filter((i) => i.docId !== this.docId);
    if (items.length) {
      const others = (await this.presence?.ask()) ?? new Set<string>();
      items = items.filter((i) => !others.has(i.docId));
    }
    this.recoveryLeft = items.length;
    if (items.length && !this.dialog) this.dialog = { kind: 'recovery', items };
  }

  /**
   * Recover: loads the autosaved document as a dirty document with its
   * path, autosave id and base revision; a file changed since shows the
   * changed-on-disk banner (saving will ask). The current document is
   * replaced (after confirming when it has unsaved changes).
   */
  recoverItem(docId: string): void {
    const d = this.dialog;
    if (d?.kind !== 'recovery') return;
    const item = d.items.find((i) => i.docId === docId);
    const rest = d.items.filter((i) => i.docId !== docId);
    this.confirmDiscard(`Recovering ${item?.title || 'the autosaved document'}`, () => void this.recoverNow(docId, rest));
  }

  private async recoverNow(docId: string, rest: RecoveryItem[]): Promise<void> {
    const host = this.host;
    if (!host?.recoveryOpen) return;
    const items = [...rest];
    const keep = (error?: string): void => {
      const all = this.dialog?.kind === 'recovery' ? this.dialog.items : items;
      this.dialog = { kind: 'recovery', items: all, ...(error ? { error } : {}) };
    };
    if (this.dialog?.kind === 'recovery') this.dialog = { ...this.dialog, busy: docId };
    const r = await host.recoveryOpen({ docId });
    if (!r.ok) return keep(`${r.code}: ${displayMessage(r.message)}`);
    if (!isEditable(r.document)) {
      const rs = String((r.document as { ruleset?: unknown }).ruleset);
      return keep(`The autosaved document is a "${rs}" level; this editor edits Unlock the King, Chess Maze and King's Valley levels.`);
    }
    this.replaceDocument(r.document, { path: r.path ?? null, revision: r.path ? r.baseRevision : null, dirty: true, docId: r.docId });
    this.dialog = null;
    this.recoveryLeft = items.length;
    if (r.changedOnDisk && r.path) this.diskChange = { path: r.path, revision: r.revision ?? null };
    const schema = r.issues.filter((i) => i.severity === 'error' && i.code.startsWith('schema'));
    this.flash(`Recovered ${r.document.meta?.title || (r.path ? basename(r.path) : 'the unsaved document')} (autosaved ${formatTime(r.savedAt)}): not saved yet${schema.length ? ` — ${schema.length} format error${schema.length === 1 ? '' : 's'} to fix` : ''}`);
  }

  /** Discard in the recovery dialog: deletes that autosave for good. */
  async discardRecovery(docId: string): Promise<void> {
    const host = this.host;
    const d = this.dialog;
    if (!host?.recoveryDiscard || d?.kind !== 'recovery') return;
    this.dialog = { ...d, busy: docId };
    const r = await host.recoveryDiscard({ docId });
    const now = this.dialog;
    if (now?.kind !== 'recovery') return;
    if (!r.ok) {
      this.dialog = { kind: 'recovery', items: now.items, error: `${r.code}: ${displayMessage(r.message)}` };
      return;
    }
    const items = now.items.filter((i) => i.docId !== docId);
    this.recoveryLeft = items.length;
    this.dialog = items.length ? { kind: 'recovery', items } : null;
  }

  /** Reopens the recovery dialog (status bar: autosaves still waiting). */
  showRecovery(): void {
    if (!this.dialog) void this.offerRecovery();
  }

  /** Versions…: the backups of the open file, newest first. */
  async showVersions(): Promise<void> {
    const host = this.host;
    const path = this.path;
    if (!host?.backupList || !path) return;
    this.dialog = { kind: 'versions', path, items: null };
    const r = await host.backupList({ path });
    if (this.dialog?.kind !== 'versions' || this.dialog.path !== path) return;
    this.dialog = r.ok ? { kind: 'versions', path, items: r.backups } : { kind: 'versions', path, items: [], error: `${r.code}: ${displayMessage(r.message, path)}` };
  }

  /**
   * Opens backup `id` of the open file as a dirty document (after confirming
   * to discard unsaved changes); saving writes it back to the file (with the
   * file's current revision as the base, so no conflict).
   */
  openVersion(id: string): void {
    const d = this.dialog;
    if (d?.kind !== 'versions') return;
    const path = d.path;
    const item = d.items?.find((b) => b.id === id);
    this.confirmDiscard('Opening an older version', () => void this.openVersionNow(path, id, item));
  }

  private async openVersionNow(path: string, id: string, item: BackupItem | undefined): Promise<void> {
    const host = this.host;
    if (!host?.backupOpen) return;
    this.busy = 'Opening…';
    const r = await host.backupOpen({ path, id });
    this.busy = null;
    if (!r.ok) {
      this.dialog = { kind: 'versions', path, items: this.dialog?.kind === 'versions' ? this.dialog.items : [], error: `${r.code}: ${displayMessage(r.message, path)}` };
      return;
    }
    if (!isEditable(r.document)) {
      this.dialog = null;
      this.showError({ code: 'unsupported', message: `That version of ${basename(path)} is not a level this editor edits.` });
      return;
    }
    this.dialog = null;
    this.replaceDocument(r.document, { path: r.path, revision: r.revision ?? null, dirty: true });
    this.flash(`Opened the version of ${formatTime(item?.savedAt ?? r.backup.savedAt)}: save to restore it`);
  }

  // ------------------------------------------------------------------ live badge

  /** Schedules the background solve of the current document (debounced, the previous one cancelled). */
  private liveRequest(): void {
    const doc = this.st.doc;
    this.liveSolver.request(doc, safeHash(doc));
  }

  /** Answers without a worker: builder errors, a two-player position without a goal (a "win / mate in N" ruleset, `def.goal`). */
  private livePrecheck(level: Level): LiveStatus | null {
    if (!isEditable(level)) return { kind: 'off', reason: 'this ruleset has no background solve' };
    const errors = validateDocument(level).issues.filter((i) => i.severity === 'error');
    if (errors.length) return { kind: 'invalid', count: errors.length, message: errors[0]!.message };
    // Two-player rulesets are solved as "win / mate in N" with the goal's N; without a goal there is nothing to prove.
    const goal = rulesetOf(level)?.goal;
    if (goal?.kind === 'in-n' && typeof goal.goalMoves(level) !== 'number') return { kind: 'position' };
    return null;
  }

  // ------------------------------------------------------------------ board size

  /**
   * Resizes the board to `width` x `height`. When pieces, walls, tiles or
   * the portal would fall off the board, a confirm dialog lists them first
   * (one undo step if confirmed); `onCancel` runs when the user keeps the
   * board (the inspector resets its fields).
   */
  requestResize(width: number, height: number, onCancel?: () => void): void {
    if (this.play) return;
    const lost = this.editor.resizeLoss(width, height);
    if (lost.length === 0) {
      this.editor.setBoardSize(width, height);
      return;
    }
    const { width: w0, height: h0 } = this.st.doc.board;
    this.dialog = {
      kind: 'confirm',
      title: `Shrink the board to ${width} × ${height}?`,
      message: `Going from ${w0} × ${h0} to ${width} × ${height} removes ${lost.length === 1 ? 'this item' : `these ${lost.length} items`} outside the new board (Undo brings ${lost.length === 1 ? 'it' : 'them'} back):`,
      items: lost,
      okLabel: `Remove ${lost.length === 1 ? 'it' : `${lost.length} items`} and resize`,
      okId: 'confirm-resize',
      onOk: () => {
        this.dialog = null;
        this.editor.setBoardSize(width, height);
      },
      ...(onCancel ? { onCancel } : {}),
    };
  }

  // ------------------------------------------------------------------ solver

  runSolve(): void {
    if (this.solve.kind === 'running') return;
    this.editor.exitPreview();
    this.previewError = null;
    const doc = this.st.doc;
    const hash = safeHash(doc);
    const first = startSideOf(doc);
    const started = performance.now();
    this.solve = { kind: 'running', states: 0, depth: 0, started };
    const job = startSolveVia(this.host, doc, (p) => {
      if (this.solve.kind === 'running') this.solve = { ...this.solve, states: p.states, depth: p.depth };
    });
    this.job = job;
    void job.promise.then((o) => {
      if (this.job !== job) return;
      this.job = null;
      const last = this.solve.kind === 'running' ? this.solve : { states: 0, depth: 0 };
      if (o.kind === 'result') this.solve = { kind: 'done', result: o.result, ms: o.ms, hash, first };
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
    if (!sol || this.play) return;
    const p = this.st.preview;
    if (p && p.source === sol.source && sameJson(p.moves, sol.moves)) {
      this.editor.stepTo(index);
      return;
    }
    const doc = this.st.doc;
    // Rulesets with play state to show (CM: picked-up tiles disappear, open locks show open, as in a playtest).
    const v = replayPlayViews(doc, sol.moves);
    if (v) {
      if (!v.ok) {
        this.previewError = v.error.map((i) => i.message).join(' ');
        return;
      }
      this.previewError = null;
      this.editor.startPreview(sol.moves, v.value.map((x) => x.doc), sol.source, index, v.value.map((x) => [...x.openColors]));
      return;
    }
    const r = replayMoves(doc, sol.moves);
    if (!r.ok) {
      this.previewError = r.error.map((i) => i.message).join(' ');
      return;
    }
    this.previewError = null;
    this.editor.startPreview(sol.moves, r.value as EditableLevel[], sol.source, index);
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

  // ------------------------------------------------------------------ playtest

  /**
   * The par the playtest compares a win with: the level's par, else the
   * optimum proven for exactly this document (this session's solve, or the
   * stored solution when its level hash matches); null when unknown.
   */
  playPar(): number | null {
    const d = this.st.doc;
    if (typeof d.par === 'number') return d.par;
    const s = this.solve;
    if (s.kind === 'done' && s.result.status === 'solved' && s.hash === this.currentHash) return s.result.length;
    if (d.solution && d.solution.levelHash === this.currentHash && typeof d.solution.length === 'number') return d.solution.length;
    return null;
  }

  /** Starts a playtest on a copy of the document (play/index.ts `startPlay`; refused with a notice while it has builder errors). */
  startPlaytest(): void {
    if (this.play) return;
    const r = startPlay(this.st.doc, this.playPar());
    if (!r.ok) {
      const n = r.error.length;
      this.flash(`Cannot playtest: fix ${n} error${n === 1 ? '' : 's'} first (${r.error[0]?.message ?? ''})`);
      return;
    }
    this.editor.exitPreview();
    this.editor.cancelCarry();
    this.play = { session: r.value, picked: null, targets: [], choice: null, engine: null };
  }

  /**
   * Plays against the engine on a copy of the document (two-player
   * rulesets, play/index.ts `startEnginePlay`). The person takes `side`
   * (default: the side to move, the attacker of a "win / mate in N"); the
   * ruleset's engine plays the other side in a worker job. Refused with a
   * notice while the document has builder errors; nothing happens in a
   * ruleset without an engine.
   */
  startPlayEngine(side?: MoveSide): void {
    const d = this.st.doc;
    if (!rulesetOf(d)?.engine) return;
    if (this.play) this.exitPlaytest();
    const r = startEnginePlay(d, side);
    if (!r.ok) {
      const n = r.error.length;
      this.flash(`Cannot play: fix ${n} error${n === 1 ? '' : 's'} first (${r.error[0]?.message ?? ''})`);
      return;
    }
    this.editor.exitPreview();
    this.editor.cancelCarry();
    this.play = { session: r.value, picked: null, targets: [], choice: null, engine: { thinking: false, last: null, error: null } };
    this.engineTurn();
  }

  /** Against the engine: the person takes `user` from this position (the engine the other side; `both`: no engine). */
  setPlaySide(user: PlaySide): void {
    const p = this.play;
    const game = p?.session.game;
    if (!p || !game || game.user === user) return;
    this.cancelEngine();
    const next = game.withUser(user);
    if (next.game?.user !== user) return;
    this.play = { session: next, picked: null, targets: [], choice: null, engine: user === 'both' ? null : { thinking: false, last: null, error: null } };
    this.engineTurn();
  }

  /** Leaves the playtest; the document is exactly as before (the session played a copy). */
  exitPlaytest(): void {
    this.cancelEngine();
    this.play = null;
  }

  private setSession(s: PlaySession, engineLast: EngineAnswer | null = null): void {
    const e = this.play?.engine;
    this.play = { session: s, picked: null, targets: [], choice: null, engine: e ? { thinking: false, last: engineLast, error: null } : null };
    this.engineTurn();
  }

  private cancelEngine(): void {
    const j = this.engineJob;
    this.engineJob = null;
    j?.cancel();
  }

  /** When the engine is to move, runs the ruleset's engine in a worker job (`engine-move`) and plays its answer. */
  private engineTurn(): void {
    const p = this.play;
    const s = p?.session;
    const game = s?.game;
    if (!p || !s || !game || !game.engineToMove || !p.engine) return;
    this.cancelEngine();
    const job = runJob({ kind: 'engine-move', level: game.start, moves: [...s.view.lans], ...(game.engineOptions ? { opts: game.engineOptions } : {}) });
    this.engineJob = job;
    this.play = { ...p, engine: { ...p.engine, thinking: true, error: null } };
    void job.promise.then((o) => {
      if (this.engineJob !== job) return;
      this.engineJob = null;
      const now = this.play;
      if (!now || now.session !== s) return;
      if (o.kind === 'result') {
        const next = game.playEngine(o.result);
        if (next) {
          this.setSession(next, o.result);
          return;
        }
        this.play = { ...now, engine: { thinking: false, last: null, error: `The engine answered an illegal move (${o.result.lan}).` } };
      } else if (o.kind === 'error') {
        this.play = { ...now, engine: { thinking: false, last: null, error: o.message } };
      }
    });
  }

  /** Picks the piece on `square` (its legal targets get highlighted); picking it again or an empty square drops the pick. */
  playPick(square: string | null): void {
    const p = this.play;
    if (!p) return;
    if (!square || square === p.picked || !p.session.isMovable(square)) {
      this.play = { ...p, picked: null, targets: [], choice: null };
      return;
    }
    this.play = { ...p, picked: square, targets: p.session.targets(square), choice: null };
  }

  /** A click on the board while playtesting: move the picked piece there if legal, else pick what is there. */
  playClick(square: string | null): void {
    const p = this.play;
    if (!p) return;
    if (p.picked && square && p.targets.some((t) => t.to === square)) {
      this.playMove(p.picked, square);
      return;
    }
    this.playPick(square);
  }

  /** Moves `from` → `to` (a drag or a click); opens the choice picker when the move needs a choice (CM-10 transform, LC promotion...). */
  playMove(from: string, to: string, choice?: string): boolean {
    const p = this.play;
    if (!p) return false;
    const r = p.session.play(from, to, choice);
    if (r === null) {
      if (from !== to) this.flash(`${to} is not a legal move for that piece`);
      return false;
    }
    if ('needChoice' in r) {
      this.play = { ...p, picked: from, targets: p.session.targets(from), choice: { from, to, choices: r.needChoice } };
      return false;
    }
    this.setSession(r);
    return true;
  }

  /** Answers the choice picker with one of its choices. */
  playChoose(choice: string): void {
    const c = this.play?.choice;
    if (c) this.playMove(c.from, c.to, choice);
  }

  playCancelChoice(): void {
    const p = this.play;
    if (p?.choice) this.play = { ...p, choice: null };
  }

  /** Undo in play: one move; against the engine, back to the person's previous turn. */
  playUndo(): void {
    const p = this.play;
    if (!p) return;
    this.cancelEngine();
    const game = p.session.game;
    this.setSession(game ? game.undoTurn() : p.session.undo());
  }

  playRestart(): void {
    const p = this.play;
    if (!p) return;
    this.cancelEngine();
    this.setSession(p.session.restart());
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

  /** The bare-key shortcut of a tool in the current ruleset ('' when the tool is not offered). */
  toolKey(t: string): string {
    return this.ui.tools.find((x) => x.id === t)?.key ?? '';
  }

  private registerActions(): void {
    const e = this.editor;
    const running = (): boolean => this.solve.kind === 'running';
    const editing = (): boolean => !this.play;
    const list: Action[] = [
      { id: 'new', label: 'New', run: () => this.newDocument() },
      { id: 'open', label: 'Open…', shortcuts: ['Mod+O'], enabled: () => !!this.host, run: () => this.open() },
      { id: 'save', label: 'Save', shortcuts: ['Mod+S'], enabled: () => !!this.host && !this.busy, run: () => this.save() },
      { id: 'save-as', label: 'Save As…', shortcuts: ['Mod+Shift+S'], enabled: () => !!this.host && !this.busy, run: () => this.saveAs() },
      { id: 'open-recent', label: 'Open Recent…', menu: 'file', menuGroup: 1, enabled: () => !!this.host?.recentList, run: () => openRecentDialog(this) },
      { id: 'versions', label: 'Versions…', enabled: () => !!this.host?.backupList && !!this.path && !this.busy, run: () => void this.showVersions() },
      {
        id: 'undo',
        label: 'Undo',
        shortcuts: ['Mod+Z'],
        enabled: () => (this.play ? this.play.session.view.moves > 0 : this.st.canUndo),
        run: () => (this.play ? this.playUndo() : void e.undo()),
      },
      { id: 'redo', label: 'Redo', shortcuts: ['Mod+Shift+Z', 'Mod+Y'], enabled: () => editing() && this.st.canRedo, run: () => e.redo() },
      { id: 'solve', label: 'Solve', shortcuts: ['Mod+Enter'], enabled: () => !running(), run: () => this.runSolve() },
      { id: 'cancel-solve', label: 'Cancel', enabled: running, run: () => this.cancelSolve() },
      {
        id: 'playtest',
        label: 'Playtest',
        shortcuts: [PLAYTEST_KEY, 'Shift+P'],
        enabled: () => !this.play,
        run: () => this.startPlaytest(),
      },
      { id: 'play-engine', label: 'Play against the engine', enabled: () => !!this.ui.playAgainstEngine, visible: () => !!this.ui.playAgainstEngine, run: () => this.startPlayEngine() },
      { id: 'exit-playtest', label: 'Back to editing', enabled: () => !!this.play, run: () => this.exitPlaytest() },
      { id: 'playtest-restart', label: 'Restart', enabled: () => !!this.play, run: () => this.playRestart() },
      {
        id: 'erase-selection',
        label: 'Delete',
        shortcuts: ['Delete', 'Backspace'],
        enabled: () => editing() && (!!this.st.selection || !!this.st.preview),
        run: () => void e.eraseSelection(),
      },
      { id: 'escape', label: 'Cancel / exit', shortcuts: ['Escape'], run: () => this.escape() },
      { id: 'step-first', label: 'First position', enabled: () => !!this.solution, run: () => this.stepTo(0) },
      { id: 'step-prev', label: 'Previous move', enabled: () => !!this.solution, run: () => this.stepBy(-1) },
      { id: 'step-next', label: 'Next move', enabled: () => !!this.solution, run: () => this.stepBy(1) },
      { id: 'step-last', label: 'Last position', enabled: () => !!this.solution, run: () => this.stepLast() },
      { id: 'exit-preview', label: 'Back to editing', enabled: () => !!this.st.preview, run: () => e.exitPreview() },
    ];
    list.push(...rulesetActions(this));
    list.push(...canvasActions(this));
    this.actions.register(...list);
    // Pack manager (issue 5): its actions, and how it opens a suggested blueprint as a new unsaved document.
    this.actions.register(...packActions(this, (doc) => this.replaceDocument(doc, { path: null, revision: null, dirty: true })));
  }

  escape(): void {
    if (this.dialog) {
      this.closeDialog();
      return;
    }
    // Panels over the editor (the pack manager) close before anything else happens.
    for (const h of this.escapeHandlers) if (h()) return;
    if (this.play) {
      if (this.play.choice) this.playCancelChoice();
      else if (this.play.picked) this.playPick(null);
      else this.exitPlaytest();
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
    // Arrow keys step through the solution while it is previewed, when focus is in the solver panel, or right
    // after Solve (focus on the page or a plain button, e.g. Solve itself; the board's own arrows move its cursor).
    const inSolver = !!t?.closest?.('.solve-panel') && !!this.solution;
    const free =
      !!this.solution &&
      (!t || t === document.body || (t.tagName === 'BUTTON' && !t.closest?.('[role=menubar],[role=menu],[role=listbox],[role=radiogroup],[role=toolbar][data-arrows]')));
    if ((this.st.preview || inSolver || free) && !typing && plain && !this.play) {
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
