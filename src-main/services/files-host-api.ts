/**
 * The workspace file methods (src-shared/host/files-contract.ts) over a
 * FolderAccess (folder-access.ts: serve = the workspace, Electron = the
 * granted folders):
 *
 * - `browse {dir?}`: one folder's entries, folders (pack folders among
 *   them) first, then files, each by name (case-insensitive). Hidden names
 *   are left out, links are listed only when their real path stays inside
 *   (as what they point at), and only folders and regular files are listed
 *   (a FIFO, socket or device is never opened). Electron's `browse {}`:
 *   the granted folders.
 * - `makeFolder {path}`: one new folder in an existing, confined parent;
 *   `bad-request` for an empty or illegal name, `forbidden` for a hidden
 *   or unportable one, `conflict` when the name exists.
 * - `workspaceSummary {}`: every `*.level.json` and pack (a folder with
 *   pack.json, or a `*.pack.json`) below the roots, each file read once
 *   with a size bound, with the stored status of `packOpen`
 *   (src-shared/pack/rows.ts `storedVerdict`) mapped onto
 *   StoredProofStatus; at most WORKSPACE_SUMMARY_MAX items.
 *
 * Every request is untrusted (`shape`); the methods never throw (`guard`).
 */
import { promises as fs, type Dirent, type Stats } from 'node:fs';
import { join } from 'node:path';
import type { BrowseEntry, FilesHostMethod, HostError, HostResponses, StoredProofStatus, WorkspaceItem } from '../../src-shared/host/contract.js';
import { WORKSPACE_SUMMARY_MAX } from '../../src-shared/host/files-contract.js';
import type { Level } from '../../src-shared/model/level.js';
import { storedVerdict } from '../../src-shared/pack/rows.js';
import type { Issue } from '../../src-shared/validation/issue.js';
import { errnoCode, isReadOnlyPath } from './atomic-file.js';
import { readBoundedText } from './bounded-read.js';
import type { FolderAccess } from './folder-access.js';
import { badRequest, guard, isHostError, optionalString, shape } from './host-request.js';
import { MAX_LEVEL_FILE_BYTES, parseLevelDocument } from './level-files.js';
import { MAX_PACK_BYTES } from './pack-confine.js';
import { parseManifest } from './pack-load.js';
import { isPositionOnly } from './save-pipeline.js';
import { comparePaths, isInside, LEVEL_SUFFIX, PACK_SUFFIX, unportableName } from './workspace.js';

/** Most entries `browse` answers for one folder. */
export const BROWSE_MAX_ENTRIES = 5000;
/** How deep `workspaceSummary` descends below a root. */
export const SUMMARY_MAX_DEPTH = 8;
/** Folder names `workspaceSummary` and `browse` never descend into or list. */
const SKIPPED_FOLDERS = new Set(['node_modules']);

const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** What is at an absolute path, links followed only when they stay inside the access's roots. */
async function entryStat(access: FolderAccess, full: string, dirent: Dirent): Promise<{ st: Stats; real: string } | undefined> {
  try {
    if (dirent.isSymbolicLink()) {
      const real = await fs.realpath(full);
      if (!access.contains(real)) return undefined;
      return { st: await fs.stat(real), real };
    }
    if (!dirent.isFile() && !dirent.isDirectory()) return undefined; // FIFO, socket, device
    return { st: await fs.stat(full), real: full };
  } catch {
    return undefined;
  }
}

/** True when the folder holds a regular `pack.json` (a pack folder). */
async function isPackFolder(real: string): Promise<boolean> {
  try {
    return (await fs.lstat(join(real, 'pack.json'))).isFile();
  } catch {
    return false;
  }
}

function kindOfFile(name: string): BrowseEntry['kind'] {
  if (name.endsWith(LEVEL_SUFFIX) && name.length > LEVEL_SUFFIX.length) return 'level';
  if (name.endsWith(PACK_SUFFIX) && name.length > PACK_SUFFIX.length) return 'pack';
  return 'other';
}

function hidden(name: string): boolean {
  return name.startsWith('.') || SKIPPED_FOLDERS.has(name);
}

/**
 * Why `name` cannot be a new folder's name, as a HostError (`bad-request`:
 * empty, `.`/`..`, a slash or backslash, control characters, too long;
 * `forbidden`: hidden or not portable), or undefined when it can.
 */
export function folderNameProblem(name: string): HostError | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (name === '' || name === '.' || name === '..' || /[/\\]/.test(name) || /[\u0000-\u001f\u007f]/.test(name)) {
    return badRequest(`makeFolder: ${JSON.stringify(name)} is not a folder name (empty, "." or "..", a slash or a control character).`);
  }
  if (name.length > 120) return badRequest('makeFolder: the folder name is longer than 120 characters.');
  if (name.startsWith('.'))
    return { ok: false, code: 'forbidden', message: `makeFolder: names starting with "." are hidden and not used here (${JSON.stringify(name)}).` };
  const unportable = unportableName(name);
  if (unportable) return { ok: false, code: 'forbidden', message: `makeFolder: the name ${JSON.stringify(name)} is not portable: it contains ${unportable}.` };
  return undefined;
}

