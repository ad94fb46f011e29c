/**
 * Pack manifest writes as saves (pack-host-api.ts `packCreate`, `packSave`,
 * `packAddLevel`) and the backups of pack.json (`packBackupList`,
 * `packBackupOpen`).
 *
 * Every change of a folder pack's pack.json runs under pack.json's
 * cross-process lock (file-lock.ts through atomic-file.ts `withWriteLock`,
 * `withPackLock`), honoured by every Castellan process (two serve hosts,
 * the desktop app). Inside it, `replaceManifest`:
 * 0. refuses a manifest larger than MAX_PACK_BYTES (`invalid`, issue
 *    `pack-too-large`: it could not be opened again);
 * 1. reads the current pack.json and checks it against the caller's
 *    expected revision (`conflict`, nothing written; `null` = must not
 *    exist yet);
 * 2. refuses a read-only pack.json (`io` / `read-only`, atomic-file.ts
 *    `readOnlyCause`);
 * 3. copies the bytes about to be replaced into the file's backup folder
 *    (`ctx.backupDirFor`, backups.ts, suffix `.pack.json`, the newest
 *    `ctx.backupCount` kept): a backup that cannot be written adds a
 *    `backup-failed` warning and does not stop the write, as for a level;
 * 4. writes the manifest with the verified atomic write (atomic-file.ts
 *    `writeFileVerified`: temp file, read back, rename, read back) and
 *    reads it once more: the answered revision is the one of the bytes
 *    written (`verify-failed` when they differ).
 * So every manifest a write acknowledged is on disk or in the backup ring
 * until `backupCount` newer writes push it out.
 *
 * `claimLevelFile` names a new level file of `<pack>/levels/` exclusively
 * (atomic-file.ts `claimNewFile`: a verified temp file linked to the first
 * free name), so two adders, in one process or two, never share a name.
 */
import { promises as fs } from 'node:fs';
import { parsePackText } from '../../src-shared/format/load.js';
import { serializePack } from '../../src-shared/format/serialize.js';
import type { FileRevision, HostError, HostResponses } from '../../src-shared/host/contract.js';
import type { PackFile } from '../../src-shared/model/level.js';
import { issue, type Issue } from '../../src-shared/validation/issue.js';
import { claimNewFile, readOnlyCause, readOnlyError, withWriteLock, writeFileVerified } from './atomic-file.js';
import { DEFAULT_BACKUP_COUNT, listBackups, readBackup, storeBackup } from './backups.js';
import { conflictError, readRevision, sameRevision } from './file-revision.js';
import { badRequest, handle, isHostError, type HostContext } from './host-request.js';
import { confineFile, isPackFilePath, joinHostPath, MAX_PACK_BYTES } from './pack-confine.js';

/** Longest title stem of a new level file's name (characters). */
const STEM_CHARS = 48;
/** How many names `claimLevelFile` tries (`stem`, `stem-2`, ... `stem-999`). */
export const MAX_NAME_TRIES = 999;

/** The file-name stem of a level title: ASCII, lower case, `-` between words, at most 48 characters; `level` when empty. */
export function levelFileStem(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, STEM_CHARS) || 'level'
  );
}

/** The candidate names of a new level file: `stem.level.json`, `stem-2.level.json`, ... up to MAX_NAME_TRIES. */
export function* levelFileNames(stem: string): Generator<string> {
  for (let k = 1; k <= MAX_NAME_TRIES; k++) yield `${stem}${k === 1 ? '' : `-${k}`}.level.json`;
}

/**
 * Runs `fn` holding pack.json's cross-process lock (`packFile`: its
 * confined absolute path; `label` names it in messages). A lock that stays
 * busy answers `io` (see `withWriteLock`); never throws unless `fn` does.
 */
export function withPackLock<T>(ctx: HostContext, packFile: string, label: string, fn: () => Promise<T>): Promise<T | HostError> {
  return withWriteLock(packFile, fn, { label, ...(ctx.confinedWrites ? { confineDir: true } : {}) });
}

/** A written manifest: the revision of the bytes on disk, and the write's warnings (`backup-failed`). */
export interface ManifestWritten {
  ok: true;
  revision: FileRevision;
  warnings: Issue[];
}

/**
 * Steps 1-4 of the module doc for `pack` at `packFile` (an absolute,
 * confined path; `label` names it in messages). Call with pack.json's lock
 * held (`withPackLock`). `expected`: undefined = no check, null = the file
 * must not exist, else its revision. Never throws.
 */
