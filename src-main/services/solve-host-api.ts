/**
 * The host solve methods (src-shared/host/solve-contract.ts)
 * over the shared worker_threads pool: the editor's background solve and its
 * Solve panel run here, never in the renderer.
 *
 * - `solveStart` checks the request (its schema, solve-contract.ts
 *   `SOLVE_REQUEST_SCHEMAS`: plain object, caps integers within bounds),
 *   the document (level schema) and the rules and stored solution
 *   (`validateLevel`, after one schema check, in a turn of the event loop
 *   of its own): errors answer `{ok: false, code: 'invalid',
 *   issues}` and queue nothing. Otherwise it queues the job in the pool
 *   (the level without its editor state, solve-runner.ts `forSolver`) and
 *   answers `{jobId}` at once. `purpose` (`live`, the default, or `proof`:
 *   the proof of a save with progress and Cancel): beyond
 *   `SOLVE_JOBS_PER_HOST` jobs of the same purpose the oldest of that
 *   purpose is cancelled and forgotten (live jobs never evict a proof).
 *   A job that ends `solved` (optimal) is remembered in the host's proof
 *   cache (`proofs`, proof-reuse.ts), so saving that level writes the proof
 *   at once. A `proof` job of a single-player ruleset that does not name
 *   `countSolutions` counts optimal solutions as the save pipeline does, so
 *   the remembered proof carries the difficulty metrics a save writes.
 * - `solvePoll` answers the progress (`queued`/`running`, states, depth, ms)
 *   or, once, the result (`done`); unknown ids answer `not-found`.
 * - `solveCancel` raises the job's abort signal (the pool stops the search at
 *   its next poll) and forgets it; unknown ids answer `{cancelled: false}`.
 *
 * Finished jobs nobody polls are dropped after `SOLVE_JOB_TTL_MS`. Never
 * throws: the methods are wrapped by `guard`.
 */
import { randomUUID } from 'node:crypto';
import { checkLevelObject } from '../../src-shared/format/load.js';
import type { HostResponses, SolveHostMethod } from '../../src-shared/host/contract.js';
import { SOLVE_JOB_TTL_MS, SOLVE_JOBS_PER_HOST, type HostSolveResult, type SolvePurpose } from '../../src-shared/host/solve-contract.js';
import type { Level } from '../../src-shared/model/level.js';
import { rulesetOf, validateLevel } from '../../src-shared/rulesets/index.js';
import { SAVE_COUNT_SOLUTIONS } from './save-pipeline.js';
import { handle } from './host-request.js';
import type { ProofCache } from './proof-reuse.js';
import { yieldToLoop } from './loop-slices.js';
import { forSolver, type SolvePoolLike } from './solve-runner.js';

interface HostSolveJob {
  id: string;
  purpose: SolvePurpose;
  t0: number;
  state: 'queued' | 'running' | 'done';
  states: number;
  depth: number;
  result?: HostSolveResult;
  ms: number;
  abort: AbortController;
  expiry?: ReturnType<typeof setTimeout>;
}

export interface SolveHostOptions {
  /** The pool the jobs run in (created on first use by the caller). */
  pool: () => SolvePoolLike;
  /** Jobs kept at once (default SOLVE_JOBS_PER_HOST). */
  maxJobs?: number;
  /** Drop finished, unpolled jobs after this many ms (default SOLVE_JOB_TTL_MS). */
  ttlMs?: number;
  /** The host's proof cache: every job that ends `solved` is remembered there. */
  proofs?: ProofCache;
}

/** The `solveStart` / `solvePoll` / `solveCancel` methods (see the file comment). */
/**
 * The default count of a job that did not ask for one: a `proof` job (the
 * proof of a save) of a single-player ruleset counts optimal solutions like
 * the save pipeline (`SAVE_COUNT_SOLUTIONS`), so the proof it leaves in the
 * cache carries the difficulty metrics the save writes (`solution.metrics`);
 * other jobs keep the pool's default (no counting).
 */
