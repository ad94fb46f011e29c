/**
 * serve/server.ts: the HTTP host on 127.0.0.1 — token, Host/Origin checks,
 * workspace confinement through HTTP, static files, open/save round trip.
 */
import { mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, MAX_BODY_BYTES, startServeHost, type ServeHandle } from '../../../src-main/serve/server.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';
import { apiCall, send, type Reply } from './serve-client.js';

let host: ServeHandle;
let workspace: string;
let rendererDir: string;
let outside: string;

/** POST /api/<method> with the right token unless overridden. */
function api(method: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return apiCall(host, method, body, headers);
}

beforeAll(async () => {
  workspace = realpathSync(tempDir('castellan-serve-ws-'));
  rendererDir = realpathSync(tempDir('castellan-serve-renderer-'));
  outside = realpathSync(tempDir('castellan-serve-outside-'));
  mkdirSync(join(workspace, 'unlock-the-king'));
  writeFileSync(join(workspace, 'unlock-the-king', '01.level.json'), json(twoMoveLevel()));
  writeFileSync(join(outside, 'secret.level.json'), json(twoMoveLevel({ meta: { title: 'SECRET' } })));
  symlinkSync(join(outside, 'secret.level.json'), join(workspace, 'escape.level.json'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>editor</title>');
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1);');
  writeFileSync(join(rendererDir, 'assets', 'style.css'), 'body{}');
  writeFileSync(join(outside, 'outside.js'), 'secret()');
  symlinkSync(join(outside, 'outside.js'), join(rendererDir, 'assets', 'link.js'));
  host = await startServeHost({ workspace, rendererDir, initialFile: 'unlock-the-king/01.level.json', solveTimeMs: 20_000 });
});

afterAll(async () => {
  await host?.close();
  cleanupTempDirs();
});

describe('serve: start-up', () => {
  it('listens on 127.0.0.1 and prints the token in the URL fragment', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/#token=${host.token}`);
    expect(host.token).toMatch(/^[A-Za-z0-9_-]{32}$/); // 24 random bytes, base64url
  });

  it('two hosts get different tokens', async () => {
    const other = await startServeHost({ workspace, rendererDir });
    try {
      expect(other.token).not.toBe(host.token);
    } finally {
      await other.close();
    }
  });

  it('a missing workspace folder rejects', async () => {
    await expect(startServeHost({ workspace: join(workspace, 'nope'), rendererDir })).rejects.toThrow(/does not exist/);
  });
});

