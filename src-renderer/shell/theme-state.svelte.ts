/**
 * The theme in effect as Svelte state: the shell (Shell.svelte) writes
 * `themeState.resolved`; the board reads `boardColors()` inside its derived
 * drawing code, so the canvas redraws when the theme changes.
 */
import { BOARD_COLORS, type BoardColors, type ThemeName } from './theme.js';

export const themeState: { resolved: ThemeName } = $state({ resolved: 'dark' });

/** The board colours of the theme in effect (reactive when read in a Svelte effect or derived). */
export function boardColors(): BoardColors {
  return BOARD_COLORS[themeState.resolved];
}
