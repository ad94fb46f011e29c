/**
 * `castellan prove` keeps what it replaces: before it writes a proved (or
 * draft) level over a file, the replaced bytes go to the backup ring of that
 * file, `<folder of the file>/.castellan/backups/<file name>/` (the serve
 * layout with the file's folder as the root, backups.ts `localBackupDir`),
 * the newest 10 kept. A file at the top of a serve workspace thus shares its
 * ring with the editor's Versions (`backupList`).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/cli/main.js';
import { startServeHost } from '../../../src-main/serve/server.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';
import { captureIo } from './cli-io.js';

afterAll(() => cleanupTempDirs());

describe('castellan prove keeps the replaced version', () => {
  it('proving a level stores the bytes it replaced in <folder>/.castellan/backups/<name>/', async () => {
    const dir = tempDir('castellan-prove-bk-');
    const file = join(dir, 'a.level.json');
    const before = json(twoMoveLevel({ meta: { title: 'Before the proof' } }));
    writeFileSync(file, before);
    const io = captureIo();
    expect(await runCli(['prove', file], io)).toBe(0);
    // The file now carries the proof (hand-worked: the king walks a1-b2-c3, 2 moves).
    expect((JSON.parse(readFileSync(file, 'utf8')) as { solution: { length: number } }).solution.length).toBe(2);
    const ring = join(dir, '.castellan', 'backups', 'a.level.json');
    const names = readdirSync(ring);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(-\d+)?\.level\.json$/);
    expect(readFileSync(join(ring, names[0]!), 'utf8')).toBe(before);
  });

  it('the ring keeps the newest 10 versions, as the editor saves do', async () => {
    const dir = tempDir('castellan-prove-bk-');
    const file = join(dir, 'a.level.json');
    const versions: string[] = [];
    for (let i = 0; i < 11; i++) {
      const v = json(twoMoveLevel({ meta: { title: `v${i}` } }));
      versions.push(v);
      writeFileSync(file, v);
      expect(await runCli(['prove', file], captureIo())).toBe(0);
    }
    const ring = join(dir, '.castellan', 'backups', 'a.level.json');
    const kept = readdirSync(ring).map((n) => readFileSync(join(ring, n), 'utf8'));
    expect(kept.sort()).toEqual(versions.slice(1).sort());
  });

  it('--keep-backups N keeps the newest N instead (a ring shared with hosts that keep more is not pruned to 10)', async () => {
    const dir = tempDir('castellan-prove-bk-');
    const file = join(dir, 'a.level.json');
    const versions: string[] = [];
    for (let i = 0; i < 13; i++) {
      const v = json(twoMoveLevel({ meta: { title: `v${i}` } }));
      versions.push(v);
      writeFileSync(file, v);
      expect(await runCli(['prove', '--keep-backups', '12', file], captureIo())).toBe(0);
    }
    const ring = join(dir, '.castellan', 'backups', 'a.level.json');
    const kept = readdirSync(ring).map((n) => readFileSync(join(ring, n), 'utf8'));
    expect(kept.sort()).toEqual(versions.slice(1).sort());
  });

  it("a file at the top of a serve workspace: the editor's Versions lists what prove replaced, and opens it", async () => {
    const ws = tempDir('castellan-prove-bk-ws-');
    const before = json(twoMoveLevel({ meta: { title: 'Listed in Versions' } }));
    writeFileSync(join(ws, 'top.level.json'), before);
    expect(await runCli(['prove', join(ws, 'top.level.json')], captureIo())).toBe(0);
    const renderer = tempDir('castellan-prove-bk-r-');
    writeFileSync(join(renderer, 'index.html'), '<!doctype html>');
    const host = await startServeHost({ workspace: ws, rendererDir: renderer });
    try {
      const call = async (method: string, body: unknown): Promise<Record<string, unknown>> =>
        (await (
          await fetch(`http://127.0.0.1:${host.port}/api/${method}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-castellan-token': host.token },
            body: JSON.stringify(body),
          })
        ).json()) as Record<string, unknown>;
      const list = (await call('backupList', { path: 'top.level.json' })) as { backups: { id: string }[] };
      expect(list.backups).toHaveLength(1);
      const opened = (await call('backupOpen', { path: 'top.level.json', id: list.backups[0]!.id })) as { document: { meta: { title: string } } };
      expect(opened.document.meta.title).toBe('Listed in Versions');
    } finally {
      await host.close();
    }
  });

  it('a backup that cannot be written does not stop the proof: it is saved with a backup-failed warning', async () => {
    const dir = tempDir('castellan-prove-bk-');
    const file = join(dir, 'a.level.json');
    writeFileSync(file, json(twoMoveLevel()));
    // A file where the state folder would go: the ring cannot be created.
    writeFileSync(join(dir, '.castellan'), 'in the way\n');
    const io = captureIo();
    expect(await runCli(['prove', file], io)).toBe(0);
    expect(io.stdout).toMatch(/warning backup-failed/);
    expect((JSON.parse(readFileSync(file, 'utf8')) as { solution?: unknown }).solution).toBeDefined();
  });
});
