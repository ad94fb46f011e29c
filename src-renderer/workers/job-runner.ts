/**
 * The renderer's one worker client: `runJob(job, onProgress)` runs a job of
 * the job protocol (job-protocol.ts: `solve`, `engine-move`) in a fresh Web
 * Worker (job.worker.ts) and answers `{promise, cancel}`; `cancel()`
 * terminates the worker at once and settles with `{kind: 'cancelled'}`.
 * `keptJobs()`: jobs run one after another on one worker kept alive (hints).
 */
import type { Level } from '../../src-shared/model/level.js';
import { startJobOn, type Job, type JobHandle, type JobKind, type JobPort, type JobProgress, type SolveCaps, type SolveJob } from './job-protocol.js';
// Inlined as a blob: module worker, so it also starts from Electron's file:// origin
// (CSP: worker-src 'self' blob:).
import JobWorker from './job.worker.ts?worker&inline';
import { keptJobsOn, type KeptJobs } from './kept-jobs.js';

/** Runs `job` in a new worker (job-protocol.ts `startJobOn`). Never throws. */
export function runJob<K extends JobKind>(job: Extract<Job, { kind: K }>, onProgress?: (p: JobProgress) => void): JobHandle<K> {
  return startJobOn<K>(() => new JobWorker() as unknown as JobPort, job, onProgress);
}

/** Jobs on one worker kept until `close()` (kept-jobs.ts: the play session's hints). */
export function keptJobs(): KeptJobs {
  return keptJobsOn(() => new JobWorker() as unknown as JobPort);
}

/** A `solve` job of `level` (`caps` limit it, else the solver's defaults apply). */
export function startWorkerSolve(level: Level, onProgress: (p: JobProgress) => void, caps: SolveCaps = {}): SolveJob {
  return runJob({ kind: 'solve', level, caps }, onProgress);
}