describe('serve: API guards', () => {
  it('a missing token answers 401 forbidden', async () => {
    const r = await send(host.port, { method: 'POST', path: '/api/startup', body: '{}' });
    expect(r.status).toBe(401);
    expect(JSON.parse(r.body)).toMatchObject({ ok: false, code: 'forbidden' });
  });

  it('a wrong token answers 401 forbidden', async () => {
    const r = await api('startup', {}, { 'x-castellan-token': host.token.slice(0, -1) + (host.token.endsWith('A') ? 'B' : 'A') });
    expect(r.status).toBe(401);
    expect(JSON.parse(r.body)).toMatchObject({ ok: false, code: 'forbidden' });
  });

  it('a foreign Origin answers 403', async () => {
    const r = await api('startup', {}, { origin: 'http://evil.example' });
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body)).toMatchObject({ ok: false, code: 'forbidden' });
    expect((await api('startup', {}, { origin: `http://localhost:${host.port + 1}` })).status).toBe(403);
    expect((await api('startup', {}, { origin: 'null' })).status).toBe(403);
  });

  it('the page’s own Origin (127.0.0.1 or localhost) is accepted', async () => {
    expect((await api('startup', {}, { origin: `http://127.0.0.1:${host.port}` })).status).toBe(200);
    expect((await api('startup', {}, { origin: `http://localhost:${host.port}` })).status).toBe(200);
  });

  it('a bad Host header (DNS rebinding) answers 403, also for static files', async () => {
    const r = await api('startup', {}, { host: `evil.example:${host.port}` });
    expect(r.status).toBe(403);
    expect((await api('startup', {}, { host: `127.0.0.1:${host.port + 1}` })).status).toBe(403);
    expect((await send(host.port, { path: '/', headers: { host: 'evil.example' } })).status).toBe(403);
    expect((await api('startup', {}, { host: `localhost:${host.port}` })).status).toBe(200);
  });

  it('GET on /api answers 405', async () => {
    const r = await send(host.port, { path: '/api/startup', headers: { 'x-castellan-token': host.token } });
    expect(r.status).toBe(405);
    expect(r.headers['allow']).toBe('POST');
  });

  it('an unknown method answers 404', async () => {
    const r = await api('deleteEverything', {});
    expect(r.status).toBe(404);
    expect(JSON.parse(r.body)).toMatchObject({ ok: false, code: 'not-found' });
  });

  it('a body over the limit answers 413 (declared length and streamed)', async () => {
    const big = Buffer.alloc(MAX_BODY_BYTES + 10, 0x20);
    const declared = await send(host.port, {
      method: 'POST',
      path: '/api/save',
      headers: { 'x-castellan-token': host.token, 'content-type': 'application/json', 'content-length': String(big.length) },
      body: big,
    });
    expect(declared.status).toBe(413);
    const streamed = await send(host.port, {
      method: 'POST',
      path: '/api/save',
      headers: { 'x-castellan-token': host.token, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: big,
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toMatchObject({ ok: false, code: 'bad-request' });
  });

  it('malformed JSON answers 400 bad-request; a bad request shape answers bad-request', async () => {
    const r = await send(host.port, {
      method: 'POST',
      path: '/api/open',
      headers: { 'x-castellan-token': host.token },
      body: '{"path": ',
    });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toMatchObject({ ok: false, code: 'bad-request' });
    expect(JSON.parse((await api('open', { path: 42 })).body)).toMatchObject({ ok: false, code: 'bad-request' });
  });

  it('API answers are JSON, no-store, with the security headers', async () => {
    const r = await api('startup', {});
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(JSON.parse(r.body)).toMatchObject({ ok: true, info: { host: 'serve', initialFile: 'unlock-the-king/01.level.json' } });
  });
});

describe('serve: workspace confinement through HTTP', () => {
  const refused: [string, string][] = [
    ['../x.level.json', 'parent escape'],
    ['/etc/passwd', 'absolute path outside'],
    ['escape.level.json', 'symlink to outside'],
    ['%2e%2e/x.level.json', 'percent-encoded escape'],
    ['unlock-the-king/../../x.level.json', 'nested escape'],
  ];
  for (const [path, why] of refused) {
    it(`open ${JSON.stringify(path)} (${why}) is forbidden`, async () => {
      const r = await api('open', { path });
      expect(r.status).toBe(200);
      expect(JSON.parse(r.body)).toMatchObject({ ok: false, code: 'forbidden' });
    });
    it(`save ${JSON.stringify(path)} (${why}) is forbidden and writes nothing outside`, async () => {
      const r = await api('save', { path, document: twoMoveLevel() });
      expect(JSON.parse(r.body)).toMatchObject({ ok: false, code: 'forbidden' });
      expect(JSON.parse(readFileSync(join(outside, 'secret.level.json'), 'utf8')).meta.title).toBe('SECRET');
    });
  }

  it('list answers the workspace levels (not the link that leaves it)', async () => {
    const r = JSON.parse((await api('list', {})).body) as { ok: boolean; files: { path: string }[] };
    expect(r.files.map((f) => f.path)).toEqual(['unlock-the-king/01.level.json']);
  });
});

describe('serve: open/save round trip', () => {
  it('opens a level, saves an edit with its proof, and opens the edit again', async () => {
    const opened = JSON.parse((await api('open', { path: 'unlock-the-king/01.level.json' })).body);
    expect(opened).toMatchObject({ ok: true, path: 'unlock-the-king/01.level.json', document: twoMoveLevel() });
    const edited = { ...opened.document, meta: { title: 'Edited over HTTP' } };
    const saved = JSON.parse((await api('saveAs', { path: 'unlock-the-king/02.level.json', document: edited })).body);
    expect(saved).toMatchObject({ ok: true, path: 'unlock-the-king/02.level.json', draft: false, solve: { status: 'solved', length: 2 } });
    const again = JSON.parse((await api('open', { path: 'unlock-the-king/02.level.json' })).body);
    expect(again.document.meta.title).toBe('Edited over HTTP');
    expect(again.document.solution).toMatchObject({ length: 2, moves: ['Ka1-b2', 'Kb2-c3'] });
    const disk = JSON.parse(readFileSync(join(workspace, 'unlock-the-king', '02.level.json'), 'utf8'));
    expect(disk).toEqual(again.document);
  });

  it('an unsolvable save is refused with draftAllowed, then saved as a draft on request', async () => {
    const doc = { ...twoMoveLevel(), walls: ['a2', 'b1', 'b2'] };
    const refused = JSON.parse((await api('save', { path: 'boxed.level.json', document: doc })).body);
    expect(refused).toMatchObject({ ok: false, code: 'unsolvable', draftAllowed: true });
    const draft = JSON.parse((await api('save', { path: 'boxed.level.json', document: doc, allowDraft: true })).body);
    expect(draft).toMatchObject({ ok: true, draft: true });
    expect(JSON.parse(readFileSync(join(workspace, 'boxed.level.json'), 'utf8')).draft).toBe(true);
  });
});

describe('serve: static files', () => {
  it('serves index.html for / with the CSP and security headers', async () => {
    const r = await send(host.port, { path: '/' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.body).toContain('<title>editor</title>');
    expect(r.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves assets with their content types; HEAD has no body', async () => {
    const js = await send(host.port, { path: '/assets/app.js?v=1' });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await send(host.port, { path: '/assets/style.css' })).headers['content-type']).toBe('text/css; charset=utf-8');
    const head = await send(host.port, { method: 'HEAD', path: '/assets/app.js' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('no directory listing, no escape, no symlink out, GET/HEAD only', async () => {
    expect((await send(host.port, { path: '/assets/' })).status).toBe(404);
    expect((await send(host.port, { path: '/assets' })).status).toBe(404);
    expect((await send(host.port, { path: '/../../etc/passwd' })).status).toBe(403);
    expect((await send(host.port, { path: '/%2e%2e/%2e%2e/etc/passwd' })).status).toBe(403);
    expect((await send(host.port, { path: '/assets/..%2f..%2fetc%2fpasswd' })).status).toBe(403);
    expect((await send(host.port, { path: '/assets/link.js' })).status).toBe(403);
    expect((await send(host.port, { path: '/missing.js' })).status).toBe(404);
    expect((await send(host.port, { method: 'POST', path: '/', body: 'x' })).status).toBe(405);
  });

  it('without a build, / says to run npm run build first', async () => {
    const empty = tempDir('castellan-empty-renderer-');
    const h = await startServeHost({ workspace, rendererDir: empty });
    try {
      const r = await send(h.port, { path: '/' });
      expect(r.status).toBe(200);
      expect(r.body).toContain('npm run build');
    } finally {
      await h.close();
    }
  });
});
