/**
 * The open documents (app/tabs.svelte.ts): a pristine untitled tab is
 * replaced by the next document, others are kept; closing picks the right
 * neighbour and never leaves the window without a tab; Ctrl+Tab wraps; what
 * a reload keeps (sessionStorage `castellan.tabs`) is read defensively.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentTab } from '../../src-renderer/app/document-tab.svelte.js';
import { parseTabMemory, Tabs, type TabHooks } from '../../src-renderer/app/tabs.svelte.js';
import { redDoor, sampleLevel } from './fixtures.js';

function tabsWithLog(): { tabs: Tabs; log: string[] } {
  const log: string[] = [];
  const name = (t: DocumentTab): string => t.path ?? `untitled#${t.id}`;
  const hooks: TabHooks = {
    created: () => undefined,
    leaving: (from, to) => log.push(`leave ${name(from)} -> ${name(to)}`),
    entered: (t) => log.push(`enter ${name(t)}`),
    removed: (t) => log.push(`removed ${name(t)}`),
  };
  return { tabs: new Tabs(hooks, sampleLevel()), log };
}

function fileTab(tabs: Tabs, path: string): DocumentTab {
  return tabs.create(sampleLevel(), { path });
}

describe('Tabs', () => {
  it('the pristine untitled start tab is replaced by the first opened file; later files open next to the active tab', () => {
    const { tabs, log } = tabsWithLog();
    const start = tabs.active;
    expect(start.pristine).toBe(true);
    const a = fileTab(tabs, 'a.level.json');
    tabs.add(a);
    expect(tabs.list).toEqual([a]);
    expect(log).toEqual([`leave untitled#${start.id} -> a.level.json`, 'enter a.level.json', `removed untitled#${start.id}`]);
    const b = fileTab(tabs, 'b.level.json');
    tabs.add(b);
    tabs.activate(a);
    const c = fileTab(tabs, 'c.level.json');
    tabs.add(c);
    // c goes right after the active tab a, before b.
    expect(tabs.list.map((t) => t.path)).toEqual(['a.level.json', 'c.level.json', 'b.level.json']);
    expect(tabs.active).toBe(c);
  });

  it('an edited untitled tab is not pristine and is kept', () => {
    const { tabs } = tabsWithLog();
    const start = tabs.active;
    start.editor.setMeta('title', 'Mine');
    expect(start.st.dirty).toBe(true);
    expect(start.pristine).toBe(false);
    // Undone back to clean: still not pristine (it has a redo step, the user touched it).
    start.editor.undo();
    expect(start.st.dirty).toBe(false);
    expect(start.pristine).toBe(false);
    tabs.add(fileTab(tabs, 'a.level.json'));
    expect(tabs.list).toHaveLength(2);
    expect(tabs.list[0]).toBe(start);
  });

  it('each tab has its own editor and history', () => {
    const { tabs } = tabsWithLog();
    const a = fileTab(tabs, 'a.level.json');
    const b = tabs.create(redDoor(), { path: 'b.level.json' });
    tabs.add(a);
    tabs.add(b);
    a.editor.setMeta('title', 'Changed A');
    expect(a.st.canUndo).toBe(true);
    expect(b.st.canUndo).toBe(false);
    expect(b.st.doc.meta.title).toBe(redDoor().meta.title);
  });

  it('closing the active tab activates its right neighbour, else its left one; the last tab leaves an untitled document of its ruleset', () => {
    const { tabs } = tabsWithLog();
    const [a, b, c] = ['a', 'b', 'c'].map((p) => fileTab(tabs, `${p}.level.json`));
    for (const t of [a!, b!, c!]) tabs.add(t);
    tabs.activate(b!);
    tabs.remove(b!);
    expect(tabs.active).toBe(c);
    tabs.remove(c!);
    expect(tabs.active).toBe(a);
    // Closing a tab that is not active keeps the active one.
    const d = fileTab(tabs, 'd.level.json');
    tabs.add(d);
    tabs.remove(a!);
    expect(tabs.active).toBe(d);
    tabs.remove(d);
    expect(tabs.list).toHaveLength(1);
    expect(tabs.active.path).toBeNull();
    expect(tabs.active.st.doc.ruleset).toBe(sampleLevel().ruleset);
    expect(tabs.active.pristine).toBe(true);
  });

  it('cycle wraps around in both directions', () => {
    const { tabs } = tabsWithLog();
    const [a, b, c] = ['a', 'b', 'c'].map((p) => fileTab(tabs, `${p}.level.json`));
    for (const t of [a!, b!, c!]) tabs.add(t);
    expect(tabs.active).toBe(c);
    tabs.cycle(1);
    expect(tabs.active).toBe(a);
    tabs.cycle(-1);
    expect(tabs.active).toBe(c);
    tabs.cycle(-1);
    expect(tabs.active).toBe(b);
  });

  it('byPath matches / and \\ alike', () => {
    const { tabs } = tabsWithLog();
    const a = fileTab(tabs, 'uk\\a.level.json');
    tabs.add(a);
    expect(tabs.byPath('uk/a.level.json')).toBe(a);
    expect(tabs.byPath('uk/b.level.json')).toBeUndefined();
  });
});

describe('Tabs: the host hears of the tab list', () => {
  it('every change (add, activate, close) tells `remembered` the tabs in order with the active index; not while restoring', () => {
    const heard: { tabs: { path: string | null }[]; active: number }[] = [];
    const hooks: TabHooks = {
      created: () => undefined,
      leaving: () => undefined,
      entered: () => undefined,
      removed: () => undefined,
      remembered: (m) => heard.push(m),
    };
    const tabs = new Tabs(hooks, sampleLevel());
    const a = tabs.create(sampleLevel(), { path: 'a.level.json' });
    tabs.add(a);
    const b = tabs.create(sampleLevel(), { path: 'b.level.json' });
    tabs.add(b);
    tabs.activate(a);
    expect(heard.map((m) => [m.tabs.map((t) => t.path), m.active])).toEqual([
      [['a.level.json'], 0],
      [['a.level.json', 'b.level.json'], 1],
      [['a.level.json', 'b.level.json'], 0],
    ]);
    tabs.restoring = true;
    tabs.remove(b);
    expect(heard).toHaveLength(3);
    tabs.restoring = false;
    tabs.remember();
    expect(heard.at(-1)).toMatchObject({ tabs: [{ path: 'a.level.json', docId: a.docId }], active: 0 });
  });
});

describe('parseTabMemory', () => {
  it('reads the tabs and the active index; clamps a bad index to the first tab', () => {
    expect(
      parseTabMemory(
        JSON.stringify({
          tabs: [
            { path: 'a', docId: 'x' },
            { path: null, docId: 'y' },
          ],
          active: 1,
        }),
      ),
    ).toEqual({
      tabs: [
        { path: 'a', docId: 'x' },
        { path: null, docId: 'y' },
      ],
      active: 1,
    });
    expect(parseTabMemory(JSON.stringify({ tabs: [{ path: 'a', docId: 'x' }], active: 5 }))?.active).toBe(0);
  });

  it('drops malformed entries and answers null for nothing usable', () => {
    expect(parseTabMemory(null)).toBeNull();
    expect(parseTabMemory('{not json')).toBeNull();
    expect(parseTabMemory(JSON.stringify({ tabs: 'x' }))).toBeNull();
    expect(parseTabMemory(JSON.stringify({ tabs: [{ path: 3, docId: 'x' }, { path: 'b' }] }))).toBeNull();
    expect(
      parseTabMemory(
        JSON.stringify({
          tabs: [
            { path: 3, docId: 'x' },
            { path: 'b', docId: 'y' },
          ],
          active: 0,
        }),
      ),
    ).toEqual({
      tabs: [{ path: 'b', docId: 'y' }],
      active: 0,
    });
  });
});
