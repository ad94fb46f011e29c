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
import type { BackupItem, FileRevision, HostError, ListedFile, SolveSummary } from './base.js';
import { FILES_HOST_METHODS, type FilesHostMethod, type FilesHostRequests, type FilesHostResponses } from './files-contract.js';
import { PACK_HOST_METHODS, type PackHostMethod, type PackHostRequests, type PackHostResponses } from './pack-contract.js';
import { SESSION_HOST_METHODS, type SessionHostMethod, type SessionHostRequests, type SessionHostResponses } from './session-contract.js';
import { SOLVE_HOST_METHODS, type SolveHostMethod, type SolveHostRequests, type SolveHostResponses } from './solve-contract.js';
import { SUGGEST_HOST_METHODS, type SuggestHostMethod, type SuggestHostRequests, type SuggestHostResponses } from './suggest-contract.js';

export * from './base.js';
export * from './files-contract.js';
export * from './pack-contract.js';
export * from './session-contract.js';
export * from './solve-contract.js';
export * from './suggest-contract.js';

/** The methods every host adapter implements (the dev mock host included). */
export const CORE_HOST_METHODS = ['startup', 'list', 'open', 'save', 'saveAs'] as const;
/**
 * Never-lose-work methods: file revisions, autosave/recovery,
 * backups. The Electron and serve hosts implement all of them; the HostApi
 * type marks them optional so a partial adapter (the renderer's dev mock
 * host) still type-checks: callers use `api.autosave?.(...)`.
 */
export const RECOVERY_HOST_METHODS = ['revision', 'autosave', 'recoveryList', 'recoveryOpen', 'recoveryDiscard', 'backupList', 'backupOpen'] as const;
/**
 * Optional method groups, each in its own contract file: host solves
 * (solve-contract.ts), packs (pack-contract.ts), the desktop session
 * (session-contract.ts). Optional in `HostApi` like the recovery
 * methods.
 */
export const OPTIONAL_HOST_METHODS = [
  ...RECOVERY_HOST_METHODS,
  ...SOLVE_HOST_METHODS,
  ...PACK_HOST_METHODS,
  ...SESSION_HOST_METHODS,
  ...FILES_HOST_METHODS,
  ...SUGGEST_HOST_METHODS,
] as const;
export const HOST_METHODS = [...CORE_HOST_METHODS, ...OPTIONAL_HOST_METHODS] as const;
export type HostMethod = (typeof HOST_METHODS)[number];
export type CoreHostMethod = (typeof CORE_HOST_METHODS)[number];
export type RecoveryHostMethod = (typeof RECOVERY_HOST_METHODS)[number];
export type OptionalHostMethod = RecoveryHostMethod | SolveHostMethod | PackHostMethod | SessionHostMethod | FilesHostMethod | SuggestHostMethod;

export interface StartupInfo {
  host: 'electron' | 'serve';
  /** Host-side path of the level to open first (the first sample), if any. */
  initialFile?: string;
  /** Human label of the workspace folder (serve) or samples folder. */
  workspace?: string;
  version: string;
}

export interface OpenedLevel {
  ok: true;
  path: string;
  /** The loaded (and migrated) document. */
  document: Level;
  /** Schema + rules findings on load (errors do not prevent opening). */
  issues: Issue[];
  /** The file's revision as read (pass it back as `save.expectedRevision`). Real hosts always set it. */
  revision?: FileRevision;
  /** True when the user cannot write the file: the editor shows it read-only and Save offers Save As. */
  readOnly?: boolean;
}

export interface SavedLevel {
  ok: true;
  path: string;
  /** Exactly what was written (with `solution`, or `draft: true`). */
  document: Level;
  draft: boolean;
  solve: SolveSummary;
  /** Warnings found while saving (e.g. UK-7 par above the optimum; `backup-failed`). */
  issues?: Issue[];
  /** The revision just written (the next save's `expectedRevision`). Real hosts always set it. */
  revision?: FileRevision;
}

/** One autosaved document waiting in the recovery folder. */
export interface RecoveryItem {
  /** The id the editor autosaved it under. */
  docId: string;
  /** The file it was opened from or saved to (absent: never saved). */
  path?: string;
  /** `meta.title` of the document ("" when missing). */
  title: string;
  ruleset?: string;
  /** ISO 8601 time of the autosave. */
  savedAt: string;
  /** Size of the recovery file in bytes. */
  bytes: number;
}

