/**
 * The workspace file methods through `castellan serve` over HTTP: browse,
 * makeFolder and workspaceSummary see the workspace with workspace-relative
 * paths, never the host's own `.castellan` folder (autosaves, backups,
 * session) and never the server's absolute paths; a 0444 file is refused by
 * save with its bytes unchanged.
 */
import { chmodSync, mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeHost, type ServeHandle } from '../../../src-main/serve/server.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

let host: ServeHandle;
let workspace: string;

async function api(method: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await fetch(`http://127.0.0.1:${host.port}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-castellan-token': host.token },
    body: JSON.stringify(body),
  });
  expect(r.status).toBe(200);
  return (await r.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  workspace = realpathSync(tempDir('castellan-serve-files-'));
  mkdirSync(join(workspace, 'levels'));
  writeFileSync(join(workspace, 'levels', 'a.level.json'), json(twoMoveLevel({ meta: { title: 'A' } })));
  mkdirSync(join(workspace, '.castellan', 'recovery'), { recursive: true });
  host = await startServeHost({ workspace, rendererDir: tempDir('castellan-serve-files-r-') });
});

afterAll(async () => {
  await host.close();
  cleanupTempDirs();
});

describe('serve: workspace file methods over HTTP', () => {
  it('browse lists the workspace without .castellan; answers carry no absolute path', async () => {
    const root = await api('browse', {});
    expect(root).toEqual({ ok: true, dir: '', parent: null, entries: [expect.objectContaining({ name: 'levels', path: 'levels', kind: 'folder' })] });
    const levels = await api('browse', { dir: 'levels' });
    expect(levels).toMatchObject({
      ok: true,
      dir: 'levels',
      parent: '',
      entries: [{ name: 'a.level.json', path: 'levels/a.level.json', kind: 'level', size: json(twoMoveLevel({ meta: { title: 'A' } })).length }],
    });
    const hidden = await api('browse', { dir: '.castellan' });
    expect(hidden).toMatchObject({ ok: false, code: 'forbidden' });
    expect(JSON.stringify([root, levels, hidden, await api('browse', { dir: 'missing' })])).not.toContain(workspace);
  });

  it('makeFolder then Save As into the new folder; the summary lists the proved level', async () => {
    expect(await api('makeFolder', { path: 'levels/new' })).toEqual({ ok: true, path: 'levels/new' });
    expect(statSync(join(workspace, 'levels', 'new')).isDirectory()).toBe(true);
    expect(await api('saveAs', { path: 'levels/new/b.level.json', document: twoMoveLevel({ meta: { title: 'B' } }) })).toMatchObject({
      ok: true,
      draft: false,
    });
    const s = await api('workspaceSummary', {});
    expect(s).toMatchObject({ ok: true, truncated: false });
    expect((s['items'] as { path: string; status: string; par?: number }[]).map((i) => [i.path, i.status, i.par])).toEqual([
      ['levels/a.level.json', 'draft', undefined],
      ['levels/new/b.level.json', 'proved', 2],
    ]);
  });

  it('a 0444 level opens read-only and its save is refused with the bytes unchanged', async () => {
    const file = join(workspace, 'levels', 'a.level.json');
    chmodSync(file, 0o444);
    const before = readFileSync(file);
    expect(await api('open', { path: 'levels/a.level.json' })).toMatchObject({ ok: true, readOnly: true });
    const r = await api('save', { path: 'levels/a.level.json', document: twoMoveLevel({ meta: { title: 'Edited' } }) });
    expect(r).toMatchObject({ ok: false, code: 'io', reason: 'read-only' });
    expect(String(r['message'])).toMatch(/^levels\/a\.level\.json is read-only/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});
