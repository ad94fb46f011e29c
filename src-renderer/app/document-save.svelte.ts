/**
 * Saving a document (Save, Save As, the draft and conflict dialogs) where
 * saving never blocks and a save belongs to its document:
 *
 * - Save (Ctrl+S) and Save As share one code path (`run`): Save As only
 *   chooses the path first. The browser Save As dialog closes once its path
 *   is checked, so the proof's progress, its Cancel and Esc, and the draft
 *   or conflict dialog that may follow are the same as for Save; an answer
 *   about the path itself (a missing folder, a file that appeared since: a
 *   "Replace?") opens the Save As dialog again with the path kept and the
 *   error inline. No modal dialog ever waits on a running save.
 *
 * - Every save captures its tab (`DocumentTab`): its answer (path,
 *   revision, saved marker, the adopted document, the draft / conflict
 *   dialogs) goes to that tab only, even when another tab is active by then.
 *   New / Open / Recover / Versions make or fill other tabs and never see it.
 * - When the document's stored solution is current (its `levelHash` is the
 *   document's) or the host has no proof jobs, the host's `save` runs at
 *   once (the host reuses the proof). Otherwise the renderer first runs a
 *   host job `solveStart {purpose: 'proof'}` with the save caps and shows
 *   its progress (states, depth bound, rate, elapsed) with a working Cancel
 *   while the board stays editable; solved: `save` (the host writes the
 *   proof it remembers); limit or Cancel: "Save as draft" (`allowDraft,
 *   noProof`: no second solve), "Keep proving in the background" (the draft
 *   now, then a long proof that upgrades the file when it solves) or "Don't
 *   save"; unsolvable: "Save as draft" / "Don't save".
 * - Every save carries the tab's autosave id and a revision check (never
 *   lose work, docs/dev/never-lose-work.md): Save sends `expectedRevision`
 *   = the base revision; Save As to a new workspace path `expectedRevision:
 *   null`; Save As after "Replace?" (or Electron's own dialog, which asked)
 *   and "Overwrite with mine" send `overwrite: true`.
 */
import type { FileRevision, HostApi, HostError, SavedLevel } from '../../src-shared/host/contract.js';
import { SOLVE_MAX_TIME_MS } from '../../src-shared/host/contract.js';
import type { Level } from '../../src-shared/model/level.js';
import { rulesetOf, validateDocument } from '../../src-shared/rulesets/index.js';
import { isEditable, type EditableLevel } from '../editor/default-doc.js';
import { sameJson } from '../editor/doc-ops.js';
import type { HostKind } from '../host/index.js';
import { hasHostSolve, startHostSolve } from '../solve/host-solve-client.js';
import { whyLine, whySquares } from '../solve/why-text.js';
import { issue } from '../../src-shared/validation/issue.js';
import type { SolveOutcome } from '../workers/job-protocol.js';
import type { DocumentTab } from './document-tab.svelte.js';
import { displayMessage, extraIssues } from '../host/messages.js';
import type { Notices } from '../shell/notices.svelte.js';
import { defaultSaveFolder } from '../files/default-folder.js';
import { folderOf } from '../files/file-dialog.js';
import { workspaceItems } from '../files/folder-source.js';
import { basename, slug } from './paths.js';
import { noteFile } from './session.js';
import { safeHash } from './solve-controller.svelte.js';
import type { Tabs } from './tabs.svelte.js';

/** Host codes of a failed save that may be saved as a draft instead (not proved). */
const DRAFT_CODES = new Set(['invalid', 'unsolvable', 'limit', 'cancelled']);

/**
 * Caps of the proof a save runs first: the host's own save caps
 * (src-main/services/save-pipeline.ts DEFAULT_SAVE_TIME_MS /
 * DEFAULT_SAVE_MAX_STATES), so a save proves what it proved before.
 */
export const SAVE_PROOF_CAPS = { timeMs: 20_000, maxStates: 20_000_000 } as const;
/** Caps of "Keep proving in the background": the longest job a host takes, and its state cap. */
export const BACKGROUND_PROOF_CAPS = { timeMs: SOLVE_MAX_TIME_MS, maxStates: 100_000_000 } as const;

