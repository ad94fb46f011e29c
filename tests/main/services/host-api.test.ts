/**
 * host-api.ts: argument validation of untrusted requests, dialogs, and
 * "never throws" over the services.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HostApi, HostError } from '../../../src-shared/host/contract.js';
import { createHostApi, suggestedFileName, type HostDeps } from '../../../src-main/services/host-api.js';
import { cleanupTempDirs, json, packageVersion, tempDir, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());

/** An API over a temp folder whose resolvePath accepts names inside it only. */
function makeApi(overrides: Partial<HostDeps> = {}): { api: HostApi; dir: string } {
  const dir = tempDir();
  const api = createHostApi({
    kind: 'serve',
    resolvePath: (p) => (/^[a-z0-9-]+\.level\.json$/.test(p) ? join(dir, p) : ({ ok: false, code: 'forbidden', message: 'no' } satisfies HostError)),
    listFiles: async () => [{ path: 'a.level.json', name: 'a.level.json' }],
    initialFile: 'a.level.json',
    workspaceLabel: 'levels',
    solveTimeMs: 20_000,
    ...overrides,
  });
  return { api, dir };
}

/** Calls a method with an arbitrary (untrusted) request. */
function call(api: HostApi, method: keyof HostApi, req: unknown): Promise<{ ok: boolean; code?: string }> {
  return (api[method] as (r: unknown) => Promise<{ ok: boolean; code?: string }>)(req);
}

describe('createHostApi', () => {
  it('startup answers host kind, initial file, workspace label and the package.json version', async () => {
    const { api } = makeApi();
    expect(await api.startup({})).toEqual({
      ok: true,
      info: { host: 'serve', initialFile: 'a.level.json', workspace: 'levels', version: packageVersion() },
    });
    expect((await call(api, 'startup', undefined)).ok).toBe(true);
  });

  it('list answers the files', async () => {
    const { api } = makeApi();
    expect(await api.list({})).toEqual({ ok: true, files: [{ path: 'a.level.json', name: 'a.level.json' }] });
  });

  const badShapes: [keyof HostApi, unknown][] = [
    ['startup', []],
    ['startup', 'x'],
    ['startup', { extra: 1 }],
    ['list', null],
    ['list', { path: 'x' }],
    ['open', undefined],
    ['open', { path: 7 }],
    ['open', { path: '' }],
    ['open', { path: 'a.level.json', extra: true }],
    ['save', { document: {} }],
    ['save', { path: 'a.level.json' }],
    ['save', { path: 'a.level.json', document: [] }],
    ['save', { path: 'a.level.json', document: 'text' }],
    ['save', { path: 'a.level.json', document: {}, allowDraft: 'yes' }],
    ['save', { path: ['a.level.json'], document: {} }],
    ['saveAs', { document: null }],
    ['saveAs', { document: {} }], // no path and no dialogs (serve)
    ['open', {}], // no path and no dialogs (serve)
  ];
  for (const [method, req] of badShapes) {
    it(`${method}(${JSON.stringify(req) ?? 'undefined'}) answers bad-request`, async () => {
      const { api } = makeApi();
      expect(await call(api, method, req)).toMatchObject({ ok: false, code: 'bad-request' });
    });
  }

  it('a forbidden path is answered by resolvePath before any I/O', async () => {
    const { api } = makeApi();
    expect(await api.open({ path: '../etc/passwd' })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await api.save({ path: '/etc/x.level.json', document: twoMoveLevel() })).toMatchObject({ ok: false, code: 'forbidden' });
  });

  it('open then save round trip, path echoed as requested', async () => {
    const { api, dir } = makeApi();
    writeFileSync(join(dir, 'a.level.json'), json(twoMoveLevel()));
    const opened = await api.open({ path: 'a.level.json' });
    expect(opened).toMatchObject({ ok: true, path: 'a.level.json' });
    if (!opened.ok) return;
    const doc = { ...opened.document, meta: { title: 'Renamed' } };
    const saved = await api.save({ path: 'a.level.json', document: doc });
    expect(saved).toMatchObject({ ok: true, path: 'a.level.json', draft: false, solve: { status: 'solved', length: 2 } });
    const disk = JSON.parse(readFileSync(join(dir, 'a.level.json'), 'utf8')) as { meta: { title: string }; solution: { length: number } };
    expect(disk.meta.title).toBe('Renamed');
    expect(disk.solution.length).toBe(2);
  });

  it('saveAs with a path writes there', async () => {
    const { api, dir } = makeApi();
    const r = await api.saveAs({ path: 'copy.level.json', document: twoMoveLevel() });
    expect(r).toMatchObject({ ok: true, path: 'copy.level.json' });
    expect(JSON.parse(readFileSync(join(dir, 'copy.level.json'), 'utf8'))).toHaveProperty('solution');
  });

  it('dialogs: open cancelled answers cancelled; saveAs gets a suggested name from the title', async () => {
    let suggested = '';
    const { api } = makeApi({
      kind: 'electron',
      dialogs: {
        open: async () => undefined,
        saveAs: async (s) => {
          suggested = s;
          return undefined;
        },
      },
    });
    expect(await api.open({})).toMatchObject({ ok: false, code: 'cancelled' });
    expect(await api.saveAs({ document: twoMoveLevel({ meta: { title: 'Two Steps, Château!' } }) })).toMatchObject({
      ok: false,
      code: 'cancelled',
    });
    expect(suggested).toBe('two-steps-chateau.level.json');
  });

  it('dialogs: a chosen file is resolved and opened', async () => {
    const { api, dir } = makeApi({ kind: 'electron', dialogs: { open: async () => 'b.level.json', saveAs: async () => undefined } });
    writeFileSync(join(dir, 'b.level.json'), json(twoMoveLevel()));
    expect(await api.open({})).toMatchObject({ ok: true, path: 'b.level.json' });
  });

  it('never throws: failing dependencies answer internal', async () => {
    const { api } = makeApi({
      resolvePath: () => {
        throw new Error('resolver bug');
      },
      listFiles: async () => {
        throw new Error('disk on fire');
      },
    });
    expect(await api.list({})).toMatchObject({ ok: false, code: 'internal' });
    expect(await api.open({ path: 'a.level.json' })).toMatchObject({ ok: false, code: 'internal' });
    expect(await api.save({ path: 'a.level.json', document: twoMoveLevel() })).toMatchObject({ ok: false, code: 'internal' });
  });

  it('suggestedFileName falls back to untitled', () => {
    expect(suggestedFileName({})).toBe('untitled.level.json');
    expect(suggestedFileName({ meta: { title: '***' } })).toBe('untitled.level.json');
  });
});
