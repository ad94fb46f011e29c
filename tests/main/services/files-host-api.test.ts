/**
 * The workspace file methods (files-host-api.ts over folder-access.ts):
 * `browse`, `makeFolder`, `workspaceSummary` for the serve workspace
 * (workspace-relative, confined like open/save) and the Electron granted
 * folders (absolute), with hostile requests answered, never a crash.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import type { BrowseEntry, HostError, WorkspaceItem } from '../../../src-shared/host/contract.js';
import { createFilesHostApi } from '../../../src-main/services/files-host-api.js';
import { grantedFolders, workspaceFolders } from '../../../src-main/services/folder-access.js';
import { openWorkspace } from '../../../src-main/services/workspace.js';
import { TWO_MOVE_SOLUTION, cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

const samples = join(import.meta.dirname, '../../../resources/levels');

function proved(extra = {}) {
  const level = twoMoveLevel(extra);
  return { ...level, solution: { moves: TWO_MOVE_SOLUTION, length: 2, optimal: true, states: 3, solver: 'castellan 0.0.1', levelHash: levelHash(level) } };
}

/**
 * A workspace:
 *   Beta/            folder        alpha.level.json  proved (par 2)
 *   pack/            pack folder   stale.level.json  solution of another level
 *   zeta/ (0555)                    draft.level.json  draft: true
 *   .castellan/ .hidden.level.json  bad.level.json    not JSON
 *   link-out -> outside folder      notes.txt         other
 *   link-in.level.json -> alpha     setup.level.json  KV starting setup (position)
 *   fifo.level.json (a FIFO)        locked.level.json 0444
 */
function workspace(): { ws: string; outside: string; api: ReturnType<typeof createFilesHostApi> } {
  const ws = tempDir('castellan-files-');
  const outside = tempDir('castellan-outside-');
  writeFileSync(join(outside, 'secret.level.json'), json(twoMoveLevel()));
  mkdirSync(join(ws, 'Beta'));
  writeFileSync(join(ws, 'Beta', 'inner.level.json'), json(twoMoveLevel()));
  mkdirSync(join(ws, 'pack', 'levels'), { recursive: true });
  writeFileSync(
    join(ws, 'pack', 'pack.json'),
    json({ format: 'castellan.pack', version: 1, title: 'My pack', ruleset: 'unlock-the-king', levels: [{ file: 'levels/one.level.json' }] }),
  );
  writeFileSync(join(ws, 'pack', 'levels', 'one.level.json'), json(proved({ meta: { title: 'One' } })));
  mkdirSync(join(ws, 'zeta'));
  mkdirSync(join(ws, '.castellan'));
  writeFileSync(join(ws, '.castellan', 'session.json'), '{}');
  writeFileSync(join(ws, '.hidden.level.json'), json(twoMoveLevel()));
  writeFileSync(join(ws, 'alpha.level.json'), json(proved({ meta: { title: 'Alpha' } })));
  writeFileSync(join(ws, 'stale.level.json'), json({ ...proved(), meta: { title: 'Stale' }, walls: ['b2'] }));
  writeFileSync(join(ws, 'draft.level.json'), json({ ...twoMoveLevel({ meta: { title: 'Draft' }, par: 4 }), draft: true }));
  writeFileSync(join(ws, 'bad.level.json'), '{ not json');
  writeFileSync(join(ws, 'notes.txt'), 'hello');
  copyFileSync(join(samples, 'kings-valley', 'setup-standard.level.json'), join(ws, 'setup.level.json'));
  writeFileSync(join(ws, 'locked.level.json'), json(twoMoveLevel({ meta: { title: 'Locked' } })));
  chmodSync(join(ws, 'locked.level.json'), 0o444);
  writeFileSync(
    join(ws, 'export.pack.json'),
    json({ format: 'castellan.pack', version: 1, title: 'Exported', ruleset: 'unlock-the-king', levels: [{ level: twoMoveLevel() }] }),
  );
  symlinkSync(outside, join(ws, 'link-out'));
  symlinkSync(join(ws, 'alpha.level.json'), join(ws, 'link-in.level.json'));
  spawnSync('mkfifo', [join(ws, 'fifo.level.json')]);
  chmodSync(join(ws, 'zeta'), 0o555);
  const w = openWorkspace(ws);
  if ('ok' in w) throw new Error(w.message);
  return { ws, outside, api: createFilesHostApi(workspaceFolders(w)) };
}

