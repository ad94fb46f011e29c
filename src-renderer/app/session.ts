/**
 * The renderer side of the desktop session: recent files
 * and the last session over the host's session methods
 * (src-shared/host/session-contract.ts), and files the OS asks to open
 * (`HostEvents.onOpenFile`: file associations, a second launch, a dock
 * drop). Hosts without the methods (the dev mock host) are skipped: every
 * function here is best effort and never throws.
 *
 * The document session (document-session.svelte.ts) calls `noteFile` after
 * a file was opened or saved, and `lastSession` at start (after a reload's
 * own remembered tabs, before the host's initial file). The tab bar
 * (tabs.svelte.ts) records the open tabs with `noteTabs` whenever they
 * change, so a new window, a restart or a new browser tab reopens them all.
 */
import type { HostApi, ListedFile, SessionTabState } from '../../src-shared/host/contract.js';
import { hostEvents } from '../host/events.js';

/** The last `noteFile` still on its way (reads wait for it, so a list shows the file just opened). */
let noting: Promise<void> = Promise.resolve();

/** Records `path` as the most recent file and as the session's open file. */
export function noteFile(host: HostApi | null, path: string): Promise<void> {
  if (!host) return Promise.resolve();
  const run = noting.then(async () => {
    try {
      await Promise.all([host.recentAdd?.({ path }), host.sessionSet?.({ lastFile: path })]);
    } catch {
      /* best effort: the session is a convenience */
    }
  });
  noting = run;
  return run;
}

/** The open tabs as recorded with the host: in tab order, `active` the index of the active one. */
export interface HostTabMemory {
  tabs: SessionTabState[];
  active: number;
}

/** The tab memory waiting for its turn to be sent (a newer one replaces it: only the latest matters). */
let tabsWaiting: { host: HostApi; mem: { tabs: { path: string | null; docId: string }[]; active: number } } | null = null;

/**
 * Records the open tabs (paths and autosave ids, in tab order, `active` the
 * index of the active one) with the host, and the active tab's file as the
 * session's file (null: the active tab has no file). Calls run in the order
 * made (after any `noteFile` on its way); while one waits for its turn, a
 * newer call replaces it (Ctrl+Tab held down sends the last state once).
 * Best effort: never throws.
 */
export function noteTabs(host: HostApi | null, mem: { tabs: { path: string | null; docId: string }[]; active: number }): Promise<void> {
  if (!host?.sessionSet) return Promise.resolve();
  const queued = tabsWaiting !== null;
  tabsWaiting = { host, mem };
  if (queued) return noting;
  const run = noting.then(async () => {
    const w = tabsWaiting!;
    tabsWaiting = null;
    const tabs = w.mem.tabs.filter((t) => /^[A-Za-z0-9_-]{1,64}$/.test(t.docId)).map((t) => ({ path: t.path, docId: t.docId }));
    const activeTab = Math.max(0, Math.min(w.mem.active, tabs.length - 1));
    const lastFile = w.mem.tabs[w.mem.active]?.path ?? null;
    try {
      await w.host.sessionSet!({ lastFile, tabs, ...(tabs.length ? { activeTab } : {}) });
    } catch {
      /* best effort: the session is a convenience */
    }
  });
  noting = run;
  return run;
}

/**
 * The last session as the host keeps it: its file (null: none, or gone)
 * and its tabs (null: none recorded; a tab whose file is gone has
 * `missing`). Never throws.
 */
export async function lastSession(host: HostApi | null): Promise<{ lastFile: string | null; tabs: HostTabMemory | null }> {
  if (!host?.sessionGet) return { lastFile: null, tabs: null };
  try {
    await noting;
    const r = await host.sessionGet({});
    if (!r.ok) return { lastFile: null, tabs: null };
    const tabs = r.tabs?.length ? { tabs: r.tabs, active: Math.max(0, Math.min(r.activeTab ?? 0, r.tabs.length - 1)) } : null;
    return { lastFile: r.lastFile ?? null, tabs };
  } catch {
    return { lastFile: null, tabs: null };
  }
}

/** The file that was open when the last session ended (null: none, or it no longer exists). */
export async function lastSessionFile(host: HostApi | null): Promise<string | null> {
  if (!host?.sessionGet) return null;
  try {
    const r = await host.sessionGet({});
    return r.ok && r.lastFile !== undefined ? r.lastFile : null;
  } catch {
    return null;
  }
}

/** The recent files, most recent first ([] when the host keeps none). */
export async function recentFiles(host: HostApi | null): Promise<ListedFile[]> {
  if (!host?.recentList) return [];
  try {
    await noting;
    const r = await host.recentList({});
    return r.ok ? r.files : [];
  } catch {
    return [];
  }
}

/** Empties the recent list. */
export async function clearRecentFiles(host: HostApi | null): Promise<void> {
  try {
    await host?.recentClear?.({});
  } catch {
    /* best effort */
  }
}

/** What `watchOpenFileRequests` needs of the application (the document session satisfies it). */
export interface OpenTarget {
  openPath(path: string): Promise<boolean>;
}

/**
 * Opens the files the OS asks for (Electron `HostEvents.onOpenFile`) in a
 * tab (the tab that has the file already comes forward); a pack opens in the
 * pack manager. Nothing is replaced, so nothing is asked. Answers the
 * unsubscribe function (a no-op without host events).
 */
export function watchOpenFileRequests(app: OpenTarget, win: unknown = globalThis): () => void {
  const ev = hostEvents(win);
  if (!ev) return () => {};
  return ev.onOpenFile((path) => void app.openPath(path));
}

/** What `openRecentDialog` needs of the application (the host and the dialog). */
export interface RecentDialogTarget {
  host: HostApi | null;
  dialog: unknown;
}

/**
 * "Open Recent…" (action `open-recent`): the in-app Open dialog, whose
 * Recent files section lists the recent files, above the browser file
 * dialog (serve: the workspace; Electron: the granted folders). Electron's plain Open shows
 * the system dialog instead, so this is how recent files are reached there.
 * The chosen file opens in a tab.
 */
export function openRecentDialog(app: RecentDialogTarget): void {
  if (!app.host) return;
  app.dialog = { kind: 'open', dir: '' };
}
