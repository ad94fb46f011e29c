/**
 * The editor shell: the menus (in-app menu bar or
 * the native Electron menu via `menuSet`), the command palette, the
 * shortcuts sheet, the About box and the light / dark theme. It adds its
 * own actions to the application's registry and places the application's
 * actions in the menus (menu-model.ts MENU_PLACEMENT), so every menu item,
 * palette entry, toolbar button and shortcut runs the same `Action`.
 */
import type { Action, ActionRegistry } from '../editor/actions.js';
import type { HostApi } from '../../src-shared/host/contract.js';
import type { MenuSpec } from '../../src-shared/host/menu.js';
import type { RulesetUi } from '../rulesets/ruleset-ui.js';
import { hostEvents } from '../host/events.js';
import { applyMenuPlacement, menuSpecs } from './menu-model.js';
import { MenuSync } from './menu-sync.js';
import { loadThemePref, resolveTheme, saveThemePref, type ThemePref } from './theme.js';
import { themeState } from './theme-state.svelte.js';

/** Debounce of `menuSet` calls after enabled states change (ms). */
export const MENU_SYNC_MS = 120;

/** Actions that stay out of the command palette (it opens itself; Esc closes it). */
export const PALETTE_EXCLUDE = ['command-palette', 'escape'] as const;

function prefersDark(): boolean {
  try {
    return typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)').matches : true;
  } catch {
    return true;
  }
}

function local(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

/** What the shell reads of the application: the actions it places and adds to, what their states follow, the host's menu. */
export interface ShellContext {
  readonly actions: ActionRegistry;
  /** Read so the menus follow every editor change (enabled states) and the open ruleset (its tools). */
  readonly st: unknown;
  readonly ruleset: string;
  readonly ui: Pick<RulesetUi, 'tools'>;
  readonly host: HostApi | null;
}

export class Shell {
  paletteOpen = $state(false);
  sheetOpen = $state(false);
  aboutOpen = $state(false);
  themePref: ThemePref = $state(loadThemePref(local()));
  /** The OS asks for dark (`prefers-color-scheme: dark`); read at once so the first paint has the right theme. */
  systemDark = $state(prefersDark());
  /** The host drew a native menu (Electron): the in-app menu bar is hidden. */
  nativeMenu = $state(false);
  /** The host answered `menuSet` (or has none). */
  menuAnswered = $state(false);
  /** The Electron preload is there: a native menu is expected, so the in-app bar waits for the host's answer (no flicker). */
  readonly expectNative = hostEvents() !== null;
  /** Draw the in-app menu bar: no native menu (browser at once; Electron only if its host says no). */
  showMenuBar = $derived(!this.nativeMenu && (!this.expectNative || this.menuAnswered));
  theme = $derived(resolveTheme(this.themePref, this.systemDark));
  /** The menus, recomputed whenever an action's enabled / checked state changes. */
  menus: MenuSpec[] = $derived.by(() => {
    void this.app.st;
    void this.app.ruleset;
    return menuSpecs(this.app.actions);
  });

  private sync: MenuSync | null = null;

  constructor(readonly app: ShellContext) {
    if (typeof document !== 'undefined') this.applyTheme(document.documentElement);
    this.registerActions();
    applyMenuPlacement(app.actions, (t) => app.ui.tools.some((x) => x.id === t));
  }

  private registerActions(): void {
    const overlays = (): boolean => !this.paletteOpen && !this.sheetOpen && !this.aboutOpen;
    const theme = (pref: ThemePref, label: string): Action => ({
      id: `theme-${pref}`,
      label,
      menu: 'view',
      menuGroup: 5,
      description: pref === 'system' ? 'Theme: follow the operating system (light or dark)' : `Theme: always ${pref}`,
      checked: () => this.themePref === pref,
      run: () => this.setTheme(pref),
    });
    this.app.actions.register(
      {
        id: 'command-palette',
        label: 'Command Palette…',
        menu: 'view',
        menuGroup: 1,
        description: 'Search every command by name and run it',
        shortcuts: ['Mod+Shift+P', 'Mod+K'],
        enabled: overlays,
        run: () => this.openPalette(),
      },
      theme('system', 'Theme: System'),
      theme('light', 'Theme: Light'),
      theme('dark', 'Theme: Dark'),
      {
        id: 'shortcuts',
        label: 'Keyboard Shortcuts',
        menu: 'help',
        menuGroup: 1,
        description: 'Every shortcut of the editor, with the tool keys of this ruleset',
        shortcuts: ['?', 'F1'],
        enabled: overlays,
        run: () => this.openSheet(),
      },
      {
        id: 'about',
        label: 'About Castellan',
        menu: 'help',
        menuGroup: 2,
        description: 'Version and host',
        run: () => {
          this.closeOverlays();
          this.aboutOpen = true;
        },
      },
    );
  }

  openPalette(): void {
    this.closeOverlays();
    this.paletteOpen = true;
  }

  openSheet(): void {
    this.closeOverlays();
    this.sheetOpen = true;
  }

  closeOverlays(): void {
    this.paletteOpen = false;
    this.sheetOpen = false;
    this.aboutOpen = false;
  }

  /** Picks the theme (persisted; 'system' follows the OS again). */
  setTheme(pref: ThemePref): void {
    this.themePref = pref;
    saveThemePref(local(), pref);
  }

  /** Runs an action from a menu or the palette: closes the overlays first, then `registry.run(id)`. */
  run(id: string): boolean {
    this.closeOverlays();
    return this.app.actions.run(id);
  }

  /** Applies the theme in effect to the page (`data-theme` + color-scheme) and to the board colours. */
  applyTheme(root: HTMLElement): void {
    const t = this.theme;
    themeState.resolved = t;
    root.dataset['theme'] = t;
    root.style.colorScheme = t;
  }

  /**
   * Sends the menus to the host (`menuSet`, via MenuSync: first at once,
   * then debounced when they change). `native: true` (Electron) hides the
   * in-app menu bar and keeps the native menu in sync; `native: false` or no
   * `menuSet` (serve, mock host) stops sending.
   */
  syncMenus(menus: MenuSpec[]): void {
    const host = this.app.host;
    if (!host) return;
    if (!host.menuSet) {
      this.menuAnswered = true;
      return;
    }
    this.sync ??= new MenuSync(
      (m) => host.menuSet!({ menus: m }),
      (native) => {
        this.nativeMenu = native;
        this.menuAnswered = true;
      },
      MENU_SYNC_MS,
    );
    this.sync.push(menus);
  }

  /**
   * Window wiring: the OS colour scheme (`prefers-color-scheme`) and native
   * menu clicks (`hostEvents().onMenuAction`, Electron only). Answers the
   * cleanup.
   */
  attach(win: Window): () => void {
    const offs: (() => void)[] = [];
    const mq = typeof win.matchMedia === 'function' ? win.matchMedia('(prefers-color-scheme: dark)') : null;
    if (mq) {
      this.systemDark = mq.matches;
      const on = (e: MediaQueryListEvent): void => {
        this.systemDark = e.matches;
      };
      mq.addEventListener('change', on);
      offs.push(() => mq.removeEventListener('change', on));
    }
    const ev = hostEvents(win);
    if (ev) offs.push(ev.onMenuAction((id) => void this.run(id)));
    offs.push(() => this.sync?.dispose());
    return () => offs.forEach((f) => f());
  }
}