function proofCount(purpose: SolvePurpose, level: Level): { countSolutions?: number } {
  return purpose === 'proof' && rulesetOf(level)?.goal.kind !== 'in-n' ? { countSolutions: SAVE_COUNT_SOLUTIONS } : {};
}

export function createSolveHostApi(opts: SolveHostOptions): { [M in SolveHostMethod]: (req: unknown) => Promise<HostResponses[M]> } {
  const jobs = new Map<string, HostSolveJob>();
  const maxJobs = opts.maxJobs ?? SOLVE_JOBS_PER_HOST;
  const ttlMs = opts.ttlMs ?? SOLVE_JOB_TTL_MS;

  function forget(job: HostSolveJob): void {
    if (job.expiry) clearTimeout(job.expiry);
    jobs.delete(job.id);
  }

  return {
    solveStart: handle('solveStart', async (req) => {
      const purpose: SolvePurpose = req.purpose ?? 'live';
      const { maxStates, maxBytes, timeMs, countSolutions } = req;
      // Each start checks its document in a turn of its own: the editor's burst of starts (one per
      // open tab, the live badge and a proof) never runs as one long block on the host's loop.
      await yieldToLoop();
      const checked = checkLevelObject(req.document);
      if (!checked.ok) return { ok: false, code: 'invalid', message: checked.error[0]?.message ?? 'The document is not a valid level.', issues: checked.error };
      const rules = validateLevel(checked.value).filter((i) => i.severity === 'error');
      if (rules.length > 0) return { ok: false, code: 'invalid', message: rules[0]!.message, issues: rules };

      // Keep at most maxJobs of this purpose: the oldest goes first (the editor wants its newest document).
      for (;;) {
        const same = [...jobs.values()].filter((j) => j.purpose === purpose);
        if (same.length < maxJobs) break;
        const oldest = same[0]!;
        oldest.abort.abort();
        forget(oldest);
      }
      const level = checked.value;
      const job: HostSolveJob = { id: randomUUID(), purpose, t0: performance.now(), state: 'queued', states: 0, depth: 0, ms: 0, abort: new AbortController() };
      jobs.set(job.id, job);
      void opts
        .pool()
        .solve(forSolver(level), {
          signal: job.abort.signal,
          ...(maxStates !== undefined ? { maxStates } : {}),
          ...(maxBytes !== undefined ? { maxBytes } : {}),
          ...(timeMs !== undefined ? { timeMs } : {}),
          ...(countSolutions !== undefined ? { countSolutions } : proofCount(purpose, level)),
          onProgress: (p) => {
            job.state = 'running';
            job.states = p.states;
            job.depth = p.depth;
          },
        })
        .then((outcome) => {
          opts.proofs?.remember(level, outcome.result);
          job.state = 'done';
          job.result = outcome.result;
          job.ms = outcome.ms;
          if (jobs.get(job.id) === job) {
            job.expiry = setTimeout(() => forget(job), ttlMs);
            job.expiry.unref?.();
          }
        });
      return { ok: true as const, jobId: job.id };
    }),

    solvePoll: handle('solvePoll', async ({ jobId: id }) => {
      const job = jobs.get(id);
      if (!job) return { ok: false, code: 'not-found', message: `solvePoll: no solve job ${id} (finished and already polled, cancelled, or expired).` };
      if (job.state === 'done' && job.result) {
        forget(job);
        return { ok: true as const, jobId: id, state: 'done' as const, result: job.result, ms: job.ms };
      }
      return {
        ok: true as const,
        jobId: id,
        state: job.state === 'done' ? 'running' : job.state,
        states: job.states,
        depth: job.depth,
        ms: Math.round(performance.now() - job.t0),
      };
    }),

    solveCancel: handle('solveCancel', async ({ jobId: id }) => {
      const job = jobs.get(id);
      if (!job) return { ok: true as const, jobId: id, cancelled: false };
      job.abort.abort();
      forget(job);
      return { ok: true as const, jobId: id, cancelled: true };
    }),
  };
}
