/**
 * Where the host pack methods (pack-host-api.ts, pack-verify.ts) may read
 * and write, and how a pack is loaded through those checks.
 *
 * Path confinement: every path goes through `ctx.resolvePath`, exactly the
 * check the core methods use (serve: inside the workspace, no links out, no
 * writes into `.castellan`; Electron: granted roots). That check accepts
 * `*.level.json` names only, so a folder is confined by resolving a probe
 * name inside it (`<folder>/.castellan-probe.level.json`, for writing: the
 * folder must exist, its real path is checked) and taking the folder of the
 * answer; other files (`pack.json`, `*.pack.json`, `.svg`, `.png`) are that
 * confined folder plus a checked, portable name that must not be a link.
 * Level files of a pack are resolved one by one with `ctx.resolvePath`.
 */
import { promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { FileRevision, HostError, PackHostMethod } from '../../src-shared/host/contract.js';
import type { OpenedPack, PackRow } from '../../src-shared/host/pack-contract.js';
import type { Level } from '../../src-shared/model/level.js';
import { MAX_PACK_FILE_BYTES } from '../../src-shared/format/limits.js';
import { findAlike } from '../../src-shared/pack/duplicates.js';
import { markPairs, safeLevelHash, storedVerdict } from '../../src-shared/pack/rows.js';
import { errnoCode } from './atomic-file.js';
import { readRevision } from './file-revision.js';
import { badRequest, type HostContext } from './host-request.js';
import { Slicer } from './loop-slices.js';
import { loadPackLevels, parseManifest, type EntryReader, type LoadedPack, type LoadedPackLevel } from './pack-load.js';
import { unportableName } from './workspace.js';

/** The probe name used to confine a folder through `ctx.resolvePath` (never created). */
export const FOLDER_PROBE = '.castellan-probe.level.json';
/** FOLDER_PROBE with its path separator, as it appears in resolvePath's messages. */
const PROBE_IN_MESSAGE = /[\\/]?\.castellan-probe\.level\.json/g;
/** Largest pack.json or *.pack.json read (bytes): the format's stated limit (src-shared/format/limits.ts). */
export const MAX_PACK_BYTES = MAX_PACK_FILE_BYTES;

/** Joins an untrusted host path and a relative name with `/` ('' = the workspace root). */
export function joinHostPath(base: string, rel: string): string {
  if (base === '') return rel;
  return `${base.replace(/[\\/]+$/, '')}/${rel}`;
}

/** The parent of a host path (`a/b` -> `a`, `b` -> ''). */
export function parentHostPath(p: string): string {
  const t = p.replace(/[\\/]+$/, '');
  const i = Math.max(t.lastIndexOf('/'), t.lastIndexOf('\\'));
  if (i < 0) return '';
  if (i === 0) return t.slice(0, 1);
  return t.slice(0, i);
}

/** The last segment of a host path (`a/b/` -> `b`). */
export function lastSegment(p: string): string {
  const t = p.replace(/[\\/]+$/, '');
  return t.slice(Math.max(t.lastIndexOf('/'), t.lastIndexOf('\\')) + 1);
}

/** A `forbidden` answer with `message`. */
export function forbidden(message: string): HostError {
  return { ok: false, code: 'forbidden', message };
}

/** The confined real path of an existing folder named by an untrusted host path. */
export async function confineFolder(ctx: HostContext, p: string): Promise<string | HostError> {
  const probe = ctx.resolvePath(joinHostPath(p, FOLDER_PROBE), true);
  if (typeof probe !== 'string') {
    if (probe.code === 'not-found') return { ok: false, code: 'not-found', message: `The folder ${p || '(workspace)'} does not exist.` };
    // The probe is our own device: speak of the folder the user named.
    const msg = probe.message.replace(PROBE_IN_MESSAGE, '');
    return { ...probe, message: msg.includes(p) || p === '' ? msg : `${msg} (${p})` };
  }
  if (basename(probe) !== FOLDER_PROBE) return forbidden(`The folder ${p} cannot be used (${FOLDER_PROBE} in it is a link).`);
  const dir = dirname(probe);
  try {
    const st = await fs.stat(dir);
    if (!st.isDirectory()) return forbidden(`${p} is not a folder.`);
  } catch (e) {
    return errnoCode(e) === 'ENOENT' || errnoCode(e) === 'ENOTDIR'
      ? { ok: false, code: 'not-found', message: `The folder ${p} does not exist.` }
      : { ok: false, code: 'io', message: `Cannot read the folder ${p}: ${String(e)}` };
  }
  return dir;
}

/** Checks a file or folder name the host creates or opens beside others. */
export function checkName(name: string, what: string): HostError | undefined {
  if (name === '' || name === '.' || name === '..') return forbidden(`${what}: an empty name or "." / "..".`);
  if (name.startsWith('.')) return forbidden(`${what}: names starting with "." are hidden and not used here (${JSON.stringify(name)}).`);
  if (name.length > 120) return forbidden(`${what}: the name is longer than 120 characters.`);
  const bad = unportableName(name);
  if (bad) return forbidden(`${what}: the name ${JSON.stringify(name)} is not portable: it contains ${bad}.`);
  return undefined;
}

/**
 * A file inside a confined folder: `p` = `<folder>/<name>`, `name` must end
 * with one of `suffixes` (or equal one of `exact`). The answered path is
 * the confined folder + name; a link there is refused (never followed).
 * `mustExist`: answers `not-found` when it does not exist.
 */
export async function confineFile(
  ctx: HostContext,
  p: string,
  o: { suffixes?: string[]; exact?: string[]; mustExist: boolean; what: string },
): Promise<string | HostError> {
  if (p.length === 0 || p.length > 4096) return badRequest(`${o.what}: the path must be a non-empty string of at most 4096 characters.`);
  const name = lastSegment(p);
  const okName = (o.exact ?? []).includes(name) || (o.suffixes ?? []).some((s) => name.toLowerCase().endsWith(s) && name.length > s.length);
  if (!okName) {
    const allowed = [...(o.exact ?? []), ...(o.suffixes ?? []).map((s) => `*${s}`)].join(', ');
    return forbidden(`${o.what}: only ${allowed} can be used here, not ${JSON.stringify(name)}.`);
  }
  const bad = checkName(name, o.what);
  if (bad) return bad;
  const dir = await confineFolder(ctx, parentHostPath(p));
  if (typeof dir !== 'string') return dir;
  const full = join(dir, name);
  try {
    const st = await fs.lstat(full);
    if (st.isSymbolicLink()) return forbidden(`${o.what}: ${p} is a link; links are not followed here.`);
    if (st.isDirectory()) return forbidden(`${o.what}: ${p} is a folder.`);
  } catch (e) {
    if (errnoCode(e) !== 'ENOENT') return { ok: false, code: 'io', message: `Cannot read ${p}: ${String(e)}` };
    if (o.mustExist) return { ok: false, code: 'not-found', message: `${p} does not exist.` };
  }
  return full;
}

/** True when something (a file, a folder, a link) is at the absolute path `abs`. */
export async function exists(abs: string): Promise<boolean> {
  try {
    await fs.lstat(abs);
    return true;
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------ loading

/** A pack loaded through the confinement checks, with where it lives and its revision. */
export interface ConfinedPack {
  loaded: LoadedPack;
  /** Absolute path of pack.json / the pack file. */
  packFile: string;
  /** The confined pack folder (folder form) or the file's folder. */
  dir: string;
  revision: FileRevision;
  reqPath: string;
  /** Host path of each row's level file (folder form). */
  levelPaths: (string | undefined)[];
  /** The stored rows (no solving, duplicates marked), computed once by loadConfined; `storedRows` answers copies. */
  rows: PackRow[];
}

/** True for a host path naming an exported single-file pack (`*.pack.json`). */
export function isPackFilePath(p: string): boolean {
  return lastSegment(p).toLowerCase().endsWith('.pack.json');
}

/** A pack entry's file name is usable: relative, `/`-separated, inside the folder, a level file. */
export function entryFileProblem(file: string): string | undefined {
  if (file.length === 0 || file.length > 1024) return 'an empty or too long file name';
  if (file.startsWith('/') || /^[A-Za-z]:/.test(file) || file.includes('\\') || file.includes('\0')) return 'an absolute path or a backslash';
  if (file.split('/').some((s) => s === '..' || s === '.' || s === '')) return 'a "..", "." or empty segment';
  if (!file.endsWith('.level.json')) return 'a name that does not end in .level.json';
  return undefined;
}

/**
 * Loads the pack at the host path `reqPath` (a folder with pack.json, or a
 * `*.pack.json` file): the manifest checked, each level read through
 * `ctx.resolvePath` and validated (a level that cannot be used gets an
 * `error`, the pack still loads). Answers a HostError when the pack itself
 * cannot be read (`forbidden`, `not-found`, `parse`, `io`).
 */
export async function loadConfined(ctx: HostContext, method: PackHostMethod, reqPath: string): Promise<ConfinedPack | HostError> {
  const form: 'folder' | 'file' = isPackFilePath(reqPath) ? 'file' : 'folder';
  let packFile: string | HostError;
  let dir: string;
  if (form === 'file') {
    packFile = await confineFile(ctx, reqPath, { suffixes: ['.pack.json'], mustExist: true, what: method });
    if (typeof packFile !== 'string') return packFile;
    dir = dirname(packFile);
  } else {
    const d = await confineFolder(ctx, reqPath);
    if (typeof d !== 'string') return d;
    dir = d;
    packFile = await confineFile(ctx, joinHostPath(reqPath, 'pack.json'), { exact: ['pack.json'], mustExist: true, what: method });
    if (typeof packFile !== 'string') {
      return packFile.code === 'not-found' ? { ok: false, code: 'not-found', message: `${reqPath} is not a pack folder (it has no pack.json).` } : packFile;
    }
  }
  const rev = await readRevision(packFile, MAX_PACK_BYTES);
  if (rev === null) return { ok: false, code: 'not-found', message: `${reqPath} does not exist.` };
  if ('ok' in rev) return rev;
  const parsed = await parseManifest(rev.bytes.toString('utf8'));
  if (!parsed.ok) {
    const i = parsed.issues[0];
    return {
      ok: false,
      code: 'parse',
      message: `${reqPath} is not a Castellan pack: ${i ? `${i.pointer ? `${i.pointer}: ` : ''}${i.message}` : 'schema check failed'}`,
      issues: parsed.issues,
    };
  }
  const levelPaths = parsed.pack.levels.map((e) => (form === 'folder' && 'file' in e ? joinHostPath(reqPath, e.file) : undefined));
  const reader: EntryReader = {
    resolve(file) {
      const problem = entryFileProblem(file);
      if (problem) return Promise.resolve({ ok: false, error: `the entry's file has ${problem}` });
      const resolved = ctx.resolvePath(joinHostPath(reqPath, file), false);
      return Promise.resolve(typeof resolved === 'string' ? { ok: true, path: resolved } : { ok: false, error: resolved.message });
    },
  };
  // The host keeps the levels it examined: opening the pack again, verifying or exporting it reads only changed files.
  const loaded = await loadPackLevels(parsed, form, dir, reader, { cache: true });
  const c: ConfinedPack = { loaded, packFile, dir, revision: rev.revision, reqPath, levelPaths, rows: [] };
  c.rows = await storedRowsOf(c);
  return c;
}

/** The row of a level before any verdict (`pending`): index, name, path, title, tier, level hash. */
export function baseRow(c: ConfinedPack, l: LoadedPackLevel): PackRow {
  const path = c.levelPaths[l.index];
  const hash = l.error ? undefined : (l.hash ?? safeLevelHash(l.level));
  return {
    index: l.index,
    name: l.name,
    ...(path !== undefined ? { path } : {}),
    title: l.title,
    ...(l.tier !== undefined ? { tier: l.tier } : {}),
    status: 'pending',
    detail: '',
    ...(hash ? { levelHash: hash } : {}),
  };
}

/** Rows with the stored status (no solving) and duplicates marked, as loaded (copies). */
export function storedRows(c: ConfinedPack): PackRow[] {
  return c.rows.map((r) => ({ ...r }));
}

/** Computes the stored rows of a freshly loaded pack, in slices (loop-slices.ts); duplicates from the load's alike pairs. */
async function storedRowsOf(c: ConfinedPack): Promise<PackRow[]> {
  const slicer = new Slicer();
  const rows: PackRow[] = [];
  for (const l of c.loaded.levels) {
    rows.push({ ...baseRow(c, l), ...storedVerdict(l.level, l.issues, l.error, l.hash) });
    await slicer.tick();
  }
  return markPairs(
    rows,
    c.loaded.alike ??
      findAlike(
        usableLevels(c),
        c.loaded.levels.map((l) => l.hash),
      ),
  );
}

/** The levels that can be compared for duplicates (undefined where a level has an error). */
export function usableLevels(c: ConfinedPack): (Level | undefined)[] {
  return c.loaded.levels.map((l) => (l.level && !l.error ? l.level : undefined));
}

/** The `packOpen` answer of a loaded pack: manifest, stored rows, revision. */
export function opened(c: ConfinedPack): OpenedPack {
  return { ok: true, path: c.reqPath, form: c.loaded.form, pack: c.loaded.pack, rows: storedRows(c), revision: c.revision };
}

/**
 * The pack folder of packOpen / packCreate: `path` as requested (the
 * schema checked it: 1-4096 characters), or when absent, the folder chosen
 * in the host's dialog (Electron; `cancelled` when the user cancels), else
 * `bad-request` (serve has no dialog).
 */
export async function chosenPackPath(ctx: HostContext, method: 'packOpen' | 'packCreate', path: string | undefined): Promise<string | HostError> {
  if (path !== undefined) return path;
  if (!ctx.chooseFolder) return badRequest(`${method}: "path" is required.`);
  // Electron: no path given, ask for the folder (the dialog grants it).
  const chosen = await ctx.chooseFolder(method === 'packOpen' ? 'open-pack' : 'create-pack');
  if (chosen === undefined) return { ok: false, code: 'cancelled', message: `${method === 'packOpen' ? 'Open' : 'New'} pack was cancelled.` };
  return chosen;
}
