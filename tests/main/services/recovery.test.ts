/**
 * recovery.ts + the autosave/recovery methods of the HostApi: autosaves are
 * atomic, survive a killed host (SIGKILL, no clean-up runs), a kill in the
 * middle of an autosave keeps the previous one, and a new host lists them.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HostError } from '../../../src-shared/host/contract.js';
import { createHostApi, type HostDeps, type HostService } from '../../../src-main/services/host-api.js';
import { RecoveryStore, isDocId } from '../../../src-main/services/recovery.js';
import { runChild, srcUrl } from '../child.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

/** The items of a store listing (throws on a HostError). */
async function items(store: RecoveryStore) {
  const l = await store.list();
  if (!Array.isArray(l)) throw new Error(l.message);
  return l;
}

function makeApi(dir: string, recoveryDir: string, overrides: Partial<HostDeps> = {}): HostService {
  return createHostApi({
    kind: 'serve',
    resolvePath: (p) => (/^[a-z0-9-]+\.level\.json$/.test(p) ? join(dir, p) : ({ ok: false, code: 'forbidden', message: 'no' } satisfies HostError)),
    listFiles: async () => [],
    recoveryDir,
    ...overrides,
  });
}

describe('RecoveryStore', () => {
  it('docIds: 1-64 of [A-Za-z0-9_-] only', () => {
    expect(isDocId('a')).toBe(true);
    expect(isDocId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(isDocId('x'.repeat(64))).toBe(true);
    for (const bad of ['', 'x'.repeat(65), '../x', 'a/b', 'a.b', 'a b', 'é', 42, null]) expect(isDocId(bad), String(bad)).toBe(false);
  });

  it('save, list, read, discard; a second autosave replaces the first', async () => {
    const store = new RecoveryStore(join(tempDir(), 'nested', 'recovery'));
    expect(await store.list()).toEqual([]); // folder not created yet
    const a = await store.save({ docId: 'doc-1', document: { meta: { title: 'First' }, ruleset: 'unlock-the-king' }, path: 'a.level.json' });
    expect(a).toMatchObject({ ok: true, docId: 'doc-1' });
    await store.save({ docId: 'doc-1', document: { meta: { title: 'Second' } } });
    const listed = await items(store);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ docId: 'doc-1', title: 'Second' });
    expect(listed[0]!.path).toBeUndefined(); // the second autosave had no path
    const entry = await store.read('doc-1');
    expect(entry).toMatchObject({ docId: 'doc-1', document: { meta: { title: 'Second' } } });
    expect(await store.discard('doc-1')).toEqual({ ok: true, discarded: true });
    expect(await store.discard('doc-1')).toEqual({ ok: true, discarded: false });
    expect(await store.list()).toEqual([]);
    expect(readdirSync(store.dir)).toEqual([]);
  });

  it('concurrent autosaves of one document land in call order (the last one wins)', async () => {
    const store = new RecoveryStore(tempDir());
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.save({ docId: 'd', document: { meta: { title: `v${i}` } } })));
    expect((await items(store))[0]!.title).toBe('v19');
    expect(readdirSync(store.dir)).toEqual(['d.recovery.json']); // no temp files left
  });

  it('a discard queued after an autosave runs after it (nothing comes back)', async () => {
    const store = new RecoveryStore(tempDir());
    const saving = store.save({ docId: 'd', document: { meta: { title: 'x' } } });
    const discarding = store.discard('d');
    await saving;
    expect(await discarding).toEqual({ ok: true, discarded: true });
    expect(await store.list()).toEqual([]);
  });

  it('lists newest first, skips damaged files, removes stale temp files', async () => {
    const dir = tempDir();
    const store = new RecoveryStore(dir);
    await store.save({ docId: 'old', document: { meta: { title: 'Old' } } }, new Date('2024-01-01T00:00:00Z'));
    await store.save({ docId: 'new', document: { meta: { title: 'New' } } }, new Date('2024-06-01T00:00:00Z'));
    writeFileSync(join(dir, 'broken.recovery.json'), '{"format": "castellan.recovery", "vers');
    writeFileSync(
      join(dir, 'wrongid.recovery.json'),
      JSON.stringify({ format: 'castellan.recovery', version: 1, docId: 'other', savedAt: '2024-01-01T00:00:00Z', document: {} }),
    );
    writeFileSync(join(dir, 'notes.txt'), 'x');
    const stale = join(dir, '.old.recovery.json.abc.castellan-tmp');
    writeFileSync(stale, '{"partial');
    utimesSync(stale, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    const fresh = join(dir, '.new.recovery.json.def.castellan-tmp');
    writeFileSync(fresh, '{"in progress');
    expect((await items(store)).map((i) => i.docId)).toEqual(['new', 'old']);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true); // may belong to an autosave in progress
    expect(await store.read('broken')).toMatchObject({ ok: false, code: 'parse' });
    expect(await store.read('wrongid')).toMatchObject({ ok: false, code: 'parse' });
    expect(await store.read('missing')).toMatchObject({ ok: false, code: 'not-found' });
  });

  it('an unwritable recovery folder answers io (the editor keeps its document)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'file'), 'x');
    const store = new RecoveryStore(join(dir, 'file', 'recovery')); // a file where a folder should be
    const r = await store.save({ docId: 'd', document: {} });
    expect(r).toMatchObject({ ok: false, code: 'io' });
  });
});