export async function replaceManifest(
  ctx: HostContext,
  packFile: string,
  label: string,
  pack: PackFile,
  expected: FileRevision | null | undefined,
): Promise<ManifestWritten | HostError> {
  const text = serializePack(pack);
  const size = Buffer.byteLength(text, 'utf8');
  if (size > MAX_PACK_BYTES) {
    // It could not be opened again (pack-confine.ts reads at most MAX_PACK_BYTES): refused before anything is written.
    const message = `Not saved: ${label} would be ${size} bytes, larger than the ${MAX_PACK_BYTES}-byte limit of a pack manifest (it could not be opened again).`;
    return { ok: false, code: 'invalid', message, issues: [issue('error', 'pack-too-large', message)] };
  }
  const cur = await readRevision(packFile, MAX_PACK_BYTES);
  if (cur !== null && 'ok' in cur) return cur;
  const curRev = cur === null ? null : cur.revision;
  if (expected !== undefined && !sameRevision(curRev, expected)) return conflictError(label, expected, curRev);
  const ro = await readOnlyCause(packFile);
  if (ro !== undefined) return readOnlyError(label, ro);
  const warnings: Issue[] = [];
  const dir = cur !== null ? ctx.backupDirFor?.(packFile) : undefined;
  if (cur !== null && dir !== undefined) {
    const b = await storeBackup(dir, cur.bytes, { keep: ctx.backupCount ?? DEFAULT_BACKUP_COUNT, suffix: '.pack.json' });
    if (!b.ok) warnings.push(issue('warning', 'backup-failed', `Saved, but the previous pack.json could not be kept as a backup: ${b.message}`));
  }
  const w = await writeFileVerified(packFile, text, { label, lockHeld: true, ...(ctx.confinedWrites ? { confineDir: true } : {}) });
  if (!w.ok) return w;
  const back = await readRevision(packFile, MAX_PACK_BYTES);
  if (back === null) return { ok: false, code: 'verify-failed', message: `${label} was written but is missing right after.` };
  if ('ok' in back) return back;
  if (!back.bytes.equals(Buffer.from(text, 'utf8'))) {
    return { ok: false, code: 'verify-failed', message: `${label} was written but reads back differently.` };
  }
  return { ok: true, revision: back.revision, warnings };
}

/**
 * Writes `text` (a level file) into the folder `levelsDir` (absolute,
 * confined; `label` its host path) under the first free name for `title`
 * (`levelFileStem`, `levelFileNames`), claimed exclusively (atomic-file.ts
 * `claimNewFile`). Answers the name, `conflict` when all names are taken,
 * or the write's HostError. Never throws.
 */
export async function claimLevelFile(
  ctx: HostContext,
  levelsDir: string,
  label: string,
  title: string,
  text: string,
): Promise<{ ok: true; name: string } | HostError> {
  const stem = levelFileStem(title);
  // Names seen taken are skipped without trying them (the claim itself still decides: EEXIST moves on).
  let seen = new Set<string>();
  try {
    seen = new Set((await fs.readdir(levelsDir)).map((n) => n.toLowerCase()));
  } catch {
    // unreadable: every name is tried
  }
  const names = (function* (): Generator<string> {
    for (const n of levelFileNames(stem)) if (!seen.has(n.toLowerCase())) yield n;
  })();
  const r = await claimNewFile(levelsDir, names, text, { label, ...(ctx.confinedWrites ? { confineDir: true } : {}) });
  if (!r.ok) return r.code === 'conflict' ? { ...r, message: `packAddLevel: no free file name for ${stem} in ${label}.` } : r;
  return { ok: true, name: r.name };
}

/** Where the backups of pack folder `p`'s pack.json are (undefined: this host keeps none), or a HostError. */
async function backupDirOf(
  ctx: HostContext,
  method: 'packBackupList' | 'packBackupOpen',
  p: string,
): Promise<{ dir: string | undefined; packFile: string } | HostError> {
  if (isPackFilePath(p)) {
    return badRequest(`${method}: ${p} is an exported single-file pack; exports are never replaced, so they have no backups (open the pack's folder).`);
  }
  const packFile = await confineFile(ctx, joinHostPath(p, 'pack.json'), { exact: ['pack.json'], mustExist: false, what: method });
  if (typeof packFile !== 'string') return packFile;
  return { dir: ctx.backupDirFor?.(packFile), packFile };
}

/**
 * The pack backup methods (src-shared/host/pack-contract.ts):
 * `packBackupList {path}` lists the backups of the pack folder's pack.json
 * newest first (none on a host without backups); `packBackupOpen {path,
 * id}` reads one (ids are backup names ending in `.pack.json`, anything
 * else is `bad-request`; a backup that is not a pack answers `parse`) with
 * the current pack.json's revision, to restore it with `packSave`.
 * Never throw.
 */
export function createPackBackupApi(ctx: HostContext): {
  packBackupList: (req: unknown) => Promise<HostResponses['packBackupList']>;
  packBackupOpen: (req: unknown) => Promise<HostResponses['packBackupOpen']>;
} {
  return {
    packBackupList: handle('packBackupList', async ({ path: p }) => {
      const where = await backupDirOf(ctx, 'packBackupList', p);
      if (isHostError(where)) return where;
      if (where.dir === undefined) return { ok: true as const, path: p, backups: [] };
      const all = await listBackups(where.dir);
      if (isHostError(all)) return all;
      return { ok: true as const, path: p, backups: all.filter((b) => b.id.endsWith('.pack.json')) };
    }),

    packBackupOpen: handle('packBackupOpen', async ({ path: p, id }) => {
      const where = await backupDirOf(ctx, 'packBackupOpen', p);
      if (isHostError(where)) return where;
      if (where.dir === undefined) return { ok: false, code: 'not-found', message: `There are no backups of ${p}/pack.json.` };
      const b = await readBackup(where.dir, id, MAX_PACK_BYTES, '.pack.json');
      if (!b.ok) return b;
      const parsed = parsePackText(b.text);
      if (!parsed.ok) {
        return {
          ok: false,
          code: 'parse',
          message: `Backup ${id} of ${p}/pack.json is not a pack: ${parsed.error[0]?.message ?? 'schema check failed'}`,
          issues: parsed.error,
        };
      }
      const cur = await readRevision(where.packFile, MAX_PACK_BYTES);
      if (cur !== null && 'ok' in cur) return cur;
      return { ok: true as const, path: p, pack: parsed.value, backup: b.item, revision: cur === null ? null : cur.revision };
    }),
  };
}
