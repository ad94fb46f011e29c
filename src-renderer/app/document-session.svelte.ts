/**
 * The documents' file sessions over the tabs (tabs.svelte.ts): New and Open
 * make (or focus) a tab, a reload restores the open tabs, Close asks once
 * for a tab with unsaved changes, and the dirty guard ("Discard unsaved
 * changes?") stays in front of what replaces the document of a tab (Recover,
 * Versions, a dropped file, a suggested blueprint into the same tab).
 * Save and Save As (document-save.svelte.ts) run for the tab they were
 * started on. `path`, `fileName`, `docId`, `baseRevision`, `saveWarnings`
 * and `readOnly` answer for the active tab, so the parts that show the
 * document keep reading them here. What the other parts do around a
 * replaced document comes in as `DocumentHooks`.
 */
import type { FileRevision, HostApi, StartupInfo } from '../../src-shared/host/contract.js';
import type { Issue } from '../../src-shared/validation/issue.js';
import { newLevel, type EditableLevel, type EditableRuleset } from '../editor/default-doc.js';
import type { HostKind } from '../host/index.js';
import { canEdit, rulesetUi, unsupportedInEditor } from '../rulesets/index.js';
import type { DocumentSaver } from './document-save.svelte.js';
import { newDocId, type DocumentTab } from './document-tab.svelte.js';
import type { Notices } from '../shell/notices.svelte.js';
import { folderOf } from '../files/file-dialog.js';
import { basename } from './paths.js';
import { lastSession, noteFile } from './session.js';
import { readTabMemory, type RememberedTab, type Tabs } from './tabs.svelte.js';

export { newDocId } from './document-tab.svelte.js';

/** sessionStorage key of the file being edited before tabs (read once by a reload, then replaced by `TABS_KEY`). */
export const PATH_KEY = 'castellan.path';

/** How a document becomes the document of a tab (see `DocumentSession.replaceDocument`). */
export interface ReplaceOptions {
  path: string | null;
  revision: FileRevision | null | undefined;
  /** The document is not what the file holds (recovered work, an older version, a drop): it autosaves. */
  dirty: boolean;
  /** Keep this autosave id (a recovered document), else a new one. */
  docId?: string;
  /** The host answered that the user cannot write the file. */
  readOnly?: boolean;
}

/** What the session reads of the application. */
export interface SessionContext {
  readonly tabs: Tabs;
  readonly host: HostApi | null;
  readonly hostKind: HostKind | null;
  readonly notices: Pick<Notices, 'banner' | 'busy' | 'dialog' | 'flash' | 'showError'>;
}

/** What the other parts do around a replaced or closed document (wired by the application). */
export interface DocumentHooks {
  /** Before another document replaces the one of `tab` (`keptDocId`: the new one keeps this id). */
  replacing(tab: DocumentTab, keptDocId: string | undefined): void;
  /** After the new document is loaded into `tab`. */
  replaced(tab: DocumentTab): void;
  /** `tab` is closed without saving: its autosave goes (the user chose to discard it). */
  discarding(tab: DocumentTab): void;
  /** `tab` was restored from its autosave (a reload): that autosave is the tab's own. */
  restoredAutosave(tab: DocumentTab): void;
  /** An exported pack (`*.pack.json`) was asked to open: the pack manager opens it; answers whether it did. */
  openPack(path: string): Promise<boolean>;
  /** The autosave ids of documents other live windows have open (their autosaves are not this window's to restore). */
  openElsewhere(): Promise<Set<string>>;
}

export class DocumentSession {
  constructor(
    private readonly ctx: SessionContext,
    private readonly saver: DocumentSaver,
    private readonly hooks: DocumentHooks,
  ) {}

  // ------------------------------------------------------------------ the active tab's file

  private get tab(): DocumentTab {
    return this.ctx.tabs.active;
  }

  /** The active tab's file (a host path), null for a document that has no file yet. */
  get path(): string | null {
    return this.tab.path;
  }

  get fileName(): string {
    return this.tab.fileName;
  }

  /** Autosave id of the active tab's document. */
  get docId(): string {
    return this.tab.docId;
  }

  /** The file revision the active tab's document is based on (see DocumentTab.baseRevision). */
  get baseRevision(): FileRevision | null | undefined {
    return this.tab.baseRevision;
  }

  /** Warnings the host reported with the active tab's last successful save. */
  get saveWarnings(): Issue[] {
    return this.tab.saveWarnings;
  }

  set saveWarnings(w: Issue[]) {
    this.tab.saveWarnings = w;
  }

