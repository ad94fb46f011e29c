/**
 * The open documents of the window (the tab bar): an ordered list of
 * `DocumentTab`s and the active one. There is always at least one tab
 * (closing the last one leaves a new untitled document). Switching, adding
 * and removing tabs call `TabHooks`, so the application leaves a playtest,
 * moves the live solve to the new tab and keeps each tab's board view.
 *
 * A reload of the page restores the open tabs: their paths and autosave
 * ids are kept in sessionStorage (`TABS_KEY`, see `readTabMemory`), the
 * active one first. The same memory goes to the host (`TabHooks.remembered`,
 * session.ts `noteTabs`), so a new window or a restart reopens them too.
 */
import { defaultDocument, newLevel, type EditableLevel } from '../editor/default-doc.js';
import { DocumentTab } from './document-tab.svelte.js';

/** sessionStorage key of the open tabs (`TabMemory`), so a reload reopens them. */
export const TABS_KEY = 'castellan.tabs';

/** What a reload needs of one tab: its file (null: never saved) and its autosave id. */
export interface RememberedTab {
  path: string | null;
  docId: string;
}

/** The open tabs as remembered for a reload: in tab order, `active` the index of the active one. */
export interface TabMemory {
  tabs: RememberedTab[];
  active: number;
}

/** What the application does around tab changes (wired by the controller). */
export interface TabHooks {
  /** A tab was created: the application subscribes to its editor. */
  created(tab: DocumentTab): void;
  /** Before `to` becomes the active tab instead of `from`. */
  leaving(from: DocumentTab, to: DocumentTab): void;
  /** `tab` is the active tab now. */
  entered(tab: DocumentTab): void;
  /** `tab` was removed from the tab bar (its editor is dropped). */
  removed(tab: DocumentTab): void;
  /** The open tabs changed (added, closed, activated, a file saved under a new name): record `mem` with the host. */
  remembered?(mem: TabMemory): void;
}

function tabStorage(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Parses what `Tabs.remember` stored: null when nothing (or something
 * unreadable) is stored. Entries that are not `{path: string | null, docId:
 * string}` are dropped; `active` is clamped into the list.
 */
export function parseTabMemory(text: string | null): TabMemory | null {
  if (!text) return null;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object' || !Array.isArray((v as TabMemory).tabs)) return null;
  const tabs = (v as TabMemory).tabs.filter(
    (t): t is RememberedTab => !!t && typeof t === 'object' && (t.path === null || typeof t.path === 'string') && typeof t.docId === 'string',
  );
  if (!tabs.length) return null;
  const a = Number((v as TabMemory).active);
  return { tabs, active: Number.isInteger(a) && a >= 0 && a < tabs.length ? a : 0 };
}

/** The tabs a reload of this page should reopen (null: a fresh page). */
export function readTabMemory(): TabMemory | null {
  try {
    return parseTabMemory(tabStorage()?.getItem(TABS_KEY) ?? null);
  } catch {
    return null;
  }
}

export class Tabs {
  /** The open tabs, in tab-bar order. */
  list: DocumentTab[] = $state.raw([]);
  /** The tab being edited (always one of `list`). */
  active: DocumentTab = $state.raw(undefined as unknown as DocumentTab);
  /** While true (tabs being restored at start) `remember` keeps the memory to this page: the host hears of the tabs once they are all back. */
  restoring = false;

  constructor(
    private readonly hooks: TabHooks,
    first: EditableLevel = defaultDocument(),
  ) {
    const tab = this.create(first);
    this.list = [tab];
    this.active = tab;
  }

  /** A new tab for `doc` (not yet in the list). */
  create(doc: EditableLevel, o: { path?: string | null; dirty?: boolean } = {}): DocumentTab {
    const tab = new DocumentTab(doc, o);
    this.hooks.created(tab);
    return tab;
  }

  /** The tab of `id` (undefined: closed since). */
  byId(id: number): DocumentTab | undefined {
    return this.list.find((t) => t.id === id);
  }

  /** The tab that has the host path `path` open (compared with `/` and `\` alike). */
  byPath(path: string): DocumentTab | undefined {
    const norm = (s: string): string => s.replace(/\\/g, '/').replace(/^\.\//, '');
    const p = norm(path);
    return this.list.find((t) => t.path !== null && norm(t.path) === p);
  }

  /** True while `tab` is still open. */
  has(tab: DocumentTab): boolean {
    return this.list.includes(tab);
  }

  /**
   * Adds `tab` right after the active tab and activates it. When the active
   * tab is pristine (an untitled document nobody touched) `tab` takes its
   * place instead (`replacePristine`, the default).
   */
  add(tab: DocumentTab, o: { replacePristine?: boolean } = {}): void {
    const cur = this.active;
    const i = this.list.indexOf(cur);
    if ((o.replacePristine ?? true) && cur.pristine && cur !== tab) {
      this.list = [...this.list.slice(0, i), tab, ...this.list.slice(i + 1)];
      this.switchTo(tab);
      this.hooks.removed(cur);
    } else {
      this.list = [...this.list.slice(0, i + 1), tab, ...this.list.slice(i + 1)];
      this.switchTo(tab);
    }
    this.remember();
  }

  /** Makes `tab` the active tab. */
  activate(tab: DocumentTab): void {
    if (!this.has(tab) || tab === this.active) return;
    this.switchTo(tab);
    this.remember();
  }

  /** Activates the tab `delta` places away (wrapping): Ctrl+Tab is +1, Ctrl+Shift+Tab -1. */
  cycle(delta: number): void {
    const n = this.list.length;
    if (n < 2) return;
    const i = this.list.indexOf(this.active);
    this.activate(this.list[(((i + delta) % n) + n) % n]!);
  }

  /**
   * Removes `tab` (no questions: the caller asked). The active tab's right
   * neighbour (else its left one) becomes active; the last tab is replaced
   * by a new untitled document of the same ruleset.
   */
  remove(tab: DocumentTab): void {
    const i = this.list.indexOf(tab);
    if (i < 0) return;
    if (this.list.length === 1) {
      const fresh = this.create(newLevel(tab.st.doc.ruleset));
      this.list = [fresh];
      this.switchTo(fresh);
    } else {
      const rest = this.list.filter((t) => t !== tab);
      if (tab === this.active) {
        const next = rest[Math.min(i, rest.length - 1)]!;
        this.list = rest;
        this.switchTo(next);
      } else this.list = rest;
    }
    this.hooks.removed(tab);
    this.remember();
  }

  private switchTo(tab: DocumentTab): void {
    const from = this.active;
    if (from && from !== tab) this.hooks.leaving(from, tab);
    this.active = tab;
    this.hooks.entered(tab);
  }

  /** Stores the open tabs for a reload (paths and autosave ids, `TabMemory`) and, unless `restoring`, tells the host (`TabHooks.remembered`). */
  remember(): void {
    const mem: TabMemory = {
      tabs: this.list.map((t) => ({ path: t.path, docId: t.docId })),
      active: Math.max(0, this.list.indexOf(this.active)),
    };
    try {
      tabStorage()?.setItem(TABS_KEY, JSON.stringify(mem));
    } catch {
      /* storage unavailable: a reload opens the initial file */
    }
    if (!this.restoring) this.hooks.remembered?.(mem);
  }
}
