/**
 * The host pack methods (src-shared/host/pack-contract.ts, issue 5): the
 * editor's pack manager over the pack services (pack-files.ts planExport /
 * writeExport, the shared SolvePool, src-shared/pack/*).
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
 *
 * Every request is untrusted: shapes are checked (`shape`), answers are
 * HostErrors with codes (`bad-request`, `forbidden`, `not-found`, `parse`,
 * `invalid`, `conflict`, `io`, `limit`), and `guard` turns a throw into
 * `internal`. Nothing is ever deleted; exports and renders never overwrite;
 * pack.json is written atomically (writeFileVerified) with a revision check
 * (`expectedRevision` -> `conflict`). Manifest changes run one at a time.
 */
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { checkLevelObject, checkPackObject, packRulesetIssue, parsePackText } from '../../src-shared/format/load.js';
import { serializeLevel, serializePack } from '../../src-shared/format/serialize.js';
import { solutionIsCurrent } from '../../src-shared/format/level-hash.js';
import type { FileRevision, HostError, HostResponses, PackHostMethod } from '../../src-shared/host/contract.js';
import type { ListedPack, OpenedPack, PackRow } from '../../src-shared/host/pack-contract.js';
import { RULESETS, type Level, type PackFile } from '../../src-shared/model/level.js';
import { generateUkLevels, type GeneratedLevel } from '../../src-shared/rulesets/unlock-the-king/generate.js';
import { markDuplicates, safeLevelHash, storedVerdict } from '../../src-shared/pack/rows.js';
import { classifyLevel, type ProofOutcome } from '../../src-shared/pack/status.js';
import { renderLevelSvg } from '../../src-shared/render/svg.js';
import { validateDocument } from '../../src-shared/rulesets/index.js';
import { issue } from '../../src-shared/validation/issue.js';
import { svgToPng, writeNew } from '../cli/render.js';
import { errnoCode, readTextFile, writeFileVerified } from './atomic-file.js';
import { conflictError, isFileRevision, readRevision, sameRevision } from './file-revision.js';
import { badRequest, guard, isHostError, optionalBoolean, optionalInteger, optionalString, requiredString, shape, type HostContext, type Req } from './host-request.js';
import { MAX_LEVEL_FILE_BYTES } from './level-files.js';
import { planExport, proofOf, writeExport, type LoadedPack, type LoadedPackLevel } from './pack-files.js';
import type { WorkerSolveResult } from './solve-runner.js';
import { unportableName } from './workspace.js';

/** The probe name used to confine a folder through `ctx.resolvePath` (never created). */
export const FOLDER_PROBE = '.castellan-probe.level.json';
/** FOLDER_PROBE with its path separator, as it appears in resolvePath's messages. */
const PROBE_IN_MESSAGE = /[\\/]?\.castellan-probe\.level\.json/g;
/** Verify jobs kept at once (the oldest is cancelled beyond it). */
export const PACK_VERIFY_JOBS = 2;
/** A finished verify job is forgotten this many ms after it ended. */
export const PACK_VERIFY_TTL_MS = 120_000;
/** Optimal solutions counted per level when verifying (the metrics' cap). */
export const VERIFY_COUNT_SOLUTIONS = 100;
/** Wall-clock budget of one `suggestBlueprint` (ms). */
export const SUGGEST_DEADLINE_MS = 8_000;
/** Hill climbs one `suggestBlueprint` tries at most (one per derived seed). */
export const SUGGEST_CLIMBS = 40;
/** Largest pack.json read (bytes). */
const MAX_PACK_BYTES = 4 * 1024 * 1024;

type Method = PackHostMethod;

export interface PackHostOptions {
  /** Verify jobs kept at once (default PACK_VERIFY_JOBS). */
  maxJobs?: number;
  /** Forget finished jobs after this many ms (default PACK_VERIFY_TTL_MS). */
  ttlMs?: number;
  /** Wall-clock budget of suggestBlueprint (default SUGGEST_DEADLINE_MS). */
  suggestMs?: number;
}

// ------------------------------------------------------------------ paths

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

function lastSegment(p: string): string {
  const t = p.replace(/[\\/]+$/, '');
  return t.slice(Math.max(t.lastIndexOf('/'), t.lastIndexOf('\\')) + 1);
}

