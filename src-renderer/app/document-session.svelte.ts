/**
 * The open document's file session: which file it is (`path`), the file
 * revision it is based on, its autosave id, and the file commands over the
 * host (New, Open, Save, Save As with the draft and conflict dialogs), with
 * the dirty guard ("Discard unsaved changes?") in front of everything that
 * replaces the document. The document itself lives in the Editor; what the
 * other parts do when a document is replaced or saved (leave the playtest,
 * drop the solve, autosave bookkeeping) comes in as `DocumentHooks`.
 */
import type { FileRevision, HostApi, HostError, SavedLevel, StartupInfo } from '../../src-shared/host/contract.js';
import type { Level } from '../../src-shared/model/level.js';
import type { RulesetDef } from '../../src-shared/ruleset.js';
import type { Issue } from '../../src-shared/validation/issue.js';
import { isEditable, newLevel, type EditableLevel, type EditableRuleset } from '../editor/default-doc.js';
import { sameJson } from '../editor/doc-ops.js';
import type { Editor, EditorState } from '../editor/editor.js';
import type { HostKind } from '../host/index.js';
import { rulesetUi } from '../rulesets/index.js';
import { displayMessage, extraIssues } from './messages.js';
import type { Notices } from './notices.svelte.js';
import { basename, slug } from './paths.js';
import { defaultSaveFolder } from '../files/default-folder.js';
import { folderOf } from '../files/file-dialog.js';
import { workspaceItems } from '../files/folder-source.js';
import { lastSessionFile, noteFile } from './session.js';

/** sessionStorage key of the file being edited, so a reload reopens it. */
export const PATH_KEY = 'castellan.path';

/** Host codes of a failed save that may be saved as a draft instead (not proved). */
const DRAFT_CODES = new Set(['invalid', 'unsolvable', 'limit']);

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

