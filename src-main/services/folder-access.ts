/**
 * Which folders the workspace file methods (files-host-api.ts: `browse`,
 * `makeFolder`, `workspaceSummary`) may look into, and how their host paths
 * are spelled. Two kinds, one per host:
 *
 * - `workspaceFolders(ws)` (serve): one root, the workspace folder; host
 *   paths are workspace-relative with `/` (`""` = the root). The same
 *   string checks as `resolveWorkspacePath` (workspace.ts: no NUL, no
 *   percent-encoded dots or slashes, no `..`, no absolute path outside), and
 *   no hidden segment (a name starting with `.`: the host's own
 *   `.castellan` folder among them); the folder's real path must stay in
 *   the workspace (a link out is refused).
 * - `grantedFolders(list)` (Electron): the folders the user granted (the
 *   samples, folders of files chosen in native dialogs, "Open Folder…");
 *   host paths are absolute. `""` is the list of granted folders itself.
 *   A folder must lie inside a granted one, lexically and by real path.
 *
 * `resolveFolder` answers the real path of an existing folder or a
 * HostError: `bad-request` (not a string, too long), `forbidden` (outside,
 * hidden, a link out, not a folder), `not-found`, `io`. Never throws.
 */
import { realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { HostError } from '../../src-shared/host/contract.js';
import { errnoCode } from './atomic-file.js';
import { isInside, type Workspace } from './workspace.js';

/** One folder the listing starts from. */
export interface FolderRoot {
  /** Its host path (serve: `""`; Electron: absolute). */
  hostPath: string;
  /** Its real path. */
  real: string;
  /** Display name. */
  name: string;
}

export interface FolderAccess {
  /** True when `browse {}` lists the roots themselves as folders (Electron). */
  readonly listsRoots: boolean;
  /** The folders the listing starts from (existing ones only). */
  roots(): FolderRoot[];
  /** The real path of the existing folder named by the untrusted host path `p`, or a HostError. */
  resolveFolder(p: unknown): string | HostError;
  /** The canonical host path of the folder named by `p` (after `resolveFolder` accepted it). */
  canonical(p: string): string;
  /** The host path of `name` inside the folder with host path `dir`. */
  child(dir: string, name: string): string;
  /** The host path of the folder above `dir`, or null at the top of the listing. */
  parent(dir: string): string | null;
  /** True when the real path `real` may be listed (it lies in a root). */
  contains(real: string): boolean;
}

function bad(message: string): HostError {
  return { ok: false, code: 'bad-request', message };
}

function forbidden(message: string): HostError {
  return { ok: false, code: 'forbidden', message };
}

/** Real path of an existing folder, or a HostError naming `p`. */
function realFolder(abs: string, p: string): string | HostError {
  try {
    const real = realpathSync(abs);
    if (!statSync(real).isDirectory()) return forbidden(`${JSON.stringify(p)} is not a folder.`);
    return real;
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, code: 'not-found', message: `The folder ${p} does not exist.` };
    return { ok: false, code: 'io', message: `Cannot read the folder ${p}: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** The string checks every host path of a folder passes first (see the file comment). */
function checkFolderString(p: unknown): string | HostError {
  if (typeof p !== 'string') return bad('The folder must be a string.');
  if (p.length > 4096) return bad('The folder path is too long.');
  if (p.includes('\0')) return forbidden('The folder path contains a NUL byte.');
  if (/%(?:2e|2f|5c|00)/i.test(p)) return forbidden('The folder path contains percent-encoded dots, slashes or NUL bytes.');
  const segments = p.split(/[\\/]+/).filter((s) => s !== '');
  if (segments.includes('..')) return forbidden(`The folder ${JSON.stringify(p)} leaves the workspace ("..").`);
  return p;
}

/** Segments of a workspace-relative folder path (`.` segments dropped). */
function relSegments(p: string): string[] {
  return p.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
}

/** Serve: the workspace folder (see the file comment). */
export function workspaceFolders(ws: Workspace): FolderAccess {
  return {
    listsRoots: false,
    roots: () => [{ hostPath: '', real: ws.realRoot, name: '' }],
    resolveFolder(p) {
      const s = checkFolderString(p);
      if (typeof s !== 'string') return s;
      if (isAbsolute(s) && !isInside(ws.root, resolve(s)) && !isInside(ws.realRoot, resolve(s))) {
        return forbidden(`The folder ${JSON.stringify(s)} is outside the workspace.`);
      }
      const rel = isAbsolute(s) ? relSegments(resolve(s).slice((isInside(ws.realRoot, resolve(s)) ? ws.realRoot : ws.root).length)) : relSegments(s);
      if (rel.some((seg) => seg.startsWith('.'))) return forbidden(`The folder ${JSON.stringify(s)} is hidden (a name starting with ".").`);
      const real = realFolder(join(ws.realRoot, ...rel), s || '(workspace)');
      if (typeof real !== 'string') return real;
      if (!isInside(ws.realRoot, real)) return forbidden(`The folder ${JSON.stringify(s)} is a link that leaves the workspace.`);
      return real;
    },
    canonical(p) {
      if (isAbsolute(p)) {
        const abs = resolve(p);
        const base = isInside(ws.realRoot, abs) ? ws.realRoot : ws.root;
        return relSegments(abs.slice(base.length)).join('/');
      }
      return relSegments(p).join('/');
    },
    child: (dir, name) => (dir === '' ? name : `${dir}/${name}`),
    parent(dir) {
      if (dir === '') return null;
      const segs = dir.split('/');
      return segs.slice(0, -1).join('/');
    },
    contains: (real) => isInside(ws.realRoot, real),
  };
}

/** Electron: the granted folders, `list()` absolute paths (see the file comment). */
export function grantedFolders(list: () => readonly string[]): FolderAccess {
  const roots = (): FolderRoot[] => {
    const out: FolderRoot[] = [];
    const seen = new Set<string>();
    for (const f of list()) {
      const abs = resolve(f);
      if (seen.has(abs)) continue;
      seen.add(abs);
      let real: string;
      try {
        real = realpathSync(abs);
        if (!statSync(real).isDirectory()) continue;
      } catch {
        continue;
      }
      out.push({ hostPath: abs, real, name: abs.split(/[\\/]/).filter(Boolean).pop() ?? abs });
    }
    return out;
  };
  const rootOf = (abs: string): FolderRoot | undefined => roots().find((r) => isInside(r.hostPath, abs));
  return {
    listsRoots: true,
    roots,
    resolveFolder(p) {
      const s = checkFolderString(p);
      if (typeof s !== 'string') return s;
      if (!isAbsolute(s)) return forbidden(`The folder must be an absolute path: ${s}`);
      const abs = resolve(s);
      const root = rootOf(abs);
      if (!root) return forbidden(`The folder ${abs} was not opened or chosen by the user.`);
      const below = abs
        .slice(root.hostPath.length)
        .split(/[\\/]+/)
        .filter(Boolean);
      if (below.some((seg) => seg.startsWith('.'))) return forbidden(`The folder ${abs} is hidden (a name starting with ".").`);
      const real = realFolder(abs, abs);
      if (typeof real !== 'string') return real;
      if (!isInside(root.real, real)) return forbidden(`The folder ${abs} is a link that leaves ${root.hostPath}.`);
      return real;
    },
    canonical: (p) => resolve(p),
    child: (dir, name) => join(dir, name),
    parent(dir) {
      if (dir === '') return null;
      if (roots().some((r) => r.hostPath === dir)) return '';
      return dirname(dir);
    },
    contains: (real) => roots().some((r) => isInside(r.real, real)),
  };
}