  /** The active tab's file cannot be written (Save offers Save As). */
  get readOnly(): boolean {
    return this.tab.readOnly;
  }

  /** The save running for the active tab (null: none). */
  get saving(): DocumentTab['saving'] {
    return this.tab.saving;
  }

  // ------------------------------------------------------------------ dirty guard

  /**
   * Runs `action` (which replaces the active tab's document) now when the
   * document is clean, else after the user confirms discarding. Refused
   * with a notice while the tab's save runs: a running save keeps its
   * document.
   */
  confirmDiscard(what: string, action: () => void): void {
    const tab = this.tab;
    if (tab.saving) {
      this.ctx.notices.flash(`${tab.label} is being saved: wait for the save to finish (or cancel its proof) first`);
      return;
    }
    if (!tab.st.dirty) {
      action();
      return;
    }
    const n = this.ctx.notices;
    n.dialog = {
      kind: 'confirm',
      title: 'Discard unsaved changes?',
      message: `${tab.label} has unsaved changes. ${what} will discard them.`,
      okLabel: 'Discard changes',
      onOk: () => {
        n.dialog = null;
        action();
      },
    };
  }

  // ------------------------------------------------------------------ start

  /**
   * At start: a reload restores the tabs this page had open (`readTabMemory`);
   * else the tabs of the last session as the host keeps them (a new window,
   * a restart: `lastSession`), and the session's file when it is not among
   * them (a file the desktop app was launched with); else the last session's
   * file; else the host's `initialFile`. Each tab comes back from its
   * autosave when one is waiting (same autosave id, unless another live
   * window has that document open), else from its file; tabs whose file is
   * gone are named in a notice. Failures fall through quietly to the next
   * (the initial file shows its error). The host hears of the tabs once,
   * when they are all back.
   */
  async reopen(info: StartupInfo): Promise<void> {
    const host = this.ctx.host;
    const tabs = this.ctx.tabs;
    tabs.restoring = true;
    const skipped: string[] = [];
    try {
      const own = readTabMemory() ?? this.legacyMemory();
      if (own && (await this.restoreTabs(own, false, skipped))) return;
      const last = await lastSession(host);
      if (last.tabs && (await this.restoreTabs(last.tabs, true, skipped))) {
        if (last.lastFile && !tabs.byPath(last.lastFile)) await this.openPath(last.lastFile, { quiet: true });
        return;
      }
      if (!(last.lastFile && (await this.openPath(last.lastFile, { quiet: true }))) && info.initialFile) await this.openPath(info.initialFile);
    } finally {
      tabs.restoring = false;
      tabs.remember();
      if (skipped.length) this.noteSkipped(skipped);
    }
  }

  /** The notice naming the tabs of the last session that did not come back (their files are gone or no longer open). */
  private noteSkipped(paths: string[]): void {
    const names = paths.map((p) => basename(p));
    const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
    this.ctx.notices.banner = {
      code: 'not-found',
      title: 'Not reopened',
      tone: 'warn',
      message: `${list}, open when you left, ${names.length === 1 ? 'no longer exists or cannot be opened' : 'no longer exist or cannot be opened'}.`,
    };
  }

  /**
   * Reopens remembered tabs (see `reopen`): the active one first, then the
   * others, put back in their order. `fromHost`: the host's memory (another
   * window may still have these documents open: their autosaves stay
   * theirs). The paths of tabs that did not come back go to `skipped`.
   * Answers whether any came back.
   */
  private async restoreTabs(mem: { tabs: (RememberedTab & { missing?: true })[]; active: number }, fromHost: boolean, skipped: string[]): Promise<boolean> {
    const elsewhere = fromHost ? await this.hooks.openElsewhere() : new Set<string>();
    const order = [mem.tabs[mem.active]!, ...mem.tabs.filter((_, i) => i !== mem.active)];
    const tabs = this.ctx.tabs;
    const restored: DocumentTab[] = [];
    for (const t of order) {
      // Not noted as recent files one by one: the active tab is the last session's file (below).
      let tab = elsewhere.has(t.docId) ? null : await this.restoreFromAutosave(t.docId);
      if (!tab && t.path !== null) {
        if (tabs.byPath(t.path)) continue;
        tab = t.missing ? null : await this.openTab(t.path, true, false);
        if (!tab) skipped.push(t.path);
      }
      if (tab) restored.push(tab);
    }
    if (!restored.length) return false;
    // Tab order as it was; the active one is the first that came back.
    const rank = (tab: DocumentTab): number => {
      const i = mem.tabs.findIndex((m) => m.docId === tab.docId || (m.path !== null && m.path === tab.path));
      return i < 0 ? mem.tabs.length : i;
    };
    tabs.list = [...tabs.list].sort((a, b) => rank(a) - rank(b));
    // The active tab, else (it did not come back) its nearest neighbour to the left, else the first.
    const left = restored.filter((t) => rank(t) <= mem.active).sort((a, b) => rank(b) - rank(a))[0];
    const active = left ?? [...restored].sort((a, b) => rank(a) - rank(b))[0]!;
    tabs.activate(active);
    if (active.path) void noteFile(this.ctx.host, active.path);
    return true;
  }

