/**
 * The project explorer's grouping and status words (explorer-model.ts), the
 * flat-list fallback of the folder reads (folder-source.ts), the mock
 * host's workspace methods (host/mock-files.ts) and the board-only
 * thumbnail (thumbnails.ts). Expected values worked by hand from the
 * contract (src-shared/host/files-contract.ts) and the sample files.
 */
import { describe, expect, it } from 'vitest';
import type { WorkspaceItem } from '../../../src-shared/host/files-contract.js';
import type { Level } from '../../../src-shared/model/level.js';
import { groupItems, itemMatches, statusWords } from '../../../src-renderer/files/explorer-model.js';
import { checkTarget, listFolder, listingFromFiles } from '../../../src-renderer/files/folder-source.js';
import { boardSvg } from '../../../src-renderer/files/thumbnails.js';
import { createMockHost } from '../../../src-renderer/host/mock-host.js';
import type { HostApi } from '../../../src-shared/host/contract.js';

import firstSteps from '../../../resources/levels/unlock-the-king/01-first-steps.level.json?raw';
const item = (path: string, extra: Partial<WorkspaceItem> = {}): WorkspaceItem => ({ path, name: path.split('/').pop()!, kind: 'level', title: '', ...extra });

describe('explorer model', () => {
  it('groups by folder (root first, then by path), packs before levels, filters on title and path', () => {
    const items = [
      item('b/z.level.json', { title: 'Zed' }),
      item('a.level.json'),
      item('b/a.level.json', { title: 'Knot' }),
      item('b/codex', { kind: 'pack', levels: 3 }),
    ];
    expect(groupItems(items).map((g) => [g.folder, g.items.map((i) => i.name)])).toEqual([
      ['', ['a.level.json']],
      ['b', ['codex', 'a.level.json', 'z.level.json']],
    ]);
    expect(groupItems(items, 'knot').map((g) => g.items.map((i) => i.path))).toEqual([['b/a.level.json']]);
    expect(itemMatches(item('x/y.level.json', { title: 'T' }), ' X/ ')).toBe(true);
  });

  it('status in words: proved par N, stale, draft, invalid, position; a pack counts its levels', () => {
    expect(statusWords({ kind: 'level', status: 'proved', par: 7 })).toBe('proved par 7');
    expect(statusWords({ kind: 'level', status: 'stale', par: 7 })).toBe('stale');
    expect(statusWords({ kind: 'level', status: 'draft' })).toBe('draft');
    expect(statusWords({ kind: 'level', status: 'invalid' })).toBe('invalid');
    expect(statusWords({ kind: 'level', status: 'position' })).toBe('position');
    expect(statusWords({ kind: 'pack', levels: 1 })).toBe('1 level');
    expect(statusWords({ kind: 'pack', levels: 50 })).toBe('50 levels');
  });
});

describe('folder reads', () => {
  const files = ['x/a.level.json', 'x/sub/b.level.json', 'c.level.json', 'x/sub/deeper/d.level.json'].map((p) => ({ path: p, name: p.split('/').pop()! }));

  it('a host without browse: folders are those holding levels, each once, folders first', () => {
    expect(listingFromFiles(files, '').map((e) => [e.kind, e.path])).toEqual([
      ['folder', 'x'],
      ['level', 'c.level.json'],
    ]);
    expect(listingFromFiles(files, 'x/').map((e) => [e.kind, e.path])).toEqual([
      ['folder', 'x/sub'],
      ['level', 'x/a.level.json'],
    ]);
  });

  it('falls back to list when browse answers internal; a missing folder is not-found', async () => {
    const host = {
      browse: () => Promise.resolve({ ok: false, code: 'internal', message: 'no such method' }),
      list: () => Promise.resolve({ ok: true, files }),
    } as unknown as HostApi;
    const r = await listFolder(host, 'x/sub');
    expect(r).toMatchObject({ ok: true, dir: 'x/sub', parent: 'x', canMakeFolder: false });
    expect(await listFolder(host, 'nope')).toMatchObject({ ok: false, code: 'not-found' });
    expect(await checkTarget(host, 'nope/n.level.json')).toEqual({ kind: 'no-folder', folder: 'nope' });
    expect(await checkTarget(host, 'x/a.level.json')).toMatchObject({ kind: 'exists' });
    expect(await checkTarget(host, 'x/new.level.json')).toEqual({ kind: 'free' });
  });

  it('the mock host: browse lists folders first, makeFolder refuses duplicates and a missing parent, the summary has stored statuses', async () => {
    const host = createMockHost() as unknown as HostApi;
    const root = await host.browse!({});
    expect(root).toMatchObject({ ok: true, dir: '', parent: null, entries: [{ name: 'unlock-the-king', kind: 'folder' }] });
    expect(await host.makeFolder!({ path: 'unlock-the-king/drafts' })).toEqual({ ok: true, path: 'unlock-the-king/drafts' });
    expect(await host.makeFolder!({ path: 'unlock-the-king/drafts' })).toMatchObject({ ok: false, code: 'conflict' });
    expect(await host.makeFolder!({ path: 'nope/x' })).toMatchObject({ ok: false, code: 'not-found' });
    const uk = await host.browse!({ dir: 'unlock-the-king' });
    expect(uk.ok && uk.entries.map((e) => e.name)).toEqual(['drafts', '01-first.level.json', '02-walled.level.json', '03-draft.level.json']);
    const s = await host.workspaceSummary!({});
    // 01 and 02 have no solution (draft); 03 has no king (UK builder rules: invalid).
    expect(s.ok && s.items.map((i) => i.status)).toEqual(['draft', 'draft', 'invalid']);
  });
});

describe('thumbnails', () => {
  it('the board only: the SVG is cropped to width x height squares', () => {
    const doc = JSON.parse(firstSteps) as Level;
    const svg = boardSvg(doc, 10)!;
    const open = /<svg [^>]*>/.exec(svg)![0];
    expect(open).toContain(`width="${doc.board.width * 10}"`);
    expect(open).toContain(`height="${doc.board.height * 10}"`);
    expect(/viewBox="[\d.]+ [\d.]+ (\d+) (\d+)"/.exec(open)!.slice(1)).toEqual([String(doc.board.width * 10), String(doc.board.height * 10)]);
    expect(boardSvg({ broken: true } as unknown as Level)).toBeNull();
  });
});
