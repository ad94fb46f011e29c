/**
 * The one typed contract between the editor (renderer) and its host.
 *
 * Two adapters implement it over the same services (src-main/services):
 * - Electron: `ipcMain.handle(channel)` per method, exposed by the preload as
 *   `window.castellan` (contextBridge); channel = `castellan:<method>`.
 * - `castellan serve`: `POST /api/<method>` with a JSON body, the per-run token
 *   in the `X-Castellan-Token` header, on 127.0.0.1 only.
 *
 * Every request is untrusted: hosts validate arguments with `HOST_METHODS`
 * (method names) and the per-method checks in src-main/services/host-api.ts,
 * and answer a `HostError` (never throw across the boundary).
 */
import type { Level } from '../model/level.js';
import type { Issue } from '../validation/issue.js';

export const HOST_METHODS = ['startup', 'list', 'open', 'save', 'saveAs'] as const;
export type HostMethod = (typeof HOST_METHODS)[number];

/** Error codes a host may answer with. */
export const HOST_ERROR_CODES = [
  'bad-request', // arguments malformed
  'forbidden', // path outside the workspace, wrong sender, ...
  'not-found',
  'io', // read/write failure (permissions, disk full, ...)
  'parse', // file is not JSON / not a level
  'invalid', // schema or rules errors; not saved unless allowDraft
  'unsolvable', // solver proved no solution; not saved unless allowDraft
  'limit', // solver hit its time/state cap; not saved unless allowDraft
  'verify-failed', // read-back after write differed
  'cancelled', // user cancelled a dialog
  'internal',
] as const;
export type HostErrorCode = (typeof HOST_ERROR_CODES)[number];

export interface HostError {
  ok: false;
  code: HostErrorCode;
  message: string;
  issues?: Issue[];
  solve?: SolveSummary;
  /** True when saving as a draft (explicit user choice) would succeed. */
  draftAllowed?: boolean;
}

export interface SolveSummary {
  status: 'solved' | 'unsolvable' | 'limit' | 'cancelled' | 'error';
  length?: number;
  moves?: string[];
  states: number;
  ms: number;
  message?: string;
}

export interface StartupInfo {
  host: 'electron' | 'serve';
  /** Host-side path of the level to open first (the first sample), if any. */
  initialFile?: string;
  /** Human label of the workspace folder (serve) or samples folder. */
  workspace?: string;
  version: string;
}

export interface ListedFile {
  /** Path to pass back to `open` (workspace-relative for serve, absolute for Electron). */
  path: string;
  /** File name for display. */
  name: string;
}

export interface OpenedLevel {
  ok: true;
  path: string;
  /** The loaded (and migrated) document. */
  document: Level;
  /** Schema + rules findings on load (errors do not prevent opening). */
  issues: Issue[];
}

export interface SavedLevel {
  ok: true;
  path: string;
  /** Exactly what was written (with `solution`, or `draft: true`). */
  document: Level;
  draft: boolean;
  solve: SolveSummary;
  /** Warnings found while saving (e.g. UK-7 par above the optimum). */
  issues?: Issue[];
}

export interface HostRequests {
  startup: Record<string, never>;
  list: Record<string, never>;
  /** `path` omitted: Electron shows an open dialog; serve answers bad-request. */
  open: { path?: string };
  /** Save to an existing path. `allowDraft`: the user explicitly chose "save as draft". */
  save: { path: string; document: unknown; allowDraft?: boolean };
  /** `path` omitted: Electron shows a save dialog; serve needs a workspace-relative path. */
  saveAs: { path?: string; document: unknown; allowDraft?: boolean };
}

export interface HostResponses {
  startup: { ok: true; info: StartupInfo } | HostError;
  list: { ok: true; files: ListedFile[] } | HostError;
  open: OpenedLevel | HostError;
  save: SavedLevel | HostError;
  saveAs: SavedLevel | HostError;
}

/** What the renderer calls; both adapters implement it. */
export type HostApi = {
  [M in HostMethod]: (req: HostRequests[M]) => Promise<HostResponses[M]>;
};

/** IPC channel for a method (Electron adapter). */
export function ipcChannel(method: HostMethod): string {
  return `castellan:${method}`;
}

/** Header carrying the serve host's per-run token. */
export const TOKEN_HEADER = 'x-castellan-token';