  /** The single file a page remembered before tabs (`PATH_KEY`), as tab memory. */
  private legacyMemory(): ReturnType<typeof readTabMemory> {
    try {
      const p = sessionStorage.getItem(PATH_KEY);
      sessionStorage.removeItem(PATH_KEY);
      return p ? { tabs: [{ path: p, docId: '' }], active: 0 } : null;
    } catch {
      return null;
    }
  }

  /** A reloaded tab with unsaved work: its autosave (same autosave id) as a dirty tab; null when there is none. */
  private async restoreFromAutosave(docId: string): Promise<DocumentTab | null> {
    const host = this.ctx.host;
    if (!docId || !host?.recoveryOpen) return null;
    try {
      const r = await host.recoveryOpen({ docId });
      if (!r.ok || !canEdit(r.document)) return null;
      const tab = this.addTab(r.document, { path: r.path ?? null, revision: r.path ? r.baseRevision : null, dirty: true, docId: r.docId });
      this.hooks.restoredAutosave(tab);
      if (r.changedOnDisk && r.path) tab.diskChange = { path: r.path, revision: r.revision ?? null };
      return tab;
    } catch {
      return null;
    }
  }

  // ------------------------------------------------------------------ tabs

  /** A new tab for `doc` after the active one (it takes the place of a pristine untitled tab when `replacePristine`), active. */
  private addTab(doc: EditableLevel, o: ReplaceOptions, replacePristine = true): DocumentTab {
    const tabs = this.ctx.tabs;
    const tab = tabs.create(doc, { path: o.path, dirty: o.dirty });
    this.setFile(tab, o);
    tabs.add(tab, { replacePristine });
    return tab;
  }

  private setFile(tab: DocumentTab, o: ReplaceOptions): void {
    tab.docId = o.docId ?? newDocId();
    tab.path = o.path;
    tab.baseRevision = o.path === null ? null : o.revision;
    tab.readOnly = o.readOnly ?? false;
    tab.saveWarnings = [];
  }

  /** Activates the tab `id`. */
  activateTab(id: number): void {
    const tab = this.ctx.tabs.byId(id);
    if (tab) this.ctx.tabs.activate(tab);
  }

  /**
   * Close (the tab bar's ×, middle-click, Ctrl+W): a clean tab closes; one
   * with unsaved changes asks once (Save / Discard / Cancel); one whose save
   * runs asks whether to close it when the save is done.
   */
  closeTab(id: number = this.tab.id): void {
    const tab = this.ctx.tabs.byId(id);
    if (!tab) return;
    if (!tab.saving && !tab.st.dirty) {
      this.closeNow(tab);
      return;
    }
    this.ctx.notices.dialog = { kind: 'close', tabId: tab.id, name: tab.label, saving: !!tab.saving };
  }

  /** The close question's Save: saves the tab and closes it once the file holds it ("Close when saved" while a save runs). */
  closeAfterSave(): void {
    const n = this.ctx.notices;
    const d = n.dialog;
    if (d?.kind !== 'close') return;
    n.dialog = null;
    const tab = this.ctx.tabs.byId(d.tabId);
    if (!tab) return;
    tab.closeWhenSaved = true;
    if (!tab.saving) {
      this.ctx.tabs.activate(tab);
      this.saver.save(tab);
    }
  }

  /** The close question's Discard: the tab closes and its unsaved changes (and autosave) are dropped. */
  closeDiscarding(): void {
    const n = this.ctx.notices;
    const d = n.dialog;
    if (d?.kind !== 'close') return;
    n.dialog = null;
    const tab = this.ctx.tabs.byId(d.tabId);
    if (tab) this.closeNow(tab);
  }

  private closeNow(tab: DocumentTab): void {
    this.saver.stopBackground(tab);
    this.saver.cancelProof(tab);
    this.hooks.discarding(tab);
    this.ctx.tabs.remove(tab);
  }

