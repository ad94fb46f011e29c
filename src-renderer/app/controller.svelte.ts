/**
 * The application's composition root: creates the open documents (`tabs`,
 * tabs.svelte.ts: one DocumentTab with its own headless Editor per tab) and
 * the parts of the application around them, connects the host at start,
 * and wires the parts' events. `editor` and `st` answer for the active tab,
 * so the parts that show and edit the document keep reading them here. Each
 * part is one concept with a narrow context type (it never sees this class):
 *
 * - `notices`  (notices.svelte.ts): banner, status-bar notice, busy label, the dialog
 * - `session`  (document-session.svelte.ts): the tabs' files, New / Open / Close, the dirty guard
 * - `saver`    (document-save.svelte.ts): Save / Save As of a tab, its proof with progress, drafts
 * - `recovery` (recovery.svelte.ts): autosave of every tab, changed on disk, recovery and versions
 * - `solver`   (solve-controller.svelte.ts): Solve, the solution preview, the live badge
 * - `player`   (play-controller.svelte.ts): playtest and play against the engine
 * - `board`    (board-view.svelte.ts): where the board is on screen
 * - `packs`    (pack/pack-manager.svelte.ts): the pack manager
 * - `explorer` (files/explorer.svelte.ts): the project explorer sidebar
 * - the actions of each menu (actions/*.ts, ruleset-actions.ts,
 *   editor/canvas-actions.ts, pack/pack-actions.ts) in one registry.
 *
 * The active Editor's snapshot `st` and what derives from it (validation,
 * level hash, the ruleset modules) live here, read by every part as runes
 * state. Every document change still goes through its tab's Editor.
 */
import type { HostApi, StartupInfo } from '../../src-shared/host/contract.js';
import type { RulesetDef } from '../../src-shared/ruleset.js';
import { rulesetOf, validateDocumentParts } from '../../src-shared/rulesets/index.js';
import { hasErrors, type Issue } from '../../src-shared/validation/issue.js';
import { goalIssues, proofIssues } from '../../src-shared/rulesets/proof-checks.js';
import { ActionRegistry } from '../editor/actions.js';
import { canvasActions } from '../editor/canvas-actions.js';
import type { EditableLevel, EditableRuleset } from '../editor/default-doc.js';
import type { Editor, EditorState } from '../editor/editor.js';
import { connectHost, type HostKind } from '../host/index.js';
import { explorerActions, ProjectExplorer } from '../files/explorer.svelte.js';
import { packActions } from '../pack/pack-actions.js';
import { PackManager } from '../pack/pack-manager.svelte.js';
import { editingModule } from '../rulesets/index.js';
import type { NoticeDetail, RulesetUi } from '../rulesets/ruleset-ui.js';
import { editActions } from './actions/edit.js';
import { fileActions } from './actions/file.js';
import { handleKey, keyActions } from './actions/keys.js';
import { levelActions } from './actions/level.js';
import { openLevelText, shareActions } from './actions/share.js';
import { BoardView } from './board-view.svelte.js';
import { canvas } from './canvas.svelte.js';
import { DocumentSaver } from './document-save.svelte.js';
import { DocumentSession } from './document-session.svelte.js';
import type { DocumentTab } from './document-tab.svelte.js';
import { attachFileDrop, type DropFailure, type DropTarget } from './file-drop.js';
import { Notices } from '../shell/notices.svelte.js';
import { PlayController } from './play-controller.svelte.js';
import { Recovery } from './recovery.svelte.js';
import { rulesetActions } from './ruleset-actions.js';
import { noteTabs, watchOpenFileRequests } from './session.js';
import { safeHash, SolveController } from './solve-controller.svelte.js';
import { Tabs } from './tabs.svelte.js';

export class AppController {
  readonly actions = new ActionRegistry();
  /** The open documents (the tab bar); `active` is the one being edited. */
  readonly tabs: Tabs = new Tabs({
    created: (tab) => this.watch(tab),
    leaving: (from) => this.leaving(from),
    entered: (tab) => this.entered(tab),
    removed: () => undefined,
    remembered: (mem) => void noteTabs(this.host, mem),
  });

  /** The active tab's Editor. */
  get editor(): Editor<EditableLevel> {
    return this.tabs.active.editor;
  }

