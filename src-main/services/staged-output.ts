/**
 * All-or-nothing outputs: pack exports, rendered pictures, PDFs. Nothing is
 * visible under the target name until the whole output is written, read
 * back and checked; what was there before is never replaced unless asked.
 *
 * A new folder (`writeNewFolder`): built in a staging folder beside the
 * target, in the same parent and so on the same file system and inside the
 * same workspace, hidden by name (`.<name>.castellan-export-<12 hex>`).
 * Every file goes through the verified atomic write (atomic-file.ts
 * `writeFileVerified`, `confineDir`), then the whole folder is checked (the
 * caller's `verify`, e.g. the pack re-loaded from it), synced, and moved to
 * the target name with one rename. Right before that rename the target name
 * must still be free: on Linux and macOS rename(2) of a folder silently
 * replaces an EMPTY folder at the target name, so an empty folder another
 * program creates in the instant between that check and the rename is
 * replaced (a folder with anything in it, or a file, makes the rename fail:
 * `conflict`). That is the one race left; nothing with content is lost to
 * it. A killed export leaves only its hidden staging folder; a later output
 * into the same parent folder removes staging folders whose newest change
 * is older than STALE_TEMP_MS (the age rule of atomic-file.ts temp files),
 * at most once per folder per STALE_TEMP_MS. A running export refreshes its
 * folder's mtime at least once a minute, so it is never taken for stale.
 *
 * A new file (`writeNewFile`): the verified atomic write itself (a hidden
 * temp file beside the target, read back, then linked to the target name
 * with `noReplace`, or renamed over it when `replace` is asked).
 *
 * Links: Node has no openat(2), so nothing here holds a folder open; the
 * real path of the parent folder and of the staging folder (and of the
 * folder of each file) is checked right before and after each write, the
 * mkdir and the final rename (atomic-file.ts `assertRealDir`). A folder
 * swapped for a link at any moment makes the output fail with `forbidden`;
 * the only bytes that can reach the link's target are a temp file created
 * in the instant between a check and its open, which the failing write
 * removes again (unless the link is swapped back within that instant).
 * A staging folder is removed on failure only while it is still this
 * call's own folder (same inode, real parent).
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { basename, dirname, join, posix, resolve } from 'node:path';
import type { HostError } from '../../src-shared/host/contract.js';
import { assertRealDir, errnoCode, FolderMoved, fsyncDir, ioError, isRealDir, STALE_TEMP_MS, writeFileVerified } from './atomic-file.js';
import { loopYielder, type Yielder } from './loop-yield.js';

/** Staging folder names: `.<target name>.castellan-export-<12 hex digits>`. */
const STAGING_NAME = /^\..+\.castellan-export-[0-9a-f]{12}$/;
/** A running output refreshes its staging folder's mtime this often (ms). */
const HEARTBEAT_MS = 60_000;
/** Writes of one staging folder in flight at once (their fsyncs overlap). */
const WRITES_IN_FLIGHT = 8;

/** The staging folder name for the target name `name` (fresh random suffix). */
export function stagingNameOf(name: string): string {
  return `.${name}.castellan-export-${randomBytes(6).toString('hex')}`;
}

/** True for a staging folder name (`stagingNameOf`). */
export function isStagingName(name: string): boolean {
  return STAGING_NAME.test(name);
}

/** Newest mtime (ms) of `dir` and its direct subfolders (a running output writes into `levels/`). */
async function newestChange(dir: string): Promise<number> {
  let newest = (await fs.lstat(dir)).mtimeMs;
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    if (!e.isDirectory()) continue;
    try {
      newest = Math.max(newest, (await fs.lstat(join(dir, e.name))).mtimeMs);
    } catch {
      // gone meanwhile
    }
  }
  return newest;
}

/**
 * Removes the staging folders (`isStagingName`, real folders, not links)
 * in `dir` whose newest change (`newestChange`) is older than `olderThanMs`
 * (default STALE_TEMP_MS): left by a killed output. Answers how many were
 * removed. Never throws.
 */
export async function removeStaleStaging(dir: string, olderThanMs = STALE_TEMP_MS): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!isStagingName(name)) continue;
    const p = join(dir, name);
    try {
      const st = await fs.lstat(p);
      if (!st.isDirectory() || Date.now() - (await newestChange(p)) <= olderThanMs) continue;
      if (!(await isRealDir(dir))) return removed;
      await fs.rm(p, { recursive: true, force: true });
      removed++;
    } catch {
      // gone or busy
    }
  }
  return removed;
}

