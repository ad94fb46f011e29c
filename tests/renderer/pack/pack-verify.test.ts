/**
 * The pack manager's Verify (pack-manager.svelte.ts over a scripted host;
 * verify-model.ts): the caps each level had are known from the host's
 * answer; levels that ended at a cap are offered "Re-verify the limits with
 * a longer cap", which sends only their positions and the chosen caps and
 * keeps the other levels' results; Cancel of a re-verify gives those
 * levels their earlier result back. The view filter finds a level by title,
 * file, status or position.
 */
import { describe, expect, it } from 'vitest';
import type { HostApi } from '../../../src-shared/host/contract.js';
import type { OpenedPack, PackRow, PackVerifyPollAnswer } from '../../../src-shared/host/pack-contract.js';
import type { PackFile } from '../../../src-shared/model/level.js';
import { PackManager, verifyPollMs, type PackManagerContext } from '../../../src-renderer/pack/pack-manager.svelte.js';
import { filterRows } from '../../../src-renderer/pack/pack-model.js';
import { capsText, durationText, limitPositions, reverifyChoices } from '../../../src-renderer/pack/verify-model.js';

const row = (index: number, extra: Partial<PackRow> = {}): PackRow => ({
  index,
  name: `levels/${index}.level.json`,
  path: `packs/p/levels/${index}.level.json`,
  title: `Level ${index + 1}`,
  status: 'draft',
  detail: 'no solution',
  levelHash: `sha256:${index}`,
  ...extra,
});

function opened(n: number): OpenedPack {
  const pack: PackFile = {
    format: 'castellan.pack',
    version: 1,
    title: 'P',
    ruleset: 'unlock-the-king',
    levels: Array.from({ length: n }, (_, i) => ({ file: `levels/${i}.level.json` })),
  } as PackFile;
  return {
    ok: true,
    path: 'packs/p',
    form: 'folder',
    pack,
    rows: Array.from({ length: n }, (_, i) => row(i)),
    revision: { mtimeMs: 1, size: 1 },
  } as OpenedPack;
}

/**
 * A host whose verify jobs answer what the test scripts: `answers[k]` is the
 * final rows of the k-th job; a job numbered in `hold` (1-based) stays
 * running with its rows pending until cancelled.
 */
function scriptedHost(n: number, answers: PackRow[][], hold: readonly number[] = []) {
  const starts: Record<string, unknown>[] = [];
  const cancels: string[] = [];
  const host = {
    packOpen: async () => opened(n),
    packVerifyStart: async (req: Record<string, unknown>) => {
      starts.push(req);
      const total = Array.isArray(req['levels']) ? (req['levels'] as number[]).length : n;
      return {
        ok: true,
        jobId: `job${starts.length}`,
        total,
        timeMs: (req['timeMs'] as number) ?? 20_000,
        maxStates: (req['maxStates'] as number) ?? 20_000_000,
      };
    },
    packVerifyPoll: async ({ jobId }: { jobId: string }): Promise<PackVerifyPollAnswer> => {
      const k = Number(jobId.slice(3)) - 1;
      const req = starts[k]!;
      const rows = answers[k]!;
      const held = hold.includes(k + 1);
      return {
        ok: true,
        jobId,
        state: held ? 'running' : 'done',
        done: held ? 0 : rows.length,
        total: rows.length,
        rows: held ? rows.map((r) => ({ ...r, status: 'pending' as const, detail: 'waiting' })) : rows,
        ms: 5,
        timeMs: (req['timeMs'] as number) ?? 20_000,
        maxStates: (req['maxStates'] as number) ?? 20_000_000,
      };
    },
    packVerifyCancel: async ({ jobId }: { jobId: string }) => {
      cancels.push(jobId);
      return { ok: true, jobId, cancelled: true };
    },
  } as unknown as HostApi;
  return { host, starts, cancels };
}

function manager(host: HostApi): PackManager {
  const app = {
    host,
    st: { doc: {}, dirty: false },
    notices: { dialog: null, flash: () => undefined },
    session: { path: null, openPath: async () => true, openDocument: () => undefined },
  } as unknown as PackManagerContext;
  return new PackManager(app);
}

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(cond()).toBe(true);
}

const limit = (i: number): PackRow => row(i, { status: 'limit', detail: 'solver gave up at its time cap (0 states)', states: 0 });
const proved = (i: number, par: number): PackRow => row(i, { status: 'proved', detail: `proved par ${par}`, par });

