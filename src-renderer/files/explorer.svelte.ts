/**
 * The project explorer's state (runes): open or closed (remembered in
 * localStorage), the workspace summary (`workspaceSummary`) it lists, the
 * filter text, the collapsed folders, and the thumbnails (thumbnails.ts).
 * The summary is read when the explorer opens, after every save
 * (`refresh`, called by the application's saved hook) and every
 * `EXPLORER_POLL_MS` while it is open and the page is visible (files changed
 * by other programs). Opening a level goes through the document session; a
 * pack opens in the pack manager.
 */
import { FOLDERS_CHANGED_ACTION, OPEN_FOLDER_ACTION, type HostApi } from '../../src-shared/host/contract.js';
import type { WorkspaceItem } from '../../src-shared/host/files-contract.js';
import type { DocumentSession } from '../app/document-session.svelte.js';
import type { Action } from '../editor/actions.js';
import type { HostKind } from '../host/index.js';
import { workspaceItems } from './folder-source.js';
import { ThumbnailCache } from './thumbnails.js';

/** localStorage key of the open / closed state ("1" / "0"). */
export const EXPLORER_OPEN_KEY = 'castellan.explorer.open';
/** How often the open explorer reads the summary again, ms. */
export const EXPLORER_POLL_MS = 8000;

/** What the explorer reads of the application. */
export interface ExplorerContext {
  readonly host: HostApi | null;
  readonly session: Pick<DocumentSession, 'path' | 'openPath'>;
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
  truncated = $state(false);
  /** The summary could not be read (the message), or the host does not answer it. */
  error: string | null = $state(null);
  unsupported = $state(false);
  filter = $state('');
  collapsed: ReadonlySet<string> = $state.raw(new Set());
  readonly thumbs: ThumbnailCache;
  private timer: ReturnType<typeof setInterval> | undefined;
  private reading: Promise<void> | null = null;

  constructor(private readonly app: ExplorerContext) {
    this.thumbs = new ThumbnailCache(() => this.app.host);
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

  /** Reads the summary again (one read at a time; a call during a read waits for it). */
  refresh(): Promise<void> {
    if (!this.open || !this.app.host) return Promise.resolve();
    if (this.reading) return this.reading;
    this.reading = (async () => {
      try {
        const r = await workspaceItems(this.app.host);
        if (r === null) {
          this.unsupported = true;
          this.items = [];
        } else if ('error' in r) this.error = r.error;
        else {
          this.error = null;
          this.unsupported = false;
          this.items = r.items;
          this.truncated = r.truncated;
        }
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  /** Starts the polling (while open and the page is visible); answers the stop. */
  attach(win: Window): () => void {
    this.timer = setInterval(() => {
      if (this.open && win.document.visibilityState === 'visible') void this.refresh();
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
