/**
 * Confinement of host paths to one workspace folder (`castellan serve`).
 *
 * Every path from the renderer is untrusted. `resolveWorkspacePath` accepts a
 * workspace-relative path (or an absolute path inside the workspace) and
 * answers the real, absolute file path to use, or a HostError:
 * - `bad-request`: not a non-empty string, or longer than 4096 characters;
 * - `forbidden`: NUL bytes, a `..` segment, percent-encoded `.`, `/`, `\` or
 *   NUL (`%2e%2e`: paths are never URL-decoded, so these are refused
 *   outright), an absolute path outside the workspace, a name that is not
 *   `*.level.json` (or another allowed suffix), or a symlink whose real
 *   path leaves the workspace (checked on the file itself, or on its parent
 *   folder for a file that does not exist yet);
 *   a dangling symlink is refused too;
 * - `not-found`: the file (read) or its folder (write) does not exist.
 * The answered path is the realpath (symlinks already resolved), so the
 * caller does not follow a link again after the check.
 */
import { promises as fsp, lstatSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { HostError, ListedFile } from '../../src-shared/host/contract.js';
import { errnoCode } from './atomic-file.js';

export const LEVEL_SUFFIX = '.level.json';
export const PACK_SUFFIX = '.pack.json';
/** Suffixes accepted by default (packs are not served yet). */
export const DEFAULT_SUFFIXES: readonly string[] = [LEVEL_SUFFIX];

export interface Workspace {
  /** The folder as given, resolved to an absolute path. */
  root: string;
  /** Its realpath: the confinement boundary. */
  realRoot: string;
}

/** Opens a workspace folder; answers `not-found`/`io` when it is missing or not a folder. Never throws. */
export function openWorkspace(dir: string): Workspace | HostError {
  const root = resolve(dir);
  try {
    const realRoot = realpathSync(root);
    if (!statSync(realRoot).isDirectory()) {
      return { ok: false, code: 'io', message: `The workspace ${root} is not a folder.` };
    }
    return { root, realRoot };
  } catch (err) {
    return errnoCode(err) === 'ENOENT'
      ? { ok: false, code: 'not-found', message: `The workspace folder ${root} does not exist.` }
      : { ok: false, code: 'io', message: `Cannot open the workspace folder ${root}: ${String(err)}` };
  }
}

/** True when `p` is `root` itself or lies below it (lexically). */
export function isInside(root: string, p: string): boolean {
  const rel = relative(root, p);
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + sep) && !isAbsolute(rel));
}

