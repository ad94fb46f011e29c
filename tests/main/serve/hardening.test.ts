/**
 * `castellan serve` hardening beyond server.test.ts: HEAD/OPTIONS and CORS
 * preflights refused, token and Host edge cases, path escapes in every
 * disguise (percent and double encoding, Unicode dot lookalikes, backslashes,
 * drive letters, very long paths), links created or swapped in after start,
 * the host's own `.castellan` folder, and autosave/recovery over HTTP.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeHost, type ServeHandle } from '../../../src-main/serve/server.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';
import { apiCall, send, type Reply } from './serve-client.js';

/** Raw bytes over TCP (for requests node:http refuses to build); answers the status line's code. */
function raw(port: number, text: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sock = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    sock.setTimeout(5000, () => {
      sock.destroy();
      reject(new Error('raw request timed out'));
    });
    sock.on('data', (c: Buffer) => chunks.push(c));
    sock.on('error', reject);
    sock.on('close', () => {
      const t = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(t)?.[1] ?? 0), text: t });
    });
    sock.end(text);
  });
}

let host: ServeHandle;
let workspace: string;
let outside: string;

function api(method: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return apiCall(host, method, body, headers);
}

async function apiJson(method: string, body: unknown): Promise<{ ok: boolean; code?: string; message?: string } & Record<string, unknown>> {
  const r = await api(method, body);
  expect(r.status).toBe(200);
  return JSON.parse(r.body);
}

