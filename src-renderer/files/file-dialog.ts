/**
 * The browser file dialog's headless model (pure, no DOM, no runes): what
 * FileDialog.svelte shows and decides for Open, Save As, pack export and
 * render over the host's workspace folders (`browse`, `makeFolder`,
 * src-shared/host/files-contract.ts).
 *
 * - kinds and their extensions: levels `.level.json`, packs `.pack.json`
 *   (or a folder: pack export), images `.svg` / `.png` (render);
 * - the typed name: a name, or `sub/name` into an existing sub folder,
 *   completed with the kind's extension; absolute paths and `..` refused;
 * - the breadcrumb of a folder, the kind filter of its entries, a new
 *   folder's name check, the keyboard selection;
 * - recent places (the workspace root, folders used recently, the current
 *   file's folder), the recent folders kept in localStorage.
 *
 * Folder paths are workspace-relative with `/` and no trailing separator
 * (`""` is the workspace root), as `browse` answers them.
 */
import type { BrowseEntry } from '../../src-shared/host/files-contract.js';

/** What a file dialog chooses: a level, a pack, or a picture (render). */
export type FileKind = 'level' | 'pack' | 'image';

/** The kind filter's choices: one kind, or every entry. */
export type KindFilter = FileKind | 'all';

/** The extensions of each kind, the first one is added to a name that has none. */
export const KIND_EXTENSIONS: Readonly<Record<FileKind, readonly string[]>> = {
  level: ['.level.json'],
  pack: ['.pack.json'],
  image: ['.svg', '.png'],
};

/** The filter labels, as the dialog's kind menu shows them. */
export const KIND_LABELS: Readonly<Record<KindFilter, string>> = {
  level: 'Levels (*.level.json)',
  pack: 'Packs (folders, *.pack.json)',
  image: 'Images (*.svg, *.png)',
  all: 'All files',
};

/** Joins a folder and a relative path: `join("a", "b.json")` -> `"a/b.json"`, `join("", "b")` -> `"b"`. */
export function joinPath(dir: string, rel: string): string {
  const d = normalizeDir(dir);
  return d ? `${d}/${rel}` : rel;
}

/** A folder path without `./`, backslashes, doubled or trailing separators (`"a\\b/"` -> `"a/b"`, `"./"` -> `""`). */
export function normalizeDir(dir: string): string {
  return dir
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s !== '' && s !== '.')
    .join('/');
}

/** The folder of a workspace path (`"a/b/c.level.json"` -> `"a/b"`, `"c.level.json"` -> `""`). */
export function folderOf(path: string): string {
  const p = path.replace(/\\/g, '/');
  const i = p.lastIndexOf('/');
  return i < 0 ? '' : normalizeDir(p.slice(0, i));
}

/** The parent of a folder (`"a/b"` -> `"a"`, `"a"` -> `""`); null for the workspace root. */
export function parentDir(dir: string): string | null {
  const d = normalizeDir(dir);
  if (!d) return null;
  return folderOf(d);
}

/** One step of the breadcrumb: the label shown and the folder it opens. */
export interface Crumb {
  label: string;
  path: string;
}

/** The breadcrumb of `dir`: the workspace root (labelled `rootLabel`), then each folder down to `dir`. */
export function breadcrumb(dir: string, rootLabel = 'Workspace'): Crumb[] {
  const parts = normalizeDir(dir).split('/').filter(Boolean);
  const out: Crumb[] = [{ label: rootLabel, path: '' }];
  parts.forEach((p, i) => out.push({ label: p, path: parts.slice(0, i + 1).join('/') }));
  return out;
}

/** True when `name` ends in one of `kind`'s extensions (case-insensitive). */
export function hasKindExtension(name: string, kind: FileKind): boolean {
  const n = name.toLowerCase();
  return KIND_EXTENSIONS[kind].some((e) => n.endsWith(e));
}

/** True for a pack folder (a folder holding pack.json), not a `*.pack.json` file. */
export function isPackFolder(e: Pick<BrowseEntry, 'kind' | 'name'>): boolean {
  return e.kind === 'pack' && !hasKindExtension(e.name, 'pack');
}