function forbidden(message: string): HostError {
  return { ok: false, code: 'forbidden', message };
}

/** The confined real path of an existing folder named by an untrusted host path. */
async function confineFolder(ctx: HostContext, p: string): Promise<string | HostError> {
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
function checkName(name: string, what: string): HostError | undefined {
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
async function confineFile(ctx: HostContext, p: string, o: { suffixes?: string[]; exact?: string[]; mustExist: boolean; what: string }): Promise<string | HostError> {
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

async function exists(abs: string): Promise<boolean> {
  try {
    await fs.lstat(abs);
    return true;
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------ loading

interface ConfinedPack {
  loaded: LoadedPack;
  /** Absolute path of pack.json / the pack file. */
  packFile: string;
  /** The confined pack folder (folder form) or the file's folder. */
  dir: string;
  revision: FileRevision;
  reqPath: string;
  /** Host path of each row's level file (folder form). */
  levelPaths: (string | undefined)[];
}

function isPackFilePath(p: string): boolean {
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

async function loadConfined(ctx: HostContext, method: Method, reqPath: string): Promise<ConfinedPack | HostError> {
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
  const text = rev.bytes.toString('utf8');
  const parsed = parsePackText(text);
  if (!parsed.ok) {
    const i = parsed.error[0];
    return { ok: false, code: 'parse', message: `${reqPath} is not a Castellan pack: ${i ? `${i.pointer ? `${i.pointer}: ` : ''}${i.message}` : 'schema check failed'}`, issues: parsed.error };
  }
  const pack = parsed.value;
  const levels: LoadedPackLevel[] = [];
  const levelPaths: (string | undefined)[] = [];
  for (const [index, entry] of pack.levels.entries()) {
    const base = { index, tier: entry.tier };
    let value: unknown;
    let name: string;
    if ('file' in entry) {
      name = entry.file;
      const hostPath = joinHostPath(reqPath, entry.file);
      levelPaths.push(form === 'folder' ? hostPath : undefined);
      const problem = entryFileProblem(entry.file);
      if (problem) {
        levels.push({ ...base, name, title: entry.title ?? name, issues: [], error: `the entry's file has ${problem}` });
        continue;
      }
      const resolved = ctx.resolvePath(hostPath, false);
      if (typeof resolved !== 'string') {
        levels.push({ ...base, name, title: entry.title ?? name, issues: [], error: resolved.message });
        continue;
      }
      const t = await readTextFile(resolved, { maxBytes: MAX_LEVEL_FILE_BYTES });
      if (!t.ok) {
        levels.push({ ...base, name, title: entry.title ?? name, issues: [], error: t.message });
        continue;
      }
      try {
        value = JSON.parse(t.text.charCodeAt(0) === 0xfeff ? t.text.slice(1) : t.text);
      } catch (e) {
        levels.push({ ...base, name, title: entry.title ?? name, issues: [], error: `not valid JSON: ${e instanceof Error ? e.message : String(e)}` });
        continue;
      }
    } else {
      name = `#${index + 1}`;
      levelPaths.push(undefined);
      value = entry.level;
    }
    const { level, issues } = validateDocument(value);
    const title = entry.title ?? level?.meta.title ?? name;
    if (!level) {
      levels.push({ ...base, name, title, issues, error: issues[0]?.message ?? 'not a level' });
      continue;
    }
    const mismatch = packRulesetIssue(pack.ruleset, level.ruleset, '/ruleset');
    if (mismatch) issues.push(mismatch);
    const firstError = issues.find((i) => i.severity === 'error');
    levels.push({ ...base, name, title, level, issues, ...(firstError ? { error: `${firstError.code}: ${firstError.message}` } : {}) });
  }
  return { loaded: { pack, form, root: dir, levels }, packFile, dir, revision: rev.revision, reqPath, levelPaths };
}

function baseRow(c: ConfinedPack, l: LoadedPackLevel): PackRow {
  const path = c.levelPaths[l.index];
  const hash = l.error ? undefined : safeLevelHash(l.level);
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

/** Rows with the stored status (no solving) and duplicates marked. */
function storedRows(c: ConfinedPack): PackRow[] {
  const rows = c.loaded.levels.map((l) => ({ ...baseRow(c, l), ...storedVerdict(l.level, l.issues, l.error) }));
  return markDuplicates(rows, usableLevels(c));
}

function usableLevels(c: ConfinedPack): (Level | undefined)[] {
  return c.loaded.levels.map((l) => (l.level && !l.error ? l.level : undefined));
}

function opened(c: ConfinedPack): OpenedPack {
  return { ok: true, path: c.reqPath, form: c.loaded.form, pack: c.loaded.pack, rows: storedRows(c), revision: c.revision };
}

// ------------------------------------------------------------------ verify jobs

interface VerifyJob {
  id: string;
  t0: number;
  total: number;
  done: number;
  rows: PackRow[];
  state: 'running' | 'done';
  ms: number;
  abort: AbortController;
  expiry?: ReturnType<typeof setTimeout>;
}



function optionalRevision(method: Method, req: Req): FileRevision | undefined | HostError {
  const v = req['expectedRevision'];
  if (v === undefined) return undefined;
  if (!isFileRevision(v)) return badRequest(`${method}: "expectedRevision" must be a revision {mtimeMs, size, sha256}.`);
  return v;
}

function slug(s: string): string {
  return (
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'level'
  );
}

/** Export problems (the CLI's rule): invalid, stale, draft levels; empty when clean. */
export function exportProblems(loaded: LoadedPack): string[] {
  const problems: string[] = [];
  for (const l of loaded.levels) {
    if (!l.level || l.error) problems.push(`#${l.index + 1} ${l.title}: invalid (${l.error ?? 'not a level'})`);
    else if (l.level.solution && !solutionIsCurrent(l.level)) problems.push(`#${l.index + 1} ${l.title}: stale solution`);
    else if (!l.level.solution || l.level.draft) problems.push(`#${l.index + 1} ${l.title}: draft (no proved solution)`);
  }
  return problems;
}

/** The pack methods (see the file comment). Never throw. */
export function createPackHostApi(ctx: HostContext, opts: PackHostOptions = {}): { [M in PackHostMethod]: (req: unknown) => Promise<HostResponses[M]> } {
  const jobs = new Map<string, VerifyJob>();
  const maxJobs = opts.maxJobs ?? PACK_VERIFY_JOBS;
  const ttlMs = opts.ttlMs ?? PACK_VERIFY_TTL_MS;
  const suggestMs = opts.suggestMs ?? SUGGEST_DEADLINE_MS;
  /** Manifest changes run one after the other. */
  let chain: Promise<unknown> = Promise.resolve();
  function serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  }

  function forget(job: VerifyJob): void {
    if (job.expiry) clearTimeout(job.expiry);
    jobs.delete(job.id);
  }

  async function pathOf(method: Method, req: Req, key = 'path'): Promise<string | HostError> {
    if (req[key] === undefined && key === 'path' && ctx.chooseFolder && (method === 'packOpen' || method === 'packCreate')) {
      // Electron: no path given, ask for the folder (the dialog grants it).
      const chosen = await ctx.chooseFolder(method === 'packOpen' ? 'open-pack' : 'create-pack');
      if (chosen === undefined) return { ok: false, code: 'cancelled', message: `${method === 'packOpen' ? 'Open' : 'New'} pack was cancelled.` };
      return chosen;
    }
    const p = requiredString(method, req, key);
    if (isHostError(p)) return p;
    if (p.length > 4096) return badRequest(`${method}: "${key}" is longer than 4096 characters.`);
    return p;
  }

  /** Writes pack.json of a folder pack after the revision check; answers the reloaded pack. */
  async function writeManifest(method: Method, c: ConfinedPack, pack: PackFile, expected: FileRevision | undefined): Promise<OpenedPack | HostError> {
    const cur = await readRevision(c.packFile, MAX_PACK_BYTES);
    if (cur !== null && 'ok' in cur) return cur;
    const curRev = cur === null ? null : cur.revision;
    if (expected !== undefined && !sameRevision(curRev, expected)) return conflictError(`${c.reqPath}/pack.json`, expected, curRev);
    const w = await writeFileVerified(c.packFile, serializePack(pack), ctx.confinedWrites ? { confineDir: true } : {});
    if (!w.ok) return w;
    const again = await loadConfined(ctx, method, c.reqPath);
    if (isHostError(again)) return again;
    return opened(again);
  }

  async function loadFolderPack(method: Method, p: string): Promise<ConfinedPack | HostError> {
    const c = await loadConfined(ctx, method, p);
    if (isHostError(c)) return c;
    if (c.loaded.form !== 'folder') return badRequest(`${method}: ${p} is an exported single-file pack; open its folder form to edit it (export writes one).`);
    return c;
  }

  return {
    packList: guard('packList', async (raw) => {
      const req = shape('packList', raw, [], true);
      if (isHostError(req)) return req;
      const root = await confineFolder(ctx, '');
      if (typeof root !== 'string') return { ok: true as const, packs: [] }; // no workspace root (Electron): nothing to list
      const packs: ListedPack[] = [];
      const summary = async (abs: string, path: string, form: 'folder' | 'file'): Promise<void> => {
        const t = await readTextFile(abs, { maxBytes: MAX_PACK_BYTES });
        if (!t.ok) return;
        const parsed = parsePackText(t.text);
        if (!parsed.ok) return;
        packs.push({ path, title: parsed.value.title, ruleset: parsed.value.ruleset, form, levels: parsed.value.levels.length });
      };
      const walk = async (dir: string, depth: number): Promise<void> => {
        if (depth > 6 || packs.length >= 500) return;
        let entries: import('node:fs').Dirent[];
        try {
          entries = await fs.readdir(dir, { withFileTypes: true });
        } catch {
          return;
        }
        const rel = (name: string): string => relative(root, join(dir, name)).split(sep).join('/');
        for (const e of entries) {
          if (e.name.startsWith('.') || e.name === 'node_modules') continue;
          if (e.isFile() && e.name === 'pack.json') await summary(join(dir, e.name), relative(root, dir).split(sep).join('/'), 'folder');
          else if (e.isFile() && e.name.endsWith('.pack.json')) await summary(join(dir, e.name), rel(e.name), 'file');
          else if (e.isDirectory()) await walk(join(dir, e.name), depth + 1);
        }
      };
      await walk(root, 0);
      packs.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      return { ok: true as const, packs };
    }),

    packOpen: guard('packOpen', async (raw) => {
      const req = shape('packOpen', raw, ['path']);
      if (isHostError(req)) return req;
      const p = await pathOf('packOpen', req);
      if (isHostError(p)) return p;
      const c = await loadConfined(ctx, 'packOpen', p);
      if (isHostError(c)) return c;
      return opened(c);
    }),

    packCreate: guard('packCreate', async (raw) => {
      const req = shape('packCreate', raw, ['path', 'title', 'ruleset']);
      if (isHostError(req)) return req;
      const p = await pathOf('packCreate', req);
      if (isHostError(p)) return p;
      const title = requiredString('packCreate', req, 'title');
      if (isHostError(title)) return title;
      if (title.length > 200) return badRequest('packCreate: "title" is longer than 200 characters.');
      const ruleset = req['ruleset'];
      if (typeof ruleset !== 'string' || !(RULESETS as readonly string[]).includes(ruleset)) {
        return badRequest(`packCreate: "ruleset" must be one of ${RULESETS.join(', ')}.`);
      }
      if (isPackFilePath(p)) return badRequest('packCreate: a new pack is a folder; *.pack.json files are written by export.');
      return serial(async () => {
        // Find the deepest existing folder, then create the missing ones (at most 4) one by one.
        const missing: string[] = [];
        let cur = p;
        let base: string | HostError;
        for (;;) {
          base = await confineFolder(ctx, cur);
          if (typeof base === 'string') break;
          if (base.code !== 'not-found' || cur === '' || missing.length >= 4) return base;
          missing.unshift(lastSegment(cur));
          const up = parentHostPath(cur);
          if (up === cur) return base;
          cur = up;
        }
        if (missing.length === 0) return { ok: false as const, code: 'conflict' as const, message: `${p} already exists; a new pack needs a new folder.` };
        for (const m of missing) {
          const bad = checkName(m, 'packCreate');
          if (bad) return bad;
        }
        let dir = base;
        try {
          for (const m of missing) {
            dir = join(dir, m);
            await fs.mkdir(dir);
          }
          await fs.mkdir(join(dir, 'levels'));
        } catch (e) {
          if (errnoCode(e) === 'EEXIST') return { ok: false as const, code: 'conflict' as const, message: `${p} was created by someone else meanwhile.` };
          return { ok: false as const, code: 'io' as const, message: `Could not create ${p}: ${e instanceof Error ? e.message : String(e)}` };
        }
        const pack: PackFile = { format: 'castellan.pack', version: 1, title, ruleset: ruleset as PackFile['ruleset'], levels: [] };
        const w = await writeFileVerified(join(dir, 'pack.json'), serializePack(pack), ctx.confinedWrites ? { confineDir: true } : {});
        if (!w.ok) return w;
        const c = await loadConfined(ctx, 'packCreate', p);
        if (isHostError(c)) return c;
        return opened(c);
      });
    }),

    packSave: guard('packSave', async (raw) => {
      const req = shape('packSave', raw, ['path', 'pack', 'expectedRevision']);
      if (isHostError(req)) return req;
      const p = await pathOf('packSave', req);
      if (isHostError(p)) return p;
      const expected = optionalRevision('packSave', req);
      if (isHostError(expected)) return expected;
      if (req['pack'] === undefined) return badRequest('packSave: "pack" is required.');
      const checked = checkPackObject(req['pack']);
      if (!checked.ok) return { ok: false, code: 'invalid', message: `packSave: the manifest is not a pack: ${checked.error[0]?.message ?? 'schema check failed'}`, issues: checked.error };
      const pack = checked.value;
      for (const [i, e] of pack.levels.entries()) {
        if (!('file' in e)) return badRequest(`packSave: entry ${i + 1} embeds a level; a pack folder's entries name files.`);
        const problem = entryFileProblem(e.file);
        if (problem) return forbidden(`packSave: entry ${i + 1} (${JSON.stringify(e.file)}) has ${problem}.`);
      }
      return serial(async () => {
        const c = await loadFolderPack('packSave', p);
        if (isHostError(c)) return c;
        if (pack.ruleset !== c.loaded.pack.ruleset && c.loaded.levels.length > 0 && pack.levels.length > 0) {
          return badRequest(`packSave: the pack's ruleset is ${c.loaded.pack.ruleset}; it cannot change while it holds levels.`);
        }
        return writeManifest('packSave', c, pack, expected);
      });
    }),

    packAddLevel: guard('packAddLevel', async (raw) => {
      const req = shape('packAddLevel', raw, ['path', 'source', 'document', 'tier', 'expectedRevision']);
      if (isHostError(req)) return req;
      const p = await pathOf('packAddLevel', req);
      if (isHostError(p)) return p;
      const source = optionalString('packAddLevel', req, 'source');
      if (isHostError(source)) return source;
      const tier = optionalString('packAddLevel', req, 'tier');
      if (isHostError(tier)) return tier;
      if (tier !== undefined && tier.length > 60) return badRequest('packAddLevel: "tier" is longer than 60 characters.');
      const expected = optionalRevision('packAddLevel', req);
      if (isHostError(expected)) return expected;
      if ((source === undefined) === (req['document'] === undefined)) return badRequest('packAddLevel: give exactly one of "source" (a level file) and "document".');
      let text: string;
      let level: Level;
      /** The source file's confined path (a file already inside the pack folder is referenced, not copied). */
      let sourceResolved: string | undefined;
      if (source !== undefined) {
        const resolved = ctx.resolvePath(source, false);
        if (typeof resolved !== 'string') return resolved;
        sourceResolved = resolved;
        const t = await readTextFile(resolved, { maxBytes: MAX_LEVEL_FILE_BYTES });
        if (!t.ok) return t;
        let value: unknown;
        try {
          value = JSON.parse(t.text.charCodeAt(0) === 0xfeff ? t.text.slice(1) : t.text);
        } catch (e) {
          return { ok: false, code: 'parse', message: `${source} is not JSON: ${e instanceof Error ? e.message : String(e)}` };
        }
        const lv = checkLevelObject(value);
        if (!lv.ok) return { ok: false, code: 'invalid', message: `${source} is not a level: ${lv.error[0]?.message ?? 'schema check failed'}`, issues: lv.error };
        level = lv.value;
        text = t.text;
      } else {
        const lv = checkLevelObject(req['document']);
        if (!lv.ok) return { ok: false, code: 'invalid', message: `packAddLevel: the document is not a level: ${lv.error[0]?.message ?? 'schema check failed'}`, issues: lv.error };
        level = lv.value;
        text = serializeLevel(level);
      }
      return serial(async () => {
        const c = await loadFolderPack('packAddLevel', p);
        if (isHostError(c)) return c;
        const mismatch = packRulesetIssue(c.loaded.pack.ruleset, level.ruleset, '/ruleset');
        if (mismatch) return { ok: false, code: 'invalid', message: mismatch.message, issues: [mismatch] };
        if (expected !== undefined && !sameRevision(c.revision, expected)) return conflictError(`${p}/pack.json`, expected, c.revision);
        if (sourceResolved !== undefined) {
          const rel = relative(c.dir, sourceResolved);
          if (rel !== '' && !rel.startsWith('..') && !rel.split(sep).includes('..') && !/^[A-Za-z]:|^\//.test(rel)) {
            // Already inside the pack folder: list that file itself (no copy that later edits would miss).
            const fileRel = rel.split(sep).join('/');
            const at = c.loaded.pack.levels.findIndex((e) => 'file' in e && e.file === fileRel);
            if (at >= 0) return { ok: false, code: 'conflict', message: `${fileRel} is already level #${at + 1} of this pack.` };
            const entry = { file: fileRel, ...(tier !== undefined ? { tier } : {}) };
            const pack: PackFile = { ...c.loaded.pack, levels: [...c.loaded.pack.levels, entry] };
            const r = await writeManifest('packAddLevel', c, pack, c.revision);
            if (isHostError(r)) return r;
            return { ...r, added: entry.file };
          }
        }
        const levelsDir = join(c.dir, 'levels');
        try {
          const st = await fs.lstat(levelsDir);
          if (st.isSymbolicLink() || !st.isDirectory()) return forbidden(`packAddLevel: ${p}/levels is not a plain folder.`);
        } catch (e) {
          if (errnoCode(e) !== 'ENOENT') return { ok: false, code: 'io', message: `Cannot read ${p}/levels: ${String(e)}` };
          await fs.mkdir(levelsDir);
        }
        const stem = slug(level.meta.title);
        let file = '';
        for (let k = 1; k < 1000; k++) {
          const name = `${stem}${k === 1 ? '' : `-${k}`}.level.json`;
          if (!(await exists(join(levelsDir, name)))) {
            file = name;
            break;
          }
        }
        if (!file) return { ok: false, code: 'conflict', message: `packAddLevel: no free file name for ${stem} in ${p}/levels.` };
        const w = await writeFileVerified(join(levelsDir, file), text, ctx.confinedWrites ? { confineDir: true } : {});
        if (!w.ok) return w;
        const entry = { file: `levels/${file}`, ...(tier !== undefined ? { tier } : {}) };
        const pack: PackFile = { ...c.loaded.pack, levels: [...c.loaded.pack.levels, entry] };
        const r = await writeManifest('packAddLevel', c, pack, c.revision);
        if (isHostError(r)) return r;
        return { ...r, added: entry.file };
      });
    }),

    packVerifyStart: guard('packVerifyStart', async (raw) => {
      const req = shape('packVerifyStart', raw, ['path', 'maxStates', 'timeMs']);
      if (isHostError(req)) return req;
      const p = await pathOf('packVerifyStart', req);
      if (isHostError(p)) return p;
      const maxStates = optionalInteger('packVerifyStart', req, 'maxStates', 1, 100_000_000);
      if (isHostError(maxStates)) return maxStates;
      const timeMs = optionalInteger('packVerifyStart', req, 'timeMs', 1, 10 * 60_000);
      if (isHostError(timeMs)) return timeMs;
      const c = await loadConfined(ctx, 'packVerifyStart', p);
      if (isHostError(c)) return c;
      while (jobs.size >= maxJobs) {
        const oldest = jobs.values().next().value as VerifyJob;
        oldest.abort.abort();
        forget(oldest);
      }
      const levels = c.loaded.levels;
      const job: VerifyJob = {
        id: randomUUID(),
        t0: performance.now(),
        total: levels.length,
        done: 0,
        rows: levels.map((l) => ({ ...baseRow(c, l), status: 'pending', detail: 'waiting' })),
        state: 'running',
        ms: 0,
        abort: new AbortController(),
      };
      jobs.set(job.id, job);
      const finishOne = (i: number, row: PackRow): void => {
        job.rows[i] = row;
        job.done++;
      };
      const all = levels.map(async (l, i) => {
        const base = job.rows[i]!;
        if (!l.level || l.error) {
          const v = classifyLevel(undefined, undefined, l.error);
          finishOne(i, { ...base, status: v.status, detail: v.detail });
          return;
        }
        const o = await ctx.pool().solve(l.level, {
          countSolutions: VERIFY_COUNT_SOLUTIONS,
          maxStates: maxStates ?? ctx.maxStates,
          timeMs: timeMs ?? ctx.solveTimeMs,
          signal: job.abort.signal,
        });
        const v = classifyLevel(l.level, proofOf(o.result));
        const m = o.result.status === 'solved' || o.result.status === 'unsolvable' ? o.result.metrics : undefined;
        finishOne(i, {
          ...base,
          status: v.status,
          detail: v.detail,
          ...(v.proved !== undefined ? { par: v.proved } : {}),
          ...(v.states !== undefined ? { states: v.states } : {}),
          ...(m ? { branching: Math.round(m.branching * 100) / 100 } : {}),
          ...(m?.optimalSolutions !== undefined ? { optimalSolutions: m.optimalSolutions, optimalCapped: m.optimalSolutionsCapped === true } : {}),
        });
      });
      void Promise.all(all).then(
        () => {
          markDuplicates(job.rows, usableLevels(c));
          job.state = 'done';
          job.ms = Math.round(performance.now() - job.t0);
          if (jobs.get(job.id) === job) {
            job.expiry = setTimeout(() => forget(job), ttlMs);
            job.expiry.unref?.();
          }
        },
        () => {
          job.state = 'done';
        },
      );
      return { ok: true as const, jobId: job.id, total: job.total };
    }),

    packVerifyPoll: guard('packVerifyPoll', async (raw) => {
      const req = shape('packVerifyPoll', raw, ['jobId']);
      if (isHostError(req)) return req;
      const id = requiredString('packVerifyPoll', req, 'jobId');
      if (isHostError(id)) return id;
      const job = jobs.get(id);
      if (!job) return { ok: false, code: 'not-found', message: `packVerifyPoll: no verify job ${id} (cancelled or expired).` };
      return {
        ok: true as const,
        jobId: id,
        state: job.state,
        done: job.done,
        total: job.total,
        rows: job.rows.map((r) => ({ ...r })),
        ms: job.state === 'done' ? job.ms : Math.round(performance.now() - job.t0),
      };
    }),

    packVerifyCancel: guard('packVerifyCancel', async (raw) => {
      const req = shape('packVerifyCancel', raw, ['jobId']);
      if (isHostError(req)) return req;
      const id = requiredString('packVerifyCancel', req, 'jobId');
      if (isHostError(id)) return id;
      const job = jobs.get(id);
      if (!job) return { ok: true as const, jobId: id, cancelled: false };
      job.abort.abort();
      forget(job);
      return { ok: true as const, jobId: id, cancelled: true };
    }),

    packExport: guard('packExport', async (raw) => {
      const req = shape('packExport', raw, ['path', 'out', 'force']);
      if (isHostError(req)) return req;
      const p = await pathOf('packExport', req);
      if (isHostError(p)) return p;
      const out = await pathOf('packExport', req, 'out');
      if (isHostError(out)) return out;
      const force = optionalBoolean('packExport', req, 'force');
      if (isHostError(force)) return force;
      const c = await loadConfined(ctx, 'packExport', p);
      if (isHostError(c)) return c;
      let target: string | HostError;
      if (isPackFilePath(out)) target = await confineFile(ctx, out, { suffixes: ['.pack.json'], mustExist: false, what: 'The export file' });
      else {
        const name = lastSegment(out);
        const bad = checkName(name, 'packExport');
        if (bad) return bad;
        const parent = await confineFolder(ctx, parentHostPath(out));
        target = typeof parent === 'string' ? join(parent, name) : parent;
      }
      if (typeof target !== 'string') return target;
      if (await exists(target)) return { ok: false, code: 'conflict', message: `${out} already exists; export never overwrites: choose a new name.` };
      const problems = exportProblems(c.loaded);
      if (problems.length > 0 && force !== true) {
        return {
          ok: false,
          code: 'invalid',
          message: `Export refused: ${problems.length} level${problems.length === 1 ? ' is' : 's are'} not proved and current (export anyway with force).`,
          issues: problems.map((m) => issue('error', 'pack-export-refused', m)),
        };
      }
      const plan = planExport(c.loaded, target);
      const w = await writeExport(target, plan);
      if (!w.ok) return { ok: false, code: /exists/.test(w.message) ? 'conflict' : 'io', message: w.message };
      return { ok: true as const, out, files: w.files, levels: c.loaded.levels.filter((l) => l.level).length, warnings: force ? problems : [] };
    }),

    renderLevel: guard('renderLevel', async (raw) => {
      const req = shape('renderLevel', raw, ['document', 'out']);
      if (isHostError(req)) return req;
      const out = await pathOf('renderLevel', req, 'out');
      if (isHostError(out)) return out;
      if (req['document'] === undefined) return badRequest('renderLevel: "document" is required.');
      const lv = checkLevelObject(req['document']);
      if (!lv.ok) return { ok: false, code: 'invalid', message: `renderLevel: the document is not a level: ${lv.error[0]?.message ?? 'schema check failed'}`, issues: lv.error };
      const target = await confineFile(ctx, out, { suffixes: ['.svg', '.png'], mustExist: false, what: 'The picture file' });
      if (typeof target !== 'string') return target;
      if (await exists(target)) return { ok: false, code: 'conflict', message: `${out} already exists; rendering never overwrites: choose a new name.` };
      const svg = renderLevelSvg(lv.value);
      let data: string | Buffer = svg;
      if (target.toLowerCase().endsWith('.png')) {
        try {
          data = svgToPng(svg, 2);
        } catch (e) {
          return { ok: false, code: 'internal', message: `PNG rendering failed: ${e instanceof Error ? e.message : String(e)}` };
        }
      }
      const err = await writeNew(target, data, false);
      if (err) return { ok: false, code: /already exists/.test(err) ? 'conflict' : 'io', message: err };
      return { ok: true as const, out, bytes: typeof data === 'string' ? Buffer.byteLength(data) : data.length };
    }),

    suggestBlueprint: guard('suggestBlueprint', async (raw) => {
      const req = shape('suggestBlueprint', raw, ['seed', 'parMin', 'parMax']);
      if (isHostError(req)) return req;
      // The seed is required: the search is reproducible, and an empty request never starts a search.
      const seed = optionalInteger('suggestBlueprint', req, 'seed', 0, 0xffffffff);
      if (isHostError(seed)) return seed;
      if (seed === undefined) return badRequest('suggestBlueprint: "seed" (an integer from 0 to 4294967295) is required.');
      const parMin = optionalInteger('suggestBlueprint', req, 'parMin', 1, 60);
      if (isHostError(parMin)) return parMin;
      const parMax = optionalInteger('suggestBlueprint', req, 'parMax', 1, 60);
      if (isHostError(parMax)) return parMax;
      const lo = parMin ?? 4;
      const hi = parMax ?? Math.max(lo, 12);
      if (lo > hi) return badRequest('suggestBlueprint: "parMin" must not exceed "parMax".');
      // One climb at a time (each from its own seed derived from `seed`), yielding to the event loop in
      // between, so a serve host keeps answering other requests while it searches. Reproducible per seed.
      const deadline = Date.now() + suggestMs;
      let g: GeneratedLevel | undefined;
      for (let k = 0; k < SUGGEST_CLIMBS && !g && Date.now() < deadline; k++) {
        g = generateUkLevels({ seed: (seed + k * 0x9e3779b1) >>> 0, count: 1, parMin: lo, parMax: hi, maxStates: 150_000, climbSteps: 150, maxClimbs: 1, deadline })[0];
        if (!g) await new Promise((r) => setImmediate(r));
      }
      if (!g) return { ok: false, code: 'limit', message: `No blueprint with par ${lo}..${hi} was found within ${Math.round(suggestMs / 1000)} s (seed ${seed}); try again.` };
      const document: Level = { ...g.level, meta: { title: `Suggested blueprint ${seed}`, author: 'castellan suggest', description: `seed ${seed}, par ${g.par}` }, par: g.par };
      return { ok: true as const, document, par: g.par, states: g.states, seed };
    }),
  };
}