const call = (api: ReturnType<typeof createFilesHostApi>, m: 'browse' | 'makeFolder' | 'workspaceSummary', req: unknown) =>
  (api[m] as (r: unknown) => Promise<{ ok: boolean; code?: string }>)(req);

describe('browse (serve workspace)', () => {
  it('lists folders first, then files, by name; no hidden entries, no FIFO, no link out; pack folders are packs', async () => {
    const { api } = workspace();
    const r = await api.browse({});
    if (!r.ok) throw new Error(r.message);
    expect(r.dir).toBe('');
    expect(r.parent).toBeNull();
    expect(r.entries.map((e) => `${e.kind}:${e.name}`)).toEqual([
      'folder:Beta',
      'pack:pack',
      'folder:zeta',
      'level:alpha.level.json',
      'level:bad.level.json',
      'level:draft.level.json',
      'pack:export.pack.json',
      'level:link-in.level.json',
      'level:locked.level.json',
      'other:notes.txt',
      'level:setup.level.json',
      'level:stale.level.json',
    ]);
    const byName = (n: string): BrowseEntry => r.entries.find((e) => e.name === n)!;
    expect(byName('locked.level.json').readOnly).toBe(true);
    expect(byName('zeta').readOnly).toBe(true);
    expect(byName('alpha.level.json').readOnly).toBeUndefined();
    expect(byName('notes.txt').size).toBe(5);
    expect(byName('Beta').path).toBe('Beta');
  });

  it('a subfolder answers workspace-relative paths and its parent', async () => {
    const { api } = workspace();
    const r = await api.browse({ dir: 'pack/levels' });
    expect(r).toMatchObject({
      ok: true,
      dir: 'pack/levels',
      parent: 'pack',
      entries: [{ name: 'one.level.json', path: 'pack/levels/one.level.json', kind: 'level' }],
    });
    expect(await api.browse({ dir: 'Beta/' })).toMatchObject({ ok: true, dir: 'Beta', parent: '' });
  });

  const hostile: [unknown, string][] = [
    [{ dir: '../' }, 'forbidden'],
    [{ dir: 'Beta/../..' }, 'forbidden'],
    [{ dir: '/etc' }, 'forbidden'],
    [{ dir: '.castellan' }, 'forbidden'],
    [{ dir: 'Beta/%2e%2e' }, 'forbidden'],
    [{ dir: 'link-out' }, 'forbidden'],
    [{ dir: 'a\0b' }, 'forbidden'],
    [{ dir: 'missing' }, 'not-found'],
    [{ dir: 'notes.txt' }, 'forbidden'],
    [{ dir: 5 }, 'bad-request'],
    [{ dir: 'x'.repeat(5000) }, 'bad-request'],
    [{ dir: '', extra: 1 }, 'bad-request'],
    [[], 'bad-request'],
    ['Beta', 'bad-request'],
  ];
  for (const [req, code] of hostile) {
    it(`browse(${JSON.stringify(req).slice(0, 40)}) answers ${code}`, async () => {
      const { api } = workspace();
      expect(await call(api, 'browse', req)).toMatchObject({ ok: false, code });
    });
  }
});

