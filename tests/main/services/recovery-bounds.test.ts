/**
 * Autosave keeps a bounded number of documents and bytes (recovery.ts):
 * at most MAX_RECOVERY_DOCUMENTS (50) autosaves and MAX_RECOVERY_TOTAL_BYTES
 * (64 MiB) in one recovery folder; the oldest are deleted, never the
 * document being written. The figures are the ones the guide states
 * ("What a save guarantees": 50 documents, 64 MiB).
 */
import { readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHostApi } from '../../../src-main/services/host-api.js';
import { MAX_RECOVERY_DOCUMENTS, MAX_RECOVERY_TOTAL_BYTES, RecoveryStore } from '../../../src-main/services/recovery.js';
import { cleanupTempDirs, tempDir, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

const ids = (dir: string): string[] =>
  readdirSync(dir)
    .filter((n) => n.endsWith('.recovery.json'))
    .map((n) => n.slice(0, -'.recovery.json'.length))
    .sort();

/** Sets the file time of autosave `docId` to `sec` seconds after 2020 (so "oldest" does not depend on the clock's resolution). */
function age(dir: string, docId: string, sec: number): void {
  const t = new Date(Date.UTC(2020, 0, 1) + sec * 1000);
  utimesSync(join(dir, `${docId}.recovery.json`), t, t);
}

describe('autosave bounds', () => {
  it('the guide states the bounds: 50 documents and 64 MiB', () => {
    expect(MAX_RECOVERY_DOCUMENTS).toBe(50);
    expect(MAX_RECOVERY_TOTAL_BYTES).toBe(64 * 1024 * 1024);
  });

  it('55 autosaves through the host: the 50 newest stay, the 5 oldest are deleted', async () => {
    const dir = tempDir('castellan-rec-bounds-');
    const api = createHostApi({
      kind: 'serve',
      resolvePath: () => ({ ok: false, code: 'forbidden', message: 'no' }),
      listFiles: async () => [],
      recoveryDir: dir,
    });
    for (let i = 0; i < 55; i++) {
      const r = await api.autosave({ docId: `d${String(i).padStart(2, '0')}`, document: twoMoveLevel({ meta: { title: `doc ${i}` } }) });
      expect(r.ok).toBe(true);
      age(dir, `d${String(i).padStart(2, '0')}`, i);
    }
    const left = ids(dir);
    expect(left).toHaveLength(50);
    expect(left).toEqual(Array.from({ length: 50 }, (_, k) => `d${String(k + 5).padStart(2, '0')}`));
    // The list the editor offers at start has the 50 too.
    const list = await api.recoveryList({});
    expect(list.ok && list.items.length).toBe(50);
  });

  it('autosaving an old document again makes it the newest: it is not the one deleted', async () => {
    const dir = tempDir('castellan-rec-bounds-');
    const store = new RecoveryStore(dir, { maxDocuments: 3 });
    for (const [k, id] of ['a', 'b', 'c'].entries()) {
      await store.save({ docId: id, document: { n: k } });
      age(dir, id, k);
    }
    // `a` (the oldest) is autosaved again, then `d` is new: `b` is now the oldest and goes.
    await store.save({ docId: 'a', document: { n: 9 } });
    await store.save({ docId: 'd', document: { n: 4 } });
    expect(ids(dir)).toEqual(['a', 'c', 'd']);
  });

  it('the byte bound: nine autosaves of 7.5 MiB (67.5 MiB) keep the newest eight (60 MiB)', async () => {
    const dir = tempDir('castellan-rec-bounds-');
    const store = new RecoveryStore(dir);
    const big = 'x'.repeat(7.5 * 1024 * 1024 - 400);
    for (let i = 0; i < 9; i++) {
      const r = await store.save({ docId: `big${i}`, document: { meta: { title: `big ${i}` }, filler: big } });
      expect(r.ok).toBe(true);
      age(dir, `big${i}`, i);
    }
    expect(ids(dir)).toEqual(['big1', 'big2', 'big3', 'big4', 'big5', 'big6', 'big7', 'big8']);
    const total = ids(dir).reduce((s, id) => s + statSync(join(dir, `${id}.recovery.json`)).size, 0);
    expect(total).toBeLessThanOrEqual(64 * 1024 * 1024);
  });

  it('the document being written is never deleted, even when it alone exceeds the bounds', async () => {
    const dir = tempDir('castellan-rec-bounds-');
    const store = new RecoveryStore(dir, { maxDocuments: 1, maxTotalBytes: 10 });
    await store.save({ docId: 'old', document: { n: 1 } });
    age(dir, 'old', 0);
    await store.save({ docId: 'now', document: { n: 2, text: 'more than ten bytes' } });
    expect(ids(dir)).toEqual(['now']);
  });
});
