/**
 * Recent files and the last session: session-store.ts
 * (pure list rules, the JSON file) and the session host methods over it.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HostApi, HostError } from '../../../src-shared/host/contract.js';
import { createHostApi } from '../../../src-main/services/host-api.js';
import { addRecent, MAX_RECENT, normaliseSession, SessionStore } from '../../../src-main/services/session-store.js';
import { cleanupTempDirs, tempDir } from '../helpers.js';

afterAll(() => cleanupTempDirs());

function makeApi(withState = true): { api: HostApi; dir: string; state: string } {
  const dir = tempDir();
  const state = join(dir, '.state');
  const api = createHostApi({
    kind: 'serve',
    resolvePath: (p) => (/^[a-z0-9-]+\.level\.json$/.test(p) ? join(dir, p) : ({ ok: false, code: 'forbidden', message: 'no' } satisfies HostError)),
    listFiles: async () => [],
    ...(withState ? { stateDir: state } : {}),
  });
  return { api, dir, state };
}

function touch(dir: string, name: string): void {
  writeFileSync(join(dir, name), '{}\n');
}

function call(api: HostApi, method: keyof HostApi, req: unknown): Promise<{ ok: boolean; code?: string }> {
  return (api[method] as (r: unknown) => Promise<{ ok: boolean; code?: string }>)(req);
}

describe('session-store', () => {
  it('addRecent puts the path first, removes its older entry, keeps at most 10', () => {
    expect(addRecent(['b', 'a', 'c'], 'a')).toEqual(['a', 'b', 'c']);
    expect(addRecent([], 'x')).toEqual(['x']);
    const eleven = Array.from({ length: 11 }, (_, i) => `f${i}`);
    const r = addRecent(eleven.slice(0, 10), 'new');
    expect(MAX_RECENT).toBe(10);
    expect(r).toHaveLength(10);
    expect(r[0]).toBe('new');
    expect(r).not.toContain('f9');
  });

  it('normaliseSession drops non-strings, duplicates and extra entries', () => {
    expect(normaliseSession({ recent: ['a', 3, 'a', '', 'b', null], lastFile: 7 })).toEqual({ recent: ['a', 'b'] });
    expect(normaliseSession('nonsense')).toEqual({ recent: [] });
    expect(normaliseSession({ recent: Array.from({ length: 20 }, (_, i) => `p${i}`) }).recent).toHaveLength(10);
    expect(normaliseSession({ recent: [], lastFile: 'x.level.json' })).toEqual({ recent: [], lastFile: 'x.level.json' });
  });

  it('a malformed state file reads as empty; update writes version 1 JSON', async () => {
    const dir = tempDir();
    const store = new SessionStore(join(dir, 'st'));
    expect(await store.read()).toEqual({ recent: [] });
    const w = await store.update((s) => ({ ...s, recent: ['a'], lastFile: 'a' }));
    expect(w.ok).toBe(true);
    expect(JSON.parse(readFileSync(store.file, 'utf8'))).toEqual({ version: 1, recent: ['a'], lastFile: 'a' });
    writeFileSync(store.file, '{not json');
    expect(await store.read()).toEqual({ recent: [] });
  });

  it('concurrent updates are serialised: no entry is lost', async () => {
    const store = new SessionStore(join(tempDir(), 'st'));
    await Promise.all(['a', 'b', 'c', 'd'].map((p) => store.update((s) => ({ ...s, recent: addRecent(s.recent, p) }))));
    expect((await store.read()).recent).toEqual(['d', 'c', 'b', 'a']);
  });
});

describe('session host methods', () => {
  it('recentAdd records existing accepted files, most recent first, without duplicates', async () => {
    const { api, dir } = makeApi();
    touch(dir, 'a.level.json');
    touch(dir, 'b.level.json');
    expect(await api.recentList!({})).toEqual({ ok: true, files: [] });
    await api.recentAdd!({ path: 'a.level.json' });
    await api.recentAdd!({ path: 'b.level.json' });
    const r = await api.recentAdd!({ path: 'a.level.json' });
    expect(r).toEqual({
      ok: true,
      files: [
        { path: 'a.level.json', name: 'a.level.json' },
        { path: 'b.level.json', name: 'b.level.json' },
      ],
    });
  });

  it('a list asked for while an add is on its way includes the added file (calls run in order)', async () => {
    const { api, dir } = makeApi();
    touch(dir, 'a.level.json');
    const [, list] = await Promise.all([api.recentAdd!({ path: 'a.level.json' }), api.recentList!({})]);
    expect(list).toEqual({ ok: true, files: [{ path: 'a.level.json', name: 'a.level.json' }] });
  });

  it('recentAdd refuses paths the host does not accept and files that do not exist', async () => {
    const { api } = makeApi();
    await expect(call(api, 'recentAdd', { path: '../etc/passwd' })).resolves.toMatchObject({ ok: false, code: 'forbidden' });
    await expect(call(api, 'recentAdd', { path: 'missing.level.json' })).resolves.toMatchObject({ ok: false, code: 'not-found' });
    for (const bad of [undefined, null, {}, { path: 3 }, { path: '' }, { path: 'a.level.json', extra: 1 }, { path: 'a\0.level.json' }]) {
      await expect(call(api, 'recentAdd', bad), JSON.stringify(bad)).resolves.toMatchObject({ ok: false, code: 'bad-request' });
    }
  });

  it('files deleted since are pruned from the list and from the state file', async () => {
    const { api, dir, state } = makeApi();
    touch(dir, 'a.level.json');
    touch(dir, 'b.level.json');
    await api.recentAdd!({ path: 'a.level.json' });
    await api.recentAdd!({ path: 'b.level.json' });
    rmSync(join(dir, 'a.level.json'));
    expect(await api.recentList!({})).toEqual({ ok: true, files: [{ path: 'b.level.json', name: 'b.level.json' }] });
    expect(JSON.parse(readFileSync(join(state, 'session.json'), 'utf8')).recent).toEqual(['b.level.json']);
  });

  it('recentClear empties the list', async () => {
    const { api, dir } = makeApi();
    touch(dir, 'a.level.json');
    await api.recentAdd!({ path: 'a.level.json' });
    expect(await api.recentClear!({})).toEqual({ ok: true });
    expect(await api.recentList!({})).toEqual({ ok: true, files: [] });
  });

  it('sessionSet/sessionGet remember the open file; a deleted file is not offered; null forgets', async () => {
    const { api, dir } = makeApi();
    touch(dir, 'a.level.json');
    expect(await api.sessionGet!({})).toEqual({ ok: true });
    expect(await api.sessionSet!({ lastFile: 'a.level.json' })).toEqual({ ok: true });
    expect(await api.sessionGet!({})).toEqual({ ok: true, lastFile: 'a.level.json' });
    expect(await api.sessionSet!({ lastFile: null })).toEqual({ ok: true });
    expect(await api.sessionGet!({})).toEqual({ ok: true });
    await api.sessionSet!({ lastFile: 'a.level.json' });
    rmSync(join(dir, 'a.level.json'));
    expect(await api.sessionGet!({})).toEqual({ ok: true });
    await expect(call(api, 'sessionSet', { lastFile: '/etc/passwd' })).resolves.toMatchObject({ ok: false, code: 'forbidden' });
    await expect(call(api, 'sessionSet', {})).resolves.toMatchObject({ ok: false, code: 'bad-request' });
    await expect(call(api, 'sessionSet', { lastFile: 5 })).resolves.toMatchObject({ ok: false, code: 'bad-request' });
  });

  it('sessionSet/sessionGet remember the open tabs in order with the active one; a gone file is answered missing', async () => {
    const { api, dir, state } = makeApi();
    touch(dir, 'a.level.json');
    touch(dir, 'b.level.json');
    const tabs = [
      { path: 'a.level.json', docId: 'doc-a' },
      { path: null, docId: 'doc-untitled' },
      { path: 'b.level.json', docId: 'doc-b' },
    ];
    expect(await api.sessionSet!({ tabs, activeTab: 2 })).toEqual({ ok: true });
    // Recording the tabs leaves the last file as it was, and the other way round.
    expect(await api.sessionSet!({ lastFile: 'a.level.json' })).toEqual({ ok: true });
    expect(await api.sessionGet!({})).toEqual({ ok: true, lastFile: 'a.level.json', tabs, activeTab: 2 });
    // The state file holds them (a restart reads them back).
    expect(JSON.parse(readFileSync(join(state, 'session.json'), 'utf8'))).toMatchObject({ tabs, activeTab: 2 });
    rmSync(join(dir, 'b.level.json'));
    expect(await api.sessionGet!({})).toEqual({
      ok: true,
      lastFile: 'a.level.json',
      tabs: [tabs[0], tabs[1], { path: 'b.level.json', docId: 'doc-b', missing: true }],
      activeTab: 2,
    });
    // An empty list forgets the tabs.
    expect(await api.sessionSet!({ tabs: [] })).toEqual({ ok: true });
    expect(await api.sessionGet!({})).toEqual({ ok: true, lastFile: 'a.level.json' });
  });

  it('sessionSet refuses malformed tabs, paths the host does not accept and an active index outside the list', async () => {
    const { api, state } = makeApi();
    const ok = { path: 'a.level.json', docId: 'doc-a' };
    await expect(call(api, 'sessionSet', { tabs: [{ path: '/etc/passwd', docId: 'x' }] })).resolves.toMatchObject({ ok: false, code: 'forbidden' });
    for (const bad of [
      { tabs: 'a' },
      { tabs: [ok], activeTab: 1 },
      { tabs: [ok], activeTab: -1 },
      { activeTab: 0 },
      { tabs: [{ path: 'a.level.json' }] },
      { tabs: [{ path: 'a.level.json', docId: 'bad id!' }] },
      { tabs: [{ path: 3, docId: 'x' }] },
      { tabs: [{ ...ok, extra: 1 }] },
      { tabs: Array.from({ length: 101 }, (_, i) => ({ path: null, docId: `d${i}` })) },
    ]) {
      await expect(call(api, 'sessionSet', bad), JSON.stringify(bad).slice(0, 80)).resolves.toMatchObject({ ok: false, code: 'bad-request' });
    }
    expect(existsSync(join(state, 'session.json'))).toBe(false);
  });

  it('normaliseSession keeps well-formed tabs only and an active index inside them', () => {
    const t = { path: 'a.level.json', docId: 'a' };
    expect(normaliseSession({ recent: [], tabs: [t, { path: null, docId: 'u' }, { path: 5, docId: 'x' }, { docId: 'y' }], activeTab: 1 })).toEqual({
      recent: [],
      tabs: [t, { path: null, docId: 'u' }],
      activeTab: 1,
    });
    expect(normaliseSession({ recent: [], tabs: [t], activeTab: 4 })).toEqual({ recent: [], tabs: [t] });
  });

  it('without a state folder the methods answer internal, and write nothing', async () => {
    const { api, dir, state } = makeApi(false);
    touch(dir, 'a.level.json');
    await expect(call(api, 'recentList', {})).resolves.toMatchObject({ ok: false, code: 'internal' });
    await expect(call(api, 'recentAdd', { path: 'a.level.json' })).resolves.toMatchObject({ ok: false, code: 'internal' });
    expect(existsSync(state)).toBe(false);
  });

  it('menuSet on a plain host answers native: false and checks the shape', async () => {
    const { api } = makeApi();
    expect(await api.menuSet!({ menus: [] })).toEqual({ ok: true, native: false });
    await expect(call(api, 'menuSet', { menus: 'x' })).resolves.toMatchObject({ ok: false, code: 'bad-request' });
  });
});
