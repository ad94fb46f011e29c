/**
 * Crash-safe file writes with verification, and clear I/O errors (reads
 * go through bounded-read.ts).
 *
 * `writeFileVerified(path, text)`:
 * 1. writes the bytes to a fresh temp file beside the target with
 *    write-file-atomic (its own temp + fsync + rename, so the temp file is
 *    either complete or absent),
 * 2. reads the temp file back and compares bytes (mismatch: `verify-failed`,
 *    or `io` / `disk-full` when the disk was full and the write came up
 *    short; temp removed, target untouched),
 * 3. renames the temp file over the target (atomic on one file system) and
 *    fsyncs the folder,
 * 4. reads the target back and compares bytes again.
 * So an existing file is replaced only by content that was verified on disk,
 * a partial file is never visible under the target name, and nothing but the
 * function's own temp file is ever deleted.
 *
 * A symlinked target is written through to the file it points at (like
 * write-file-atomic); callers confine paths first (workspace.ts). With
 * `confineDir` (serve: the path is an already confined real path) nothing is
 * followed: the folder's real path must still be the folder itself right
 * before the temp file is written and again right before the rename (a
 * folder swapped for a link meanwhile answers `forbidden`), and a target
 * that became a link is replaced, never written through.
 *
 * Bytes (`Uint8Array`: PNG pictures, PDFs) go through the same steps as
 * text. With `noReplace` the verified temp file is hard-linked to the target
 * name instead of renamed over it (link(2) fails when the name exists, so an
 * entry created meanwhile is never replaced: `conflict`); on a file system
 * without hard links it falls back to a check right before the rename (an
 * entry created in the instant between the two is replaced). `checkTemp`
 * sees the verified bytes of the temp file before they are placed (an export
 * re-loads the pack from them).
 *
 * Every write holds the cross-process lock of its target (file-lock.ts)
 * from the read-only check to the read-back, unless the caller holds it
 * already (`lockHeld`, taken with `withWriteLock`: the save pipeline holds
 * it across its revision check, backup and write). Before a write, temp
 * files of killed writes (`*.castellan-tmp`, and write-file-atomic's own
 * `*.castellan-tmp.<n>`) older than `STALE_TEMP_MS` are removed from the
 * folder (at most once per folder per `STALE_TEMP_MS`).
 */
import { randomBytes } from 'node:crypto';
import { constants as fsConstants, promises as fs, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { HostError } from '../../src-shared/host/contract.js';
import { withFileLock, type LockOptions } from './file-lock.js';

/** Causes named in `io` errors, by Node error code. */
const CAUSES: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is exceeded',
  EBUSY: 'the file is busy or locked by another program',
  ENOENT: 'the folder does not exist',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'the path is a folder',
  EMFILE: 'too many open files',
  ENAMETOOLONG: 'the file name is too long',
  ELOOP: 'too many levels of symbolic links',
  EEXIST: 'the file already exists',
  EIO: 'an input/output error occurred',
};

/** The Node error code of `err` (`ENOENT`, ...), if any. */
export function errnoCode(err: unknown): string | undefined {
  if (err && typeof err === 'object' && 'code' in err && typeof (err as { code: unknown }).code === 'string') {
    return (err as { code: string }).code;
  }
  return undefined;
}

/** Node error codes of a write the user is not allowed to make (HostError `reason: 'read-only'`). */
const READ_ONLY_CODES = new Set(['EACCES', 'EPERM', 'EROFS']);
/** Node error codes of a full disk or quota (HostError `reason: 'disk-full'`). */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/**
 * A HostError for a failed file operation: code `io` (or `not-found` for a
 * missing file on read), message naming the action, the path and the cause.
 * Writes also carry `reason`: `read-only` for EACCES / EPERM / EROFS,
 * `disk-full` for ENOSPC / EDQUOT.
 */
