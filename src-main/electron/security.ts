/**
 * Electron security policy as plain functions (no Electron import), so it is
 * unit-tested under Node. main.ts wires these into Electron's hooks.
 *
 * Policy (Electron security checklist): contextIsolation and sandbox on,
 * nodeIntegration off, strict CSP, every IPC call checked for its sender,
 * navigation / window.open / webviews / permission requests denied, no
 * remote content, the renderer served from the app's own scheme
 * (app-protocol.ts: `app://castellan/`, never `file://`), path grants that
 * do not follow links out (PathGrants). docs/dev/security.md lists what holds.
 */
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import type { HostError } from '../../src-shared/host/contract.js';
import { errnoCode } from '../services/atomic-file.js';
import { isInside } from '../services/workspace.js';

/** The CSP every renderer document gets (also a meta tag in index.html). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** webPreferences the editor window is created with. */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  spellcheck: false,
  /** Middle-click (auxclick) can open links in new windows; off (window.open is denied anyway). */
  disableBlinkFeatures: 'Auxclick',
} as const;

/**
 * True when `url` is a document or resource of the app's own privileged
 * scheme (app-protocol.ts: `app://castellan/`): same scheme and host as
 * `app`. `file:` is never the app's scheme: a file URL is trusted nowhere.
 */
function isAppScheme(url: URL, app: URL): boolean {
  if (app.protocol === 'file:' || app.protocol === 'http:' || app.protocol === 'https:' || app.host === '') return false;
  return url.protocol === app.protocol && url.host.toLowerCase() === app.host.toLowerCase();
}

/** True when `app` is the development server (`electron-vite dev`: `http://localhost:5173/`). */
function isDevServer(app: URL): boolean {
  return app.protocol === 'http:' || app.protocol === 'https:';
}

/**
 * True when an IPC message comes from our own top-level renderer document.
 * `frameUrl` is `event.senderFrame.url`; `appUrl` the URL main loaded
 * (`app://castellan/index.html` in production, `http://localhost:5173/` in
 * dev). Sub-frames, `file:` documents and any other origin are refused.
 */
export function isTrustedSender(frameUrl: string | undefined, appUrl: string, isMainFrame: boolean): boolean {
  if (!frameUrl || !isMainFrame) return false;
  let sender: URL;
  let app: URL;
  try {
    sender = new URL(frameUrl);
    app = new URL(appUrl);
  } catch {
    return false;
  }
  if (isDevServer(app)) return sender.origin === app.origin;
  return isAppScheme(sender, app);
}

/** Navigation is allowed only to the very document the app loaded (reloads). */
export function isAllowedNavigation(targetUrl: string, appUrl: string): boolean {
  try {
    const target = new URL(targetUrl);
    const app = new URL(appUrl);
    if (isDevServer(app)) return target.origin === app.origin && target.pathname === app.pathname;
    return isAppScheme(target, app) && target.pathname === app.pathname;
  } catch {
    return false;
  }
}

/**
 * No remote content: the session's `webRequest.onBeforeRequest` filter.
 * Allowed: `data:`, `blob:` and `devtools:` URLs; in production the app's
 * own scheme and host (`app://castellan/...`, whose handler serves only
 * files of the renderer folder, app-protocol.ts); and, in development
 * (`appUrl` is the dev server), `http(s)`/`ws(s)` requests to exactly the
 * dev server's host and port (page, modules, HMR socket). Everything else
 * (any `file:` URL, any other http, https, ws, ftp, unknown schemes) is
 * cancelled.
 */
export function isAllowedRequest(targetUrl: string, appUrl: string): boolean {
  let target: URL;
  let app: URL;
  try {
    target = new URL(targetUrl);
    app = new URL(appUrl);
  } catch {
    return false;
  }
  if (target.protocol === 'data:' || target.protocol === 'blob:' || target.protocol === 'devtools:') return true;
  if (isDevServer(app)) {
    const wsProtocol = app.protocol === 'https:' ? 'wss:' : 'ws:';
    if (target.protocol !== app.protocol && target.protocol !== wsProtocol) return false;
    return target.host === app.host;
  }
  return isAppScheme(target, app);
}

/**
 * The real path of `abs` (absolute, lexically resolved): the realpath of
 * its longest existing prefix plus the segments that do not exist yet, so a
 * file that is about to be created is judged by its real folder. Answers
 * `'dangling'` when an existing segment is a symbolic link whose target is
 * missing (a write there would create a file wherever the link points).
 * Other errors (EACCES, ELOOP ...) are thrown.
 */
