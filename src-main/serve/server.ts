/**
 * `castellan serve`: the editor in any browser, over HTTP on 127.0.0.1 only.
 *
 * - `POST /api/<method>` (HOST_METHODS) with a JSON body calls the HostApi
 *   (services/host-api.ts) over one workspace folder (services/workspace.ts).
 *   Requires the per-run token in `x-castellan-token` (timing-safe compare;
 *   else 401 `{ok:false, code:'forbidden'}`), a Host header
 *   `127.0.0.1:<port>` / `localhost:<port>` (DNS-rebinding defence; else 403;
 *   two Host headers: 400, RFC 9112),
 *   an Origin, when present, of `http://127.0.0.1:<port>` /
 *   `http://localhost:<port>` (else 403), POST (else 405), a known method
 *   (else 404) and a JSON body of at most 5 MB (413; malformed JSON 400).
 *   HostApi answers (including HostErrors) are 200 JSON.
 * - Everything else: static files of the built renderer (`rendererDir`),
 *   GET/HEAD only, `index.html` for `/`, no directory listing, no escape from
 *   the folder (also via `%2e%2e` or symlinks), content types by extension.
 *   Without a build, `/` answers a page saying to run `npm run build`.
 * - Never losing work: autosaves go to `<workspace>/.castellan/recovery/`,
 *   backups of replaced files to `<workspace>/.castellan/backups/<relative path>/`
 *   (services/recovery.ts, services/backups.ts); nothing under `.castellan` can
 *   be saved over through the API, and `list` skips dot folders. Writes follow
 *   no link (the folder is re-checked right before the rename).
 * - The workspace file methods (`browse`, `makeFolder`, `workspaceSummary`)
 *   see the workspace folder with workspace-relative paths and never the
 *   hidden `.castellan` folder (services/folder-access.ts).
 * - Every response carries the CSP, `X-Content-Type-Options: nosniff`,
 *   `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`; `/api`
 *   responses also `Cache-Control: no-store`.
 *
 * The URL to open carries the token in the fragment,
 * `http://127.0.0.1:PORT/#token=TOKEN` (fragments never reach the server;
 * the renderer reads `location.hash`).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { promises as fsp, realpathSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { HOST_METHODS, TOKEN_HEADER, type HostError, type HostMethod } from '../../src-shared/host/contract.js';
import { CONTENT_SECURITY_POLICY } from '../electron/security.js';
import { isStateFolderName, STATE_FOLDER } from '../services/backups.js';
import { workspaceFolders } from '../services/folder-access.js';
import { createHostApi } from '../services/host-api.js';
import { hideServerPaths } from './path-free.js';
import { isInside, listLevelFiles, openWorkspace, resolveWorkspacePath, type Workspace } from '../services/workspace.js';
import { contentTypeOf } from '../services/content-types.js';

/** The same policy as the Electron shell (one definition: electron/security.ts). */
export { CONTENT_SECURITY_POLICY };

/** The host's own folder inside the workspace (recovery, backups); never written through the API. */
export { STATE_FOLDER };

/** Largest accepted /api request body (bytes). */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

const NO_BUILD_PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>Castellan</title></head><body>' +
  '<h1>Castellan</h1><p>The editor has not been built yet: run <code>npm run build</code> first, then restart <code>castellan serve</code>.</p>' +
  '</body></html>\n';

export interface ServeOptions {
  /** Folder whose `*.level.json` files the editor may open and save. */
  workspace: string;
  /** Built renderer (`out/renderer`). */
  rendererDir: string;
  /** 0 (default): a free port. */
  port?: number;
  /** Fixed token (tests); default: 24 random bytes, base64url. */
  token?: string;
  /** Workspace-relative level to open first. */
  initialFile?: string;
  /** Save pipeline time cap, ms. */
  solveTimeMs?: number;
  /** Save pipeline state cap. */
  maxStates?: number;
  /** Autosave folder (default `<workspace>/.castellan/recovery`). */
  recoveryDir?: string;
  /** Backups kept per file (default 10). */
  backupCount?: number;
}

/**
 * True when the real path `r` inside the workspace lies in a `.castellan`
 * folder at any depth (the workspace's own, or one `castellan prove` keeps
 * beside a file), compared as a case-insensitive file system would
 * (`isStateFolderName`: `.CASTELLAN`, `.Castellan.`). The folders are
 * checked as spelled in `r` and as the operating system spells them
 * (`realpath.native` of the nearest existing folder: the on-disk case on
 * macOS, the long name of an 8.3 short name on Windows).
 */