  /** Ctrl+Tab / Ctrl+Shift+Tab. */
  cycleTab(delta: number): void {
    this.ctx.tabs.cycle(delta);
  }

  // ------------------------------------------------------------------ new, open

  /** New: asks which ruleset. */
  newDocument(): void {
    this.ctx.notices.dialog = { kind: 'new' };
  }

  /** New → a ruleset: the second step asks what to start from (its `def.starts`, a copy of the current level) and the board size. */
  chooseStart(ruleset: string): void {
    this.ctx.notices.dialog = { kind: 'new', ruleset };
  }

  /** Creates a new document of `ruleset` in a new tab, from `start` (one of the ruleset's `def.starts`; default its empty document). */
  createNew(ruleset: string, start?: string): void {
    if (!rulesetUi(ruleset)) return;
    this.createDocument(newLevel(ruleset as EditableRuleset, start));
  }

  /**
   * Opens `doc` (what the New dialog made, app/new-document.ts) in a new tab
   * and closes the dialog; it has no file (Save asks where). `dirty`: it
   * holds work worth asking about when closed (a copy of a level).
   */
  createDocument(doc: EditableLevel, opts: { dirty?: boolean } = {}): void {
    this.ctx.notices.dialog = null;
    // An explicit New always gets its own tab (an untouched untitled tab stays: the user asked for another).
    this.addTab(doc, { path: null, revision: null, dirty: opts.dirty ?? false }, false);
  }

  /** Opens `doc` (a suggested blueprint, ...) as a new unsaved document in a new tab: Save asks for a path. */
  openDocument(doc: EditableLevel): void {
    this.addTab(doc, { path: null, revision: null, dirty: true });
  }

  /**
   * Opens a document that has no file yet (a file dropped in the browser,
   * file-drop.ts) in a tab of its own, like Open: unsaved (Save asks for a
   * path); it takes the place of a pristine untitled tab only.
   */
  openUnsaved(doc: EditableLevel): void {
    this.addTab(doc, { path: null, revision: null, dirty: true });
  }

  /** Open…: the host's dialog (Electron) or the workspace file list; the file opens in a tab. */
  open(): void {
    if (!this.ctx.host) return;
    void this.showOpen();
  }

  private async showOpen(): Promise<void> {
    const host = this.ctx.host!;
    const n = this.ctx.notices;
    if (this.ctx.hostKind === 'electron') {
      n.busy = 'Opening…';
      const r = await host.open({});
      n.busy = null;
      if (r.ok && this.focusOpen(r.path)) return;
      this.adoptOpened(r, null);
      return;
    }
    // The browser file dialog (files/FileDialog.svelte) in the open file's folder.
    n.dialog = { kind: 'open', dir: this.path ? folderOf(this.path) : '' };
  }

  /** Activates the tab that has `path` open; answers whether there is one. */
  private focusOpen(path: string): boolean {
    const open = this.ctx.tabs.byPath(path);
    if (!open) return false;
    this.ctx.tabs.activate(open);
    return true;
  }

  /**
   * Opens a host path (the open dialog, the explorer, a reload, startup) in
   * a tab: the tab that already has it comes forward, else a new tab (in
   * place of a pristine untitled one). Answers whether it opened. `quiet`:
   * no error banner on failure (the caller falls back to another file, or
   * reports it itself: `failed` hears why).
   */
  async openPath(
    path: string,
    opts: { quiet?: boolean; failed?: (e: { code: string; message: string; issues?: Issue[] | undefined }) => void } = {},
  ): Promise<boolean> {
    const host = this.ctx.host;
    if (!host) return false;
    // An exported pack (file association, a second launch, a drop): the pack manager opens it; the documents stay.
    if (/\.pack\.json$/i.test(path) && host.packOpen) return this.hooks.openPack(path);
    this.ctx.notices.dialog = null;
    if (this.focusOpen(path)) {
      // Opened again (a recent entry, the explorer): it is the most recent file.
      void noteFile(host, path);
      return true;
    }
    return (await this.openTab(path, opts.quiet ?? false, true, opts.failed)) !== null;
  }

