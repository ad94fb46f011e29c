/**
 * What every group of host methods shares (contract.ts and its method
 * groups, pack-contract.ts, session-contract.ts, solve-contract.ts, import
 * it from here): the error answer and its codes, a file's revision, a listed
 * file and the summary of a solve. contract.ts re-exports all of it, so the
 * rest of the code imports host types from contract.ts alone.
 */
import type { Issue } from '../validation/issue.js';
import type { UnsolvableWhy } from '../solver/types.js';

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
  'conflict', // save: the file changed on disk since it was opened (see `expectedRevision`)
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
  /**
   * `conflict` only: the file's revision on disk now (`null`: it was deleted
   * since). Pass it as `expectedRevision` (or `overwrite: true`) to save anyway.
   */
  revision?: FileRevision | null;
  /** `io` only: why. `read-only`: the user cannot write the file (it is left untouched); `disk-full`: no space left. */
  reason?: 'read-only' | 'disk-full';
}

/**
 * What a file on disk looked like when the host read or wrote it. Hosts
 * decide "changed on disk" by `sha256` (bytes); `mtimeMs` and `size` are
 * informative (a `touch` that keeps the bytes is not a change).
 */
export interface FileRevision {
  /** Last modification time, ms since the epoch (fs.stat mtimeMs). */
  mtimeMs: number;
  /** Size in bytes. */
  size: number;
  /** `"sha256:<64 hex>"` of the file's bytes. */
  sha256: string;
}

export interface SolveSummary {
  /** `position`: a two-player position with no goal (e.g. a KV starting setup): nothing to prove. */
  status: 'solved' | 'unsolvable' | 'limit' | 'cancelled' | 'error' | 'position';
  length?: number;
  moves?: string[];
  states: number;
  ms: number;
  message?: string;
  /** `limit`: which cap stopped the search (solver/types.ts `SolveResult` `limit`). */
  reason?: 'states' | 'memory' | 'time';
  /** `unsolvable`: why, in words and squares, when the solve proved a cause (solver/types.ts `UnsolvableWhy`). */
  why?: UnsolvableWhy;
}

export interface ListedFile {
  /** Path to pass back to `open` (workspace-relative for serve, absolute for Electron). */
  path: string;
  /** File name for display. */
  name: string;
}

/** One backup of a file: the content a save replaced (a level's `backupOpen`, a pack manifest's `packBackupOpen`). */
export interface BackupItem {
  /** Opaque id for `backupOpen` / `packBackupOpen` (the backup file's name). */
  id: string;
  /** ISO 8601 time the replaced content was backed up (the save time). */
  savedAt: string;
  bytes: number;
}
