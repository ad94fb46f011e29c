/**
 * The pack manager: runes state for PackManager.svelte over the host pack
 * methods (src-shared/host/pack-contract.ts). Pure logic lives in
 * pack-model.ts. The application creates one (`AppController.packs`).
 *
 * Every manifest change (reorder, tier, remove, apply order, undo/redo) is
 * written at once with `packSave` and the revision the manager last saw, so
 * a pack.json changed by someone else answers `conflict` (shown, nothing
 * written) instead of being overwritten. Verification polls
 * `packVerifyPoll` (every 200 ms, less often for big packs) and fills the
 * rows in as levels finish; it shows the caps each level had (counted from
 * the start of its own solve) and, when some levels ended at a cap,
 * `reverifyLimits` runs only those again with longer caps. The view filter
 * (`filter`) narrows what is shown; sorting, the summary, Apply order and
 * Verify always see every row.
 */
import type { HostApi, HostError, ListedFile } from '../../src-shared/host/contract.js';
import type { ListedPack, OpenedPack, PackRow, PackVerifyCaps } from '../../src-shared/host/pack-contract.js';
import type { Level, PackFile, Ruleset } from '../../src-shared/model/level.js';
import type { EditableLevel } from '../editor/default-doc.js';
import type { Notices } from '../shell/notices.svelte.js';
import type { EditorState } from '../editor/editor.js';
import {
  exportBlockers,
  filterRows,
  mergeVerified,
  movedPack,
  orderedPack,
  packErrorOf,
  PackHistory,
  sortRows,
  summarize,
  withoutEntry,
  withTier,
  type PackError,
  type SortDir,
  type SortKey,
} from './pack-model.js';
import { limitPositions, overlayVerified } from './verify-model.js';
import { collectionOf, downloadText, importCollection, importPathOf, skippedLine } from './pack-collection.js';
import type { CollectionForm } from '../../src-shared/format/collection.js';

export interface VerifyState extends PackVerifyCaps {
  jobId: string;
  state: 'running' | 'done' | 'cancelled';
  done: number;
  total: number;
  ms: number;
  /** A re-verify of some levels only (their count), else undefined (the whole pack). */
  subset?: number;
}

/** What a verify may ask: only some pack positions, other caps (absent: the host's). */
export interface VerifyRequest {
  levels?: number[];
  timeMs?: number;
  maxStates?: number;
}

/** What the pack manager reads of the application. */
export interface PackManagerContext {
  readonly host: HostApi | null;
  /** The editor's document ("Add current document", "Render level"). */
  readonly st: Pick<EditorState, 'doc' | 'dirty'>;
  readonly notices: Pick<Notices, 'dialog' | 'flash'>;
  /** Opening a level of the pack, or a suggested blueprint as a new unsaved document. */
  readonly session: {
    /** The active tab's path (null for an unsaved document). */
    readonly path: string | null;
    /** Opens a host path in a tab; answers whether it opened. */
    openPath(path: string): Promise<boolean>;
    /** Opens `doc` as a new unsaved document. */
    openDocument(doc: EditableLevel): void;
  };
}

const POLL_MS = 200;
/** The poll interval of a verify of `total` levels: 200 ms, up to 1 s for big packs (each answer carries every row). */
export function verifyPollMs(total: number): number {
  return Math.min(1000, Math.max(POLL_MS, Math.round(total / 10)));
}