function inStateFolder(ws: Workspace, r: string): boolean {
  const segs = (abs: string): string[] => relative(ws.realRoot, abs).split(sep);
  if (segs(r).some(isStateFolderName)) return true;
  let dir = dirname(r);
  for (;;) {
    try {
      const native = realpathSync.native(dir);
      return relative(realpathSync.native(ws.realRoot), native).split(sep).some(isStateFolderName);
    } catch {
      const up = dirname(dir);
      if (up === dir) return false;
      dir = up;
    }
  }
}

/**
 * The serve host's path confinement: resolveWorkspacePath, and no writes
 * into a `.castellan` folder (the host's backups and autosaves, and the
 * backups `castellan prove` keeps), whatever the case of its name.
 */
export function serveResolvePath(ws: Workspace, p: unknown, forWrite: boolean): string | HostError {
  const r = resolveWorkspacePath(ws, p, forWrite);
  if (typeof r !== 'string' || !forWrite) return r;
  if (inStateFolder(ws, r)) {
    return { ok: false, code: 'forbidden', message: `The ${STATE_FOLDER} folder holds Castellan's backups and autosaves; files there cannot be saved over.` };
  }
  return r;
}

export interface ServeHandle {
  /** `http://127.0.0.1:PORT/#token=TOKEN` */
  url: string;
  port: number;
  token: string;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}

/** Timing-safe token comparison (hashes first, so lengths do not leak). */
export function tokenMatches(given: unknown, token: string): boolean {
  if (typeof given !== 'string') return false;
  return timingSafeEqual(digest(given), digest(token)) && given.length === token.length;
}

function securityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

/** Path-free answers (serve/path-free.ts), re-exported for the host's tests. */
export { hideServerPaths };

function sendJson(res: ServerResponse, status: number, body: unknown, head = false): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(head ? undefined : text);
}

function sendError(res: ServerResponse, status: number, code: HostError['code'], message: string): void {
  sendJson(res, status, { ok: false, code, message } satisfies HostError);
}

function sendText(res: ServerResponse, status: number, text: string, type = 'text/plain; charset=utf-8', head = false): void {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(head ? undefined : text);
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume(); // discard the body; the 413 answer goes out meanwhile
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new BodyTooLarge());
        req.removeAllListeners('data');
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** How many `Host` fields `rawHeaders` (Node's name, value, name, value ... list) holds. */
function hostFieldCount(rawHeaders: string[]): number {
  let n = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === 'host') n++;
  return n;
}

/**
 * Answers a GET or HEAD for `pathname` from the built renderer in
 * `rendererDir`: 405 for other methods, 400 / 403 for malformed or escaping
 * paths (`..`, backslashes, NUL, a symbolic link out of the folder), 404
 * when absent, and a short page naming the missing build for `index.html`.
 */
async function serveStatic(rendererDir: string, req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
  const head = req.method === 'HEAD';
  if (req.method !== 'GET' && !head) {
    res.setHeader('Allow', 'GET, HEAD');
    sendText(res, 405, 'Method not allowed\n');
    return;
  }
  res.setHeader('Cache-Control', 'no-cache');
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    sendText(res, 400, 'Bad request\n', undefined, head);
    return;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').some((s) => s === '..')) {
    sendText(res, 403, 'Forbidden\n', undefined, head);
    return;
  }
  const rel = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const file = resolve(rendererDir, rel);
  if (!isInside(rendererDir, file) || file === rendererDir) {
    sendText(res, 403, 'Forbidden\n', undefined, head);
    return;
  }
  try {
    const real = await fsp.realpath(file);
    const realRoot = realpathSync(rendererDir);
    if (!isInside(realRoot, real)) {
      sendText(res, 403, 'Forbidden\n', undefined, head);
      return;
    }
    const st = await fsp.stat(real);
    if (!st.isFile()) {
      sendText(res, 404, 'Not found\n', undefined, head);
      return;
    }
    const data = await fsp.readFile(real);
    res.statusCode = 200;
    res.setHeader('Content-Type', contentTypeOf(real));
    res.setHeader('Content-Length', data.length);
    res.end(head ? undefined : data);
  } catch {
    if (rel === 'index.html') {
      sendText(res, 200, NO_BUILD_PAGE, 'text/html; charset=utf-8', head);
      return;
    }
    sendText(res, 404, 'Not found\n', undefined, head);
  }
}

/**
 * Starts the serve host (see module doc). Rejects when the workspace folder
 * does not exist or the port cannot be bound.
 */
