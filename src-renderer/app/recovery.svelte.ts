/**
 * Never lose work (docs/dev/never-lose-work.md): autosave of every open
 * document (each tab) while it has unsaved changes, the "changed on disk"
 * banner from polling the active tab's file revision, the recovery dialog
 * for autosaves an earlier session left, and the Versions dialog (backups
 * of the active tab's file).
 *
 * Recovery-folder calls (autosave, discard) run one after the other in call
 * order, and a save waits for an autosave of its tab already on its way
 * (`whileSaving`), so an older state never replaces a newer one. The file
 * session (document-session.svelte.ts) and the saves
 * (document-save.svelte.ts) call in through their hooks.
 */
import type { BackupItem, FileRevision, HostApi, RecoveryItem } from '../../src-shared/host/contract.js';
import { canEdit, unsupportedInEditor } from '../rulesets/index.js';
import type { EditorState } from '../editor/editor.js';
import { MaxWaitDebouncer } from './autosave.js';
import type { DocumentSession } from './document-session.svelte.js';
import type { AutosaveState, DiskChange, DocumentTab } from './document-tab.svelte.js';
import { displayMessage, formatTime, isHostUnreachable, UNREACHABLE_TITLE } from '../host/messages.js';
import type { Notices } from '../shell/notices.svelte.js';
import { basename } from './paths.js';
import { createTabPresence, type TabPresence } from './tab-presence.js';
import type { Tabs } from './tabs.svelte.js';

export type { AutosaveState, DiskChange } from './document-tab.svelte.js';

/** How often the open file's revision is polled while the page is visible (ms). */
export const DISK_POLL_MS = 5000;

/** True when `current` (the file on disk now, null = missing) is not the revision the document is based on. */
export function changedOnDisk(base: FileRevision | null, current: FileRevision | null): boolean {
  if (base === null) return current !== null;
  return current === null || current.sha256 !== base.sha256;
}

/** What recovery reads of the application. */
export interface RecoveryContext {
  readonly tabs: Pick<Tabs, 'active' | 'list'>;
  readonly host: HostApi | null;
  readonly notices: Pick<Notices, 'dialog' | 'busy' | 'flash' | 'showError'>;
  readonly session: Pick<DocumentSession, 'reloadPath' | 'replaceDocument' | 'confirmDiscard'>;
}

/** Autosave bookkeeping of one tab. */
interface TabRecovery {
  readonly autosaver: MaxWaitDebouncer;
  /** True once an autosave of the document was sent (and not discarded or saved since). */
  autosaved: boolean;
  /** "Keep mine" was chosen for this version on disk (its sha256; null = deleted): no banner for it again. */
  keptMine: { path: string; sha: string | null } | null;
  /** Save requests in flight (the revision poll waits: our own write changes the file). */
  saving: number;
}

export class Recovery {
  /** Autosaves of other documents still waiting after a recovery (offered again from the status bar). */
  recoveryLeft = $state(0);

  /** Recovery-folder calls (autosave, discard) run one after the other, in call order. */
  private recoveryChain: Promise<unknown> = Promise.resolve();
  private readonly perTab = new WeakMap<DocumentTab, TabRecovery>();
  private diskChecking = false;
  private presence: TabPresence | null = null;

  constructor(private readonly ctx: RecoveryContext) {}

  /** The active tab's file changed on disk since it was opened or saved: the banner with Reload / Keep mine. */
  get diskChange(): DiskChange | null {
    return this.ctx.tabs.active.diskChange;
  }

  /** What the active tab's last autosave did. */
  get autosaveState(): AutosaveState {
    return this.ctx.tabs.active.autosaveState;
  }

  private of(tab: DocumentTab): TabRecovery {
    let r = this.perTab.get(tab);
    if (!r) {
      r = { autosaver: new MaxWaitDebouncer(() => this.serialRecovery(() => this.runAutosave(tab))), autosaved: false, keptMine: null, saving: 0 };
      this.perTab.set(tab, r);
    }
    return r;
  }

  /** Starts answering other pages which documents this one has open (after the host connected). */
  startPresence(): void {
    this.presence = createTabPresence(() => this.ctx.tabs.list.map((t) => t.docId));
  }

  /**
   * The autosave ids of documents other live pages of this origin have open
   * (none without presence). Waits a little longer than the recovery offer
   * does: a window restoring the session must not take over an autosave a
   * busy window is still writing.
   */
  openElsewhere(): Promise<Set<string>> {
    return this.presence?.ask(400) ?? Promise.resolve(new Set());
  }