export class PackManager {
  visible = $state(false);
  packs: ListedPack[] | null = $state.raw(null);
  current: OpenedPack | null = $state.raw(null);
  /** Verified rows by file name (laid over the stored rows, see mergeVerified). */
  verified: Map<string, PackRow> = $state.raw(new Map());
  verify: VerifyState | null = $state.raw(null);
  sortKey: SortKey = $state('order');
  sortDir: SortDir = $state('asc');
  busy: string | null = $state(null);
  /** `reloadable`: a manifest change met a pack.json changed on disk (offer Reload). */
  error: PackError | null = $state.raw(null);
  message: string | null = $state(null);
  /** Workspace level files (for "Add file"). */
  files: ListedFile[] | null = $state.raw(null);
  /** Set by the Render action: the panel scrolls to and focuses the render field. */
  focusRender = $state(false);
  /** Set by Export as web page: the panel fills the export field with `<pack>.html` and focuses it. */
  focusWebPage = $state(false);
  /** The web page export offers "Show solution" with the stored solutions (the designer may switch it off). */
  webSolutions = $state(true);
  /** The Import collection section: open, its text and the new pack's folder. */
  importOpen = $state(false);
  importText = $state('');
  importPath = $state('');
  /** Bumped on every history change (the getters below read it). */
  private historyVersion = $state(0);
  private readonly history = new PackHistory();
  private pollTimer: ReturnType<typeof setTimeout> | undefined;

  /** The rows as shown: stored + verified, in the view sort. */
  rows: PackRow[] = $derived.by(() => {
    const c = this.current;
    if (!c) return [];
    // The pack order is always shown first to last (the direction button is off there; a descending sort chosen before does not reverse it).
    return sortRows(mergeVerified(c.rows, this.verified), this.sortKey, this.sortKey === 'order' ? 'asc' : this.sortDir);
  });
  /** The view filter's text (title, file, tier, status words, or a position). */
  filter = $state('');
  /** The rows the list and grid show: `rows` through the filter. */
  shown: readonly PackRow[] = $derived(filterRows(this.rows, this.filter));
  /** Pack positions of the levels whose last verify ended at a cap. */
  limits: number[] = $derived(limitPositions(this.rows));
  summary = $derived(summarize(this.rows));
  blockers = $derived(exportBlockers(this.rows));
  /** Folder packs can be edited; an exported single file is read-only. */
  editable = $derived(this.current?.form === 'folder');

  constructor(private readonly app: PackManagerContext) {}

  /** True when the host has the pack methods (the mock host does not). */
  get available(): boolean {
    return !!this.app.host?.packOpen;
  }

  get canUndo(): boolean {
    void this.historyVersion;
    return this.editable && this.history.canUndo;
  }

  get canRedo(): boolean {
    void this.historyVersion;
    return this.editable && this.history.canRedo;
  }

  show(): void {
    if (!this.available) return;
    this.visible = true;
    void this.refreshList();
  }

  hide(): void {
    this.visible = false;
  }

  toggle(): void {
    if (this.visible) this.hide();
    else this.show();
  }

  private fail(r: HostError, what: string, manifest = false): void {
    this.error = packErrorOf(r, what, manifest);
  }

  private async run<T>(label: string, fn: () => Promise<T>): Promise<T | undefined> {
    this.busy = label;
    this.error = null;
    this.message = null;
    try {
      return await fn();
    } finally {
      this.busy = null;
    }
  }

  async refreshList(): Promise<void> {
    const host = this.app.host;
    if (!host?.packList) return;
    const r = await host.packList({});
    this.packs = r.ok ? r.packs : [];
    if (!r.ok) this.fail(r, 'Listing packs failed');
  }

  private adopt(r: OpenedPack, keepVerified: boolean): void {
    const same = this.current?.path === r.path;
    this.current = r;
    if (!same || !keepVerified) {
      this.stopPolling();
      this.verified = new Map();
      this.verify = null;
      this.history.clear();
      this.historyVersion++;
      this.sortKey = 'order';
      if (!same) this.filter = '';
    }
  }

  /** Opens a pack; `path` undefined: the host's folder dialog (Electron) asks. */
  async openPack(path?: string): Promise<boolean> {
    const host = this.app.host;
    if (!host?.packOpen) return false;
    const r = await this.run('Opening pack…', () => host.packOpen!(path === undefined ? {} : { path }));
    if (!r) return false;
    if (!r.ok) {
      if (r.code !== 'cancelled') this.fail(r, `Could not open ${path ?? 'the pack'}`);
      return false;
    }
    this.adopt(r, false);
    return true;
  }

