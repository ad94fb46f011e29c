import { describe, expect, it } from 'vitest';
import { ActionRegistry, isBareShortcut, matchShortcut, parseShortcut, type Action } from '../../src-renderer/editor/actions.js';
import { applyMenuPlacement, filterCommands, fuzzyScore, MENU_PLACEMENT, menuSpecs, shortcutSheet } from '../../src-renderer/shell/menu-model.js';
import { RULESET_UIS } from '../../src-renderer/rulesets/index.js';
import { bareActionKeys, toolKeys, type RulesetUi } from '../../src-renderer/rulesets/ruleset-ui.js';
import { rulesetActions } from '../../src-renderer/app/ruleset-actions.js';
import { editorOn, sampleLevel } from './fixtures.js';
import { BOARD_COLORS, loadThemePref, resolveTheme, saveThemePref, THEME_KEY } from '../../src-renderer/shell/theme.js';
import { CM_GLYPH, CM_GLYPH_SYMBOL } from '../../src-shared/display/art/tiles.js';
import { KV_ART, PIECE_ART, TONE_STYLE } from '../../src-shared/display/art/pieces.js';
import { KV_SIDE_ART } from '../../src-shared/rulesets/kings-valley/display.js';
import type { EditableRuleset } from '../../src-renderer/editor/default-doc.js';

const noop = (): void => undefined;
const act = (a: Partial<Action> & { id: string }): Action => ({ label: a.id, run: noop, ...a });

describe('menuSpecs (the menu is built from the action registry)', () => {
  it('groups by menu in File, Edit, View, Level, Pack, Help order; sorts by group; separators between groups; first shortcut as accelerator', () => {
    const r = new ActionRegistry();
    let canUndo = false;
    r.register(
      act({ id: 'shortcuts', label: 'Keyboard Shortcuts', menu: 'help', menuGroup: 1, shortcuts: ['?', 'F1'] }),
      act({ id: 'save', label: 'Save', menu: 'file', menuGroup: 2, shortcuts: ['Mod+S'] }),
      act({ id: 'new', label: 'New', menu: 'file', menuGroup: 1 }),
      act({ id: 'open', label: 'Open…', menu: 'file', menuGroup: 1, shortcuts: ['Mod+O'] }),
      act({ id: 'undo', label: 'Undo', menu: 'edit', menuGroup: 1, shortcuts: ['Mod+Z'], enabled: () => canUndo }),
      act({ id: 'escape', label: 'Cancel', shortcuts: ['Escape'] }),
      act({ id: 'theme-dark', label: 'Dark', menu: 'view', menuGroup: 5, checked: () => true }),
      act({ id: 'theme-light', label: 'Light', menu: 'view', menuGroup: 5, checked: () => false }),
      act({ id: 'hidden', label: 'Hidden', menu: 'edit', menuGroup: 3, visible: () => false }),
    );
    const m = menuSpecs(r);
    // No Level and no Pack items: those menus are left out; no menu: escape is not in any.
    expect(m.map((x) => x.id)).toEqual(['file', 'edit', 'view', 'help']);
    expect(m.map((x) => x.label)).toEqual(['File', 'Edit', 'View', 'Help']);
    expect(m[0]!.items).toEqual([
      { id: 'new', label: 'New', enabled: true },
      { id: 'open', label: 'Open…', accelerator: 'Mod+O', enabled: true },
      { id: 'save', label: 'Save', accelerator: 'Mod+S', enabled: true, separatorBefore: true },
    ]);
    expect(m[1]!.items).toEqual([{ id: 'undo', label: 'Undo', accelerator: 'Mod+Z', enabled: false }]);
    expect(m[2]!.items.map((i) => [i.id, i.checked])).toEqual([
      ['theme-dark', true],
      ['theme-light', false],
    ]);
    expect(m[3]!.items[0]!.accelerator).toBe('?');
    // Enabled state is read at call time.
    canUndo = true;
    expect(menuSpecs(r)[1]!.items[0]!.enabled).toBe(true);
  });

  it('an enabled() that throws makes the item disabled instead of crashing the menu', () => {
    const r = new ActionRegistry();
    r.register(
      act({
        id: 'x',
        menu: 'level',
        enabled: () => {
          throw new Error('boom');
        },
      }),
    );
    expect(menuSpecs(r)).toEqual([{ id: 'level', label: 'Level', items: [{ id: 'x', label: 'x', enabled: false }] }]);
  });

  it('applyMenuPlacement puts controller actions in menus, keeps an explicit menu, and shows tools only in rulesets that have them', () => {
    const r = new ActionRegistry();
    let rs: EditableRuleset = 'unlock-the-king';
    // The toggles come from the ruleset modules (app/ruleset-actions.ts), visible where the open document's module has them.
    const host = {
      editor: editorOn(sampleLevel()),
      get ui() {
        return RULESET_UIS[rs] as unknown as RulesetUi;
      },
      play: null,
    };
    r.register(
      act({ id: 'save', label: 'Save' }),
      act({ id: 'undo', label: 'Undo', menu: 'level', menuGroup: 9 }),
      ...rulesetActions(host).filter((a) => a.id === 'toggle-lateral'),
      act({ id: 'tool-rect', label: 'rect' }),
      act({ id: 'tool-coin', label: 'coin' }),
    );
    applyMenuPlacement(r, (t) => host.ui.tools.some((x) => x.id === t));
    expect(r.get('save')!.menu).toBe('file');
    expect(r.get('save')!.description).toBe(MENU_PLACEMENT['save']!.description);
    expect([r.get('undo')!.menu, r.get('undo')!.menuGroup]).toEqual(['level', 9]);
    expect(r.get('tool-rect')!.label).toBe('Rectangle tool');
    // UK has lateral pawns (UK-4) but no coin tile (both rulesets have the rectangle tool now); Chess Maze the other way round.
    expect([r.get('toggle-lateral')!.visible!(), r.get('tool-coin')!.visible!()]).toEqual([true, false]);
    rs = 'chess-maze';
    expect([r.get('toggle-lateral')!.visible!(), r.get('tool-coin')!.visible!()]).toEqual([false, true]);
    expect(menuSpecs(r).flatMap((m) => m.items.map((i) => i.id))).not.toContain('toggle-lateral');
  });
});

