/**
 * Cross-process file locks: one writer at a time per target file, across
 * every process on the machine (two serve hosts, Electron and serve, a host
 * and `castellan prove`), so a check-then-write (the `expectedRevision`
 * check, the backup and the rename of a save) is never interleaved with
 * another process's.
 *
 * The lock of `dir/name` is the file `dir/.name.castellan-lock`, created
 * with `open(..., 'wx')` (O_CREAT | O_EXCL: exactly one creator wins) and
 * holding `{pid, host, token, at}` of its owner. While held, its mtime is
 * refreshed every `staleMs / 4` (a heartbeat). A lock is stale, and taken
 * over, when its owner ran on this machine and that pid is gone, when it
 * was not refreshed for `staleMs` (an owner on another machine, a pid
 * reused), or when its owner record is unreadable (left empty by a kill
 * between create and write) for `UNREADABLE_LOCK_STALE_MS`. A takeover
 * runs under a second, short-lived guard file (`.name.castellan-lock-takeover`,
 * itself removed when older than `GUARD_STALE_MS`) and re-checks staleness
 * there, so two contenders never both remove the same lock. Release removes
 * the lock only while it still holds the owner's token.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { HostError } from '../../src-shared/host/contract.js';

/** A lock not refreshed for this long is stale (ms). */
export const DEFAULT_LOCK_STALE_MS = 60_000;
/** How long `withFileLock` waits for a busy lock before answering `io` (ms). */
export const DEFAULT_LOCK_WAIT_MS = 30_000;
/** A takeover guard older than this is left over by a killed process (ms). */
const GUARD_STALE_MS = 10_000;
/**
 * A lock whose owner record cannot be read (empty or damaged: its creator was
 * killed between the create and the write of the record, microseconds apart)
 * is stale once this old (ms), without waiting for `staleMs`.
 */
const UNREADABLE_LOCK_STALE_MS = 5_000;
/** Lock files are tiny; never read more than this. */
const MAX_LOCK_BYTES = 1024;

export interface LockOptions {
  /** A lock not refreshed for this long is stale, ms (default 60,000). */
  staleMs?: number;
  /** Give up waiting after this long, ms (default 30,000): the answer is `io`. */
  waitMs?: number;
  /** Name of the file in messages (default: the target path). */
  label?: string;
}

interface LockBody {
  pid: number;
  host: string;
  token: string;
  at: number;
}

/** The lock file of `target`: `dir/.name.castellan-lock` beside it. */
export function lockPathOf(target: string): string {
  return join(dirname(target), `.${basename(target)}.castellan-lock`);
}

function codeOf(err: unknown): string | undefined {
  return err && typeof err === 'object' && 'code' in err && typeof (err as { code: unknown }).code === 'string' ? (err as { code: string }).code : undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** True when process `pid` exists on this machine (EPERM: it exists, another user's). */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return codeOf(err) === 'EPERM';
  }
}

/** The lock's owner record, or undefined (missing, empty, damaged, a link, too big). */
async function readBody(lock: string): Promise<LockBody | undefined> {
  let handle: fs.FileHandle | undefined;
  try {
    const st = await fs.lstat(lock);
    if (!st.isFile() || st.size > MAX_LOCK_BYTES) return undefined;
    handle = await fs.open(lock, 'r');
    const buf = Buffer.alloc(MAX_LOCK_BYTES);
    const { bytesRead } = await handle.read(buf, 0, MAX_LOCK_BYTES, 0);
    const v = JSON.parse(buf.subarray(0, bytesRead).toString('utf8')) as Partial<LockBody>;
    if (typeof v.pid !== 'number' || typeof v.host !== 'string' || typeof v.token !== 'string') return undefined;
    return { pid: v.pid, host: v.host, token: v.token, at: typeof v.at === 'number' ? v.at : 0 };
  } catch {
    return undefined;
  } finally {
    await handle?.close().catch(() => {});
  }
}

/**
 * Whether the lock at `lock` is stale (see module doc): its owner's pid is
 * gone on this machine, or it was not refreshed for `staleMs`. A missing
 * lock is not stale (the next create decides).
 */
