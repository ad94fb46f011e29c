/**
 * file-dialog.ts: the browser file dialog's rules: extension completion
 * per kind, `sub/x` names, refused names, the breadcrumb, the kind filter,
 * new folder names, the keyboard selection and recent places. Expected
 * values worked by hand.
 */
import { describe, expect, it } from 'vitest';
import type { BrowseEntry } from '../../../src-shared/host/files-contract.js';
import {
  breadcrumb,
  entersOnOpen,
  folderNameProblem,
  folderOf,
  loadRecentFolders,
  moveSelection,
  noteRecentFolder,
  parentDir,
  recentPlaces,
  RECENT_PLACES_MAX,
  resolveName,
  visibleEntries,
  type PlaceStore,
} from '../../../src-renderer/files/file-dialog.js';

const e = (name: string, kind: BrowseEntry['kind'], dir = ''): BrowseEntry => ({ name, kind, path: dir ? `${dir}/${name}` : name });

describe('resolveName: the file-name field', () => {
  it('adds the kind’s extension when it is missing, keeps it when present', () => {
    expect(resolveName('levels', 'knot', { kind: 'level' })).toMatchObject({
      ok: true,
      folder: 'levels',
      name: 'knot.level.json',
      path: 'levels/knot.level.json',
    });
    expect(resolveName('levels', 'knot.level.json', { kind: 'level' })).toMatchObject({ ok: true, path: 'levels/knot.level.json' });
    // "x.json" is completed to a level file name, not "x.json.level.json".
    expect(resolveName('', 'knot.json', { kind: 'level' })).toMatchObject({ ok: true, path: 'knot.level.json' });
    expect(resolveName('', 'board', { kind: 'image' })).toMatchObject({ ok: true, path: 'board.svg' });
    expect(resolveName('', 'board.PNG', { kind: 'image' })).toMatchObject({ ok: true, path: 'board.PNG' });
    expect(resolveName('packs', 'codex', { kind: 'pack' })).toMatchObject({ ok: true, path: 'packs/codex.pack.json' });
  });

  it('asTyped (Open under "All files"): the name stays as typed, no extension added', () => {
    expect(resolveName('levels', 'knot.json', { kind: 'level', asTyped: true })).toMatchObject({ ok: true, path: 'levels/knot.json' });
    expect(resolveName('', 'README', { kind: 'level', asTyped: true })).toMatchObject({ ok: true, path: 'README' });
    expect(resolveName('', 'sub/a.level.json', { kind: 'level', asTyped: true })).toMatchObject({ ok: true, path: 'sub/a.level.json' });
  });

  it('pack export: a name without extension is a folder, one ending in .pack.json a file', () => {
    expect(resolveName('packs', 'codex-export', { kind: 'pack', folderOk: true })).toMatchObject({ ok: true, path: 'packs/codex-export' });
    expect(resolveName('packs', 'codex.pack.json', { kind: 'pack', folderOk: true })).toMatchObject({ ok: true, path: 'packs/codex.pack.json' });
  });

  it('sub/x saves into the sub folder of the dialog’s folder, marked for the existence check', () => {
    const r = resolveName('levels', 'sub/x', { kind: 'level' });
    expect(r).toEqual({ ok: true, folder: 'levels/sub', name: 'x.level.json', path: 'levels/sub/x.level.json', viaSubfolder: true });
    expect(resolveName('', 'a\\b\\c.level.json', { kind: 'level' })).toMatchObject({ ok: true, folder: 'a/b', path: 'a/b/c.level.json' });
    expect(resolveName('', 'x', { kind: 'level' })).toMatchObject({ viaSubfolder: false });
  });

  it('refuses empty names, absolute paths, .. and illegal characters with a code', () => {
    expect(resolveName('', '  ', { kind: 'level' })).toMatchObject({ ok: false, code: 'empty' });
    expect(resolveName('', '.level.json', { kind: 'level' })).toMatchObject({ ok: false, code: 'empty' });
    expect(resolveName('', 'sub/', { kind: 'level' })).toMatchObject({ ok: false, code: 'empty' });
    expect(resolveName('', '/etc/x', { kind: 'level' })).toMatchObject({ ok: false, code: 'absolute' });
    expect(resolveName('', 'C:\\x', { kind: 'level' })).toMatchObject({ ok: false, code: 'absolute' });
    expect(resolveName('a', '../x', { kind: 'level' })).toMatchObject({ ok: false, code: 'parent' });
    expect(resolveName('', 'a?b', { kind: 'level' })).toMatchObject({ ok: false, code: 'bad-name' });
  });
});