  /** Creates a pack; `path` undefined: the host's folder dialog (Electron) asks for the folder. */
  async create(path: string | undefined, title: string, ruleset: Ruleset): Promise<boolean> {
    const host = this.app.host;
    if (!host?.packCreate) return false;
    const r = await this.run('Creating pack…', () => host.packCreate!(path === undefined ? { title, ruleset } : { path, title, ruleset }));
    if (!r) return false;
    if (!r.ok) {
      if (r.code !== 'cancelled') this.fail(r, 'Could not create the pack');
      return false;
    }
    this.adopt(r, false);
    this.message = `Created ${path ?? r.path}`;
    void this.refreshList();
    return true;
  }

  /** Writes a changed manifest (recording `before` for undo unless `record` is false). */
  private async saveManifest(next: PackFile, label: string, record: 'push' | 'none' = 'push'): Promise<boolean> {
    const host = this.app.host;
    const c = this.current;
    if (!host?.packSave || !c || c.form !== 'folder') return false;
    const r = await this.run(label, () => host.packSave!({ path: c.path, pack: next, expectedRevision: c.revision }));
    if (!r) return false;
    if (!r.ok) {
      this.fail(r, 'Not saved', true);
      return false;
    }
    if (record === 'push') {
      this.history.push(c.pack);
      this.historyVersion++;
    }
    this.adopt(r, true);
    return true;
  }

  /** Moves the entry at pack position `from` to `to` (drag, Alt+Up/Down). */
  async move(from: number, to: number): Promise<boolean> {
    const c = this.current;
    if (!c || from === to || to < 0 || to >= c.pack.levels.length) return false;
    const ok = await this.saveManifest(movedPack(c.pack, from, to), 'Saving order…');
    if (ok) this.message = `Moved #${from + 1} to #${to + 1}`;
    return ok;
  }

  async setTier(index: number, tier: string): Promise<void> {
    const c = this.current;
    if (!c) return;
    await this.saveManifest(withTier(c.pack, index, tier), 'Saving tier…');
  }

  async remove(index: number): Promise<void> {
    const c = this.current;
    if (!c) return;
    const name = c.rows[index]?.title ?? `#${index + 1}`;
    if (await this.saveManifest(withoutEntry(c.pack, index), 'Removing…')) this.message = `Removed ${name} from the pack (its file stays on disk)`;
  }

  /**
   * Versions…: writes an earlier pack.json (a backup opened with
   * `packBackupOpen`, saved at `when`) back as a normal manifest change:
   * `packSave` with the revision the manager last saw (a pack.json changed
   * meanwhile answers `conflict`, nothing written), recorded for Undo; the
   * host keeps the manifest it replaces as a backup in turn.
   */
  async restoreManifest(pack: PackFile, when: string): Promise<boolean> {
    const ok = await this.saveManifest(pack, 'Restoring…');
    if (ok) this.message = `Restored the pack.json of ${when} (Undo takes it back)`;
    return ok;
  }

  /** Makes the current view sort the pack order. */
  async applyOrder(): Promise<void> {
    const c = this.current;
    if (!c || this.sortKey === 'order') return;
    if (await this.saveManifest(orderedPack(c.pack, this.rows), 'Saving order…')) {
      this.sortKey = 'order';
      this.sortDir = 'asc';
      this.message = 'The sorted order is now the pack order';
    }
  }

  async undo(): Promise<void> {
    const c = this.current;
    if (!c) return;
    const prev = this.history.undo(c.pack);
    this.historyVersion++;
    if (prev && !(await this.saveManifest(prev, 'Undoing…', 'none'))) this.history.redo(prev);
  }