describe('makeFolder (serve workspace)', () => {
  it('creates one folder, then answers conflict for the same name; browse shows it', async () => {
    const { ws, api } = workspace();
    expect(await api.makeFolder({ path: 'Beta/sub' })).toEqual({ ok: true, path: 'Beta/sub' });
    expect(statSync(join(ws, 'Beta', 'sub')).isDirectory()).toBe(true);
    expect(await api.makeFolder({ path: 'Beta/sub' })).toMatchObject({ ok: false, code: 'conflict' });
    expect(await api.makeFolder({ path: 'alpha.level.json' })).toMatchObject({ ok: false, code: 'conflict' });
    const r = await api.browse({ dir: 'Beta' });
    expect(r.ok && r.entries.map((e) => e.name)).toEqual(['sub', 'inner.level.json']);
  });

  const hostile: [unknown, string][] = [
    [{ path: '' }, 'bad-request'],
    [{ path: 'Beta/..' }, 'bad-request'],
    [{ path: 'Beta/.' }, 'bad-request'],
    [{ path: 'a\u0001b' }, 'bad-request'],
    [{ path: 7 }, 'bad-request'],
    [{}, 'bad-request'],
    [{ path: 'x', extra: true }, 'bad-request'],
    [{ path: '../escape' }, 'forbidden'],
    [{ path: '/tmp/escape' }, 'forbidden'],
    [{ path: '.hidden' }, 'forbidden'],
    [{ path: '.castellan/x' }, 'forbidden'],
    [{ path: 'link-out/x' }, 'forbidden'],
    [{ path: 'CON' }, 'forbidden'],
    [{ path: 'trailing.' }, 'forbidden'],
    [{ path: 'missing/x' }, 'not-found'],
  ];
  for (const [req, code] of hostile) {
    it(`makeFolder(${JSON.stringify(req)}) answers ${code} and creates nothing outside`, async () => {
      const { ws, outside, api } = workspace();
      expect(await call(api, 'makeFolder', req)).toMatchObject({ ok: false, code });
      expect(existsSync(join(outside, 'x'))).toBe(false);
      expect(existsSync(join(ws, '..', 'escape'))).toBe(false);
    });
  }
});

describe('workspaceSummary (serve workspace)', () => {
  it('every level and pack with its stored status, title, ruleset, par and read-only flag', async () => {
    const { api } = workspace();
    const r = await api.workspaceSummary({});
    if (!r.ok) throw new Error(r.message);
    expect(r.truncated).toBe(false);
    const at = (p: string): WorkspaceItem | undefined => r.items.find((i) => i.path === p);
    expect(r.items.map((i) => i.path)).toEqual([
      'alpha.level.json',
      'bad.level.json',
      'Beta/inner.level.json',
      'draft.level.json',
      'export.pack.json',
      'link-in.level.json',
      'locked.level.json',
      'pack',
      'pack/levels/one.level.json',
      'setup.level.json',
      'stale.level.json',
    ]);
    expect(at('alpha.level.json')).toMatchObject({ kind: 'level', ruleset: 'unlock-the-king', title: 'Alpha', status: 'proved', par: 2 });
    expect(at('stale.level.json')).toMatchObject({ status: 'stale', title: 'Stale' });
    expect(at('draft.level.json')).toMatchObject({ status: 'draft', par: 4 });
    expect(at('Beta/inner.level.json')).toMatchObject({ status: 'draft' });
    expect(at('bad.level.json')).toMatchObject({ status: 'invalid', title: '' });
    expect(at('bad.level.json')?.detail).toMatch(/JSON/);
    expect(at('setup.level.json')).toMatchObject({ status: 'position', ruleset: 'kings-valley' });
    expect(at('locked.level.json')).toMatchObject({ readOnly: true, status: 'draft' });
    expect(at('pack')).toMatchObject({ kind: 'pack', title: 'My pack', ruleset: 'unlock-the-king', levels: 1 });
    expect(at('export.pack.json')).toMatchObject({ kind: 'pack', title: 'Exported', levels: 1 });
    expect(typeof at('alpha.level.json')?.mtimeMs).toBe('number');
  });

  it('answers a hostile request with bad-request', async () => {
    const { api } = workspace();
    expect(await call(api, 'workspaceSummary', { dir: '..' })).toMatchObject({ ok: false, code: 'bad-request' });
    expect(await call(api, 'workspaceSummary', 'x')).toMatchObject({ ok: false, code: 'bad-request' });
  });

  it('summarizes 100 sample levels quickly (measured)', async () => {
    const ws = tempDir('castellan-many-');
    const names = ['unlock-the-king', 'chess-maze', 'kings-valley', 'locking-chess'].flatMap((r) =>
      readdirSync(join(samples, r)).map((f) => join(samples, r, f)),
    );
    for (let i = 0; i < 100; i++) copyFileSync(names[i % names.length]!, join(ws, `l${String(i).padStart(3, '0')}.level.json`));
    const w = openWorkspace(ws);
    if ('ok' in w) throw new Error(w.message);
    const api = createFilesHostApi(workspaceFolders(w));
    const t0 = performance.now();
    const r = await api.workspaceSummary({});
    const ms = performance.now() - t0;
    console.info(`workspaceSummary: 100 levels in ${ms.toFixed(0)} ms`);
    expect(r.ok && r.items.length).toBe(100);
    expect(r.ok && r.items.every((i) => i.status === 'proved' || i.status === 'position')).toBe(true);
    expect(ms).toBeLessThan(5000);
  });
});

