/**
 * The renderer side of the desktop session: recent files
 * and the last session over the host's session methods
 * (src-shared/host/session-contract.ts), and files the OS asks to open
 * (`HostEvents.onOpenFile`: file associations, a second launch, a dock
 * drop). Hosts without the methods (the dev mock host) are skipped: every
 * function here is best effort and never throws.
 *
 * The document session (document-session.svelte.ts) calls `noteFile` after
 * a file was opened or saved, and `lastSessionFile` at start (after a
 * reload's own remembered file, before the host's initial file).
 */
import type { HostApi, ListedFile } from '../../src-shared/host/contract.js';
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