describe('command palette filtering', () => {
  const reg = (): ActionRegistry => {
    const r = new ActionRegistry();
    r.register(
      act({ id: 'undo', label: 'Undo', menu: 'edit', menuGroup: 1, description: 'Undo the last edit' }),
      act({ id: 'redo', label: 'Redo', menu: 'edit', menuGroup: 1, description: 'Redo the last undone edit' }),
      act({ id: 'save-as', label: 'Save As…', menu: 'file', menuGroup: 2, shortcuts: ['Mod+Shift+S'] }),
      act({ id: 'save', label: 'Save', menu: 'file', menuGroup: 2, description: 'Save the level (the solver proves it first)', enabled: () => false }),
      act({ id: 'solve', label: 'Solve', menu: 'level', menuGroup: 1, description: 'Find an optimal solution' }),
      act({ id: 'tool-brush', label: 'Brush tool' }),
      act({ id: 'command-palette', label: 'Command Palette…', menu: 'view' }),
    );
    return r;
  };

  it('a substring beats a scattered match, a word start beats the middle of a word', () => {
    expect(fuzzyScore('sav', 'Save As…')!).toBeGreaterThan(fuzzyScore('sva', 'Save As…')!);
    expect(fuzzyScore('as', 'Save As…')!).toBeGreaterThan(fuzzyScore('av', 'Save As…')!);
    expect(fuzzyScore('xyz', 'Save As…')).toBeNull();
    // Order matters: "sa" is a subsequence of "Save As", "as" then "v" is not after "s" ... "vs" is not.
    expect(fuzzyScore('vs', 'Save')).toBeNull();
  });

  it('"sva" finds Save As (subsequence); "undo" lists Undo first; exclusions and disabled entries', () => {
    const r = reg();
    expect(filterCommands(r, 'sva').map((e) => e.id)).toEqual(['save-as']);
    const u = filterCommands(r, 'undo');
    // "undo" is in Undo's label; Redo only matches through its description ("undone").
    expect(u.map((e) => e.id)).toEqual(['undo', 'redo']);
    const s = filterCommands(r, 'save', ['command-palette']);
    expect(s.map((e) => e.id)).toEqual(['save', 'save-as']);
    expect(s[0]!.enabled).toBe(false);
    expect(s[1]!.shortcut).toBe('Mod+Shift+S');
  });

  it('matches words of the description ("optimal" finds Solve; "proves level" finds Save)', () => {
    const r = reg();
    expect(filterCommands(r, 'optimal').map((e) => e.id)).toEqual(['solve']);
    expect(filterCommands(r, 'proves level').map((e) => e.id)).toEqual(['save']);
  });

  it('toggles carry their checked state (the current theme is marked)', () => {
    const r = new ActionRegistry();
    let pref = 'dark';
    r.register(
      act({ id: 'theme-light', label: 'Theme: Light', checked: () => pref === 'light' }),
      act({ id: 'theme-dark', label: 'Theme: Dark', checked: () => pref === 'dark' }),
      act({ id: 'solve', label: 'Solve' }),
    );
    expect(filterCommands(r, '').map((e) => [e.id, e.checked])).toEqual([
      ['solve', undefined],
      ['theme-dark', true],
      ['theme-light', false],
    ]);
    pref = 'light';
    expect(filterCommands(r, 'light')[0]!.checked).toBe(true);
  });

  it('empty query: everything except exclusions, in menu order (File, Edit, ..., then actions without a menu)', () => {
    expect(filterCommands(reg(), '', ['command-palette']).map((e) => e.id)).toEqual(['save-as', 'save', 'undo', 'redo', 'solve', 'tool-brush']);
  });
});

