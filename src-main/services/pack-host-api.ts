/**
 * The host pack methods (src-shared/host/pack-contract.ts): the editor's
 * pack manager over the pack services (pack-files.ts planExport /
 * writeExport, the shared SolvePool, src-shared/pack/*). Paths are confined
 * as pack-confine.ts describes; the verify jobs are pack-verify.ts.
 *
 * Every request is untrusted: checked against its schema first
 * (pack-contract.ts `PACK_REQUEST_SCHEMAS`, host-request.ts `handle`),
 * then here (paths, manifests, documents); answers are HostErrors with codes (`bad-request`, `forbidden`, `not-found`, `parse`,
 * `invalid`, `conflict`, `io`, `limit`), and `guard` turns a throw into
 * `internal`. Nothing is ever deleted (but a level file `packAddLevel`
 * itself made, when its manifest write then fails). Exports and renders
 * never overwrite and are all-or-nothing (pack-export.ts, render-files.ts:
 * built hidden beside the target, checked, then placed; every write
 * re-checks that no folder on its way became a link; disk full and
 * read-only answer `io` with `reason` and the cause).
 *
 * Manifest writes are saves (pack-manifest.ts): `packCreate`, `packSave`
 * and `packAddLevel` hold pack.json's cross-process lock from reading the
 * pack to the read-back of the new manifest, check `expectedRevision`
 * (`conflict`), keep the replaced pack.json in the backup ring
 * (`packBackupList` / `packBackupOpen`) and write it verified.
 * `packAddLevel` claims its new level file's name exclusively under that
 * lock, so two adders (two hosts) never share a name and an answered
 * "added" is on disk. Manifest changes of one host also run one at a time.
 * A read-only pack.json (atomic-file.ts `readOnlyCause`) is never replaced:
 * `packSave` / `packAddLevel` answer `io` / `reason: 'read-only'` before
 * writing anything; an existing read-only export or picture target answers
 * the same instead of `conflict`.
 */
import { promises as fs, type Dirent } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { checkLevelObject, checkPackObject, packRulesetIssue, parsePackText } from '../../src-shared/format/load.js';
import { serializeLevel } from '../../src-shared/format/serialize.js';
import type { FileRevision, HostError, HostResponses, PackHostMethod } from '../../src-shared/host/contract.js';
import type { ListedPack, OpenedPack } from '../../src-shared/host/pack-contract.js';
import type { Level, PackFile } from '../../src-shared/model/level.js';
import { RULESET_LIST, rulesetDef } from '../../src-shared/rulesets/index.js';
import { issue } from '../../src-shared/validation/issue.js';
import { errnoCode, ioError, readOnlyCause, readOnlyError } from './atomic-file.js';
import { readBoundedText } from './bounded-read.js';
import { conflictError, readRevision, sameRevision } from './file-revision.js';
import { claimLevelFile, createPackBackupApi, replaceManifest, withPackLock } from './pack-manifest.js';
import { badRequest, handle, isHostError, type HostContext } from './host-request.js';
import { MAX_LEVEL_FILE_BYTES } from './level-files.js';
import {
  checkName,
  confineFile,
  confineFolder,
  exists,
  forbidden,
  isPackFilePath,
  joinHostPath,
  lastSegment,
  loadConfined,
  MAX_PACK_BYTES,
  opened,
  chosenPackPath,
  parentHostPath,
  entryFileProblem,
  type ConfinedPack,
} from './pack-confine.js';
import { exportKindOf, exportPack, exportProblems, unwritableLevels } from './pack-export.js';
import type { StageHooks } from './staged-output.js';
import { writePicture } from './render-files.js';
import { parseManifest } from './pack-load.js';
import { createPackVerifyApi } from './pack-verify.js';
import { suggestInWorker } from './suggest-runner.js';

/** Wall-clock budget of one `suggestBlueprint` (ms). */
export const SUGGEST_DEADLINE_MS = 8_000;

type Method = PackHostMethod;