type Method = 'save' | 'saveAs';

interface SaveOptions {
  allowDraft?: boolean;
  /** With `allowDraft`: write the draft without solving (the proof's answer is reused). */
  noProof?: boolean;
  /** The path comes from the browser Save As dialog: an error about the path opens that dialog again with the error inline. */
  inDialog?: boolean;
  overwrite?: boolean;
  replaceOk?: boolean;
  /** After a draft save: prove in the background and upgrade the file when it solves. */
  background?: boolean;
}

/** What saving reads of the application. */
export interface SaveContext {
  readonly host: HostApi | null;
  readonly hostKind: HostKind | null;
  readonly notices: Pick<Notices, 'banner' | 'dialog' | 'flash' | 'showError' | 'present'>;
  readonly tabs: Pick<Tabs, 'active' | 'has' | 'activate' | 'remember' | 'byId' | 'remove'>;
}

/** What the other parts do around a save (recovery's autosave bookkeeping). */
export interface SaveHooks {
  /** Sends a save of `tab` with `send` (its pending autosave is dropped first and one already on its way lands first). */
  whileSaving<T>(tab: DocumentTab, send: () => Promise<T>): Promise<T>;
  /** The host wrote the tab's file: it now holds what was sent (and deleted its autosave). */
  saved(tab: DocumentTab): void;
  /** A save of the tab ended (saved or not): edits that are still unsaved autosave. */
  afterSave(tab: DocumentTab): void;
}

/**
 * True when a save of `doc` should prove it first with a visible proof job:
 * the host runs proof jobs, the document can be hashed, its stored solution
 * is not for this levelHash, it has no builder errors (those the host's
 * save answers at once) and it has something to prove (a two-player
 * position without a goal has not, `def.goal`).
 */
export function needsProof(host: HostApi | null, doc: Level, hash: string | null): boolean {
  if (!hasHostSolve(host) || hash === null) return false;
  if (doc.solution?.levelHash === hash) return false;
  if (validateDocument(doc).issues.some((i) => i.severity === 'error')) return false;
  const goal = rulesetOf(doc)?.goal;
  return !(goal?.kind === 'in-n' && typeof goal.goalMoves(doc) !== 'number');
}

/** The draft dialog's failure for a proof that ended without a proof (limit, Cancel, unsolvable); null when it proved or cannot tell (the host's save decides). */
export function proofFailure(o: SolveOutcome, ms: number, last: { states: number }): HostError | null {
  if (o.kind === 'cancelled') {
    return { ok: false, code: 'cancelled', message: 'The proof was cancelled.', solve: { status: 'cancelled', states: last.states, ms }, draftAllowed: true };
  }
  if (o.kind !== 'result') return null;
  const r = o.result;
  if (r.status === 'limit') {
    const why = r.reason === 'time' ? 'time' : r.reason === 'memory' ? 'memory' : 'state';
    return {
      ok: false,
      code: 'limit',
      message: `The solver reached its ${why} limit before finding a proof.`,
      solve: { status: 'limit', states: r.states, ms: o.ms, reason: r.reason },
      draftAllowed: true,
    };
  }
  if (r.status === 'unsolvable') {
    return {
      ok: false,
      code: 'unsolvable',
      // The cause in one line when the answer names one ("why unsolvable"), and as the issue the draft dialog lists with its squares.
      message: r.why ? `The solver proved that the level has no solution: ${whyLine(r.why)}` : 'The solver proved that the level has no solution.',
      ...(r.why
        ? {
            issues: [
              issue('error', 'level-unsolvable', r.why.message, { squares: whySquares(r.why.squares), ...(r.why.ruling ? { ruling: r.why.ruling } : {}) }),
            ],
          }
        : {}),
      solve: { status: 'unsolvable', states: r.states, ms: o.ms },
      draftAllowed: true,
    };
  }
  return null;
}

export class DocumentSaver {
  constructor(
    private readonly ctx: SaveContext,
    private readonly hooks: SaveHooks,
  ) {}

