/**
 * The application menu, the command palette and the shortcuts sheet as pure
 * functions of the action registry: the in-app menu bar,
 * the native Electron menu (`menuSet`), the palette and the sheet are all
 * generated from `ActionRegistry`, so a menu item, its toolbar button and
 * its shortcut always run the same `Action` and the sheet can never be stale.
 *
 * No DOM, no Svelte: tested in tests/renderer/shell.test.ts.
 */
import { MENU_IDS, MENU_LABELS, type MenuId, type MenuItemSpec, type MenuSpec } from '../../src-shared/host/menu.js';
import type { Action, ActionRegistry } from '../editor/actions.js';
import type { Tool } from '../editor/tools.js';

/** Where an existing action goes in the menu. */
export interface Placement {
  menu: MenuId;
  /** Sort group inside the menu (a separator between groups). */
  group: number;
  description?: string;
  /** A clearer label for menus and the palette (two actions are both "Back to editing" on their buttons). */
  label?: string;
}

/**
 * Menu placement of the application's actions (app/actions/file.ts,
 * edit.ts, level.ts). Actions that already carry `menu` keep theirs; `label`
 * replaces the action's label (menus, palette, tooltips); ids not
 * listed stay out of the menus (they remain in the palette). The ruleset
 * toggles (colour, side, pawn facing, paint mode) come with their menu
 * place, description and visibility from the ruleset modules
 * (app/ruleset-actions.ts).
 */
export const MENU_PLACEMENT: Readonly<Record<string, Placement>> = {
  new: { menu: 'file', group: 1, description: 'Start a new level of a ruleset of your choice' },
  open: { menu: 'file', group: 1, description: 'Open a level file' },
  save: { menu: 'file', group: 2, description: 'Save the level (the solver proves it first)' },
  'save-as': { menu: 'file', group: 2, description: 'Save the level under a new name' },
  versions: { menu: 'file', group: 3, description: 'Older versions of the open file, kept by each save' },
  'close-tab': { menu: 'file', group: 4, description: 'Close the document tab (asks when it has unsaved changes)' },
  'next-tab': { menu: 'view', group: 40, description: 'Switch to the next document tab' },
  'prev-tab': { menu: 'view', group: 40, description: 'Switch to the previous document tab' },
  undo: { menu: 'edit', group: 1, description: 'Undo the last edit (in a playtest: the last move)' },
  redo: { menu: 'edit', group: 1, description: 'Redo the last undone edit' },
  'erase-selection': { menu: 'edit', group: 2, description: 'Empty the selected region, else remove the top item of the selected square' },
  solve: { menu: 'level', group: 1, description: 'Find an optimal solution' },
  'cancel-solve': { menu: 'level', group: 1, label: 'Cancel Solve', description: 'Stop the running solver' },
  playtest: { menu: 'level', group: 2, description: 'Play the level on a copy of the document' },
  'play-engine': { menu: 'level', group: 2, description: 'Play the position against the engine' },
  'exit-playtest': { menu: 'level', group: 2, label: 'Exit Playtest', description: 'Leave the playtest; the document is unchanged' },
  'playtest-restart': { menu: 'level', group: 2, label: 'Restart Playtest', description: 'Restart the playtest from the start position' },
  'hint-next': { menu: 'level', group: 2, label: 'Show Next Move (Hint)', description: 'Playing: mark the next optimal move on the board (again: hide it)' },
  'step-first': { menu: 'level', group: 3, description: 'Solution preview: the start position' },
  'step-prev': { menu: 'level', group: 3, description: 'Solution preview: one move back' },
  'step-next': { menu: 'level', group: 3, description: 'Solution preview: one move forward' },
  'step-last': { menu: 'level', group: 3, description: 'Solution preview: the final position' },
  'exit-preview': { menu: 'level', group: 3, label: 'Exit Solution Preview', description: 'Leave the solution preview' },
};

