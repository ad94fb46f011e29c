/**
 * The native menu from the renderer's MenuSpec:
 * accelerator conversion, separators, enabled/checked, the macOS app and
 * Window menus, and validation of hostile menuSet requests.
 */
import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuSpec } from '../../../src-shared/host/menu.js';
import { buildMenuTemplate, checkMenuSpecs, isBareKey, toAccelerator } from '../../../src-main/electron/menu-template.js';

const MENUS: MenuSpec[] = [
  {
    id: 'file',
    label: 'File',
    items: [
      { id: 'new', label: 'New', enabled: true },
      { id: 'open', label: 'Open…', accelerator: 'Mod+O', enabled: true },
      { id: 'save-as', label: 'Save As…', accelerator: 'Mod+Shift+S', enabled: false, separatorBefore: true },
    ],
  },
  { id: 'edit', label: 'Edit', items: [{ id: 'erase-selection', label: 'Delete', accelerator: 'Delete', enabled: true }] },
  { id: 'view', label: 'View', items: [{ id: 'theme-dark', label: 'Dark theme', enabled: true, checked: true }] },
  { id: 'pack', label: 'Pack', items: [] },
  { id: 'help', label: 'Help', items: [{ id: 'shortcuts', label: 'Keyboard shortcuts', accelerator: 'Shift+?', enabled: true }] },
];

function sub(t: MenuItemConstructorOptions): MenuItemConstructorOptions[] {
  return t.submenu as MenuItemConstructorOptions[];
}

describe('toAccelerator', () => {
  it('Mod becomes CmdOrCtrl; modifiers keep their order; letters are upper-cased', () => {
    expect(toAccelerator('Mod+S')).toBe('CmdOrCtrl+S');
    expect(toAccelerator('Mod+Shift+z')).toBe('CmdOrCtrl+Shift+Z');
    expect(toAccelerator('Ctrl+Alt+1')).toBe('Ctrl+Alt+1');
  });

  it('KeyboardEvent.key names become Electron key codes', () => {
    expect(toAccelerator('ArrowUp')).toBe('Up');
    expect(toAccelerator('Shift+ArrowLeft')).toBe('Shift+Left');
    expect(toAccelerator('Mod+Enter')).toBe('CmdOrCtrl+Enter');
    expect(toAccelerator('Escape')).toBe('Escape');
    expect(toAccelerator('Delete')).toBe('Delete');
    expect(toAccelerator('F5')).toBe('F5');
    expect(toAccelerator('Mod++')).toBe('CmdOrCtrl+Plus');
    expect(toAccelerator('Shift+?')).toBe('Shift+?');
  });

  it('unknown keys or modifiers give no accelerator', () => {
    expect(toAccelerator('Mod+Dead')).toBeUndefined();
    expect(toAccelerator('Hyper+S')).toBeUndefined();
    expect(toAccelerator('')).toBeUndefined();
    expect(toAccelerator('F25')).toBeUndefined();
  });

  it('bare keys are the ones without Ctrl/Mod/Alt', () => {
    expect(isBareKey('Delete')).toBe(true);
    expect(isBareKey('Shift+P')).toBe(true);
    expect(isBareKey('Mod+P')).toBe(false);
    expect(isBareKey('Alt+P')).toBe(false);
  });
});

