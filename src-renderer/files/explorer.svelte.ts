/**
 * The project explorer's state (runes): open or closed (remembered in
 * localStorage), the workspace summary (`workspaceSummary`) it lists, the
 * filter text, the collapsed folders, and the thumbnails (thumbnails.ts).
 * The summary is read a page at a time (folder-source.ts `readSummary`,
 * every item up to WORKSPACE_SUMMARY_MAX: a workspace of 20,000 files is
 * listed whole, Explorer.svelte keeps only the rows on screen in the page).
 * The filter searches in the host: a moment after the text changes
 * (`FILTER_DELAY_MS`) the host answers every match in the workspace, not
 * only among the items listed; meanwhile the listed items are narrowed at
 * once. The summary is read when the explorer opens, after every save
 * (`refresh`, called by the application's saved hook) and every
 * `EXPLORER_POLL_MS` (longer when a reading took long) while it is open and
 * the page is visible (files changed by other programs). Opening a level
 * goes through the document session; a pack opens in the pack manager.
 */
import { FOLDERS_CHANGED_ACTION, OPEN_FOLDER_ACTION, type HostApi } from '../../src-shared/host/contract.js';
import type { WorkspaceItem } from '../../src-shared/host/files-contract.js';
import type { Action } from '../editor/actions.js';
import type { HostKind } from '../host/index.js';
import { readSummary } from './folder-source.js';
import { ThumbnailCache } from './thumbnails.js';

/** localStorage key of the open / closed state ("1" / "0"). */
export const EXPLORER_OPEN_KEY = 'castellan.explorer.open';
/** How often the open explorer reads the summary again, ms (at least ten times as long as the last reading took). */
export const EXPLORER_POLL_MS = 8000;
/** How long after the last change of the filter text the host is asked, ms. */
export const FILTER_DELAY_MS = 200;

/** What the explorer reads of the application. */
export interface ExplorerContext {
  readonly host: HostApi | null;
  /** The document session: the active tab's path, and opening a path in a tab (answers whether it opened). */
  readonly session: { readonly path: string | null; openPath(path: string): Promise<boolean> };
  /** The pack manager (a pack opens there). */
  readonly packs: { show(): void; openPack(path: string): Promise<boolean> };
}

