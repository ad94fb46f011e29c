/**
 * host-solve-client.ts: the renderer side of the host solve
 * against a scripted host: progress from polls, the result, cancel calling
 * solveCancel, invalid and error answers.
 */
import { describe, expect, it, vi } from 'vitest';
import type { HostApi, SolvePollAnswer } from '../../src-shared/host/contract.js';
import type { Level } from '../../src-shared/model/level.js';
import { hasHostSolve, startHostSolve } from '../../src-renderer/solve/host-solve-client.js';

const level = { format: 'castellan.level', version: 1, ruleset: 'unlock-the-king' } as unknown as Level;
const noSleep = (): Promise<void> => Promise.resolve();

function scripted(polls: SolvePollAnswer[]) {
  const cancel = vi.fn(async (r: { jobId: string }) => ({ ok: true as const, jobId: r.jobId, cancelled: true }));
  const start = vi.fn(async () => ({ ok: true as const, jobId: 'j1' }));
  let i = 0;
  const poll = vi.fn(async () => polls[Math.min(i++, polls.length - 1)]!);
  return {
    api: { solveStart: start, solvePoll: poll, solveCancel: cancel } as unknown as Required<Pick<HostApi, 'solveStart' | 'solvePoll' | 'solveCancel'>>,
    start,
    poll,
    cancel,
  };
}

describe('startHostSolve', () => {
  it('reports each running poll as progress, then settles with the result', async () => {
    const s = scripted([
      { ok: true, jobId: 'j1', state: 'queued', states: 0, depth: 0, ms: 1 },
      { ok: true, jobId: 'j1', state: 'running', states: 500, depth: 3, ms: 5 },
      { ok: true, jobId: 'j1', state: 'done', result: { status: 'solved', length: 2, moves: ['Ka1-b2', 'Kb2-c3'], states: 9, optimal: true }, ms: 7 },
    ]);
    const progress: number[] = [];
    const job = startHostSolve(s.api, level, (p) => progress.push(p.states), { maxStates: 10 }, 0, noSleep);
    const o = await job.promise;
    expect(o).toMatchObject({ kind: 'result', ms: 7, result: { status: 'solved', length: 2 } });
    expect(progress).toEqual([0, 500]);
    expect(s.start).toHaveBeenCalledWith({ document: level, maxStates: 10 });
    expect(s.cancel).not.toHaveBeenCalled();
  });

  it('polls after 10, 20, 40, 80 ms, then every pollMs (150 by default)', async () => {
    const running: SolvePollAnswer = { ok: true, jobId: 'j1', state: 'running', states: 1, depth: 1, ms: 1 };
    const s = scripted([
      running,
      running,
      running,
      running,
      running,
      running,
      { ok: true, jobId: 'j1', state: 'done', result: { status: 'unsolvable', states: 3 }, ms: 9 },
    ]);
    const slept: number[] = [];
    const o = await startHostSolve(
      s.api,
      level,
      () => undefined,
      {},
      undefined,
      (ms) => (slept.push(ms), Promise.resolve()),
    ).promise;
    expect(o).toMatchObject({ kind: 'result', result: { status: 'unsolvable' } });
    expect(slept).toEqual([10, 20, 40, 80, 150, 150, 150]);
  });

  it('cancel settles at once and calls solveCancel with the job id', async () => {
    const s = scripted([{ ok: true, jobId: 'j1', state: 'running', states: 1, depth: 1, ms: 1 }]);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const job = startHostSolve(
      s.api,
      level,
      () => undefined,
      {},
      0,
      () => gate,
    );
    await Promise.resolve();
    await Promise.resolve();
    job.cancel();
    expect(await job.promise).toEqual({ kind: 'cancelled' });
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(s.cancel).toHaveBeenCalledWith({ jobId: 'j1' });
  });

  it('an invalid answer from solveStart settles as an invalid result with the issues', async () => {
    const issues = [{ severity: 'error' as const, code: 'uk-king-count', message: 'one king' }];
    const api = {
      solveStart: async () => ({ ok: false as const, code: 'invalid' as const, message: 'one king', issues }),
      solvePoll: vi.fn(),
      solveCancel: vi.fn(),
    } as unknown as Required<Pick<HostApi, 'solveStart' | 'solvePoll' | 'solveCancel'>>;
    const o = await startHostSolve(api, level, () => undefined, {}, 0, noSleep).promise;
    expect(o).toEqual({ kind: 'result', ms: 0, result: { status: 'invalid', issues } });
  });

  it('a host error while polling settles as an error with its message', async () => {
    const api = {
      solveStart: async () => ({ ok: true as const, jobId: 'j' }),
      solvePoll: async () => ({ ok: false as const, code: 'io' as const, message: 'host gone' }),
      solveCancel: vi.fn(),
    } as unknown as Required<Pick<HostApi, 'solveStart' | 'solvePoll' | 'solveCancel'>>;
    expect(await startHostSolve(api, level, () => undefined, {}, 0, noSleep).promise).toEqual({ kind: 'error', message: 'host gone' });
  });

  it('hasHostSolve: only hosts with all three methods', () => {
    expect(hasHostSolve(null)).toBe(false);
    expect(hasHostSolve({ solveStart: () => undefined } as unknown as HostApi)).toBe(false);
    expect(hasHostSolve({ solveStart: () => 0, solvePoll: () => 0, solveCancel: () => 0 } as unknown as HostApi)).toBe(true);
  });
});
