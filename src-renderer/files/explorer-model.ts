/**
 * The project explorer's pure rules: the workspace summary's items
 * (`workspaceSummary`, src-shared/host/files-contract.ts) grouped by folder
 * and filtered, the flat rows the windowed list shows (folder headers and
 * items, with their heights), and the words of each item's proof status
 * (text, never colour alone).
 */
import { workspaceItemMatches, type WorkspaceItem } from '../../src-shared/host/files-contract.js';
import { folderOf } from './file-dialog.js';

/** One folder of the explorer with its levels and packs (sorted by name). */
export interface ExplorerGroup {
  /** Workspace-relative folder, `""` for the root. */
  folder: string;
  items: WorkspaceItem[];
}

/**
 * True when `item` matches the filter text (case-insensitive, in its title,
 * file name or folder); every item matches an empty filter. The host's
 * search (`workspaceSummary {query}`) follows the same rule.
 */
export function itemMatches(item: Pick<WorkspaceItem, 'title' | 'path'>, filter: string): boolean {
  return workspaceItemMatches(item, filter);
}

const byName = new Intl.Collator(undefined, { sensitivity: 'variant' });

/**
 * The items matching `filter`, grouped by folder: folders in path order
 * (the root first), inside each packs first, then levels, each by file name.
 */
export function groupItems(items: readonly WorkspaceItem[], filter = ''): ExplorerGroup[] {
  const by = new Map<string, WorkspaceItem[]>();
  for (const i of items) {
    if (!itemMatches(i, filter)) continue;
    // A pack folder is listed in its parent folder (it is one entry, like a file).
    const f = folderOf(i.path);
    const list = by.get(f) ?? [];
    list.push(i);
    by.set(f, list);
  }
  const rank = (i: WorkspaceItem): number => (i.kind === 'pack' ? 0 : 1);
  return [...by]
    .sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : byName.compare(a, b)))
    .map(([folder, list]) => ({ folder, items: list.sort((x, y) => rank(x) - rank(y) || byName.compare(x.name, y.name)) }));
}

/** Height of a folder header row and of an item row in the explorer's list, px (Explorer.svelte's CSS uses the same). */
export const EXPLORER_FOLDER_H = 26;
export const EXPLORER_ITEM_H = 44;

/** One row of the explorer's flat list: a folder header, or an item of an open folder. */
export type ExplorerRow = { kind: 'folder'; folder: string; count: number; closed: boolean } | { kind: 'item'; folder: string; item: WorkspaceItem };

/**
 * The flat rows of `groups`: each folder's header, then its items unless
 * it is collapsed (`collapsed`; a filter shows every folder open).
 */
export function explorerRows(groups: readonly ExplorerGroup[], collapsed: ReadonlySet<string>, filtering: boolean): ExplorerRow[] {
  const rows: ExplorerRow[] = [];
  for (const g of groups) {
    const closed = collapsed.has(g.folder) && !filtering;
    rows.push({ kind: 'folder', folder: g.folder, count: g.items.length, closed });
    if (!closed) for (const item of g.items) rows.push({ kind: 'item', folder: g.folder, item });
  }
  return rows;
}

/** The height of each row, px. */
export function rowHeights(rows: readonly ExplorerRow[]): number[] {
  return rows.map((r) => (r.kind === 'folder' ? EXPLORER_FOLDER_H : EXPLORER_ITEM_H));
}

/** Rows `[start, end)` cut into runs of one folder each (a run keeps each row's index in `rows`). */
export function folderRuns(rows: readonly ExplorerRow[], start: number, end: number): { folder: string; rows: { row: ExplorerRow; index: number }[] }[] {
  const runs: { folder: string; rows: { row: ExplorerRow; index: number }[] }[] = [];
  for (let i = Math.max(0, start); i < Math.min(rows.length, end); i++) {
    const row = rows[i]!;
    const last = runs[runs.length - 1];
    if (last && last.folder === row.folder && row.kind === 'item') last.rows.push({ row, index: i });
    else runs.push({ folder: row.folder, rows: [{ row, index: i }] });
  }
  return runs;
}

/** The status badge's words: "proved par 7", "stale", "draft", "invalid", "position"; a pack: "N levels". */
export function statusWords(item: Pick<WorkspaceItem, 'kind' | 'status' | 'par' | 'levels'>): string {
  if (item.kind === 'pack') return `${item.levels ?? 0} level${item.levels === 1 ? '' : 's'}`;
  switch (item.status) {
    case 'proved':
      return item.par !== undefined ? `proved par ${item.par}` : 'proved';
    case 'stale':
      return 'stale';
    case 'draft':
      return 'draft';
    case 'invalid':
      return 'invalid';
    case 'position':
      return 'position';
    default:
      return 'unknown';
  }
}

/** The tooltip of an item's badge: what the status means for the designer. */
export function statusHelp(item: Pick<WorkspaceItem, 'kind' | 'status' | 'detail'>): string {
  if (item.kind === 'pack') return 'A pack: opens in the pack manager';
  switch (item.status) {
    case 'proved':
      return 'The stored solution is current and optimal';
    case 'stale':
      return 'Edited since its proof: save it again to prove it';
    case 'draft':
      return 'Saved without a proof';
    case 'invalid':
      return item.detail ? `Does not load or breaks builder rules: ${item.detail}` : 'Does not load or breaks builder rules';
    case 'position':
      return 'A two-player position without a goal (nothing to prove)';
    default:
      return '';
  }
}