beforeAll(async () => {
  workspace = realpathSync(tempDir('castellan-harden-ws-'));
  outside = realpathSync(tempDir('castellan-harden-out-'));
  const rendererDir = realpathSync(tempDir('castellan-harden-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>editor</title>');
  writeFileSync(join(workspace, 'a.level.json'), json(twoMoveLevel()));
  mkdirSync(join(workspace, 'levels'));
  writeFileSync(join(workspace, 'levels', 'b.level.json'), json(twoMoveLevel()));
  writeFileSync(join(outside, 'x.level.json'), json(twoMoveLevel({ meta: { title: 'OUTSIDE' } })));
  host = await startServeHost({ workspace, rendererDir });
});

afterAll(async () => {
  await host?.close();
  cleanupTempDirs();
});

describe('methods, CORS and preflights', () => {
  it('HEAD and OPTIONS on the API answer 405 (POST only) without any CORS grant', async () => {
    for (const method of ['HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH', 'GET']) {
      const r = await send(host.port, { method, path: '/api/save', headers: { 'x-castellan-token': host.token } });
      expect(r.status, method).toBe(405);
      expect(r.headers['allow']).toBe('POST');
      expect(r.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('a CORS preflight from another origin is refused (403), from the page’s origin answers 405 with no grant', async () => {
    const pre = { 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-castellan-token, content-type' };
    const foreign = await send(host.port, { method: 'OPTIONS', path: '/api/save', headers: { origin: 'https://evil.example', ...pre } });
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const own = await send(host.port, { method: 'OPTIONS', path: '/api/save', headers: { origin: `http://127.0.0.1:${host.port}`, ...pre } });
    expect(own.status).toBe(405);
    expect(own.headers['access-control-allow-origin']).toBeUndefined();
    expect(own.headers['access-control-allow-headers']).toBeUndefined();
  });

  it('a cross-site form POST (text/plain, foreign Origin, no token) is refused', async () => {
    const r = await send(host.port, {
      method: 'POST',
      path: '/api/save',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      body: JSON.stringify({ path: 'a.level.json', document: twoMoveLevel({ meta: { title: 'pwned' } }) }),
    });
    expect(r.status).toBe(403);
    expect(JSON.parse(readFileSync(join(workspace, 'a.level.json'), 'utf8')).meta.title).toBe('Two steps');
  });
});

describe('token and Host edge cases', () => {
  it('the token only counts in its header: not in the query, not doubled, not padded', async () => {
    const q = await send(host.port, { method: 'POST', path: `/api/startup?token=${host.token}`, body: '{}' });
    expect(q.status).toBe(401);
    expect((await api('startup', {}, { 'x-castellan-token': ` ${host.token}` })).status).toBe(200); // HTTP trims header whitespace
    expect((await api('startup', {}, { 'x-castellan-token': `${host.token}x` })).status).toBe(401);
    expect(
      (await api('startup', {}, { 'x-castellan-token': host.token.toUpperCase() === host.token ? host.token.toLowerCase() : host.token.toUpperCase() })).status,
    ).toBe(401);
    const doubled = await raw(
      host.port,
      `POST /api/startup HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nx-castellan-token: ${host.token}\r\nx-castellan-token: ${host.token}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    expect(doubled.status).toBe(401);
  });

  it('Host must be exactly 127.0.0.1:<port> or localhost:<port>', async () => {
    for (const h of [
      `localhost.:${host.port}`,
      `[::1]:${host.port}`,
      '127.0.0.1',
      `127.0.0.1:${host.port}.evil.example`,
      `0.0.0.0:${host.port}`,
      `127.1:${host.port}`,
    ]) {
      expect((await api('startup', {}, { host: h })).status, h).toBe(403);
    }
    expect((await api('startup', {}, { host: `LOCALHOST:${host.port}` })).status).toBe(200);
    const noHost = await raw(host.port, `GET / HTTP/1.0\r\n\r\n`);
    expect(noHost.status).toBe(403);
  });

  it('a request with two Host headers answers 400 (RFC 9112 section 3.2), even when both name this host', async () => {
    for (const second of [`127.0.0.1:${host.port}`, 'evil.example', `localhost:${host.port}`]) {
      const twice = await raw(
        host.port,
        `POST /api/startup HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nHost: ${second}\r\nx-castellan-token: ${host.token}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
      );
      expect(twice.status, second).toBe(400);
      expect(twice.text, second).toContain('more than one Host header');
    }
    const getTwice = await raw(host.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nhost: 127.0.0.1:${host.port}\r\nConnection: close\r\n\r\n`);
    expect(getTwice.status).toBe(400);
  });

  it('an absolute-form or malformed request target is refused', async () => {
    const abs = await raw(host.port, `GET http://evil.example/ HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nConnection: close\r\n\r\n`);
    expect([400, 403]).toContain(abs.status);
    const star = await raw(host.port, `OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nConnection: close\r\n\r\n`);
    expect([400, 403, 405]).toContain(star.status);
    const garbage = await raw(host.port, 'BLAH\r\n\r\n');
    expect(garbage.status).toBe(400);
  });
});

describe('path escapes through the API', () => {
  const escapes = [
    '../x.level.json',
    './../x.level.json',
    'levels/../../x.level.json',
    '..\\x.level.json',
    'levels\\..\\..\\x.level.json',
    '%2e%2e/x.level.json',
    '%2E%2E%2Fx.level.json',
    '..%2fx.level.json',
    '..%5cx.level.json',
    '%00x.level.json',
    '/etc/x.level.json',
    '//etc/x.level.json',
    'C:\\x.level.json',
    'file:///etc/x.level.json',
  ];
  for (const p of escapes) {
    it(`${JSON.stringify(p)}: open/save/autosave/revision refused, nothing outside read or written`, async () => {
      const o = await apiJson('open', { path: p });
      expect(o.ok).toBe(false);
      expect(['forbidden', 'bad-request', 'not-found']).toContain(o.code);
      const s = await apiJson('save', { path: p, document: twoMoveLevel({ meta: { title: 'ESCAPED' } }) });
      expect(s.ok).toBe(false);
      expect(['forbidden', 'bad-request', 'not-found']).toContain(s.code);
      const a = await apiJson('autosave', { docId: 'esc', path: p, document: {} });
      expect(a.ok).toBe(false);
      expect(readdirSync(outside).sort()).toEqual(['x.level.json']);
      expect(JSON.parse(readFileSync(join(outside, 'x.level.json'), 'utf8')).meta.title).toBe('OUTSIDE');
    });
  }

  it('double encoding and Unicode dot lookalikes are literal names: never the parent folder', async () => {
    for (const p of ['%252e%252e/x.level.json', '\u2024\u2024/x.level.json', '\uFF0E\uFF0E/x.level.json', '.\u200B./x.level.json', '\u2025/x.level.json']) {
      const o = await apiJson('open', { path: p });
      expect(o.ok, p).toBe(false);
      expect(['not-found', 'forbidden']).toContain(o.code);
      const s = await apiJson('saveAs', { path: p, document: twoMoveLevel() });
      expect(s.ok, p).toBe(false);
    }
    expect(readdirSync(outside)).toEqual(['x.level.json']);
  });

  it('very long paths and names answer a coded error, never a crash', async () => {
    expect(await apiJson('open', { path: 'a/'.repeat(2100) + 'x.level.json' })).toMatchObject({ ok: false, code: 'bad-request' });
    const longName = 'n'.repeat(300) + '.level.json';
    const o = await apiJson('open', { path: longName });
    expect(o.ok).toBe(false);
    expect(['io', 'not-found']).toContain(o.code);
    const s = await apiJson('saveAs', { path: longName, document: twoMoveLevel() });
    expect(s.ok).toBe(false);
    expect(['io', 'not-found']).toContain(s.code);
    expect((await apiJson('startup', {})).ok).toBe(true); // still serving
  });

  it('error messages never reveal the server’s absolute paths', async () => {
    for (const [m, body] of [
      ['open', { path: 'missing.level.json' }],
      ['saveAs', { path: 'nofolder/x.level.json', document: twoMoveLevel() }],
      ['open', { path: 'n'.repeat(300) + '.level.json' }],
    ] as const) {
      const r = await api(m, body);
      expect(r.body).not.toContain(workspace);
    }
  });
});

describe('links created or swapped in after start', () => {
  it('a folder link to outside created after start: refused for open and save, not listed', async () => {
    symlinkSync(outside, join(workspace, 'late'));
    try {
      expect(await apiJson('open', { path: 'late/x.level.json' })).toMatchObject({ ok: false, code: 'forbidden' });
      expect(await apiJson('saveAs', { path: 'late/new.level.json', document: twoMoveLevel() })).toMatchObject({ ok: false, code: 'forbidden' });
      expect(await apiJson('revision', { path: 'late/x.level.json' })).toMatchObject({ ok: false, code: 'forbidden' });
      const list = (await apiJson('list', {})) as unknown as { files: { path: string }[] };
      expect(list.files.map((f) => f.path)).not.toContain('late/x.level.json');
      expect(existsSync(join(outside, 'new.level.json'))).toBe(false);
    } finally {
      rmSync(join(workspace, 'late'));
    }
  });

  it('a file that opened fine, then swapped for a link to outside: refused the next time (nothing cached)', async () => {
    const p = join(workspace, 'swap.level.json');
    writeFileSync(p, json(twoMoveLevel()));
    expect((await apiJson('open', { path: 'swap.level.json' })).ok).toBe(true);
    rmSync(p);
    symlinkSync(join(outside, 'x.level.json'), p);
    try {
      expect(await apiJson('open', { path: 'swap.level.json' })).toMatchObject({ ok: false, code: 'forbidden' });
      expect(await apiJson('save', { path: 'swap.level.json', document: twoMoveLevel({ meta: { title: 'through the link' } }) })).toMatchObject({
        ok: false,
        code: 'forbidden',
      });
      expect(JSON.parse(readFileSync(join(outside, 'x.level.json'), 'utf8')).meta.title).toBe('OUTSIDE');
    } finally {
      rmSync(p);
    }
  });

  it('a folder that opened fine, then swapped for a link to outside: refused', async () => {
    mkdirSync(join(workspace, 'sub'));
    writeFileSync(join(workspace, 'sub', 'x.level.json'), json(twoMoveLevel()));
    expect((await apiJson('open', { path: 'sub/x.level.json' })).ok).toBe(true);
    renameSync(join(workspace, 'sub'), join(workspace, 'sub-moved'));
    symlinkSync(outside, join(workspace, 'sub'));
    try {
      expect(await apiJson('open', { path: 'sub/x.level.json' })).toMatchObject({ ok: false, code: 'forbidden' });
      expect(await apiJson('save', { path: 'sub/x.level.json', document: twoMoveLevel() })).toMatchObject({ ok: false, code: 'forbidden' });
      expect(JSON.parse(readFileSync(join(outside, 'x.level.json'), 'utf8')).meta.title).toBe('OUTSIDE');
    } finally {
      rmSync(join(workspace, 'sub'));
    }
  });
});

describe('the host’s own .castellan folder, autosave and backups over HTTP', () => {
  it('autosave lands in <workspace>/.castellan/recovery and is listed and reopened; .castellan is never listed as levels', async () => {
    const doc = twoMoveLevel({ meta: { title: 'Typed in a browser' } });
    expect(await apiJson('autosave', { docId: 'tab-7', path: 'a.level.json', document: doc })).toMatchObject({ ok: true, docId: 'tab-7' });
    expect(existsSync(join(workspace, '.castellan', 'recovery', 'tab-7.recovery.json'))).toBe(true);
    expect(await apiJson('recoveryList', {})).toMatchObject({ ok: true, items: [{ docId: 'tab-7', title: 'Typed in a browser', path: 'a.level.json' }] });
    expect(await apiJson('recoveryOpen', { docId: 'tab-7' })).toMatchObject({ ok: true, document: doc, path: 'a.level.json' });
    const list = (await apiJson('list', {})) as unknown as { files: { path: string }[] };
    expect(list.files.every((f) => !f.path.startsWith('.castellan'))).toBe(true);
    expect(await apiJson('recoveryDiscard', { docId: 'tab-7' })).toMatchObject({ ok: true, discarded: true });
  });

  it('a save keeps the replaced version under .castellan/backups/<path>/; files there cannot be saved over', async () => {
    const opened = await apiJson('open', { path: 'levels/b.level.json' });
    const saved = await apiJson('save', {
      path: 'levels/b.level.json',
      document: twoMoveLevel({ meta: { title: 'B2' } }),
      expectedRevision: opened['revision'],
    });
    expect(saved.ok).toBe(true);
    const backups = readdirSync(join(workspace, '.castellan', 'backups', 'levels', 'b.level.json'));
    expect(backups).toHaveLength(1);
    const l = (await apiJson('backupList', { path: 'levels/b.level.json' })) as unknown as { backups: { id: string }[] };
    expect(l.backups.map((b) => b.id)).toEqual(backups);
    const rel = `.castellan/backups/levels/b.level.json/${backups[0]}`;
    expect(await apiJson('save', { path: rel, document: twoMoveLevel() })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await apiJson('autosave', { docId: 'x', path: rel, document: {} })).toMatchObject({ ok: false, code: 'forbidden' });
  });

  it('a stale save over HTTP answers conflict (nothing silently overwritten)', async () => {
    const opened = await apiJson('open', { path: 'a.level.json' });
    writeFileSync(join(workspace, 'a.level.json'), json(twoMoveLevel({ meta: { title: 'changed by git pull' } })));
    const r = await apiJson('save', { path: 'a.level.json', document: twoMoveLevel({ meta: { title: 'mine' } }), expectedRevision: opened['revision'] });
    expect(r).toMatchObject({ ok: false, code: 'conflict' });
    expect(r.message).not.toContain(workspace);
    expect(JSON.parse(readFileSync(join(workspace, 'a.level.json'), 'utf8')).meta.title).toBe('changed by git pull');
  });
});

describe('static files: more disguises', () => {
  it('double encoding, backslashes, overlong UTF-8 and huge URLs never leave the build folder', async () => {
    expect((await send(host.port, { path: '/%252e%252e/%252e%252e/etc/passwd' })).status).toBe(404);
    expect([400, 403]).toContain((await send(host.port, { path: '/..%5c..%5cetc%5cpasswd' })).status);
    expect([400, 403]).toContain((await send(host.port, { path: '/%c0%ae%c0%ae/etc/passwd' })).status);
    expect([403, 404]).toContain((await send(host.port, { path: '/%ef%bc%8e%ef%bc%8e/etc/passwd' })).status);
    const huge = await raw(host.port, `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nConnection: close\r\n\r\n`);
    expect([404, 414, 431]).toContain(huge.status);
    expect((await send(host.port, { path: '/' })).status).toBe(200);
  });
});

describe('hideServerPaths', () => {
  it('also rewrites the messages of issues, on successful answers too (e.g. backup-failed)', async () => {
    const { hideServerPaths } = await import('../../../src-main/serve/server.js');
    const out = hideServerPaths(
      {
        ok: true,
        path: 'a.level.json',
        issues: [{ severity: 'warning', code: 'backup-failed', message: '/srv/ws/.castellan/backups/a.level.json: EACCES' }, 'odd'],
      },
      ['/srv/ws'],
    ) as { issues: unknown[] };
    expect(out.issues).toEqual([{ severity: 'warning', code: 'backup-failed', message: '.castellan/backups/a.level.json: EACCES' }, 'odd']);
  });
});