  async redo(): Promise<void> {
    const c = this.current;
    if (!c) return;
    const next = this.history.redo(c.pack);
    this.historyVersion++;
    if (next && !(await this.saveManifest(next, 'Redoing…', 'none'))) this.history.undo(next);
  }

  /** Reads the open pack again from disk (after a conflict: someone else changed pack.json). */
  async reload(): Promise<void> {
    const c = this.current;
    if (!c) return;
    const host = this.app.host;
    if (!host?.packOpen) return;
    const r = await this.run('Reloading pack…', () => host.packOpen!({ path: c.path }));
    if (!r) return;
    if (!r.ok) {
      this.fail(r, `Could not reload ${c.path}`);
      return;
    }
    this.adopt(r, false);
    this.message = `Reloaded ${c.path} from disk`;
  }

  async loadFiles(): Promise<void> {
    const r = await this.app.host?.list({});
    this.files = r?.ok ? r.files : [];
  }

  /** Adds the editor's document: its file as saved when it is clean, else the document itself. */
  async addCurrent(tier?: string): Promise<void> {
    const app = this.app;
    const source = app.session.path && !app.st.dirty ? app.session.path : undefined;
    await this.add(source !== undefined ? { source } : { document: app.st.doc as Level }, tier);
  }

  async addFile(source: string, tier?: string): Promise<void> {
    await this.add({ source }, tier);
  }

  /** "Suggest a level" panel of the open pack (its ruleset; "Add to pack"). */
  suggestOpen = $state(false);

  /** Adds a document that has no file (a suggested level) to the open folder pack. */
  async addDocument(document: Level, tier?: string): Promise<void> {
    await this.add({ document }, tier);
  }

  private async add(what: { source: string } | { document: Level }, tier?: string): Promise<void> {
    const host = this.app.host;
    const c = this.current;
    if (!host?.packAddLevel || !c || c.form !== 'folder') return;
    const r = await this.run('Adding level…', () => host.packAddLevel!({ path: c.path, ...what, ...(tier ? { tier } : {}), expectedRevision: c.revision }));
    if (!r) return;
    if (!r.ok) {
      this.fail(r, 'Not added', true);
      return;
    }
    this.history.push(c.pack);
    this.historyVersion++;
    this.adopt(r, true);
    this.message = `Added ${r.added}`;
  }

  /** Opens a level of the pack in the editor, in a tab (the tab that has it already comes forward). */
  openLevel(row: PackRow): void {
    if (!row.path) return;
    void this.app.session.openPath(row.path).then((ok) => {
      if (ok) this.hide();
    });
  }

  /**
   * Starts a verify of the open pack: every level, or only `req.levels`
   * (pack positions) with `req`'s caps. A partial verify keeps the other
   * levels' earlier results.
   */
  async startVerify(req: VerifyRequest = {}): Promise<void> {
    const host = this.app.host;
    const c = this.current;
    if (!host?.packVerifyStart || !c) return;
    this.stopPolling();
    this.error = null;
    this.message = null;
    const r = await host.packVerifyStart({ path: c.path, ...req });
    if (!r.ok) {
      this.fail(r, 'Verify could not start');
      return;
    }
    const subset = req.levels ? { subset: req.levels.length } : {};
    this.verify = { jobId: r.jobId, state: 'running', done: 0, total: r.total, ms: 0, timeMs: r.timeMs, maxStates: r.maxStates, ...subset };
    this.verifyBase = req.levels ? new Map([...this.verified].filter(([, row]) => row.status !== 'pending')) : new Map();
    this.verified = this.verifyBase;
    this.schedulePoll(r.jobId);
  }

  /** "Re-verify the limits with a longer cap": the levels that ended at a cap, again, with caps `timeMs` / `maxStates`. */
  async reverifyLimits(timeMs: number, maxStates: number): Promise<void> {
    const levels = this.limits;
    if (levels.length === 0 || this.verify?.state === 'running') return;
    await this.startVerify({ levels, timeMs, maxStates });
  }

