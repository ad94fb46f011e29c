/**
 * The one typed contract between the editor (renderer) and its host.
 *
 * Two adapters implement it over the same services (src-main/services):
 * - Electron: `ipcMain.handle(channel)` per method, exposed by the preload as
 *   `window.castellan` (contextBridge); channel = `castellan:<method>`.
 * - `castellan serve`: `POST /api/<method>` with a JSON body, the per-run token
 *   in the `X-Castellan-Token` header, on 127.0.0.1 only.
 *
 * Every request is untrusted: hosts accept only the methods of
 * `HOST_METHODS`, check each request against its method's JSON schema
 * (`HOST_REQUEST_SCHEMAS`, compiled ahead of time by `npm run gen`;
 * request-check.ts), then run the checks a schema cannot state (paths
 * confined to the workspace, revisions on disk, rules between fields), and
 * answer a `HostError` (never throw across the boundary).
 *
 * Adding a method or a request field (the pattern every method group follows):
 * 1. the method's name in its group's list (`CORE_HOST_METHODS`,
 *    `PACK_HOST_METHODS`, ...), its request type in the group's
 *    `...HostRequests` and its answer in `...HostResponses`;
 * 2. its request's schema in the group's `..._REQUEST_SCHEMAS`, beside the
 *    list (request-schema.ts: the schema language, shared fragments such as
 *    `HOST_PATH`, `integer(min, max)`, `FILE_REVISION`, and the `message`
 *    annotation that words a field's `bad-request` answer);
 * 3. `npm run gen` (the precompiled validators) and `npx tsc -b`: a method
 *    without a schema, a schema without a method, or a type and schema that
 *    disagree (`SchemaDrift`) fail the typecheck;
 * 4. the handler in src-main/services: `handle(method, async (req) => ...)`
 *    (host-request.ts) gets the checked request, typed from the schema.
 */
import type { Level } from '../model/level.js';
import type { Issue } from '../validation/issue.js';
import type { BackupItem, FileRevision, HostError, ListedFile, SolveSummary } from './base.js';
import { FILES_HOST_METHODS, FILES_REQUEST_SCHEMAS, type FilesHostMethod, type FilesHostRequests, type FilesHostResponses } from './files-contract.js';
import { PACK_HOST_METHODS, PACK_REQUEST_SCHEMAS, type PackHostMethod, type PackHostRequests, type PackHostResponses } from './pack-contract.js';
import {
  SESSION_HOST_METHODS,
  SESSION_REQUEST_SCHEMAS,
  type SessionHostMethod,
  type SessionHostRequests,
  type SessionHostResponses,
} from './session-contract.js';
import { SOLVE_HOST_METHODS, SOLVE_REQUEST_SCHEMAS, type SolveHostMethod, type SolveHostRequests, type SolveHostResponses } from './solve-contract.js';
import {
  SUGGEST_HOST_METHODS,
  SUGGEST_REQUEST_SCHEMAS,
  type SuggestHostMethod,
  type SuggestHostRequests,
  type SuggestHostResponses,
} from './suggest-contract.js';
import {
  BOOLEAN,
  DOC_ID,
  FILE_REVISION,
  FILE_REVISION_OR_NULL,
  HOST_PATH,
  NON_EMPTY_STRING,
  OMITTABLE_EMPTY_REQUEST,
  type RequestOf,
  type RequestSchemas,
  type SchemaDrift,
} from './request-schema.js';

export * from './base.js';
export * from './files-contract.js';
export * from './pack-contract.js';
export * from './session-contract.js';
export * from './solve-contract.js';
export * from './suggest-contract.js';
export * from './request-schema.js';

/** The methods every host adapter implements (the dev mock host included). */
export const CORE_HOST_METHODS = ['startup', 'list', 'open', 'save', 'saveAs'] as const;

/** A level document: any JSON object here; the level schema and rules check it after (`invalid`, not `bad-request`). */
const DOCUMENT = { type: 'object', message: '{field} must be a JSON object.' } as const;
/** The fields `save` and `saveAs` share (`SaveRequestFields`). */
const SAVE_FIELDS = {
  document: DOCUMENT,
  allowDraft: BOOLEAN,
  noProof: BOOLEAN,
  expectedRevision: FILE_REVISION_OR_NULL,
  overwrite: BOOLEAN,
  docId: DOC_ID,
} as const;

