/**
 * The serve host never tells the browser a server path (finding "absolute
 * server paths in serve answers"): a pack row's `detail` and `io` messages
 * quoting Node's text with a link target's real path leaked them. Every
 * answer goes through one rewrite (serve/path-free.ts): workspace paths
 * become workspace-relative, any other absolute path Node quotes
 * `'<server path>'`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeHost, type ServeHandle } from '../../../src-main/serve/server.js';
import { hideServerPaths, pathFreeText } from '../../../src-main/serve/path-free.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

let host: ServeHandle;
let workspace: string;
let outside: string;

function apiText(method: string, body: unknown): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        method: 'POST',
        path: `/api/${method}`,
        headers: { 'content-type': 'application/json', 'x-castellan-token': host.token },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

beforeAll(async () => {
  workspace = realpathSync(tempDir('castellan-pathfree-ws-'));
  outside = realpathSync(tempDir('castellan-pathfree-out-'));
  const rendererDir = realpathSync(tempDir('castellan-pathfree-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>editor</title>');
  writeFileSync(join(outside, 'x.level.json'), json(twoMoveLevel()));
  mkdirSync(join(outside, 'folder.level.json'));
  mkdirSync(join(workspace, 'pk'));
  // A folder and a FIFO with level names (the FIFO's row detail quoted the absolute path).
  mkdirSync(join(workspace, 'pk', 'sub.level.json'));
  execFileSync('mkfifo', [join(workspace, 'pk', 'pipe.level.json')]);
  symlinkSync(join(outside, 'x.level.json'), join(workspace, 'pk', 'out.level.json'));
  symlinkSync(join(outside, 'missing.level.json'), join(workspace, 'pk', 'gone.level.json'));
  symlinkSync(join(outside, 'folder.level.json'), join(workspace, 'pk', 'dir.level.json'));
  writeFileSync(
    join(workspace, 'pk', 'pack.json'),
    JSON.stringify({
      format: 'castellan.pack',
      version: 1,
      title: 'Links',
      ruleset: 'unlock-the-king',
      levels: [
        { file: 'out.level.json' },
        { file: 'gone.level.json' },
        { file: 'dir.level.json' },
        { file: 'none.level.json' },
        { file: 'sub.level.json' },
        { file: 'pipe.level.json' },
      ],
    }),
  );
  symlinkSync(join(outside, 'x.level.json'), join(workspace, 'link.level.json'));
  symlinkSync(join(workspace, 'loop2.level.json'), join(workspace, 'loop1.level.json'));
  symlinkSync(join(workspace, 'loop1.level.json'), join(workspace, 'loop2.level.json'));
  mkdirSync(join(workspace, 'pk2'));
  symlinkSync(join(workspace, 'loop1.level.json'), join(workspace, 'pk2', 'l.level.json'));
  writeFileSync(
    join(workspace, 'pk2', 'pack.json'),
    JSON.stringify({
      format: 'castellan.pack',
      version: 1,
      title: 'L',
      ruleset: 'unlock-the-king',
      levels: [{ file: 'l.level.json' }, { file: '/etc/hostname' }, { file: '../../x.level.json' }],
    }),
  );
  symlinkSync(outside, join(workspace, 'outdir'));
  symlinkSync(join(outside, 'folder.level.json'), join(workspace, 'linkdir.level.json'));
  host = await startServeHost({ workspace, rendererDir });
});

afterAll(async () => {
  await host?.close();
  cleanupTempDirs();
});

describe('serve answers name no server path', () => {
  it('packOpen rows, open, browse, summary and list over links out of the workspace show neither folder', async () => {
    const calls: [string, unknown][] = [
      ['packOpen', { path: 'pk' }],
      ['open', { path: 'link.level.json' }],
      ['open', { path: 'linkdir.level.json' }],
      ['open', { path: 'pk/out.level.json' }],
      ['open', { path: 'pk/gone.level.json' }],
      ['open', { path: 'pk/dir.level.json' }],
      ['browse', { dir: 'pk' }],
      ['workspaceSummary', {}],
      ['list', {}],
      ['open', { path: 'loop1.level.json' }],
      ['packOpen', { path: 'pk2' }],
      ['packOpen', { path: 'outdir' }],
      ['browse', { dir: 'outdir' }],
      ['packAddLevel', { path: 'pk', source: 'link.level.json' }],
      ['packAddLevel', { path: 'pk', source: 'loop1.level.json' }],
      ['save', { path: 'loop1.level.json', document: JSON.parse(json(twoMoveLevel())) }],
      ['save', { path: 'outdir/n.level.json', document: JSON.parse(json(twoMoveLevel())) }],
      ['renderLevel', { document: JSON.parse(json(twoMoveLevel())), out: 'outdir/x.svg' }],
    ];
    for (const [method, body] of calls) {
      const text = await apiText(method, body);
      if (method === 'packOpen' && (body as { path: string }).path === 'pk') {
        expect(text).toContain('The path \\"pk/sub.level.json\\" is a folder.');
        expect(text).toContain('Could not read pk/pipe.level.json: the path is a named pipe (FIFO)');
      }
      expect(text, `${method} ${JSON.stringify(body)}`).not.toContain(outside);
      expect(text, `${method} ${JSON.stringify(body)}`).not.toContain(workspace);
    }
  });
});

describe('pathFreeText / hideServerPaths', () => {
  const roots = ['/srv/ws'];
  it('workspace paths become relative, paths quoted by Node <server path>, other text (JSON pointers, URLs) unchanged', () => {
    expect(pathFreeText("Could not read /srv/ws/a/x.level.json: ELOOP, open '/etc/secret/y.level.json'", roots)).toBe(
      "Could not read a/x.level.json: ELOOP, open '<server path>'",
    );
    expect(pathFreeText("EACCES: permission denied, open 'C:\\Users\\me\\x.level.json'", roots)).toBe("EACCES: permission denied, open '<server path>'");
    expect(pathFreeText("rename '/srv/ws/a.tmp' -> '/srv/other/b'", roots)).toBe("rename 'a.tmp' -> '<server path>'");
    expect(pathFreeText('A folder: /srv/ws', roots)).toBe('A folder: <workspace>');
    const plain = 'pk is not a Castellan pack: /levels/1/file: must be relative (no leading "/"); see http://127.0.0.1:8080/#token=x and a/b.level.json';
    expect(pathFreeText(plain, roots)).toBe(plain);
  });

  it('rewrites nested detail and message fields, never a document, and keeps an unchanged answer as is', () => {
    const answer = {
      ok: true,
      rows: [{ index: 0, name: 'a', detail: "Could not read /srv/ws/p/a.level.json: ELOOP, stat '/tmp/out/a.level.json'" }],
      document: { meta: { title: '/etc/passwd' }, editor: { message: '/etc/passwd' } },
    };
    expect(hideServerPaths(answer, roots)).toEqual({
      ...answer,
      rows: [{ index: 0, name: 'a', detail: "Could not read p/a.level.json: ELOOP, stat '<server path>'" }],
    });
    const ok = { ok: true, path: '/srv/ws/a.level.json', document: { meta: { title: 'T' } } };
    expect(hideServerPaths(ok, roots)).toBe(ok);
  });
});