export function ioError(err: unknown, path: string, action: 'read' | 'write'): HostError {
  const code = errnoCode(err);
  const cause =
    action === 'read' && code === 'ENOENT' ? 'the file does not exist' : ((code && CAUSES[code]) ?? (err instanceof Error ? err.message : String(err)));
  const reason = action === 'write' && code ? (READ_ONLY_CODES.has(code) ? 'read-only' : DISK_FULL_CODES.has(code) ? 'disk-full' : undefined) : undefined;
  return {
    ok: false,
    code: action === 'read' && code === 'ENOENT' ? 'not-found' : 'io',
    message: `Could not ${action} ${path}: ${cause}${code ? ` (${code})` : ''}.`,
    ...(reason ? { reason } : {}),
  };
}

/**
 * Why the user may not replace the existing file or folder at `path`, or
 * undefined when they may (or nothing is there): its owner write bit is
 * clear (`chmod a-w`, mode 0444; checked first because `access(W_OK)`
 * always succeeds for root), or `access(W_OK)` fails (ACL, another owner,
 * an immutable file, a read-only file system: the cause names the error
 * code). Follows links (the file a link points at is what a write
 * replaces). Never throws.
 */
export async function readOnlyCause(path: string): Promise<string | undefined> {
  let mode: number;
  try {
    mode = (await fs.stat(path)).mode;
  } catch {
    return undefined;
  }
  if ((mode & 0o200) === 0) return `its write permission is off (mode ${(mode & 0o777).toString(8).padStart(4, '0')})`;
  try {
    await fs.access(path, fsConstants.W_OK);
    return undefined;
  } catch (err) {
    const code = errnoCode(err);
    return code ? `${CAUSES[code] ?? 'it cannot be written'} (${code})` : 'it cannot be written';
  }
}

/** True when `readOnlyCause(path)` names a cause (see there). Never throws. */
export async function isReadOnlyPath(path: string): Promise<boolean> {
  return (await readOnlyCause(path)) !== undefined;
}

/**
 * The answer for a refused replacement of a read-only file: `io` with
 * `reason: 'read-only'`; `label` names the file, `cause` says why
 * (`readOnlyCause`).
 */
export function readOnlyError(label: string, cause = 'its write permission is off'): HostError {
  return {
    ok: false,
    code: 'io',
    reason: 'read-only',
    message: `${label} is read-only: ${cause}. It was left unchanged; save it under another name, or make it writable first.`,
  };
}

/**
 * True when a temp file that reads back as `got` instead of `expected` was
 * cut short by a full disk: write-file-atomic issues one `write(2)`, which on
 * a full disk or quota writes what fits and returns a short count instead of
 * failing with ENOSPC / EDQUOT (POSIX write(2)). So a read-back that is a
 * strict prefix of `expected`, or any mismatch while `fs.statfs(dir)` shows
 * less free space than `expected` holds, is a full disk. Never throws.
 */
async function isDiskFull(dir: string, got: Buffer, expected: Buffer): Promise<boolean> {
  if (got.length < expected.length && got.equals(expected.subarray(0, got.length))) return true;
  try {
    const st = await fs.statfs(dir);
    return st.bavail * st.bsize < expected.length;
  } catch {
    return false;
  }
}

/**
 * The answer for a write cut short by a full disk (`isDiskFull`): `io` with
 * `reason: 'disk-full'`, a message naming `label`, how many of the bytes
 * reached the disk and that the file was left unchanged (the short temp file
 * is removed by the caller).
 */
export function diskFullError(label: string, writtenBytes: number, totalBytes: number): HostError {
  return {
    ok: false,
    code: 'io',
    reason: 'disk-full',
    message: `Could not write ${label}: the disk is full (only ${writtenBytes} of ${totalBytes} bytes could be written); the file was left unchanged. Free some space and save again.`,
  };
}

export interface WriteOptions {
  /** Test hook: called after the temp file is written, before it is verified. */
  afterTempWrite?: (tempPath: string) => Promise<void> | void;
  /** `path` is a confined real path: follow no link, re-check the folder (see module doc). */
  confineDir?: boolean;
  /** Name of the file in messages (default: `path`). */
  label?: string;
  /** The caller holds the target's lock (`withWriteLock`): do not take it again. */
  lockHeld?: boolean;
  /** Options of the cross-process lock (file-lock.ts). */
  lock?: LockOptions;
  /** Never replace an existing target: `conflict` when the name exists (see the module doc). */
  noReplace?: boolean;
  /**
   * Called with the temp file's bytes once they read back equal to what was
   * written, before they are placed under the target name; a HostError
   * answer stops the write (the temp file is removed, the target untouched).
   */
  checkTemp?: (bytes: Buffer) => Promise<HostError | undefined> | HostError | undefined;
}