function tabStorage(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

/** How a document becomes the open one (see `DocumentSession.replaceDocument`). */
export interface ReplaceOptions {
  path: string | null;
  revision: FileRevision | null | undefined;
  /** The document is not what the file holds (recovered work, an older version, a drop): it autosaves. */
  dirty: boolean;
  /** Keep this autosave id (a recovered document), else a new one. */
  docId?: string;
}

/** What the session reads of the application. */
export interface SessionContext {
  readonly editor: Pick<Editor<EditableLevel>, 'load' | 'revision' | 'markSavedAt' | 'markSaved' | 'adoptSaved'>;
  readonly st: Pick<EditorState, 'doc' | 'dirty'>;
  /** The open document's ruleset (Save As proposes its folder). */
  readonly rs: Pick<RulesetDef, 'id'>;
  readonly host: HostApi | null;
  readonly hostKind: HostKind | null;
  readonly notices: Pick<Notices, 'banner' | 'busy' | 'dialog' | 'flash' | 'showError'>;
}

/** What the other parts do around a replaced or saved document (wired by the application). */
export interface DocumentHooks {
  /** Before another document replaces the open one (`previousDocId`: the open one's autosave id; `keptDocId`: the new one keeps this id). */
  replacing(previousDocId: string, keptDocId: string | undefined): void;
  /** After the new document is loaded. */
  replaced(): void;
  /** Sends a save with `send` (a pending autosave is dropped first and one already on its way lands first). */
  whileSaving<T>(send: () => Promise<T>): Promise<T>;
  /** The host wrote the file: it now holds what was sent (and deleted its autosave). */
  saved(): void;
  /** A save ended (saved or not): edits that are still unsaved autosave. */
  afterSave(): void;
  /** An exported pack (`*.pack.json`) was asked to open: the pack manager opens it; answers whether it did. */
  openPack(path: string): Promise<boolean>;
}

export class DocumentSession {
  /** The open file (a host path), null for a document that has no file yet. */
  path: string | null = $state(null);
  /** Warnings the host reported with the last successful save (e.g. UK-7 par above the optimum). */
  saveWarnings: Issue[] = $state.raw([]);
  fileName = $derived(this.path ? basename(this.path) : 'Untitled');
  /** Autosave id of the open document; a new one for every new/opened document. */
  docId = newDocId();
  /**
   * The file revision the document is based on (opened or last saved), sent
   * as `expectedRevision`; null: the file must not exist; undefined: unknown
   * (no check).
   */
  baseRevision: FileRevision | null | undefined = undefined;

  constructor(
    private readonly ctx: SessionContext,
    private readonly hooks: DocumentHooks,
  ) {}

  // ------------------------------------------------------------------ dirty guard

  /** Runs `action` now when the document is clean, else after the user confirms discarding. */
  confirmDiscard(what: string, action: () => void): void {
    if (!this.ctx.st.dirty) {
      action();
      return;
    }
    const n = this.ctx.notices;
    n.dialog = {
      kind: 'confirm',
      title: 'Discard unsaved changes?',
      message: `${this.fileName} has unsaved changes. ${what} will discard them.`,
      okLabel: 'Discard changes',
      onOk: () => {
        n.dialog = null;
        action();
      },
    };
  }

  // ------------------------------------------------------------------ start

  /**
   * At start: a reload reopens the file this tab was editing; else the last
   * session's file; else the host's `initialFile`. Failures fall through
   * quietly to the next (the initial file shows its error).
   */
  async reopen(info: StartupInfo): Promise<void> {
    const host = this.ctx.host;
    const remembered = this.rememberedPath();
    const reopened = !!remembered && (await this.openPath(remembered, { quiet: true }));
    if (reopened) return;
    if (remembered) this.rememberPath(null);
    const last = await lastSessionFile(host);
    if (!(last && (await this.openPath(last, { quiet: true }))) && info.initialFile) await this.openPath(info.initialFile);
  }

  private rememberedPath(): string | null {
    try {
      return tabStorage()?.getItem(PATH_KEY) ?? null;
    } catch {
      return null;
    }
  }

  /** Remembers the edited file for a reload of this tab (null forgets it). */
  private rememberPath(p: string | null): void {
    try {
      if (p) tabStorage()?.setItem(PATH_KEY, p);
      else tabStorage()?.removeItem(PATH_KEY);
    } catch {
      /* storage unavailable: reload opens the initial file */
    }
  }

  // ------------------------------------------------------------------ new, open

  /** New: asks which ruleset. */
  newDocument(): void {
    this.ctx.notices.dialog = { kind: 'new' };
  }

  /** New → a ruleset with starting documents (`def.starts`, King's Valley setups): the second step asks for one. */
  chooseStart(ruleset: string): void {
    this.ctx.notices.dialog = { kind: 'new', ruleset };
  }

  /**
   * Creates a new document of `ruleset` (after confirming to discard unsaved
   * changes), from `start` (one of the ruleset's `def.starts`; default its
   * empty document).
   */
  createNew(ruleset: string, start?: string): void {
    const ui = rulesetUi(ruleset);
    if (!ui) return;
    this.ctx.notices.dialog = null;
    this.confirmDiscard(`Creating a new ${ui.def.noun}`, () => {
      this.replaceDocument(newLevel(ruleset as EditableRuleset, start), { path: null, revision: null, dirty: false });
    });
  }

  /** Opens a document that has no file yet (a file dropped in the browser, file-drop.ts): unsaved; Save asks for a path. */
  openUnsaved(doc: EditableLevel): void {
    this.confirmDiscard('Opening the dropped file', () => this.replaceDocument(doc, { path: null, revision: null, dirty: true }));
  }

  open(): void {
    if (!this.ctx.host) return;
    this.confirmDiscard('Opening another file', () => void this.showOpen());
  }

  private async showOpen(): Promise<void> {
    const host = this.ctx.host!;
    const n = this.ctx.notices;
    if (this.ctx.hostKind === 'electron') {
      n.busy = 'Opening…';
      const r = await host.open({});
      n.busy = null;
      this.adoptOpened(r, null);
      return;
    }
    // The browser file dialog (files/FileDialog.svelte) in the open file's folder.
    n.dialog = { kind: 'open', dir: this.path ? folderOf(this.path) : '' };
  }

  /**
   * Opens a host path (from the open dialog, a reload, or startup).
   * Answers whether it opened. `quiet`: no error banner on failure (the
   * caller falls back to another file).
   */
  async openPath(path: string, opts: { quiet?: boolean } = {}): Promise<boolean> {
    const host = this.ctx.host;
    if (!host) return false;
    // An exported pack (file association, a second launch, a drop): the pack manager opens it; the document stays.
    if (/\.pack\.json$/i.test(path) && host.packOpen) return this.hooks.openPack(path);
    const n = this.ctx.notices;
    n.dialog = null;
    n.busy = 'Opening…';
    const r = await host.open({ path });
    n.busy = null;
    return this.adoptOpened(r, path, opts.quiet ?? false);
  }

  private adoptOpened(r: Awaited<ReturnType<HostApi['open']>>, asked: string | null, quiet = false): boolean {
    const n = this.ctx.notices;
    if (!r.ok) {
      if (r.code !== 'cancelled' && !quiet) n.showError(r, asked);
      return false;
    }
    if (!isEditable(r.document)) {
      const rs = (r.document as { ruleset?: unknown }).ruleset;
      if (!quiet) {
        n.showError({
          code: 'unsupported',
          message: `${basename(r.path)} is a "${String(rs)}" level; this editor edits Unlock the King, Chess Maze and King's Valley levels.`,
        });
      }
      return false;
    }
    this.replaceDocument(r.document, { path: r.path, revision: r.revision, dirty: false });
    void noteFile(this.ctx.host, r.path);
    n.flash(`Opened ${basename(r.path)}`);
    return true;
  }

  /**
   * Makes `doc` the open document (new, opened, recovered, an older
   * version, a suggested blueprint): a fresh history, `path`, base revision
   * and autosave id. The replaced document's autosave is discarded (the
   * user chose to leave it: New/Open over unsaved changes asked first).
   */
  replaceDocument(doc: EditableLevel, o: ReplaceOptions): void {
    this.hooks.replacing(this.docId, o.docId);
    this.docId = o.docId ?? newDocId();
    this.path = o.path;
    this.baseRevision = o.path === null ? null : o.revision;
    this.rememberPath(o.path);
    this.ctx.editor.load(doc, { dirty: o.dirty });
    this.saveWarnings = [];
    this.ctx.notices.banner = null;
    this.hooks.replaced();
  }

  // ------------------------------------------------------------------ save

  save(): void {
    if (!this.ctx.host) return;
    if (!this.path) {
      this.saveAs();
      return;
    }
    void this.doSave('save', this.path);
  }

  saveAs(): void {
    if (!this.ctx.host) return;
    if (this.ctx.hostKind === 'electron') {
      void this.doSave('saveAs', undefined);
      return;
    }
    void this.proposeSaveAs();
  }

  /** Opens the browser Save As dialog in the proposed folder (files/default-folder.ts) with a name from the file or the title. */
  private async proposeSaveAs(): Promise<void> {
    const host = this.ctx.host!;
    const n = this.ctx.notices;
    let dir = '';
    if (this.path) dir = folderOf(this.path);
    else {
      const summary = await workspaceItems(host);
      const items = summary && 'items' in summary ? summary.items : null;
      const listed = items ? null : await host.list({});
      dir = defaultSaveFolder({ currentPath: null, ruleset: this.ctx.rs.id, items, files: listed?.ok ? listed.files : null });
    }
    if (n.dialog !== null) return; // another dialog opened meanwhile
    const name = this.path ? basename(this.path).replace(/\.level\.json$/, '') + '-copy' : slug(this.ctx.st.doc.meta.title ?? '');
    n.dialog = { kind: 'save-as', path: `${dir ? `${dir}/` : ''}${name}.level.json` };
  }

  /**
   * OK in the browser Save As dialog (files/FileDialog.svelte, which already
   * checked that the folder exists and asked "Replace <name>?" when the
   * file does: `replaceOk`): checks the path, then saves with the dialog
   * kept open: host errors (a missing folder, a file that appeared since,
   * ...) show inline so the name need not be retyped.
   */
  async confirmSaveAs(path: string, replaceOk = false): Promise<void> {
    const n = this.ctx.notices;
    const p = path.trim();
    const stay = (error?: string): void => {
      n.dialog = { kind: 'save-as', path, ...(error ? { error } : {}) };
    };
    if (!p.endsWith('.level.json') || p === '.level.json') return stay('The path must end in .level.json');
    if (p.startsWith('/') || p.startsWith('\\') || /^[A-Za-z]:/.test(p) || p.split(/[\\/]/).includes('..')) {
      return stay('Use a path relative to the workspace folder (no leading "/", no "..").');
    }
    if (!this.ctx.host) return;
    await this.doSave('saveAs', p, { inDialog: true, replaceOk });
  }

  /** Conflict dialog: "Overwrite with mine" (the other version is kept as a backup by the host). */
  overwriteConflict(): void {
    const n = this.ctx.notices;
    const d = n.dialog;
    if (d?.kind !== 'conflict') return;
    n.dialog = null;
    void this.doSave(d.method, d.path, { overwrite: true, allowDraft: d.allowDraft });
  }

  /** Conflict dialog: "Save As…" (keep both versions). */
  saveAsFromConflict(): void {
    this.ctx.notices.dialog = null;
    this.saveAs();
  }

  /**
   * Sends the document to the host's save pipeline. Every save carries the
   * autosave `docId` and a revision check (never lose work): Save sends
   * `expectedRevision` = the base revision; Save As to a new workspace path
   * `expectedRevision: null` (it must not exist yet); Save As after
   * "Replace?" (or Electron's own dialog, which asked) and "Overwrite with
   * mine" send `overwrite: true` (the host keeps the replaced file as a
   * backup). A pending autosave is cancelled first. Failures keep the
   * document dirty: `conflict` opens the conflict dialog, draftable
   * failures the draft dialog, others the "Not saved" banner.
   */
  private async doSave(
    method: 'save' | 'saveAs',
    path: string | undefined,
    o: { allowDraft?: boolean; inDialog?: boolean; overwrite?: boolean; replaceOk?: boolean } = {},
  ): Promise<void> {
    const { editor, st, notices: n } = this.ctx;
    const allowDraft = o.allowDraft ?? false;
    const inDialog = o.inDialog ?? false;
    n.busy = allowDraft ? 'Saving draft…' : 'Saving (proving the solution)…';
    if (inDialog && path !== undefined) n.dialog = { kind: 'save-as', path, saving: true };
    let r: SavedLevel | HostError;
    let sent = st.doc;
    let sentRevision = editor.revision;
    try {
      r = await this.hooks.whileSaving(() => {
        // What the document is once an autosave on its way has landed is what this save sends.
        sent = st.doc;
        sentRevision = editor.revision;
        return this.send(method, path, o, sent);
      });
    } catch (e) {
      r = { ok: false, code: 'internal', message: String(e) };
    }
    n.busy = null;
    if (r.ok) {
      if (inDialog || n.dialog?.kind === 'draft' || n.dialog?.kind === 'conflict') n.dialog = null;
      this.adoptSaved(r, sent, sentRevision);
      return;
    }
    // Not saved: the document stays dirty and keeps autosaving.
    this.hooks.afterSave();
    if (r.code === 'cancelled') {
      if (inDialog) n.dialog = null;
      return;
    }
    if (r.code === 'conflict') {
      if (inDialog && path !== undefined) {
        // The path appeared since the listing: ask "Replace?" as for a listed file.
        n.dialog = { kind: 'save-as', path, replace: basename(path) };
        return;
      }
      const at = path ?? this.path;
      if (at) {
        n.dialog = { kind: 'conflict', path: at, revision: r.revision ?? null, method, allowDraft };
        return;
      }
    }
    if (DRAFT_CODES.has(r.code) && r.draftAllowed) {
      n.dialog = {
        kind: 'draft',
        failure: r,
        resend: () => {
          n.dialog = null;
          void this.doSave(method, path, { ...o, allowDraft: true, inDialog: false });
        },
      };
      return;
    }
    if (inDialog && path !== undefined) {
      // Keep the Save As dialog (and the typed path) with the error inline.
      const msg = displayMessage(r.message, path);
      const more = extraIssues(msg, r.issues).map((i) => i.message);
      n.dialog = { kind: 'save-as', path, error: [msg, ...more].join(' ') };
      return;
    }
    if (n.dialog?.kind === 'conflict') n.dialog = null;
    n.showError(r, path, 'Not saved');
  }

  /** The host call of a save of `doc`, with the revision check of `method` and the options. */
  private send(
    method: 'save' | 'saveAs',
    path: string | undefined,
    o: { allowDraft?: boolean; overwrite?: boolean; replaceOk?: boolean },
    doc: EditableLevel,
  ): Promise<SavedLevel | HostError> {
    const host = this.ctx.host!;
    const overwrite = o.overwrite || (method === 'saveAs' && (path === undefined || o.replaceOk));
    const check: { expectedRevision?: FileRevision | null; overwrite?: true } = overwrite
      ? { overwrite: true }
      : method === 'saveAs'
        ? { expectedRevision: null }
        : this.baseRevision !== undefined
          ? { expectedRevision: this.baseRevision }
          : {};
    const req = { document: doc, docId: this.docId, ...check, ...(path !== undefined ? { path } : {}), ...(o.allowDraft ? { allowDraft: true } : {}) };
    return method === 'save' ? host.save(req as typeof req & { path: string }) : host.saveAs(req);
  }

  private adoptSaved(r: SavedLevel, sent: EditableLevel, sentRevision: number): void {
    this.path = r.path;
    this.rememberPath(r.path);
    void noteFile(this.ctx.host, r.path);
    this.ctx.notices.banner = null;
    // The file now holds what was sent: the next save checks against this revision.
    this.baseRevision = r.revision;
    this.hooks.saved();
    try {
      this.adoptSavedDoc(r, r.document, sent, sentRevision);
    } finally {
      this.hooks.afterSave();
    }
  }

  private adoptSavedDoc(r: SavedLevel, doc: Level, sent: EditableLevel, sentRevision: number): void {
    const { editor, st, notices: n } = this.ctx;
    this.saveWarnings = (r.issues ?? []).filter((i) => i.severity === 'warning');
    if (st.doc !== sent) {
      // The user kept editing while the host proved and wrote the file: keep those
      // edits; only the state that was sent counts as saved.
      editor.markSavedAt(sentRevision);
      n.flash(`Saved ${basename(r.path)} (changes made while saving are not saved yet)`);
      return;
    }
    if (!isEditable(doc) || doc.ruleset !== sent.ruleset) {
      editor.markSaved();
    } else {
      // Keep history when the host kept the board content (order included): the recorded ops still apply.
      const a = doc as unknown as Record<string, unknown>;
      const b = sent as unknown as Record<string, unknown>;
      const same = ['pieces', 'walls', 'board', 'tiles', 'portal', 'objectives', 'pillars', 'sideToMove', 'startingSetup', 'options', 'goal'].every((k) =>
        sameJson(a[k], b[k]),
      );
      editor.adoptSaved(doc, same);
    }
    if (r.draft) n.flash(`Saved ${basename(r.path)} as a DRAFT (not proved)`);
    else n.flash(`Saved ${basename(r.path)}${r.solve.length !== undefined ? ` — optimal solution proved: ${r.solve.length} moves` : ''}`);
  }
}
