/**
 * Pack writes are saves (pack-host-api.ts, pack-manifest.ts): pack.json
 * goes through the save pipeline of a level (lock, revision check, backup
 * ring, verified write) and its backups can be listed, opened and restored
 * (`packBackupList`, `packBackupOpen`, then `packSave`); `packAddLevel`
 * claims its level file's name exclusively. All through the real serve host
 * (`startServeHost`, in this process, over HTTP), whose backup folder is
 * `<workspace>/.castellan/backups/<relative path>/`.
 *
 * Expected values are hand-written manifests and documents; a backup must
 * hold exactly the bytes a write replaced.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { BackupItem, FileRevision } from '../../../src-shared/host/contract.js';
import type { OpenedPack } from '../../../src-shared/host/pack-contract.js';
import { serializePack } from '../../../src-shared/format/serialize.js';
import { MAX_PACK_FILE_BYTES } from '../../../src-shared/format/limits.js';
import type { PackFile } from '../../../src-shared/model/level.js';
import { startServeHost, type ServeHandle } from '../../../src-main/serve/server.js';
import { claimNewFile } from '../../../src-main/services/atomic-file.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

let host: ServeHandle | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});
afterAll(() => cleanupTempDirs());

type Answer = Record<string, unknown> & { ok: boolean; code?: string; message?: string };

async function serve(ws: string): Promise<(method: string, body: unknown) => Promise<Answer>> {
  const renderer = tempDir('castellan-pw-renderer-');
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>x</title>');
  host = await startServeHost({ workspace: ws, rendererDir: renderer });
  const h = host;
  return async (method, body) => {
    const r = await fetch(`http://127.0.0.1:${h.port}/api/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-castellan-token': h.token },
      body: JSON.stringify(body),
    });
    return (await r.json()) as Answer;
  };
}

function ok<T>(r: Answer): T & Answer {
  if (!r.ok) throw new Error(`expected ok, got ${r.code}: ${r.message}`);
  return r as T & Answer;
}

const sha = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');
const manifest = (title: string, files: string[] = []): PackFile => ({
  format: 'castellan.pack',
  version: 1,
  title,
  ruleset: 'unlock-the-king',
  levels: files.map((file) => ({ file })),
});

/** The backup folder of `<ws>/<rel>` in the serve layout. */
const backupDir = (ws: string, rel: string): string => join(ws, '.castellan', 'backups', rel);