/** Thrown by `assertRealDir` when a folder is no longer its own real path (swapped for a link). */
export class FolderMoved extends Error {}

/**
 * Throws FolderMoved when `dir` is no longer its own real path (swapped for
 * a link). Uses the same realpath as the confinement (workspace.ts), so both
 * spell paths alike; case-insensitive on Windows. Other errors (ENOENT: the
 * folder is gone) are thrown as they are.
 */
export async function assertRealDir(dir: string): Promise<void> {
  const real = realpathSync(dir);
  const same = process.platform === 'win32' ? real.toLowerCase() === dir.toLowerCase() : real === dir;
  if (!same) throw new FolderMoved(real);
}

/**
 * True when `dir` is still its own real path (`assertRealDir` passes): no
 * link was swapped in for it or for a folder above it. False when it moved,
 * is gone or cannot be resolved. Never throws.
 */
export async function isRealDir(dir: string): Promise<boolean> {
  try {
    await assertRealDir(dir);
    return true;
  } catch {
    return false;
  }
}

/** fsync of a folder (its entries are on disk); ignored where unsupported. Never throws. */
export async function fsyncDir(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // not supported everywhere (e.g. Windows); the rename is still atomic
  } finally {
    await handle?.close().catch(() => {});
  }
}

async function realTarget(path: string): Promise<string> {
  try {
    return await fs.realpath(path);
  } catch {
    return path;
  }
}

/** Temp files of killed writes older than this are removed (ms). */
export const STALE_TEMP_MS = 10 * 60_000;
/** Temp names: `.name.<hex>.castellan-tmp`, write-file-atomic's `<that>.<n>`, render's `name.<pid>.castellan-tmp`. */
const TEMP_NAME = /\.castellan-tmp(\.\d+)?$/;
/** When each folder was last swept of stale temp files (ms since the epoch). */
const sweptAt = new Map<string, number>();

/**
 * Removes regular files named like temp files (`TEMP_NAME`) in `dir` whose
 * mtime is older than `olderThanMs` (default `STALE_TEMP_MS`): left by a
 * write that was killed. Answers how many were removed. Never throws.
 */
export async function removeStaleTemps(dir: string, olderThanMs = STALE_TEMP_MS): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  const now = Date.now();
  for (const name of names) {
    if (!TEMP_NAME.test(name)) continue;
    const p = join(dir, name);
    try {
      const st = await fs.lstat(p);
      if (st.isFile() && now - st.mtimeMs > olderThanMs) {
        await fs.unlink(p);
        removed++;
      }
    } catch {
      // gone or busy
    }
  }
  return removed;
}

/** `removeStaleTemps(dir)` at most once per folder per `STALE_TEMP_MS`. */
async function sweepOnce(dir: string): Promise<void> {
  const last = sweptAt.get(dir);
  if (last !== undefined && Date.now() - last < STALE_TEMP_MS) return;
  sweptAt.set(dir, Date.now());
  await removeStaleTemps(dir);
}

/**
 * Runs `fn` holding the cross-process lock (file-lock.ts) of the file a
 * write to `path` replaces (its real path, or `path` itself with
 * `confineDir`), so a check-then-write in `fn` (a revision check, a backup,
 * `writeFileVerified` with `lockHeld`) is never interleaved with another
 * process's write. A lock that stays busy or cannot be created answers an
 * `io` HostError naming `label` (see `ioError`); never throws unless `fn` does.
 */
export async function withWriteLock<T>(
  path: string,
  fn: () => Promise<T>,
  opts: Pick<WriteOptions, 'confineDir' | 'label' | 'lock'> = {},
): Promise<T | HostError> {
  const target = opts.confineDir ? path : await realTarget(path);
  const label = opts.label ?? path;
  return withFileLock(target, fn, (err) => ioError(err, label, 'write'), { ...opts.lock, label });
}

