/**
 * Drag and drop, file-drop.ts without a browser: Electron
 * opens the dropped file by its granted path; a browser parses the text as
 * `open` does and opens it unsaved; non-levels are refused with a message.
 */
import { describe, expect, it } from 'vitest';
import { openDroppedFile, openDroppedFiles, type DropTarget } from '../../src-renderer/app/file-drop.js';
import { lastSession, lastSessionFile, noteFile, noteTabs, openRecentDialog, watchOpenFileRequests } from '../../src-renderer/app/session.js';
import type { HostApi } from '../../src-shared/host/contract.js';

import { newLevel } from '../../src-renderer/editor/default-doc.js';
import { serializeLevel } from '../../src-shared/format/serialize.js';

const sample = serializeLevel(newLevel('chess-maze'));

function fakeApp(failing: Record<string, { code: string; message: string }> = {}): DropTarget & { log: string[]; openPath(p: string): Promise<boolean> } {
  const log: string[] = [];
  return {
    log,
    openPath: async (p) => {
      log.push(`openPath:${p}`);
      return true;
    },
    openDroppedPath: async (p) => {
      log.push(`openPath:${p}`);
      return failing[p] ?? null;
    },
    openUnsaved: (doc) => log.push(`unsaved:${doc.ruleset}:${doc.meta.title}`),
    showError: (e, title) => log.push(`error:${e.code}:${title ? `${title}: ` : ''}${e.message}`),
  };
}

function file(name: string, text: string): { name: string; size: number; text(): Promise<string> } {
  return { name, size: text.length, text: async () => text };
}

