/**
 * The project explorer's pure rules: the workspace summary's items
 * (`workspaceSummary`, src-shared/host/files-contract.ts) grouped by folder
 * and filtered, and the words of each item's proof status (text, never
 * colour alone).
 */
import type { WorkspaceItem } from '../../src-shared/host/files-contract.js';
import { folderOf } from './file-dialog.js';

/** One folder of the explorer with its levels and packs (sorted by name). */
export interface ExplorerGroup {
  /** Workspace-relative folder, `""` for the root. */
  folder: string;
  items: WorkspaceItem[];
}

/** True when `item` matches the filter text (case-insensitive, in its title, file name or folder); every item matches an empty filter. */
export function itemMatches(item: Pick<WorkspaceItem, 'title' | 'path'>, filter: string): boolean {
  const q = filter.trim().toLowerCase();
  if (!q) return true;
  return item.title.toLowerCase().includes(q) || item.path.toLowerCase().includes(q);
}

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
    .sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b)))
    .map(([folder, list]) => ({ folder, items: list.sort((x, y) => rank(x) - rank(y) || x.name.localeCompare(y.name)) }));
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