/** The explorer's status of a loaded level (storedVerdict mapped onto StoredProofStatus). */
function levelStatus(level: Level, issues: readonly Issue[]): Pick<WorkspaceItem, 'status' | 'par' | 'detail'> {
  const v = storedVerdict(level, issues);
  const designerPar = typeof level.par === 'number' ? { par: level.par } : {};
  let status: StoredProofStatus;
  switch (v.status) {
    case 'invalid':
      return { status: 'invalid', detail: v.detail };
    case 'proved':
      return { status: 'proved', par: level.solution!.length };
    case 'par-mismatch':
      // An optimal, current proof whose designer par differs (UK-7): proved, with the note.
      if (level.solution?.optimal === true) return { status: 'proved', par: level.solution.length, detail: v.detail };
      return { status: 'draft', detail: v.detail, ...designerPar };
    case 'stale':
      status = 'stale';
      break;
    default:
      status = isPositionOnly(level) ? 'position' : 'draft';
  }
  return { status, ...designerPar };
}

/** One level file of the summary, read once (bounded). */
async function summarizeLevel(real: string, path: string, name: string, st: Stats): Promise<WorkspaceItem> {
  const base = { path, name, kind: 'level' as const, mtimeMs: Math.round(st.mtimeMs), ...((await isReadOnlyPath(real)) ? { readOnly: true } : {}) };
  const t = await readBoundedText(real, { maxBytes: MAX_LEVEL_FILE_BYTES });
  if (!t.ok) return { ...base, title: '', status: 'invalid', detail: t.message };
  const parsed = parseLevelDocument(t.text, name);
  if (!parsed.ok) {
    let title = '';
    try {
      const raw = JSON.parse(t.text.charCodeAt(0) === 0xfeff ? t.text.slice(1) : t.text) as { meta?: { title?: unknown }; ruleset?: unknown };
      if (typeof raw?.meta?.title === 'string') title = raw.meta.title;
    } catch {
      // not JSON: no title
    }
    return { ...base, title, status: 'invalid', detail: parsed.issues?.[0]?.message ?? parsed.message };
  }
  const level = parsed.document;
  return { ...base, ruleset: level.ruleset, title: level.meta.title ?? '', ...levelStatus(level, parsed.issues) };
}

/** One pack (its manifest `manifest`: pack.json of a folder, or the `*.pack.json` file), read once (bounded). */
async function summarizePack(manifest: string, path: string, name: string, st: Stats): Promise<WorkspaceItem> {
  const base = { path, name, kind: 'pack' as const, mtimeMs: Math.round(st.mtimeMs), ...((await isReadOnlyPath(manifest)) ? { readOnly: true } : {}) };
  const t = await readBoundedText(manifest, { maxBytes: MAX_PACK_BYTES });
  if (!t.ok) return { ...base, title: '', detail: t.message };
  // A big manifest (10,000 entries, embedded levels) is checked in a worker, off the host's loop (pack-load.ts).
  const parsed = await parseManifest(t.text);
  if (!parsed.ok) return { ...base, title: '', detail: `not a Castellan pack: ${parsed.issues[0]?.message ?? 'schema check failed'}` };
  return { ...base, title: parsed.pack.title, ruleset: parsed.pack.ruleset, levels: parsed.pack.levels.length };
}

