/**
 * The actions registry (tldraw style): every command the toolbar, menus and
 * keyboard can trigger is one `Action {id, label, shortcut, run}`; the
 * toolbar renders buttons from it and the keyboard handler dispatches to it,
 * so a shortcut and its button can never disagree.
 *
 * Shortcut syntax: `Mod+Shift+Z` — modifiers `Mod` (Ctrl, or Cmd on macOS),
 * `Ctrl`, `Shift`, `Alt`, then a key: a `KeyboardEvent.key` value compared
 * case-insensitively (`Z`, `Delete`, `ArrowLeft`, `Enter`, `F5`).
 */

import type { MenuId } from '../../src-shared/host/menu.js';

export interface Action {
  id: string;
  label: string;
  /** The application menu it appears in (src-shared/host/menu.ts); absent: not in a menu. */
  menu?: MenuId;
  /** Sort group inside its menu: a separator is drawn between groups. */
  menuGroup?: number;
  /** Longer text for the command palette and the shortcuts sheet. */
  description?: string;
  /** Zero or more shortcuts; the first one is shown in tooltips. */
  shortcuts?: string[];
  /** When false the button is disabled and the shortcut does nothing. */
  enabled?: () => boolean;
  /**
   * Also ignore the Mod shortcuts while typing in a text field (Mod+C / X / V
   * there copy and paste text, not board regions).
   */
  skipWhileTyping?: boolean;
  /** For toggles (a theme choice): the menu draws a check mark when true. */
  checked?: () => boolean;
  /** When false the action is left out of menus and the command palette (e.g. not in this ruleset). */
  visible?: () => boolean;
  /** Single-key shortcuts (no Mod/Ctrl/Alt) are ignored while typing in a text field. */
  run: () => void;
}

/** The subset of KeyboardEvent the matcher reads. */
export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export interface ParsedShortcut {
  mod: boolean;
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
  key: string;
}

/** Parses `Mod+Shift+Z`. */
export function parseShortcut(s: string): ParsedShortcut {
  const parts = s.split('+');
  const key = parts.pop() ?? '';
  const mods = new Set(parts.map((p) => p.toLowerCase()));
  return { mod: mods.has('mod'), ctrl: mods.has('ctrl'), shift: mods.has('shift'), alt: mods.has('alt'), key: key.toLowerCase() };
}

/**
 * True when the event is exactly this shortcut. `Mod` accepts Ctrl or Meta
 * (`isMac` picks Meta only); extra modifiers make it not match, so
 * `Mod+Z` does not fire on Ctrl+Shift+Z.
 */
export function matchShortcut(e: KeyLike, shortcut: string, isMac = false): boolean {
  const s = parseShortcut(shortcut);
  let key = e.key.toLowerCase();
  if (key === 'del') key = 'delete';
  if (key !== s.key) return false;
  // A punctuation key (`?`) needs Shift on some layouts and not on others: Shift is not compared for it.
  const punct = s.key.length === 1 && !/[a-z0-9]/.test(s.key);
  const wantCtrl = s.ctrl || (s.mod && !isMac);
  const wantMeta = s.mod && isMac;
  if (e.ctrlKey !== wantCtrl) return false;
  if (e.metaKey !== wantMeta) return false;
  if (!punct && e.shiftKey !== s.shift) return false;
  if (e.altKey !== s.alt) return false;
  return true;
}

/** True when the shortcut has no Mod/Ctrl/Alt (a bare key like `R` or `Delete`). */
export function isBareShortcut(shortcut: string): boolean {
  const s = parseShortcut(shortcut);
  return !s.mod && !s.ctrl && !s.alt;
}

/** Human label: `Ctrl+Shift+Z` (or `⌘⇧Z` on macOS). */
export function formatShortcut(shortcut: string, isMac = false): string {
  const s = parseShortcut(shortcut);
  const key = s.key.length === 1 ? s.key.toUpperCase() : s.key.charAt(0).toUpperCase() + s.key.slice(1);
  if (isMac) return `${s.ctrl ? '⌃' : ''}${s.alt ? '⌥' : ''}${s.shift ? '⇧' : ''}${s.mod ? '⌘' : ''}${key}`;
  const mods: string[] = [];
  if (s.mod || s.ctrl) mods.push('Ctrl');
  if (s.alt) mods.push('Alt');
  if (s.shift) mods.push('Shift');
  return [...mods, key].join('+');
}

export class ActionRegistry {
  private readonly byId = new Map<string, Action>();

  register(...actions: Action[]): void {
    for (const a of actions) this.byId.set(a.id, a);
  }

  get(id: string): Action | undefined {
    return this.byId.get(id);
  }

  all(): Action[] {
    return [...this.byId.values()];
  }

  isEnabled(id: string): boolean {
    const a = this.byId.get(id);
    return !!a && (a.enabled ? a.enabled() : true);
  }

  /** Runs an action if it exists and is enabled; answers whether it ran. */
  run(id: string): boolean {
    const a = this.byId.get(id);
    if (!a || (a.enabled && !a.enabled())) return false;
    a.run();
    return true;
  }

  /**
   * Finds the action for a key event. `typing` = focus is in a text field:
   * bare-key shortcuts are skipped then. Answers the action (enabled or not)
   * so the caller can swallow the key.
   */
  match(e: KeyLike, typing: boolean, isMac = false): Action | undefined {
    for (const a of this.byId.values()) {
      for (const s of a.shortcuts ?? []) {
        if (typing && (isBareShortcut(s) || a.skipWhileTyping)) continue;
        if (matchShortcut(e, s, isMac)) return a;
      }
    }
    return undefined;
  }
}
