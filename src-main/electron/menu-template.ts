/**
 * The native application menu as pure functions over the
 * renderer's MenuSpec (src-shared/host/menu.ts), unit-tested without
 * Electron; main.ts hands the template to `Menu.buildFromTemplate`.
 *
 * - `checkMenuSpecs(raw)`: validates an untrusted `menuSet` request's
 *   `menus` (a hostile renderer may send anything): answers MenuSpec[] or a
 *   `bad-request` HostError. Never throws.
 * - `toAccelerator(shortcut)`: registry syntax (`Mod+Shift+Z`, `ArrowUp`,
 *   `Delete`) to an Electron accelerator (`CmdOrCtrl+Shift+Z`, `Up`,
 *   `Delete`); undefined when the key has no accelerator name.
 * - `buildMenuTemplate(menus, platform, onAction)`: the template. On macOS
 *   an app menu (role `appMenu`: About, Services, Hide, Quit) comes first,
 *   the Edit menu gets the text-field roles (Cut, Copy, Paste, Select All:
 *   without them Cmd+C does nothing in inputs on macOS) and a Window menu
 *   (role `windowMenu`) comes before Help (role `help`). With
 *   `{ devTools: true }` (unpackaged builds only: main.ts passes
 *   `!app.isPackaged`) a last "Developer" menu holds Reload and Toggle
 *   Developer Tools (roles `reload`, `toggleDevTools`, their default
 *   accelerators); packaged builds get no developer item or shortcut, and
 *   their window is created with `devTools: false`.
 *
 * Accelerators of shortcuts without Ctrl/Mod/Alt (`Delete`, `C`) and the
 * text-editing chords (Mod+C/X/V/A: board region copy/cut/paste/select all)
 * are shown but not registered (`registerAccelerator: false`): the
 * renderer's key handler runs them, and skips them while the user types in
 * a text field, which a registered native accelerator would not.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { HostError } from '../../src-shared/host/contract.js';
import { MENU_IDS, type MenuItemSpec, type MenuSpec } from '../../src-shared/host/menu.js';

const MAX_ITEMS = 200;
const MAX_LABEL = 200;
const ACTION_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;

function bad(message: string): HostError {
  return { ok: false, code: 'bad-request', message: `menuSet: ${message}` };
}

function plain(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const p = Object.getPrototypeOf(v) as unknown;
  return p === Object.prototype || p === null;
}

function onlyKeys(o: Record<string, unknown>, allowed: readonly string[]): string | undefined {
  return Object.keys(o).find((k) => !allowed.includes(k));
}

function label(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0 && v.length <= MAX_LABEL && !v.includes('\0');
}

/**
 * Checks untrusted `menus` (see module doc). Rules: an array of at most 6
 * menus with distinct ids from MENU_IDS, each `{id, label, items}`; items
 * `{id, label, enabled, accelerator?, checked?, separatorBefore?}` (at most
 * 200 per menu), ids 1-64 of `[A-Za-z0-9_.:-]`, labels 1-200 characters,
 * accelerators at most 64 characters. Answers copies (no foreign
 * prototypes or extra keys survive).
 */
