/**
 * The app's own scheme: the renderer is served from `app://castellan/`
 * (Electron security checklist: "use a custom protocol instead of file://"),
 * so the document has a real origin, and only files of the built renderer
 * folder (out/renderer) can ever load, never another file on disk.
 *
 * main.ts registers the scheme as privileged before `ready`
 * (`protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGED])`) and
 * answers it with `protocol.handle(APP_SCHEME, (req) => serveAppRequest(req, root))`.
 * The URL-to-file mapping is the pure `appUrlToRelative`, the file checks
 * (inside the root after links are resolved, a regular file) are
 * `resolveAppFile`; both are unit-tested under Node.
 */
import { promises as fs, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { contentTypeOf } from '../services/content-types.js';
import { isInside } from '../services/workspace.js';
import { CONTENT_SECURITY_POLICY } from './security.js';

/** The scheme (no colon). */
export const APP_SCHEME = 'app';
/** The one host of the scheme: `app://castellan/`. */
export const APP_HOST = 'castellan';
/** The document main loads in production. */
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * How the scheme is registered (before `ready`): `standard` (relative URLs,
 * an origin, web storage), `secure` (a secure context, like https),
 * `supportFetchAPI` (module scripts and workers load through fetch). No
 * `bypassCSP`, no service workers, no CORS: the CSP applies as to https.
 */
export const APP_SCHEME_PRIVILEGED = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
} as const;

/** The content type for a file name (services/content-types.ts, shared with the serve host). */
export const mimeTypeFor = contentTypeOf;

/**
 * The renderer-relative file an `app://castellan/...` URL names, as
 * `/`-separated decoded segments (`/` and `''` name `index.html`), or
 * undefined (answered 404) when the URL is not of the app's scheme and
 * host, carries credentials or a port, contains percent-encoded dots,
 * slashes, backslashes or NUL (`%2e%2e`: never decoded into a step up),
 * or a decoded segment that is empty, `.`, `..`, hidden (starts with `.`),
 * or holds `/`, `\`, `:` or a control character; a literal `.` or `..`
 * segment in the URL as written is refused too (before the URL parser
 * would fold it away). Query and fragment are
 * ignored. Pure.
 */
export function appUrlToRelative(url: string): string | undefined {
  if (/%(?:2e|2f|5c|00)/i.test(url) || /[\\/]\.\.?(?:[\\/?#]|$)/.test(url.replace(/^[a-z]+:\/\//i, ''))) return undefined;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.hostname.toLowerCase() !== APP_HOST || u.port !== '' || u.username !== '' || u.password !== '') return undefined;
  const raw = u.pathname === '' ? '/' : u.pathname;
  if (!raw.startsWith('/')) return undefined;
  const parts = raw.slice(1).split('/');
  if (parts.length === 1 && parts[0] === '') return 'index.html';
  const out: string[] = [];
  for (const part of parts) {
    let seg: string;
    try {
      seg = decodeURIComponent(part);
    } catch {
      return undefined;
    }
    // eslint-disable-next-line no-control-regex -- control characters are refused in file names
    if (seg === '' || seg.startsWith('.') || /[/\\:\u0000-\u001f\u007f]/.test(seg)) return undefined;
    out.push(seg);
  }
  return out.join('/');
}

/** A file the scheme may serve: its absolute real path and content type. */
export interface AppFile {
  file: string;
  contentType: string;
}

/**
 * The file inside `root` (the built renderer folder) that `url` names, or
 * undefined (404): `appUrlToRelative` refuses the URL, the file does not
 * exist or is not a regular file, or its real path (links resolved) is
 * outside the real path of `root`. Reads the file system (realpath, stat);
 * never throws.
 */
export function resolveAppFile(url: string, root: string): AppFile | undefined {
  const rel = appUrlToRelative(url);
  if (rel === undefined) return undefined;
  try {
    const realRoot = realpathSync(root);
    const real = realpathSync(join(realRoot, ...rel.split('/')));
    if (!isInside(realRoot, real) || real === realRoot) return undefined;
    if (!statSync(real).isFile()) return undefined;
    return { file: real, contentType: mimeTypeFor(real) };
  } catch {
    return undefined;
  }
}

/** The headers every answer of the scheme carries: the CSP, no MIME sniffing, no caching of stale builds. */
function baseHeaders(contentType: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    // eng-disable CSP_GLOBAL_CHECK because the policy is the constant of security.ts; tests/main/electron/app-protocol.test.ts checks it
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  };
}

/**
 * The `protocol.handle` answer for one request: the file from `root`
 * (200, body only for GET), 404 for anything `resolveAppFile` refuses,
 * 405 for a method other than GET / HEAD. Never throws.
 */
export async function serveAppRequest(request: { url: string; method: string }, root: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('method not allowed', { status: 405, headers: { ...baseHeaders('text/plain; charset=utf-8'), Allow: 'GET, HEAD' } });
  }
  const found = resolveAppFile(request.url, root);
  if (!found) return new Response('not found', { status: 404, headers: baseHeaders('text/plain; charset=utf-8') });
  try {
    const body = request.method === 'HEAD' ? null : await fs.readFile(found.file);
    return new Response(body, { status: 200, headers: baseHeaders(found.contentType) });
  } catch {
    return new Response('not found', { status: 404, headers: baseHeaders('text/plain; charset=utf-8') });
  }
}