  /** Reads `path` from the host into a new tab; null when it did not open. `note`: record it as the most recent file; `failed` hears why it did not. */
  private async openTab(
    path: string,
    quiet: boolean,
    note = true,
    failed?: (e: { code: string; message: string; issues?: Issue[] | undefined }) => void,
  ): Promise<DocumentTab | null> {
    const n = this.ctx.notices;
    n.busy = 'Opening…';
    let r: Awaited<ReturnType<HostApi['open']>>;
    try {
      r = await this.ctx.host!.open({ path });
    } catch (e) {
      r = { ok: false, code: 'internal', message: String(e) };
    } finally {
      n.busy = null;
    }
    if (!r.ok && r.code !== 'cancelled') failed?.(r);
    const tab = this.adoptOpened(r, path, quiet, note);
    if (r.ok && !tab) failed?.(unsupportedInEditor(r.document, basename(r.path)));
    return tab;
  }

  /** Reload (changed on disk, "Reload theirs"): reads `path` again into the tab that has it (or a new tab); answers whether it did. */
  async reloadPath(path: string): Promise<boolean> {
    const host = this.ctx.host;
    const tab = this.ctx.tabs.byPath(path);
    if (!host || !tab) return this.openPath(path);
    const n = this.ctx.notices;
    n.dialog = null;
    n.busy = 'Opening…';
    const r = await host.open({ path });
    n.busy = null;
    if (!r.ok || !canEdit(r.document)) {
      n.showError(r.ok ? unsupportedInEditor(r.document, basename(r.path)) : r, path);
      return false;
    }
    this.replaceIn(tab, r.document, { path: r.path, revision: r.revision, dirty: false, readOnly: !!r.readOnly });
    return true;
  }

  private adoptOpened(r: Awaited<ReturnType<HostApi['open']>>, asked: string | null, quiet = false, note = true): DocumentTab | null {
    const n = this.ctx.notices;
    if (!r.ok) {
      if (r.code !== 'cancelled' && !quiet) n.showError(r, asked);
      return null;
    }
    if (!canEdit(r.document)) {
      if (!quiet) n.showError(unsupportedInEditor(r.document, basename(r.path)));
      return null;
    }
    const tab = this.addTab(r.document, { path: r.path, revision: r.revision, dirty: false, readOnly: !!r.readOnly });
    n.banner = null;
    if (note) void noteFile(this.ctx.host, r.path);
    n.flash(r.readOnly ? `Opened ${basename(r.path)} (read-only: Save offers Save As)` : `Opened ${basename(r.path)}`);
    return tab;
  }

  /**
   * Makes `doc` the document of the active tab (recovered work, an older
   * version, a dropped file): a fresh history, `path`, base revision and
   * autosave id. The replaced document's autosave is discarded (the user
   * chose to leave it: the callers asked first). A save still running for
   * the tab keeps its own document (it was captured when it started).
   */
  replaceDocument(doc: EditableLevel, o: ReplaceOptions): void {
    this.replaceIn(this.tab, doc, o);
  }

  private replaceIn(tab: DocumentTab, doc: EditableLevel, o: ReplaceOptions): void {
    if (tab.saving) {
      // A save started since the user was asked: it keeps its document; this one gets a tab of its own.
      this.addTab(doc, o);
      return;
    }
    this.hooks.replacing(tab, o.docId);
    this.saver.stopBackground(tab);
    this.setFile(tab, o);
    this.ctx.tabs.remember();
    tab.editor.load(doc, { dirty: o.dirty });
    if (tab === this.tab) this.ctx.notices.banner = null;
    this.hooks.replaced(tab);
  }

  // ------------------------------------------------------------------ save (document-save.svelte.ts)

  /** Save the active tab (Save As when it has no file or is read-only). */
  save(): void {
    // A save the user starts is not the close question's save: the tab stays open.
    if (!this.tab.saving) this.tab.closeWhenSaved = false;
    this.saver.save(this.tab);
  }

  saveAs(): void {
    if (!this.tab.saving) this.tab.closeWhenSaved = false;
    this.saver.saveAs(this.tab);
  }

  /** OK in the serve-mode Save As prompt (see DocumentSaver.confirmSaveAs). */
  confirmSaveAs(path: string, replaceOk = false): Promise<void> {
    return this.saver.confirmSaveAs(path, replaceOk);
  }

  /** Conflict dialog: "Overwrite with mine". */
  overwriteConflict(): void {
    this.saver.overwriteConflict();
  }

  /** Conflict dialog: "Save As…". */
  saveAsFromConflict(): void {
    this.saver.saveAsFromConflict();
  }

  /** Cancel in the save progress panel: stops the active tab's proof (the draft dialog follows). */
  cancelProof(tab: DocumentTab = this.tab): void {
    this.saver.cancelProof(tab);
  }

  /** Stops a tab's background proof (default: the active tab's). */
  stopBackground(tab: DocumentTab = this.tab): void {
    this.saver.stopBackground(tab);
  }
}