  // ------------------------------------------------------------------ commands

  /** Save: the tab's file (Save As when it has none or is read-only). A tab already saving is left alone. */
  save(tab: DocumentTab = this.ctx.tabs.active): void {
    if (!this.ctx.host || tab.saving) return;
    if (!tab.path || tab.readOnly) {
      this.saveAs(tab);
      return;
    }
    void this.run(tab, 'save', tab.path);
  }

  /** Save As: Electron's dialog, else the browser file dialog in the proposed folder (files/default-folder.ts). */
  saveAs(tab: DocumentTab = this.ctx.tabs.active): void {
    if (!this.ctx.host || tab.saving) return;
    if (this.ctx.hostKind === 'electron') {
      void this.run(tab, 'saveAs', undefined);
      return;
    }
    void this.proposeSaveAs(tab);
  }

  /**
   * Opens the browser Save As dialog for `tab`: the file's folder, else the
   * workspace folder that holds the ruleset's levels, else the root; the
   * name from the file (a "-copy") or the title.
   */
  private async proposeSaveAs(tab: DocumentTab): Promise<void> {
    const host = this.ctx.host!;
    const n = this.ctx.notices;
    let dir = '';
    if (tab.path) dir = folderOf(tab.path);
    else {
      const summary = await workspaceItems(host);
      const items = summary && 'items' in summary ? summary.items : null;
      const listed = items ? null : await host.list({});
      dir = defaultSaveFolder({ currentPath: null, ruleset: tab.st.doc.ruleset, items, files: listed?.ok ? listed.files : null });
    }
    if (n.dialog !== null) return; // another dialog opened meanwhile
    const name = tab.path ? basename(tab.path).replace(/\.level\.json$/, '') + '-copy' : slug(tab.st.doc.meta.title ?? '');
    n.dialog = { kind: 'save-as', path: `${dir ? `${dir}/` : ''}${name}.level.json`, tabId: tab.id };
  }

  /** The tab a dialog was opened for (its `tabId`), else the active one; null when that tab was closed since. */
  private tabOf(tabId: number | undefined): DocumentTab | null {
    if (tabId === undefined) return this.ctx.tabs.active;
    return this.ctx.tabs.byId(tabId) ?? null;
  }

  /**
   * OK in the browser Save As dialog (files/FileDialog.svelte, which already
   * checked that the folder exists and asked "Replace <name>?" when the file
   * does: `replaceOk`): checks the path, closes the dialog and saves the
   * dialog's tab as Save does (`run`: progress, Cancel and Esc in the message
   * strip, then the draft or conflict dialog when one is needed). Host errors
   * about the path (a missing folder, a file that appeared since, ...) open
   * the dialog again with the path kept and the error inline.
   */
  async confirmSaveAs(path: string, replaceOk = false): Promise<void> {
    const n = this.ctx.notices;
    const at = n.dialog?.kind === 'save-as' ? n.dialog.tabId : undefined;
    const tab = this.tabOf(at);
    const p = path.trim();
    const stay = (error?: string): void => {
      n.dialog = { kind: 'save-as', path, ...(at !== undefined ? { tabId: at } : {}), ...(error ? { error } : {}) };
    };
    if (!tab) return stay('The document of this dialog was closed.');
    if (!p.endsWith('.level.json') || p === '.level.json') return stay('The path must end in .level.json');
    if (p.startsWith('/') || p.startsWith('\\') || /^[A-Za-z]:/.test(p) || p.split(/[\\/]/).includes('..')) {
      return stay('Use a path relative to the workspace folder (no leading "/", no "..").');
    }
    if (!this.ctx.host) return;
    n.dialog = null;
    await this.run(tab, 'saveAs', p, { inDialog: true, replaceOk });
  }

  /** Conflict dialog: "Overwrite with mine" (the other version is kept as a backup by the host). */
  overwriteConflict(): void {
    const n = this.ctx.notices;
    const d = n.dialog;
    if (d?.kind !== 'conflict') return;
    n.dialog = null;
    const tab = this.tabOf(d.tabId);
    if (tab) void this.run(tab, d.method, d.path, { overwrite: true, allowDraft: d.allowDraft });
  }