export function checkMenuSpecs(raw: unknown): MenuSpec[] | HostError {
  if (!Array.isArray(raw)) return bad('"menus" must be an array.');
  if (raw.length > MENU_IDS.length) return bad(`at most ${MENU_IDS.length} menus.`);
  const seen = new Set<string>();
  const out: MenuSpec[] = [];
  for (const [i, m] of raw.entries()) {
    if (!plain(m)) return bad(`menus[${i}] must be an object.`);
    const extra = onlyKeys(m, ['id', 'label', 'items']);
    if (extra) return bad(`menus[${i}]: unexpected field ${JSON.stringify(extra)}.`);
    if (typeof m['id'] !== 'string' || !(MENU_IDS as readonly string[]).includes(m['id'])) return bad(`menus[${i}].id must be one of ${MENU_IDS.join(', ')}.`);
    if (seen.has(m['id'])) return bad(`menus[${i}]: menu ${m['id']} appears twice.`);
    seen.add(m['id']);
    if (!label(m['label'])) return bad(`menus[${i}].label must be 1 to ${MAX_LABEL} characters.`);
    const items = m['items'];
    if (!Array.isArray(items) || items.length > MAX_ITEMS) return bad(`menus[${i}].items must be an array of at most ${MAX_ITEMS} items.`);
    const outItems: MenuItemSpec[] = [];
    for (const [j, it] of items.entries()) {
      const at = `menus[${i}].items[${j}]`;
      if (!plain(it)) return bad(`${at} must be an object.`);
      const x = onlyKeys(it, ['id', 'label', 'accelerator', 'enabled', 'checked', 'separatorBefore']);
      if (x) return bad(`${at}: unexpected field ${JSON.stringify(x)}.`);
      if (typeof it['id'] !== 'string' || !ACTION_ID.test(it['id'])) return bad(`${at}.id must be 1 to 64 of A-Z a-z 0-9 _ . : -`);
      if (!label(it['label'])) return bad(`${at}.label must be 1 to ${MAX_LABEL} characters.`);
      if (typeof it['enabled'] !== 'boolean') return bad(`${at}.enabled must be true or false.`);
      const acc = it['accelerator'];
      if (acc !== undefined && (typeof acc !== 'string' || acc.length === 0 || acc.length > 64)) return bad(`${at}.accelerator must be 1 to 64 characters.`);
      for (const k of ['checked', 'separatorBefore'] as const) {
        if (it[k] !== undefined && typeof it[k] !== 'boolean') return bad(`${at}.${k} must be true or false.`);
      }
      outItems.push({
        id: it['id'],
        label: it['label'],
        enabled: it['enabled'],
        ...(typeof acc === 'string' ? { accelerator: acc } : {}),
        ...(typeof it['checked'] === 'boolean' ? { checked: it['checked'] } : {}),
        ...(typeof it['separatorBefore'] === 'boolean' ? { separatorBefore: it['separatorBefore'] } : {}),
      });
    }
    out.push({ id: m['id'] as MenuSpec['id'], label: m['label'], items: outItems });
  }
  return out;
}

const KEY_NAMES: Record<string, string> = {
  arrowup: 'Up',
  arrowdown: 'Down',
  arrowleft: 'Left',
  arrowright: 'Right',
  escape: 'Escape',
  esc: 'Escape',
  delete: 'Delete',
  backspace: 'Backspace',
  enter: 'Enter',
  return: 'Enter',
  tab: 'Tab',
  ' ': 'Space',
  space: 'Space',
  '+': 'Plus',
  plus: 'Plus',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  pagedown: 'PageDown',
  insert: 'Insert',
};

const MODIFIERS: Record<string, string> = { mod: 'CmdOrCtrl', ctrl: 'Ctrl', control: 'Ctrl', shift: 'Shift', alt: 'Alt', meta: 'Super', cmd: 'Command' };

/**
 * Registry shortcut -> Electron accelerator (see module doc). Keys: letters
 * and digits (upper-cased), F1-F24, the named keys above, and single
 * punctuation characters; anything else answers undefined (the item is shown
 * without an accelerator).
 */