export interface RecoveredDocument {
  ok: true;
  docId: string;
  path?: string;
  /**
   * The autosaved document, migrated when it passes the schema check, else
   * as autosaved (an editor state mid-edit): check `issues` for schema errors.
   */
  document: Level;
  /** Schema + rules findings (as for `open`). */
  issues: Issue[];
  savedAt: string;
  /** The revision of `path` the edits started from (as sent with `autosave`). */
  baseRevision?: FileRevision;
  /** The revision of `path` on disk now (`null`: missing; absent: no path). */
  revision?: FileRevision | null;
  /** True when `path` changed on disk since `baseRevision` (the user must choose). */
  changedOnDisk: boolean;
}

export interface HostRequests extends SolveHostRequests, PackHostRequests, SessionHostRequests, FilesHostRequests, SuggestHostRequests {
  startup: Record<string, never>;
  list: Record<string, never>;
  /** `path` omitted: Electron shows an open dialog; serve answers bad-request. */
  open: { path?: string };
  /**
   * Save to an existing path. `allowDraft`: the user explicitly chose "save as draft".
   * `expectedRevision`: the revision the document was opened/last saved at;
   * when the file on disk differs (or exists although `null` was expected)
   * the answer is `conflict` and nothing is written, unless `overwrite: true`
   * (the user chose to replace the other version; it is kept as a backup).
   * Absent: no check. `docId`: the autosave id; its recovery file is removed
   * once the save succeeded.
   */
  save: SaveRequestFields & { path: string };
  /** `path` omitted: Electron shows a save dialog; serve needs a workspace-relative path. */
  saveAs: SaveRequestFields & { path?: string };
  /** The current revision of a file (`null` when it does not exist): poll it to notice outside changes. */
  revision: { path: string };
  /**
   * Writes the editor's current document into the recovery folder
   * (atomically; replaces the previous autosave of `docId`). `document`: any
   * JSON object (schema-invalid mid-edit states too). `docId`: 1-64 of
   * `[A-Za-z0-9_-]` (e.g. `crypto.randomUUID()`). `path`: the file it belongs
   * to, if any (must be a path the host accepts for writing).
   * `baseRevision`: the file revision the edits started from.
   */
  autosave: { docId: string; document: unknown; path?: string; baseRevision?: FileRevision };
  /** Autosaved documents found in the recovery folder, newest first. */
  recoveryList: Record<string, never>;
  recoveryOpen: { docId: string };
  /** Deletes an autosave (after a save, or when the user discards it). Missing ids are fine. */
  recoveryDiscard: { docId: string };
  /** Backups of a file (the last N replaced versions), newest first. */
  backupList: { path: string };
  /** Opens one backup; the answer's `path` is the original file (save to restore it). */
  backupOpen: { path: string; id: string };
}

export interface SaveRequestFields {
  document: unknown;
  allowDraft?: boolean;
  /**
   * With `allowDraft`: write the draft without solving (the user chose
   * "Save as draft" after a proof hit its limit or was cancelled; the
   * answer of that proof is reused, not computed again).
   */
  noProof?: boolean;
  expectedRevision?: FileRevision | null;
  overwrite?: boolean;
  docId?: string;
}

export interface HostResponses extends SolveHostResponses, PackHostResponses, SessionHostResponses, FilesHostResponses, SuggestHostResponses {
  startup: { ok: true; info: StartupInfo } | HostError;
  list: { ok: true; files: ListedFile[] } | HostError;
  open: OpenedLevel | HostError;
  save: SavedLevel | HostError;
  saveAs: SavedLevel | HostError;
  revision: { ok: true; path: string; revision: FileRevision | null } | HostError;
  autosave: { ok: true; docId: string; savedAt: string; bytes: number } | HostError;
  recoveryList: { ok: true; items: RecoveryItem[] } | HostError;
  recoveryOpen: RecoveredDocument | HostError;
  recoveryDiscard: { ok: true; docId: string; discarded: boolean } | HostError;
  backupList: { ok: true; path: string; backups: BackupItem[] } | HostError;
  backupOpen: (OpenedLevel & { backup: BackupItem }) | HostError;
}

/** Every method, all required: what the Electron and serve hosts implement. */
export type FullHostApi = {
  [M in HostMethod]: (req: HostRequests[M]) => Promise<HostResponses[M]>;
};

/**
 * What the renderer calls; both adapters implement it. The recovery methods
 * are optional in the type only (see RECOVERY_HOST_METHODS).
 */
export type HostApi = Pick<FullHostApi, CoreHostMethod> & Partial<Pick<FullHostApi, OptionalHostMethod>>;

/** IPC channel for a method (Electron adapter). */
export function ipcChannel(method: HostMethod): string {
  return `castellan:${method}`;
}

/** Header carrying the serve host's per-run token. */
export const TOKEN_HEADER = 'x-castellan-token';
