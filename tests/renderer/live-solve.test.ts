import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSolver, liveStatusOf, type LiveJob, type LiveOutcome, type LiveStatus } from '../../src-renderer/app/live-solve.js';
import type { Level } from '../../src-shared/model/level.js';
import { sampleLevel } from './fixtures.js';

/** A fake worker: every start is recorded; the test settles or never settles each job. */
function fakeWorker() {
  const jobs: { level: Level; cancelled: boolean; settle: (o: LiveOutcome) => void }[] = [];
  const start = (level: Level): LiveJob => {
    let settle!: (o: LiveOutcome) => void;
    const promise = new Promise<LiveOutcome>((r) => (settle = r));
    const rec = { level, cancelled: false, settle };
    jobs.push(rec);
    return {
      promise,
      cancel: () => {
        rec.cancelled = true;
        settle({ kind: 'cancelled' });
      },
    };
  };
  return { jobs, start };
}

const solved = (length: number): LiveOutcome => ({
  kind: 'result',
  result: { status: 'solved', length, moves: [], states: 10, depth: length } as never,
  ms: 1,
});
const titled = (title: string): Level => ({ ...sampleLevel(), meta: { title } });

function setup(precheck: (l: Level) => LiveStatus | null = () => null, opts: { timeMs?: number } = {}) {
  const w = fakeWorker();
  const seen: LiveStatus[] = [];
  const live = new LiveSolver(w.start, precheck, (s) => seen.push(s), { timeMs: opts.timeMs ?? 30_000 });
  return { ...w, seen, live };
}