/** When each folder was last swept of stale staging folders (ms since the epoch). */
const sweptAt = new Map<string, number>();

/** `removeStaleStaging(dir)` at most once per folder per STALE_TEMP_MS. */
async function sweepOnce(dir: string): Promise<void> {
  const last = sweptAt.get(dir);
  if (last !== undefined && Date.now() - last < STALE_TEMP_MS) return;
  sweptAt.set(dir, Date.now());
  await removeStaleStaging(dir);
}

/** Test hooks of `writeNewFolder` (fault injection). */
export interface StageHooks {
  /** After file number `index` (0-based, in write order) was written into the staging folder. */
  afterFile?: (index: number, path: string) => Promise<void> | void;
  /** Right before the final checks and the rename of the staging folder to the target. */
  beforePlace?: (staging: string) => Promise<void> | void;
}

/** What `writeNewFolder`'s build step writes through. */
export interface Stage {
  /** The staging folder (absolute, a real path). */
  readonly dir: string;
  /**
   * Writes a new file at `rel` (`/`-separated, inside the staging folder;
   * its folders are made as needed). Returns once the write is under way
   * (a few run at once); a failure is thrown by a later `write` or answered
   * by `writeNewFolder`.
   */
  write(rel: string, data: string | Uint8Array): Promise<void>;
  /** Gives the event loop a turn when the current work slice is used up (loop-yield.ts). */
  tick: Yielder;
}

export interface NewFolderOptions {
  /** The target as the user named it (messages name it, never the absolute path). */
  label: string;
  hooks?: StageHooks;
}

/** Thrown inside the build step to stop it with an answer. */
class StageFailed extends Error {
  constructor(readonly answer: HostError) {
    super(answer.message);
  }
}

/** `conflict`: the target name is taken. */
function taken(label: string): HostError {
  return { ok: false, code: 'conflict', message: `${label} already exists; it was left as it is (an export never replaces it): choose a new name.` };
}

/** `forbidden`: a folder on the way became a link. */
function moved(label: string): HostError {
  return {
    ok: false,
    code: 'forbidden',
    message: `Could not write ${label}: a folder on its way was replaced by a link while writing; nothing was placed under that name.`,
  };
}

/** True when something (a file, a folder, a link) is at `abs`; errors other than ENOENT are thrown. */
async function present(abs: string): Promise<boolean> {
  try {
    await fs.lstat(abs);
    return true;
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return false;
    throw err;
  }
}

/**
 * The output path `out` (relative to the working folder or absolute) with
 * its folder spelled as its real path, for callers whose path may hold
 * links on purpose (the CLI: `/tmp` a link on macOS). Hosts pass their
 * confined real paths as they are. When the folder cannot be resolved
 * (missing), the absolute path as it is (the writers then answer
 * `not-found`). Never throws.
 */
export async function realOutputPath(out: string): Promise<string> {
  const abs = resolve(out);
  try {
    return join(await fs.realpath(dirname(abs)), basename(abs));
  } catch {
    return abs;
  }
}

/**
 * Where an output goes: `target`'s folder must be its own real path (the
 * callers pass confined real paths, or `realOutputPath`): it is never
 * resolved again here, since a link swapped in since would lead out.
 * Answers the parts, or `not-found` / `forbidden` / `io`.
 */
async function whereOf(target: string, label: string): Promise<{ parent: string; dest: string; name: string } | HostError> {
  const parent = dirname(target);
  try {
    await assertRealDir(parent);
  } catch (err) {
    if (err instanceof FolderMoved) return moved(label);
    if (errnoCode(err) === 'ENOENT' || errnoCode(err) === 'ENOTDIR')
      return { ok: false, code: 'not-found', message: `Cannot write ${label}: its folder does not exist.` };
    return ioError(err, label, 'write');
  }
  return { parent, dest: target, name: basename(target) };
}