export interface PackHostOptions {
  /** Verify jobs kept at once (default PACK_VERIFY_JOBS). */
  maxJobs?: number;
  /** Forget finished jobs after this many ms (default PACK_VERIFY_TTL_MS). */
  ttlMs?: number;
  /** Wall-clock budget of suggestBlueprint (default SUGGEST_DEADLINE_MS). */
  suggestMs?: number;
  /** Test hooks of folder exports (fault injection, staged-output.ts). */
  exportHooks?: StageHooks;
}

/** True when the pack.json at `packFile` reads as a pack listing `file` (unreadable: true, so nothing is removed on doubt). */
async function manifestNames(packFile: string, file: string): Promise<boolean> {
  const cur = await readRevision(packFile, MAX_PACK_BYTES);
  if (cur === null) return false;
  if ('ok' in cur) return true;
  const parsed = parsePackText(cur.bytes.toString('utf8'));
  return !parsed.ok || parsed.value.levels.some((e) => 'file' in e && e.file === file);
}

/** The pack methods (see the file comment). Never throw. */
export function createPackHostApi(ctx: HostContext, opts: PackHostOptions = {}): { [M in PackHostMethod]: (req: unknown) => Promise<HostResponses[M]> } {
  const suggestMs = opts.suggestMs ?? SUGGEST_DEADLINE_MS;
  /** Manifest changes run one after the other. */
  let chain: Promise<unknown> = Promise.resolve();
  function serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  }

  /** `io` / `read-only` when the user may not replace the file at `abs` (named `label`), else undefined. */
  async function readOnlyTarget(abs: string, label: string): Promise<HostError | undefined> {
    const cause = await readOnlyCause(abs);
    return cause === undefined ? undefined : readOnlyError(label, cause);
  }

  /**
   * Writes `pack` as the pack.json of the loaded folder pack `c` (pack-manifest.ts
   * `replaceManifest`: revision check against `expected`, backup, verified
   * write); call holding pack.json's lock (`lockedPack`). Answers the
   * reloaded pack with the revision of the bytes written and the write's
   * warnings (`backup-failed`).
   */
  async function writeManifest(method: Method, c: ConfinedPack, pack: PackFile, expected: FileRevision | undefined): Promise<OpenedPack | HostError> {
    const w = await replaceManifest(ctx, c.packFile, `${c.reqPath}/pack.json`, pack, expected);
    if (!w.ok) return w;
    const again = await loadConfined(ctx, method, c.reqPath);
    if (isHostError(again)) return again;
    return { ...opened(again), revision: w.revision, ...(w.warnings.length > 0 ? { issues: w.warnings } : {}) };
  }

  async function loadFolderPack(method: Method, p: string): Promise<ConfinedPack | HostError> {
    const c = await loadConfined(ctx, method, p);
    if (isHostError(c)) return c;
    if (c.loaded.form !== 'folder') return notFolderForm(method, p);
    return c;
  }

  function notFolderForm(method: Method, p: string): HostError {
    return badRequest(`${method}: ${p} is an exported single-file pack; open its folder form to edit it (export writes one).`);
  }

  /**
   * Runs `fn` with the folder pack at `p` loaded while holding its
   * pack.json's cross-process lock (pack-manifest.ts `withPackLock`), in
   * turn with this host's other manifest changes (`serial`).
   */
  function lockedPack<T>(method: Method, p: string, fn: (c: ConfinedPack) => Promise<T | HostError>): Promise<T | HostError> {
    return serial(async () => {
      if (isPackFilePath(p)) return notFolderForm(method, p);
      const packFile = await confineFile(ctx, joinHostPath(p, 'pack.json'), { exact: ['pack.json'], mustExist: true, what: method });
      if (typeof packFile !== 'string') {
        return packFile.code === 'not-found' ? { ok: false, code: 'not-found', message: `${p} is not a pack folder (it has no pack.json).` } : packFile;
      }
      // A read-only pack.json is refused before anything else (its lock could not be taken on a read-only disk either).
      const ro = await readOnlyTarget(packFile, `${p}/pack.json`);
      if (ro) return ro;
      return withPackLock(ctx, packFile, `${p}/pack.json`, async () => {
        const c = await loadFolderPack(method, p);
        if (isHostError(c)) return c;
        return fn(c);
      });
    });
  }

  return {
    packList: handle('packList', async () => {
      const root = await confineFolder(ctx, '');
      if (typeof root !== 'string') return { ok: true as const, packs: [] }; // no workspace root (Electron): nothing to list
      const packs: ListedPack[] = [];
      const summary = async (abs: string, path: string, form: 'folder' | 'file'): Promise<void> => {
        const t = await readBoundedText(abs, { maxBytes: MAX_PACK_BYTES });
        if (!t.ok) return;
        // A big manifest (10,000 entries, embedded levels) is checked in a worker, off the host's loop (pack-load.ts).
        const parsed = await parseManifest(t.text);
        if (!parsed.ok) return;
        packs.push({ path, title: parsed.pack.title, ruleset: parsed.pack.ruleset, form, levels: parsed.pack.levels.length });
      };
      const walk = async (dir: string, depth: number): Promise<void> => {
        if (depth > 6 || packs.length >= 500) return;
        let entries: Dirent[];
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

    packOpen: handle('packOpen', async (req) => {
      const p = await chosenPackPath(ctx, 'packOpen', req.path);
      if (isHostError(p)) return p;
      const c = await loadConfined(ctx, 'packOpen', p);
      if (isHostError(c)) return c;
      return opened(c);
    }),

    packCreate: handle('packCreate', async (req) => {
      const { title, ruleset } = req;
      if (!rulesetDef(ruleset)) return badRequest(`packCreate: "ruleset" must be one of ${RULESET_LIST.map((d) => d.id).join(', ')}.`);
      const p = await chosenPackPath(ctx, 'packCreate', req.path);
      if (isHostError(p)) return p;
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
        /** The folders this call made, outermost first: removed again when the pack cannot be completed. */
        const made: string[] = [];
        const undo = async (): Promise<void> => {
          // rmdir removes empty folders only: nothing another program put there meanwhile is deleted
          for (const d of made.reverse()) await fs.rmdir(d).catch(() => {});
        };
        try {
          for (const m of missing) {
            dir = join(dir, m);
            await fs.mkdir(dir);
            made.push(dir);
          }
          await fs.mkdir(join(dir, 'levels'));
          made.push(join(dir, 'levels'));
        } catch (e) {
          await undo();
          if (errnoCode(e) === 'EEXIST') return { ok: false as const, code: 'conflict' as const, message: `${p} was created by someone else meanwhile.` };
          return ioError(e, p, 'write');
        }
        const pack: PackFile = { format: 'castellan.pack', version: 1, title, ruleset: ruleset as PackFile['ruleset'], levels: [] };
        // A save of a file that must not exist yet (expected revision null), under pack.json's lock.
        const packFile = join(dir, 'pack.json');
        const label = `${p}/pack.json`;
        const w = await withPackLock(ctx, packFile, label, () => replaceManifest(ctx, packFile, label, pack, null));
        if (!w.ok) {
          await undo(); // after the lock is released: its lock file is gone from the folder
          return w;
        }
        const c = await loadConfined(ctx, 'packCreate', p);
        if (isHostError(c)) return c;
        return opened(c);
      });
    }),

    packSave: handle('packSave', async ({ path: p, pack: manifest, expectedRevision: expected }) => {
      const checked = checkPackObject(manifest);
      if (!checked.ok)
        return {
          ok: false,
          code: 'invalid',
          message: `packSave: the manifest is not a pack: ${checked.error[0]?.message ?? 'schema check failed'}`,
          issues: checked.error,
        };
      const pack = checked.value;
      for (const [i, e] of pack.levels.entries()) {
        if (!('file' in e)) return badRequest(`packSave: entry ${i + 1} embeds a level; a pack folder's entries name files.`);
        const problem = entryFileProblem(e.file);
        if (problem) return forbidden(`packSave: entry ${i + 1} (${JSON.stringify(e.file)}) has ${problem}.`);
      }
      return lockedPack('packSave', p, async (c) => {
        const ro = await readOnlyTarget(c.packFile, `${p}/pack.json`);
        if (ro) return ro;
        if (pack.ruleset !== c.loaded.pack.ruleset && c.loaded.levels.length > 0 && pack.levels.length > 0) {
          return badRequest(`packSave: the pack's ruleset is ${c.loaded.pack.ruleset}; it cannot change while it holds levels.`);
        }
        return writeManifest('packSave', c, pack, expected);
      });
    }),

    packAddLevel: handle('packAddLevel', async (req) => {
      const { path: p, source, tier, expectedRevision: expected } = req;
      if ((source === undefined) === (req.document === undefined))
        return badRequest('packAddLevel: give exactly one of "source" (a level file) and "document".');
      let text: string;
      let level: Level;
      /** The source file's confined path (a file already inside the pack folder is referenced, not copied). */
      let sourceResolved: string | undefined;
      if (source !== undefined) {
        const resolved = ctx.resolvePath(source, false);
        if (typeof resolved !== 'string') return resolved;
        sourceResolved = resolved;
        const t = await readBoundedText(resolved, { maxBytes: MAX_LEVEL_FILE_BYTES });
        if (!t.ok) return t;
        let value: unknown;
        try {
          value = JSON.parse(t.text.charCodeAt(0) === 0xfeff ? t.text.slice(1) : t.text);
        } catch (e) {
          return { ok: false, code: 'parse', message: `${source} is not JSON: ${e instanceof Error ? e.message : String(e)}` };
        }
        const lv = checkLevelObject(value);
        if (!lv.ok)
          return { ok: false, code: 'invalid', message: `${source} is not a level: ${lv.error[0]?.message ?? 'schema check failed'}`, issues: lv.error };
        level = lv.value;
        text = t.text;
      } else {
        const lv = checkLevelObject(req.document);
        if (!lv.ok)
          return {
            ok: false,
            code: 'invalid',
            message: `packAddLevel: the document is not a level: ${lv.error[0]?.message ?? 'schema check failed'}`,
            issues: lv.error,
          };
        level = lv.value;
        text = serializeLevel(level);
      }
      return lockedPack('packAddLevel', p, async (c) => {
        // Before the level file is written: a refused manifest must not leave a stray copy behind.
        const ro = await readOnlyTarget(c.packFile, `${p}/pack.json`);
        if (ro) return ro;
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
          if (errnoCode(e) !== 'ENOENT') return ioError(e, `${p}/levels`, 'read');
          try {
            await fs.mkdir(levelsDir);
          } catch (m) {
            if (errnoCode(m) !== 'EEXIST') return ioError(m, `${p}/levels`, 'write');
          }
        }
        // The name is claimed exclusively (never an existing file's), still under pack.json's lock.
        const claimed = await claimLevelFile(ctx, levelsDir, `${p}/levels`, level.meta.title, text);
        if (!claimed.ok) return claimed;
        const entry = { file: `levels/${claimed.name}`, ...(tier !== undefined ? { tier } : {}) };
        const pack: PackFile = { ...c.loaded.pack, levels: [...c.loaded.pack.levels, entry] };
        const r = await writeManifest('packAddLevel', c, pack, c.revision);
        if (isHostError(r)) {
          // The manifest was not written: remove the level file this call made, unless pack.json names it after all.
          if (!(await manifestNames(c.packFile, entry.file))) await fs.unlink(join(levelsDir, claimed.name)).catch(() => {});
          return r;
        }
        return { ...r, added: entry.file };
      });
    }),

    ...createPackBackupApi(ctx),

    ...createPackVerifyApi(ctx, opts),

    packExport: handle('packExport', async ({ path: p, out, force, solutions }) => {
      // The name of `out` chooses the form (pack-export.ts exportKindOf).
      const kind = exportKindOf(out);
      if (!kind.ok) return badRequest(`packExport: ${kind.message}`);
      const c = await loadConfined(ctx, 'packExport', p);
      if (isHostError(c)) return c;
      let target: string | HostError;
      if (kind.kind !== 'folder') {
        const suffixes = kind.kind === 'file' ? ['.pack.json'] : kind.kind === 'html' ? ['.html', '.htm'] : ['.pdf'];
        target = await confineFile(ctx, out, { suffixes, mustExist: false, what: 'The export file' });
      } else {
        const name = lastSegment(out);
        const bad = checkName(name, 'packExport');
        if (bad) return bad;
        const parent = await confineFolder(ctx, parentHostPath(out));
        target = typeof parent === 'string' ? join(parent, name) : parent;
      }
      if (typeof target !== 'string') return target;
      const roOut = await readOnlyTarget(target, out);
      if (roOut) return roOut;
      if (await exists(target)) return { ok: false, code: 'conflict', message: `${out} already exists; export never overwrites: choose a new name.` };
      // A level that cannot be read would be left out: refused even when forced (the export is the whole pack).
      const unwritable = unwritableLevels(c.loaded);
      if (unwritable.length > 0) {
        return {
          ok: false,
          code: 'invalid',
          message: `Export refused: ${unwritable.length} level${unwritable.length === 1 ? '' : 's'} cannot be read, so the export would leave ${unwritable.length === 1 ? 'it' : 'them'} out (Export anyway does not skip levels): fix or remove ${unwritable.length === 1 ? 'it' : 'them'}.`,
          issues: unwritable.map((m) => issue('error', 'pack-level-unreadable', m)),
        };
      }
      const problems = await exportProblems(c.loaded);
      if (problems.length > 0 && force !== true) {
        return {
          ok: false,
          code: 'invalid',
          message: `Export refused: ${problems.length} level${problems.length === 1 ? ' is' : 's are'} not proved and current (export anyway with force).`,
          issues: problems.map((m) => issue('error', 'pack-export-refused', m)),
        };
      }
      // All-or-nothing, never replacing, confined at every write (staged-output.ts); the PDF on a worker thread.
      const w = await exportPack(c.loaded, target, kind.kind, {
        label: out,
        pdf: 'worker',
        ...(solutions === false ? { solutions: false } : {}),
        ...(opts.exportHooks ? { hooks: opts.exportHooks } : {}),
      });
      if (!w.ok) return w;
      return { ok: true as const, out, files: w.files, levels: w.levels, warnings: force ? problems : [] };
    }),

    renderLevel: handle('renderLevel', async ({ document, out }) => {
      const lv = checkLevelObject(document);
      if (!lv.ok)
        return {
          ok: false,
          code: 'invalid',
          message: `renderLevel: the document is not a level: ${lv.error[0]?.message ?? 'schema check failed'}`,
          issues: lv.error,
        };
      const target = await confineFile(ctx, out, { suffixes: ['.svg', '.png'], mustExist: false, what: 'The picture file' });
      if (typeof target !== 'string') return target;
      const roOut = await readOnlyTarget(target, out);
      if (roOut) return roOut;
      if (await exists(target)) return { ok: false, code: 'conflict', message: `${out} already exists; rendering never overwrites: choose a new name.` };
      // Verified like a save, never replacing, its folder re-checked around every step (render-files.ts).
      const w = await writePicture(target, lv.value, { label: out });
      if (!w.ok) return w;
      return { ok: true as const, out, bytes: w.bytes };
    }),

    // The seed is required (its schema): the search is reproducible, and an empty request never starts a search.
    suggestBlueprint: handle('suggestBlueprint', async ({ seed, parMin, parMax }) => {
      const lo = parMin ?? 4;
      const hi = parMax ?? Math.max(lo, 12);
      if (lo > hi) return badRequest('suggestBlueprint: "parMin" must not exceed "parMax".');
      // In the solve worker (suggest-runner.ts), so this host keeps answering while it searches.
      const outcome = await suggestInWorker({ seed, parMin: lo, parMax: hi }, suggestMs);
      if (!outcome.found && outcome.reason === 'error') {
        return { ok: false, code: 'internal', message: `The blueprint search failed: ${outcome.message}` };
      }
      const g = outcome.found;
      if (!g)
        return {
          ok: false,
          code: 'limit',
          message: `No blueprint with par ${lo}..${hi} was found within ${Math.round(suggestMs / 1000)} s (seed ${seed}); try again.`,
        };
      const document: Level = {
        ...g.level,
        meta: { title: `Suggested blueprint ${seed}`, author: 'castellan suggest', description: `seed ${seed}, par ${g.par}` },
        par: g.par,
      };
      return { ok: true as const, document, par: g.par, states: g.states, seed };
    }),
  };
}