  // ------------------------------------------------------------------ autosave

  /** Runs recovery-folder calls one after the other (an autosave never overtakes a discard or a later autosave). */
  private serialRecovery<T>(fn: () => Promise<T>): Promise<T | undefined> {
    const run = this.recoveryChain.then(fn, fn);
    this.recoveryChain = run.catch(() => undefined);
    return run.catch(() => undefined);
  }

  /** A tab's document changed or its dirty flag flipped: autosave while dirty; clean again (undo to the saved state) drops the autosave. */
  documentChanged(tab: DocumentTab, s: Pick<EditorState, 'dirty'>): void {
    const r = this.of(tab);
    if (s.dirty) {
      r.autosaver.touch();
      return;
    }
    r.autosaver.cancel();
    if (r.autosaved) {
      this.discardAutosave(tab.docId);
      r.autosaved = false;
    }
  }

  /**
   * Another document replaces the one of `tab`: its pending autosave is
   * dropped and its autosave discarded, unless the new document keeps that
   * id (`keptDocId`, a recovered document, which counts as autosaved
   * already). The disk banner goes.
   */
  replacing(tab: DocumentTab, keptDocId: string | undefined): void {
    const r = this.of(tab);
    r.autosaver.cancel();
    if (r.autosaved && tab.docId !== keptDocId) this.discardAutosave(tab.docId);
    r.autosaved = keptDocId !== undefined;
    r.keptMine = null;
    tab.autosaveState = { kind: 'idle' };
    tab.diskChange = null;
  }

  /** `tab` closes without saving (the user chose Discard): its pending autosave is dropped and its autosave deleted. */
  discarding(tab: DocumentTab): void {
    const r = this.of(tab);
    r.autosaver.cancel();
    if (r.autosaved) this.discardAutosave(tab.docId);
    r.autosaved = false;
  }

  /** A recovered document (restored with its autosave id) counts as autosaved already. */
  adoptedAutosave(tab: DocumentTab): void {
    this.of(tab).autosaved = true;
  }

  /**
   * Runs a save's host call `send` for `tab`: its pending autosave is
   * dropped, an autosave already on its way lands first (the host then
   * deletes it with this save), and the revision poll pauses while it runs.
   */
  async whileSaving<T>(tab: DocumentTab, send: () => Promise<T>): Promise<T> {
    const r = this.of(tab);
    r.autosaver.cancel();
    r.saving++;
    try {
      await this.recoveryChain;
      return await send();
    } finally {
      r.saving--;
    }
  }

  /** The host wrote the tab's file: its disk banner goes; the host deleted this document's autosave. */
  saved(tab: DocumentTab): void {
    const r = this.of(tab);
    r.keptMine = null;
    r.autosaved = false;
    tab.diskChange = null;
    tab.autosaveState = { kind: 'idle' };
  }

  /** After a save of `tab` (done or not): edits that are still unsaved autosave again. */
  afterSave(tab: DocumentTab): void {
    if (tab.st.dirty) this.of(tab).autosaver.touch();
  }

  private discardAutosave(docId: string): void {
    const host = this.ctx.host;
    if (!host?.recoveryDiscard) return;
    void this.serialRecovery(() => host.recoveryDiscard!({ docId }));
  }

  /** One autosave of `tab`'s document (debounced by its autosaver). A failure shows a warning; editing goes on. */
  private async runAutosave(tab: DocumentTab): Promise<void> {
    const host = this.ctx.host;
    if (!host?.autosave || !tab.st.dirty || !this.ctx.tabs.list.includes(tab)) return;
    const docId = tab.docId;
    const base = tab.baseRevision;
    const path = tab.path;
    this.of(tab).autosaved = true;
    let r: Awaited<ReturnType<NonNullable<HostApi['autosave']>>>;
    try {
      r = await host.autosave({ docId, document: tab.st.doc, ...(path ? { path } : {}), ...(base ? { baseRevision: base } : {}) });
    } catch (e) {
      r = { ok: false, code: 'internal', message: String(e) };
    }
    if (docId !== tab.docId) return;
    tab.autosaveState = r.ok
      ? { kind: 'saved', at: r.savedAt }
      : { kind: 'failed', message: isHostUnreachable(r) ? `${UNREACHABLE_TITLE}: not autosaved` : `${r.code}: ${displayMessage(r.message, tab.path)}` };
  }

