/**
 * solve-runner.ts: real worker threads (the default `.ts` entry through the
 * tsx bootstrap, and stand-in workers from tests/main/fixtures/workers).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getSolveWorkerEntry, resetSolveWorkerEntry, setSolveWorkerEntry, solveInWorker, summarizeSolve } from '../../../src-main/services/solve-runner.js';
import { TWO_MOVE_SOLUTION, boxedInLevel, twoKingsLevel, twoMoveLevel } from '../helpers.js';

const fixture = (name: string): URL => new URL(`../fixtures/workers/${name}`, import.meta.url);

afterEach(() => resetSolveWorkerEntry());

describe('solveInWorker with the real solve worker (solve-worker.ts via tsx)', () => {
  it('default entry is the sibling solve-worker.ts', () => {
    expect(getSolveWorkerEntry().url.pathname).toMatch(/\/src-main\/services\/solve-worker\.ts$/);
  });

  it('UK-4/UK-6 solves the 3x3 king walk optimally: Ka1-b2, Kb2-c3', async () => {
    const progress: number[] = [];
    const out = await solveInWorker(twoMoveLevel(), { timeMs: 20_000, onProgress: (p) => progress.push(p.states) });
    expect(out.result.status).toBe('solved');
    if (out.result.status !== 'solved') return;
    expect(out.result.length).toBe(2);
    expect(out.result.moves).toEqual(TWO_MOVE_SOLUTION);
    expect(out.result.states).toBeGreaterThan(0);
    expect(Number.isInteger(out.ms)).toBe(true);
  });

  it('UK-4/UK-5 a king boxed in by walls is proved unsolvable', async () => {
    const out = await solveInWorker(boxedInLevel(), { timeMs: 20_000 });
    expect(out.result.status).toBe('unsolvable');
  });

  it('UK-2 two kings answer invalid with uk-king-count', async () => {
    const out = await solveInWorker(twoKingsLevel(), { timeMs: 20_000 });
    expect(out.result.status).toBe('invalid');
    if (out.result.status !== 'invalid') return;
    expect(out.result.issues.map((i) => i.code)).toContain('uk-king-count');
  });

  it('a 1 ms time cap answers limit/time (the worker cannot even start that fast)', async () => {
    const out = await solveInWorker(twoMoveLevel(), { timeMs: 1 });
    expect(out.result).toMatchObject({ status: 'limit', reason: 'time' });
  });
});

describe('solveInWorker with stand-in workers', () => {
  it('time cap terminates a busy worker: limit/time with the last progress', async () => {
    setSolveWorkerEntry(fixture('hang.mjs'));
    const t0 = Date.now();
    const out = await solveInWorker(twoMoveLevel(), { timeMs: 400 });
    expect(out.result).toEqual({ status: 'limit', reason: 'time', states: 1234, depth: 5 });
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(out.ms).toBeGreaterThanOrEqual(390);
  });

  it('abort cancels a running solve: cancelled', async () => {
    setSolveWorkerEntry(fixture('hang.mjs'));
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 300);
    const out = await solveInWorker(twoMoveLevel(), { timeMs: 60_000, signal: ac.signal });
    expect(out.result.status).toBe('cancelled');
  });

  it('an already aborted signal answers cancelled without starting', async () => {
    setSolveWorkerEntry(fixture('throw-on-load.mjs'));
    const ac = new AbortController();
    ac.abort();
    const out = await solveInWorker(twoMoveLevel(), { signal: ac.signal });
    expect(out.result).toEqual({ status: 'cancelled', states: 0, depth: 0 });
  });

  it('a worker that throws while loading is reported as error (no rejection)', async () => {
    setSolveWorkerEntry(fixture('throw-on-load.mjs'));
    const out = await solveInWorker(twoMoveLevel(), { timeMs: 20_000 });
    expect(out.result.status).toBe('error');
    if (out.result.status !== 'error') return;
    expect(out.result.message).toContain('fixture worker exploded on load');
  });

  it('a worker that throws on the request is reported as error', async () => {
    setSolveWorkerEntry(fixture('throw-on-message.mjs'));
    const out = await solveInWorker(twoMoveLevel(), { timeMs: 20_000 });
    expect(out.result.status).toBe('error');
    if (out.result.status !== 'error') return;
    expect(out.result.message).toContain('fixture worker exploded on message');
  });

  it('a worker that exits without answering is reported as error with its exit code', async () => {
    setSolveWorkerEntry(fixture('exit-silently.mjs'));
    const out = await solveInWorker(twoMoveLevel(), { timeMs: 20_000 });
    expect(out.result.status).toBe('error');
    if (out.result.status !== 'error') return;
    expect(out.result.message).toContain('code 3');
  });

  it('a missing worker file is reported as error', async () => {
    setSolveWorkerEntry(fixture('does-not-exist.mjs'));
    const out = await solveInWorker(twoMoveLevel(), { timeMs: 20_000 });
    expect(out.result.status).toBe('error');
  });

  it('forwards maxStates and progress messages', async () => {
    setSolveWorkerEntry(fixture('echo-progress.mjs'));
    const seen: [number, number][] = [];
    const out = await solveInWorker(twoMoveLevel(), { maxStates: 777, onProgress: (p) => seen.push([p.states, p.depth]) });
    expect(seen).toEqual([
      [10, 1],
      [20, 2],
    ]);
    expect(out.result).toEqual({ status: 'solved', length: 1, moves: ['Ka1-a2'], states: 777, optimal: true });
  });

  it('a throwing progress callback does not break the solve', async () => {
    setSolveWorkerEntry(fixture('echo-progress.mjs'));
    const out = await solveInWorker(twoMoveLevel(), {
      maxStates: 5,
      onProgress: () => {
        throw new Error('callback bug');
      },
    });
    expect(out.result.status).toBe('solved');
  });
});

describe('summarizeSolve', () => {
  it('maps each outcome to a SolveSummary', () => {
    expect(summarizeSolve({ result: { status: 'solved', length: 2, moves: ['a', 'b'], states: 9, optimal: true }, ms: 5 })).toEqual({
      status: 'solved',
      length: 2,
      moves: ['a', 'b'],
      states: 9,
      ms: 5,
    });
    expect(summarizeSolve({ result: { status: 'unsolvable', states: 4 }, ms: 1 })).toMatchObject({ status: 'unsolvable', states: 4, ms: 1 });
    expect(summarizeSolve({ result: { status: 'limit', states: 4, depth: 2, reason: 'time' }, ms: 1 }).status).toBe('limit');
    expect(summarizeSolve({ result: { status: 'cancelled', states: 4, depth: 2 }, ms: 1 }).status).toBe('cancelled');
    expect(summarizeSolve({ result: { status: 'error', message: 'boom', states: 0, depth: 0 }, ms: 1 })).toMatchObject({
      status: 'error',
      message: 'boom',
    });
  });
});