describe('granted folders (Electron)', () => {
  function granted(): { a: string; b: string; api: ReturnType<typeof createFilesHostApi> } {
    const a = tempDir('castellan-grant-a-');
    const b = tempDir('castellan-grant-b-');
    writeFileSync(join(a, 'x.level.json'), json(proved({ meta: { title: 'X' } })));
    mkdirSync(join(a, 'sub'));
    writeFileSync(join(b, 'pack.json'), json({ format: 'castellan.pack', version: 1, title: 'B pack', ruleset: 'unlock-the-king', levels: [] }));
    return { a, b, api: createFilesHostApi(grantedFolders(() => [a, b, join(a, 'gone')])) };
  }

  it('browse {} lists the existing granted folders; inside one, absolute paths and the way back', async () => {
    const { a, b, api } = granted();
    const top = await api.browse({});
    expect(top.ok && top.entries.map((e) => [e.path, e.kind])).toEqual([
      [a, 'folder'],
      [b, 'pack'],
    ]);
    expect(await api.browse({ dir: a })).toMatchObject({
      ok: true,
      dir: a,
      parent: '',
      entries: [
        { name: 'sub', path: join(a, 'sub'), kind: 'folder' },
        { name: 'x.level.json', path: join(a, 'x.level.json'), kind: 'level' },
      ],
    });
    expect(await api.browse({ dir: join(a, 'sub') })).toMatchObject({ ok: true, parent: a });
  });

  it('refuses folders outside the grants, relative paths and a new top-level folder', async () => {
    const { a, api } = granted();
    expect(await api.browse({ dir: '/etc' })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await api.browse({ dir: 'sub' })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await api.browse({ dir: join(a, '..') })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await api.makeFolder({ path: 'new' })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await api.makeFolder({ path: join(a, 'made') })).toEqual({ ok: true, path: join(a, 'made') });
    expect(statSync(join(a, 'made')).isDirectory()).toBe(true);
  });

  it('workspaceSummary walks every granted folder with absolute paths', async () => {
    const { a, b, api } = granted();
    const r = await api.workspaceSummary({});
    expect(r.ok && r.items.map((i) => [i.path, i.kind, i.title])).toEqual(
      [
        [join(a, 'x.level.json'), 'level', 'X'],
        [b, 'pack', 'B pack'],
      ].sort((x, y) => (x[0]! < y[0]! ? -1 : 1)),
    );
  });

  it('a host without folders answers internal, not a crash', async () => {
    const api = createFilesHostApi(undefined);
    expect(await api.browse({})).toMatchObject({ ok: false, code: 'internal' });
    expect((await api.workspaceSummary({})) as HostError).toMatchObject({ ok: false, code: 'internal' });
  });
});