export function realPathOf(abs: string): string | 'dangling' {
  const rest: string[] = [];
  let cur = abs;
  for (;;) {
    try {
      return join(realpathSync(cur), ...rest.reverse());
    } catch (err) {
      if (errnoCode(err) !== 'ENOENT' && errnoCode(err) !== 'ENOTDIR') throw err;
      try {
        if (lstatSync(cur).isSymbolicLink()) return 'dangling';
      } catch {
        // does not exist at all: judge by its parent
      }
      const parent = dirname(cur);
      if (parent === cur) return join(cur, ...rest.reverse());
      rest.push(basename(cur));
      cur = parent;
    }
  }
}

/**
 * The set of host paths a renderer may touch through IPC: any file under the
 * trusted roots (the bundled samples, and pack folders the user chose in a
 * native folder dialog), plus exactly the files the user picked in a native
 * dialog this session. A compromised renderer cannot read or write
 * arbitrary paths by naming them.
 *
 * Links are confined like the serve host confines them (workspace.ts
 * `resolveWorkspacePath`): a path under a granted folder is judged by its
 * real path (the file's realpath, or for a file not created yet its real
 * folder + name), which must lie inside the real path of a granted folder;
 * a link (to a file or a folder) that leads out of every granted folder,
 * and a dangling link, answer `forbidden`. A file the user chose itself (a
 * native dialog, a file association, a drop) is used as chosen, links
 * followed. The answer is always the real path, so the caller never follows
 * a link again after the check.
 */
export class PathGrants {
  private readonly roots: string[];
  private readonly files = new Set<string>();

  constructor(roots: string[]) {
    this.roots = roots.map((r) => resolve(r));
  }

  /** Records a file the user chose in a native open/save dialog. */
  grant(path: string): void {
    this.files.add(resolve(path));
  }

  /**
   * Records a folder the user chose in a native dialog (a pack folder,
   * "Open Folder…", the folder of a file chosen in an open/save dialog):
   * every level/pack file under it is granted.
   */
  grantFolder(path: string): void {
    const abs = resolve(path);
    if (!this.roots.includes(abs)) this.roots.push(abs);
  }

  /** The granted folders (absolute), in the order granted; the trusted roots first. */
  folders(): string[] {
    return [...this.roots];
  }

  /**
   * Answers the real path to use for `p` (absolute) when it is granted, else
   * a HostError: `bad-request` for a non-string, empty, over-long or NUL
   * path; `forbidden` for a relative path, a `..` segment, a name that is
   * not `*.level.json` / `*.pack.json`, a path under no granted folder, a
   * link leading out of every granted folder, a dangling link, or a folder;
   * `io` when the path cannot be resolved (permissions, link loops). Reads
   * and writes (`forWrite`) are checked alike: a file that does not exist
   * yet is judged by its real folder. Never throws.
   */
  check(p: unknown, forWrite = false): string | HostError {
    if (typeof p !== 'string' || p.length === 0 || p.length > 4096 || p.includes('\0')) {
      return { ok: false, code: 'bad-request', message: 'path must be a non-empty string' };
    }
    if (!isAbsolute(p)) return { ok: false, code: 'forbidden', message: `path must be absolute: ${p}` };
    if (p.split(/[\\/]+/).includes('..')) return { ok: false, code: 'forbidden', message: `The path ${JSON.stringify(p)} leaves its folder ("..").` };
    const abs = resolve(p);
    if (!abs.endsWith('.level.json') && !abs.endsWith('.pack.json')) {
      return { ok: false, code: 'forbidden', message: `not a level or pack file: ${abs}` };
    }
    const chosen = this.files.has(abs);
    try {
      const real = realPathOf(abs);
      if (!chosen && !this.roots.some((root) => isInside(realPathOrSelf(root), real === 'dangling' ? abs : real))) {
        const underRoot = this.roots.some((root) => isInside(root, abs) || isInside(realPathOrSelf(root), abs));
        return underRoot
          ? { ok: false, code: 'forbidden', message: `The path ${JSON.stringify(p)} is a link that leaves every granted folder.` }
          : { ok: false, code: 'forbidden', message: `path was not opened or chosen by the user: ${abs}` };
      }
      if (real === 'dangling') return { ok: false, code: 'forbidden', message: `The path ${JSON.stringify(p)} is a symbolic link to a missing file.` };
      if (isDirectory(real)) return { ok: false, code: 'forbidden', message: `The path ${JSON.stringify(p)} is a folder.` };
      return real;
    } catch (err) {
      return { ok: false, code: 'io', message: `Cannot resolve ${p}${forWrite ? ' for writing' : ''}: ${err instanceof Error ? err.message : String(err)}` };
    }
  }
}

/** The real path of a granted folder; the folder as given when it cannot be resolved (it is gone: nothing under it exists either). */
function realPathOrSelf(root: string): string {
  try {
    const real = realPathOf(root);
    return real === 'dangling' ? root : real;
  } catch {
    return root;
  }
}

/** True when `p` exists and is a folder (links followed). */
function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
