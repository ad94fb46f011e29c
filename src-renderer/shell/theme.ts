/**
 * Light and dark themes: the page follows the OS
 * (`prefers-color-scheme`) unless View > Theme picks Light or Dark; the
 * choice is kept in localStorage. The CSS side is custom properties on
 * `:root[data-theme=...]` (app.css, shell/shell.css); the Konva board reads
 * its colours from `boardColors()` (theme-state.svelte.ts), so it follows the theme too.
 *
 * Pure helpers; the reactive current theme is shell/theme-state.svelte.ts.
 */

export const THEME_PREFS = ['system', 'light', 'dark'] as const;
export type ThemePref = (typeof THEME_PREFS)[number];
export type ThemeName = 'light' | 'dark';

/** localStorage key of the theme choice. */
export const THEME_KEY = 'castellan.theme';

/** The theme choice stored in `storage`; 'system' when none, unreadable or unknown. */
export function loadThemePref(storage: Pick<Storage, 'getItem'> | undefined): ThemePref {
  try {
    const v = storage?.getItem(THEME_KEY);
    return (THEME_PREFS as readonly string[]).includes(v ?? '') ? (v as ThemePref) : 'system';
  } catch {
    return 'system';
  }
}

/** Stores the choice ('system' removes the key); storage errors are ignored (the choice lasts for the session). */
export function saveThemePref(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, pref: ThemePref): void {
  try {
    if (pref === 'system') storage?.removeItem(THEME_KEY);
    else storage?.setItem(THEME_KEY, pref);
  } catch {
    /* private mode, quota: not persisted */
  }
}

/** The theme in effect: the explicit choice, else the OS preference (`systemDark`). */
export function resolveTheme(pref: ThemePref, systemDark: boolean): ThemeName {
  return pref === 'system' ? (systemDark ? 'dark' : 'light') : pref;
}

/** Colours the board canvas draws with (everything around the squares; piece and tile art keeps its own colours). */
export interface BoardColors {
  lightSquare: string;
  darkSquare: string;
  /** The frame around the squares. */
  frame: string;
  /** File letters and rank numbers. */
  coords: string;
  /** The stage behind the board. */
  background: string;
}

export const BOARD_COLORS: Record<ThemeName, BoardColors> = {
  dark: { lightSquare: '#e9dcc0', darkSquare: '#b39572', frame: '#2a2622', coords: '#a7afbd', background: '#16181d' },
  light: { lightSquare: '#efe4cc', darkSquare: '#b08d66', frame: '#5a4632', coords: '#3d4350', background: '#eef0f4' },
};