/**
 * Writes a new folder at `target` (its folder a real path: a confined path
 * of a host, or `realOutputPath`) all-or-nothing (see the module doc):
 * `build(stage)` writes the files into the staging folder (a HostError
 * answer stops it), `verify(stagingDir, tick)` checks the written folder
 * (e.g. re-loads the pack from it), then the folder is moved to `target`.
 * Answers `{ok: true, files, bytes}` or a HostError: `conflict` (the name
 * is taken, before or at the end), `forbidden` (a folder became a link),
 * `io` with `reason` (`read-only`, `disk-full`) and the cause, `not-found`
 * (the parent folder is missing), `verify-failed`, or what build / verify
 * answered. Messages name `opts.label`. On any failure nothing is left under
 * the target name and the staging folder is removed. Never throws.
 */
export async function writeNewFolder(
  target: string,
  build: (stage: Stage) => Promise<HostError | undefined>,
  verify: (stagingDir: string, tick: Yielder) => Promise<HostError | undefined>,
  opts: NewFolderOptions,
): Promise<{ ok: true; files: number; bytes: number } | HostError> {
  const label = opts.label;
  const where = await whereOf(target, label);
  if ('ok' in where) return where;
  const { parent, dest, name } = where;
  let staging: string | undefined;
  let ino = -1;
  let placed = false;
  const made = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let firstError: HostError | undefined;
  let files = 0;
  let bytes = 0;
  let touchedAt = Date.now();
  const turn = loopYielder();
  /** A turn of the loop when due, and the staging folder's heartbeat (its mtime, for the stale sweep) once a minute. */
  const tick: Yielder = async () => {
    await turn();
    if (staging !== undefined && Date.now() - touchedAt > HEARTBEAT_MS) {
      touchedAt = Date.now();
      await fs.lutimes(staging, new Date(), new Date()).catch(() => {});
    }
  };
  try {
    if (await present(dest)) return taken(label);
    await sweepOnce(parent);
    await assertRealDir(parent);
    const dir = join(parent, stagingNameOf(name));
    await fs.mkdir(dir);
    staging = dir;
    ino = (await fs.lstat(dir)).ino;
    await assertRealDir(dir);

    /** Makes the folders of `rel` inside the staging folder, each checked before and after. */
    const ensureFolders = async (rel: string): Promise<void> => {
      const parts = rel.split('/').slice(0, -1);
      let cur = dir;
      for (const part of parts) {
        const next = join(cur, part);
        if (!made.has(next)) {
          await assertRealDir(cur);
          await fs.mkdir(next);
          made.add(next);
          await assertRealDir(next);
        }
        cur = next;
      }
    };
    const writeOne = async (rel: string, data: string | Uint8Array, index: number): Promise<void> => {
      const path = join(dir, ...rel.split('/'));
      const fileLabel = posix.join(label, rel);
      const w = await writeFileVerified(path, data, { confineDir: true, lockHeld: true, noReplace: true, label: fileLabel });
      if (!w.ok) throw new StageFailed(w.code === 'verify-failed' ? { ...w, message: w.message.split(path).join(fileLabel) } : w);
      // After the write: its folder (and so the staging folder and the parent) is still real.
      await assertRealDir(dirname(path));
      bytes += w.bytes;
      await opts.hooks?.afterFile?.(index, path);
    };
    const stage: Stage = {
      dir,
      tick,
      async write(rel, data) {
        if (firstError) throw new StageFailed(firstError);
        if (rel.split('/').some((s) => s === '' || s === '.' || s === '..')) throw new Error(`bad staged path ${rel}`);
        await ensureFolders(rel);
        await tick();
        while (inFlight.size >= WRITES_IN_FLIGHT) await Promise.race(inFlight);
        if (firstError) throw new StageFailed(firstError);
        const index = files++;
        const p: Promise<void> = writeOne(rel, data, index)
          .catch((err: unknown) => {
            firstError ??= answerOf(err, label);
          })
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      },
    };

    let refused: HostError | undefined;
    try {
      refused = await build(stage);
    } catch (err) {
      refused = err instanceof StageFailed ? err.answer : undefined;
      if (!refused) throw err;
    }
    await Promise.all(inFlight);
    if (firstError) return await failed(firstError, parent, dir, label);
    if (refused) return refused;
    // The check reads through the staging folder: it must still be this call's own folder, before and after.
    await assertRealDir(dir);
    const bad = await verify(dir, tick);
    if (bad) return await failed(bad, parent, dir, label);
    for (const d of made) await fsyncDir(d);
    await fsyncDir(dir);
    await opts.hooks?.beforePlace?.(dir);
    // Place: the parent and the staging folder are still real and ours, the name still free.
    await assertRealDir(parent);
    await assertRealDir(dir);
    if ((await fs.lstat(dir)).ino !== ino) return moved(label);
    if (await present(dest)) return taken(label);
    try {
      await fs.rename(dir, dest);
    } catch (err) {
      const code = errnoCode(err);
      if (code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOTDIR' || code === 'EISDIR') return taken(label);
      throw err;
    }
    placed = true;
    await fsyncDir(parent);
    const st = await fs.lstat(dest);
    if (!st.isDirectory() || st.ino !== ino || !(await isRealDir(dest))) {
      // Not what was built: put it back under the staging name (then removed) and fail.
      if (st.ino === ino) {
        await fs.rename(dest, dir).catch(() => {});
        placed = false;
      }
      return moved(label);
    }
    return { ok: true, files, bytes };
  } catch (err) {
    return await failed(answerOf(err, label), parent, staging, label);
  } finally {
    await Promise.allSettled([...inFlight]);
    if (staging && !placed) await removeOwn(parent, staging, ino);
  }
}

/** The answer for a failure: `forbidden` when the parent is no longer real, else `answer`. */
async function failed(answer: HostError, parent: string, staging: string | undefined, label: string): Promise<HostError> {
  if (answer.code === 'forbidden') return answer;
  if (!(await isRealDir(parent)) || (staging !== undefined && !(await isRealDir(staging)))) return moved(label);
  return answer;
}

/** A HostError for what was thrown while writing `label`. */
function answerOf(err: unknown, label: string): HostError {
  if (err instanceof StageFailed) return err.answer;
  if (err instanceof FolderMoved) return moved(label);
  return ioError(err, label, 'write');
}

/** Removes the staging folder, only while it is still this call's own (same inode, real parent). Never throws. */
async function removeOwn(parent: string, staging: string, ino: number): Promise<void> {
  try {
    if (!(await isRealDir(parent))) return;
    const st = await fs.lstat(staging);
    if (!st.isDirectory() || st.ino !== ino) return;
    await fs.rm(staging, { recursive: true, force: true });
  } catch {
    // gone already, or left for the stale sweep
  }
}

export interface NewFileOptions {
  /** The target as the user named it (messages name it). */
  label: string;
  /** Replace an existing file (the CLI's `--force`); default: never replace (`conflict`). */
  replace?: boolean;
  /** Checks the verified temp file's bytes before they are placed (atomic-file.ts `checkTemp`). */
  checkTemp?: (bytes: Buffer) => Promise<HostError | undefined> | HostError | undefined;
  /** Test hook: after the temp file is written (atomic-file.ts `afterTempWrite`). */
  afterTempWrite?: (tempPath: string) => Promise<void> | void;
}

/**
 * Writes one output file at `target` (its folder a real path, as for
 * `writeNewFolder`; see the module doc): the verified
 * atomic write with the folder's real path checked before and after each
 * step, placed without replacing anything unless `replace`. Answers
 * `{ok: true, bytes}` or a HostError: `conflict`, `forbidden`, `io` with
 * `reason` and the cause, `not-found` (the folder is missing),
 * `verify-failed`, or what `checkTemp` answered. Never throws.
 */
export async function writeNewFile(target: string, data: string | Uint8Array, opts: NewFileOptions): Promise<{ ok: true; bytes: number } | HostError> {
  const label = opts.label;
  const where = await whereOf(target, label);
  if ('ok' in where) return where;
  const { parent, dest } = where;
  try {
    if (!opts.replace && (await present(dest)))
      return { ok: false, code: 'conflict', message: `${label} already exists; it was left unchanged (choose a new name).` };
    await assertRealDir(parent);
  } catch (err) {
    return answerOf(err, label);
  }
  const w = await writeFileVerified(dest, data, {
    confineDir: true,
    label,
    ...(opts.replace ? {} : { noReplace: true }),
    ...(opts.checkTemp ? { checkTemp: opts.checkTemp } : {}),
    ...(opts.afterTempWrite ? { afterTempWrite: opts.afterTempWrite } : {}),
  });
  if (!w.ok) {
    const answer = w.code === 'verify-failed' ? { ...w, message: w.message.split(dest).join(label) } : w;
    return failed(answer.code === 'forbidden' ? moved(label) : answer, parent, undefined, label);
  }
  if (!(await isRealDir(parent))) return moved(label);
  return w;
}