/** True when a browse entry belongs in the list under `filter` (folders, pack folders included, always do: their levels are inside). */
export function entryMatches(e: Pick<BrowseEntry, 'kind' | 'name'>, filter: KindFilter): boolean {
  if (e.kind === 'folder' || isPackFolder(e) || filter === 'all') return true;
  if (filter === 'level') return e.kind === 'level';
  if (filter === 'pack') return e.kind === 'pack';
  return e.kind === 'other' && hasKindExtension(e.name, 'image');
}

/** The entries of a folder shown under `filter`: folders first (then the host's order: by name). */
export function visibleEntries<E extends Pick<BrowseEntry, 'kind' | 'name'>>(entries: readonly E[], filter: KindFilter): E[] {
  const shown = entries.filter((e) => entryMatches(e, filter));
  const dir = (e: E): boolean => e.kind === 'folder' || isPackFolder(e);
  return [...shown.filter(dir), ...shown.filter((e) => !dir(e))];
}

/** True when double-click / Enter on the entry enters it (a folder; a pack folder only when choosing something else than a pack). */
export function entersOnOpen(e: Pick<BrowseEntry, 'kind' | 'name'>, kind: FileKind): boolean {
  if (e.kind === 'folder') return true;
  return e.kind === 'pack' && kind !== 'pack' && !hasKindExtension(e.name, 'pack');
}

/** How a typed name is completed: `folderOk` lets a name without extension stand for a folder (pack export). */
export interface NameRules {
  kind: FileKind;
  /** A name without one of the kind's extensions is taken as a folder (pack export's folder form). */
  folderOk?: boolean;
  /** The name is taken as typed, no extension added (Open with the "All files" filter: any file name may be meant). */
  asTyped?: boolean;
}

/** A typed name resolved against the dialog's folder. */
export type ResolvedName =
  | {
      ok: true;
      /** The folder the file goes into (workspace-relative). */
      folder: string;
      /** The file (or folder) name with its extension. */
      name: string;
      /** `folder` + `name`. */
      path: string;
      /** The typed name had a sub folder (`sub/x.level.json`): its existence still has to be checked. */
      viaSubfolder: boolean;
    }
  | { ok: false; code: 'empty' | 'absolute' | 'parent' | 'bad-name'; message: string };