describe('Verify: caps and re-verify the limits', () => {
  it('the caps of the verify are kept; the levels that ended at a cap are listed', async () => {
    const { host, starts } = scriptedHost(4, [[proved(0, 3), limit(1), proved(2, 4), limit(3)]]);
    const m = manager(host);
    await m.openPack('packs/p');
    await m.startVerify();
    await until(() => m.verify?.state === 'done');
    expect(starts[0]).toEqual({ path: 'packs/p' });
    expect(m.verify).toMatchObject({ timeMs: 20_000, maxStates: 20_000_000, total: 4 });
    expect(m.limits).toEqual([1, 3]);
  });

  it('re-verify sends only the limit positions with the chosen caps and keeps the other results', async () => {
    const { host, starts } = scriptedHost(4, [
      [proved(0, 3), limit(1), proved(2, 4), limit(3)],
      [proved(1, 9), proved(3, 11)],
    ]);
    const m = manager(host);
    await m.openPack('packs/p');
    await m.startVerify();
    await until(() => m.verify?.state === 'done');
    await m.reverifyLimits(120_000, 50_000_000);
    await until(() => m.verify?.jobId === 'job2' && m.verify.state === 'done');
    expect(starts[1]).toEqual({ path: 'packs/p', levels: [1, 3], timeMs: 120_000, maxStates: 50_000_000 });
    expect(m.verify).toMatchObject({ subset: 2, total: 2, timeMs: 120_000, maxStates: 50_000_000 });
    expect(m.rows.map((r) => [r.index, r.status, r.par])).toEqual([
      [0, 'proved', 3],
      [1, 'proved', 9],
      [2, 'proved', 4],
      [3, 'proved', 11],
    ]);
    expect(m.limits).toEqual([]);
    expect(m.summary.text).toBe('all 4 levels proved');
  });

  it('cancelling a re-verify gives the re-verified levels their earlier result back', async () => {
    const { host, starts, cancels } = scriptedHost(
      3,
      [
        [proved(0, 3), limit(1), limit(2)],
        [proved(1, 9), proved(2, 5)],
      ],
      [2],
    );
    const m = manager(host);
    await m.openPack('packs/p');
    await m.startVerify();
    await until(() => m.verify?.state === 'done');
    // The scripted host keeps this second job running (its rows pending) until cancelled.
    await m.reverifyLimits(60_000, 20_000_000);
    await until(() => m.rows[1]!.status === 'pending');
    expect(starts[1]).toMatchObject({ levels: [1, 2] });
    await m.cancelVerify();
    expect(cancels).toContain('job2');
    expect(m.rows.map((r) => r.status)).toEqual(['proved', 'limit', 'limit']);
  });

  it('a big pack is polled less often (each answer carries every row)', () => {
    expect(verifyPollMs(50)).toBe(200);
    expect(verifyPollMs(5000)).toBe(500);
    expect(verifyPollMs(10_000)).toBe(1000);
    expect(verifyPollMs(100_000)).toBe(1000);
  });
});

describe('verify-model', () => {
  it('caps in words', () => {
    expect(durationText(20_000)).toBe('20 s');
    expect(durationText(60_000)).toBe('1 min');
    expect(durationText(150_000)).toBe('2 min 30 s');
    expect(durationText(250)).toBe('250 ms');
    expect(capsText({ timeMs: 20_000, maxStates: 20_000_000 })).toBe('20 s and 20,000,000 states per level');
  });

  it('re-verify choices after 20 s / 20,000,000 states: longer times and more states, preselected 2 min and 50,000,000', () => {
    const c = reverifyChoices({ timeMs: 20_000, maxStates: 20_000_000 });
    expect(c.times).toEqual([20_000, 60_000, 120_000, 300_000, 600_000]);
    expect(c.states).toEqual([20_000_000, 50_000_000, 100_000_000]);
    expect(c).toMatchObject({ timeMs: 120_000, maxStates: 50_000_000, larger: true });
  });

  it('nothing longer to offer after the largest caps', () => {
    expect(reverifyChoices({ timeMs: 600_000, maxStates: 100_000_000 })).toEqual({
      times: [600_000],
      states: [100_000_000],
      timeMs: 600_000,
      maxStates: 100_000_000,
      larger: false,
    });
  });

  it('limitPositions keeps the rows order', () => {
    expect(limitPositions([limit(4), proved(0, 1), limit(2)])).toEqual([4, 2]);
  });
});

describe('the pack manager filter', () => {
  const rows = [
    row(0, { title: 'First Steps', tier: 'Novice', status: 'proved', par: 3 }),
    row(1, { title: 'Open Court', status: 'stale' }),
    row(9999, { title: 'The Far Gate', name: 'levels/far-gate.level.json' }),
  ];
  it('finds by title, file name, tier and status words, case-insensitive; empty keeps all', () => {
    expect(filterRows(rows, 'far').map((r) => r.index)).toEqual([9999]);
    expect(filterRows(rows, 'FAR-GATE').map((r) => r.index)).toEqual([9999]);
    expect(filterRows(rows, 'novice').map((r) => r.index)).toEqual([0]);
    expect(filterRows(rows, 'proved par 3').map((r) => r.index)).toEqual([0]);
    expect(filterRows(rows, 'stale').map((r) => r.index)).toEqual([1]);
    expect(filterRows(rows, '  ')).toHaveLength(3);
  });
  it('a number or #n finds the level at that position (1-based)', () => {
    expect(filterRows(rows, '#10000').map((r) => r.index)).toEqual([9999]);
    expect(filterRows(rows, '2').map((r) => r.index)).toEqual([1]);
  });
});

describe('the pack order view', () => {
  it('shows the pack first to last even after a descending sort was chosen', async () => {
    const { host } = scriptedHost(3, []);
    const m = manager(host);
    await m.openPack('packs/p');
    m.sortKey = 'title';
    m.sortDir = 'desc';
    expect(m.rows.map((r) => r.index)).toEqual([2, 1, 0]);
    m.sortKey = 'order';
    expect(m.rows.map((r) => r.index)).toEqual([0, 1, 2]);
  });
});
