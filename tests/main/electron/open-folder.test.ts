/**
 * File > "Open Folder…" on the Electron host: the renderer's menu item with
 * the reserved id OPEN_FOLDER_ACTION is run by the host itself
 * (menu-template.ts `withHostActions`), and the opened folders are
 * remembered in the session state (session-store.ts `folders`) and granted
 * for browsing (security.ts PathGrants).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { afterAll, describe, expect, it } from 'vitest';
import { OPEN_FOLDER_ACTION } from '../../../src-shared/host/files-contract.js';
import { buildMenuTemplate, withHostActions } from '../../../src-main/electron/menu-template.js';
import { PathGrants } from '../../../src-main/electron/security.js';
import { createHostApi } from '../../../src-main/services/host-api.js';
import { addFolder, MAX_FOLDERS, normaliseSession, readSessionSync, SessionStore } from '../../../src-main/services/session-store.js';
import { cleanupTempDirs, tempDir } from '../helpers.js';

afterAll(() => cleanupTempDirs());

describe('withHostActions', () => {
  it('a click on the reserved item runs the host handler; other items still send their id to the renderer', () => {
    const sent: string[] = [];
    let opened = 0;
    const menus = [
      {
        id: 'file' as const,
        label: 'File',
        items: [
          { id: 'open', label: 'Open…', enabled: true },
          { id: OPEN_FOLDER_ACTION, label: 'Open Folder…', enabled: true },
        ],
      },
    ];
    const base = buildMenuTemplate(menus, 'linux', (id) => sent.push(id));
    const t = withHostActions(base, { [OPEN_FOLDER_ACTION]: () => opened++ });
    const items = t[0]!.submenu as MenuItemConstructorOptions[];
    expect(items.map((i) => i.label)).toEqual(['Open…', 'Open Folder…']);
    (items[1]!.click as () => void)();
    (items[0]!.click as () => void)();
    expect(opened).toBe(1);
    expect(sent).toEqual(['open']);
    // The input template is unchanged: its item still forwards the id.
    ((base[0]!.submenu as MenuItemConstructorOptions[])[1]!.click as () => void)();
    expect(sent).toEqual(['open', OPEN_FOLDER_ACTION]);
  });

  it('an own property only: "constructor" or "toString" ids are not host actions', () => {
    const sent: string[] = [];
    const t = withHostActions(
      buildMenuTemplate([{ id: 'file', label: 'File', items: [{ id: 'toString', label: 'T', enabled: true }] }], 'linux', (id) => sent.push(id)),
      {},
    );
    ((t[0]!.submenu as MenuItemConstructorOptions[])[0]!.click as () => void)();
    expect(sent).toEqual(['toString']);
  });
});

describe('opened folders in the session state', () => {
  it('addFolder appends new folders once and keeps the newest MAX_FOLDERS', () => {
    expect(addFolder(undefined, '/a')).toEqual(['/a']);
    expect(addFolder(['/a', '/b'], '/a')).toEqual(['/a', '/b']);
    const many = Array.from({ length: MAX_FOLDERS }, (_, i) => `/f${i}`);
    const next = addFolder(many, '/new');
    expect(next).toHaveLength(MAX_FOLDERS);
    expect(next[0]).toBe('/f1');
    expect(next[MAX_FOLDERS - 1]).toBe('/new');
  });

  it('normaliseSession keeps string folders only, without duplicates; none: no field', () => {
    expect(normaliseSession({ recent: [], folders: ['/a', 3, '/a', '', '/b'] })).toEqual({ recent: [], folders: ['/a', '/b'] });
    expect(normaliseSession({ recent: [], folders: [] })).toEqual({ recent: [] });
  });

  it('rememberFolder writes session.json; readSessionSync reads it back; recent files are kept', async () => {
    const state = tempDir();
    const store = new SessionStore(state);
    await store.update((s) => ({ ...s, recent: ['/x.level.json'] }));
    const api = createHostApi({
      kind: 'electron',
      resolvePath: () => ({ ok: false, code: 'forbidden', message: 'no' }),
      listFiles: async () => [],
      stateDir: state,
    });
    expect(await api.rememberFolder('/levels/mine')).toEqual({ ok: true });
    expect(JSON.parse(readFileSync(join(state, 'session.json'), 'utf8'))).toEqual({ version: 1, recent: ['/x.level.json'], folders: ['/levels/mine'] });
    expect(readSessionSync(state)).toEqual({ recent: ['/x.level.json'], folders: ['/levels/mine'] });
    expect(readSessionSync(join(state, 'missing'))).toEqual({ recent: [] });
  });

  it('PathGrants.folders lists the trusted roots then the granted folders, once each', () => {
    const g = new PathGrants(['/samples']);
    g.grantFolder('/home/u/levels');
    g.grantFolder('/home/u/levels/');
    expect(g.folders()).toEqual(['/samples', '/home/u/levels']);
    expect(g.check('/home/u/levels/a.level.json')).toBe('/home/u/levels/a.level.json');
  });
});