/** Characters a file name may not hold (the host refuses them too). */
// eslint-disable-next-line no-control-regex
const BAD_NAME = /[\u0000-\u001f<>:"|?*]/;

/**
 * Resolves the file-name field: `typed` is a name or a relative path
 * (`sub/x`), completed with the kind's first extension when it has none
 * (unless `folderOk`: then it names a folder; unless `asTyped`: then it
 * stays as typed). Refused: an empty name,
 * an absolute path (`/x`, `C:\x`), `..` segments, illegal characters.
 */
export function resolveName(dir: string, typed: string, rules: NameRules): ResolvedName {
  const t = typed.trim().replace(/\\/g, '/');
  if (!t || t === '.' || /\/$/.test(t)) return { ok: false, code: 'empty', message: 'Type a file name.' };
  if (t.startsWith('/') || /^[A-Za-z]:/.test(t)) {
    return { ok: false, code: 'absolute', message: 'Use a name inside the workspace folder (no leading "/" or drive letter).' };
  }
  const segs = t.split('/').filter((s) => s !== '' && s !== '.');
  if (segs.includes('..')) return { ok: false, code: 'parent', message: 'Use a name inside the workspace folder (no "..": go Up instead).' };
  const bad = segs.find((s) => BAD_NAME.test(s));
  if (bad !== undefined) return { ok: false, code: 'bad-name', message: `"${bad}" holds a character a file name cannot have.` };
  let name = segs[segs.length - 1]!;
  const known = hasKindExtension(name, rules.kind);
  if (!known && !rules.folderOk && !rules.asTyped) {
    const ext = KIND_EXTENSIONS[rules.kind][0]!;
    // "x.json" for a level becomes "x.level.json", not "x.json.level.json".
    name = rules.kind === 'level' && /\.json$/i.test(name) ? name.replace(/\.json$/i, ext) : `${name}${ext}`;
  }
  if (KIND_EXTENSIONS[rules.kind].some((e) => name.toLowerCase() === e)) return { ok: false, code: 'empty', message: 'Type a file name.' };
  const sub = segs.slice(0, -1).join('/');
  const folder = normalizeDir(sub ? joinPath(dir, sub) : dir);
  return { ok: true, folder, name, path: joinPath(folder, name), viaSubfolder: sub !== '' };
}

/** Why a new folder's name is refused (null: fine); the host refuses the same names. */
export function folderNameProblem(name: string, existing: readonly Pick<BrowseEntry, 'name'>[]): string | null {
  const n = name.trim();
  if (!n) return 'Type a name for the new folder.';
  if (n === '.' || n === '..') return `"${n}" cannot be a folder name.`;
  if (/[\\/]/.test(n)) return 'A folder name cannot hold "/" or "\\".';
  if (BAD_NAME.test(n)) return `"${n}" holds a character a folder name cannot have.`;
  if (n.startsWith('.')) return 'A name starting with "." would be hidden.';
  if (existing.some((e) => e.name.toLowerCase() === n.toLowerCase())) return `${n} already exists here.`;
  return null;
}

/** The selection after an arrow key: `delta` rows from `index` (-1: none yet), kept inside `count` rows; -1 when empty. */
export function moveSelection(index: number, delta: number, count: number): number {
  if (count <= 0) return -1;
  if (index < 0) return delta < 0 ? count - 1 : 0;
  return Math.min(count - 1, Math.max(0, index + delta));
}

// ------------------------------------------------------------------ recent places

/** localStorage key of the recently used folders (a JSON array, newest first). */
export const RECENT_PLACES_KEY = 'castellan.files.recentFolders';
/** How many recent folders are kept. */
export const RECENT_PLACES_MAX = 6;

/** A place of the dialog's side list. */
export interface Place {
  label: string;
  path: string;
  /** Why it is listed. */
  role: 'root' | 'current' | 'recent';
}

/** Where recent folders are kept (localStorage in the browser; a stub in tests). */
export type PlaceStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The recent folders in `store`, newest first (bad entries dropped; never throws). */
export function loadRecentFolders(store: PlaceStore | undefined): string[] {
  try {
    const raw = store?.getItem(RECENT_PLACES_KEY);
    const arr: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(arr) ? arr.filter((x): x is string => typeof x === 'string').slice(0, RECENT_PLACES_MAX) : [];
  } catch {
    return [];
  }
}

/** Records `dir` as the most recent folder (moved to the front, at most RECENT_PLACES_MAX); answers the new list. */
export function noteRecentFolder(store: PlaceStore | undefined, dir: string): string[] {
  const d = normalizeDir(dir);
  const next = [d, ...loadRecentFolders(store).filter((x) => x !== d)].slice(0, RECENT_PLACES_MAX);
  try {
    store?.setItem(RECENT_PLACES_KEY, JSON.stringify(next));
  } catch {
    /* storage full or refused: recent places are a convenience */
  }
  return next;
}

/** The side list: the workspace root, the current file's folder, then the recent folders (each folder once). */
export function recentPlaces(currentFile: string | null, recent: readonly string[], rootLabel = 'Workspace'): Place[] {
  const out: Place[] = [{ label: rootLabel, path: '', role: 'root' }];
  const seen = new Set(['']);
  const add = (path: string, role: Place['role']): void => {
    const p = normalizeDir(path);
    if (seen.has(p)) return;
    seen.add(p);
    out.push({ label: p, path: p, role });
  };
  if (currentFile) add(folderOf(currentFile), 'current');
  for (const r of recent) add(r, 'recent');
  return out;
}

/** A file dialog asked for by another part (pack export, render): what it chooses and what runs on OK. */
export interface FileDialogSpec {
  mode: 'open' | 'save';
  kind: FileKind;
  title: string;
  okLabel: string;
  /** The folder shown first. */
  dir: string;
  /** The proposed name. */
  name?: string;
  /** A name without the kind's extension names a folder (pack export's folder form). */
  folderOk?: boolean;
  /** False: an existing name is refused inline instead of "Replace x?" (the host never overwrites). */
  allowReplace?: boolean;
  /** A line under the name field. */
  note?: string;
  /** data-testid of the dialog, and the prefix of its controls' ids. */
  testid: string;
  ids: string;
  /** Runs on OK with the chosen workspace path. */
  choose: (path: string, replace: boolean) => void;
}