describe('pack.json keeps what its writes replace', () => {
  it('packSave backs up the replaced manifest byte for byte; the backups are listed newest first and open as manifests', async () => {
    const ws = tempDir('castellan-pw-');
    const call = await serve(ws);
    const created = ok<OpenedPack>(await call('packCreate', { path: 'pk', title: 'First', ruleset: 'unlock-the-king' }));
    const v1 = readFileSync(join(ws, 'pk/pack.json'));
    const s1 = ok<OpenedPack>(await call('packSave', { path: 'pk', pack: manifest('Second'), expectedRevision: created.revision }));
    const v2 = readFileSync(join(ws, 'pk/pack.json'));
    ok(await call('packSave', { path: 'pk', pack: manifest('Third'), expectedRevision: s1.revision }));
    // The ring holds the two replaced versions, byte for byte.
    const names = readdirSync(backupDir(ws, 'pk/pack.json'));
    expect(names.every((n) => n.endsWith('.pack.json'))).toBe(true);
    expect(names.map((n) => sha(readFileSync(join(backupDir(ws, 'pk/pack.json'), n)))).sort()).toEqual([sha(v1), sha(v2)].sort());
    const list = ok<{ backups: BackupItem[] }>(await call('packBackupList', { path: 'pk' }));
    expect(list.backups).toHaveLength(2);
    const titles: string[] = [];
    for (const b of list.backups) {
      const o = ok<{ pack: PackFile; revision: FileRevision | null }>(await call('packBackupOpen', { path: 'pk', id: b.id }));
      titles.push(o.pack.title);
      expect(o.revision?.sha256).toBe(`sha256:${sha(readFileSync(join(ws, 'pk/pack.json')))}`);
    }
    expect(titles).toEqual(['Second', 'First']);
  });

  it('restoring a backup is a packSave with the current revision; the manifest it replaces is kept in turn', async () => {
    const ws = tempDir('castellan-pw-');
    const call = await serve(ws);
    const created = ok<OpenedPack>(await call('packCreate', { path: 'pk', title: 'Original', ruleset: 'unlock-the-king' }));
    ok(await call('packSave', { path: 'pk', pack: manifest('Edited'), expectedRevision: created.revision }));
    const list = ok<{ backups: BackupItem[] }>(await call('packBackupList', { path: 'pk' }));
    const old = ok<{ pack: PackFile; revision: FileRevision }>(await call('packBackupOpen', { path: 'pk', id: list.backups[0]!.id }));
    expect(old.pack.title).toBe('Original');
    const restored = ok<OpenedPack>(await call('packSave', { path: 'pk', pack: old.pack, expectedRevision: old.revision }));
    expect(restored.pack.title).toBe('Original');
    expect(JSON.parse(readFileSync(join(ws, 'pk/pack.json'), 'utf8'))).toEqual(manifest('Original'));
    const after = ok<{ backups: BackupItem[] }>(await call('packBackupList', { path: 'pk' }));
    const newest = ok<{ pack: PackFile }>(await call('packBackupOpen', { path: 'pk', id: after.backups[0]!.id }));
    expect(newest.pack.title).toBe('Edited');
    // A stale revision (the manifest changed since the backup was opened) restores nothing.
    expect(await call('packSave', { path: 'pk', pack: old.pack, expectedRevision: old.revision })).toMatchObject({ ok: false, code: 'conflict' });
  });

  it('packAddLevel keeps the manifest it replaced; a refused write (conflict) stores no backup and writes nothing', async () => {
    const ws = tempDir('castellan-pw-');
    const call = await serve(ws);
    const created = ok<OpenedPack>(await call('packCreate', { path: 'pk', title: 'P', ruleset: 'unlock-the-king' }));
    const before = readFileSync(join(ws, 'pk/pack.json'));
    ok(await call('packAddLevel', { path: 'pk', document: twoMoveLevel(), expectedRevision: created.revision }));
    const names = readdirSync(backupDir(ws, 'pk/pack.json'));
    expect(names.map((n) => sha(readFileSync(join(backupDir(ws, 'pk/pack.json'), n))))).toEqual([sha(before)]);
    const now = readFileSync(join(ws, 'pk/pack.json'));
    expect(await call('packAddLevel', { path: 'pk', document: twoMoveLevel(), expectedRevision: created.revision })).toMatchObject({
      ok: false,
      code: 'conflict',
    });
    expect(readFileSync(join(ws, 'pk/pack.json')).equals(now)).toBe(true);
    expect(readdirSync(backupDir(ws, 'pk/pack.json'))).toHaveLength(1);
    expect(readdirSync(join(ws, 'pk/levels'))).toEqual(['two-steps.level.json']);
  });

  it('a backup that cannot be written does not stop the change: it is written with a backup-failed warning', async () => {
    const ws = tempDir('castellan-pw-');
    const call = await serve(ws);
    const created = ok<OpenedPack>(await call('packCreate', { path: 'pk', title: 'P', ruleset: 'unlock-the-king' }));
    // A file where the backup folder of pk/pack.json would go.
    mkdirSync(join(ws, '.castellan', 'backups'), { recursive: true });
    writeFileSync(join(ws, '.castellan', 'backups', 'pk'), 'in the way\n');
    const s = ok<OpenedPack>(await call('packSave', { path: 'pk', pack: manifest('Renamed'), expectedRevision: created.revision }));
    expect(s.issues?.map((i) => [i.severity, i.code])).toEqual([['warning', 'backup-failed']]);
    expect(JSON.parse(readFileSync(join(ws, 'pk/pack.json'), 'utf8'))).toEqual(manifest('Renamed'));
  });

  it('pack backup ids are backup names of a manifest: a level backup name, a path or another pack form is refused', async () => {
    const ws = tempDir('castellan-pw-');
    const call = await serve(ws);
    ok(await call('packCreate', { path: 'pk', title: 'P', ruleset: 'unlock-the-king' }));
    for (const id of ['2024-01-01T00-00-00-000Z.level.json', '../pack.json', 'pack.json', '2024-01-01T00-00-00-000Z.pack.json/../x']) {
      expect(await call('packBackupOpen', { path: 'pk', id })).toMatchObject({ ok: false, code: 'bad-request' });
    }
    expect(await call('packBackupOpen', { path: 'pk', id: '2024-01-01T00-00-00-000Z.pack.json' })).toMatchObject({ ok: false, code: 'not-found' });
    writeFileSync(join(ws, 'x.pack.json'), json(manifest('X')));
    expect(await call('packBackupList', { path: 'x.pack.json' })).toMatchObject({ ok: false, code: 'bad-request' });
    expect(await call('packBackupList', { path: '../elsewhere' })).toMatchObject({ ok: false, code: 'forbidden' });
  });

  it('a pack with no backups yet lists none', async () => {
    const ws = tempDir('castellan-pw-');
    const call = await serve(ws);
    mkdirSync(join(ws, 'pk'));
    writeFileSync(join(ws, 'pk/pack.json'), json(manifest('P')));
    expect(await call('packBackupList', { path: 'pk' })).toMatchObject({ ok: true, backups: [] });
  });
});