describe('shortcuts sheet', () => {
  it('lists menu actions with keys by menu, then the tools of the ruleset with their keys, then others', () => {
    const r = new ActionRegistry();
    r.register(
      act({ id: 'new', label: 'New', menu: 'file' }),
      act({ id: 'save', label: 'Save', menu: 'file', shortcuts: ['Mod+S'] }),
      act({ id: 'redo', label: 'Redo', menu: 'edit', shortcuts: ['Mod+Shift+Z', 'Mod+Y'] }),
      act({ id: 'escape', label: 'Cancel / exit', shortcuts: ['Escape'] }),
      act({ id: 'tool-brush', label: 'Brush tool', shortcuts: ['B'] }),
      // Not shown in menus or the palette, but its key works: the sheet lists it.
      act({ id: 'hidden-key', label: 'Hidden', menu: 'edit', shortcuts: ['H'], visible: () => false }),
    );
    const cm = RULESET_UIS['chess-maze'];
    const sheet = shortcutSheet(
      r,
      cm.tools.map((t) => ({ tool: t.id, key: t.key })),
    );
    expect(sheet.map((s) => s.id)).toEqual(['file', 'edit', 'tools', 'other']);
    expect(sheet[0]!.rows).toEqual([{ id: 'save', label: 'Save', keys: ['Mod+S'] }]);
    expect(sheet[1]!.rows[0]!.keys).toEqual(['Mod+Shift+Z', 'Mod+Y']);
    expect(sheet[1]!.rows.map((x) => x.id)).toEqual(['redo', 'hidden-key']);
    const tools = Object.fromEntries(sheet[2]!.rows.map((x) => [x.label, x.keys[0]]));
    expect(tools).toMatchObject({ Brush: 'B', Erase: 'E', Rectangle: 'R', Fill: 'F', Select: 'V', King: '1', Pawn: '6' });
    expect(sheet[3]!.rows.map((x) => x.id)).toEqual(['escape']);
  });
});

