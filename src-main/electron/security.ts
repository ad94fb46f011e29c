/**
 * Electron security policy as plain functions (no Electron import), so it is
 * unit-tested under Node. main.ts wires these into Electron's hooks.
 *
 * Policy (Electron security checklist): contextIsolation and sandbox on,
 * nodeIntegration off, strict CSP, every IPC call checked for its sender,
 * navigation / window.open / webviews / permission requests denied, no
 * remote content.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HostError } from '../../src-shared/host/contract.js';

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
 * True when an IPC message comes from our own top-level renderer document.
 * `frameUrl` is `event.senderFrame.url`; `appUrl` the URL main loaded
 * (a `file://.../index.html` in production, `http://localhost:5173/` in dev).
 * Sub-frames and any other origin are refused.
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
  if (app.protocol === 'file:') return sender.protocol === 'file:' && sender.pathname === app.pathname;
  return sender.origin === app.origin;
}

/** Navigation is allowed only to the very document the app loaded (reloads). */
export function isAllowedNavigation(targetUrl: string, appUrl: string): boolean {
  try {
    const target = new URL(targetUrl);
    const app = new URL(appUrl);
    if (app.protocol === 'file:') return target.protocol === 'file:' && target.pathname === app.pathname;
    return target.origin === app.origin && target.pathname === app.pathname;
  } catch {
    return false;
  }
}

/**
 * No remote content: the session's `webRequest.onBeforeRequest` filter.
 * Allowed: `data:`, `blob:` and `devtools:` URLs; `file:` URLs inside the
 * folder of the app document (production: out/renderer), nothing else on
 * disk; and, in development (`appUrl` is the dev server), `http(s)`/`ws(s)`
 * requests to exactly the dev server's host and port (page, modules, HMR
 * socket). Everything else (any other http, https, ws, ftp, file outside
 * the renderer folder, unknown schemes) is cancelled.
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
  if (app.protocol === 'file:') {
    if (target.protocol !== 'file:' || target.host !== '') return false;
    try {
      const dir = resolve(fileURLToPath(app), '..');
      const file = resolve(fileURLToPath(target));
      const rel = relative(dir, file);
      return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) && !rel.split(sep).includes('..');
    } catch {
      return false;
    }
  }
  if (app.protocol === 'http:' || app.protocol === 'https:') {
    const wsProtocol = app.protocol === 'https:' ? 'wss:' : 'ws:';
    if (target.protocol !== app.protocol && target.protocol !== wsProtocol) return false;
    return target.host === app.host;
  }
  return false;
}

/**
 * The set of host paths a renderer may touch through IPC: any file under the
 * trusted roots (the bundled samples, and pack folders the user chose in a
 * native folder dialog), plus exactly the files the user picked in a native
 * dialog this session. A compromised renderer cannot read or write
 * arbitrary paths by naming them.
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
   * Resolves `p` (absolute) and answers it when granted, else a `forbidden`
   * HostError. Relative paths, NUL bytes and non-level file names are refused.
   */
  check(p: unknown): string | HostError {
    if (typeof p !== 'string' || p.length === 0 || p.length > 4096 || p.includes('\0')) {
      return { ok: false, code: 'bad-request', message: 'path must be a non-empty string' };
    }
    if (!isAbsolute(p)) return { ok: false, code: 'forbidden', message: `path must be absolute: ${p}` };
    const abs = resolve(p);
    if (!abs.endsWith('.level.json') && !abs.endsWith('.pack.json')) {
      return { ok: false, code: 'forbidden', message: `not a level or pack file: ${abs}` };
    }
    if (this.files.has(abs)) return abs;
    for (const root of this.roots) {
      const rel = relative(root, abs);
      if (rel && !rel.startsWith('..') && !isAbsolute(rel) && !rel.split(sep).includes('..')) return abs;
    }
    return { ok: false, code: 'forbidden', message: `path was not opened or chosen by the user: ${abs}` };
  }
}