async function isStale(lock: string, staleMs: number): Promise<boolean> {
  let mtimeMs: number;
  try {
    mtimeMs = (await fs.lstat(lock)).mtimeMs;
  } catch {
    return false;
  }
  const age = Date.now() - mtimeMs;
  if (age > staleMs) return true;
  const body = await readBody(lock);
  if (body === undefined) return age > UNREADABLE_LOCK_STALE_MS;
  return body.host === hostname() && body.pid !== process.pid && !pidAlive(body.pid);
}

/**
 * Removes a stale lock under the takeover guard (see module doc). Answers
 * false when another contender holds the guard (the caller waits before
 * trying again), true otherwise. Never throws.
 */
async function takeOver(lock: string, staleMs: number): Promise<boolean> {
  const guard = `${lock}-takeover`;
  try {
    const h = await fs.open(guard, 'wx', 0o644);
    await h.close();
  } catch (err) {
    if (codeOf(err) === 'EEXIST') {
      try {
        if (Date.now() - (await fs.lstat(guard)).mtimeMs > GUARD_STALE_MS) await fs.unlink(guard);
      } catch {
        // gone meanwhile
      }
    }
    return false;
  }
  try {
    if (await isStale(lock, staleMs)) await fs.unlink(lock);
    return true;
  } catch {
    // removed by its owner meanwhile
    return true;
  } finally {
    await fs.unlink(guard).catch(() => {});
  }
}

/** Creates the lock; true when this call owns it, false when it exists. Throws other errors. */
async function tryCreate(lock: string, body: LockBody): Promise<boolean> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(lock, 'wx', 0o644);
  } catch (err) {
    if (codeOf(err) === 'EEXIST') return false;
    throw err;
  }
  try {
    await handle.writeFile(JSON.stringify(body));
  } catch (err) {
    // e.g. a full disk: leave no empty lock behind
    await handle.close().catch(() => {});
    await fs.unlink(lock).catch(() => {});
    throw err;
  }
  await handle.close().catch(() => {});
  return true;
}

/** Removes the lock when it still holds `token` (a takeover may have replaced it). */
async function release(lock: string, token: string): Promise<void> {
  const body = await readBody(lock);
  if (body?.token === token) await fs.unlink(lock).catch(() => {});
}

/**
 * Runs `fn` while holding the cross-process lock of `target` (see module
 * doc) and answers what `fn` answers. A lock that stays busy for `waitMs`
 * answers `io` ("another program is writing it"); a lock that cannot be
 * created (a read-only or missing folder, ...) answers the HostError of
 * `onError` (atomic-file.ts passes its `ioError`). The lock is released
 * however `fn` ends; errors thrown by `fn` are rethrown.
 */
export async function withFileLock<T>(
  target: string,
  fn: () => Promise<T>,
  onError: (err: unknown) => HostError,
  opts: LockOptions = {},
): Promise<T | HostError> {
  const staleMs = opts.staleMs ?? DEFAULT_LOCK_STALE_MS;
  const waitMs = opts.waitMs ?? DEFAULT_LOCK_WAIT_MS;
  const lock = lockPathOf(target);
  const body: LockBody = { pid: process.pid, host: hostname(), token: randomBytes(9).toString('hex'), at: Date.now() };
  const deadline = Date.now() + waitMs;
  let delay = 2;
  try {
    while (!(await tryCreate(lock, body))) {
      // A busy takeover guard (another contender, or one left by a killed
      // process until GUARD_STALE_MS) is waited for like a busy lock.
      if ((await isStale(lock, staleMs)) && (await takeOver(lock, staleMs))) continue;
      if (Date.now() > deadline) {
        return {
          ok: false,
          code: 'io',
          message: `Could not write ${opts.label ?? target}: another program has been writing it for over ${Math.round(waitMs / 1000)} s (its lock file ${basename(lock)} is held); nothing was written. Try again.`,
        };
      }
      await sleep(delay + Math.random() * delay);
      delay = Math.min(delay * 2, 50);
    }
  } catch (err) {
    return onError(err);
  }
  const beat = setInterval(
    () => {
      const now = new Date();
      void fs.utimes(lock, now, now).catch(() => {});
    },
    Math.max(10, Math.floor(staleMs / 4)),
  );
  beat.unref();
  try {
    return await fn();
  } finally {
    clearInterval(beat);
    await release(lock, body.token);
  }
}
