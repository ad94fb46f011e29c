/**
 * The pack verify jobs of the host pack methods: `packVerifyStart` re-proves
 * every level of a pack (or only the positions in `levels`: "re-verify the
 * limits with a longer cap") on the host's shared solve pool (`ctx.pool()`),
 * one job per call, and answers its id and the caps it uses at once;
 * `packVerifyPoll` answers the rows so far (a level's row fills in when its
 * proof ends); `packVerifyCancel` stops a job. Caps (`timeMs`, default
 * PACK_VERIFY_TIME_MS; `maxStates`, default the host's save cap) apply to
 * each level and count from the start of its own solve (solve-pool.ts),
 * never the wait for a worker. The job answers once the pack is loaded
 * (pack-load.ts); its levels are fed to the pool a few at a time
 * (`verifyWindow`: twice its workers), the next as one ends, so a pack of
 * 10,000 levels costs the host's loop no more than a small one and Cancel
 * has only the levels in flight to stop (no level starts after it). A row
 * carries the re-proof's `warnings` (rulesets/proof-checks.ts: RULINGS
 * P-1 short / cooked, a par above the optimum). At most `maxJobs` jobs are
 * kept (starting one more cancels the oldest); a finished job is forgotten
 * `ttlMs` after it ended. Never throw (`guard`).
 */
import { randomUUID } from 'node:crypto';
import type { HostError, HostResponses } from '../../src-shared/host/contract.js';
import type { PackRow } from '../../src-shared/host/pack-contract.js';
import { markPairs } from '../../src-shared/pack/rows.js';
import { classifyLevel } from '../../src-shared/pack/status.js';
import { rulesetOf } from '../../src-shared/rulesets/index.js';
import { factsOfAnswer, proofWarnings } from '../../src-shared/rulesets/proof-checks.js';
import { badRequest, handle, isHostError, type HostContext } from './host-request.js';
import { Slicer } from './loop-slices.js';
import { baseRow, loadConfined } from './pack-confine.js';
import { proofOf } from './pack-files.js';
import { forSolver } from './solve-runner.js';

/** Verify jobs kept at once (the oldest is cancelled beyond it). */
export const PACK_VERIFY_JOBS = 2;
/** A finished verify job is forgotten this many ms after it ended. */
export const PACK_VERIFY_TTL_MS = 120_000;
/** Optimal solutions counted per level when verifying (the metrics' cap). */
export const VERIFY_COUNT_SOLUTIONS = 100;
/**
 * The default time cap of each level's solve in a verify, ms: three times
 * the save's (save-pipeline.ts DEFAULT_SAVE_TIME_MS, 20 s). A save keeps
 * the designer waiting; a verify runs in the background with progress and
 * Cancel, and a level that waits for its turn loses nothing (the cap
 * starts with its own solve), so a level slowed by a busy machine (a
 * 2.5 s proof on a core shared eight ways) still proves.
 */
export const PACK_VERIFY_TIME_MS = 60_000;
// The largest caps a verify request may ask for are in pack-contract.ts (PACK_VERIFY_MAX_TIME_MS,
// PACK_VERIFY_MAX_STATES), where the request's schema states them.

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

/**
 * The optional `levels` field of `packVerifyStart` (its schema checked a
 * non-empty array of whole numbers from 0): distinct pack positions below
 * `count`. Answers them in the given order, undefined when absent, or a
 * bad-request HostError.
 */
export function verifySubset(levels: number[] | undefined, count: number): number[] | undefined | HostError {
  if (levels === undefined) return undefined;
  if (levels.length > count) return badRequest(`packVerifyStart: "levels" names ${levels.length} positions; the pack has ${count} levels.`);
  const seen = new Set<number>();
  for (const i of levels) {
    if (i >= count) return badRequest(`packVerifyStart: "levels" must hold level positions from 0 to ${count - 1} (got ${i}).`);
    if (seen.has(i)) return badRequest(`packVerifyStart: "levels" names position ${i} twice.`);
    seen.add(i);
  }
  return levels;
}

interface VerifyJob {
  id: string;
  /** The caps of each level's solve. */
  timeMs: number;
  maxStates: number;
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
    packVerifyStart: handle('packVerifyStart', async (req) => {
      const { path: p, maxStates: maxStatesReq, timeMs: timeMsReq } = req;
      const c = await loadConfined(ctx, 'packVerifyStart', p);
      if (isHostError(c)) return c;
      const subset = verifySubset(req.levels, c.loaded.levels.length);
      if (isHostError(subset)) return subset;
      const maxStates = maxStatesReq ?? ctx.maxStates;
      const timeMs = timeMsReq ?? PACK_VERIFY_TIME_MS;
      while (jobs.size >= maxJobs) {
        const oldest = jobs.values().next().value as VerifyJob;
        oldest.abort.abort();
        forget(oldest);
      }
      const levels = subset ? subset.map((i) => c.loaded.levels[i]!) : c.loaded.levels;
      const job: VerifyJob = {
        id: randomUUID(),
        timeMs,
        maxStates,
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
        // Both caps count from the start of this level's own solve (solve-pool.ts), not from when it was queued.
        // `background`: the designer's own solves (live badge, Solve, save) go before the queued verify levels.
        const o = await ctx.pool().solve(forSolver(l.level), {
          countSolutions: VERIFY_COUNT_SOLUTIONS,
          maxStates,
          timeMs,
          signal: job.abort.signal,
          background: true,
        });
        const v = classifyLevel(l.level, proofOf(o.result), undefined, l.hash);
        const m = o.result.status === 'solved' || o.result.status === 'unsolvable' ? o.result.metrics : undefined;
        // What the re-proof says besides the status (P-1 short / cooked, a par above the optimum).
        const warnings = proofWarnings(l.level, factsOfAnswer(o.result), rulesetOf(l.level));
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
          ...(warnings.length ? { warnings } : {}),
        });
      };
      // Fed to the pool a few at a time (verifyWindow), not all at once: starting costs the host's
      // loop nothing for a pack of 10,000 levels, and Cancel only has the jobs in flight to stop.
      void feedJobs(levels.length, verifyWindow(ctx), verifyOne, job.abort.signal).then(
        () => {
          // Duplicates are found among all the pack's levels; only the verified rows are marked.
          const byPosition: PackRow[] = [];
          for (const r of job.rows) byPosition[r.index] = r;
          markPairs(byPosition, c.loaded.alike ?? []);
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
      return { ok: true as const, jobId: job.id, total: job.total, timeMs, maxStates };
    }),

    packVerifyPoll: handle('packVerifyPoll', async ({ jobId: id }) => {
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
        timeMs: job.timeMs,
        maxStates: job.maxStates,
      };
    }),

    packVerifyCancel: handle('packVerifyCancel', async ({ jobId: id }) => {
      const job = jobs.get(id);
      if (!job) return { ok: true as const, jobId: id, cancelled: false };
      job.abort.abort();
      forget(job);
      return { ok: true as const, jobId: id, cancelled: true };
    }),
  };
}