  /** Snapshot of the active tab's editor, replaced on every change. */
  get st(): EditorState {
    return this.tabs.active.st;
  }

  host: HostApi | null = $state.raw(null);
  hostKind: HostKind | null = $state(null);
  info: StartupInfo | null = $state.raw(null);
  /** True once startup finished (initial file opened or failed): e2e waits on data-ready. */
  ready = $state(false);
  /** Esc handlers of panels over the editor (e.g. the pack manager); one answering true took the key. */
  readonly escapeHandlers = new Set<() => boolean>();
  readonly isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

  /**
   * Live validation of the edited document: the schema, then the ruleset's
   * builder rules, then the proof checks (rulesets/proof-checks.ts
   * `proofIssues`: the par, UK-7; a "win / mate in N" problem's soundness,
   * P-1) against the live proof once it is in for the current content, else
   * against the stored proof when current (a stale stored solution says so);
   * a two-player position without a goal gets `goalIssues`' note.
   */
  validation = $derived.by((): Issue[] => {
    const doc = this.st.doc;
    const parts = validateDocumentParts(doc);
    if (!parts.level) return parts.rules;
    // A two-player position without a goal says so (Solve needs one), never "No problems".
    const rules = [...parts.rules, ...goalIssues(parts.level, rulesetOf(parts.level))];
    const facts = this.solver.liveFacts;
    if (!facts) return [...rules, ...parts.stored];
    const stale = parts.stored.filter((i) => i.code === 'solution-stale');
    return [...rules, ...stale, ...proofIssues(parts.level, facts, rulesetOf(parts.level))];
  });
  /** levelHash of the edited document (null when it cannot be hashed). */
  currentHash = $derived.by(() => safeHash(this.st.doc));
  /** The document's ruleset, its editing module (tools, toggles, components) and its core module (names, limits, wording). */
  ruleset: EditableRuleset = $derived(this.st.doc.ruleset);
  ui: RulesetUi = $derived(editingModule(this.st.doc));
  rs: RulesetDef = $derived(this.ui.def);

  readonly notices = new Notices();
  /** The canvas view state (zoom, region, paste): the module singleton, so the clipboard outlives a tab. */
  readonly canvas = canvas;
  readonly board = new BoardView();
  readonly solver: SolveController = new SolveController(this);
  readonly player: PlayController = new PlayController(this);
  readonly saver: DocumentSaver = new DocumentSaver(this, {
    whileSaving: (tab, send) => this.recovery.whileSaving(tab, send),
    saved: (tab) => {
      this.recovery.saved(tab);
      void this.explorer.refresh();
    },
    afterSave: (tab) => this.recovery.afterSave(tab),
  });
  readonly session: DocumentSession = new DocumentSession(this, this.saver, {
    replacing: (tab, keptDocId) => {
      if (tab === this.tabs.active) {
        this.player.exitPlaytest();
        this.solver.cancelSolve();
      }
      this.recovery.replacing(tab, keptDocId);
    },
    replaced: (tab) => {
      if (tab === this.tabs.active) this.solver.reset();
    },
    discarding: (tab) => this.recovery.discarding(tab),
    restoredAutosave: (tab) => this.recovery.adoptedAutosave(tab),
    openPack: (path) => {
      this.packs.show();
      return this.packs.openPack(path);
    },
    openElsewhere: () => this.recovery.openElsewhere(),
  });
  readonly recovery: Recovery = new Recovery(this);
  readonly packs: PackManager = new PackManager(this);
  readonly explorer: ProjectExplorer = new ProjectExplorer(this);

  constructor() {
    this.registerActions();
  }

  /** Follows a new tab's editor: autosave, and (while it is the active tab) the preview, the live badge and its notices. */
  private watch(tab: DocumentTab): void {
    let prev = tab.editor.state;
    tab.editor.subscribe((s) => {
      const before = prev;
      prev = s;
      const active = this.tabs?.active === tab;
      if (active && s.preview) this.solver.previewShown();
      if (s.docVersion !== before.docVersion || s.dirty !== before.dirty) this.recovery.documentChanged(tab, s);
      if (active && s.docVersion !== before.docVersion) this.solver.liveRequest();
    });
    tab.editor.onNotice((t, detail) => {
      if (this.tabs?.active === tab) this.notices.flash(t, detail);
    });
  }

