/**
 * Finding "causes lost": every writer answers a read-only file system and a
 * full disk with the HostError `reason` the editor shows (`read-only`,
 * `disk-full`; atomic-file.ts `ioError`), never a cause that is not the
 * real one (Node's recursive mkdir reports a folder it could not create on a
 * read-only file system as ENOENT, "the folder does not exist").
 *
 * The serve host (`startServeHost`, the code behind `castellan serve`) runs
 * in a child with a private mount namespace and a fresh tmpfs as its
 * workspace (root with `unshare` only; skipped elsewhere):
 * - read-only: the tmpfs is filled with a level and a pack, then remounted
 *   read-only (EROFS), and `.castellan` (recovery, session state, backups)
 *   does not exist yet;
 * - full: a tmpfs with 64 inodes, all used up (ENOSPC on every create).
 * Each writer of the host must answer `io` with the reason, for autosaves,
 * the session state (recent files, last file) and the pack writes.
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

const LEVEL = json(twoMoveLevel({ meta: { title: 'A' } }));
const PACK = json({ format: 'castellan.pack', version: 1, title: 'P', ruleset: 'unlock-the-king', levels: [{ file: 'a.level.json' }] });

/** The writers called, with the request each sends. */
const CALLS: [string, unknown][] = [
  ['autosave', { docId: 'doc-1', document: JSON.parse(LEVEL) as unknown }],
  ['recentAdd', { path: 'a.level.json' }],
  ['sessionSet', { lastFile: 'a.level.json' }],
  ['recentClear', {}],
  ['save', { path: 'a.level.json', document: JSON.parse(LEVEL) as unknown, allowDraft: true, noProof: true }],
  ['packAddLevel', { path: 'p', document: JSON.parse(LEVEL) as unknown }],
  ['packSave', { path: 'p', pack: JSON.parse(PACK) as unknown }],
  ['packCreate', { path: 'q', title: 'Q', ruleset: 'unlock-the-king' }],
];

/**
 * Runs the serve host in a child over a tmpfs mounted with `mountOpts` at a
 * fresh folder, after `prepare` (shell, in that folder) and `spoil` (shell:
 * make it read-only or full); answers each call's answer by method.
 */
type Answers = Record<string, { ok: boolean; code?: string; reason?: string; message?: string }> & { files?: { ok: true; names: string[]; packJson: string } };

function answersOn(mountOpts: string, spoil: string, calls: [string, unknown][] = CALLS): Answers {
  const ws = tempDir('castellan-causes-');
  const body =
    `const fs = await import('node:fs');\n` +
    `const ws = ${JSON.stringify(ws)};\n` +
    `const { startServeHost } = await import(${JSON.stringify(srcUrl('src-main/serve/server.ts'))});\n` +
    `const rendererDir = fs.mkdtempSync('/tmp/castellan-causes-renderer-');\n` +
    `const host = await startServeHost({ workspace: ws, rendererDir });\n` +
    `const call = async (method, body) => (await fetch('http://127.0.0.1:' + host.port + '/api/' + method, { method: 'POST', headers: { 'content-type': 'application/json', 'x-castellan-token': host.token }, body: JSON.stringify(body) })).json();\n` +
    `const out = {};\n` +
    `for (const [m, b] of ${JSON.stringify(calls)}) out[m] = await call(m, b);\n` +
    `out.files = { ok: true, names: fs.readdirSync(ws + '/p', { recursive: true }).map(String).sort(), packJson: fs.readFileSync(ws + '/p/pack.json', 'utf8') };\n` +
    `await host.close();\n` +
    `fs.rmSync(rendererDir, { recursive: true });\n` +
    `console.log(JSON.stringify(out));\n`;
  const prepare = `printf '%s' "$LEVEL" > "$3/a.level.json" && mkdir "$3/p" && printf '%s' "$LEVEL" > "$3/p/a.level.json" && printf '%s' "$PACK" > "$3/p/pack.json"`;
  const r = runChild(tempDir(), body, {
    timeoutMs: 60_000,
    command: (node, script) => [
      'env',
      [
        `LEVEL=${LEVEL}`,
        `PACK=${PACK}`,
        'unshare',
        '--mount',
        '--propagation',
        'private',
        'sh',
        '-c',
        `mount -t tmpfs -o ${mountOpts} tmpfs "$3" && ${prepare} && ${spoil} && exec "$1" "$2"`,
        'sh',
        node,
        script,
        ws,
      ],
    ],
  });
  if (r.status !== 0) throw new Error(`child failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Answers;
}

describe('write failures keep their cause', () => {
  it.skipIf(!unshareOk)('a read-only file system: every writer answers io / read-only naming EROFS', () => {
    const out = answersOn('size=1m', 'mount -o remount,ro "$3"');
    for (const [method] of CALLS) {
      expect({ method, ...out[method] }).toMatchObject({ method, ok: false, code: 'io', reason: 'read-only' });
      expect(out[method]!.message).toMatch(/read-only/);
      expect(out[method]!.message).not.toMatch(/ENOENT|does not exist/);
    }
  });

  it.skipIf(!unshareOk)('a disk without free inodes: every writer answers io / disk-full naming ENOSPC', () => {
    // Fill the inodes: create empty files until the file system says ENOSPC.
    const fill = `i=0; while touch "$3/f$i" 2>/dev/null; do i=$((i+1)); done`;
    const out = answersOn('size=1m,nr_inodes=64', fill);
    for (const [method] of CALLS) {
      expect({ method, ...out[method] }).toMatchObject({ method, ok: false, code: 'io', reason: 'disk-full' });
      expect(out[method]!.message).not.toMatch(/ENOENT|does not exist/);
    }
  });

  it.skipIf(!unshareOk)('a disk with 8 KiB left: adding a 20 KB level answers disk-full and leaves no level file, temp file or changed pack.json', () => {
    // Fill the blocks to the last byte, then give back two 4 KiB pages: less than the new level.
    const fill = `cat /dev/zero > "$3/filler" 2>/dev/null; truncate -s -8192 "$3/filler"`;
    const big = JSON.parse(json(twoMoveLevel({ meta: { title: 'Big', description: 'y'.repeat(20_000) } }))) as unknown;
    const out = answersOn('size=256k', fill, [['packAddLevel', { path: 'p', document: big }]]);
    expect(out['packAddLevel']).toMatchObject({ ok: false, code: 'io', reason: 'disk-full' });
    expect(out['packAddLevel']!.message).toMatch(/the disk is full/);
    // The pack folder holds what it held before (pack.json, a.level.json) and perhaps an empty levels/ folder.
    expect(out.files!.names.filter((n) => n !== 'levels')).toEqual(['a.level.json', 'pack.json']);
    expect(out.files!.packJson).toBe(PACK);
  });
});
