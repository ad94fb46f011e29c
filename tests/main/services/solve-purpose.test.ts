/**
 * solve-host-api.ts: the per-host job cap is per purpose (`live` badge jobs
 * never evict the `proof` of a save), and every job that ends `solved`
 * fills the host's proof cache. A fake pool holds each job until it is
 * cancelled (or answers at once for the cache test).
 */
import { describe, expect, it } from 'vitest';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import { SOLVE_JOBS_PER_HOST } from '../../../src-shared/host/solve-contract.js';
import type { Level } from '../../../src-shared/model/level.js';
import { ProofCache } from '../../../src-main/services/proof-reuse.js';
import { createSolveHostApi } from '../../../src-main/services/solve-host-api.js';
import type { SolvePoolLike, WorkerSolveOutcome } from '../../../src-main/services/solve-runner.js';
import { TWO_MOVE_SOLUTION, twoMoveLevel } from '../helpers.js';

/** A pool whose jobs run until their signal aborts (then answer cancelled). */
function holdingPool(): SolvePoolLike & { started: number; cancelled: number } {
  const p = {
    started: 0,
    cancelled: 0,
    solve(_level: Level, opts?: { signal?: AbortSignal }): Promise<WorkerSolveOutcome> {
      p.started++;
      return new Promise((resolve) => {
        opts?.signal?.addEventListener('abort', () => {
          p.cancelled++;
          resolve({ result: { status: 'cancelled', states: 0, depth: 0 }, ms: 0 });
        });
      });
    },
  };
  return p;
}

async function alive(api: ReturnType<typeof createSolveHostApi>, jobId: string): Promise<boolean> {
  const r = await api.solvePoll({ jobId });
  return r.ok;
}

describe('solveStart purpose', () => {
  it('live jobs evict only live jobs: the proof jobs survive any number of live starts', async () => {
    const pool = holdingPool();
    const api = createSolveHostApi({ pool: () => pool });
    const proofs: string[] = [];
    for (let i = 0; i < SOLVE_JOBS_PER_HOST; i++) {
      const s = await api.solveStart({ document: twoMoveLevel(), purpose: 'proof' });
      if (!s.ok) throw new Error(s.message);
      proofs.push(s.jobId);
    }
    const lives: string[] = [];
    for (let i = 0; i < SOLVE_JOBS_PER_HOST + 3; i++) {
      const s = await api.solveStart({ document: twoMoveLevel() });
      if (!s.ok) throw new Error(s.message);
      lives.push(s.jobId);
    }
    for (const id of proofs) expect(await alive(api, id)).toBe(true);
    // The 3 oldest live jobs were cancelled and forgotten; the newest SOLVE_JOBS_PER_HOST live on.
    expect(await Promise.all(lives.map((id) => alive(api, id)))).toEqual([false, false, false, ...Array(SOLVE_JOBS_PER_HOST).fill(true)]);
    expect(pool.cancelled).toBe(3);
  });

  it('a proof job beyond the cap evicts the oldest proof job, not a live one', async () => {
    const pool = holdingPool();
    const api = createSolveHostApi({ pool: () => pool, maxJobs: 2 });
    const live = await api.solveStart({ document: twoMoveLevel(), purpose: 'live' });
    const p1 = await api.solveStart({ document: twoMoveLevel(), purpose: 'proof' });
    const p2 = await api.solveStart({ document: twoMoveLevel(), purpose: 'proof' });
    const p3 = await api.solveStart({ document: twoMoveLevel(), purpose: 'proof' });
    if (!live.ok || !p1.ok || !p2.ok || !p3.ok) throw new Error('start failed');
    expect([await alive(api, live.jobId), await alive(api, p1.jobId), await alive(api, p2.jobId), await alive(api, p3.jobId)]).toEqual([
      true,
      false,
      true,
      true,
    ]);
  });

  it('a purpose other than live or proof is a bad request and queues nothing', async () => {
    const pool = holdingPool();
    const api = createSolveHostApi({ pool: () => pool });
    for (const purpose of ['badge', 1, null]) {
      expect(await api.solveStart({ document: twoMoveLevel(), purpose } as never)).toMatchObject({ ok: false, code: 'bad-request' });
    }
    expect(pool.started).toBe(0);
  });

  it('a job that ends solved is remembered in the proof cache by levelHash; other answers are not', async () => {
    const answers: WorkerSolveOutcome['result'][] = [
      { status: 'limit', reason: 'time', states: 9, depth: 1 },
      { status: 'solved', length: 2, moves: [...TWO_MOVE_SOLUTION], states: 5, optimal: true },
    ];
    const pool: SolvePoolLike = { solve: async () => ({ result: answers.shift()!, ms: 1 }) };
    const proofs = new ProofCache();
    const api = createSolveHostApi({ pool: () => pool, proofs });
    const limited = await api.solveStart({ document: twoMoveLevel() });
    await new Promise((r) => setTimeout(r, 0));
    expect(limited.ok && proofs.size).toBe(0);
    await api.solveStart({ document: twoMoveLevel({ meta: { title: 'Any title' } }), purpose: 'proof' });
    await new Promise((r) => setTimeout(r, 0));
    expect(proofs.get(levelHash(twoMoveLevel()))).toEqual({ moves: TWO_MOVE_SOLUTION, length: 2, states: 5 });
  });
});