export async function startServeHost(opts: ServeOptions): Promise<ServeHandle> {
  const ws = openWorkspace(opts.workspace);
  if ('ok' in ws) throw new Error(ws.message);
  const rendererDir = resolve(opts.rendererDir);
  const hiddenRoots = [ws.realRoot, ws.root];
  const token = opts.token ?? randomBytes(24).toString('base64url');
  if (token.length < 8) throw new Error('The serve token must be at least 8 characters.');

  const state = join(ws.realRoot, STATE_FOLDER);
  const api = createHostApi({
    kind: 'serve',
    resolvePath: (p, forWrite) => serveResolvePath(ws, p, forWrite),
    confinedWrites: true,
    recoveryDir: opts.recoveryDir ?? join(state, 'recovery'),
    stateDir: state,
    backupDirFor: (resolved) =>
      isInside(ws.realRoot, resolved) && resolved !== ws.realRoot ? join(state, 'backups', relative(ws.realRoot, resolved)) : undefined,
    ...(opts.backupCount !== undefined ? { backupCount: opts.backupCount } : {}),
    listFiles: () => listLevelFiles(ws),
    folders: workspaceFolders(ws),
    ...(opts.initialFile !== undefined ? { initialFile: opts.initialFile } : {}),
    workspaceLabel: basename(ws.root) || ws.root,
    ...(opts.solveTimeMs !== undefined ? { solveTimeMs: opts.solveTimeMs } : {}),
    ...(opts.maxStates !== undefined ? { maxStates: opts.maxStates } : {}),
  });

  let port = 0;
  const allowedHosts = (): string[] => [`127.0.0.1:${port}`, `localhost:${port}`];
  const allowedOrigins = (): string[] => [`http://127.0.0.1:${port}`, `http://localhost:${port}`];

  async function handleApi(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      sendError(res, 405, 'bad-request', 'The API answers POST requests only.');
      return;
    }
    if (!tokenMatches(req.headers[TOKEN_HEADER], token)) {
      sendError(res, 401, 'forbidden', 'Missing or wrong token: open the URL printed by `castellan serve`.');
      return;
    }
    const method = pathname.slice('/api/'.length);
    if (!(HOST_METHODS as readonly string[]).includes(method)) {
      sendError(res, 404, 'not-found', `Unknown API method ${JSON.stringify(method)}.`);
      return;
    }
    let body: Buffer;
    try {
      body = await readBody(req, MAX_BODY_BYTES);
    } catch (err) {
      if (err instanceof BodyTooLarge) {
        sendError(res, 413, 'bad-request', `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
      } else sendError(res, 400, 'bad-request', 'The request body could not be read.');
      return;
    }
    let payload: unknown = undefined;
    if (body.length > 0) {
      try {
        payload = JSON.parse(body.toString('utf8'));
      } catch {
        sendError(res, 400, 'bad-request', 'The request body is not valid JSON.');
        return;
      }
    }
    const call = api[method as HostMethod] as (r: unknown) => Promise<unknown>;
    const answer = await call(payload);
    sendJson(res, 200, hideServerPaths(answer, hiddenRoots));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    securityHeaders(res);
    // RFC 9112 section 3.2: a request with more than one Host field is answered 400
    // (Node keeps only the first in `req.headers`, so count the raw fields).
    if (hostFieldCount(req.rawHeaders) > 1) {
      sendError(res, 400, 'bad-request', 'The request has more than one Host header.');
      return;
    }
    const host = (req.headers.host ?? '').toLowerCase();
    if (!allowedHosts().includes(host)) {
      sendError(res, 403, 'forbidden', 'Unexpected Host header.');
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().includes(origin.toLowerCase())) {
      sendError(res, 403, 'forbidden', 'Cross-origin requests are not allowed.');
      return;
    }
    const rawUrl = req.url ?? '/';
    if (!rawUrl.startsWith('/')) {
      sendError(res, 400, 'bad-request', 'Bad request target.');
      return;
    }
    const pathname = rawUrl.split(/[?#]/, 1)[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) await handleApi(req, res, pathname);
    else await serveStatic(rendererDir, req, res, pathname);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendError(res, 500, 'internal', err instanceof Error ? err.message : String(err));
      else res.destroy();
    });
  });
  server.headersTimeout = 30_000;
  server.requestTimeout = 120_000;

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', fail);
      ok();
    });
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/#token=${token}`,
    port,
    token,
    close: () =>
      Promise.all([
        new Promise<void>((ok) => {
          server.close(() => ok());
          server.closeAllConnections();
        }),
        api.close(),
      ]).then(() => undefined),
  };
}
