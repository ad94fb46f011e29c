/**
 * File revisions, save conflicts and backups: a file changed on
 * disk while open is never silently overwritten, and every save keeps the
 * replaced version in a ring of the last N backups.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileRevision, HostError } from '../../../src-shared/host/contract.js';
import { backupStamp, listBackups, storeBackup } from '../../../src-main/services/backups.js';
import { isFileRevision, sameRevision } from '../../../src-main/services/file-revision.js';
import { createHostApi, type HostDeps, type HostService } from '../../../src-main/services/host-api.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

function sha(text: string | Buffer): string {
  return 'sha256:' + createHash('sha256').update(text).digest('hex');
}

function makeApi(overrides: Partial<HostDeps> = {}): { api: HostService; dir: string; backups: string } {
  const dir = tempDir();
  const backups = join(dir, '.castellan', 'backups');
  const api = createHostApi({
    kind: 'serve',
    resolvePath: (p) => (/^[a-z0-9-]+\.level\.json$/.test(p) ? join(dir, p) : ({ ok: false, code: 'forbidden', message: 'no' } satisfies HostError)),
    listFiles: async () => [],
    backupDirFor: (resolved) => join(backups, resolved.slice(dir.length + 1)),
    ...overrides,
  });
  return { api, dir, backups };
}

async function openRev(api: HostService, path: string): Promise<FileRevision> {
  const o = await api.open({ path });
  if (!o.ok) throw new Error(o.message);
  return o.revision!;
}

describe('revisions', () => {
  it('open answers the revision of the bytes read: sha256, size, mtime', async () => {
    const { api, dir } = makeApi();
    const text = json(twoMoveLevel());
    writeFileSync(join(dir, 'a.level.json'), text);
    const rev = await openRev(api, 'a.level.json');
    expect(rev.sha256).toBe(sha(text));
    expect(rev.size).toBe(Buffer.byteLength(text));
    expect(Math.abs(rev.mtimeMs - statSync(join(dir, 'a.level.json')).mtimeMs)).toBeLessThan(1);
    expect(isFileRevision(rev)).toBe(true);
    expect(await api.revision({ path: 'a.level.json' })).toEqual({ ok: true, path: 'a.level.json', revision: rev });
    expect(await api.revision({ path: 'missing.level.json' })).toEqual({ ok: true, path: 'missing.level.json', revision: null });
  });

  it('save answers the revision of what it wrote, usable for the next save', async () => {
    const { api, dir } = makeApi();
    writeFileSync(join(dir, 'a.level.json'), json(twoMoveLevel()));
    const rev = await openRev(api, 'a.level.json');
    const s1 = await api.save({ path: 'a.level.json', document: twoMoveLevel({ meta: { title: 'One' } }), expectedRevision: rev });
    expect(s1.ok).toBe(true);
    if (!s1.ok) return;
    expect(s1.revision!.sha256).toBe(sha(readFileSync(join(dir, 'a.level.json'))));
    const s2 = await api.save({ path: 'a.level.json', document: twoMoveLevel({ meta: { title: 'Two' } }), expectedRevision: s1.revision! });
    expect(s2.ok).toBe(true);
  });

  it('sameRevision compares content (sha256 + size), not time stamps', () => {
    const a: FileRevision = { mtimeMs: 1, size: 3, sha256: sha('abc') };
    expect(sameRevision(a, { ...a, mtimeMs: 2 })).toBe(true);
    expect(sameRevision(a, { ...a, sha256: sha('abd') })).toBe(false);
    expect(sameRevision(null, null)).toBe(true);
    expect(sameRevision(a, null)).toBe(false);
  });
});

describe('save conflicts', () => {
  it('a file changed on disk since open: conflict, nothing written; overwrite saves and keeps their version as a backup', async () => {
    const { api, dir } = makeApi();
    const p = join(dir, 'a.level.json');
    writeFileSync(p, json(twoMoveLevel()));
    const rev = await openRev(api, 'a.level.json');
    const theirs = json(twoMoveLevel({ meta: { title: 'Edited in another program' } }));
    writeFileSync(p, theirs);
    const mine = twoMoveLevel({ meta: { title: 'Mine' } });
    const r = await api.save({ path: 'a.level.json', document: mine, expectedRevision: rev });
    expect(r).toMatchObject({ ok: false, code: 'conflict' });
    if (r.ok) return;
    expect(r.message).toMatch(/changed on disk since it was opened/);
    expect(r.revision).toMatchObject({ sha256: sha(theirs), size: Buffer.byteLength(theirs) });
    expect(readFileSync(p, 'utf8')).toBe(theirs);
    // The user chose to overwrite.
    const o = await api.save({ path: 'a.level.json', document: mine, expectedRevision: rev, overwrite: true });
    expect(o).toMatchObject({ ok: true });
    expect(JSON.parse(readFileSync(p, 'utf8')).meta.title).toBe('Mine');
    const b = await api.backupList({ path: 'a.level.json' });
    expect(b.ok).toBe(true);
    if (!b.ok) return;
    const newest = await api.backupOpen({ path: 'a.level.json', id: b.backups[0]!.id });
    expect(newest).toMatchObject({ ok: true, path: 'a.level.json', document: { meta: { title: 'Edited in another program' } } });
  });

  it('saving with the conflict answer’s revision (the user reviewed their version) succeeds', async () => {
    const { api, dir } = makeApi();
    const p = join(dir, 'a.level.json');
    writeFileSync(p, json(twoMoveLevel()));
    const rev = await openRev(api, 'a.level.json');
    writeFileSync(p, json(twoMoveLevel({ meta: { title: 'Theirs' } })));
    const c = await api.save({ path: 'a.level.json', document: twoMoveLevel(), expectedRevision: rev });
    if (c.ok || c.code !== 'conflict') throw new Error('expected a conflict');
    expect((await api.save({ path: 'a.level.json', document: twoMoveLevel(), expectedRevision: c.revision! })).ok).toBe(true);
  });

  it('a file deleted since open: conflict with revision null; expectedRevision null refuses to replace an existing file', async () => {
    const { api, dir } = makeApi();
    const p = join(dir, 'a.level.json');
    writeFileSync(p, json(twoMoveLevel()));
    const rev = await openRev(api, 'a.level.json');
    unlinkSync(p);
    const r = await api.save({ path: 'a.level.json', document: twoMoveLevel(), expectedRevision: rev });
    expect(r).toMatchObject({ ok: false, code: 'conflict', revision: null });
    expect(existsSync(p)).toBe(false);
    expect((await api.saveAs({ path: 'a.level.json', document: twoMoveLevel(), expectedRevision: null })).ok).toBe(true);
    const again = await api.saveAs({ path: 'a.level.json', document: twoMoveLevel(), expectedRevision: null });
    expect(again).toMatchObject({ ok: false, code: 'conflict' });
    if (!again.ok) expect(again.message).toMatch(/already exists/);
  });

  it('a touch that keeps the bytes is not a conflict', async () => {
    const { api, dir } = makeApi();
    const p = join(dir, 'a.level.json');
    writeFileSync(p, json(twoMoveLevel()));
    const rev = await openRev(api, 'a.level.json');
    utimesSync(p, new Date(Date.now() + 60_000), new Date(Date.now() + 60_000));
    expect((await api.save({ path: 'a.level.json', document: twoMoveLevel(), expectedRevision: rev })).ok).toBe(true);
  });

  it('a change during the proof (after the first check) is caught right before the write', async () => {
    let calls = 0;
    let dir = '';
    const theirs = json(twoMoveLevel({ meta: { title: 'Changed while proving' } }));
    const made = makeApi({
      resolvePath: (p) => {
        calls++;
        // Call 1: save's confinement; call 2: the re-check right before the write.
        if (calls === 2) writeFileSync(join(dir, p), theirs);
        return join(dir, p);
      },
    });
    dir = made.dir;
    writeFileSync(join(dir, 'a.level.json'), json(twoMoveLevel()));
    const rev = (await made.api.revision({ path: 'a.level.json' })) as { revision: FileRevision };
    calls = 0;
    const r = await made.api.save({ path: 'a.level.json', document: twoMoveLevel({ meta: { title: 'Mine' } }), expectedRevision: rev.revision });
    expect(r).toMatchObject({ ok: false, code: 'conflict' });
    expect(readFileSync(join(dir, 'a.level.json'), 'utf8')).toBe(theirs);
  });

  it('without expectedRevision there is no check (older editors keep working)', async () => {
    const { api, dir } = makeApi();
    writeFileSync(join(dir, 'a.level.json'), 'not even json');
    expect((await api.save({ path: 'a.level.json', document: twoMoveLevel() })).ok).toBe(true);
  });

  it('malformed expectedRevision / overwrite / docId are bad-request', async () => {
    const { api } = makeApi();
    const call = (req: unknown) => (api.save as (r: unknown) => Promise<{ ok: boolean; code?: string }>)(req);
    const doc = twoMoveLevel();
    expect(await call({ path: 'a.level.json', document: doc, expectedRevision: 'abc' })).toMatchObject({ code: 'bad-request' });
    expect(await call({ path: 'a.level.json', document: doc, expectedRevision: { mtimeMs: 1, size: 1, sha256: 'sha256:xyz' } })).toMatchObject({
      code: 'bad-request',
    });
    expect(await call({ path: 'a.level.json', document: doc, expectedRevision: { mtimeMs: 1, size: -1, sha256: sha('') } })).toMatchObject({
      code: 'bad-request',
    });
    expect(await call({ path: 'a.level.json', document: doc, overwrite: 'yes' })).toMatchObject({ code: 'bad-request' });
    expect(await call({ path: 'a.level.json', document: doc, docId: '../../x' })).toMatchObject({ code: 'bad-request' });
  });
});

describe('backups', () => {
  it('each save keeps the replaced version; only the newest N (ring) are kept, oldest pruned', async () => {
    const { api, dir, backups } = makeApi({ backupCount: 3 });
    const p = join(dir, 'a.level.json');
    writeFileSync(p, json(twoMoveLevel({ meta: { title: 'v0' } })));
    for (let i = 1; i <= 5; i++) {
      const r = await api.save({ path: 'a.level.json', document: twoMoveLevel({ meta: { title: `v${i}` } }) });
      expect(r.ok).toBe(true);
    }
    const list = await api.backupList({ path: 'a.level.json' });
    if (!list.ok) throw new Error(list.message);
    expect(list.backups).toHaveLength(3);
    // Saves 3, 4, 5 replaced v2, v3, v4 (newest first); v0 and v1 were pruned.
    const titles: string[] = [];
    for (const b of list.backups) {
      const o = await api.backupOpen({ path: 'a.level.json', id: b.id });
      if (!o.ok) throw new Error(o.message);
      titles.push(o.document.meta.title);
      expect(o.backup).toEqual(b);
      expect(o.revision?.sha256).toBe(sha(readFileSync(p)));
    }
    expect(titles).toEqual(['v4', 'v3', 'v2']);
    expect(readdirSync(join(backups, 'a.level.json'))).toHaveLength(3);
  });

  it('a new file has no backup; identical replaced content is stored once', async () => {
    const { api } = makeApi();
    await api.saveAs({ path: 'n.level.json', document: twoMoveLevel() });
    expect(await api.backupList({ path: 'n.level.json' })).toEqual({ ok: true, path: 'n.level.json', backups: [] });
    await api.save({ path: 'n.level.json', document: twoMoveLevel() });
    await api.save({ path: 'n.level.json', document: twoMoveLevel() });
    const l = await api.backupList({ path: 'n.level.json' });
    expect(l.ok && l.backups).toHaveLength(1);
  });

  it('a backup that cannot be written does not stop the save: warning backup-failed', async () => {
    const { api, dir } = makeApi({ backupDirFor: () => join(dir, 'blocker', 'sub') });
    writeFileSync(join(dir, 'blocker'), 'a file where the backup folder should be');
    writeFileSync(join(dir, 'a.level.json'), json(twoMoveLevel()));
    const r = await api.save({ path: 'a.level.json', document: twoMoveLevel({ meta: { title: 'Saved anyway' } }) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.issues).toContainEqual(expect.objectContaining({ severity: 'warning', code: 'backup-failed' }));
  });

  it('backupOpen refuses ids that are not backup names (no path tricks)', async () => {
    const { api, dir } = makeApi();
    writeFileSync(join(dir, 'a.level.json'), json(twoMoveLevel()));
    for (const id of ['../a.level.json', '/etc/passwd', 'x.level.json', '2024-01-01T00-00-00-000Z.level.json/../../a.level.json']) {
      expect(await api.backupOpen({ path: 'a.level.json', id }), id).toMatchObject({ ok: false, code: 'bad-request' });
    }
    expect(await api.backupOpen({ path: 'a.level.json', id: '2024-01-01T00-00-00-000Z.level.json' })).toMatchObject({ ok: false, code: 'not-found' });
  });

  it('storeBackup names by UTC time, numbers same-millisecond backups, lists newest first', async () => {
    const dir = tempDir();
    const now = new Date('2024-05-01T10:00:00.123Z');
    expect(backupStamp(now)).toBe('2024-05-01T10-00-00-123Z');
    const a = await storeBackup(dir, Buffer.from('a'), { now });
    const b = await storeBackup(dir, Buffer.from('b'), { now });
    expect(a).toMatchObject({ ok: true, id: '2024-05-01T10-00-00-123Z.level.json', stored: true });
    expect(b).toMatchObject({ ok: true, id: '2024-05-01T10-00-00-123Z-1.level.json', stored: true });
    const list = await listBackups(dir);
    expect(Array.isArray(list) && list.map((x) => x.id)).toEqual(['2024-05-01T10-00-00-123Z-1.level.json', '2024-05-01T10-00-00-123Z.level.json']);
    expect(Array.isArray(list) && list[0]!.savedAt).toBe('2024-05-01T10:00:00.123Z');
  });
});
