/**
 * Backups on save: before a save replaces a file, the replaced
 * bytes are copied into the file's backup folder as
 * `<timestamp>[-<n>]<suffix>` (timestamp: UTC, `2024-05-01T10-00-00-123Z`,
 * portable on every OS; suffix: the file's own, `.level.json` for a level,
 * `.pack.json` for a pack's `pack.json`, see `backupSuffixOf`), and only the
 * newest N (default 10) are kept: a ring of the last N versions. A replaced
 * content identical to the newest backup is not stored twice.
 *
 * Backup folders (chosen by the host, never by the renderer):
 * - serve: `<workspace>/.castellan/backups/<workspace-relative path>/`
 * - Electron: `<userData>/backups/<file name>-<16 hex of sha256(abs path)>/`
 * - `castellan prove` (no host): `<folder of the file>/.castellan/backups/<file name>/`
 *   (`localBackupDir`): the serve layout with the file's own folder as the
 *   root, so for a file at the top of a workspace it is the very ring the
 *   editor's Versions shows.
 *
 * The host's own folder is `.castellan` (`STATE_FOLDER`); `isStateFolderName`
 * compares names with it as a case-insensitive file system would.
 *
 * Backups are written with the verified atomic write (atomic-file.ts). Ids
 * given back by the renderer (`backupOpen`) must match the backup name
 * pattern exactly, so they never name another file.
 */
import { promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { BackupItem, HostError } from '../../src-shared/host/contract.js';
import { ensureFolder, errnoCode, writeFileVerified } from './atomic-file.js';
import { readBoundedText } from './bounded-read.js';

/** How many backups of one file are kept by default. */
export const DEFAULT_BACKUP_COUNT = 10;

/** The hosts' own folder (serve: inside the workspace; `castellan prove`: beside the file) for backups, autosaves and session state. */
export const STATE_FOLDER = '.castellan';

/**
 * True when the path segment `name` names the state folder on some file
 * system: compared case-insensitively (macOS and Windows file systems
 * ignore case, so `.CASTELLAN` is the same folder) and without trailing
 * dots and spaces (Windows drops them: `.castellan.` is `.castellan`).
 */
export function isStateFolderName(name: string): boolean {
  return name.replace(/[. ]+$/, '').toLowerCase() === STATE_FOLDER;
}

/** The suffixes backups keep: a level file's, and a pack manifest's. */
export type BackupSuffix = '.level.json' | '.pack.json';

/** The backup suffix of the file at `path`: `.pack.json` for `pack.json` and `*.pack.json`, else `.level.json`. */
export function backupSuffixOf(path: string): BackupSuffix {
  const name = basename(path).toLowerCase();
  return name === 'pack.json' || name.endsWith('.pack.json') ? '.pack.json' : '.level.json';
}

/**
 * The backup folder `castellan prove` uses for the file at `file` (an
 * absolute path): `<its folder>/.castellan/backups/<its name>/`, the serve
 * layout with the file's folder as the workspace root.
 */
export function localBackupDir(file: string): string {
  return join(dirname(file), STATE_FOLDER, 'backups', basename(file));
}

const NAME = /^(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)(?:-(\d{1,4}))?(\.level\.json|\.pack\.json)$/;

/** The timestamp part of a backup name for `date`. */
export function backupStamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

interface Parsed {
  id: string;
  stamp: string;
  seq: number;
  suffix: BackupSuffix;
}

function parseName(name: string): Parsed | undefined {
  const m = NAME.exec(name);
  if (!m) return undefined;
  return { id: name, stamp: m[1]!, seq: m[2] === undefined ? 0 : Number(m[2]), suffix: m[3] as BackupSuffix };
}

/** ISO time of a stamp (`2024-05-01T10-00-00-123Z` -> `2024-05-01T10:00:00.123Z`). */
function stampToIso(stamp: string): string {
  return stamp.replace(/^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3}Z)$/, '$1:$2:$3.$4');
}

/** Newest first. */
function compareNewestFirst(a: Parsed, b: Parsed): number {
  if (a.stamp !== b.stamp) return a.stamp < b.stamp ? 1 : -1;
  return b.seq - a.seq;
}

