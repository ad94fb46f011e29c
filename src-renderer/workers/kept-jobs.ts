/**
 * A worker kept for a series of jobs (the play session's hints): one
 * worker runs the jobs one after another, so what it keeps between jobs
 * (its warm code, the hint memo of job-handler.ts) makes the later ones
 * fast. Pure (the worker comes from `spawn`): the unit tests drive it with
 * a fake port.
 *
 * - `run(job)` starts the job when the worker is idle; while one runs, it
 *   waits as the next one (a job already waiting is cancelled: only the
 *   latest matters, each hint supersedes the previous).
 * - `cancel()` of the running job settles it at once (`cancelled`) but
 *   lets the worker finish it (its answer is dropped), since the search
 *   loops cannot be interrupted and the worker's memo is worth keeping;
 *   only when it has run `abandonMs` (counting from its start) is the worker
 *   terminated and a fresh one started for the next job.
 * - A worker error settles the running job with an `error` and replaces
 *   the worker. `close()` terminates it and cancels every job.
 */
import { outcomeOf, type Job, type JobHandle, type JobKind, type JobMessage, type JobOutcome, type JobPort, type JobProgress } from './job-protocol.js';

/** How long a cancelled job may keep the worker busy before it is terminated, ms. */
export const KEEP_ABANDON_MS = 1500;

interface Entry {
  job: Job;
  settle: (o: JobOutcome) => void;
  onProgress: (p: JobProgress) => void;
  /** Settled already (answer or cancel): later messages of the job are dropped. */
  done: boolean;
  started: number;
}

export interface KeptJobs {
  run<K extends JobKind>(job: Extract<Job, { kind: K }>, onProgress?: (p: JobProgress) => void): JobHandle<K>;
  /** Terminates the worker; every job still running or waiting settles `cancelled`. */
  close(): void;
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * Jobs on one kept worker made by `spawn` (see the file comment). `now`
 * and `later` (timer) are injectable for tests. Never throws.
 */
export function keptJobsOn(
  spawn: () => JobPort,
  abandonMs = KEEP_ABANDON_MS,
  now: () => number = () => performance.now(),
  later: (fn: () => void, ms: number) => unknown = (fn, ms) => setTimeout(fn, ms),
): KeptJobs {
  let worker: JobPort | null = null;
  let current: Entry | null = null;
  let waiting: Entry | null = null;
  let closed = false;

  const drop = (): void => {
    worker?.terminate();
    worker = null;
  };
  const settle = (e: Entry, o: JobOutcome): void => {
    if (e.done) return;
    e.done = true;
    e.settle(o);
  };
  const next = (): void => {
    current = null;
    const w = waiting;
    waiting = null;
    if (w && !closed) start(w);
  };
  const start = (e: Entry): void => {
    current = e;
    e.started = now();
    try {
      if (!worker) {
        const w = spawn();
        w.onmessage = (ev: MessageEvent) => {
          if (worker !== w || !current) return;
          const m = ev.data as JobMessage;
          if (m.type === 'progress') {
            if (!current.done) {
              try {
                current.onProgress({ states: m.states, depth: m.depth });
              } catch {
                // a faulty progress callback must not stop the job
              }
            }
            return;
          }
          const o = outcomeOf(m);
          if (!o) return;
          settle(current, o);
          next();
        };
        w.onerror = (ev: ErrorEvent) => {
          ev.preventDefault();
          if (worker !== w) return;
          drop();
          if (current) settle(current, { kind: 'error', message: `The worker failed: ${ev.message || 'unknown error'}` });
          next();
        };
        worker = w;
      }
      worker.postMessage(JSON.parse(JSON.stringify(e.job)) as Job);
    } catch (err) {
      drop();
      settle(e, { kind: 'error', message: `Cannot start the worker job: ${messageOf(err)}` });
      next();
    }
  };
  /** A cancelled running job past `abandonMs`: the worker goes, the next job gets a fresh one. */
  const abandonIfLate = (e: Entry): void => {
    if (current !== e) return;
    const left = e.started + abandonMs - now();
    if (left > 0) {
      later(() => abandonIfLate(e), left);
      return;
    }
    drop();
    next();
  };

  return {
    run<K extends JobKind>(job: Extract<Job, { kind: K }>, onProgress: (p: JobProgress) => void = () => undefined): JobHandle<K> {
      let resolve!: (o: JobOutcome<K>) => void;
      const promise = new Promise<JobOutcome<K>>((r) => (resolve = r));
      const e: Entry = { job, settle: resolve as (o: JobOutcome) => void, onProgress, done: false, started: 0 };
      if (closed) settle(e, { kind: 'cancelled' });
      else if (!current) start(e);
      else {
        if (waiting) settle(waiting, { kind: 'cancelled' });
        waiting = e;
        if (current.done) abandonIfLate(current);
      }
      return {
        promise,
        cancel: () => {
          if (e.done) return;
          settle(e, { kind: 'cancelled' });
          if (waiting === e) waiting = null;
          else if (current === e) abandonIfLate(e);
        },
      };
    },
    close(): void {
      closed = true;
      if (waiting) settle(waiting, { kind: 'cancelled' });
      if (current) settle(current, { kind: 'cancelled' });
      waiting = null;
      current = null;
      drop();
    },
  };
}
