/**
 * Workspace folders as the file dialog and the default Save As folder read
 * them: the host's `browse` / `makeFolder` / `workspaceSummary`
 * (src-shared/host/files-contract.ts). A host that does not answer `browse`
 * (an older host: the method is missing or answers `internal` /
 * `bad-request` for the root) is read from its flat `list` of level files
 * instead: its folders are those that hold a level, and no folder can be
 * made. Never throws: failures are answers with a message.
 */
import type { HostApi, ListedFile } from '../../src-shared/host/contract.js';
import { WORKSPACE_SUMMARY_MAX, WORKSPACE_SUMMARY_PAGE_MAX, type BrowseEntry, type WorkspaceItem } from '../../src-shared/host/files-contract.js';
import { displayMessage } from '../host/messages.js';
import { folderOf, joinPath, normalizeDir } from './file-dialog.js';

/** One folder's listing (`dir` normalized; `parent` null at the root). */
export type FolderListing =
  { ok: true; dir: string; parent: string | null; entries: BrowseEntry[]; canMakeFolder: boolean } | { ok: false; code: string; message: string };

/** A folder from a flat list of level paths: the sub folders that hold levels, and its own levels (sorted, folders first). */
export function listingFromFiles(files: readonly ListedFile[], dir: string): BrowseEntry[] {
  const d = normalizeDir(dir);
  const folders = new Set<string>();
  const levels: BrowseEntry[] = [];
  for (const f of files) {
    const p = f.path.replace(/\\/g, '/');
    const rest = d ? (p.startsWith(`${d}/`) ? p.slice(d.length + 1) : null) : p;
    if (rest === null) continue;
    const slash = rest.indexOf('/');
    if (slash >= 0) folders.add(rest.slice(0, slash));
    else levels.push({ name: rest, path: p, kind: 'level' });
  }
  const byName = (a: { name: string }, b: { name: string }): number => a.name.toLowerCase().localeCompare(b.name.toLowerCase());
  const dirs = [...folders].map((name): BrowseEntry => ({ name, path: joinPath(d, name), kind: 'folder' }));
  return [...dirs.sort(byName), ...levels.sort(byName)];
}

/** True when a `browse` failure means the host does not answer the method (fall back to `list`). */
function unsupported(code: string): boolean {
  return code === 'internal' || code === 'bad-request';
}

/** Lists folder `dir` of the workspace (see the header for the `list` fallback). */
export async function listFolder(host: HostApi, dir: string): Promise<FolderListing> {
  const d = normalizeDir(dir);
  if (host.browse) {
    try {
      const r = await host.browse(d ? { dir: d } : {});
      if (r.ok)
        return {
          ok: true,
          dir: normalizeDir(r.dir),
          parent: r.parent === null ? null : normalizeDir(r.parent),
          entries: r.entries,
          canMakeFolder: !!host.makeFolder,
        };
      if (!unsupported(r.code)) return { ok: false, code: r.code, message: displayMessage(r.message, d) };
    } catch {
      /* fall back to list */
    }
  }
  const l = await host.list({});
  if (!l.ok) return { ok: false, code: l.code, message: displayMessage(l.message) };
  const entries = listingFromFiles(l.files, d);
  if (d && entries.length === 0) return { ok: false, code: 'not-found', message: `There is no folder ${d} in the workspace.` };
  return { ok: true, dir: d, parent: d ? folderOf(d) : null, entries, canMakeFolder: false };
}

/** Creates folder `name` inside `dir`; answers its path or the host's message. */
export async function makeFolder(host: HostApi, dir: string, name: string): Promise<{ ok: true; path: string } | { ok: false; message: string }> {
  if (!host.makeFolder) return { ok: false, message: 'This host cannot create folders.' };
  const path = joinPath(dir, name.trim());
  try {
    const r = await host.makeFolder({ path });
    return r.ok ? { ok: true, path: normalizeDir(r.path) } : { ok: false, message: displayMessage(r.message, path) };
  } catch (e) {
    return { ok: false, message: String(e) };
  }
}