/** The requests of the core methods (`HostRequests`), as JSON schemas (request-schema.ts). */
export const CORE_REQUEST_SCHEMAS = {
  startup: OMITTABLE_EMPTY_REQUEST,
  list: OMITTABLE_EMPTY_REQUEST,
  open: { type: 'object', properties: { path: HOST_PATH }, additionalProperties: false },
  save: { type: 'object', properties: { path: HOST_PATH, ...SAVE_FIELDS }, required: ['path', 'document'], additionalProperties: false },
  saveAs: { type: 'object', properties: { path: HOST_PATH, ...SAVE_FIELDS }, required: ['document'], additionalProperties: false },
} as const satisfies RequestSchemas<CoreHostMethod>;
/**
 * Never-lose-work methods: file revisions, autosave/recovery,
 * backups. The Electron and serve hosts implement all of them; the HostApi
 * type marks them optional so a partial adapter (the renderer's dev mock
 * host) still type-checks: callers use `api.autosave?.(...)`.
 */
export const RECOVERY_HOST_METHODS = ['revision', 'autosave', 'recoveryList', 'recoveryOpen', 'recoveryDiscard', 'backupList', 'backupOpen'] as const;

/** The requests of the never-lose-work methods, as JSON schemas. */
export const RECOVERY_REQUEST_SCHEMAS = {
  revision: { type: 'object', properties: { path: HOST_PATH }, required: ['path'], additionalProperties: false },
  autosave: {
    type: 'object',
    properties: { docId: DOC_ID, document: DOCUMENT, path: HOST_PATH, baseRevision: FILE_REVISION },
    required: ['docId', 'document'],
    additionalProperties: false,
  },
  recoveryList: OMITTABLE_EMPTY_REQUEST,
  recoveryOpen: { type: 'object', properties: { docId: DOC_ID }, required: ['docId'], additionalProperties: false },
  recoveryDiscard: { type: 'object', properties: { docId: DOC_ID }, required: ['docId'], additionalProperties: false },
  backupList: { type: 'object', properties: { path: HOST_PATH }, required: ['path'], additionalProperties: false },
  backupOpen: { type: 'object', properties: { path: HOST_PATH, id: NON_EMPTY_STRING }, required: ['path', 'id'], additionalProperties: false },
} as const satisfies RequestSchemas<RecoveryHostMethod>;
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

/**
 * Every method's request as a JSON schema, keyed by method: exactly the
 * methods of `HOST_METHODS` (a missing or extra one fails the typecheck).
 * The hosts check requests with their precompiled validators
 * (generated/validate-requests.js, `npm run gen`; request-check.ts).
 */
export const HOST_REQUEST_SCHEMAS = {
  ...CORE_REQUEST_SCHEMAS,
  ...RECOVERY_REQUEST_SCHEMAS,
  ...SOLVE_REQUEST_SCHEMAS,
  ...PACK_REQUEST_SCHEMAS,
  ...SESSION_REQUEST_SCHEMAS,
  ...FILES_REQUEST_SCHEMAS,
  ...SUGGEST_REQUEST_SCHEMAS,
} as const satisfies RequestSchemas<HostMethod>;

/** A method's request as its schema accepts it: what a host's handler receives after the check. */
export type CheckedRequest<M extends HostMethod> = RequestOf<(typeof HOST_REQUEST_SCHEMAS)[M]>;

/**
 * Where a request type (`HostRequests`) and its schema disagree, one
 * message per disagreement; `never` when none does. The line below fails
 * the typecheck with those messages when they drift.
 */
export type HostRequestDrift = { [M in HostMethod]: SchemaDrift<HostRequests[M], (typeof HOST_REQUEST_SCHEMAS)[M], M> }[HostMethod];
const noRequestDrift: [HostRequestDrift] extends [never] ? true : HostRequestDrift = true;
void noRequestDrift;

/** No extra method either: every key of `HOST_REQUEST_SCHEMAS` is a method. */
const noExtraSchema: [Exclude<keyof typeof HOST_REQUEST_SCHEMAS, HostMethod>] extends [never] ? true : Exclude<keyof typeof HOST_REQUEST_SCHEMAS, HostMethod> =
  true;
void noExtraSchema;

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