describe('live badge background solve', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('debounces: a burst of edits starts ONE solve, 400 ms after the last edit, of the last document', async () => {
    const { jobs, live } = setup();
    live.request(titled('a'), 'k1');
    await vi.advanceTimersByTimeAsync(300);
    live.request(titled('b'), 'k2');
    await vi.advanceTimersByTimeAsync(300);
    live.request(titled('c'), 'k3');
    expect(live.status.kind).toBe('solving');
    await vi.advanceTimersByTimeAsync(399);
    expect(jobs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.level.meta.title).toBe('c');
    jobs[0]!.settle(solved(7));
    await vi.advanceTimersByTimeAsync(0);
    expect(live.status).toMatchObject({ kind: 'solved', length: 7, twoPlayer: false });
  });

  it('a document just opened (immediate) starts its solve at once; the same document announced again keeps that run', async () => {
    const { jobs, live } = setup();
    const opened = titled('opened');
    live.request(opened, 'k1', true);
    expect(jobs).toHaveLength(1);
    expect(live.status.kind).toBe('solving');
    live.request(opened, 'k1');
    expect(jobs[0]!.cancelled).toBe(false);
    await vi.advanceTimersByTimeAsync(400);
    expect(jobs).toHaveLength(1);
    jobs[0]!.settle(solved(5));
    await vi.advanceTimersByTimeAsync(0);
    expect(live.status).toMatchObject({ kind: 'solved', length: 5 });
    // An edit after it is debounced as before.
    live.request(titled('edited'), 'k2');
    await vi.advanceTimersByTimeAsync(399);
    expect(jobs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(jobs).toHaveLength(2);
  });

  it('an edit announced first, then the same document entered (immediate): the pending delay is cut, one solve', async () => {
    const { jobs, live } = setup();
    const doc = titled('tab');
    live.request(doc, 'k1');
    expect(jobs).toHaveLength(0);
    live.request(doc, 'k1', true);
    expect(jobs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(400);
    expect(jobs).toHaveLength(1);
  });

  it('a new edit cancels the running background solve; its late answer is ignored', async () => {
    const { jobs, live } = setup();
    live.request(titled('a'), 'k1');
    await vi.advanceTimersByTimeAsync(400);
    expect(live.running).toBe(true);
    live.request(titled('b'), 'k2');
    expect(jobs[0]!.cancelled).toBe(true);
    expect(live.running).toBe(false);
    expect(live.status.kind).toBe('solving');
    jobs[0]!.settle(solved(3)); // too late: already cancelled
    await vi.advanceTimersByTimeAsync(400);
    expect(live.status.kind).toBe('solving');
    jobs[1]!.settle({ kind: 'result', result: { status: 'unsolvable', states: 42 }, ms: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(live.status).toEqual({ kind: 'unsolvable', states: 42 });
  });

  it('undo back to a solved board answers from the cache (by level hash) without solving again', async () => {
    const { jobs, live } = setup();
    live.request(titled('a'), 'hashA');
    await vi.advanceTimersByTimeAsync(400);
    jobs[0]!.settle(solved(5));
    await vi.advanceTimersByTimeAsync(0);
    live.request(titled('b'), 'hashB');
    await vi.advanceTimersByTimeAsync(400);
    jobs[1]!.settle({ kind: 'result', result: { status: 'unsolvable', states: 1 }, ms: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(live.status.kind).toBe('unsolvable');
    live.request(titled('a'), 'hashA');
    await vi.advanceTimersByTimeAsync(400);
    expect(jobs).toHaveLength(2);
    expect(live.status).toMatchObject({ kind: 'solved', length: 5 });
    expect(live.started).toBe(2);
  });

  it('an edit that keeps the puzzle content (same hash, e.g. the title) does not flash "solving…"', async () => {
    const { jobs, live, seen } = setup();
    live.request(titled('a'), 'same');
    await vi.advanceTimersByTimeAsync(400);
    jobs[0]!.settle(solved(4));
    await vi.advanceTimersByTimeAsync(0);
    const before = seen.length;
    live.request(titled('a, renamed'), 'same');
    expect(live.status.kind).toBe('solved');
    await vi.advanceTimersByTimeAsync(400);
    expect(jobs).toHaveLength(1);
    expect(seen.slice(before).every((s) => s.kind === 'solved')).toBe(true);
  });

  it('builder errors answer "invalid" from the precheck without a worker, and are never cached', async () => {
    let broken = true;
    const { jobs, live } = setup(() => (broken ? { kind: 'invalid', count: 1, message: 'exactly one king (UK-3)' } : null));
    live.request(titled('a'), 'k');
    await vi.advanceTimersByTimeAsync(400);
    expect(live.status).toEqual({ kind: 'invalid', count: 1, message: 'exactly one king (UK-3)' });
    expect(jobs).toHaveLength(0);
    broken = false; // e.g. the par field fixed: par is not part of the hash
    live.request(titled('a'), 'k');
    await vi.advanceTimersByTimeAsync(400);
    expect(jobs).toHaveLength(1);
  });

  it('a solve past the time cap is cancelled and shows "limit"', async () => {
    const { jobs, live } = setup(() => null, { timeMs: 5000 });
    live.request(titled('a'), 'k');
    await vi.advanceTimersByTimeAsync(400);
    await vi.advanceTimersByTimeAsync(4999);
    expect(live.status.kind).toBe('solving');
    await vi.advanceTimersByTimeAsync(1);
    expect(jobs[0]!.cancelled).toBe(true);
    expect(live.status).toEqual({ kind: 'limit', reason: 'time', states: 0 });
  });

  it('cancel() stops the pending and running solve', async () => {
    const { jobs, live } = setup();
    live.request(titled('a'), 'k');
    live.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(jobs).toHaveLength(0);
    expect(live.status.kind).toBe('idle');
  });

  it('maps worker answers to badge states', () => {
    expect(liveStatusOf({ status: 'limit', states: 2_000_000, depth: 9, reason: 'states' })).toEqual({ kind: 'limit', reason: 'states', states: 2_000_000 });
    expect(liveStatusOf({ status: 'solved', length: 2, moves: ['a', 'b', 'c'], states: 9, keys: ['a'] } as never)).toMatchObject({
      kind: 'solved',
      length: 2,
      twoPlayer: true,
    });
    expect(
      liveStatusOf({
        status: 'invalid',
        issues: [
          { severity: 'warning', code: 'w', message: 'just a warning' },
          { severity: 'error', code: 'uk-king-count', message: 'needs one king' },
        ],
      }),
    ).toEqual({ kind: 'invalid', count: 1, message: 'needs one king' });
  });
});
