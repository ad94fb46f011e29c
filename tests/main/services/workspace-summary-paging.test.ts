/**
 * `workspaceSummary` of a big workspace (files-host-api.ts): more files than
 * one page (the old answer stopped at 2,000), answered a page at a time
 * (`offset` / `limit`, `total`, `truncated`); the search (`query`) runs in
 * the host over every file, so a file beyond the first page is found; the
 * request's new fields are checked like the others; a second reading does
 * not read unchanged files again, but does read a changed one.
 */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkspaceItem } from '../../../src-shared/host/contract.js';
import { WORKSPACE_SUMMARY_PAGE, workspaceItemMatches } from '../../../src-shared/host/files-contract.js';
import type * as BoundedRead from '../../../src-main/services/bounded-read.js';
import { createFilesHostApi } from '../../../src-main/services/files-host-api.js';
import { workspaceFolders } from '../../../src-main/services/folder-access.js';
import { openWorkspace } from '../../../src-main/services/workspace.js';
import { cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

/** Counts the host's bounded reads (one per level or pack file summarized). */
const reads = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../../src-main/services/bounded-read.js', async (orig) => {
  const m = await orig<typeof BoundedRead>();
  return {
    ...m,
    readBoundedText: (...args: Parameters<typeof m.readBoundedText>) => {
      reads.n++;
      return m.readBoundedText(...args);
    },
  };
});

/** 2,500 levels: folders set-1..set-5 of 500 each, "Room 00001".. "Room 02500". */
const N = 2500;
let ws: string;
const room = (n: number): string => `Room ${String(n).padStart(5, '0')}`;
const fileOf = (n: number): string => `set-${Math.ceil(n / 500)}/room-${String(n).padStart(5, '0')}.level.json`;

beforeAll(() => {
  ws = tempDir('castellan-big-ws-');
  for (let n = 1; n <= N; n++) {
    const f = join(ws, fileOf(n));
    if (n % 500 === 1) mkdirSync(join(f, '..'), { recursive: true });
    writeFileSync(f, json(twoMoveLevel({ meta: { title: room(n) } })));
  }
});
afterAll(() => cleanupTempDirs());

function api(): ReturnType<typeof createFilesHostApi> {
  const w = openWorkspace(ws);
  if ('ok' in w) throw new Error(w.message);
  return createFilesHostApi(workspaceFolders(w));
}

type Page = { items: WorkspaceItem[]; total: number; offset: number; truncated: boolean; capped: boolean };
async function page(a: ReturnType<typeof createFilesHostApi>, req: Record<string, unknown>): Promise<Page> {
  const r = await a.workspaceSummary(req as never);
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r as unknown as Page;
}

describe('workspaceSummary of 2,500 files, a page at a time', () => {
  it('the first page holds WORKSPACE_SUMMARY_PAGE items and counts all 2,500; the next page holds the rest; together every file once, by path', async () => {
    const a = api();
    const first = await page(a, {});
    expect(first).toMatchObject({ total: N, offset: 0, truncated: true, capped: false });
    expect(first.items).toHaveLength(WORKSPACE_SUMMARY_PAGE);
    const rest = await page(a, { offset: WORKSPACE_SUMMARY_PAGE, limit: 5000 });
    expect(rest).toMatchObject({ total: N, offset: WORKSPACE_SUMMARY_PAGE, truncated: false });
    const paths = [...first.items, ...rest.items].map((i) => i.path);
    expect(paths).toHaveLength(N);
    expect(new Set(paths).size).toBe(N);
    expect(paths[0]).toBe(fileOf(1));
    expect(paths[N - 1]).toBe(fileOf(N));
  });

  it('the search runs in the host: a level far beyond the first page is found by its title, and by its path', async () => {
    const a = api();
    const byTitle = await page(a, { query: 'room 02499' });
    expect(byTitle).toMatchObject({ total: 1, truncated: false });
    expect(byTitle.items.map((i) => [i.path, i.title])).toEqual([[fileOf(2499), room(2499)]]);
    const byPath = await page(a, { query: 'SET-5/ROOM-0245' });
    expect(byPath.items.map((i) => i.path)).toEqual(Array.from({ length: 10 }, (_, k) => fileOf(2450 + k)));
    // The same rule as the explorer's own filter.
    expect(byPath.items.every((i) => workspaceItemMatches(i, 'SET-5/ROOM-0245'))).toBe(true);
    expect((await page(a, { query: 'nothing like this' })).total).toBe(0);
    expect((await page(a, { query: '   ' })).total).toBe(N);
  });

  it('a second reading reads no unchanged file again; a changed file is read again', async () => {
    const a = api();
    await page(a, {});
    reads.n = 0;
    await page(a, {});
    expect(reads.n).toBe(0);
    const f = join(ws, fileOf(1234));
    writeFileSync(f, json(twoMoveLevel({ meta: { title: 'Renamed room' } })));
    utimesSync(f, new Date(), new Date(Date.now() + 5000));
    const found = await page(a, { query: 'renamed room' });
    expect(reads.n).toBe(1);
    expect(found.items.map((i) => i.path)).toEqual([fileOf(1234)]);
  });

  it.each([
    ['a query that is not a string', { query: 3 }],
    ['a query over 200 characters', { query: 'x'.repeat(201) }],
    ['a negative offset', { offset: -1 }],
    ['a fractional offset', { offset: 1.5 }],
    ['a limit of 0', { limit: 0 }],
    ['a limit over 5000', { limit: 5001 }],
    ['an unknown field', { dir: '..' }],
  ])('%s is a bad request', async (_what, req) => {
    expect(await api().workspaceSummary(req as never)).toMatchObject({ ok: false, code: 'bad-request' });
  });
});