/** Display name of a tool ("rect" -> "Rectangle"). */
export function toolName(t: Tool | string): string {
  if (t === 'rect') return 'Rectangle';
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/**
 * Applies MENU_PLACEMENT to the registered actions (fields an action
 * already has are kept) and gives the `tool-<name>` actions a readable
 * label, a description and, unless they have one, visibility in the
 * rulesets that offer the tool (`hasTool(t)`: the open document's ruleset
 * offers tool t). Mutates the registry's actions; never throws.
 */
export function applyMenuPlacement(reg: ActionRegistry, hasTool: (t: string) => boolean): void {
  for (const a of reg.all()) {
    const p = MENU_PLACEMENT[a.id];
    if (p) {
      if (a.menu === undefined) a.menu = p.menu;
      if (a.menuGroup === undefined) a.menuGroup = p.group;
      if (a.description === undefined && p.description) a.description = p.description;
      if (p.label) a.label = p.label;
    } else if (a.id.startsWith('tool-')) {
      const t = a.id.slice(5);
      a.label = `${toolName(t)} tool`;
      if (a.description === undefined) a.description = `Pick the ${toolName(t).toLowerCase()} tool in the palette`;
      if (a.visible === undefined) a.visible = () => hasTool(t);
    }
  }
}

function isVisible(a: Action): boolean {
  try {
    return a.visible ? a.visible() : true;
  } catch {
    return false;
  }
}

function isEnabled(a: Action): boolean {
  try {
    return a.enabled ? a.enabled() : true;
  } catch {
    return false;
  }
}

/**
 * The menus from the registry: every visible action with a `menu`, grouped
 * in MENU_IDS order (File, Edit, View, Level, Pack, Help), sorted by
 * `menuGroup` (then registration order), `separatorBefore` on the first item
 * of each group after the first, `enabled` from `Action.enabled`, `checked`
 * from `Action.checked`, the first shortcut as `accelerator` (registry
 * syntax, e.g. `Mod+Shift+S`). Menus without items are left out. Pure:
 * evaluates the actions' getters once.
 */
export function menuSpecs(reg: ActionRegistry): MenuSpec[] {
  const out: MenuSpec[] = [];
  const all = reg.all();
  for (const id of MENU_IDS) {
    const acts = all
      .map((a, i) => ({ a, i }))
      .filter(({ a }) => a.menu === id && isVisible(a))
      .sort((x, y) => (x.a.menuGroup ?? 0) - (y.a.menuGroup ?? 0) || x.i - y.i);
    if (!acts.length) continue;
    const items: MenuItemSpec[] = [];
    let prevGroup: number | undefined;
    for (const { a } of acts) {
      const g = a.menuGroup ?? 0;
      const item: MenuItemSpec = { id: a.id, label: a.label, enabled: isEnabled(a) };
      const acc = a.shortcuts?.[0];
      if (acc) item.accelerator = acc;
      if (a.checked) item.checked = !!a.checked();
      if (prevGroup !== undefined && g !== prevGroup) item.separatorBefore = true;
      prevGroup = g;
      items.push(item);
    }
    out.push({ id, label: MENU_LABELS[id], items });
  }
  return out;
}

// ------------------------------------------------------------------ command palette

/**
 * Fuzzy score of `query` in `text` (case-insensitive), null when it does
 * not match. A substring scores highest (earlier and at a word start is
 * better); otherwise the query's characters must appear in order
 * (subsequence), consecutive characters and word starts score more.
 * Empty query: 0.
 */
export function fuzzyScore(query: string, text: string): number | null {
  const q = query.trim().toLowerCase();
  const t = text.toLowerCase();
  if (!q) return 0;
  const wordStart = (j: number): boolean => j === 0 || /[^a-z0-9]/.test(t[j - 1]!);
  const idx = t.indexOf(q);
  if (idx >= 0) return 1000 - idx + (wordStart(idx) ? 200 : 0) - t.length / 100;
  let score = 0;
  let from = 0;
  let prev = -2;
  for (const ch of q) {
    if (ch === ' ') continue;
    const j = t.indexOf(ch, from);
    if (j < 0) return null;
    score += (j === prev + 1 ? 15 : 0) + (wordStart(j) ? 10 : 0) - Math.min(10, j - from);
    prev = j;
    from = j + 1;
  }
  return score;
}

export interface CommandEntry {
  id: string;
  label: string;
  description: string;
  /** First shortcut (registry syntax) or ''. */
  shortcut: string;
  enabled: boolean;
  /** Toggles (a theme choice): whether it is the current one; absent for plain commands. */
  checked?: boolean;
  /** The menu it lives in ('' when none). */
  menu: MenuId | '';
  score: number;
}

/**
 * The command palette's list: every visible action (except ids in
 * `exclude`) whose label matches `query` fuzzily, or whose label plus
 * description contains every word of the query; label matches rank above
 * description matches. Empty query: all of them in menu order (File ...
 * Help, then actions without a menu by label). Disabled actions are listed
 * (greyed by the UI) after enabled ones of the same score.
 */
export function filterCommands(reg: ActionRegistry, query: string, exclude: readonly string[] = []): CommandEntry[] {
  const q = query.trim();
  const entries: CommandEntry[] = [];
  const all = reg.all();
  for (const a of all) {
    if (exclude.includes(a.id) || !isVisible(a)) continue;
    const description = a.description ?? '';
    let score: number | null = fuzzyScore(q, a.label);
    if (score === null && q) {
      const hay = `${a.label} ${description}`;
      const words = q.split(/\s+/);
      let sum = 0;
      for (const w of words) {
        const s = hay.toLowerCase().includes(w.toLowerCase()) ? 1 : null;
        if (s === null) {
          sum = NaN;
          break;
        }
        sum += s;
      }
      score = Number.isNaN(sum) ? null : -1000 + sum;
    }
    if (score === null) continue;
    const e: CommandEntry = { id: a.id, label: a.label, description, shortcut: a.shortcuts?.[0] ?? '', enabled: isEnabled(a), menu: a.menu ?? '', score };
    if (a.checked) e.checked = !!a.checked();
    entries.push(e);
  }
  if (!q) {
    const order = (e: CommandEntry): number => (e.menu ? MENU_IDS.indexOf(e.menu) : MENU_IDS.length);
    const pos = new Map(all.map((a, i) => [a.id, { g: a.menuGroup ?? 0, i }]));
    return entries.sort((x, y) => {
      const d = order(x) - order(y);
      if (d) return d;
      if (!x.menu) return x.label.localeCompare(y.label);
      const px = pos.get(x.id)!;
      const py = pos.get(y.id)!;
      return px.g - py.g || px.i - py.i;
    });
  }
  return entries.sort((x, y) => y.score - x.score || Number(y.enabled) - Number(x.enabled) || x.label.localeCompare(y.label));
}

// ------------------------------------------------------------------ shortcuts sheet

export interface SheetRow {
  id: string;
  label: string;
  /** Every shortcut of the action (registry syntax). */
  keys: string[];
}

export interface SheetSection {
  /** A menu id, 'tools' or 'other'. */
  id: MenuId | 'tools' | 'other';
  title: string;
  rows: SheetRow[];
}

/**
 * The shortcuts sheet (Help > Keyboard shortcuts): one section per menu
 * (MENU_IDS order) with its actions that have shortcuts (hidden ones too:
 * a key that works is listed), then
 * "Tools" (`tools`: the current ruleset's tools in palette order with their
 * keys, from the ruleset module's tool list), then "Other" (actions with
 * shortcuts but no menu, tools excluded). Sections without rows are left
 * out. Generated from the registry, so it follows every change of keys.
 */
export function shortcutSheet(reg: ActionRegistry, tools: readonly { tool: string; key: string }[]): SheetSection[] {
  const out: SheetSection[] = [];
  // Every action with a shortcut, visible or not: the sheet shows what the keyboard does.
  const withKeys = reg.all().filter((a) => (a.shortcuts?.length ?? 0) > 0);
  for (const id of MENU_IDS) {
    const rows = withKeys
      .filter((a) => a.menu === id)
      .sort((x, y) => (x.menuGroup ?? 0) - (y.menuGroup ?? 0))
      .map((a) => ({ id: a.id, label: a.label, keys: [...(a.shortcuts ?? [])] }));
    if (rows.length) out.push({ id, title: MENU_LABELS[id], rows });
  }
  const toolRows = tools.filter((t) => t.key).map((t) => ({ id: `tool-${t.tool}`, label: toolName(t.tool), keys: [t.key] }));
  if (toolRows.length) out.push({ id: 'tools', title: 'Tools', rows: toolRows });
  const other = withKeys.filter((a) => !a.menu && !a.id.startsWith('tool-')).map((a) => ({ id: a.id, label: a.label, keys: [...(a.shortcuts ?? [])] }));
  if (other.length) out.push({ id: 'other', title: 'Other', rows: other });
  return out;
}
