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
 *   or unportable one, or when the parent became a link while it was made
 *   (`makeConfinedFolder`), `conflict` when the name exists, `io` with
 *   `reason` (`read-only`, `disk-full`) and the cause.
 * - `workspaceSummary {query?, offset?, limit?}`: every `*.level.json` and
 *   pack (a folder with pack.json, or a `*.pack.json`) below the roots,
 *   each file read with a size bound, with the stored status of `packOpen`
 *   (src-shared/pack/rows.ts `storedVerdict`) mapped onto
 *   StoredProofStatus; at most WORKSPACE_SUMMARY_MAX items, searched by
 *   `query` in the host and answered a page at a time. A file whose
 *   modification time, change time, size and inode are those of the last
 *   reading is not read again (the explorer reads the summary every few
 *   seconds; a workspace of 20,000 files then costs a walk of stats), and
 *   a page after the first (offset > 0) within SUMMARY_SNAPSHOT_MS of the
 *   reading it follows comes from that same reading.
 *
 * Every request is untrusted: checked against its schema first
 * (files-contract.ts `FILES_REQUEST_SCHEMAS`, host-request.ts `handle`);
 * the methods never throw.
 */
import { promises as fs, type Dirent, type Stats } from 'node:fs';
import { join } from 'node:path';
import type { BrowseEntry, FilesHostMethod, HostError, HostResponses, StoredProofStatus, WorkspaceItem } from '../../src-shared/host/contract.js';
import { WORKSPACE_SUMMARY_MAX, WORKSPACE_SUMMARY_PAGE, workspaceItemMatches } from '../../src-shared/host/files-contract.js';
import type { Level } from '../../src-shared/model/level.js';
import { storedVerdict } from '../../src-shared/pack/rows.js';
import type { Issue } from '../../src-shared/validation/issue.js';
import { assertRealDir, errnoCode, FolderMoved, ioError, isReadOnlyPath, isRealDir } from './atomic-file.js';
import { readBoundedText } from './bounded-read.js';
import type { FolderAccess } from './folder-access.js';
import { badRequest, handle } from './host-request.js';
import { MAX_LEVEL_FILE_BYTES, parseLevelDocument } from './level-files.js';
import { MAX_PACK_BYTES } from './pack-confine.js';
import { parseManifest } from './pack-load.js';
import { isPositionOnly } from './save-pipeline.js';
import { comparePaths, isInside, LEVEL_SUFFIX, PACK_SUFFIX, unportableName } from './workspace.js';

/** Most entries `browse` answers for one folder. */
export const BROWSE_MAX_ENTRIES = 5000;
/** How deep `workspaceSummary` descends below a root. */
export const SUMMARY_MAX_DEPTH = 8;
/** How long a reading of the workspace serves the later pages (offset > 0) of `workspaceSummary`, ms. */
export const SUMMARY_SNAPSHOT_MS = 10_000;
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

/** `forbidden`: the parent folder of a new folder became a link. */
function folderMoved(p: string): HostError {
  return { ok: false, code: 'forbidden', message: `makeFolder: a folder on the way to ${p} was replaced by a link; no folder was made.` };
}

/**
 * Creates the folder `name` in the confined real folder `parent` (named
 * `p` in messages) without following a link swapped in meanwhile: the
 * parent's real path is checked right before the mkdir, and the new folder's
 * right after (atomic-file.ts `assertRealDir`); when that fails, the folder
 * just made (empty) is removed again and the answer is `forbidden`. Other
 * failures: `conflict` (the name exists), `io` with `reason` (`read-only`:
 * EACCES / EPERM / EROFS, `disk-full`: ENOSPC / EDQUOT) and the cause.
 * Answers undefined when the folder was made. Never throws.
 */
