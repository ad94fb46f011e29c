/**
 * Workspace file methods: what the browser editor's own file dialogs
 * (Open, Save As, pack export, render) and the project explorer need. The
 * serve host answers them inside its workspace (workspace-relative paths,
 * the same confinement as `open`/`save`: no `..`, no absolute paths, no
 * links out); the Electron host answers them inside the folders the user
 * granted (the samples folder, folders of files opened or saved through its
 * native dialogs, folders added with "Open Folder…").
 *
 * - `browse {dir?}`: one folder's entries, folders first then files, each
 *   sorted by name (case-insensitive). `dir` omitted or `""`: the workspace
 *   root (Electron: the list of granted folders as `folder` entries).
 *   Hidden entries (name starting with ".") and the host's own folders
 *   (backups, recovery) are left out. `not-found` for a missing folder.
 * - `makeFolder {path}`: creates one new folder (its parent must exist);
 *   `conflict` when something of that name exists; `bad-request` for an
 *   empty or illegal name (`/`, `\`, control characters, `.`/`..`).
 * - `workspaceSummary {query?, offset?, limit?}`: the levels and packs of
 *   the workspace with what the explorer shows (ruleset, title, proof
 *   status, read-only), read from the files only (no solving; the
 *   stored-status rules of `packOpen`), sorted by path. `query` (at most
 *   WORKSPACE_QUERY_MAX characters; blank: everything) keeps the items
 *   whose title or path holds it, case-insensitive (`workspaceItemMatches`):
 *   the explorer's and the file dialog's search runs in the host, over
 *   every file, not only those listed so far. Paging: `offset` (default 0)
 *   and `limit` (default WORKSPACE_SUMMARY_PAGE, at most
 *   WORKSPACE_SUMMARY_PAGE_MAX) choose the slice; `total` counts every
 *   match, `truncated` says the answer does not hold all of them (later
 *   pages, or the walk stopped at WORKSPACE_SUMMARY_MAX files: `capped`).
 *   Pages asked for shortly after the first (offset > 0) come from the same
 *   reading of the workspace, so they fit together.
 *
 * Electron: File > "Open Folder…" (the menu action `OPEN_FOLDER_ACTION`,
 * run by the host) grants a folder and remembers it for the next sessions;
 * the host then sends the menu action `FOLDERS_CHANGED_ACTION`.
 *
 * Read-only files: `open` answers `readOnly: true` when the user cannot
 * write the file (mode, ACL, or a read-only folder); `save`, `saveAs` with
 * `overwrite`, `prove` (CLI) and pack export refuse to replace such a file:
 * `{code: 'io', reason: 'read-only'}`, the file untouched.
 */
import type { HostError } from './base.js';
import { HOST_PATH, integer, type RequestSchemas } from './request-schema.js';

export const FILES_HOST_METHODS = ['browse', 'makeFolder', 'workspaceSummary'] as const;
export type FilesHostMethod = (typeof FILES_HOST_METHODS)[number];

/**
 * The action id of File > "Open Folder…" (Electron). The renderer lists an
 * action with this id in its File menu (enabled when the host is Electron);
 * the Electron host runs a click on it itself: a native folder dialog, the
 * chosen folder granted and remembered for the next sessions, then
 * `FOLDERS_CHANGED_ACTION` sent back.
 */
export const OPEN_FOLDER_ACTION = 'open-folder';
/**
 * The menu action id (`HostEvents.onMenuAction`) the Electron host sends
 * after "Open Folder…" granted a folder: the explorer reloads `browse {}` /
 * `workspaceSummary` (an editor without such an action ignores it).
 */
export const FOLDERS_CHANGED_ACTION = 'workspace.foldersChanged';

/** Largest number of files `workspaceSummary` reads (a workspace of 20,000 files is well inside it). */
export const WORKSPACE_SUMMARY_MAX = 50_000;
/** Items in one `workspaceSummary` answer when `limit` is not given. */
export const WORKSPACE_SUMMARY_PAGE = 2000;
/** Largest `limit` of one `workspaceSummary` answer. */
export const WORKSPACE_SUMMARY_PAGE_MAX = 5000;
/** Longest `query` of `workspaceSummary`, characters. */
export const WORKSPACE_QUERY_MAX = 200;

