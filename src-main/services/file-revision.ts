/**
 * File revisions: how the host notices that a file changed on disk while the
 * editor had it open ("nothing is silently overwritten").
 *
 * A revision is `{mtimeMs, size, sha256}` of the file's bytes
 * (contract.ts `FileRevision`). Two revisions are the same file content when
 * their `sha256` (and size) agree; the time stamp is informative only, so a
 * `touch` or a copy that keeps the bytes is not a change, and a change within
 * the file system's time resolution is still seen.
 */
import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import type { FileRevision, HostError } from '../../src-shared/host/contract.js';
import { readRegularFile } from './bounded-read.js';

/** Largest file whose revision is computed (bytes); larger files answer `io`. */
export const MAX_REVISION_BYTES = 64 * 1024 * 1024;

/** `"sha256:<64 hex>"` of `bytes`. */
export function sha256Of(bytes: Buffer | string): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/** The revision of `bytes` read from a file whose stat is `st`. */
export function revisionOf(bytes: Buffer, st: Pick<Stats, 'mtimeMs'>): FileRevision {
  return { mtimeMs: Math.round(st.mtimeMs), size: bytes.length, sha256: sha256Of(bytes) };
}

/** True when `v` has the FileRevision shape (untrusted input check). */
export function isFileRevision(v: unknown): v is FileRevision {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const r = v as Record<string, unknown>;
  const keys = Object.keys(r);
  return (
    keys.length === 3 &&
    typeof r['mtimeMs'] === 'number' &&
    Number.isFinite(r['mtimeMs']) &&
    typeof r['size'] === 'number' &&
    Number.isInteger(r['size']) &&
    (r['size'] as number) >= 0 &&
    typeof r['sha256'] === 'string' &&
    /^sha256:[0-9a-f]{64}$/.test(r['sha256'] as string)
  );
}

/** Same content: equal sha256 and size (`null` = no file; two nulls are the same). */
export function sameRevision(a: FileRevision | null, b: FileRevision | null): boolean {
  if (a === null || b === null) return a === b;
  return a.sha256 === b.sha256 && a.size === b.size;
}

/**
 * Reads the regular file at `path` (bounded-read.ts: never blocks on a FIFO,
 * reads at most `maxBytes + 1` bytes) and answers its revision and bytes,
 * `null` when it does not exist, or an `io` HostError (a folder, FIFO,
 * device or socket, larger than `maxBytes` (default 64 MiB), unreadable).
 * Never throws.
 */
export async function readRevision(path: string, maxBytes: number = MAX_REVISION_BYTES): Promise<{ revision: FileRevision; bytes: Buffer } | null | HostError> {
  const read = await readRegularFile(path, maxBytes);
  if (!read.ok) return read.code === 'not-found' ? null : read;
  return { revision: revisionOf(read.bytes, read.stat), bytes: read.bytes };
}

/** A human description of a revision for messages ("modified 2024-05-01T10:00:00.000Z, 312 bytes"). */
export function describeRevision(r: FileRevision | null): string {
  if (r === null) return 'deleted';
  let when = String(r.mtimeMs);
  try {
    when = new Date(r.mtimeMs).toISOString();
  } catch {
    // keep the number
  }
  return `modified ${when}, ${r.size} bytes`;
}

/**
 * The `conflict` HostError for a file that changed since `expected`
 * (`label` names it in the message). `current` travels in `revision`.
 */
export function conflictError(label: string, expected: FileRevision | null, current: FileRevision | null): HostError {
  const what =
    current === null
      ? `${label} was deleted on disk since it was opened`
      : expected === null
        ? `${label} already exists on disk (${describeRevision(current)})`
        : `${label} changed on disk since it was opened (now ${describeRevision(current)})`;
  return {
    ok: false,
    code: 'conflict',
    message: `Not saved: ${what}. Reload it to see the other version, or save again choosing to overwrite it (the other version is kept as a backup).`,
    revision: current,
  };
}
