/**
 * The pack verify jobs of the host pack methods: `packVerifyStart` re-proves
 * every level of a pack on the host's shared solve pool (`ctx.pool()`), one
 * job per call, and answers its id once the pack is loaded (pack-load.ts);
 * the levels are fed to the pool a few at a time (`verifyWindow`: twice its
 * workers), the next as one ends, so a pack of 10,000 levels costs the
 * host's loop no more than a small one and Cancel has only the levels in
 * flight to stop. `packVerifyPoll` answers the rows so far (a level's row
 * fills in when its proof ends); `packVerifyCancel` stops a job (no level
 * starts after it). At most `maxJobs` jobs are kept (starting one more cancels the
 * oldest); a finished job is forgotten `ttlMs` after it ended. Never throw
 * (`guard`).
 */
import { randomUUID } from 'node:crypto';
import type { HostResponses } from '../../src-shared/host/contract.js';
import type { PackRow } from '../../src-shared/host/pack-contract.js';
import { markPairs } from '../../src-shared/pack/rows.js';
import { classifyLevel } from '../../src-shared/pack/status.js';
import { guard, isHostError, optionalInteger, requiredString, shape, type HostContext } from './host-request.js';
import { Slicer } from './loop-slices.js';
import { baseRow, loadConfined, packPathOf } from './pack-confine.js';
import { proofOf } from './pack-files.js';
import { forSolver } from './solve-runner.js';

/** Verify jobs kept at once (the oldest is cancelled beyond it). */
export const PACK_VERIFY_JOBS = 2;
/** A finished verify job is forgotten this many ms after it ended. */
export const PACK_VERIFY_TTL_MS = 120_000;
/** Optimal solutions counted per level when verifying (the metrics' cap). */
export const VERIFY_COUNT_SOLUTIONS = 100;

/**
 * Levels of one verify job in the pool at once: twice the pool's workers
 * (each worker has its next level waiting), at least 2.
 */
export function verifyWindow(ctx: Pick<HostContext, 'pool'>): number {
  return Math.max(2, 2 * ctx.pool().size);
}

/**
 * Runs `run(0..total-1)` with at most `window` runs in flight, in index
 * order, starting the next as one ends; stops starting new ones once
 * `signal` is aborted. Levels without a solve end at once: the loop is
 * yielded to between them in slices (loop-slices.ts). Resolves when the
 * runs started have ended. `run` must not throw.
 */
export async function feedJobs(total: number, window: number, run: (i: number) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  const slicer = new Slicer();
  const lane = async (): Promise<void> => {
    while (next < total && !signal?.aborted) {
      await run(next++);
      await slicer.tick();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(window, total)) }, lane));
}

interface VerifyJob {
  id: string;
  t0: number;
  total: number;
  done: number;
  rows: PackRow[];
  state: 'running' | 'done';
  ms: number;
  abort: AbortController;
  expiry?: ReturnType<typeof setTimeout>;
}