/**
 * Writes `content` (text as UTF-8, or bytes) to `path` atomically and
 * verifies it (see module doc). Answers `{ok: true, bytes}` or a HostError:
 * `io` (message names the path and the cause: EACCES, EROFS, ENOSPC, EBUSY,
 * ENOENT, ...; `reason` `read-only` / `disk-full`, see `ioError`),
 * `verify-failed`, `forbidden` (`confineDir`: the folder became a link),
 * `conflict` (`noReplace`: the name exists), or what `checkTemp` answered.
 *
 * A read-only target (`isReadOnlyPath`: owner write bit clear or no write
 * access) is never replaced: checked right before the temp file is written
 * and again right before the rename, it answers `readOnlyError` and the
 * file's bytes and mode stay as they were. Never throws.
 */
export async function writeFileVerified(path: string, content: string | Uint8Array, opts: WriteOptions = {}): Promise<{ ok: true; bytes: number } | HostError> {
  if (opts.lockHeld) return writeLocked(path, content, opts);
  return withWriteLock(path, () => writeLocked(path, content, opts), opts);
}

/** The `conflict` answer of a `noReplace` write whose target name exists. */
function existsError(label: string): HostError {
  return { ok: false, code: 'conflict', message: `${label} already exists; it was left unchanged (choose a new name).` };
}

/** Error codes of link(2) on a file system without hard links. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Places `temp` under `target` without replacing anything: link(2), which
 * fails with EEXIST when the name exists ('exists'); 'linked' = the temp
 * name still exists and is the caller's to remove. Without hard links: a
 * check, then rename ('renamed'). Throws other errors.
 */
async function placeNoReplace(temp: string, target: string): Promise<'linked' | 'renamed' | 'exists'> {
  try {
    await fs.link(temp, target);
    return 'linked';
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'EEXIST') return 'exists';
    if (!code || !NO_HARD_LINKS.has(code)) throw err;
  }
  try {
    await fs.lstat(target);
    return 'exists';
  } catch (err) {
    if (errnoCode(err) !== 'ENOENT') throw err;
  }
  await fs.rename(temp, target);
  return 'renamed';
}

/** `writeFileVerified` with the target's lock held by the caller. */
async function writeLocked(path: string, content: string | Uint8Array, opts: WriteOptions): Promise<{ ok: true; bytes: number } | HostError> {
  const expected = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  const target = opts.confineDir ? path : await realTarget(path);
  const dir = dirname(target);
  const temp = join(dir, `.${basename(target)}.${randomBytes(6).toString('hex')}.castellan-tmp`);
  let tempExists = false;
  try {
    let mode: number | undefined;
    try {
      const st = opts.confineDir || opts.noReplace ? await fs.lstat(target) : await fs.stat(target);
      if (opts.noReplace) return existsError(opts.label ?? path);
      if (st.isDirectory()) {
        return { ok: false, code: 'io', message: `Could not write ${path}: the path is a folder (EISDIR).` };
      }
      if (!st.isSymbolicLink()) mode = st.mode & 0o7777;
      const ro = await readOnlyCause(target);
      if (ro !== undefined) return readOnlyError(opts.label ?? path, ro);
    } catch (err) {
      if (errnoCode(err) !== 'ENOENT') throw err;
    }
    if (opts.confineDir) await assertRealDir(dir);
    await sweepOnce(dir);
    await writeFileAtomic(temp, expected, { fsync: true, ...(mode !== undefined ? { mode } : {}) });
    tempExists = true;
    await opts.afterTempWrite?.(temp);
    if (opts.confineDir) await assertRealDir(dir);
    const tempBytes = await fs.readFile(temp);
    if (!tempBytes.equals(expected)) {
      if (await isDiskFull(dir, tempBytes, expected)) return diskFullError(opts.label ?? path, tempBytes.length, expected.length);
      return {
        ok: false,
        code: 'verify-failed',
        message: `Could not write ${path}: the data read back from the disk differed from what was written; the file was left unchanged.`,
      };
    }
    const refused = await opts.checkTemp?.(tempBytes);
    if (refused) return refused;
    if (opts.confineDir) await assertRealDir(dir);
    if (opts.noReplace) {
      const placed = await placeNoReplace(temp, target);
      if (placed === 'exists') return existsError(opts.label ?? path);
      tempExists = placed === 'linked';
    } else {
      // The target may have been made read-only meanwhile: the rename would replace it anyway.
      const ro = await readOnlyCause(target);
      if (ro !== undefined) return readOnlyError(opts.label ?? path, ro);
      await fs.rename(temp, target);
      tempExists = false;
    }
    await fsyncDir(dir);
    const finalBytes = await fs.readFile(target);
    if (!finalBytes.equals(expected)) {
      return {
        ok: false,
        code: 'verify-failed',
        message: `Wrote ${path}, but the data read back differed from what was written.`,
      };
    }
    return { ok: true, bytes: expected.length };
  } catch (err) {
    if (err instanceof FolderMoved) {
      return {
        ok: false,
        code: 'forbidden',
        message: `Could not write ${path}: its folder was replaced by a link while saving; nothing was written.`,
      };
    }
    return ioError(err, opts.label ?? path, 'write');
  } finally {
    if (tempExists) await fs.unlink(temp).catch(() => {});
  }
}