describe('buildMenuTemplate', () => {
  it('Linux/Windows: the menus in order, empty ones left out, no role menus', () => {
    const t = buildMenuTemplate(MENUS, 'linux', () => undefined);
    expect(t.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Help']);
    expect(t.some((m) => m.role !== undefined)).toBe(false);
  });

  it('items carry label, enabled, converted accelerator; separators where asked', () => {
    const file = sub(buildMenuTemplate(MENUS, 'win32', () => undefined)[0]!);
    expect(file.map((i) => (i.type === 'separator' ? '---' : i.label))).toEqual(['New', 'Open…', '---', 'Save As…']);
    expect(file[1]).toMatchObject({ id: 'open', enabled: true, accelerator: 'CmdOrCtrl+O' });
    expect(file[1]!.registerAccelerator).toBeUndefined();
    expect(file[3]).toMatchObject({ enabled: false, accelerator: 'CmdOrCtrl+Shift+S' });
    expect(file[0]!.accelerator).toBeUndefined();
  });

  it('a bare-key accelerator is shown but not registered (typing in a field must not trigger it)', () => {
    const edit = sub(buildMenuTemplate(MENUS, 'linux', () => undefined)[1]!);
    expect(edit[0]).toMatchObject({ accelerator: 'Delete', registerAccelerator: false });
  });

  it('the text-editing chords (board copy/cut/paste/select all) are shown but not registered, so text fields keep Ctrl+C/X/V/A', () => {
    const menus: MenuSpec[] = [
      {
        id: 'edit',
        label: 'Edit',
        items: [
          { id: 'copy-region', label: 'Copy', enabled: true, accelerator: 'Mod+C' },
          { id: 'paste-region', label: 'Paste', enabled: true, accelerator: 'Mod+V' },
          { id: 'undo', label: 'Undo', enabled: true, accelerator: 'Mod+Z' },
        ],
      },
    ];
    const edit = sub(buildMenuTemplate(menus, 'linux', () => undefined)[0]!);
    expect(edit[0]).toMatchObject({ accelerator: 'CmdOrCtrl+C', registerAccelerator: false });
    expect(edit[1]).toMatchObject({ accelerator: 'CmdOrCtrl+V', registerAccelerator: false });
    expect(edit[2]!.registerAccelerator).toBeUndefined();
  });

  it('checked items are checkboxes', () => {
    const view = sub(buildMenuTemplate(MENUS, 'linux', () => undefined)[2]!);
    expect(view[0]).toMatchObject({ type: 'checkbox', checked: true });
  });

  it('a click runs onAction with the action id', () => {
    const clicked: string[] = [];
    const t = buildMenuTemplate(MENUS, 'linux', (id) => clicked.push(id));
    (sub(t[0]!)[1]!.click as () => void)();
    (sub(t[3]!)[0]!.click as () => void)();
    expect(clicked).toEqual(['open', 'shortcuts']);
  });

  it('macOS: app menu first, text-field roles in Edit, Window before Help, Help has the help role', () => {
    const t = buildMenuTemplate(MENUS, 'darwin', () => undefined);
    expect(t.map((m) => m.label)).toEqual(['Castellan', 'File', 'Edit', 'View', 'Window', 'Help']);
    expect(t[0]!.role).toBe('appMenu');
    expect(t[4]!.role).toBe('windowMenu');
    expect(t[5]!.role).toBe('help');
    expect(sub(t[2]!).map((i) => i.role ?? i.type ?? i.label)).toEqual(['Delete', 'separator', 'cut', 'copy', 'paste', 'selectAll']);
  });

  it('macOS with no menus yet: app menu and Window menu only', () => {
    const t = buildMenuTemplate([], 'darwin', () => undefined);
    expect(t.map((m) => m.role)).toEqual(['appMenu', 'windowMenu']);
    expect(buildMenuTemplate([], 'linux', () => undefined)).toEqual([]);
  });
});

describe('checkMenuSpecs (hostile menuSet requests)', () => {
  it('accepts the renderer’s menus and answers clean copies', () => {
    const withProto = JSON.parse(JSON.stringify(MENUS)) as unknown;
    expect(checkMenuSpecs(withProto)).toEqual(MENUS);
  });

  const bad: [string, unknown][] = [
    ['not an array', { file: [] }],
    ['unknown menu id', [{ id: 'tools', label: 'Tools', items: [] }]],
    [
      'duplicate menu',
      [
        { id: 'file', label: 'File', items: [] },
        { id: 'file', label: 'File', items: [] },
      ],
    ],
    ['extra menu field', [{ id: 'file', label: 'File', items: [], role: 'quit' }]],
    ['extra item field (a role)', [{ id: 'file', label: 'File', items: [{ id: 'q', label: 'Q', enabled: true, role: 'quit' }] }]],
    ['item id with spaces', [{ id: 'file', label: 'File', items: [{ id: 'a b', label: 'Q', enabled: true }] }]],
    ['empty label', [{ id: 'file', label: 'File', items: [{ id: 'a', label: '', enabled: true }] }]],
    ['enabled missing', [{ id: 'file', label: 'File', items: [{ id: 'a', label: 'A' }] }]],
    ['accelerator not a string', [{ id: 'file', label: 'File', items: [{ id: 'a', label: 'A', enabled: true, accelerator: 5 }] }]],
    ['too many items', [{ id: 'file', label: 'File', items: Array.from({ length: 201 }, (_, i) => ({ id: `a${i}`, label: 'A', enabled: true })) }]],
    ['item is null', [{ id: 'file', label: 'File', items: [null] }]],
    ['too many menus', Array.from({ length: 7 }, () => ({ id: 'file', label: 'F', items: [] }))],
  ];
  for (const [name, v] of bad) {
    it(`refuses: ${name}`, () => {
      expect(checkMenuSpecs(v)).toMatchObject({ ok: false, code: 'bad-request' });
    });
  }
});

describe('DevTools in the menu (checklist finding: DevTools open in packaged builds)', () => {
  /** Every role and accelerator anywhere in a template. */
  function rolesAndAccelerators(items: readonly MenuItemConstructorOptions[]): string[] {
    return items.flatMap((it) => [
      ...(it.role !== undefined ? [`role:${it.role}`] : []),
      ...(it.accelerator !== undefined ? [`acc:${String(it.accelerator)}`] : []),
      ...(Array.isArray(it.submenu) ? rolesAndAccelerators(it.submenu as MenuItemConstructorOptions[]) : []),
    ]);
  }

  for (const platform of ['linux', 'win32', 'darwin']) {
    it(`${platform}: a packaged build (devTools false, and by default) has no developer item, role or shortcut`, () => {
      for (const t of [
        buildMenuTemplate(MENUS, platform, () => undefined),
        buildMenuTemplate(MENUS, platform, () => undefined, 'Castellan', { devTools: false }),
      ]) {
        expect(t.map((m) => m.label)).not.toContain('Developer');
        const found = rolesAndAccelerators(t);
        for (const bad of [
          'role:toggleDevTools',
          'role:toggledevtools',
          'role:reload',
          'role:forceReload',
          'role:viewMenu',
          'acc:CmdOrCtrl+Shift+I',
          'acc:F12',
        ]) {
          expect(found, bad).not.toContain(bad);
        }
      }
    });
  }

  it('an unpackaged build (devTools true) gets a last Developer menu with Reload and Toggle Developer Tools', () => {
    const t = buildMenuTemplate(MENUS, 'linux', () => undefined, 'Castellan', { devTools: true });
    expect(t.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Help', 'Developer']);
    expect(sub(t[4]!).map((i) => i.role)).toEqual(['reload', 'toggleDevTools']);
  });
});