describe('packAddLevel claims its file name exclusively', () => {
  it('ten adds of one title at once get ten names, each file holding the document it was added with, all in the manifest', async () => {
    const ws = tempDir('castellan-pw-');
    const call = await serve(ws);
    ok(await call('packCreate', { path: 'pk', title: 'P', ruleset: 'unlock-the-king' }));
    const docs = Array.from({ length: 10 }, (_, i) => twoMoveLevel({ meta: { title: 'Same title', description: `add ${i}` } }));
    const answers = await Promise.all(docs.map((document) => call('packAddLevel', { path: 'pk', document })));
    const added = answers.map((a) => ok<{ added: string }>(a).added);
    expect(new Set(added).size).toBe(10);
    for (const [i, file] of added.entries()) {
      expect((JSON.parse(readFileSync(join(ws, 'pk', file), 'utf8')) as { meta: { description: string } }).meta.description).toBe(`add ${i}`);
    }
    const onDisk = JSON.parse(readFileSync(join(ws, 'pk/pack.json'), 'utf8')) as PackFile;
    expect(onDisk.levels.map((e) => ('file' in e ? e.file : '')).sort()).toEqual([...added].sort());
    expect(readdirSync(join(ws, 'pk/levels')).sort()).toEqual(added.map((f) => f.slice('levels/'.length)).sort());
  });

  it('a name taken by a file that is not in the manifest is never replaced: the next free name is used', async () => {
    const ws = tempDir('castellan-pw-');
    const call = await serve(ws);
    ok(await call('packCreate', { path: 'pk', title: 'P', ruleset: 'unlock-the-king' }));
    writeFileSync(join(ws, 'pk/levels/two-steps.level.json'), 'not mine\n');
    const r = ok<{ added: string }>(await call('packAddLevel', { path: 'pk', document: twoMoveLevel() }));
    expect(r.added).toBe('levels/two-steps-2.level.json');
    expect(readFileSync(join(ws, 'pk/levels/two-steps.level.json'), 'utf8')).toBe('not mine\n');
  });

  it('a level added while another writer holds the name gets the next one (claimNewFile: link, EEXIST, next name)', async () => {
    const dir = tempDir('castellan-pw-claim-');
    const r = await claimNewFile(dir, ['a.level.json', 'b.level.json'], 'mine\n', {
      // Another writer creates the first name between the temp file and the claim.
      beforeClaim: (name) => {
        if (name === 'a.level.json') writeFileSync(join(dir, 'a.level.json'), 'theirs\n');
      },
    });
    expect(r).toMatchObject({ ok: true, name: 'b.level.json' });
    expect(readFileSync(join(dir, 'a.level.json'), 'utf8')).toBe('theirs\n');
    expect(readFileSync(join(dir, 'b.level.json'), 'utf8')).toBe('mine\n');
    expect(readdirSync(dir).filter((n) => n.includes('castellan-tmp') || n.includes('castellan-lock'))).toEqual([]);
    expect(await claimNewFile(dir, ['a.level.json', 'b.level.json'], 'again\n')).toMatchObject({ ok: false, code: 'conflict' });
    expect(readdirSync(dir).sort()).toEqual(['a.level.json', 'b.level.json']);
  });

  it('without hard links (FAT): an exclusive placeholder, then the verified file renamed over it; a taken name is skipped', async () => {
    const dir = tempDir('castellan-pw-claim-');
    writeFileSync(join(dir, 'a.level.json'), 'theirs\n');
    const r = await claimNewFile(dir, ['a.level.json', 'b.level.json'], 'mine\n', { noHardLinks: true });
    expect(r).toMatchObject({ ok: true, name: 'b.level.json' });
    expect(readFileSync(join(dir, 'a.level.json'), 'utf8')).toBe('theirs\n');
    expect(readFileSync(join(dir, 'b.level.json'), 'utf8')).toBe('mine\n');
    expect(readdirSync(dir).sort()).toEqual(['a.level.json', 'b.level.json']);
  });

  it('a manifest write refused after the name was claimed removes the level file it made (no stray copy, manifest unchanged)', async () => {
    const ws = tempDir('castellan-pw-');
    const call = await serve(ws);
    ok(await call('packCreate', { path: 'pk', title: 'P', ruleset: 'unlock-the-king' }));
    // A manifest 10 bytes under the pack file limit: one more entry makes it too large to be opened again.
    const big: PackFile = { ...manifest('P'), description: '' };
    big.description = 'x'.repeat(MAX_PACK_FILE_BYTES - Buffer.byteLength(serializePack(big)) - 10);
    writeFileSync(join(ws, 'pk/pack.json'), serializePack(big));
    const before = readFileSync(join(ws, 'pk/pack.json'));
    expect(before.length).toBeLessThanOrEqual(MAX_PACK_FILE_BYTES);
    const add = await call('packAddLevel', { path: 'pk', document: twoMoveLevel() });
    expect(add).toMatchObject({ ok: false, code: 'invalid' });
    expect(readFileSync(join(ws, 'pk/pack.json')).equals(before)).toBe(true);
    expect(readdirSync(join(ws, 'pk/levels'))).toEqual([]);
  });
});