  /** The verified rows a running partial verify lays its rows over. */
  private verifyBase: Map<string, PackRow> = new Map();

  private schedulePoll(jobId: string): void {
    this.pollTimer = setTimeout(() => void this.poll(jobId), verifyPollMs(this.verify?.total ?? 0));
  }

  private async poll(jobId: string): Promise<void> {
    const host = this.app.host;
    if (!host?.packVerifyPoll || this.verify?.jobId !== jobId) return;
    const r = await host.packVerifyPoll({ jobId });
    if (this.verify?.jobId !== jobId || this.verify.state !== 'running') return;
    if (!r.ok) {
      this.verify = { ...this.verify, state: 'cancelled' };
      this.verified = this.withoutPending();
      this.fail(r, 'Verify stopped');
      return;
    }
    this.verified = overlayVerified(this.verifyBase, r.rows);
    this.verify = { ...this.verify, state: r.state, done: r.done, total: r.total, ms: r.ms, timeMs: r.timeMs, maxStates: r.maxStates };
    if (r.state === 'running') this.schedulePoll(jobId);
    else void host.packVerifyCancel?.({ jobId }); // done: free the host's job
  }

  /** The verified rows without the levels still pending: those keep their earlier result (a partial verify) or their stored status. */
  private withoutPending(): Map<string, PackRow> {
    return new Map(
      [...this.verified].flatMap(([name, row]): [string, PackRow][] => {
        if (row.status !== 'pending') return [[name, row]];
        const before = this.verifyBase.get(name);
        return before ? [[name, before]] : [];
      }),
    );
  }

  private stopPolling(): void {
    clearTimeout(this.pollTimer);
    this.pollTimer = undefined;
  }

  async cancelVerify(): Promise<void> {
    const v = this.verify;
    if (!v || v.state !== 'running') return;
    this.stopPolling();
    this.verify = { ...v, state: 'cancelled' };
    // Levels not verified keep their earlier result or their stored status.
    this.verified = this.withoutPending();
    await this.app.host?.packVerifyCancel?.({ jobId: v.jobId });
  }

  /**
   * Exports the pack to `out` (a new folder, or `*.pack.json`). When levels
   * block it (stale / draft / invalid), asks the user to confirm a forced
   * export first.
   */
  exportTo(out: string): void {
    const c = this.current;
    if (!c) return;
    const blockers = this.blockers;
    if (blockers.length === 0) {
      void this.doExport(out, false);
      return;
    }
    this.app.notices.dialog = {
      kind: 'confirm',
      title: 'Export anyway?',
      message: `${blockers.length} level${blockers.length === 1 ? ' is' : 's are'} not proved and current. A player would get unproved levels. Export them anyway?`,
      items: blockers.map((r) => `#${r.index + 1} ${r.title}: ${r.status}`),
      okLabel: 'Export anyway',
      okId: 'pack-export-force',
      onOk: () => {
        this.app.notices.dialog = null;
        void this.doExport(out, true);
      },
    };
  }

  async doExport(out: string, force: boolean): Promise<boolean> {
    const host = this.app.host;
    const c = this.current;
    if (!host?.packExport || !c) return false;
    const r = await this.run('Exporting…', () =>
      host.packExport!({
        path: c.path,
        out,
        ...(force ? { force: true } : {}),
        ...(/\.html?$/i.test(out) && !this.webSolutions ? { solutions: false } : {}),
      }),
    );
    if (!r) return false;
    if (!r.ok) {
      this.fail(r, 'Not exported');
      return false;
    }
    this.message = `Exported ${r.levels} level${r.levels === 1 ? '' : 's'} to ${r.out} (${r.files} file${r.files === 1 ? '' : 's'})${r.warnings.length ? `, ${r.warnings.length} forced` : ''}`;
    void this.refreshList();
    return true;
  }