describe('folders', () => {
  it('folderOf, parentDir and the breadcrumb', () => {
    expect(folderOf('a/b/c.level.json')).toBe('a/b');
    expect(folderOf('c.level.json')).toBe('');
    expect(parentDir('a/b')).toBe('a');
    expect(parentDir('a')).toBe('');
    expect(parentDir('')).toBeNull();
    expect(breadcrumb('levels/unlock-the-king/', 'ws')).toEqual([
      { label: 'ws', path: '' },
      { label: 'levels', path: 'levels' },
      { label: 'unlock-the-king', path: 'levels/unlock-the-king' },
    ]);
    expect(breadcrumb('')).toEqual([{ label: 'Workspace', path: '' }]);
  });

  it('the kind filter keeps folders (pack folders too: their levels are inside), and only the chosen kind of file', () => {
    const all = [e('b.level.json', 'level'), e('pic.svg', 'other'), e('notes.txt', 'other'), e('codex', 'pack'), e('sub', 'folder'), e('x.pack.json', 'pack')];
    expect(visibleEntries(all, 'level').map((x) => x.name)).toEqual(['codex', 'sub', 'b.level.json']);
    expect(visibleEntries(all, 'image').map((x) => x.name)).toEqual(['codex', 'sub', 'pic.svg']);
    expect(visibleEntries(all, 'pack').map((x) => x.name)).toEqual(['codex', 'sub', 'x.pack.json']);
    expect(visibleEntries(all, 'all')).toHaveLength(6);
  });

  it('a pack folder is entered when choosing a level or a picture, chosen when choosing a pack', () => {
    expect(entersOnOpen(e('codex', 'pack'), 'level')).toBe(true);
    expect(entersOnOpen(e('codex', 'pack'), 'pack')).toBe(false);
    expect(entersOnOpen(e('x.pack.json', 'pack'), 'level')).toBe(false);
    expect(entersOnOpen(e('sub', 'folder'), 'pack')).toBe(true);
    expect(entersOnOpen(e('a.level.json', 'level'), 'level')).toBe(false);
  });

  it('new folder names: the host’s refusals, said inline before asking', () => {
    const here = [e('Levels', 'folder')];
    expect(folderNameProblem('drafts', here)).toBeNull();
    expect(folderNameProblem('  ', here)).toMatch(/Type a name/);
    expect(folderNameProblem('..', here)).toMatch(/cannot be a folder name/);
    expect(folderNameProblem('a/b', here)).toMatch(/cannot hold/);
    expect(folderNameProblem('.hidden', here)).toMatch(/hidden/);
    expect(folderNameProblem('levels', here)).toBe('levels already exists here.');
  });
});

describe('keyboard and recent places', () => {
  it('arrows move the selection inside the list; the first press picks the first (down) or last (up) row', () => {
    expect(moveSelection(-1, 1, 5)).toBe(0);
    expect(moveSelection(-1, -1, 5)).toBe(4);
    expect(moveSelection(4, 1, 5)).toBe(4);
    expect(moveSelection(0, -1, 5)).toBe(0);
    expect(moveSelection(2, 1, 5)).toBe(3);
    expect(moveSelection(0, 1, 0)).toBe(-1);
  });

  it('recent folders: newest first, each once, at most RECENT_PLACES_MAX, bad storage ignored', () => {
    const m = new Map<string, string>();
    const store: PlaceStore = { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) };
    noteRecentFolder(store, 'a');
    noteRecentFolder(store, 'b/');
    expect(noteRecentFolder(store, 'a')).toEqual(['a', 'b']);
    for (let i = 0; i < 10; i++) noteRecentFolder(store, `f${i}`);
    expect(loadRecentFolders(store)).toHaveLength(RECENT_PLACES_MAX);
    expect(loadRecentFolders(store)[0]).toBe('f9');
    expect(loadRecentFolders({ getItem: () => '{bad', setItem: () => {} })).toEqual([]);
    expect(loadRecentFolders(undefined)).toEqual([]);
  });

  it('places: the workspace root, the current file’s folder, then recent folders, each once', () => {
    expect(recentPlaces('levels/uk/a.level.json', ['packs', 'levels/uk', ''], 'ws')).toEqual([
      { label: 'ws', path: '', role: 'root' },
      { label: 'levels/uk', path: 'levels/uk', role: 'current' },
      { label: 'packs', path: 'packs', role: 'recent' },
    ]);
    expect(recentPlaces(null, [])).toEqual([{ label: 'Workspace', path: '', role: 'root' }]);
  });
});
