/**
 * The folder Save As proposes (pure): a real folder of the workspace for
 * every ruleset.
 *
 * 1. the current file's folder;
 * 2. else the folder holding most of that ruleset's levels, from the
 *    workspace summary (`workspaceSummary`): levels inside a pack folder do
 *    not count (a pack is not where new levels of the workspace go); ties go
 *    to the shallower, then the alphabetically first folder;
 * 3. else, from the flat level list of a host without the summary, the
 *    folder named after the ruleset id that holds levels (the samples'
 *    layout: `<id>/` or `levels/<id>/`), the shallowest first;
 * 4. else the workspace root (`""`).
 */
import type { ListedFile } from '../../src-shared/host/contract.js';
import type { WorkspaceItem } from '../../src-shared/host/files-contract.js';
import { folderOf, normalizeDir } from './file-dialog.js';

/** What the proposal reads. */
export interface DefaultFolderInput {
  /** The open document's file (null: never saved). */
  currentPath: string | null;
  /** The document's ruleset id. */
  ruleset: string;
  /** The workspace summary's items (null: the host does not answer it). */
  items: readonly WorkspaceItem[] | null;
  /** The host's flat level list (used when `items` is null). */
  files: readonly ListedFile[] | null;
}

const depth = (d: string): number => (d ? d.split('/').length : 0);

/** The best of `counts` (most levels, then shallowest, then by name); undefined when empty. */
function best(counts: Map<string, number>): string | undefined {
  return [...counts].sort(([a, na], [b, nb]) => nb - na || depth(a) - depth(b) || a.localeCompare(b))[0]?.[0];
}

/** The folder Save As proposes (workspace-relative, `""` = the root); see the module header. */
export function defaultSaveFolder(o: DefaultFolderInput): string {
  if (o.currentPath) return folderOf(o.currentPath);
  if (o.items) {
    const packs = o.items.filter((i) => i.kind === 'pack').map((i) => normalizeDir(i.path));
    const inPack = (p: string): boolean => packs.some((k) => p === k || p.startsWith(`${k}/`));
    const counts = new Map<string, number>();
    for (const i of o.items) {
      if (i.kind !== 'level' || i.ruleset !== o.ruleset) continue;
      const d = folderOf(i.path);
      if (inPack(d)) continue;
      counts.set(d, (counts.get(d) ?? 0) + 1);
    }
    const b = best(counts);
    if (b !== undefined) return b;
  }
  if (o.files) {
    const counts = new Map<string, number>();
    for (const f of o.files) {
      const d = folderOf(f.path);
      if (d.split('/').pop() === o.ruleset) counts.set(d, (counts.get(d) ?? 0) + 1);
    }
    const b = best(counts);
    if (b !== undefined) return b;
  }
  return '';
}