describe('tool shortcuts', () => {
  const RULESETS = Object.keys(RULESET_UIS) as EditableRuleset[];
  /** Bare keys the shell and the controller use in every ruleset besides tools and the modules' bare action keys (bareActionKeys). */
  const GLOBAL_BARE = ['Delete', 'Backspace', 'Escape', '?', 'F1'];

  it('B brush, E erase, R rectangle, F fill, V select, P playtest wherever the tool exists', () => {
    for (const id of RULESETS) {
      const k = toolKeys(RULESET_UIS[id]);
      const want: Record<string, string> = { brush: 'B', erase: 'E', rect: 'R', fill: 'F', select: 'V' };
      for (const [tool, key] of Object.entries(want)) {
        if (tool in k) expect(k[tool], `${id} ${tool}`).toBe(key);
      }
      expect(bareActionKeys(RULESET_UIS[id])['playtest'], id).toBe('P');
    }
  });

  it('no two shortcuts share a key in any ruleset (tools, toggles, playtest, shell keys)', () => {
    for (const id of RULESETS) {
      const ui = RULESET_UIS[id];
      const keys = [...ui.tools.map((t) => t.key), ...Object.values(bareActionKeys(ui)), ...GLOBAL_BARE];
      expect(
        keys.every((k) => k !== '' && isBareShortcut(k)),
        id,
      ).toBe(true);
      const norm = keys.map((k) => parseShortcut(k).key);
      const dup = norm.filter((k, i) => norm.indexOf(k) !== i);
      expect(dup, `${id}: ${keys.join(' ')}`).toEqual([]);
    }
  });

  it('the chess pieces are on the digits 1..6 (king ... pawn) wherever a letter would clash', () => {
    for (const id of ['unlock-the-king', 'chess-maze', 'locking-chess'] as const) {
      const k = toolKeys(RULESET_UIS[id]);
      expect([k['king'], k['queen'], k['rook'], k['bishop'], k['knight'], k['pawn']], id).toEqual(['1', '2', '3', '4', '5', '6']);
    }
  });

  it('"?" opens the sheet with or without Shift (layouts differ); letters still compare Shift', () => {
    const ev = (key: string, shift: boolean) => ({ key, shiftKey: shift, ctrlKey: false, metaKey: false, altKey: false });
    expect(matchShortcut(ev('?', true), '?')).toBe(true);
    expect(matchShortcut(ev('?', false), '?')).toBe(true);
    expect(matchShortcut(ev('P', true), 'P')).toBe(false);
    expect(matchShortcut(ev('P', true), 'Shift+P')).toBe(true);
  });
});

describe('themes', () => {
  const mem = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
  };

  it('System follows the OS; Light and Dark override it', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('the choice is stored in localStorage; System removes it; junk and broken storage read as System', () => {
    const s = mem();
    expect(loadThemePref(s)).toBe('system');
    saveThemePref(s, 'light');
    expect(s.m.get(THEME_KEY)).toBe('light');
    expect(loadThemePref(s)).toBe('light');
    saveThemePref(s, 'system');
    expect(s.m.has(THEME_KEY)).toBe(false);
    s.m.set(THEME_KEY, 'purple');
    expect(loadThemePref(s)).toBe('system');
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadThemePref(broken)).toBe('system');
    expect(loadThemePref(undefined)).toBe('system');
  });

  it('board colours: the coordinates contrast with the page in both themes', () => {
    // Relative luminance (WCAG 2) of #rrggbb.
    const lum = (hex: string): number => {
      const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
    };
    const ratio = (a: string, b: string): number => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
      return (x! + 0.05) / (y! + 0.05);
    };
    for (const t of ['light', 'dark'] as const) {
      const c = BOARD_COLORS[t];
      expect(ratio(c.coords, c.background), t).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('colour-blind-safe glyphs', () => {
  it('the four CM colours have four different glyph shapes and symbols (CM-5, CM-6)', () => {
    expect(new Set(Object.values(CM_GLYPH)).size).toBe(4);
    expect(new Set(Object.values(CM_GLYPH_SYMBOL)).size).toBe(4);
  });

  it('every piece role has its own silhouette; the two colours / sides differ by outline, not only fill', () => {
    const bodies = Object.values(PIECE_ART).map((a) => a.body);
    expect(new Set(bodies).size).toBe(6);
    expect(KV_ART.king.body).not.toBe(KV_ART.soldier.body);
    expect(TONE_STYLE.light.dash).toEqual([]);
    expect(TONE_STYLE.dark.dash.length).toBeGreaterThan(0);
    expect(KV_SIDE_ART.white.dot).not.toBe(KV_SIDE_ART.black.dot);
  });
});

describe('menu labels', () => {
  it('no two items of a menu share a label once the controller actions are placed', () => {
    const r = new ActionRegistry();
    // The controller's labels (controller.svelte.ts registerActions): two are "Back to editing".
    const labels: Record<string, string> = {
      solve: 'Solve',
      'cancel-solve': 'Cancel',
      playtest: 'Playtest',
      'exit-playtest': 'Back to editing',
      'playtest-restart': 'Restart',
      'step-first': 'First position',
      'step-prev': 'Previous move',
      'step-next': 'Next move',
      'step-last': 'Last position',
      'exit-preview': 'Back to editing',
    };
    for (const [id, label] of Object.entries(labels)) r.register(act({ id, label }));
    applyMenuPlacement(r, () => true);
    for (const m of menuSpecs(r)) {
      const ls = m.items.map((i) => i.label);
      expect(new Set(ls).size, `${m.id}: ${ls.join(', ')}`).toBe(ls.length);
    }
  });
});
