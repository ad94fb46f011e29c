/**
 * Host session methods (the desktop session): the native menu, recent files, last
 * session. Every method is optional in `HostApi` (the dev mock host may not
 * implement them).
 *
 * - `menuSet {menus}`: the Electron host builds the native application menu
 *   from it (menu.ts) and answers `native: true`; the serve host answers
 *   `native: false` (the renderer then draws its in-app menu bar).
 * - `recentList {}`: the recent files, most recent first (at most 10);
 *   files that no longer exist (or the host no longer accepts) are pruned.
 * - `recentAdd {path}`: records a file that was just opened or saved (it must
 *   be a path the host accepts and exist); answers the new list.
 * - `recentClear {}`: empties the list.
 * - `sessionGet {}`: the last session (`lastFile`: the file that was open,
 *   absent when none or when it no longer exists).
 * - `sessionSet {lastFile}`: records the open file (`null`: none, e.g. an
 *   unsaved new document).
 *
 * Paths are host paths as `open` takes them (serve: workspace-relative;
 * Electron: absolute). The state lives in one JSON file (Electron:
 * `<userData>/session.json`; serve: `<workspace>/.castellan/session.json`).
 */
import type { HostError, ListedFile } from './base.js';
import type { MenuSpec } from './menu.js';

export const SESSION_HOST_METHODS = ['menuSet', 'recentList', 'recentAdd', 'recentClear', 'sessionGet', 'sessionSet'] as const;
export type SessionHostMethod = (typeof SESSION_HOST_METHODS)[number];

export interface SessionHostRequests {
  menuSet: { menus: MenuSpec[] };
  recentList: Record<string, never>;
  recentAdd: { path: string };
  recentClear: Record<string, never>;
  sessionGet: Record<string, never>;
  sessionSet: { lastFile: string | null };
}

/** The recent files, most recent first (`name`: the file name for display). */
export interface RecentFiles {
  ok: true;
  files: ListedFile[];
}

export interface SessionHostResponses {
  menuSet: { ok: true; native: boolean } | HostError;
  recentList: RecentFiles | HostError;
  recentAdd: RecentFiles | HostError;
  recentClear: { ok: true } | HostError;
  sessionGet: { ok: true; lastFile?: string } | HostError;
  sessionSet: { ok: true } | HostError;
}

/**
 * Electron only: what the preload exposes as `window.castellanFiles` for
 * opening a dropped file. `pathForFile(file)` answers the dropped `File`'s
 * absolute path (Electron `webUtils.getPathForFile`; "" when it has none)
 * and grants it, so `open` accepts it.
 */
export interface HostFileBridge {
  pathForFile(file: unknown): Promise<string>;
}
