import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_TIMING, MaxWaitDebouncer } from '../../src-renderer/app/autosave.js';
import { newDocId } from '../../src-renderer/app/document-session.svelte.js';
import { changedOnDisk } from '../../src-renderer/app/recovery.svelte.js';
import type { FileRevision } from '../../src-shared/host/contract.js';

/** A debouncer whose runs record the (fake) time they started at. */
function recorder(opts = AUTOSAVE_TIMING) {
  const runs: number[] = [];
  const d = new MaxWaitDebouncer(() => void runs.push(Date.now()), opts);
  return { d, runs };
}

describe('autosave debounce (~1.5 s after the last edit, at least every 5 s while editing)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('runs 1.5 s after the LAST edit, not after the first', async () => {
    const { d, runs } = recorder();
    d.touch();
    await vi.advanceTimersByTimeAsync(1000);
    d.touch(); // t = 1000
    await vi.advanceTimersByTimeAsync(1499);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([2500]);
    expect(d.pending).toBe(false);
  });

  it('continuous editing (an edit every 400 ms for 12 s) still autosaves at most 5 s apart', async () => {
    const { d, runs } = recorder();
    for (let t = 0; t < 12_000; t += 400) {
      d.touch();
      await vi.advanceTimersByTimeAsync(400);
    }
    // Bursts start at 0, then at the first edit after each run: 0 -> 5000, 5200 -> 10200.
    expect(runs).toEqual([5000, 10_200]);
    await vi.advanceTimersByTimeAsync(5000);
    // The last edit (t = 11600) is saved 1.5 s later.
    expect(runs).toEqual([5000, 10_200, 13_100]);
  });

  it('a save starting cancels the pending autosave', async () => {
    const { d, runs } = recorder();
    d.touch();
    await vi.advanceTimersByTimeAsync(1000);
    d.cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toEqual([]);
    expect(d.pending).toBe(false);
  });

  it('flush (page hidden) runs a pending autosave at once, and does nothing when none is pending', async () => {
    const { d, runs } = recorder();
    await d.flush();
    expect(runs).toEqual([]);
    d.touch();
    await vi.advanceTimersByTimeAsync(200);
    await d.flush();
    expect(runs).toEqual([200]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toEqual([200]);
  });

  it('runs never overlap: the next waits for the one in flight (autosaves reach the host in edit order)', async () => {
    const order: string[] = [];
    let release!: () => void;
    let n = 0;
    const d = new MaxWaitDebouncer(async () => {
      const k = ++n;
      order.push(`start ${k}`);
      if (k === 1) await new Promise<void>((r) => (release = r));
      order.push(`end ${k}`);
    });
    d.touch();
    await vi.advanceTimersByTimeAsync(1500);
    expect(order).toEqual(['start 1']);
    d.touch();
    await vi.advanceTimersByTimeAsync(1500);
    expect(order).toEqual(['start 1']);
    expect(d.busy).toBe(true);
    release();
    await d.idle();
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    expect(d.busy).toBe(false);
  });

  it('a failing run does not stop later runs', async () => {
    let calls = 0;
    const d = new MaxWaitDebouncer(async () => {
      calls++;
      throw new Error('disk full');
    });
    d.touch();
    await vi.advanceTimersByTimeAsync(1500);
    d.touch();
    await vi.advanceTimersByTimeAsync(1500);
    await d.idle();
    expect(calls).toBe(2);
  });
});

describe('document identity and revisions', () => {
  const rev = (sha: string): FileRevision => ({ mtimeMs: 1, size: 2, sha256: `sha256:${sha.repeat(64)}` });

  it('docIds are fresh and acceptable to the host (1-64 of [A-Za-z0-9_-])', () => {
    const a = newDocId();
    const b = newDocId();
    expect(a).not.toBe(b);
    for (const id of [a, b]) expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });

  it('changed on disk is decided by the bytes (sha256), not the time; deleted counts as changed', () => {
    expect(changedOnDisk(rev('a'), { ...rev('a'), mtimeMs: 999 })).toBe(false);
    expect(changedOnDisk(rev('a'), rev('b'))).toBe(true);
    expect(changedOnDisk(rev('a'), null)).toBe(true);
    expect(changedOnDisk(null, null)).toBe(false);
    expect(changedOnDisk(null, rev('a'))).toBe(true);
  });
});