function store(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

export class ProjectExplorer {
  open = $state(store()?.getItem(EXPLORER_OPEN_KEY) === '1');
  items: WorkspaceItem[] | null = $state.raw(null);
  /** Items matching the query the host answered for (all of the workspace when it was blank). */
  total = $state(0);
  /** The host stopped reading at WORKSPACE_SUMMARY_MAX files: the list is not the whole workspace. */
  capped = $state(false);
  /** The query of `items` (the filter text when the host answered). */
  query = $state('');
  /** A reading is under way. */
  loading = $state(false);
  /** The summary could not be read (the message), or the host does not answer it. */
  error: string | null = $state(null);
  unsupported = $state(false);
  private filterText = $state('');
  collapsed: ReadonlySet<string> = $state.raw(new Set());
  readonly thumbs: ThumbnailCache;
  private timer: ReturnType<typeof setInterval> | undefined;
  private filterTimer: ReturnType<typeof setTimeout> | undefined;
  private reading: Promise<void> | null = null;
  /** Set when the query changed during a reading: read again when it ends. */
  private again = false;
  private lastRead = { at: 0, ms: 0 };

  constructor(private readonly app: ExplorerContext) {
    this.thumbs = new ThumbnailCache(() => this.app.host);
  }

  /** The filter text; a change asks the host for the matches a moment later (FILTER_DELAY_MS). */
  get filter(): string {
    return this.filterText;
  }

  set filter(text: string) {
    this.filterText = text;
    clearTimeout(this.filterTimer);
    if (text.trim() === this.query) return;
    this.filterTimer = setTimeout(() => void this.refresh(), FILTER_DELAY_MS);
  }

  /** More items match than are listed (the host's walk cap). */
  get truncated(): boolean {
    return this.capped || (this.items !== null && this.items.length < this.total);
  }

  /** Shows or hides the sidebar (View > Explorer, Ctrl+B); remembered for the next start. */
  toggle(): void {
    this.setOpen(!this.open);
  }

  setOpen(open: boolean): void {
    this.open = open;
    try {
      store()?.setItem(EXPLORER_OPEN_KEY, open ? '1' : '0');
    } catch {
      /* not remembered */
    }
    if (open) void this.refresh();
  }

  /**
   * Reads the summary of the current filter text again, every page (one
   * reading at a time; a call during a reading waits for it, and a filter
   * changed meanwhile is read right after).
   */
  refresh(): Promise<void> {
    if (!this.open || !this.app.host) return Promise.resolve();
    if (this.reading) {
      if (this.filterText.trim() !== this.query) this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      this.loading = true;
      const t0 = performance.now();
      try {
        do {
          this.again = false;
          const query = this.filterText.trim();
          const stale = (): boolean => this.filterText.trim() !== query;
          const show = (r: { items: WorkspaceItem[]; total: number; capped: boolean }): void => {
            this.error = null;
            this.unsupported = false;
            this.items = r.items;
            this.total = r.total;
            this.capped = r.capped;
            this.query = query;
          };
          const first = this.items === null || this.query !== query;
          const r = await readSummary(this.app.host, query, { stale, ...(first ? { onPage: show } : {}) });
          if (r === null) {
            this.unsupported = true;
            this.items = [];
          } else if ('error' in r) this.error = r.error;
          else if (!stale()) show(r);
          else this.again = true;
        } while (this.again && this.open);
      } finally {
        this.loading = false;
        this.lastRead = { at: performance.now(), ms: performance.now() - t0 };
        this.reading = null;
      }
    })();
    return this.reading;
  }

  /** Starts the polling (while open and the page is visible); answers the stop. */
  attach(win: Window): () => void {
    this.timer = setInterval(() => {
      // A big workspace is read less often: at least ten times as long as its last reading took.
      const due = performance.now() - this.lastRead.at >= Math.max(EXPLORER_POLL_MS, 10 * this.lastRead.ms) - 50;
      if (this.open && due && win.document.visibilityState === 'visible') void this.refresh();
    }, EXPLORER_POLL_MS);
    return () => clearInterval(this.timer);
  }

  toggleFolder(folder: string): void {
    const next = new Set(this.collapsed);
    if (next.has(folder)) next.delete(folder);
    else next.add(folder);
    this.collapsed = next;
  }

  /** Opens an item: a level in a tab (the tab that has it comes forward; nothing is replaced), a pack in the pack manager. */
  activate(item: WorkspaceItem): void {
    if (item.kind === 'pack') {
      this.app.packs.show();
      void this.app.packs.openPack(item.path);
      return;
    }
    if (item.path === this.app.session.path) return;
    void this.app.session.openPath(item.path);
  }
}

/**
 * The View menu's Explorer toggle (Ctrl+B); in Electron File > "Open
 * Folder…" (`OPEN_FOLDER_ACTION`: the host runs the click itself, a native
 * folder dialog that grants the folder) and the host's answer
 * `FOLDERS_CHANGED_ACTION` (not in a menu), which reloads the explorer.
 */
export function explorerActions(x: ProjectExplorer, hostKind: () => HostKind | null): Action[] {
  return [
    {
      id: OPEN_FOLDER_ACTION,
      label: 'Open Folder…',
      menu: 'file',
      menuGroup: 1,
      description: 'Add a folder to the explorer (its levels and packs can then be opened and saved)',
      visible: () => hostKind() === 'electron',
      enabled: () => hostKind() === 'electron',
      // Electron's host answers the menu click itself (files-contract.ts); nothing to do here.
      run: () => {},
    },
    {
      id: FOLDERS_CHANGED_ACTION,
      label: 'Reload the explorer',
      visible: () => false,
      run: () => {
        if (x.open) void x.refresh();
        else x.setOpen(true);
      },
    },
    {
      id: 'toggle-explorer',
      label: 'Explorer',
      menu: 'view',
      menuGroup: 5,
      shortcuts: ['Mod+B'],
      description: 'Show or hide the project explorer: the workspace’s levels and packs with their proof status',
      checked: () => x.open,
      run: () => x.toggle(),
    },
  ];
}
