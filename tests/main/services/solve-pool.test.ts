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

/**
 * Caps count from the start of a job's own solve, never from the moment it
 * was queued: a pack of many levels on a few workers must not answer
 * `limit` for levels that merely waited. The stand-in worker
 * (fixtures/workers/pool-timed.mjs) works a fixed wall time per level
 * ("work N" in its title), whatever the machine's load.
 */
describe('SolvePool caps count from the start of each solve', () => {
  const timed = (ms: number) => ({ ...twoMoveLevel(), meta: { title: `work ${ms}` } });

  it('a pool of one with eight jobs of 400 ms each under a 2000 ms cap solves all eight (the last ones wait about 3 s)', async () => {
    setSolveWorkerEntry(fixture('pool-timed.mjs'));
    pool = new SolvePool({ size: 1 });
    const outs = await Promise.all(Array.from({ length: 8 }, () => pool!.solve(timed(400), { timeMs: 2000 })));
    expect(outs.map((o) => o.result.status)).toEqual(Array.from({ length: 8 }, () => 'solved'));
    // `ms` is the job's own solve (400 ms of work, plus the worker's start for the first: under the cap), the wait is reported apart.
    for (const o of outs) expect(o.ms).toBeLessThan(2000);
    const last = outs[7]!;
    // The eighth job waited for seven jobs of 400 ms each.
    expect(last.queuedMs).toBeGreaterThanOrEqual(7 * 400 - 50);
  });

  it('a limit answer carries the states of its own solve, not the 0 of a job that never started', async () => {
    setSolveWorkerEntry(fixture('pool-timed.mjs'));
    pool = new SolvePool({ size: 1 });
    const first = pool.solve(timed(900));
    const capped = pool.solve(timed(60_000), { timeMs: 600 });
    expect((await first).result.status).toBe('solved');
    const out = await capped;
    expect(out.result).toMatchObject({ status: 'limit', reason: 'time' });
    // 600 ms of its own work at 10 states per ms (the stand-in's rate), reported every 20 ms.
    if (out.result.status === 'limit') expect(out.result.states).toBeGreaterThanOrEqual(3000);
    expect(out.ms).toBeGreaterThanOrEqual(600 - 20);
  });

  it('a solve the designer waits for goes before queued background (verify) jobs, which keep their own order', async () => {
    setSolveWorkerEntry(fixture('pool-timed.mjs'));
    pool = new SolvePool({ size: 1 });
    const ended: string[] = [];
    const track = (name: string, p: Promise<unknown>): Promise<unknown> => p.then(() => ended.push(name));
    const jobs = [
      track('v1', pool.solve(timed(300), { background: true })),
      track('v2', pool.solve(timed(300), { background: true })),
      track('v3', pool.solve(timed(300), { background: true })),
    ];
    const live = pool.solve(timed(50));
    jobs.push(track('live', live));
    await Promise.all(jobs);
    // v1 was running when the live solve came; it ran next, before v2 and v3.
    expect(ended).toEqual(['v1', 'live', 'v2', 'v3']);
  });

  it('a queued job still honours cancel at once', async () => {
    setSolveWorkerEntry(fixture('pool-timed.mjs'));
    pool = new SolvePool({ size: 1 });
    const ac = new AbortController();
    const first = pool.solve(timed(500));
    const queued = pool.solve(timed(500), { signal: ac.signal, timeMs: 10_000 });
    ac.abort();
    expect((await queued).result).toEqual({ status: 'cancelled', states: 0, depth: 0 });
    expect((await first).result.status).toBe('solved');
  });
});