  /** Leaving `from` for another tab: the playtest ends, the running solve stops, its board view is kept for its return. */
  private leaving(from: DocumentTab): void {
    this.player.exitPlaytest();
    this.solver.cancelSolve();
    from.editor.exitPreview();
    from.view = canvas.view;
    canvas.region = null;
    canvas.pending = null;
  }

  /** `tab` is active: its board view comes back, the solve panel starts empty and the live badge solves its document. */
  private entered(tab: DocumentTab): void {
    canvas.view = tab.view;
    this.solver.reset();
    this.notices.banner = null;
    this.solver.liveRequest(true);
  }

  private registerActions(): void {
    const app = this;
    this.actions.register(
      ...fileActions(this),
      ...editActions(this),
      ...levelActions(this),
      ...keyActions(this),
      ...rulesetActions({
        get editor() {
          return app.editor;
        },
        get ui() {
          return app.ui;
        },
        get play() {
          return app.player.play;
        },
      }),
      ...canvasActions(this),
      ...shareActions(this),
      ...packActions(this.packs),
      ...explorerActions(this.explorer, () => this.hostKind),
    );
  }

  // ------------------------------------------------------------------ startup

  /** Connects the host, opens the document to edit (see `DocumentSession.reopen`) and offers unsaved work of earlier sessions. */
  async start(): Promise<void> {
    try {
      await this.startInner();
    } finally {
      if (this.solver.live.kind === 'idle') this.solver.liveRequest();
      this.ready = true;
    }
  }

  private async startInner(): Promise<void> {
    try {
      const { api, kind } = await connectHost();
      this.host = api;
      this.hostKind = kind;
    } catch (e) {
      this.notices.showError({ code: 'internal', message: `Cannot connect to the host: ${String(e)}` });
      return;
    }
    const r = await this.host.startup({});
    if (!r.ok) {
      this.notices.showError(r);
      return;
    }
    this.info = r.info;
    this.recovery.startPresence();
    void this.explorer.refresh();
    await this.session.reopen(r.info);
    // Work an earlier session did not save (a crash, a kill, a closed tab): offer it.
    await this.recovery.offerRecovery();
  }

  /**
   * Wires the window: autosave and changed-on-disk polling (Recovery.attach),
   * file drops (file-drop.ts) and files the OS asks to open (session.ts).
   * Answers the cleanup.
   */
  attach(win: Window = window): () => void {
    const s = this.session;
    const drop: DropTarget = {
      openDroppedPath: async (path) => {
        let why: DropFailure | null = null;
        const ok = await s.openPath(path, { quiet: true, failed: (e) => (why = e) });
        return ok ? null : (why ?? { code: 'internal', message: `${path} could not be opened.` });
      },
      openUnsaved: (doc: EditableLevel) => s.openUnsaved(doc),
      showError: (e, title) => this.notices.showError(e, null, title),
    };
    const detach = [this.recovery.attach(win), attachFileDrop(win, drop), watchOpenFileRequests(s, win), this.explorer.attach(win)];
    return () => detach.forEach((f) => f());
  }

  /** Global keydown (actions/keys.ts). */
  handleKey(ev: KeyboardEvent): void {
    handleKey(this, ev);
  }

  // ------------------------------------------------------------------ what ruleset components read (UiContext)

  /** A paste of a level code, board text or collection (actions/share.ts `openLevelText`); false for other text. */
  pasteText(text: string): boolean {
    return openLevelText(this, text);
  }

  /** Shows a short notice in the status bar (with `detail`, also as the board's toast). */
  flash(text: string, detail?: NoticeDetail): void {
    this.notices.flash(text, detail);
  }

  /** The bare-key shortcut of a tool in the current ruleset ('' when the tool is not offered). */
  toolKey(t: string): string {
    return this.ui.tools.find((x) => x.id === t)?.key ?? '';
  }

  /** Issues as a list with the squares each one highlights. */
  issueSquares(i: Issue): string[] {
    return i.squares ?? (i.square ? [i.square] : []);
  }

  get hasErrors(): boolean {
    return hasErrors(this.validation);
  }
}