async function makeConfinedFolder(parent: string, name: string, p: string): Promise<HostError | undefined> {
  const dir = join(parent, name);
  try {
    await assertRealDir(parent);
    await fs.mkdir(dir);
  } catch (err) {
    if (err instanceof FolderMoved || !(await isRealDir(parent))) return folderMoved(p);
    if (errnoCode(err) === 'EEXIST') return { ok: false, code: 'conflict', message: `makeFolder: ${p} already exists.` };
    return ioError(err, p, 'write');
  }
  if (await isRealDir(dir)) return undefined;
  // Made through a link swapped in between the check and the mkdir: take it back (rmdir removes only an empty folder).
  await fs.rmdir(dir).catch(() => {});
  return folderMoved(p);
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

/** One reading of the workspace: every item (sorted by path), when it was made, and whether the walk stopped at the cap. */
interface Reading {
  at: number;
  items: WorkspaceItem[];
  capped: boolean;
}

/** Summaries of files by real path and host path, kept while the file's stat signature is unchanged. */
class SummaryCache {
  private entries = new Map<string, { sig: string; item: WorkspaceItem }>();
  private seen = new Set<string>();

  static signature(st: Stats): string {
    return `${st.mtimeMs}:${st.ctimeMs}:${st.size}:${st.ino}`;
  }

  /** The cached item of `key` when its file still has signature `sig` (and marks it as seen in this walk). */
  get(key: string, sig: string): WorkspaceItem | undefined {
    this.seen.add(key);
    const e = this.entries.get(key);
    return e && e.sig === sig ? e.item : undefined;
  }

  set(key: string, sig: string, item: WorkspaceItem): void {
    this.seen.add(key);
    this.entries.set(key, { sig, item });
  }

  /** After a walk: forgets the files it did not see (deleted, moved, beyond the cap). */
  sweep(): void {
    for (const k of this.entries.keys()) if (!this.seen.has(k)) this.entries.delete(k);
    this.seen = new Set();
  }
}

/**
 * `items` sorted by path, case-insensitive (ties by the exact path): plain
 * string comparison of keys made once, so 20,000 items sort in a few ms
 * (a collator's compare took over 100 ms on the host's loop).
 */
function byPath(items: WorkspaceItem[]): WorkspaceItem[] {
  const keyed = items.map((item) => ({ key: item.path.toLowerCase(), item }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.item.path < b.item.path ? -1 : a.item.path > b.item.path ? 1 : 0));
  return keyed.map((k) => k.item);
}

/** Files stat-ed or read at once by a summary walk (the reads overlap on libuv's threads). */
const SUMMARY_PARALLEL = 16;

/** `fn` over `list` with at most `limit` calls under way; answers the results in the order of `list`. */
async function mapLimit<T, R>(list: readonly T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(list.length);
  let next = 0;
  const run = async (): Promise<void> => {
    while (next < list.length) {
      const i = next++;
      out[i] = await fn(list[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, run));
  return out;
}

/**
 * Walks the roots of `access` (links followed only inside, each folder
 * once, SUMMARY_MAX_DEPTH deep, in name order) and summarizes every level
 * and pack, up to WORKSPACE_SUMMARY_MAX; unchanged files come from `cache`.
 * A folder's entries are stat-ed and read SUMMARY_PARALLEL at a time.
 */
async function walkWorkspace(access: FolderAccess, cache: SummaryCache): Promise<Reading> {
  const items: WorkspaceItem[] = [];
  let capped = false;
  /** Real paths of the folders walked (each once: links to a folder and loops are not followed twice). */
  const seen = new Set<string>();
  const summarize = async (key: string, st: Stats, make: () => Promise<WorkspaceItem>): Promise<WorkspaceItem> => {
    const sig = SummaryCache.signature(st);
    const hit = cache.get(key, sig);
    if (hit) return hit;
    const item = await make();
    cache.set(key, sig, item);
    return item;
  };
  const packItem = async (real: string, path: string, name: string): Promise<WorkspaceItem> => {
    const manifest = join(real, 'pack.json');
    const mst = await fs.stat(manifest);
    return summarize(`${manifest}\0${path}`, mst, () => summarizePack(manifest, path, name, mst));
  };
  const walk = async (real: string, hostDir: string, depth: number): Promise<void> => {
    if (depth > SUMMARY_MAX_DEPTH || capped) return;
    let dirents: Dirent[];
    try {
      dirents = await fs.readdir(real, { withFileTypes: true });
    } catch {
      return;
    }
    dirents = dirents.filter((e) => !hidden(e.name) && (e.isDirectory() || e.isSymbolicLink() || kindOfFile(e.name) !== 'other'));
    dirents.sort((a, b) => comparePaths(a.name, b.name));
    const stats = await mapLimit(dirents, SUMMARY_PARALLEL, (e) => entryStat(access, join(real, e.name), e));
    // Files first, in name order (as many as the cap leaves), then each sub folder.
    const files: { e: Dirent; real: string; st: Stats; path: string; kind: 'level' | 'pack' }[] = [];
    const folders: { e: Dirent; real: string; path: string }[] = [];
    dirents.forEach((e, i) => {
      const s = stats[i];
      if (!s) return;
      const path = access.child(hostDir, e.name);
      if (s.st.isDirectory()) folders.push({ e, real: s.real, path });
      else if (s.st.isFile()) {
        const kind = kindOfFile(e.name);
        if (kind === 'level' || kind === 'pack') files.push({ e, real: s.real, st: s.st, path, kind });
      }
    });
    const room = WORKSPACE_SUMMARY_MAX - items.length;
    if (files.length > room) capped = true;
    const made = await mapLimit(files.slice(0, Math.max(0, room)), SUMMARY_PARALLEL, (f) =>
      summarize(`${f.real}\0${f.path}`, f.st, () =>
        f.kind === 'level' ? summarizeLevel(f.real, f.path, f.e.name, f.st) : summarizePack(f.real, f.path, f.e.name, f.st),
      ),
    );
    items.push(...made);
    for (const f of folders) {
      if (capped) return;
      if (seen.has(f.real)) continue; // a folder reached twice (a link to it, or a loop)
      seen.add(f.real);
      if (await isPackFolder(f.real)) {
        if (items.length >= WORKSPACE_SUMMARY_MAX) return void (capped = true);
        items.push(await packItem(f.real, f.path, f.e.name));
      }
      await walk(f.real, f.path, depth + 1);
    }
  };
  for (const r of access.roots()) {
    if ([...seen].some((x) => isInside(x, r.real))) continue; // a root inside one already walked
    seen.add(r.real);
    if (access.listsRoots && (await isPackFolder(r.real))) items.push(await packItem(r.real, r.hostPath, r.name));
    await walk(r.real, r.hostPath, 0);
  }
  cache.sweep();
  return { at: performance.now(), items: byPath(items), capped };
}

/** The workspace file methods (see the file comment). Without `access` they answer `internal`. */
export function createFilesHostApi(access: FolderAccess | undefined): { [M in FilesHostMethod]: (req: unknown) => Promise<HostResponses[M]> } {
  const none = (method: FilesHostMethod): HostError => ({ ok: false, code: 'internal', message: `${method}: this host has no workspace folders.` });
  const summaries = new SummaryCache();
  /** The last reading of the workspace (later pages come from it). */
  let snapshot: Reading | undefined;
  /** A reading under way: concurrent requests share it. */
  let reading: Promise<Reading> | undefined;
  const readWorkspace = (): Promise<Reading> => {
    if (!access) return Promise.resolve({ at: performance.now(), items: [], capped: false });
    reading ??= walkWorkspace(access, summaries).then(
      (r) => {
        snapshot = r;
        reading = undefined;
        return r;
      },
      (err: unknown) => {
        reading = undefined;
        throw err;
      },
    );
    return reading;
  };

  return {
    browse: handle('browse', async (req) => {
      if (!access) return none('browse');
      const dir = req.dir ?? '';
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

    makeFolder: handle('makeFolder', async ({ path: p }) => {
      if (!access) return none('makeFolder');
      const trimmed = p.replace(/[\\/]+$/, '');
      const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
      const name = trimmed.slice(cut + 1);
      const parentPath = cut < 0 ? '' : cut === 0 ? trimmed.slice(0, 1) : trimmed.slice(0, cut);
      const problem = folderNameProblem(name);
      if (problem) return problem;
      if (parentPath === '' && access.listsRoots) return { ok: false, code: 'forbidden', message: 'makeFolder: a new folder must be inside a granted folder.' };
      const parent = access.resolveFolder(parentPath);
      if (typeof parent !== 'string') return parent;
      const made = await makeConfinedFolder(parent, name, p);
      if (made) return made;
      return { ok: true as const, path: access.child(access.canonical(parentPath), name) };
    }),

    workspaceSummary: handle('workspaceSummary', async ({ query: q, offset, limit }) => {
      if (!access) return none('workspaceSummary');
      const start = offset ?? 0;
      const fresh = snapshot && start > 0 && performance.now() - snapshot.at < SUMMARY_SNAPSHOT_MS ? snapshot : undefined;
      const reading = fresh ?? (await readWorkspace());
      const matches = q?.trim() ? reading.items.filter((i) => workspaceItemMatches(i, q)) : reading.items;
      const items = matches.slice(start, start + (limit ?? WORKSPACE_SUMMARY_PAGE));
      return {
        ok: true as const,
        items,
        total: matches.length,
        offset: start,
        capped: reading.capped,
        truncated: reading.capped || start + items.length < matches.length,
      };
    }),
  };
}
