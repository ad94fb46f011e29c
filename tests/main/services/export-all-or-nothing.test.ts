/**
 * Exports are all-or-nothing (services/staged-output.ts): built in a hidden
 * staging folder beside the target, checked, then moved into place in one
 * rename. So a kill -9 or a failed write at any moment leaves nothing under
 * the target name (never a pack.json naming missing levels), a later export
 * to the same name works, and the staging folders of killed exports are
 * removed by a later export once older than STALE_TEMP_MS.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { STALE_TEMP_MS } from '../../../src-main/services/atomic-file.js';
import { cleanupTempDirs, tempDir } from '../helpers.js';
import { incompleteFolderExport, packHostOver, writeProvedPack } from './export-fixtures.js';

const failWrite = vi.hoisted(() => ({ afterCalls: -1, calls: 0 }));

vi.mock('write-file-atomic', async (importOriginal) => {
  const real = (await importOriginal()) as { default: (...a: unknown[]) => Promise<void> };
  return {
    default: async (...args: unknown[]) => {
      if (failWrite.afterCalls >= 0 && failWrite.calls++ >= failWrite.afterCalls) {
        throw Object.assign(new Error(`ENOSPC: injected, write '${String(args[0])}'`), { code: 'ENOSPC' });
      }
      return real.default(...args);
    },
  };
});

afterEach(() => {
  failWrite.afterCalls = -1;
  failWrite.calls = 0;
});
afterAll(() => cleanupTempDirs());

const BIN = fileURLToPath(new URL('../../../bin/castellan.mjs', import.meta.url));

/** Names in `dir` that are not hidden. */
function visible(dir: string): string[] {
  return readdirSync(dir)
    .filter((n) => !n.startsWith('.'))
    .sort();
}

describe('a killed export leaves nothing under the target name', () => {
  it('kill -9 of `castellan pack export` the moment the target name appears: the target is a complete export', async () => {
    const ws = tempDir('castellan-export-kill-');
    const n = 200;
    writeProvedPack(join(ws, 'p'), n);
    const out = join(ws, 'out');
    const child = spawn(process.execPath, [BIN, 'pack', 'export', join(ws, 'p'), '-o', out], { stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let seenAt = -1;
    const timer = setInterval(() => {
      if (seenAt < 0 && existsSync(out)) {
        seenAt = Date.now();
        child.kill('SIGKILL');
      }
    }, 1);
    await exited;
    clearInterval(timer);
    // Either the export finished before the poll saw it, or it was killed the moment its name appeared.
    expect(existsSync(out)).toBe(true);
    expect(incompleteFolderExport(out, n)).toBeUndefined();
  }, 60_000);

  it('packExport: while it runs, the folder shows nothing but the finished export (hidden staging only)', async () => {
    const ws = tempDir('castellan-export-visible-');
    const n = 60;
    writeProvedPack(join(ws, 'packs', 'p'), n);
    mkdirSync(join(ws, 'exports'));
    const { api, close } = packHostOver(ws);
    const seen: string[] = [];
    let stop = false;
    const look = (): void => {
      if (stop) return;
      for (const name of visible(join(ws, 'exports'))) {
        const why = incompleteFolderExport(join(ws, 'exports', name), n);
        if (why) seen.push(`${name}: ${why}`);
      }
      setImmediate(look);
    };
    setImmediate(look);
    try {
      const r = await api.packExport({ path: 'packs/p', out: 'exports/out' });
      expect(r).toMatchObject({ ok: true, files: n + 1, levels: n });
      expect(seen).toEqual([]);
      expect(readdirSync(join(ws, 'exports'))).toEqual(['out']);
    } finally {
      stop = true;
      await close();
    }
  });
});

describe('a failed export leaves nothing behind', () => {
  it('a write failing midway (ENOSPC on the 20th file): io disk-full, nothing under the name; the next export to it works', async () => {
    const ws = tempDir('castellan-export-fail-');
    writeProvedPack(join(ws, 'packs', 'p'), 40);
    const { api, close } = packHostOver(ws);
    try {
      failWrite.afterCalls = 19;
      const r = await api.packExport({ path: 'packs/p', out: 'out' });
      expect(r).toMatchObject({ ok: false, code: 'io', reason: 'disk-full' });
      expect(readdirSync(ws).sort()).toEqual(['packs']);
      failWrite.afterCalls = -1;
      expect(await api.packExport({ path: 'packs/p', out: 'out' })).toMatchObject({ ok: true, files: 41 });
      expect(incompleteFolderExport(join(ws, 'out'), 40)).toBeUndefined();
      expect(readdirSync(ws).sort()).toEqual(['out', 'packs']);
    } finally {
      await close();
    }
  });

  it('the single-file form failing: nothing under the name, no temp file left', async () => {
    const ws = tempDir('castellan-export-fail-file-');
    writeProvedPack(join(ws, 'packs', 'p'), 5);
    const { api, close } = packHostOver(ws);
    try {
      failWrite.afterCalls = 0;
      expect(await api.packExport({ path: 'packs/p', out: 'p.pack.json' })).toMatchObject({ ok: false, code: 'io', reason: 'disk-full' });
      expect(readdirSync(ws).sort()).toEqual(['packs']);
    } finally {
      await close();
    }
  });

  it('an existing empty folder under the target name is never replaced (conflict)', async () => {
    const ws = tempDir('castellan-export-empty-');
    writeProvedPack(join(ws, 'packs', 'p'), 3);
    mkdirSync(join(ws, 'out'));
    const { api, close } = packHostOver(ws);
    try {
      expect(await api.packExport({ path: 'packs/p', out: 'out' })).toMatchObject({ ok: false, code: 'conflict' });
      expect(readdirSync(join(ws, 'out'))).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('staging folders of killed exports are swept', () => {
  it('an export removes staging folders older than STALE_TEMP_MS beside it and keeps younger ones, links and files', async () => {
    const ws = tempDir('castellan-export-sweep-');
    writeProvedPack(join(ws, 'packs', 'p'), 2);
    mkdirSync(join(ws, 'exports'));
    const old = join(ws, 'exports', '.gone.castellan-export-0123456789ab');
    const young = join(ws, 'exports', '.busy.castellan-export-0123456789ac');
    for (const d of [old, young]) {
      mkdirSync(join(d, 'levels'), { recursive: true });
      writeFileSync(join(d, 'pack.json'), '{}\n');
      writeFileSync(join(d, 'levels', '01-a.level.json'), '{}\n');
    }
    const then = new Date(Date.now() - STALE_TEMP_MS - 60_000);
    for (const d of [join(old, 'levels'), old]) utimesSync(d, then, then);
    // A young staging folder whose own mtime is old but whose levels/ is being written: still in use.
    const busyOld = new Date(Date.now() - STALE_TEMP_MS - 60_000);
    utimesSync(young, busyOld, busyOld);
    // Not staging folders: a file and a non-matching name are left alone however old.
    const file = join(ws, 'exports', '.x.castellan-export-0123456789ad');
    writeFileSync(file, 'not a folder\n');
    utimesSync(file, then, then);
    const other = join(ws, 'exports', '.keep');
    mkdirSync(other);
    utimesSync(other, then, then);
    const { api, close } = packHostOver(ws);
    try {
      expect(await api.packExport({ path: 'packs/p', out: 'exports/out' })).toMatchObject({ ok: true });
      expect(readdirSync(join(ws, 'exports')).sort()).toEqual(['.busy.castellan-export-0123456789ac', '.keep', '.x.castellan-export-0123456789ad', 'out']);
    } finally {
      await close();
    }
  });
});