  /** Conflict dialog: "Save As…" (keep both versions). */
  saveAsFromConflict(): void {
    const d = this.ctx.notices.dialog;
    this.ctx.notices.dialog = null;
    const tab = this.tabOf(d?.kind === 'conflict' ? d.tabId : undefined);
    if (tab) this.saveAs(tab);
  }

  /** Cancels the proof of the tab's running save (the draft dialog then offers a draft without a second solve). */
  cancelProof(tab: DocumentTab = this.ctx.tabs.active): void {
    if (tab.saving?.phase === 'proving') tab.saving.cancel();
  }

  /** Stops the tab's background proof (the file stays a draft). */
  stopBackground(tab: DocumentTab = this.ctx.tabs.active): void {
    const b = tab.background;
    if (!b) return;
    tab.background = null;
    b.cancel();
  }

  // ------------------------------------------------------------------ the save of one tab

  /** Proves (when needed, with progress and Cancel), then writes. Everything lands on `tab`. */
  private async run(tab: DocumentTab, method: Method, path: string | undefined, o: SaveOptions = {}): Promise<void> {
    if (tab.saving) return;
    // A new save replaces the proof still running for the last draft.
    this.stopBackground(tab);
    const doc = tab.st.doc;
    if (!o.allowDraft && needsProof(this.ctx.host, doc, safeHash(doc))) {
      const revision = tab.editor.revision;
      const started = performance.now();
      const last = { states: 0 };
      const job = startHostSolve(
        this.ctx.host as Parameters<typeof startHostSolve>[0],
        doc,
        (p) => {
          last.states = p.states;
          if (tab.saving?.phase === 'proving') tab.saving = { ...tab.saving, states: p.states, depth: p.depth };
        },
        { purpose: 'proof', ...SAVE_PROOF_CAPS },
      );
      tab.saving = { phase: 'proving', states: 0, depth: 0, started, cancel: () => job.cancel() };
      const outcome = await job.promise;
      tab.saving = null;
      if (!this.ctx.tabs.has(tab)) return;
      const failure = proofFailure(outcome, performance.now() - started, last);
      if (failure) {
        this.hooks.afterSave(tab);
        this.offerDraft(tab, method, path, { ...o, inDialog: false }, failure);
        return;
      }
      // Proved (the host remembers the proof and writes it at once), or the proof could
      // not tell (invalid, a host error): the host's save answers as it always did.
      await this.write(tab, method, path, o, outcome.kind === 'result' && outcome.result.status === 'solved' ? { doc, revision } : null);
      return;
    }
    await this.write(tab, method, path, o, null);
  }

