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
 *   absent when none or when it no longer exists; `tabs` and `activeTab`:
 *   the open document tabs in tab order, absent when none were recorded;
 *   a tab whose file no longer exists, or that the host no longer accepts,
 *   is answered with `missing: true` so the editor can name it).
 * - `sessionSet {lastFile?, tabs?, activeTab?}`: records the open file
 *   (`null`: none, e.g. an unsaved new document) and/or the open tabs (each
 *   `{path, docId}`: its file, null for a document without one, and its
 *   autosave id; `activeTab` the index of the active one, default 0). At
 *   least one of `lastFile` and `tabs` is required; `tabs: []` forgets them.
 *
 * Paths are host paths as `open` takes them (serve: workspace-relative;
 * Electron: absolute). The state lives in one JSON file (Electron:
 * `<userData>/session.json`; serve: `<workspace>/.castellan/session.json`).
 */
import type { HostError, ListedFile } from './base.js';
import type { MenuSpec } from './menu.js';
import { DOC_ID, MAX_HOST_PATH, OMITTABLE_EMPTY_REQUEST, type RequestSchemas } from './request-schema.js';

export const SESSION_HOST_METHODS = ['menuSet', 'recentList', 'recentAdd', 'recentClear', 'sessionGet', 'sessionSet'] as const;
export type SessionHostMethod = (typeof SESSION_HOST_METHODS)[number];

/** At most this many tabs are recorded (`sessionSet` refuses more). */
export const MAX_SESSION_TABS = 100;

/** A path the session records: a host path without NUL characters. */
const RECORDED_PATH = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_HOST_PATH,
  pattern: '^[^\\u0000]*$',
  message: `{field} must be a non-empty string (at most ${MAX_HOST_PATH} characters).`,
} as const;

/**
 * The requests of the session methods (`SessionHostRequests`), as JSON
 * schemas (request-schema.ts). Checked by code after them: `lastFile` or
 * `tabs` present, `activeTab` inside `tabs`, every path accepted by the host.
 * The menus of `menuSet` are checked by the Electron host, which builds them
 * (electron/menu-template.ts `checkMenuSpecs`).
 */
export const SESSION_REQUEST_SCHEMAS = {
  menuSet: {
    type: 'object',
    properties: { menus: { type: 'array', items: {}, message: '{field} must be an array.' } },
    required: ['menus'],
    additionalProperties: false,
  },
  recentList: OMITTABLE_EMPTY_REQUEST,
  recentAdd: { type: 'object', properties: { path: RECORDED_PATH }, required: ['path'], additionalProperties: false },
  recentClear: OMITTABLE_EMPTY_REQUEST,
  sessionGet: OMITTABLE_EMPTY_REQUEST,
  sessionSet: {
    type: 'object',
    properties: {
      lastFile: { ...RECORDED_PATH, type: ['string', 'null'] },
      tabs: {
        type: 'array',
        maxItems: MAX_SESSION_TABS,
        items: {
          type: 'object',
          properties: { path: { ...RECORDED_PATH, type: ['string', 'null'] }, docId: DOC_ID },
          required: ['path', 'docId'],
          additionalProperties: false,
          message: '{field} must be an object {path, docId}.',
        },
        message: `{field} must be an array of at most ${MAX_SESSION_TABS} tabs.`,
      },
      activeTab: { type: 'integer', minimum: 0, message: '{field} must be the index of one of "tabs".' },
    },
    additionalProperties: false,
  },
} as const satisfies RequestSchemas<SessionHostMethod>;

export interface SessionHostRequests {
  menuSet: { menus: MenuSpec[] };
  recentList: Record<string, never>;
  recentAdd: { path: string };
  recentClear: Record<string, never>;
  sessionGet: Record<string, never>;
  sessionSet: { lastFile?: string | null; tabs?: SessionTab[]; activeTab?: number };
}

/**
 * One open document tab of the last session: its file (a host path; null
 * for a document that has no file yet) and its autosave id (`docId`, 1-64
 * of `[A-Za-z0-9_-]`), so unsaved work comes back from its autosave.
 */
export interface SessionTab {
  path: string | null;
  docId: string;
}

/** A recorded tab as `sessionGet` answers it: `missing` when its file is gone (or no longer accepted). */
export interface SessionTabState extends SessionTab {
  missing?: true;
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
  sessionGet: { ok: true; lastFile?: string; tabs?: SessionTabState[]; activeTab?: number } | HostError;
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