export function toAccelerator(shortcut: string): string | undefined {
  if (typeof shortcut !== 'string' || shortcut.length === 0 || shortcut.length > 64) return undefined;
  // "Mod++" means Mod and the "+" key.
  const parts = shortcut.endsWith('++') ? [...shortcut.slice(0, -2).split('+'), '+'] : shortcut.split('+');
  const key = parts.pop() ?? '';
  const mods: string[] = [];
  for (const p of parts) {
    const m = MODIFIERS[p.toLowerCase()];
    if (!m) return undefined;
    if (!mods.includes(m)) mods.push(m);
  }
  let name: string | undefined = KEY_NAMES[key.toLowerCase()];
  if (!name) {
    if (/^[A-Za-z0-9]$/.test(key)) name = key.toUpperCase();
    else if (/^F([1-9]|1[0-9]|2[0-4])$/i.test(key)) name = key.toUpperCase();
    else if (/^[!-/:-@[-`{-~]$/.test(key)) name = key;
  }
  if (!name) return undefined;
  return [...mods, name].join('+');
}

/**
 * Text-editing chords: in a text field they must keep their native meaning
 * (copy, cut, paste, select all, undo/redo of the field), so the menu shows
 * them but the renderer's key handler runs the board action (it leaves them
 * to the field while the user types: `Action.skipWhileTyping`).
 */
const TEXT_CHORDS = new Set(['mod+c', 'mod+x', 'mod+v', 'mod+a']);

/** True when the shortcut is one of the text-editing chords (see TEXT_CHORDS). */
export function isTextChord(shortcut: string): boolean {
  return TEXT_CHORDS.has(shortcut.toLowerCase());
}

/** True when the shortcut has no Ctrl/Mod/Alt/Meta (a bare key, maybe with Shift). */
export function isBareKey(shortcut: string): boolean {
  const parts = shortcut
    .split('+')
    .slice(0, -1)
    .map((p) => p.toLowerCase());
  return !parts.some((p) => p === 'mod' || p === 'ctrl' || p === 'control' || p === 'alt' || p === 'meta' || p === 'cmd');
}

function itemOptions(it: MenuItemSpec, onAction: (id: string) => void): MenuItemConstructorOptions {
  const acc = it.accelerator !== undefined ? toAccelerator(it.accelerator) : undefined;
  return {
    id: it.id,
    label: it.label,
    enabled: it.enabled,
    ...(it.checked !== undefined ? { type: 'checkbox' as const, checked: it.checked } : {}),
    ...(acc !== undefined ? { accelerator: acc, ...(isBareKey(it.accelerator!) || isTextChord(it.accelerator!) ? { registerAccelerator: false } : {}) } : {}),
    click: () => onAction(it.id),
  };
}

/** Options of buildMenuTemplate. */
export interface MenuTemplateOptions {
  /** Add the "Developer" menu (Reload, Toggle Developer Tools): unpackaged builds only. Default false. */
  devTools?: boolean;
}

/** The developer menu of unpackaged builds (see the module doc). */
export const DEVELOPER_MENU: MenuItemConstructorOptions = {
  label: 'Developer',
  submenu: [{ role: 'reload' }, { role: 'toggleDevTools' }],
};

/**
 * The Electron menu template for `menus` (already checked) on `platform`
 * (`process.platform`). `onAction(id)` runs when an item is clicked. Menus
 * without items are left out; `opts.devTools` adds DEVELOPER_MENU last.
 * Answers plain MenuItemConstructorOptions.
 */
export function buildMenuTemplate(
  menus: readonly MenuSpec[],
  platform: string,
  onAction: (id: string) => void,
  appName = 'Castellan',
  opts: MenuTemplateOptions = {},
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const out: MenuItemConstructorOptions[] = [];
  if (mac) out.push({ label: appName, role: 'appMenu' });
  for (const m of menus) {
    const sub: MenuItemConstructorOptions[] = [];
    for (const it of m.items) {
      if (it.separatorBefore && sub.length > 0) sub.push({ type: 'separator' });
      sub.push(itemOptions(it, onAction));
    }
    if (mac && m.id === 'edit') {
      if (sub.length > 0) sub.push({ type: 'separator' });
      sub.push({ role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' });
    }
    if (sub.length === 0) continue;
    if (mac && m.id === 'help') out.push({ label: 'Window', role: 'windowMenu' });
    out.push({ label: m.label, ...(m.id === 'help' && mac ? { role: 'help' as const } : {}), submenu: sub });
  }
  if (mac && !menus.some((m) => m.id === 'help' && m.items.length > 0)) out.push({ label: 'Window', role: 'windowMenu' });
  if (opts.devTools === true) out.push(DEVELOPER_MENU);
  return out;
}

/**
 * Menu items the Electron host runs itself instead of sending their id to
 * the renderer: a renderer item whose id is a key of `hostActions` (e.g.
 * `OPEN_FOLDER_ACTION`, File > "Open Folder…": only the host can show the
 * native folder dialog) gets that click handler. Answers a new template
 * (the input is not changed); the items keep their label, accelerator and
 * enabled state.
 */
export function withHostActions(
  template: readonly MenuItemConstructorOptions[],
  hostActions: Readonly<Record<string, () => void>>,
): MenuItemConstructorOptions[] {
  const wire = (items: readonly MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
    items.map((it) => {
      const own = it.id !== undefined && Object.hasOwn(hostActions, it.id) ? hostActions[it.id] : undefined;
      const next: MenuItemConstructorOptions = own ? { ...it, click: () => own() } : { ...it };
      if (Array.isArray(it.submenu)) next.submenu = wire(it.submenu as MenuItemConstructorOptions[]);
      return next;
    });
  return wire(template);
}
