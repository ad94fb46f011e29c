/**
 * The application menu as data: the renderer builds it from
 * its action registry (src-renderer/editor/actions.ts, `Action.menu`) and
 * either draws it as an in-app menu bar (browser, `castellan serve`) or
 * hands it to the Electron host (`menuSet`, session-contract.ts), which
 * builds the native menu with the same labels and accelerators. A click on a
 * native item comes back to the renderer as the action id
 * (`HostEvents.onMenuAction`), so a menu item, its toolbar button and its
 * shortcut always run the same `Action`.
 *
 * Accelerators use the registry's shortcut syntax (`Mod+Shift+Z`); the
 * Electron host converts `Mod` to `CmdOrCtrl`.
 */

/** The top-level menus, in order. */
export const MENU_IDS = ['file', 'edit', 'view', 'level', 'pack', 'help'] as const;
export type MenuId = (typeof MENU_IDS)[number];

export const MENU_LABELS: Record<MenuId, string> = {
  file: 'File',
  edit: 'Edit',
  view: 'View',
  level: 'Level',
  pack: 'Pack',
  help: 'Help',
};

export interface MenuItemSpec {
  /** The action id (`Action.id`) a click runs. */
  id: string;
  label: string;
  /** First shortcut of the action, registry syntax (`Mod+S`). */
  accelerator?: string;
  enabled: boolean;
  /** For toggles (e.g. a theme choice). */
  checked?: boolean;
  /** Draw a separator above this item. */
  separatorBefore?: boolean;
}

export interface MenuSpec {
  id: MenuId;
  label: string;
  items: MenuItemSpec[];
}

/**
 * Push events from the host to the renderer (Electron: exposed by the
 * preload as `window.castellanEvents`; the serve host has none). Each
 * `on...` answers an unsubscribe function.
 */
export interface HostEvents {
  /** A native menu item was clicked: run the action with this id. */
  onMenuAction(cb: (actionId: string) => void): () => void;
  /** The OS asked to open a file (file association, second instance, dock drop): a host path to pass to `open`. */
  onOpenFile(cb: (path: string) => void): () => void;
}
