/**
 * Finding "absolute server paths in serve answers", over every host method:
 * each method of HOST_METHODS is called over the serve HTTP API in the ways
 * that make Node quote a path (a missing file, permission denied (mode 000),
 * a link out of the workspace, a link loop, ENOTDIR, EISDIR, a pack with a
 * missing level and one whose entry links out, a read-only file and folder,
 * a name that exists already, ...), and no answer body may contain the
 * workspace's path or real path, the folder outside it, the test's own
 * folders or any `/tmp/`, `/home/`, `/work/` path. The host runs in a child
 * as an unprivileged user (uid 65534) when the test runs as root, so mode
 * 000 really answers EACCES.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_METHODS, type HostMethod } from '../../../src-shared/host/contract.js';
import { srcUrl } from '../child.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const NOBODY = 65534;

let child: ChildProcess | undefined;
let port = 0;
let token = '';
let workspace = '';
let outside = '';
let scriptDir = '';
let rendererDir = '';

/** Makes `dirs` (recursively) owned by the unprivileged host user when running as root. */
function giveAway(...dirs: string[]): void {
  if (isRoot) for (const d of dirs) execFileSync('chown', ['-R', '-h', `${NOBODY}:${NOBODY}`, d]);
}

async function call(method: string, body: unknown): Promise<string> {
  const r = await fetch(`http://127.0.0.1:${port}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-castellan-token': token },
    body: JSON.stringify(body),
  });
  return r.text();
}

beforeAll(async () => {
  workspace = tempDir('castellan-pfm-ws-');
  outside = tempDir('castellan-pfm-out-');
  scriptDir = tempDir('castellan-pfm-script-');
  rendererDir = tempDir('castellan-pfm-renderer-');
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>editor</title>');
  const level = json(twoMoveLevel());
  writeFileSync(join(outside, 'x.level.json'), level);
  mkdirSync(join(outside, 'folder.level.json'));
  const ws = (p: string) => join(workspace, p);
  writeFileSync(ws('ok.level.json'), level);
  writeFileSync(ws('ro.level.json'), level);
  writeFileSync(ws('noperm.level.json'), level);
  writeFileSync(ws('bad.level.json'), '{"format": "castellan.level", ');
  writeFileSync(ws('file.txt'), 'a file, not a folder');
  mkdirSync(ws('dir.level.json'));
  mkdirSync(ws('existing'));
  mkdirSync(ws('ro-dir'));
  mkdirSync(ws('noperm-dir'));
  writeFileSync(ws('noperm-dir/a.level.json'), level);
  symlinkSync(join(outside, 'x.level.json'), ws('link-out.level.json'));
  symlinkSync(join(outside, 'folder.level.json'), ws('link-dir.level.json'));
  symlinkSync(join(outside, 'missing.level.json'), ws('dangling.level.json'));
  symlinkSync(ws('loop2.level.json'), ws('loop1.level.json'));
  symlinkSync(ws('loop1.level.json'), ws('loop2.level.json'));
  symlinkSync(outside, ws('outdir'));
  const pack = (title: string, files: string[]) =>
    JSON.stringify({ format: 'castellan.pack', version: 1, title, ruleset: 'unlock-the-king', levels: files.map((file) => ({ file })) });
  mkdirSync(ws('pk'));
  writeFileSync(ws('pk/a.level.json'), level);
  symlinkSync(join(outside, 'x.level.json'), ws('pk/out.level.json'));
  symlinkSync(ws('loop1.level.json'), ws('pk/loop.level.json'));
  writeFileSync(ws('pk/noperm.level.json'), level);
  writeFileSync(ws('pk/pack.json'), pack('Broken', ['a.level.json', 'missing.level.json', 'out.level.json', 'loop.level.json', 'noperm.level.json']));
  mkdirSync(ws('pk-ro'));
  writeFileSync(ws('pk-ro/a.level.json'), level);
  writeFileSync(ws('pk-ro/pack.json'), pack('Read-only', ['a.level.json']));
  mkdirSync(ws('pk-linked'));
  symlinkSync(join(outside), ws('pk-linked/levels'));
  writeFileSync(ws('pk-linked/pack.json'), pack('Linked', ['levels/x.level.json']));
  mkdirSync(ws('export-out'));
  giveAway(workspace, outside, scriptDir, rendererDir);
  chmodSync(ws('ro.level.json'), 0o444);
  chmodSync(ws('pk-ro/pack.json'), 0o444);
  chmodSync(ws('noperm.level.json'), 0o000);
  chmodSync(ws('pk/noperm.level.json'), 0o000);
  chmodSync(ws('ro-dir'), 0o555);
  chmodSync(ws('noperm-dir'), 0o000);
  for (const d of [workspace, outside, scriptDir, rendererDir]) chmodSync(d, 0o755);

  const tsxApi = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const script = join(scriptDir, 'host.mjs');
  writeFileSync(
    script,
    `const { register } = await import(${JSON.stringify(tsxApi)}); register();\n` +
      `const { startServeHost } = await import(${JSON.stringify(srcUrl('src-main/serve/server.ts'))});\n` +
      `const host = await startServeHost({ workspace: ${JSON.stringify(workspace)}, rendererDir: ${JSON.stringify(rendererDir)} });\n` +
      `console.log(JSON.stringify({ port: host.port, token: host.token }));\n` +
      `process.on('SIGTERM', () => host.close().then(() => process.exit(0)));\n`,
    { mode: 0o644 },
  );
  const proc = spawn(process.execPath, [script], {
    cwd: scriptDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(isRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  child = proc;
  const first = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    proc.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    proc.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    proc.on('exit', (code) => reject(new Error(`serve host exited (${code}): ${err}`)));
  });
  ({ port, token } = JSON.parse(first) as { port: number; token: string });
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (workspace) for (const p of ['noperm-dir', 'ro-dir']) chmodSync(join(workspace, p), 0o755);
  cleanupTempDirs();
});

const LEVEL = JSON.parse(json(twoMoveLevel())) as unknown;
const STALE = { mtimeMs: 1, size: 1, sha256: '0'.repeat(64) };

/** Every host method with the requests that make it fail where a path could be quoted. */
const CALLS: Record<HostMethod, unknown[]> = {
  startup: [{}],
  list: [{}],
  open: [
    { path: 'missing.level.json' },
    { path: 'noperm.level.json' },
    { path: 'link-out.level.json' },
    { path: 'link-dir.level.json' },
    { path: 'dangling.level.json' },
    { path: 'loop1.level.json' },
    { path: 'file.txt/a.level.json' },
    { path: 'dir.level.json' },
    { path: 'bad.level.json' },
    { path: 'noperm-dir/a.level.json' },
    { path: 'outdir/x.level.json' },
    { path: '/etc/hostname' },
    { path: '../x.level.json' },
    {},
  ],
  save: [
    { path: 'ro.level.json', document: LEVEL },
    { path: 'noperm.level.json', document: LEVEL },
    { path: 'link-out.level.json', document: LEVEL },
    { path: 'dangling.level.json', document: LEVEL },
    { path: 'loop1.level.json', document: LEVEL },
    { path: 'file.txt/a.level.json', document: LEVEL },
    { path: 'dir.level.json', document: LEVEL },
    { path: 'ro-dir/new.level.json', document: LEVEL },
    { path: 'noperm-dir/a.level.json', document: LEVEL },
    { path: 'outdir/new.level.json', document: LEVEL },
    { path: 'ok.level.json', document: LEVEL, expectedRevision: STALE },
    { path: 'ok.level.json', document: { format: 'castellan.level' } },
  ],
  saveAs: [
    { path: 'ok.level.json', document: LEVEL },
    { path: 'ro-dir/new.level.json', document: LEVEL },
    { path: 'file.txt/new.level.json', document: LEVEL },
    { path: 'dir.level.json', document: LEVEL },
    { path: 'noperm-dir/new.level.json', document: LEVEL },
    { path: 'outdir/new.level.json', document: LEVEL },
    { document: LEVEL },
  ],
  revision: [
    { path: 'missing.level.json' },
    { path: 'noperm.level.json' },
    { path: 'link-out.level.json' },
    { path: 'loop1.level.json' },
    { path: 'file.txt/a.level.json' },
    { path: 'dir.level.json' },
    { path: 'noperm-dir/a.level.json' },
  ],
  autosave: [
    { docId: 'doc-1', document: LEVEL, path: 'link-out.level.json' },
    { docId: 'doc-2', document: LEVEL, path: 'file.txt/a.level.json' },
    { docId: 'doc-3', document: LEVEL, path: 'noperm-dir/a.level.json' },
    { docId: '../../etc', document: LEVEL },
  ],
  recoveryList: [{}],
  recoveryOpen: [{ docId: 'doc-1' }, { docId: 'nope' }, { docId: '../x' }],
  recoveryDiscard: [{ docId: 'nope' }],
  backupList: [{ path: 'link-out.level.json' }, { path: 'noperm.level.json' }, { path: 'loop1.level.json' }, { path: 'file.txt/a.level.json' }],
  backupOpen: [
    { path: 'ok.level.json', id: 'nope' },
    { path: 'link-out.level.json', id: 'x' },
    { path: 'noperm-dir/a.level.json', id: 'x' },
  ],
  solveStart: [{ document: { format: 'castellan.level' } }],
  solvePoll: [{ jobId: 'nope' }],
  solveCancel: [{ jobId: 'nope' }],
  packList: [{}],
  packOpen: [
    { path: 'pk' },
    { path: 'pk-linked' },
    { path: 'noperm-dir' },
    { path: 'file.txt' },
    { path: 'outdir' },
    { path: 'missing' },
    { path: 'file.txt/p' },
    {},
  ],
  packCreate: [
    { path: 'pk', title: 'T', ruleset: 'unlock-the-king' },
    { path: 'ro-dir/p', title: 'T', ruleset: 'unlock-the-king' },
    { path: 'file.txt/p', title: 'T', ruleset: 'unlock-the-king' },
    { path: 'noperm-dir/p', title: 'T', ruleset: 'unlock-the-king' },
    { path: 'outdir/p', title: 'T', ruleset: 'unlock-the-king' },
  ],
  packSave: [
    { path: 'pk-ro', pack: { format: 'castellan.pack', version: 1, title: 'RO', ruleset: 'unlock-the-king', levels: [{ file: 'a.level.json' }] } },
    { path: 'noperm-dir', pack: { format: 'castellan.pack', version: 1, title: 'N', ruleset: 'unlock-the-king', levels: [] } },
    { path: 'pk', pack: { format: 'castellan.pack', version: 1, title: 'T', ruleset: 'unlock-the-king', levels: [] }, expectedRevision: STALE },
  ],
  packAddLevel: [
    { path: 'pk', source: 'link-out.level.json' },
    { path: 'pk', source: 'noperm.level.json' },
    { path: 'pk', source: 'loop1.level.json' },
    { path: 'pk', source: 'missing.level.json' },
    { path: 'pk', source: 'file.txt/a.level.json' },
    { path: 'pk-ro', source: 'ok.level.json' },
    { path: 'noperm-dir', document: LEVEL },
  ],
  packBackupList: [{ path: 'pk' }, { path: 'noperm-dir' }, { path: 'outdir' }, { path: 'missing' }, { path: 'file.txt/p' }],
  packBackupOpen: [
    { path: 'pk', id: 'nope' },
    { path: 'pk', id: '2024-01-01T00-00-00-000Z.pack.json' },
    { path: 'noperm-dir', id: '2024-01-01T00-00-00-000Z.pack.json' },
    { path: 'outdir', id: '2024-01-01T00-00-00-000Z.pack.json' },
  ],
  packVerifyStart: [{ path: 'pk' }, { path: 'noperm-dir' }, { path: 'missing' }],
  packVerifyPoll: [{ jobId: 'nope' }],
  packVerifyCancel: [{ jobId: 'nope' }],
  packExport: [
    { path: 'pk', out: 'export-out' },
    { path: 'pk', out: 'ro-dir/out' },
    { path: 'pk', out: 'file.txt/out' },
    { path: 'pk', out: 'outdir/out' },
    { path: 'pk-linked', out: 'export-out/linked', force: true },
    { path: 'pk', out: 'export-out/forced', force: true },
    { path: 'noperm-dir', out: 'export-out/n' },
  ],
  renderLevel: [
    { document: LEVEL, out: 'ro-dir/x.svg' },
    { document: LEVEL, out: 'file.txt/x.svg' },
    { document: LEVEL, out: 'outdir/x.svg' },
    { document: LEVEL, out: 'existing' },
    { document: LEVEL, out: 'noperm-dir/x.png' },
  ],
  suggestBlueprint: [{ seed: 'x' }],
  suggestStart: [
    { ruleset: 'nope', seed: 1, parMin: 1, parMax: 2 },
    { ruleset: 'unlock-the-king', seed: 1, parMin: 1, parMax: 2, mechanics: ['../x'] },
  ],
  suggestPoll: [{ jobId: 'nope' }],
  suggestCancel: [{ jobId: 'nope' }],
  browse: [{ dir: 'noperm-dir' }, { dir: 'file.txt' }, { dir: 'missing' }, { dir: 'outdir' }, { dir: 'loop1.level.json' }, { dir: '/etc' }],
  makeFolder: [{ path: 'existing' }, { path: 'file.txt/x' }, { path: 'ro-dir/x' }, { path: 'noperm-dir/x' }, { path: 'outdir/x' }],
  workspaceSummary: [{}],
  menuSet: [{ menus: [] }],
  recentList: [{}],
  recentAdd: [{ path: 'link-out.level.json' }, { path: 'noperm-dir/a.level.json' }],
  recentClear: [{}],
  sessionGet: [{}],
  sessionSet: [{ lastFile: 'link-out.level.json' }, { lastFile: 'noperm-dir/a.level.json' }, { tabs: [{ path: 'link-out.level.json', docId: 'x' }] }],
};

/** Bodies of the pack verify job's polls (its rows carry each level's `detail`) until it ends (at most 20 s). */
async function verifyPolls(): Promise<string[]> {
  const start = JSON.parse(await call('packVerifyStart', { path: 'pk', timeMs: 2000 })) as { ok: boolean; jobId?: string };
  if (!start.ok || !start.jobId) return [];
  const bodies: string[] = [];
  for (let i = 0; i < 200; i++) {
    const text = await call('packVerifyPoll', { jobId: start.jobId });
    bodies.push(text);
    if ((JSON.parse(text) as { state?: string }).state !== 'running') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return bodies;
}

describe('serve answers of every host method name no server path', () => {
  it('each method of HOST_METHODS, failed in the ways that quote paths: no body holds the workspace, its real path, the outside folder or an absolute path', async () => {
    expect(Object.keys(CALLS).sort()).toEqual([...HOST_METHODS].sort());
    const forbidden = [...new Set([workspace, realpathSync(workspace), outside, realpathSync(outside), scriptDir, rendererDir, tmpdir() + '/'])];
    const answers: [string, string][] = [];
    for (const method of HOST_METHODS) {
      for (const body of CALLS[method]) answers.push([`${method} ${JSON.stringify(body)}`, await call(method, body)]);
    }
    for (const text of await verifyPolls()) answers.push(['packVerifyPoll (pk job)', text]);
    const leaks = answers.filter(([, text]) => forbidden.some((f) => text.includes(f)) || /\/(tmp|home|work|root)\//.test(text));
    console.info(`path-free: ${answers.length} serve answers checked over ${HOST_METHODS.length} host methods, ${leaks.length} named a server path`);
    expect(leaks.map(([what, text]) => `${what} -> ${text.slice(0, 400)}`)).toEqual([]);
    // The failures really happened (the table exercises what it names):
    const byCall = new Map(answers);
    expect(byCall.get('open {"path":"noperm.level.json"}')).toMatch(/"ok":false/);
    expect(byCall.get('open {"path":"loop1.level.json"}')).toMatch(/"ok":false/);
    expect(byCall.get('save {"path":"ro.level.json","document":' + JSON.stringify(LEVEL) + '}')).toMatch(/read-only/);
    expect(byCall.get('packExport {"path":"pk","out":"export-out/forced","force":true}')).toMatch(/ELOOP[^"]*'pk\/loop\.level\.json'.*EACCES/);
  }, 180_000);
});