/** The workspace file methods (see the file comment). Without `access` they answer `internal`. */
export function createFilesHostApi(access: FolderAccess | undefined): { [M in FilesHostMethod]: (req: unknown) => Promise<HostResponses[M]> } {
  const none = (method: FilesHostMethod): HostError => ({ ok: false, code: 'internal', message: `${method}: this host has no workspace folders.` });

  return {
    browse: guard('browse', async (raw) => {
      const req = shape('browse', raw, ['dir'], true);
      if (isHostError(req)) return req;
      if (!access) return none('browse');
      const d = req['dir'];
      if (d !== undefined && typeof d !== 'string') return badRequest('browse: "dir" must be a string.');
      const dir = d ?? '';
      if (dir === '' && access.listsRoots) {
        const entries: BrowseEntry[] = [];
        for (const r of access.roots()) {
          const pack = await isPackFolder(r.real);
          entries.push({ name: r.name, path: r.hostPath, kind: pack ? 'pack' : 'folder', ...((await isReadOnlyPath(r.real)) ? { readOnly: true } : {}) });
        }
        return { ok: true as const, dir: '', parent: null, entries };
      }
      const real = access.resolveFolder(dir);
      if (typeof real !== 'string') return real;
      const hostDir = access.canonical(dir);
      let dirents: Dirent[];
      try {
        dirents = await fs.readdir(real, { withFileTypes: true });
      } catch (err) {
        return { ok: false, code: errnoCode(err) === 'ENOENT' ? 'not-found' : 'io', message: `Cannot read the folder ${dir || '(workspace)'}: ${String(err)}` };
      }
      const folders: BrowseEntry[] = [];
      const files: BrowseEntry[] = [];
      for (const e of dirents) {
        if (folders.length + files.length >= BROWSE_MAX_ENTRIES) break;
        if (hidden(e.name)) continue;
        const s = await entryStat(access, join(real, e.name), e);
        if (!s) continue;
        const path = access.child(hostDir, e.name);
        const readOnly = (await isReadOnlyPath(s.real)) ? { readOnly: true } : {};
        if (s.st.isDirectory()) {
          folders.push({ name: e.name, path, kind: (await isPackFolder(s.real)) ? 'pack' : 'folder', mtimeMs: Math.round(s.st.mtimeMs), ...readOnly });
        } else if (s.st.isFile()) {
          files.push({ name: e.name, path, kind: kindOfFile(e.name), size: s.st.size, mtimeMs: Math.round(s.st.mtimeMs), ...readOnly });
        }
      }
      const sort = (a: BrowseEntry, b: BrowseEntry): number => byName.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
      return { ok: true as const, dir: hostDir, parent: access.parent(hostDir), entries: [...folders.sort(sort), ...files.sort(sort)] };
    }),

    makeFolder: guard('makeFolder', async (raw) => {
      const req = shape('makeFolder', raw, ['path']);
      if (isHostError(req)) return req;
      if (!access) return none('makeFolder');
      const p = optionalString('makeFolder', req, 'path');
      if (isHostError(p)) return p;
      if (p === undefined) return badRequest('makeFolder: "path" is required.');
      if (p.length > 4096) return badRequest('makeFolder: "path" is too long.');
      const trimmed = p.replace(/[\\/]+$/, '');
      const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
      const name = trimmed.slice(cut + 1);
      const parentPath = cut < 0 ? '' : cut === 0 ? trimmed.slice(0, 1) : trimmed.slice(0, cut);
      const problem = folderNameProblem(name);
      if (problem) return problem;
      if (parentPath === '' && access.listsRoots) return { ok: false, code: 'forbidden', message: 'makeFolder: a new folder must be inside a granted folder.' };
      const parent = access.resolveFolder(parentPath);
      if (typeof parent !== 'string') return parent;
      try {
        await fs.mkdir(join(parent, name));
      } catch (err) {
        const code = errnoCode(err);
        if (code === 'EEXIST') return { ok: false, code: 'conflict', message: `makeFolder: ${p} already exists.` };
        return {
          ok: false,
          code: 'io',
          message: `makeFolder: could not create ${p}: ${err instanceof Error ? err.message : String(err)}`,
          ...(code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? { reason: 'read-only' as const } : {}),
          ...(code === 'ENOSPC' || code === 'EDQUOT' ? { reason: 'disk-full' as const } : {}),
        };
      }
      return { ok: true as const, path: access.child(access.canonical(parentPath), name) };
    }),

    workspaceSummary: guard('workspaceSummary', async (raw) => {
      const req = shape('workspaceSummary', raw, [], true);
      if (isHostError(req)) return req;
      if (!access) return none('workspaceSummary');
      const items: WorkspaceItem[] = [];
      let truncated = false;
      /** Real paths of the folders walked (each once: links to a folder and loops are not followed twice). */
      const seen = new Set<string>();
      const walk = async (real: string, hostDir: string, depth: number): Promise<void> => {
        if (depth > SUMMARY_MAX_DEPTH || truncated) return;
        let dirents: Dirent[];
        try {
          dirents = await fs.readdir(real, { withFileTypes: true });
        } catch {
          return;
        }
        dirents.sort((a, b) => comparePaths(a.name, b.name));
        for (const e of dirents) {
          if (hidden(e.name)) continue;
          const s = await entryStat(access, join(real, e.name), e);
          if (!s) continue;
          const path = access.child(hostDir, e.name);
          if (s.st.isDirectory()) {
            if (seen.has(s.real)) continue; // a folder reached twice (a link to it, or a loop)
            seen.add(s.real);
            const manifest = join(s.real, 'pack.json');
            if (await isPackFolder(s.real)) {
              if (items.length >= WORKSPACE_SUMMARY_MAX) return void (truncated = true);
              items.push(await summarizePack(manifest, path, e.name, await fs.stat(manifest)));
            }
            await walk(s.real, path, depth + 1);
          } else if (s.st.isFile()) {
            const kind = kindOfFile(e.name);
            if (kind === 'other') continue;
            if (items.length >= WORKSPACE_SUMMARY_MAX) return void (truncated = true);
            items.push(kind === 'level' ? await summarizeLevel(s.real, path, e.name, s.st) : await summarizePack(s.real, path, e.name, s.st));
          }
        }
      };
      for (const r of access.roots()) {
        if ([...seen].some((x) => isInside(x, r.real))) continue; // a root inside one already walked
        seen.add(r.real);
        if (access.listsRoots && (await isPackFolder(r.real))) {
          const manifest = join(r.real, 'pack.json');
          items.push(await summarizePack(manifest, r.hostPath, r.name, await fs.stat(manifest)));
        }
        await walk(r.real, r.hostPath, 0);
      }
      items.sort((a, b) => comparePaths(a.path, b.path));
      return { ok: true as const, items, truncated };
    }),
  };
}
