/**
 * bounded-read.ts: reads of level, pack, session, recovery and backup files
 * refuse what is not a regular file (FIFO, device, folder) before reading,
 * and read at most the cap (LEVEL-FORMAT-v1: a level file is at most
 * 5 MiB). Finding "unbounded reads of non-regular files": `stat()` answers
 * size 0 for FIFOs and devices, so a FIFO hung the reader forever and
 * /dev/zero was read for hundreds of MB.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HostError } from '../../../src-shared/host/contract.js';
import { readBoundedText, readBoundedTextSync, readRegularFile } from '../../../src-main/services/bounded-read.js';
import { readSessionSync } from '../../../src-main/services/session-store.js';
import { readWindowState } from '../../../src-main/electron/window-state.js';
import { readRevision } from '../../../src-main/services/file-revision.js';
import { createHostApi } from '../../../src-main/services/host-api.js';
import { MAX_LEVEL_FILE_BYTES, openLevelFile } from '../../../src-main/services/level-files.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

/** A folder with a FIFO `pipe.level.json` (nobody writes to it), a 6 MB level-named file and a valid level. */
function hostile(): { dir: string; fifo: string; big: string; good: string } {
  const dir = tempDir('castellan-bounded-');
  const fifo = join(dir, 'pipe.level.json');
  execFileSync('mkfifo', [fifo]);
  const big = join(dir, 'big.level.json');
  writeFileSync(big, Buffer.alloc(6 * 1000 * 1000, 0x20));
  const good = join(dir, 'good.level.json');
  writeFileSync(good, json(twoMoveLevel()));
  return { dir, fifo, big, good };
}

/** Heap growth while `f` runs (bytes): a read of /dev/zero through would allocate hundreds of MB. */
async function heapGrowth(f: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage().rss;
  await f();
  return process.memoryUsage().rss - before;
}

describe('readRegularFile (unbounded reads of non-regular files)', () => {
  it('a FIFO without a writer is refused at once, never blocks', async () => {
    const { fifo } = hostile();
    const t0 = Date.now();
    const r = (await readRegularFile(fifo, MAX_LEVEL_FILE_BYTES)) as HostError;
    expect(r).toMatchObject({ ok: false, code: 'io' });
    expect(r.message).toContain('named pipe (FIFO), not a regular file');
    expect(Date.now() - t0).toBeLessThan(1000);
  }, 5000);

  it.each(['/dev/zero', '/dev/urandom'])(
    '%s is refused as a device before a byte is read',
    async (dev) => {
      let r: unknown;
      const grew = await heapGrowth(async () => {
        r = await readRegularFile(dev, MAX_LEVEL_FILE_BYTES);
      });
      expect(r).toMatchObject({ ok: false, code: 'io', message: `Could not read ${dev}: the path is a device, not a regular file.` });
      expect(grew).toBeLessThan(MAX_LEVEL_FILE_BYTES);
    },
    5000,
  );

  it('a 6 MB file is refused over the 5 MiB cap; a folder is refused; a regular file is read exactly', async () => {
    const { dir, big, good } = hostile();
    expect(await readRegularFile(big, MAX_LEVEL_FILE_BYTES)).toMatchObject({
      ok: false,
      code: 'io',
      message: `Could not read ${big}: the file is larger than 5242880 bytes.`,
    });
    expect(await readRegularFile(dir, MAX_LEVEL_FILE_BYTES)).toMatchObject({ ok: false, code: 'io', message: expect.stringContaining('the path is a folder') });
    expect(await readRegularFile(join(dir, 'none.level.json'), 10)).toMatchObject({ ok: false, code: 'not-found' });
    const text = await readBoundedText(good, { maxBytes: MAX_LEVEL_FILE_BYTES });
    expect(text).toEqual({ ok: true, text: json(twoMoveLevel()) });
    // Exactly at the cap is allowed, one byte over is not.
    const exact = join(dir, 'exact.txt');
    writeFileSync(exact, 'abcde');
    expect(await readBoundedText(exact, { maxBytes: 5 })).toEqual({ ok: true, text: 'abcde' });
    expect(await readBoundedText(exact, { maxBytes: 4 })).toMatchObject({ ok: false, code: 'io' });
  }, 5000);

  it("readRevision and openLevelFile (the hosts' open) refuse a FIFO and /dev/zero at once", async () => {
    const { fifo } = hostile();
    expect(await readRevision(fifo, MAX_LEVEL_FILE_BYTES)).toMatchObject({ ok: false, code: 'io' });
    expect(await readRevision('/dev/zero', MAX_LEVEL_FILE_BYTES)).toMatchObject({ ok: false, code: 'io' });
    expect(await openLevelFile(fifo)).toMatchObject({ ok: false, code: 'io', message: expect.stringContaining('FIFO') });
  }, 5000);

  it('serve: 16 opens of a FIFO named *.level.json answer io, and the host still opens a real level afterwards', async () => {
    const { dir } = hostile();
    const api = createHostApi({
      kind: 'serve',
      resolvePath: (p) => join(dir, p),
      listFiles: async () => [],
      initialFile: 'good.level.json',
      workspaceLabel: 'levels',
      solveTimeMs: 20_000,
    });
    // The libuv pool has 4 threads: 16 blocked opens would leave none for the open below.
    const answers = await Promise.all(Array.from({ length: 16 }, () => api.open({ path: 'pipe.level.json' })));
    for (const a of answers) expect(a).toMatchObject({ ok: false, code: 'io' });
    expect(await api.open({ path: 'good.level.json' })).toMatchObject({ ok: true });
  }, 5000);
});

describe('readBoundedTextSync (Electron start-up: session and window state)', () => {
  it('refuses a FIFO, /dev/zero and an oversized file at once; reads a regular file exactly', () => {
    const { fifo, big, good } = hostile();
    const t0 = Date.now();
    expect(readBoundedTextSync(fifo, MAX_LEVEL_FILE_BYTES)).toBeUndefined();
    expect(readBoundedTextSync('/dev/zero', MAX_LEVEL_FILE_BYTES)).toBeUndefined();
    expect(readBoundedTextSync(big, MAX_LEVEL_FILE_BYTES)).toBeUndefined();
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(readBoundedTextSync(good, MAX_LEVEL_FILE_BYTES)).toBe(json(twoMoveLevel()));
  }, 5000);

  it('a session.json or window-state.json that is a FIFO reads as empty instead of blocking the start-up', () => {
    const dir = tempDir('castellan-bounded-state-');
    execFileSync('mkfifo', [join(dir, 'session.json')]);
    execFileSync('mkfifo', [join(dir, 'window-state.json')]);
    expect(readSessionSync(dir)).toEqual({ recent: [] });
    expect(readWindowState(join(dir, 'window-state.json'))).toBeUndefined();
    writeFileSync(join(dir, 'w.json'), JSON.stringify({ x: 10, y: 20, width: 800, height: 600, maximized: false }));
    expect(readWindowState(join(dir, 'w.json'))).toMatchObject({ width: 800, height: 600 });
  }, 5000);
});