/** The verify methods over `ctx` (see the file comment). */
export function createPackVerifyApi(
  ctx: HostContext,
  opts: { maxJobs?: number; ttlMs?: number } = {},
): { [M in 'packVerifyStart' | 'packVerifyPoll' | 'packVerifyCancel']: (req: unknown) => Promise<HostResponses[M]> } {
  const jobs = new Map<string, VerifyJob>();
  const maxJobs = opts.maxJobs ?? PACK_VERIFY_JOBS;
  const ttlMs = opts.ttlMs ?? PACK_VERIFY_TTL_MS;

  function forget(job: VerifyJob): void {
    if (job.expiry) clearTimeout(job.expiry);
    jobs.delete(job.id);
  }

  return {
    packVerifyStart: guard('packVerifyStart', async (raw) => {
      const req = shape('packVerifyStart', raw, ['path', 'maxStates', 'timeMs']);
      if (isHostError(req)) return req;
      const p = await packPathOf(ctx, 'packVerifyStart', req);
      if (isHostError(p)) return p;
      const maxStates = optionalInteger('packVerifyStart', req, 'maxStates', 1, 100_000_000);
      if (isHostError(maxStates)) return maxStates;
      const timeMs = optionalInteger('packVerifyStart', req, 'timeMs', 1, 10 * 60_000);
      if (isHostError(timeMs)) return timeMs;
      const c = await loadConfined(ctx, 'packVerifyStart', p);
      if (isHostError(c)) return c;
      while (jobs.size >= maxJobs) {
        const oldest = jobs.values().next().value as VerifyJob;
        oldest.abort.abort();
        forget(oldest);
      }
      const levels = c.loaded.levels;
      const job: VerifyJob = {
        id: randomUUID(),
        t0: performance.now(),
        total: levels.length,
        done: 0,
        rows: levels.map((l) => ({ ...baseRow(c, l), status: 'pending', detail: 'waiting' })),
        state: 'running',
        ms: 0,
        abort: new AbortController(),
      };
      jobs.set(job.id, job);
      const finishOne = (i: number, row: PackRow): void => {
        job.rows[i] = row;
        job.done++;
      };
      const verifyOne = async (i: number): Promise<void> => {
        const l = levels[i]!;
        const base = job.rows[i]!;
        if (!l.level || l.error) {
          const v = classifyLevel(undefined, undefined, l.error);
          finishOne(i, { ...base, status: v.status, detail: v.detail });
          return;
        }
        const o = await ctx.pool().solve(forSolver(l.level), {
          countSolutions: VERIFY_COUNT_SOLUTIONS,
          maxStates: maxStates ?? ctx.maxStates,
          timeMs: timeMs ?? ctx.solveTimeMs,
          signal: job.abort.signal,
        });
        const v = classifyLevel(l.level, proofOf(o.result), undefined, l.hash);
        const m = o.result.status === 'solved' || o.result.status === 'unsolvable' ? o.result.metrics : undefined;
        finishOne(i, {
          ...base,
          status: v.status,
          detail: v.detail,
          ...(v.proved !== undefined ? { par: v.proved } : {}),
          ...(v.states !== undefined ? { states: v.states } : {}),
          ...(m ? { branching: Math.round(m.branching * 100) / 100 } : {}),
          ...(m?.optimalSolutions !== undefined ? { optimalSolutions: m.optimalSolutions, optimalCapped: m.optimalSolutionsCapped === true } : {}),
          ...(m?.taggedMovesMin !== undefined ? { taggedMovesMin: m.taggedMovesMin } : {}),
          ...(m?.taggedMovesMax !== undefined ? { taggedMovesMax: m.taggedMovesMax } : {}),
        });
      };
      // Fed to the pool a few at a time (verifyWindow), not all at once: starting costs the host's
      // loop nothing for a pack of 10,000 levels, and Cancel only has the jobs in flight to stop.
      void feedJobs(levels.length, verifyWindow(ctx), verifyOne, job.abort.signal).then(
        () => {
          markPairs(job.rows, c.loaded.alike ?? []);
          job.state = 'done';
          job.ms = Math.round(performance.now() - job.t0);
          if (jobs.get(job.id) === job) {
            job.expiry = setTimeout(() => forget(job), ttlMs);
            job.expiry.unref?.();
          }
        },
        () => {
          job.state = 'done';
        },
      );
      return { ok: true as const, jobId: job.id, total: job.total };
    }),

    packVerifyPoll: guard('packVerifyPoll', async (raw) => {
      const req = shape('packVerifyPoll', raw, ['jobId']);
      if (isHostError(req)) return req;
      const id = requiredString('packVerifyPoll', req, 'jobId');
      if (isHostError(id)) return id;
      const job = jobs.get(id);
      if (!job) return { ok: false, code: 'not-found', message: `packVerifyPoll: no verify job ${id} (cancelled or expired).` };
      return {
        ok: true as const,
        jobId: id,
        state: job.state,
        done: job.done,
        total: job.total,
        rows: job.rows.map((r) => ({ ...r })),
        ms: job.state === 'done' ? job.ms : Math.round(performance.now() - job.t0),
      };
    }),

    packVerifyCancel: guard('packVerifyCancel', async (raw) => {
      const req = shape('packVerifyCancel', raw, ['jobId']);
      if (isHostError(req)) return req;
      const id = requiredString('packVerifyCancel', req, 'jobId');
      if (isHostError(id)) return id;
      const job = jobs.get(id);
      if (!job) return { ok: true as const, jobId: id, cancelled: false };
      job.abort.abort();
      forget(job);
      return { ok: true as const, jobId: id, cancelled: true };
    }),
  };
}