/** The requests of the workspace file methods (`FilesHostRequests`), as JSON schemas (request-schema.ts). */
export const FILES_REQUEST_SCHEMAS = {
  /** `dir` may be `""` (the root); the folder access checks its length and confinement. */
  browse: { type: 'object', properties: { dir: { type: 'string' } }, additionalProperties: false, omittable: true },
  makeFolder: { type: 'object', properties: { path: HOST_PATH }, required: ['path'], additionalProperties: false },
  workspaceSummary: {
    type: 'object',
    properties: {
      query: { type: 'string', maxLength: WORKSPACE_QUERY_MAX, message: `{field} must be a string of at most ${WORKSPACE_QUERY_MAX} characters.` },
      offset: integer(0, WORKSPACE_SUMMARY_MAX),
      limit: integer(1, WORKSPACE_SUMMARY_PAGE_MAX),
    },
    additionalProperties: false,
    omittable: true,
  },
} as const satisfies RequestSchemas<FilesHostMethod>;

/**
 * True when `item` matches the search text `query`: its title or path
 * holds it, case-insensitive, `query` trimmed; a blank query matches
 * everything. The one rule of the explorer's filter and the host's
 * `workspaceSummary {query}`.
 */
export function workspaceItemMatches(item: Pick<WorkspaceItem, 'title' | 'path'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return item.title.toLowerCase().includes(q) || item.path.toLowerCase().includes(q);
}

/** What an entry of a folder is. */
export type BrowseEntryKind = 'folder' | 'level' | 'pack' | 'other';

/** One entry of a browsed folder. */
export interface BrowseEntry {
  /** Display name (the last path segment). */
  name: string;
  /** Host path: workspace-relative with `/` (serve), absolute (Electron). Pass it back to `browse`, `open`, `save`. */
  path: string;
  /**
   * `level`: `*.level.json`; `pack`: a pack folder (it holds `pack.json`) or
   * a `*.pack.json` file; `folder`: any other folder; `other`: any other file.
   */
  kind: BrowseEntryKind;
  /** Bytes (files only). */
  size?: number;
  /** Last modification, ms since the epoch. */
  mtimeMs?: number;
  /** True when the user cannot write the file (or, for a folder, create files in it). */
  readOnly?: boolean;
}

/** The proof status of a level as stored in its file (no solving). */
export type StoredProofStatus =
  /** A current optimal `solution` (its levelHash matches the level). */
  | 'proved'
  /** A `solution` whose levelHash no longer matches (edited since the proof). */
  | 'stale'
  /** `draft: true`, or no solution. */
  | 'draft'
  /** The file does not load or breaks builder rules. */
  | 'invalid'
  /** A two-player position without a goal (nothing to prove). */
  | 'position';

/** One level or pack of the workspace, as the explorer lists it. */
export interface WorkspaceItem {
  path: string;
  name: string;
  kind: 'level' | 'pack';
  /** The level's ruleset (a pack: its manifest's ruleset), when readable. */
  ruleset?: string;
  /** `meta.title` (a pack: its title); "" when missing. */
  title: string;
  /** Levels only. */
  status?: StoredProofStatus;
  /** Levels: the proved optimum (`solution.length`) when `proved`, else the designer's `par`. */
  par?: number;
  /** Packs: number of levels in the manifest. */
  levels?: number;
  /** The first error when `invalid` (one line). */
  detail?: string;
  readOnly?: boolean;
  mtimeMs?: number;
}

export interface FilesHostRequests {
  browse: { dir?: string };
  makeFolder: { path: string };
  workspaceSummary: { query?: string; offset?: number; limit?: number };
}

export interface FilesHostResponses {
  browse: { ok: true; dir: string; parent: string | null; entries: BrowseEntry[] } | HostError;
  makeFolder: { ok: true; path: string } | HostError;
  /**
   * `items`: the page from `offset`; `total`: every match; `truncated`: more
   * matches exist than `items` (later pages, or `capped`); `capped`: the
   * walk stopped at WORKSPACE_SUMMARY_MAX files (`total` is then a lower bound).
   */
  workspaceSummary: { ok: true; items: WorkspaceItem[]; truncated: boolean; total: number; offset: number; capped: boolean } | HostError;
}