async function entries(dir: string): Promise<Parsed[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return [];
    throw err;
  }
  return names
    .map(parseName)
    .filter((p): p is Parsed => p !== undefined)
    .sort(compareNewestFirst);
}

/** True when `id` is a well-formed backup id (a name this module writes), with `suffix` when given. */
export function isBackupId(id: unknown, suffix?: BackupSuffix): id is string {
  if (typeof id !== 'string') return false;
  const p = parseName(id);
  return p !== undefined && (suffix === undefined || p.suffix === suffix);
}

/**
 * Stores `bytes` (the content a save is about to replace) as the newest
 * backup in `dir` (created when missing), named with `opts.suffix` (default
 * `.level.json`), then deletes all but the newest `keep` (of every
 * suffix: one folder holds the backups of one file). Answers the new
 * backup's id (or the newest existing one when it already holds the same
 * bytes), or an `io` HostError (with `reason` `read-only` / `disk-full`
 * when that is the cause). Never throws.
 */
export async function storeBackup(
  dir: string,
  bytes: Buffer,
  opts: { keep?: number; now?: Date; suffix?: BackupSuffix } = {},
): Promise<{ ok: true; id: string; stored: boolean } | HostError> {
  const keep = Math.max(1, Math.floor(opts.keep ?? DEFAULT_BACKUP_COUNT));
  const suffix = opts.suffix ?? '.level.json';
  try {
    const made = await ensureFolder(dir, `the backup folder ${dir}`);
    if (!made.ok) return made;
    const existing = await entries(dir);
    const newest = existing[0];
    if (newest) {
      try {
        const prev = await fs.readFile(join(dir, newest.id));
        if (prev.equals(bytes)) return { ok: true, id: newest.id, stored: false };
      } catch {
        // unreadable newest backup: store a fresh one
      }
    }
    const stamp = backupStamp(opts.now ?? new Date());
    const taken = new Set(existing.filter((e) => e.stamp === stamp).map((e) => e.seq));
    let seq = 0;
    while (taken.has(seq)) seq++;
    const id = seq === 0 ? `${stamp}${suffix}` : `${stamp}-${seq}${suffix}`;
    const written = await writeFileVerified(join(dir, id), bytes.toString('utf8'));
    if (!written.ok) return written;
    // The ring: keep the newest `keep`, oldest pruned.
    const all = await entries(dir);
    for (const old of all.slice(keep)) {
      await fs.unlink(join(dir, old.id)).catch(() => {});
    }
    return { ok: true, id, stored: true };
  } catch (err) {
    return {
      ok: false,
      code: 'io',
      message: `Could not write a backup into ${dir}: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}

/** The backups in `dir`, newest first (a missing folder: none). Never throws. */
export async function listBackups(dir: string): Promise<BackupItem[] | HostError> {
  try {
    const out: BackupItem[] = [];
    for (const e of await entries(dir)) {
      try {
        const st = await fs.stat(join(dir, e.id));
        if (!st.isFile()) continue;
        out.push({ id: e.id, savedAt: stampToIso(e.stamp), bytes: st.size });
      } catch {
        // vanished meanwhile
      }
    }
    return out;
  } catch (err) {
    return { ok: false, code: 'io', message: `Could not list the backups in ${dir}: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/**
 * Reads backup `id` of `dir`: its text and item, `not-found`, `bad-request`
 * (malformed id, or one without `suffix` when given) or `io`. Never throws.
 */
export async function readBackup(
  dir: string,
  id: unknown,
  maxBytes: number,
  suffix?: BackupSuffix,
): Promise<{ ok: true; text: string; item: BackupItem } | HostError> {
  if (!isBackupId(id, suffix)) return { ok: false, code: 'bad-request', message: 'backupOpen: "id" is not a backup id.' };
  const p = parseName(id)!;
  const read = await readBoundedText(join(dir, id), { maxBytes });
  if (!read.ok) return read.code === 'not-found' ? { ok: false, code: 'not-found', message: `There is no backup ${id}.` } : read;
  return { ok: true, text: read.text, item: { id, savedAt: stampToIso(p.stamp), bytes: Buffer.byteLength(read.text) } };
}