describe('openDroppedFile', () => {
  it('Electron: the granted path opens like File > Open (in a tab, no discard question)', async () => {
    const app = fakeApp();
    const r = await openDroppedFile(app, file('a.level.json', sample), { pathForFile: async () => '/home/u/a.level.json' });
    expect(r).toBe('path');
    expect(app.log).toEqual(['openPath:/home/u/a.level.json']);
  });

  it('browser: the text is parsed and opened as an unsaved document', async () => {
    const app = fakeApp();
    expect(await openDroppedFile(app, file('a.level.json', sample), null)).toBe('unsaved');
    expect(app.log).toEqual([`unsaved:chess-maze:${(JSON.parse(sample) as { meta: { title: string } }).meta.title}`]);
  });

  it('Electron without a path for the file (refused grant) falls back to reading it', async () => {
    const app = fakeApp();
    expect(await openDroppedFile(app, file('a.level.json', sample), { pathForFile: async () => '' })).toBe('unsaved');
  });

  it('several dropped levels each open in a tab of their own, in the order dropped', async () => {
    const app = fakeApp();
    const kv = serializeLevel(newLevel('kings-valley'));
    const out = await openDroppedFiles(app, [file('a.level.json', sample), file('b.level.json', kv), file('c.level.json', sample)], null);
    expect(out.map((o) => o.kind)).toEqual(['unsaved', 'unsaved', 'unsaved']);
    expect(app.log.map((l) => l.split(':').slice(0, 2).join(':'))).toEqual(['unsaved:chess-maze', 'unsaved:kings-valley', 'unsaved:chess-maze']);
  });

  it('what a drop refuses is reported once, naming each refused file and why; the others open', async () => {
    const app = fakeApp();
    const big = { name: 'huge.level.json', size: 6 * 1024 * 1024, text: async () => sample };
    const out = await openDroppedFiles(app, [file('notes.txt', 'x'), file('a.level.json', sample), big, file('codex.pack.json', '{}')], null);
    expect(out.map((o) => o.kind)).toEqual(['refused', 'unsaved', 'refused', 'refused']);
    const errors = app.log.filter((l) => l.startsWith('error:'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^error:drop-refused:Not opened: 3 of 4 dropped files were not opened: /);
    expect(errors[0]).toContain('notes.txt is not a level file');
    expect(errors[0]).toContain('huge.level.json is too big');
    expect(errors[0]).toContain('codex.pack.json is a pack');
    expect(app.log.filter((l) => l.startsWith('unsaved'))).toHaveLength(1);
  });

  it('Electron: several dropped files open by path in order; a file the host cannot open is named with its reason', async () => {
    const app = fakeApp({ '/home/u/bad.level.json': { code: 'parse', message: 'bad.level.json is not valid JSON' } });
    const bridge = { pathForFile: async (f: unknown) => `/home/u/${(f as { name: string }).name}` };
    await openDroppedFiles(app, [file('a.level.json', sample), file('bad.level.json', '{'), file('c.level.json', sample)], bridge);
    expect(app.log).toEqual([
      'openPath:/home/u/a.level.json',
      'openPath:/home/u/bad.level.json',
      'openPath:/home/u/c.level.json',
      'error:parse:Not opened: bad.level.json is not valid JSON',
    ]);
  });

  it('refuses non-JSON names, broken JSON and schema-invalid levels with an error', async () => {
    const app = fakeApp();
    expect(await openDroppedFile(app, file('photo.png', 'x'), null)).toBe('refused');
    expect(await openDroppedFile(app, file('a.level.json', '{"format": '), null)).toBe('refused');
    expect(await openDroppedFile(app, file('a.level.json', '{"format": "castellan.level", "formatVersion": 1}'), null)).toBe('refused');
    expect(app.log.map((l) => l.split(':')[1])).toEqual(['parse', 'parse', 'parse']);
    expect(app.log.some((l) => l.startsWith('unsaved'))).toBe(false);
  });
});

describe('session helpers', () => {
  it('noteFile records the file as recent and as the session file; lastSessionFile reads it back', async () => {
    const calls: unknown[] = [];
    const host = {
      recentAdd: async (r: unknown) => (calls.push(['recentAdd', r]), { ok: true, files: [] }),
      sessionSet: async (r: unknown) => (calls.push(['sessionSet', r]), { ok: true }),
      sessionGet: async () => ({ ok: true, lastFile: 'x/a.level.json' }),
    } as unknown as HostApi;
    await noteFile(host, 'x/a.level.json');
    expect(calls).toEqual([
      ['recentAdd', { path: 'x/a.level.json' }],
      ['sessionSet', { lastFile: 'x/a.level.json' }],
    ]);
    expect(await lastSessionFile(host)).toBe('x/a.level.json');
  });

  it('noteTabs records every open tab (order, active one, autosave ids) and the active file; lastSession reads them back', async () => {
    const calls: unknown[] = [];
    const tabs = [
      { path: 'a.level.json', docId: 'id-a' },
      { path: null, docId: 'id-new' },
      { path: 'b.level.json', docId: 'id-b' },
    ];
    const host = {
      sessionSet: async (r: unknown) => (calls.push(r), { ok: true }),
      sessionGet: async () => ({ ok: true, lastFile: 'b.level.json', tabs: [tabs[0], tabs[1], { ...tabs[2], missing: true }], activeTab: 2 }),
    } as unknown as HostApi;
    await noteTabs(host, { tabs, active: 2 });
    await noteTabs(host, { tabs, active: 1 });
    expect(calls).toEqual([
      { lastFile: 'b.level.json', tabs, activeTab: 2 },
      { lastFile: null, tabs, activeTab: 1 },
    ]);
    expect(await lastSession(host)).toEqual({ lastFile: 'b.level.json', tabs: { tabs: [tabs[0], tabs[1], { ...tabs[2], missing: true }], active: 2 } });
    // Calls made while one waits for its turn: only the latest is sent.
    calls.length = 0;
    await Promise.all([
      noteFile(host, 'a.level.json'),
      noteTabs(host, { tabs, active: 0 }),
      noteTabs(host, { tabs, active: 1 }),
      noteTabs(host, { tabs, active: 2 }),
    ]);
    expect(calls).toEqual([{ lastFile: 'a.level.json' }, { lastFile: 'b.level.json', tabs, activeTab: 2 }]);
    expect(await lastSession({} as HostApi)).toEqual({ lastFile: null, tabs: null });
  });

  it('hosts without session methods, or failing ones, are skipped', async () => {
    await expect(noteFile({} as HostApi, 'a')).resolves.toBeUndefined();
    expect(await lastSessionFile({} as HostApi)).toBeNull();
    const failing = { sessionGet: async () => Promise.reject(new Error('down')) } as unknown as HostApi;
    expect(await lastSessionFile(failing)).toBeNull();
    expect(await lastSessionFile({ sessionGet: async () => ({ ok: false, code: 'internal', message: 'x' }) } as unknown as HostApi)).toBeNull();
  });

  it('an open-file request from the OS opens the path in a tab without the discard question (nothing is replaced)', () => {
    let cb: ((p: string) => void) | undefined;
    const win = { castellanEvents: { onMenuAction: () => () => {}, onOpenFile: (f: (p: string) => void) => ((cb = f), () => {}) } };
    const app = fakeApp();
    watchOpenFileRequests(app, win);
    cb!('/home/u/b.level.json');
    expect(app.log).toEqual(['openPath:/home/u/b.level.json']);
    expect(watchOpenFileRequests(app, {})).toBeTypeOf('function');
  });

  it('an exported pack from the OS opens without the discard question (the document stays; the pack manager opens it)', () => {
    let cb: ((p: string) => void) | undefined;
    const win = { castellanEvents: { onMenuAction: () => () => {}, onOpenFile: (f: (p: string) => void) => ((cb = f), () => {}) } };
    const app = fakeApp();
    watchOpenFileRequests(app, win);
    cb!('/home/u/codex.pack.json');
    expect(app.log).toEqual(['openPath:/home/u/codex.pack.json']);
  });

  it('Open Recent shows the in-app Open dialog (recent files above the file dialog at the workspace root) without the discard question', () => {
    const app = {
      host: {} as unknown as HostApi,
      dialog: null as unknown,
    };
    openRecentDialog(app);
    expect(app.dialog).toEqual({ kind: 'open', dir: '' });
    const none = { host: null, dialog: null as unknown };
    openRecentDialog(none);
    expect(none.dialog).toBeNull();
  });
});
