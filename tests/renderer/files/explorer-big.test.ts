/**
 * The explorer over a workspace of 20,000 files (explorer.svelte.ts,
 * explorer-model.ts, folder-source.ts) against a scripted host that
 * follows the `workspaceSummary` contract (query, offset, limit, total):
 * every page is read, so all 20,000 are listed (the old explorer stopped
 * at the host's first 2,000); the filter asks the host, so a file far
 * beyond the first page is found; the flat rows of the windowed list and
 * the dialog's host search.
 */
import { describe, expect, it } from 'vitest';
import type { HostApi } from '../../../src-shared/host/contract.js';
import { WORKSPACE_SUMMARY_PAGE, workspaceItemMatches, type WorkspaceItem } from '../../../src-shared/host/files-contract.js';
import { EXPLORER_FOLDER_H, EXPLORER_ITEM_H, explorerRows, folderRuns, groupItems, rowHeights } from '../../../src-renderer/files/explorer-model.js';
import { ProjectExplorer } from '../../../src-renderer/files/explorer.svelte.js';
import { readSummary, searchLevels } from '../../../src-renderer/files/folder-source.js';

const N = 20_000;
const item = (n: number): WorkspaceItem => {
  const id = String(n).padStart(5, '0');
  return {
    path: `set-${String(Math.ceil(n / 1000)).padStart(2, '0')}/room-${id}.level.json`,
    name: `room-${id}.level.json`,
    kind: 'level',
    title: `Room ${id}`,
    status: 'draft',
  };
};
const ALL = Array.from({ length: N }, (_, i) => item(i + 1));

/** A host answering workspaceSummary over ALL by the contract; records the requests. */
function pagedHost() {
  const asked: Record<string, unknown>[] = [];
  const host = {
    workspaceSummary: async (req: { query?: string; offset?: number; limit?: number } = {}) => {
      asked.push(req);
      const matches = ALL.filter((i) => workspaceItemMatches(i, req.query ?? ''));
      const offset = req.offset ?? 0;
      const items = matches.slice(offset, offset + (req.limit ?? WORKSPACE_SUMMARY_PAGE));
      return { ok: true, items, total: matches.length, offset, capped: false, truncated: offset + items.length < matches.length };
    },
  } as unknown as HostApi;
  return { host, asked };
}

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(cond()).toBe(true);
}

describe('readSummary', () => {
  it('reads every page: 20,000 items in pages of at most 5,000, none twice', async () => {
    const { host, asked } = pagedHost();
    const r = await readSummary(host, '');
    if (!r || 'error' in r) throw new Error('no summary');
    expect(r.total).toBe(N);
    expect(r.items).toHaveLength(N);
    expect(new Set(r.items.map((i) => i.path)).size).toBe(N);
    expect(asked.map((a) => a['offset'] ?? 0)).toEqual([0, 5000, 10_000, 15_000]);
  });

  it('a reading that went stale (a newer filter) stops after the page it is on', async () => {
    const { host, asked } = pagedHost();
    let pages = 0;
    await readSummary(host, '', { stale: () => ++pages > 1 });
    expect(asked).toHaveLength(2);
  });
});

describe('ProjectExplorer over 20,000 files', () => {
  function explorer(host: HostApi): ProjectExplorer {
    const x = new ProjectExplorer({
      host,
      session: { path: null, openPath: async () => true },
      packs: { show: () => undefined, openPack: async () => true },
    } as never);
    x.open = true;
    return x;
  }

  it('lists all 20,000', async () => {
    const x = explorer(pagedHost().host);
    await x.refresh();
    expect(x.items).toHaveLength(N);
    expect(x.total).toBe(N);
    expect(x.truncated).toBe(false);
  });

  it('the filter asks the host: a file beyond the first page is found, with the query the host answered', async () => {
    const { host, asked } = pagedHost();
    const x = explorer(host);
    await x.refresh();
    x.filter = 'Room 19876';
    await until(() => x.query === 'Room 19876');
    expect(asked[asked.length - 1]).toMatchObject({ query: 'Room 19876' });
    expect(x.items!.map((i) => i.path)).toEqual(['set-20/room-19876.level.json']);
    expect(x.total).toBe(1);
    // Clearing the filter lists everything again.
    x.filter = '';
    await until(() => x.query === '' && x.items!.length === N);
  });

  it('typing fast asks the host once for the last text', async () => {
    const { host, asked } = pagedHost();
    const x = explorer(host);
    await x.refresh();
    const before = asked.length;
    for (const t of ['R', 'Ro', 'Roo', 'Room 0000', 'Room 00007']) x.filter = t;
    await until(() => x.query === 'Room 00007');
    expect(asked.slice(before).map((a) => a['query'])).toEqual(['Room 00007']);
  });
});

describe('the explorer list rows', () => {
  const items = [item(1), item(2), item(1001), { ...item(3), path: 'top.level.json', name: 'top.level.json' }];
  const groups = groupItems(items);

  it('a header per folder then its items; a collapsed folder shows its header only (a filter opens every folder)', () => {
    expect(explorerRows(groups, new Set(), false).map((r) => (r.kind === 'folder' ? `[${r.folder}]` : r.item.name))).toEqual([
      '[]',
      'top.level.json',
      '[set-01]',
      'room-00001.level.json',
      'room-00002.level.json',
      '[set-02]',
      'room-01001.level.json',
    ]);
    expect(explorerRows(groups, new Set(['set-01']), false)).toHaveLength(5);
    expect(explorerRows(groups, new Set(['set-01']), true)).toHaveLength(7);
  });

  it('row heights and the runs of one folder in a window', () => {
    const rows = explorerRows(groups, new Set(), false);
    expect(rowHeights(rows)).toEqual([
      EXPLORER_FOLDER_H,
      EXPLORER_ITEM_H,
      EXPLORER_FOLDER_H,
      EXPLORER_ITEM_H,
      EXPLORER_ITEM_H,
      EXPLORER_FOLDER_H,
      EXPLORER_ITEM_H,
    ]);
    // Rows 3..5: the tail of set-01 (no header in the window) and set-02's header.
    expect(folderRuns(rows, 3, 6).map((r) => [r.folder, r.rows.map((x) => x.index)])).toEqual([
      ['set-01', [3, 4]],
      ['set-02', [5]],
    ]);
  });
});

describe('the file dialog search', () => {
  it('asks the host: level files of the whole workspace, at most the limit', async () => {
    const { host, asked } = pagedHost();
    expect(await searchLevels(host, 'room-1999', 50)).toEqual(
      Array.from({ length: 10 }, (_, k) => ({ path: item(19990 + k).path, name: item(19990 + k).name })),
    );
    expect(asked[0]).toEqual({ query: 'room-1999', limit: 50 });
    expect(await searchLevels({} as HostApi, 'x')).toBeNull();
  });
});
