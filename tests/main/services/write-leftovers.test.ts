/**
 * What killed or failed writes leave behind: temp files of a killed save
 * (`*.castellan-tmp` and write-file-atomic's `*.castellan-tmp.<n>`) are
 * removed before the next write into their folder once older than the
 * bound, and a `packCreate` that fails midway (a full disk) leaves no
 * half-made folder, so a retry succeeds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STALE_TEMP_MS, writeFileVerified } from '../../../src-main/services/atomic-file.js';
import { runChild, srcUrl } from '../child.js';
import { cleanupTempDirs, tempDir } from '../helpers.js';

afterAll(() => cleanupTempDirs());

function age(path: string, ms: number): void {
  const t = new Date(Date.now() - ms);
  utimesSync(path, t, t);
}

describe('temp files of killed writes', () => {
  it('are removed before a write into their folder when older than the bound; fresh ones and look-alikes stay', async () => {
    const dir = tempDir();
    const stale = [
      '.a.level.json.0123456789ab.castellan-tmp', // ours, killed before the rename
      '.a.level.json.0123456789ab.castellan-tmp.3141592653', // write-file-atomic's temp of ours, killed mid-write
      '.b.level.json.ba9876543210.castellan-tmp.42', // another file's, same folder
      'shot.png.1234.castellan-tmp', // the renderer's binary temp
    ];
    const fresh = '.a.level.json.fedcba987654.castellan-tmp.7'; // a save running right now
    const keep = ['notes.castellan-tmp.txt', 'x.castellan-tmpl'];
    for (const n of [...stale, fresh, ...keep]) writeFileSync(join(dir, n), 'partial');
    for (const n of [...stale, ...keep]) age(join(dir, n), STALE_TEMP_MS + 60_000);
    const w = await writeFileVerified(join(dir, 'a.level.json'), 'new\n');
    expect(w.ok).toBe(true);
    expect(readdirSync(dir).sort()).toEqual([fresh, 'a.level.json', ...keep].sort());
  });
});

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const unshareOk =
  isRoot &&
  spawnSync('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs "$0"', tempDir()], { timeout: 10_000 }).status ===
    0;

describe('packCreate on a full disk', () => {
  it.skipIf(!unshareOk)('a 256 KiB tmpfs filled to the last byte: io disk-full, no folder left, and after freeing space the retry creates the pack', () => {
    const ws = tempDir('castellan-pack-');
    const r = runChild(
      tempDir(),
      `const fs = await import('node:fs');\n` +
        `const ws = ${JSON.stringify(ws)};\n` +
        `const { openWorkspace } = await import(${JSON.stringify(srcUrl('src-main/services/workspace.ts'))});\n` +
        `const { serveResolvePath } = await import(${JSON.stringify(srcUrl('src-main/serve/server.ts'))});\n` +
        `const { createPackHostApi } = await import(${JSON.stringify(srcUrl('src-main/services/pack-host-api.ts'))});\n` +
        `const w = openWorkspace(ws);\n` +
        `const api = createPackHostApi({ kind: 'serve', resolvePath: (p, forWrite) => serveResolvePath(w, p, forWrite), confinedWrites: true, pool: () => { throw new Error('no pool'); }, solveTimeMs: 1000, maxStates: 1000 });\n` +
        `const fd = fs.openSync(ws + '/filler', 'w');\n` +
        `for (const size of [65536, 4096, 1]) { try { for (;;) fs.writeSync(fd, Buffer.alloc(size, 1)); } catch (e) { if (e.code !== 'ENOSPC') throw e; } }\n` +
        `fs.closeSync(fd);\n` +
        `const full = await api.packCreate({ path: 'packs/mine', title: 'Mine', ruleset: 'unlock-the-king' });\n` +
        `const namesFull = fs.readdirSync(ws).sort();\n` +
        `fs.unlinkSync(ws + '/filler');\n` +
        `const retry = await api.packCreate({ path: 'packs/mine', title: 'Mine', ruleset: 'unlock-the-king' });\n` +
        `console.log(JSON.stringify({ full, namesFull, retry: { ok: retry.ok, code: retry.code }, made: fs.readdirSync(ws + '/packs/mine').sort() }));\n`,
      {
        timeoutMs: 60_000,
        command: (node, script) => [
          'unshare',
          ['--mount', '--propagation', 'private', 'sh', '-c', 'mount -t tmpfs -o size=256k tmpfs "$3" && exec "$1" "$2"', 'sh', node, script, ws],
        ],
      },
    );
    if (r.status !== 0) throw new Error(`child failed (${r.status}): ${r.stderr}`);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as {
      full: { ok: boolean; code?: string; reason?: string; message?: string };
      namesFull: string[];
      retry: { ok: boolean; code?: string };
      made: string[];
    };
    expect(out.full).toMatchObject({ ok: false, code: 'io', reason: 'disk-full' });
    expect(out.full.message).not.toContain(ws);
    expect(out.namesFull.filter((n) => n !== '.castellan')).toEqual(['filler']);
    expect(out.retry).toEqual({ ok: true });
    expect(out.made).toEqual(['levels', 'pack.json']);
    expect(existsSync(join(ws, 'packs'))).toBe(false); // the tmpfs was private to the child
  });
});