describe('HostApi autosave / recovery', () => {
  it('autosave -> recoveryList -> recoveryOpen -> recoveryDiscard', async () => {
    const dir = tempDir();
    const api = makeApi(dir, join(dir, '.castellan', 'recovery'));
    const doc = twoMoveLevel({ meta: { title: 'Unsaved work' } });
    const saved = await api.autosave({ docId: 'tab-1', document: doc, path: 'a.level.json' });
    expect(saved).toMatchObject({ ok: true, docId: 'tab-1' });
    const list = await api.recoveryList({});
    expect(list).toMatchObject({ ok: true, items: [{ docId: 'tab-1', title: 'Unsaved work', ruleset: 'unlock-the-king', path: 'a.level.json' }] });
    const opened = await api.recoveryOpen({ docId: 'tab-1' });
    expect(opened).toMatchObject({ ok: true, docId: 'tab-1', path: 'a.level.json', document: doc, changedOnDisk: false, revision: null });
    expect(await api.recoveryDiscard({ docId: 'tab-1' })).toEqual({ ok: true, docId: 'tab-1', discarded: true });
    expect(await api.recoveryList({})).toEqual({ ok: true, items: [] });
  });

  it('autosave refuses bad ids, foreign paths, non-objects and oversized documents, writing nothing', async () => {
    const dir = tempDir();
    const rec = join(dir, 'recovery');
    const api = makeApi(dir, rec);
    const call = (req: unknown) => (api.autosave as (r: unknown) => Promise<{ ok: boolean; code?: string }>)(req);
    expect(await call({ docId: '../escape', document: {} })).toMatchObject({ code: 'bad-request' });
    expect(await call({ docId: '', document: {} })).toMatchObject({ code: 'bad-request' });
    expect(await call({ document: {} })).toMatchObject({ code: 'bad-request' });
    expect(await call({ docId: 'd', document: [] })).toMatchObject({ code: 'bad-request' });
    expect(await call({ docId: 'd', document: {}, extra: 1 })).toMatchObject({ code: 'bad-request' });
    expect(await call({ docId: 'd', document: {}, baseRevision: { sha256: 'x' } })).toMatchObject({ code: 'bad-request' });
    expect(await call({ docId: 'd', document: {}, path: '/etc/passwd.level.json' })).toMatchObject({ code: 'forbidden' });
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(await call({ docId: 'd', document: cyclic })).toMatchObject({ code: 'bad-request' });
    expect(await call({ docId: 'd', document: { big: 'x'.repeat(9 * 1024 * 1024) } })).toMatchObject({ code: 'bad-request' });
    expect(existsSync(rec) ? readdirSync(rec) : []).toEqual([]);
  });

  it('a mid-edit document that fails the schema is recovered as it was, with its schema issues', async () => {
    const dir = tempDir();
    const api = makeApi(dir, join(dir, 'rec'));
    const { portal: _portal, ...noPortal } = twoMoveLevel();
    await api.autosave({ docId: 'd', document: noPortal });
    const r = await api.recoveryOpen({ docId: 'd' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.document).toEqual(noPortal);
    expect(r.issues.some((i) => i.severity === 'error' && i.code.startsWith('schema-'))).toBe(true);
  });

  it('recoveryOpen renews the path grant and says when the file changed on disk since the edits began', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.level.json'), json(twoMoveLevel()));
    const granted: string[] = [];
    const api = makeApi(dir, join(dir, 'rec'), { grantPath: (p) => granted.push(p) });
    const opened = await api.open({ path: 'a.level.json' });
    if (!opened.ok) throw new Error(opened.message);
    await api.autosave({ docId: 'd', document: { ...opened.document, meta: { title: 'Mine' } }, path: 'a.level.json', baseRevision: opened.revision! });
    let r = await api.recoveryOpen({ docId: 'd' });
    expect(r).toMatchObject({ ok: true, changedOnDisk: false, revision: opened.revision });
    expect(granted).toEqual(['a.level.json']);
    writeFileSync(join(dir, 'a.level.json'), json(twoMoveLevel({ meta: { title: 'Theirs' } })));
    r = await api.recoveryOpen({ docId: 'd' });
    expect(r).toMatchObject({ ok: true, changedOnDisk: true, baseRevision: opened.revision });
    if (r.ok) expect(r.revision?.sha256).not.toBe(opened.revision!.sha256);
  });

  it('a successful save with its docId removes the autosave; a failed one keeps it', async () => {
    const dir = tempDir();
    const api = makeApi(dir, join(dir, 'rec'));
    await api.autosave({ docId: 'd', document: twoMoveLevel(), path: 'a.level.json' });
    const bad = await api.save({ path: 'a.level.json', document: { format: 'castellan.level' }, docId: 'd' });
    expect(bad.ok).toBe(false);
    expect((await api.recoveryList({})).ok && ((await api.recoveryList({})) as { items: unknown[] }).items).toHaveLength(1);
    const good = await api.save({ path: 'a.level.json', document: twoMoveLevel(), docId: 'd' });
    expect(good.ok).toBe(true);
    expect(await api.recoveryList({})).toEqual({ ok: true, items: [] });
  });

  it('discardSessionRecovery removes only what this host autosaved', async () => {
    const dir = tempDir();
    const rec = join(dir, 'rec');
    const other = makeApi(dir, rec);
    await other.autosave({ docId: 'from-crashed-run', document: { meta: { title: 'keep me' } } });
    const api = makeApi(dir, rec);
    await api.autosave({ docId: 'mine', document: { meta: { title: 'discard me' } } });
    await api.discardSessionRecovery();
    const list = await api.recoveryList({});
    expect(list.ok && list.items.map((i) => i.docId)).toEqual(['from-crashed-run']);
  });

  it('without a recovery folder the methods answer a coded error', async () => {
    const api = createHostApi({ kind: 'serve', resolvePath: () => ({ ok: false, code: 'forbidden', message: 'no' }), listFiles: async () => [] });
    expect(await api.recoveryList({})).toMatchObject({ ok: false, code: 'internal' });
    expect(await api.autosave({ docId: 'd', document: {} })).toMatchObject({ ok: false, code: 'internal' });
  });
});