/** What is at a target path before a save or export writes it. */
export type TargetCheck = { kind: 'free' } | { kind: 'exists'; entry: BrowseEntry } | { kind: 'no-folder'; folder: string } | { kind: 'unknown' };

/** Looks `path` up in its folder: free, already there (the overwrite confirm), or its folder is missing. */
export async function checkTarget(host: HostApi, path: string): Promise<TargetCheck> {
  const folder = folderOf(path);
  const l = await listFolder(host, folder);
  if (!l.ok) return l.code === 'not-found' ? { kind: 'no-folder', folder } : { kind: 'unknown' };
  const norm = normalizeDir(path).toLowerCase();
  const name = norm.split('/').pop();
  const entry = l.entries.find((e) => normalizeDir(e.path).toLowerCase() === norm || (e.name.toLowerCase() === name && folderOf(e.path) === folder));
  return entry ? { kind: 'exists', entry } : { kind: 'free' };
}

/** The workspace's levels and packs (workspaceSummary), or null when the host does not answer it. */
export async function workspaceItems(host: HostApi | null): Promise<{ items: WorkspaceItem[]; truncated: boolean } | { error: string } | null> {
  if (!host?.workspaceSummary) return null;
  try {
    const r = await host.workspaceSummary({});
    if (r.ok) return { items: r.items, truncated: r.truncated };
    return unsupported(r.code) ? null : { error: `${r.code}: ${displayMessage(r.message)}` };
  } catch {
    return null;
  }
}

/** What the explorer lists: every matching item read (up to `max`), how many match in all, and whether the host's walk hit its cap. */
export interface SummaryRead {
  items: WorkspaceItem[];
  total: number;
  /** The host stopped reading the workspace at WORKSPACE_SUMMARY_MAX files. */
  capped: boolean;
}

/**
 * Every level and pack matching `query` (the host searches: `workspaceSummary
 * {query}`; blank: everything), read a page of WORKSPACE_SUMMARY_PAGE_MAX at
 * a time, up to `max` items; `onPage` sees the items so far after each page.
 * Null when the host does not answer the method; `{error}` when it failed.
 * `stale()` true stops reading (a newer query took over).
 */
export async function readSummary(
  host: HostApi | null,
  query: string,
  opts: { max?: number; onPage?: (r: SummaryRead) => void; stale?: () => boolean } = {},
): Promise<SummaryRead | { error: string } | null> {
  if (!host?.workspaceSummary) return null;
  const max = opts.max ?? WORKSPACE_SUMMARY_MAX;
  const q = query.trim();
  const items: WorkspaceItem[] = [];
  let total = 0;
  let capped = false;
  try {
    for (;;) {
      const r = await host.workspaceSummary({
        ...(q ? { query: q } : {}),
        ...(items.length ? { offset: items.length } : {}),
        limit: WORKSPACE_SUMMARY_PAGE_MAX,
      });
      if (!r.ok) return unsupported(r.code) ? null : { error: `${r.code}: ${displayMessage(r.message)}` };
      if (opts.stale?.()) return { items, total, capped };
      items.push(...r.items);
      // A host without paging answers every item at once and no total.
      total = typeof r.total === 'number' ? r.total : items.length;
      capped = r.capped === true || (r.total === undefined && r.truncated);
      if (r.items.length === 0 || items.length >= total || items.length >= max) break;
      opts.onPage?.({ items: [...items], total, capped });
    }
  } catch {
    return null;
  }
  return { items: items.slice(0, max), total, capped };
}

/** Level files of the workspace whose title or path holds `query`, searched by the host (at most `limit`); null when the host cannot search. */
export async function searchLevels(host: HostApi | null, query: string, limit = 200): Promise<{ path: string; name: string }[] | null> {
  if (!host?.workspaceSummary || !query.trim()) return null;
  try {
    const r = await host.workspaceSummary({ query: query.trim(), limit: Math.min(limit, WORKSPACE_SUMMARY_PAGE_MAX) });
    if (!r.ok) return null;
    return r.items.filter((i) => i.kind === 'level').map((i) => ({ path: i.path, name: i.name }));
  } catch {
    return null;
  }
}