/**
 * Creates the folder `dir` and its missing parents, answering `{ok: true}`
 * or the `io` HostError of `ioError(err, label, 'write')`, with its
 * `reason` (`read-only`, `disk-full`). Node's recursive mkdir reports a
 * missing parent on a read-only file system as ENOENT; when it fails, the
 * missing folders are made again one at a time, so the answer names the
 * real cause (EROFS, ENOSPC, EACCES, ENOTDIR, ...). Never throws.
 */
export async function ensureFolder(dir: string, label: string = dir): Promise<{ ok: true } | HostError> {
  try {
    await fs.mkdir(dir, { recursive: true });
    return { ok: true };
  } catch (first) {
    const missing: string[] = [];
    let cur = dir;
    for (;;) {
      try {
        await fs.stat(cur);
        break;
      } catch (err) {
        if (errnoCode(err) !== 'ENOENT') return ioError(err, label, 'write');
        missing.push(cur);
        const up = dirname(cur);
        if (up === cur) return ioError(first, label, 'write');
        cur = up;
      }
    }
    for (const d of missing.reverse()) {
      try {
        await fs.mkdir(d);
      } catch (err) {
        if (errnoCode(err) !== 'EEXIST') return ioError(err, label, 'write');
      }
    }
    return { ok: true };
  }
}

/** Node error codes of a `link(2)` the file system does not offer (FAT, some network shares). */
const NO_LINK_CODES = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK']);

export interface ClaimOptions {
  /** `dir` is a confined real path: it must still be its own real path before each step (see module doc). */
  confineDir?: boolean;
  /** Name of the folder in messages (default: `dir`). */
  label?: string;
  /** Test hook: called after the temp file is written and verified, before any name is claimed. */
  afterTempWrite?: (tempPath: string) => Promise<void> | void;
  /** Test hook: called with each name right before it is claimed. */
  beforeClaim?: (name: string) => Promise<void> | void;
  /** Test hook: claim as on a file system without hard links (the placeholder and rename way). */
  noHardLinks?: boolean;
  /** Options of the cross-process locks of the candidate names (file-lock.ts). */
  lock?: LockOptions;
}