  /** Pack > Import collection (a paste of several codes too): shows the Import section holding `text`, to import into a new pack folder. */
  offerImport(text: string): void {
    this.show();
    this.importText = text;
    this.importPath = importPathOf(text);
    this.importOpen = true;
  }

  /** Pack > Import collection from the clipboard: its text into the Import section (empty when the page may not read it). */
  async offerClipboardImport(): Promise<void> {
    let text = '';
    try {
      text = (await navigator.clipboard?.readText?.()) ?? '';
    } catch {
      /* no clipboard access: the text can be pasted into the field */
    }
    this.offerImport(text);
  }

  /**
   * Imports `text` (a collection) into a new pack folder `path` and opens
   * it; every entry left out is listed in the error strip as "Line N: why
   * (code)". Answers true when at least one level was imported.
   */
  async importCollectionText(text: string, path: string | undefined): Promise<boolean> {
    const host = this.app.host;
    if (!host) return false;
    const r = await this.run('Importing collection…', () =>
      importCollection(host, text, path, (done, total) => void (this.busy = `Importing collection… ${done} of ${total}`)),
    );
    if (!r) return false;
    if (r.pack) this.adopt(r.pack, false);
    const left = r.skipped.map(skippedLine);
    if (!r.ok && r.error.code === 'cancelled' && r.added === 0) return false; // the folder dialog was closed
    if (!r.ok) {
      this.error = {
        code: r.error.code,
        message: `${r.added ? `Imported ${r.added} levels, then stopped: ` : 'Not imported: '}${r.error.message}`,
        items: left,
      };
      return r.added > 0;
    }
    this.importOpen = false;
    this.message = `Imported ${r.added} level${r.added === 1 ? '' : 's'} into ${r.pack.path} (not proved yet: Verify shows their pars; a proof is stored when you save a level, or with castellan prove)`;
    if (left.length) {
      this.error = {
        code: 'collection-entries-left-out',
        message: `${left.length} entr${left.length === 1 ? 'y' : 'ies'} of the collection ${left.length === 1 ? 'was' : 'were'} left out:`,
        items: left,
      };
    }
    void this.refreshList();
    return true;
  }

  /** Pack > Export as collection: the open folder pack as codes or board texts, on the clipboard and saved as `<folder>.txt`. Answers the text. */
  async exportCollection(form: CollectionForm = 'codes'): Promise<string | null> {
    const host = this.app.host;
    const c = this.current;
    if (!host || !c) return null;
    const r = await this.run('Writing the collection…', () => collectionOf(host, c, form));
    if (!r) return null;
    if (!r.ok) {
      this.error = { code: r.code, message: `Not exported as a collection: ${r.message}` };
      return null;
    }
    let copied = false;
    try {
      await navigator.clipboard?.writeText?.(r.text);
      copied = true;
    } catch {
      /* saved as a file only */
    }
    const name = `${
      c.path
        .replace(/[\\/]+$/, '')
        .split(/[\\/]/)
        .pop() || 'pack'
    }.txt`;
    downloadText(r.text, name);
    this.message = `Exported ${c.rows.length} level${c.rows.length === 1 ? '' : 's'} as a collection of ${form === 'codes' ? 'level codes' : 'board texts'}: ${copied ? 'copied, and ' : ''}saved as ${name}`;
    return r.text;
  }

  /** Renders the editor's document to `out` (.svg or .png). */
  async renderCurrent(out: string): Promise<boolean> {
    const host = this.app.host;
    if (!host?.renderLevel) return false;
    const r = await this.run('Rendering…', () => host.renderLevel!({ document: this.app.st.doc as Level, out }));
    if (!r) return false;
    if (!r.ok) {
      this.fail(r, 'Not rendered');
      return false;
    }
    this.message = `Wrote ${r.out} (${r.bytes.toLocaleString('en-US')} bytes)`;
    return true;
  }
}