  /** Autosaves every tab with a pending autosave now (the page is being hidden or closed). */
  flushAutosave(): Promise<void> {
    return Promise.all(this.ctx.tabs.list.map((t) => this.of(t).autosaver.flush())).then(() => undefined);
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

  // ------------------------------------------------------------------ changed on disk

  /**
   * Polls the open file's revision; when it is not the base revision (an
   * outside change, or deleted) shows the "changed on disk" banner, unless
   * the user chose "Keep mine" for exactly that version. Skipped while a
   * save runs (our own write changes the file).
   */
  async checkDisk(): Promise<void> {
    const host = this.ctx.host;
    const tab = this.ctx.tabs.active;
    const rec = this.of(tab);
    const path = tab.path;
    const base = tab.baseRevision;
    if (!host?.revision || !path || base === undefined || this.diskChecking || rec.saving > 0) return;
    this.diskChecking = true;
    try {
      const r = await host.revision({ path });
      if (!r.ok || path !== tab.path || base !== tab.baseRevision || rec.saving > 0) return;
      if (!changedOnDisk(base, r.revision)) {
        tab.diskChange = null;
        return;
      }
      const sha = r.revision?.sha256 ?? null;
      if (rec.keptMine && rec.keptMine.path === path && rec.keptMine.sha === sha) return;
      if (tab.diskChange?.path === path && (tab.diskChange.revision?.sha256 ?? null) === sha) return;
      tab.diskChange = { path, revision: r.revision };
    } catch {
      /* the next poll tries again */
    } finally {
      this.diskChecking = false;
    }
  }

  /** "Reload" (banner) / "Reload theirs" (conflict): reads the file again into its tab; unsaved changes are discarded (their autosave too). */
  async reloadFromDisk(): Promise<void> {
    const { notices: n, session, tabs } = this.ctx;
    const tab = tabs.active;
    const path = tab.diskChange?.path ?? (n.dialog?.kind === 'conflict' ? n.dialog.path : tab.path);
    if (!path) return;
    n.dialog = null;
    tab.diskChange = null;
    if (await session.reloadPath(path)) n.flash(`Reloaded ${basename(path)} from disk`);
  }

  /**
   * "Keep mine": the banner goes away for this version on disk and the
   * document counts as unsaved (it is not what the file holds); saving it
   * answers `conflict` and asks before replacing the other version.
   */
  keepMine(): void {
    const tab = this.ctx.tabs.active;
    const c = tab.diskChange;
    if (!c) return;
    this.of(tab).keptMine = { path: c.path, sha: c.revision?.sha256 ?? null };
    tab.diskChange = null;
    if (!tab.st.dirty) tab.editor.markSavedAt(-1);
  }

  // ------------------------------------------------------------------ recovery dialog

  /**
   * At start: autosaves in the recovery folder, minus the documents this
   * page or another live tab has open, are offered in the recovery dialog.
   */
  async offerRecovery(): Promise<void> {
    const { host, notices: n, tabs } = this.ctx;
    if (!host?.recoveryList) return;
    const r = await host.recoveryList({});
    if (!r.ok) return;
    const open = new Set(tabs.list.map((t) => t.docId));
    let items = r.items.filter((i) => !open.has(i.docId));
    if (items.length) {
      const others = (await this.presence?.ask()) ?? new Set<string>();
      items = items.filter((i) => !others.has(i.docId));
    }
    this.recoveryLeft = items.length;
    if (items.length && !n.dialog) n.dialog = { kind: 'recovery', items };
  }

  /**
   * Recover: loads the autosaved document as a dirty document with its
   * path, autosave id and base revision; a file changed since shows the
   * changed-on-disk banner (saving will ask). The current document is
   * replaced (after confirming when it has unsaved changes).
   */
  recoverItem(docId: string): void {
    const d = this.ctx.notices.dialog;
    if (d?.kind !== 'recovery') return;
    const item = d.items.find((i) => i.docId === docId);
    const rest = d.items.filter((i) => i.docId !== docId);
    this.ctx.session.confirmDiscard(`Recovering ${item?.title || 'the autosaved document'}`, () => void this.recoverNow(docId, rest));
  }

  private async recoverNow(docId: string, rest: RecoveryItem[]): Promise<void> {
    const { host, notices: n, session, tabs } = this.ctx;
    if (!host?.recoveryOpen) return;
    const items = [...rest];
    const keep = (error?: string): void => {
      const all = n.dialog?.kind === 'recovery' ? n.dialog.items : items;
      n.dialog = { kind: 'recovery', items: all, ...(error ? { error } : {}) };
    };
    if (n.dialog?.kind === 'recovery') n.dialog = { ...n.dialog, busy: docId };
    const r = await host.recoveryOpen({ docId });
    if (!r.ok) return keep(`${r.code}: ${displayMessage(r.message)}`);
    if (!canEdit(r.document)) {
      const e = unsupportedInEditor(r.document, 'The autosaved document');
      return keep(`${e.code}: ${e.message}`);
    }
    session.replaceDocument(r.document, { path: r.path ?? null, revision: r.path ? r.baseRevision : null, dirty: true, docId: r.docId });
    n.dialog = null;
    this.recoveryLeft = items.length;
    if (r.changedOnDisk && r.path) tabs.active.diskChange = { path: r.path, revision: r.revision ?? null };
    const schema = r.issues.filter((i) => i.severity === 'error' && i.code.startsWith('schema'));
    n.flash(
      `Recovered ${r.document.meta?.title || (r.path ? basename(r.path) : 'the unsaved document')} (autosaved ${formatTime(r.savedAt)}): not saved yet${schema.length ? ` — ${schema.length} format error${schema.length === 1 ? '' : 's'} to fix` : ''}`,
    );
  }

  /** Discard in the recovery dialog: deletes that autosave for good. */
  async discardRecovery(docId: string): Promise<void> {
    const { host, notices: n } = this.ctx;
    const d = n.dialog;
    if (!host?.recoveryDiscard || d?.kind !== 'recovery') return;
    n.dialog = { ...d, busy: docId };
    const r = await host.recoveryDiscard({ docId });
    const now = n.dialog;
    if (now?.kind !== 'recovery') return;
    if (!r.ok) {
      n.dialog = { kind: 'recovery', items: now.items, error: `${r.code}: ${displayMessage(r.message)}` };
      return;
    }
    const items = now.items.filter((i) => i.docId !== docId);
    this.recoveryLeft = items.length;
    n.dialog = items.length ? { kind: 'recovery', items } : null;
  }

  /** Reopens the recovery dialog (status bar: autosaves still waiting). */
  showRecovery(): void {
    if (!this.ctx.notices.dialog) void this.offerRecovery();
  }

  // ------------------------------------------------------------------ versions

  /** Versions…: the backups of the open file, newest first. */
  async showVersions(): Promise<void> {
    const { host, notices: n, tabs } = this.ctx;
    const path = tabs.active.path;
    if (!host?.backupList || !path) return;
    n.dialog = { kind: 'versions', path, items: null };
    const r = await host.backupList({ path });
    if (n.dialog?.kind !== 'versions' || n.dialog.path !== path) return;
    n.dialog = r.ok
      ? { kind: 'versions', path, items: r.backups }
      : { kind: 'versions', path, items: [], error: `${r.code}: ${displayMessage(r.message, path)}` };
  }

  /**
   * Opens backup `id` of the open file as a dirty document (after confirming
   * to discard unsaved changes); saving writes it back to the file (with the
   * file's current revision as the base, so no conflict).
   */
  openVersion(id: string): void {
    const d = this.ctx.notices.dialog;
    if (d?.kind !== 'versions') return;
    const path = d.path;
    const item = d.items?.find((b) => b.id === id);
    this.ctx.session.confirmDiscard('Opening an older version', () => void this.openVersionNow(path, id, item));
  }

  private async openVersionNow(path: string, id: string, item: BackupItem | undefined): Promise<void> {
    const { host, notices: n, session } = this.ctx;
    if (!host?.backupOpen) return;
    n.busy = 'Opening…';
    const r = await host.backupOpen({ path, id });
    n.busy = null;
    if (!r.ok) {
      n.dialog = { kind: 'versions', path, items: n.dialog?.kind === 'versions' ? n.dialog.items : [], error: `${r.code}: ${displayMessage(r.message, path)}` };
      return;
    }
    if (!canEdit(r.document)) {
      n.dialog = null;
      n.showError(unsupportedInEditor(r.document, `That version of ${basename(path)}`));
      return;
    }
    n.dialog = null;
    session.replaceDocument(r.document, { path: r.path, revision: r.revision ?? null, dirty: true });
    n.flash(`Opened the version of ${formatTime(item?.savedAt ?? r.backup.savedAt)}: save to restore it`);
  }
}