function forbidden(message: string): HostError {
  return { ok: false, code: 'forbidden', message };
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/**
 * Why a file name would not work on every desktop OS (Windows, macOS,
 * Linux), or undefined when it is portable: control characters, invisible
 * bidirectional overrides (which disguise names), `<>:"/\|?*`, a trailing
 * dot or space, or a Windows device name (`CON`, `NUL`, `COM1`, ... with
 * any extension). Used for files the host creates.
 */
export function unportableName(name: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'a control character';
  if (/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(name)) return 'an invisible text-direction character';
  if (/[<>:"/\\|?*]/.test(name)) return 'one of < > : " / \\ | ? *';
  if (/[. ]$/.test(name)) return 'a trailing dot or space';
  if (WINDOWS_RESERVED.test(name.split('.')[0]!)) return 'a reserved Windows device name';
  return undefined;
}

/**
 * Resolves an untrusted path against the workspace (see module doc).
 * `forWrite`: the file may not exist yet (its folder must). Never throws.
 */
export function resolveWorkspacePath(ws: Workspace, p: unknown, forWrite: boolean, suffixes: readonly string[] = DEFAULT_SUFFIXES): string | HostError {
  if (typeof p !== 'string' || p.length === 0) {
    return { ok: false, code: 'bad-request', message: 'The path must be a non-empty string.' };
  }
  if (p.length > 4096) return { ok: false, code: 'bad-request', message: 'The path is too long.' };
  if (p.includes('\0')) return forbidden('The path contains a NUL byte.');
  if (/%(?:2e|2f|5c|00)/i.test(p)) return forbidden('The path contains percent-encoded dots, slashes or NUL bytes.');
  const segments = p.split(/[\\/]+/);
  if (segments.includes('..')) return forbidden(`The path ${JSON.stringify(p)} leaves the workspace ("..").`);
  const abs = isAbsolute(p) ? resolve(p) : resolve(ws.realRoot, p);
  if (!isInside(ws.root, abs) && !isInside(ws.realRoot, abs)) {
    return forbidden(`The path ${JSON.stringify(p)} is outside the workspace.`);
  }
  const name = basename(abs);
  if (forWrite) {
    const unportable = unportableName(name) ?? (p.includes('\\') ? 'a backslash' : undefined);
    if (unportable) return forbidden(`The file name ${JSON.stringify(name)} is not portable: it contains ${unportable}.`);
  }
  if (!suffixes.some((s) => name.endsWith(s) && name.length > s.length)) {
    return forbidden(`Only ${suffixes.map((s) => `*${s}`).join(', ')} files can be opened or saved here, not ${JSON.stringify(name)}.`);
  }
  try {
    let real: string;
    try {
      real = realpathSync(abs);
    } catch (err) {
      if (errnoCode(err) !== 'ENOENT') throw err;
      let isLink = false;
      try {
        isLink = lstatSync(abs).isSymbolicLink();
      } catch {
        // does not exist at all
      }
      if (isLink) return forbidden(`The path ${JSON.stringify(p)} is a symbolic link to a missing file.`);
      if (!forWrite) return { ok: false, code: 'not-found', message: `The file ${p} does not exist.` };
      let parent: string;
      try {
        parent = realpathSync(dirname(abs));
      } catch (perr) {
        if (errnoCode(perr) === 'ENOENT') {
          return { ok: false, code: 'not-found', message: `The folder of ${p} does not exist.` };
        }
        throw perr;
      }
      if (!isInside(ws.realRoot, parent)) {
        return forbidden(`The folder of ${JSON.stringify(p)} is a link that leaves the workspace.`);
      }
      return join(parent, name);
    }
    if (!isInside(ws.realRoot, real)) {
      return forbidden(`The path ${JSON.stringify(p)} is a link that leaves the workspace.`);
    }
    if (statSync(real).isDirectory()) return forbidden(`The path ${JSON.stringify(p)} is a folder.`);
    return real;
  } catch (err) {
    return { ok: false, code: 'io', message: `Cannot resolve ${p}: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** `abs` as a workspace-relative path with `/` separators. */
export function toWorkspaceRelative(ws: Workspace, abs: string): string {
  const base = isInside(ws.realRoot, abs) ? ws.realRoot : ws.root;
  return relative(base, abs).split(sep).join('/');
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'variant' });

/** Sorts paths by their segments with a numeric collation (`2` before `10`), then code units. */
export function comparePaths(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

export interface ListOptions {
  suffixes?: readonly string[];
  /** Folder depth limit (default 12). */
  maxDepth?: number;
  /** Stop after this many files (default 10,000). */
  maxFiles?: number;
}

/**
 * Every `*.level.json` below the workspace, recursive, sorted,
 * workspace-relative (`/` separators). Skips dot folders and node_modules,
 * does not descend into symlinked folders, and lists a symlinked file only
 * when its real path stays inside the workspace. Unreadable folders are
 * skipped. Never throws.
 */
export async function listLevelFiles(ws: Workspace, opts: ListOptions = {}): Promise<ListedFile[]> {
  const suffixes = opts.suffixes ?? DEFAULT_SUFFIXES;
  const maxDepth = opts.maxDepth ?? 12;
  const maxFiles = opts.maxFiles ?? 10_000;
  const out: ListedFile[] = [];
  const matches = (name: string): boolean => suffixes.some((s) => name.endsWith(s) && name.length > s.length);

  async function walk(dir: string, depth: number): Promise<void> {
    if (depth > maxDepth || out.length >= maxFiles) return;
    let entries: Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (out.length >= maxFiles) return;
      const full = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name.startsWith('.') || e.name === 'node_modules') continue;
        await walk(full, depth + 1);
      } else if (matches(e.name) && !e.name.startsWith('.')) {
        if (e.isSymbolicLink()) {
          try {
            const real = await fsp.realpath(full);
            if (!isInside(ws.realRoot, real) || !(await fsp.stat(real)).isFile()) continue;
          } catch {
            continue;
          }
        } else if (!e.isFile()) continue;
        out.push({ path: toWorkspaceRelative(ws, full), name: e.name });
      }
    }
  }

  await walk(ws.realRoot, 0);
  return out.sort((a, b) => comparePaths(a.path, b.path));
}
