/**
 * solve-host-api.ts: the editor's background solve in the host pool (the
 * live badge) — start, poll to the optimal answer, cancel, invalid documents,
 * hostile requests, and the per-host job cap.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSolveHostApi } from '../../../src-main/services/solve-host-api.js';
import { SolvePool } from '../../../src-main/services/solve-pool.js';
import { TWO_MOVE_SOLUTION, boxedInLevel, endlessLevel, twoMoveLevel } from '../helpers.js';

let pool: SolvePool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

function api(maxJobs?: number) {
  pool = new SolvePool({ size: 1 });
  return createSolveHostApi({ pool: () => pool!, ...(maxJobs !== undefined ? { maxJobs } : {}) });
}

async function pollUntilDone(a: ReturnType<typeof api>, jobId: string) {
  for (let i = 0; i < 400; i++) {
    const p = await a.solvePoll({ jobId });
    if (!p.ok) return p;
    if (p.state === 'done') return p;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no answer');
}

describe('host solve methods', () => {
  it('solveStart + solvePoll answer the optimal line (UK-4/UK-6: Ka1-b2, Kb2-c3), once', async () => {
    const a = api();
    const s = await a.solveStart({ document: twoMoveLevel() });
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    const done = await pollUntilDone(a, s.jobId);
    expect(done.ok && done.state === 'done' && done.result.status === 'solved' && done.result.moves).toEqual(TWO_MOVE_SOLUTION);
    // The answer is handed out once; the job is then forgotten.
    const again = await a.solvePoll({ jobId: s.jobId });
    expect(again.ok === false && again.code).toBe('not-found');
  });

  it('answers unsolvable for a boxed-in king (UK-4, UK-5)', async () => {
    const a = api();
    const s = await a.solveStart({ document: boxedInLevel() });
    if (!s.ok) throw new Error(s.message);
    const done = await pollUntilDone(a, s.jobId);
    expect(done.ok && done.state === 'done' && done.result.status).toBe('unsolvable');
  });

  it('refuses a level with builder errors as invalid, with the issues and nothing queued (UK-2: one king)', async () => {
    const a = api();
    const lvl = twoMoveLevel({ pieces: [{ role: 'rook', square: 'a1' }] });
    const s = await a.solveStart({ document: lvl });
    expect(s.ok).toBe(false);
    if (s.ok) return;
    expect(s.code).toBe('invalid');
    expect(s.issues?.some((i) => i.code === 'uk-king-count')).toBe(true);
    expect(pool!.queued + pool!.running).toBe(0);
  });

  it('reports progress while running and stops on solveCancel', async () => {
    const a = api();
    const s = await a.solveStart({ document: endlessLevel() });
    if (!s.ok) throw new Error(s.message);
    let states = 0;
    for (let i = 0; i < 200 && states === 0; i++) {
      await new Promise((r) => setTimeout(r, 25));
      const p = await a.solvePoll({ jobId: s.jobId });
      if (p.ok && p.state === 'running') states = p.states;
    }
    expect(states).toBeGreaterThan(0);
    const c = await a.solveCancel({ jobId: s.jobId });
    expect(c.ok && c.cancelled).toBe(true);
    const gone = await a.solvePoll({ jobId: s.jobId });
    expect(gone.ok).toBe(false);
    // The worker is free again for the next job.
    const next = await a.solveStart({ document: twoMoveLevel() });
    if (!next.ok) throw new Error(next.message);
    const done = await pollUntilDone(a, next.jobId);
    expect(done.ok && done.state === 'done' && done.result.status).toBe('solved');
  });

  it('keeps at most maxJobs: the oldest job is cancelled when a new one starts', async () => {
    const a = api(1);
    const first = await a.solveStart({ document: endlessLevel() });
    const second = await a.solveStart({ document: twoMoveLevel() });
    if (!first.ok || !second.ok) throw new Error('start failed');
    expect((await a.solvePoll({ jobId: first.jobId })).ok).toBe(false);
    const done = await pollUntilDone(a, second.jobId);
    expect(done.ok && done.state === 'done' && done.result.status).toBe('solved');
  });

  it.each([
    ['not an object', 'nope'],
    ['unknown field', { document: {}, evil: 1 }],
    ['missing document', {}],
    ['negative cap', { document: {}, maxStates: -1 }],
    ['fractional time', { document: {}, timeMs: 1.5 }],
  ])('answers bad-request for a hostile solveStart (%s)', async (_name, req) => {
    const a = api();
    const s = await a.solveStart(req as never);
    expect(s.ok === false && s.code).toBe('bad-request');
  });

  it('answers parse-level errors of a non-level document as invalid with schema codes', async () => {
    const a = api();
    const s = await a.solveStart({ document: { format: 'castellan.level', version: 1 } });
    expect(s.ok === false && s.code).toBe('invalid');
    expect(s.ok === false && (s.issues?.length ?? 0)).toBeGreaterThan(0);
  });

  it('answers bad-request for a poll or cancel without a job id', async () => {
    const a = api();
    expect(((await a.solvePoll({} as never)) as { code?: string }).code).toBe('bad-request');
    expect(((await a.solveCancel({ jobId: 5 } as never)) as { code?: string }).code).toBe('bad-request');
    const unknown = await a.solveCancel({ jobId: 'nope' });
    expect(unknown.ok && unknown.cancelled).toBe(false);
  });
});