  /**
   * Sends the document to the host's save pipeline. `fixed`: the document
   * (and its editor revision) that was proved, sent as it was proved; else
   * what the tab holds once an autosave on its way has landed. Failures keep
   * the document dirty: `conflict` opens the conflict dialog, draftable
   * failures the draft dialog, others the "Not saved" banner.
   */
  private async write(
    tab: DocumentTab,
    method: Method,
    path: string | undefined,
    o: SaveOptions,
    fixed: { doc: EditableLevel; revision: number } | null,
  ): Promise<void> {
    const n = this.ctx.notices;
    const allowDraft = o.allowDraft ?? false;
    const inDialog = o.inDialog ?? false;
    tab.saving = { phase: 'writing', draft: allowDraft, started: performance.now() };
    let r: SavedLevel | HostError;
    let sent = fixed?.doc ?? tab.st.doc;
    let sentRevision = fixed?.revision ?? tab.editor.revision;
    try {
      r = await this.hooks.whileSaving(tab, () => {
        if (!fixed) {
          // What the document is once an autosave on its way has landed is what this save sends.
          sent = tab.st.doc;
          sentRevision = tab.editor.revision;
        }
        return this.send(tab, method, path, o, sent);
      });
    } catch (e) {
      r = { ok: false, code: 'internal', message: String(e) };
    }
    tab.saving = null;
    if (!this.ctx.tabs.has(tab)) return;
    if (r.ok) {
      const d = n.dialog;
      if (d?.kind === 'conflict' && d.tabId === tab.id) n.dialog = null;
      this.adoptSaved(tab, r, sent, sentRevision);
      if (r.draft && o.background) this.proveInBackground(tab);
      this.closeIfAsked(tab);
      return;
    }
    // Not saved: the document stays dirty and keeps autosaving.
    tab.closeWhenSaved = false;
    this.hooks.afterSave(tab);
    if (r.code === 'cancelled') return;
    if (r.code === 'conflict') {
      if (inDialog && path !== undefined) {
        // The path appeared since the listing: ask "Replace?" as for a listed file.
        this.present(tab, { kind: 'save-as', path, tabId: tab.id, replace: basename(path) });
        return;
      }
      const at = path ?? tab.path;
      if (at) {
        this.present(tab, { kind: 'conflict', path: at, revision: r.revision ?? null, method, allowDraft, tabId: tab.id });
        return;
      }
    }
    if (DRAFT_CODES.has(r.code) && r.draftAllowed) {
      this.offerDraft(tab, method, path, { ...o, inDialog: false }, r);
      return;
    }
    if (inDialog && path !== undefined) {
      // The Save As dialog again (the typed path kept) with the error inline.
      const msg = displayMessage(r.message, path);
      const more = extraIssues(msg, r.issues).map((i) => i.message);
      this.present(tab, { kind: 'save-as', path, tabId: tab.id, error: [msg, ...more].join(' ') });
      return;
    }
    if (n.dialog?.kind === 'conflict' && n.dialog.tabId === tab.id) n.dialog = null;
    if (this.ctx.tabs.active !== tab) this.ctx.tabs.activate(tab);
    n.showError(r, path ?? tab.path, 'Not saved');
  }

  /** Shows a dialog that answers `tab`'s save: at once (bringing its tab forward), or after the dialog already open. */
  private present(tab: DocumentTab, d: NonNullable<Notices['dialog']>): void {
    this.ctx.notices.present(d, () => {
      if (this.ctx.tabs.has(tab) && this.ctx.tabs.active !== tab) this.ctx.tabs.activate(tab);
    });
  }

  /** The draft dialog for `failure`: "Save as draft" (no second solve), "Keep proving in the background" (limit or Cancel), "Don't save". */
  private offerDraft(tab: DocumentTab, method: Method, path: string | undefined, o: SaveOptions, failure: HostError): void {
    const n = this.ctx.notices;
    // "Close when saved" holds only if the user goes on to save the draft.
    const closing = tab.closeWhenSaved;
    tab.closeWhenSaved = false;
    const again = (background: boolean): void => {
      n.dialog = null;
      if (!this.ctx.tabs.has(tab)) return;
      tab.closeWhenSaved = closing;
      // A proof that gave up (or was cancelled) is not run again: the draft is written as is.
      void this.run(tab, method, path, { ...o, allowDraft: true, noProof: failure.code !== 'invalid', background });
    };
    const canGoOn = failure.code === 'limit' || failure.code === 'cancelled';
    this.present(tab, {
      kind: 'draft',
      failure,
      name: tab.label,
      tabId: tab.id,
      resend: () => again(false),
      ...(canGoOn && hasHostSolve(this.ctx.host) ? { background: () => again(true) } : {}),
    });
  }

  /** The host call of a save of `doc`, with the revision check of `method` and the options. */
  private send(tab: DocumentTab, method: Method, path: string | undefined, o: SaveOptions, doc: EditableLevel): Promise<SavedLevel | HostError> {
    const host = this.ctx.host!;
    const overwrite = o.overwrite || (method === 'saveAs' && (path === undefined || o.replaceOk));
    const check: { expectedRevision?: FileRevision | null; overwrite?: true } = overwrite
      ? { overwrite: true }
      : method === 'saveAs'
        ? { expectedRevision: null }
        : tab.baseRevision !== undefined
          ? { expectedRevision: tab.baseRevision }
          : {};
    const req = {
      document: doc,
      docId: tab.docId,
      ...check,
      ...(path !== undefined ? { path } : {}),
      ...(o.allowDraft ? { allowDraft: true } : {}),
      ...(o.allowDraft && o.noProof ? { noProof: true } : {}),
    };
    return method === 'save' ? host.save(req as typeof req & { path: string }) : host.saveAs(req);
  }

