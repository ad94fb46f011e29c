/**
 * Finding "a full disk is reported as verify-failed": on a nearly full disk
 * write-file-atomic's single write(2) comes up short instead of failing with
 * ENOSPC, and the short temp file's read-back used to answer `verify-failed`.
 * It must answer `io` with `reason: 'disk-full'` and a message saying the
 * disk is full, leave the file on disk unchanged and remove the temp file.
 * Each case runs in a child with a private mount namespace holding a
 * 256 KiB tmpfs (root with `unshare` only; skipped elsewhere), filled to the
 * last byte and then given back two 4 KiB pages: less than the new document.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { runChild, srcUrl } from '../child.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const unshareOk =
  isRoot &&
  spawnSync('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs "$0"', tempDir()], { timeout: 10_000 }).status ===
    0;

/** The old document (small) and the new one (20 KB: more than the two free pages). */
const OLD = JSON.parse(json(twoMoveLevel({ meta: { title: 'Old' } }))) as unknown;
const NEW = JSON.parse(json(twoMoveLevel({ meta: { title: 'New', description: 'y'.repeat(20_000) } }))) as unknown;

/** Child script lines: fill the tmpfs at `ws` to the last byte, then free `pages` 4 KiB pages (the filler stays open as `fd`). */
function fillLeaving(pages: number): string {
  return (
    `const fd = fs.openSync(ws + '/filler', 'w');\n` +
    `for (const size of [65536, 4096, 1]) { try { for (;;) fs.writeSync(fd, Buffer.alloc(size, 1)); } catch (e) { if (e.code !== 'ENOSPC') throw e; } }\n` +
    `fs.ftruncateSync(fd, fs.fstatSync(fd).size - ${pages} * 4096);\n`
  );
}

interface Report {
  save: { ok: boolean; code?: string; reason?: string; message?: string };
  same: boolean;
  names: string[];
}

/** Runs `body` (sees `fs`, `ws`; prints a Report as its last line) in a child with a 256 KiB tmpfs mounted on a fresh `ws`. */
function onSmallDisk(body: string): Report {
  const ws = tempDir('castellan-diskfull-');
  const r = runChild(tempDir(), `const fs = await import('node:fs');\nconst ws = ${JSON.stringify(ws)};\n${body}`, {
    timeoutMs: 60_000,
    command: (node, script) => [
      'unshare',
      ['--mount', '--propagation', 'private', 'sh', '-c', 'mount -t tmpfs -o size=256k tmpfs "$3" && exec "$1" "$2"', 'sh', node, script, ws],
    ],
  });
  if (r.status !== 0) throw new Error(`child failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Report;
}

function expectDiskFull(out: Report): void {
  expect(out.save).toMatchObject({ ok: false, code: 'io', reason: 'disk-full' });
  expect(out.save.message).toMatch(/the disk is full/);
  expect(out.save.message).toMatch(/left unchanged/);
  expect(out.same).toBe(true);
  expect(out.names.filter((n) => /castellan-tmp/.test(n))).toEqual([]);
}

describe('a save on a full disk answers disk-full, not verify-failed', () => {
  it.skipIf(!unshareOk)('saveLevelFile: a short write of the temp file is io disk-full; the old file is unchanged and no temp file is left', () => {
    const out = onSmallDisk(
      `const { saveLevelFile } = await import(${JSON.stringify(srcUrl('src-main/services/save-pipeline.ts'))});\n` +
        `const p = ws + '/a.level.json';\n` +
        `const first = await saveLevelFile(p, ${JSON.stringify(OLD)});\n` +
        `if (!first.ok) throw new Error(JSON.stringify(first));\n` +
        `const before = fs.readFileSync(p, 'utf8');\n` +
        fillLeaving(2) +
        `const save = await saveLevelFile(p, ${JSON.stringify(NEW)});\n` +
        `console.log(JSON.stringify({ save, same: fs.readFileSync(p, 'utf8') === before, names: fs.readdirSync(ws) }));\n`,
    );
    expectDiskFull(out);
    expect(out.save.message).toMatch(/only \d+ of \d+ bytes could be written/);
    expect(out.names.sort()).toEqual(['a.level.json', 'filler']);
  });

  it.skipIf(!unshareOk)('the serve host: POST /api/save on a full disk answers io disk-full; the old file is unchanged and no temp file is left', () => {
    const out = onSmallDisk(
      `const { startServeHost } = await import(${JSON.stringify(srcUrl('src-main/serve/server.ts'))});\n` +
        `const rendererDir = fs.mkdtempSync('/tmp/castellan-diskfull-renderer-');\n` +
        `const host = await startServeHost({ workspace: ws, rendererDir });\n` +
        `const call = async (method, body) => (await fetch('http://127.0.0.1:' + host.port + '/api/' + method, { method: 'POST', headers: { 'content-type': 'application/json', 'x-castellan-token': host.token }, body: JSON.stringify(body) })).json();\n` +
        `const first = await call('save', { path: 'a.level.json', document: ${JSON.stringify(OLD)} });\n` +
        `if (!first.ok) throw new Error(JSON.stringify(first));\n` +
        `const before = fs.readFileSync(ws + '/a.level.json', 'utf8');\n` +
        fillLeaving(2) +
        `const save = await call('save', { path: 'a.level.json', document: ${JSON.stringify(NEW)}, expectedRevision: first.revision });\n` +
        `await host.close();\n` +
        `fs.rmSync(rendererDir, { recursive: true });\n` +
        `console.log(JSON.stringify({ save, same: fs.readFileSync(ws + '/a.level.json', 'utf8') === before, names: fs.readdirSync(ws) }));\n`,
    );
    expectDiskFull(out);
    expect(out.save.message).not.toContain('/tmp/');
  });
});