describe('crash recovery across host processes', () => {
  const hostModule = srcUrl('src-main/services/host-api.ts');
  const setup = (dir: string, rec: string): string =>
    `const { createHostApi } = await import(${JSON.stringify(hostModule)});\n` +
    `const api = createHostApi({ kind: 'serve', resolvePath: (p) => ${JSON.stringify(dir)} + '/' + p, listFiles: async () => [], recoveryDir: ${JSON.stringify(rec)} });\n`;

  it('a host killed with SIGKILL right after an autosave: the next host lists and opens the document', () => {
    const dir = tempDir();
    const rec = join(dir, 'recovery');
    const doc = twoMoveLevel({ meta: { title: 'Work before the crash' } });
    const r = runChild(
      dir,
      setup(dir, rec) +
        `const a = await api.autosave({ docId: 'crash-1', path: 'a.level.json', document: ${JSON.stringify(doc)} });\n` +
        `if (!a.ok) { console.error(JSON.stringify(a)); process.exit(3); }\n` +
        `process.kill(process.pid, 'SIGKILL');\n` +
        `await new Promise((r) => setTimeout(r, 5000));\n`,
    );
    expect(r.signal, r.stderr).toBe('SIGKILL');
    return (async () => {
      const next = makeApi(dir, rec);
      const list = await next.recoveryList({});
      expect(list).toMatchObject({ ok: true, items: [{ docId: 'crash-1', title: 'Work before the crash', path: 'a.level.json' }] });
      const opened = await next.recoveryOpen({ docId: 'crash-1' });
      expect(opened).toMatchObject({ ok: true, document: doc });
    })();
  });

  it('a kill in the middle of an autosave (before its rename) keeps the previous autosave whole', async () => {
    const dir = tempDir();
    const rec = join(dir, 'recovery');
    mkdirSync(rec);
    const r = runChild(
      dir,
      setup(dir, rec) +
        `await api.autosave({ docId: 'd', document: { meta: { title: 'v1' }, pad: 'x'.repeat(100000) } });\n` +
        `const fs = (await import('node:fs')).promises;\n` +
        `fs.rename = async () => { process.kill(process.pid, 'SIGKILL'); await new Promise(() => {}); };\n` +
        `await api.autosave({ docId: 'd', document: { meta: { title: 'v2' }, pad: 'y'.repeat(100000) } });\n` +
        `process.exit(5);\n`,
    );
    expect(r.signal, r.stderr).toBe('SIGKILL');
    // The interrupted autosave left only its temp file; the recovery file is v1, complete.
    const names = readdirSync(rec);
    expect(names).toContain('d.recovery.json');
    const text = readFileSync(join(rec, 'd.recovery.json'), 'utf8');
    expect(JSON.parse(text).document.meta.title).toBe('v1');
    const next = makeApi(dir, rec);
    const list = await next.recoveryList({});
    expect(list).toMatchObject({ ok: true, items: [{ docId: 'd', title: 'v1' }] });
  });
});