  private adoptSaved(tab: DocumentTab, r: SavedLevel, sent: EditableLevel, sentRevision: number): void {
    tab.path = r.path;
    tab.readOnly = false;
    this.ctx.tabs.remember();
    void noteFile(this.ctx.host, r.path);
    if (this.ctx.tabs.active === tab) this.ctx.notices.banner = null;
    // The file now holds what was sent: the next save checks against this revision.
    tab.baseRevision = r.revision;
    this.hooks.saved(tab);
    try {
      this.adoptSavedDoc(tab, r, sent, sentRevision);
    } finally {
      this.hooks.afterSave(tab);
    }
  }

  private adoptSavedDoc(tab: DocumentTab, r: SavedLevel, sent: EditableLevel, sentRevision: number): void {
    const { editor } = tab;
    const n = this.ctx.notices;
    tab.saveWarnings = (r.issues ?? []).filter((i) => i.severity === 'warning');
    if (tab.st.doc !== sent) {
      // The user kept editing while the host proved and wrote the file: keep those
      // edits; only the state that was sent counts as saved.
      editor.markSavedAt(sentRevision);
      n.flash(`Saved ${basename(r.path)} (changes made while saving are not saved yet)`);
      return;
    }
    const doc = r.document;
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

  /** The tab was asked to close once saved ("Close when saved", or Save in the close question): close it when clean. */
  private closeIfAsked(tab: DocumentTab): void {
    if (!tab.closeWhenSaved) return;
    tab.closeWhenSaved = false;
    if (!tab.st.dirty && !tab.saving) this.ctx.tabs.remove(tab);
  }

  // ------------------------------------------------------------------ keep proving in the background

  /**
   * After a draft save: proves the tab's document with the long caps; when
   * it solves and the tab still holds a document of that levelHash (and no
   * other save runs), saves again with the tab's revision, so the file is
   * upgraded to proved. A failure only says so.
   */
  private proveInBackground(tab: DocumentTab): void {
    const host = this.ctx.host;
    const doc = tab.st.doc;
    const hash = safeHash(doc);
    if (!hasHostSolve(host) || hash === null) return;
    this.stopBackground(tab);
    const job = startHostSolve(
      host,
      doc,
      (p) => {
        if (tab.background && tab.background.hash === hash) tab.background = { ...tab.background, states: p.states, depth: p.depth };
      },
      { purpose: 'proof', ...BACKGROUND_PROOF_CAPS },
    );
    const mine = { hash, states: 0, depth: 0, started: performance.now(), cancel: () => job.cancel() };
    tab.background = mine;
    const name = (): string => tab.label;
    void job.promise.then((o) => {
      if (tab.background?.started !== mine.started) return;
      tab.background = null;
      if (!this.ctx.tabs.has(tab)) return;
      const n = this.ctx.notices;
      if (o.kind === 'cancelled') return;
      if (o.kind !== 'result' || o.result.status !== 'solved') {
        const why =
          o.kind === 'error'
            ? o.message
            : o.result.status === 'limit'
              ? 'the solver reached its limit'
              : o.result.status === 'unsolvable'
                ? 'the level has no solution'
                : 'it could not be proved';
        n.flash(`Background proof of ${name()} ended without a proof (${why}): the file stays a draft`);
        return;
      }
      if (safeHash(tab.st.doc) !== hash || tab.saving || !tab.path) {
        n.flash(`Background proof of ${name()} found a ${o.result.length}-move solution, but the level changed since: save to prove it again`);
        return;
      }
      n.flash(`Background proof of ${name()} solved it: saving the proof`);
      void this.write(tab, 'save', tab.path, {}, null);
    });
  }
}
