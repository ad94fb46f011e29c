/**
 * solve-pool.ts: real worker threads (solve-worker.ts through tsx) running
 * jobs in parallel, progress, cancel (queued and running), time caps, and
 * the memory cap (ERR_WORKER_OUT_OF_MEMORY answered as limit/memory, for the
 * pool and for solve-runner's fresh workers). No timing assertions beyond
 * "finishes".
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SolvePool } from '../../../src-main/services/solve-pool.js';
import { resetSolveWorkerEntry, setDefaultSolvePool, setSolveWorkerEntry, solveInWorker } from '../../../src-main/services/solve-runner.js';
import { TWO_MOVE_SOLUTION, endlessLevel, twoMoveLevel } from '../helpers.js';

const fixture = (name: string): URL => new URL(`../fixtures/workers/${name}`, import.meta.url);

let pool: SolvePool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
  setDefaultSolvePool(undefined);
  resetSolveWorkerEntry();
});

describe('SolvePool', () => {
  it('runs N jobs on at most `size` workers, in parallel, each answered optimally (UK-4/UK-6: Ka1-b2, Kb2-c3)', async () => {
    let maxRunning = 0;
    pool = new SolvePool({ size: 2, onChange: (s) => (maxRunning = Math.max(maxRunning, s.running)) });
    const outs = await Promise.all([1, 2, 3, 4, 5].map(() => pool!.solve(twoMoveLevel())));
    for (const o of outs) {
      expect(o.result.status).toBe('solved');
      if (o.result.status === 'solved') expect(o.result.moves).toEqual(TWO_MOVE_SOLUTION);
    }
    expect(maxRunning).toBe(2);
    expect(pool.workers).toBeLessThanOrEqual(2);
    expect(pool.running).toBe(0);
    expect(pool.queued).toBe(0);
  });

  it('answers with the difficulty metrics (the 3x3 king walk has one optimal line, so a unique first move)', async () => {
    pool = new SolvePool({ size: 1 });
    const o = await pool.solve(twoMoveLevel(), { countSolutions: 1000 });
    expect(o.result.status).toBe('solved');
    if (o.result.status !== 'solved') return;
    expect(o.result.metrics).toMatchObject({ optimalSolutions: 1, optimalSolutionsCapped: false, uniqueFirstMove: true });
    // Without countSolutions the pool proves the optimum only (no count).
    const fast = await pool.solve(twoMoveLevel());
    expect(fast.result.status === 'solved' && fast.result.metrics?.optimalSolutions).toBeUndefined();
  });

  it('reports progress and cancels a running job; the worker then serves the next job', async () => {
    pool = new SolvePool({ size: 1 });
    const ac = new AbortController();
    const seen: number[] = [];
    const running = pool.solve(endlessLevel(), {
      signal: ac.signal,
      onProgress: (p) => {
        seen.push(p.states);
        if (seen.length === 2) ac.abort();
      },
    });
    const out = await running;
    expect(out.result.status).toBe('cancelled');
    expect(seen.length).toBeGreaterThanOrEqual(2);
    if (out.result.status === 'cancelled') expect(out.result.states).toBeGreaterThan(0);
    const next = await pool.solve(twoMoveLevel());
    expect(next.result.status).toBe('solved');
    expect(pool.workers).toBe(1); // the same thread survived the cancel
  });

  it('a queued job is cancelled at once without running', async () => {
    pool = new SolvePool({ size: 1 });
    const first = new AbortController();
    const second = new AbortController();
    const a = pool.solve(endlessLevel(), { signal: first.signal, onProgress: () => second.abort() });
    const b = pool.solve(twoMoveLevel(), { signal: second.signal });
    expect((await b).result).toEqual({ status: 'cancelled', states: 0, depth: 0 });
    first.abort();
    expect((await a).result.status).toBe('cancelled');
  });

  it('cancelAll stops queued and running jobs', async () => {
    pool = new SolvePool({ size: 1 });
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const pending = [pool.solve(endlessLevel(), { onProgress: () => started() }), pool.solve(endlessLevel())];
    await running;
    expect(pool.queued).toBe(1);
    pool.cancelAll();
    const outs = await Promise.all(pending);
    expect(outs.map((o) => o.result.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('a time cap answers limit/time with the last progress', async () => {
    pool = new SolvePool({ size: 1 });
    const out = await pool.solve(endlessLevel(), { timeMs: 1500 });
    expect(out.result).toMatchObject({ status: 'limit', reason: 'time' });
    if (out.result.status === 'limit') expect(out.result.states).toBeGreaterThan(0);
  });

  it('the search byte cap answers limit/memory (maxBytes)', async () => {
    pool = new SolvePool({ size: 1 });
    const out = await pool.solve(endlessLevel(), { maxBytes: 2_000_000 });
    expect(out.result).toMatchObject({ status: 'limit', reason: 'memory' });
  });

  it('a worker out of JS heap answers limit/memory and is replaced', async () => {
    setSolveWorkerEntry(fixture('oom.mjs'));
    pool = new SolvePool({ size: 1, heapLimitMb: 32 });
    const out = await pool.solve(twoMoveLevel());
    expect(out.result).toMatchObject({ status: 'limit', reason: 'memory' });
    expect(pool.workers).toBe(0);
  });

  it('solveInWorker routes through the default pool once one is set', async () => {
    pool = new SolvePool({ size: 1 });
    setDefaultSolvePool(pool);
    const out = await solveInWorker(twoMoveLevel());
    expect(out.result.status).toBe('solved');
    expect(pool.workers).toBe(1);
  });
});

describe('solveInWorker memory cap', () => {
  it('a fresh worker out of JS heap (ERR_WORKER_OUT_OF_MEMORY) answers limit/memory, not a crash', async () => {
    setSolveWorkerEntry(fixture('oom.mjs'));
    const out = await solveInWorker(twoMoveLevel(), { heapLimitMb: 32, timeMs: 60_000 });
    expect(out.result).toMatchObject({ status: 'limit', reason: 'memory' });
  });
});