/**
 * Writes `content` (UTF-8) into the folder `dir` under the first of
 * `names` that is free, never replacing a file: two writers (threads or
 * processes) never get the same name, and the answered name holds the
 * whole content, verified on disk.
 *
 * 1. The content goes to a temp file in `dir` (write-file-atomic with
 *    fsync) and is read back (a short write on a full disk answers
 *    `io` / `disk-full`, any other difference `verify-failed`).
 * 2. Each candidate name is claimed, under its cross-process lock
 *    (file-lock.ts, so a save holding that name's lock is never raced), by
 *    `link(temp, name)`: an exclusive create that makes the whole verified
 *    file appear at once; EEXIST moves on to the next name. Where the file
 *    system has no hard links (FAT, exFAT, some network shares), an empty
 *    placeholder is created exclusively (`open(name, 'wx')`) and the temp
 *    file renamed over it (atomic): a kill in between leaves that empty
 *    file, never a partial one.
 * 3. The folder is fsynced and the claimed file read back and compared (a
 *    mismatch removes that file, which this call created, and answers
 *    `verify-failed`).
 * Answers `{ok: true, name, bytes}`, `conflict` when every name is taken,
 * `forbidden` when the confined folder was swapped for a link, or `io`
 * (`ioError`, with `reason`). The temp file is always removed. Never throws.
 */
export async function claimNewFile(
  dir: string,
  names: Iterable<string>,
  content: string,
  opts: ClaimOptions = {},
): Promise<{ ok: true; name: string; bytes: number } | HostError> {
  const label = opts.label ?? dir;
  const expected = Buffer.from(content, 'utf8');
  const temp = join(dir, `.claim.${randomBytes(6).toString('hex')}.castellan-tmp`);
  let tempExists = false;
  try {
    if (opts.confineDir) await assertRealDir(dir);
    await sweepOnce(dir);
    await writeFileAtomic(temp, expected, { fsync: true });
    tempExists = true;
    const tempBytes = await fs.readFile(temp);
    if (!tempBytes.equals(expected)) {
      if (await isDiskFull(dir, tempBytes, expected)) return diskFullError(label, tempBytes.length, expected.length);
      return { ok: false, code: 'verify-failed', message: `Could not write into ${label}: the data read back from the disk differed from what was written.` };
    }
    await opts.afterTempWrite?.(temp);
    let linkWorks = opts.noHardLinks !== true;
    for (const name of names) {
      const target = join(dir, name);
      await opts.beforeClaim?.(name);
      const claimed = await withWriteLock(
        target,
        async (): Promise<boolean | HostError> => {
          if (opts.confineDir) await assertRealDir(dir);
          if (linkWorks) {
            try {
              await fs.link(temp, target);
              return true;
            } catch (err) {
              const code = errnoCode(err);
              if (code === 'EEXIST') return false;
              if (!code || !NO_LINK_CODES.has(code)) throw err;
              linkWorks = false;
            }
          }
          return claimByPlaceholder(temp, target, `${label}/${name}`);
        },
        { confineDir: true, label: `${label}/${name}`, ...(opts.lock ? { lock: opts.lock } : {}) },
      );
      if (claimed === false) continue;
      if (claimed !== true) return claimed;
      await fsyncDir(dir);
      const back = await fs.readFile(target);
      if (!back.equals(expected)) {
        await fs.unlink(target).catch(() => {});
        return { ok: false, code: 'verify-failed', message: `Wrote ${label}/${name}, but the data read back differed from what was written; it was removed.` };
      }
      return { ok: true, name, bytes: expected.length };
    }
    return { ok: false, code: 'conflict', message: `Every file name tried in ${label} is taken already.` };
  } catch (err) {
    if (err instanceof FolderMoved) {
      return { ok: false, code: 'forbidden', message: `Could not write into ${label}: the folder was replaced by a link meanwhile; nothing was written.` };
    }
    return ioError(err, label, 'write');
  } finally {
    if (tempExists) await fs.unlink(temp).catch(() => {});
  }
}

/**
 * Claims `target` without a hard link: an empty placeholder made with
 * `open(target, 'wx')` (exclusive), then `temp` renamed over it. True when
 * claimed (`temp` is gone then), false when the name exists, or a HostError
 * (the placeholder removed again).
 */
async function claimByPlaceholder(temp: string, target: string, label: string): Promise<boolean | HostError> {
  try {
    const handle = await fs.open(target, 'wx', 0o644);
    await handle.close();
  } catch (err) {
    if (errnoCode(err) === 'EEXIST') return false;
    return ioError(err, label, 'write');
  }
  try {
    await fs.rename(temp, target);
    return true;
  } catch (err) {
    await fs.unlink(target).catch(() => {});
    return ioError(err, label, 'write');
  }
}
