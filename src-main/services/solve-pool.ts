/**
 * A pool of long-lived solve workers (worker_threads, entry solve-worker.ts,
 * pool protocol) for batch solving: `size` workers (default
 * `os.availableParallelism()`), a FIFO queue, progress per job, cancel per
 * job and for everything.
 *
 * - `solve(level, opts)` queues a job and resolves with the same
 *   `WorkerSolveOutcome` as solve-runner `solveInWorker` (never rejects).
 * - Background jobs (`opts.background`: a pack verify's levels) wait
 *   behind the others: a solve the designer waits for (the live badge,
 *   Solve, a save) takes the next free worker even when thousands of
 *   verify jobs are queued. Each kind is served first come, first served.
 * - Caps count from the start of the job's own solve: the time cap
 *   (`opts.timeMs`) starts when a worker takes the job, never while it
 *   waits in the queue (a level queued behind many others is not answered
 *   `limit` for having waited), and `maxStates` / `maxBytes` bound its own
 *   search. The answer's `ms` is the solve's own wall time; `queuedMs` is
 *   the wait before it.
 * - Cancel (`opts.signal`): a queued job is dropped at once; a running
 *   job's (cancel or time cap) shared cancel flag is raised, the search
 *   stops at its next poll (a few thousand expansions) and answers
 *   `cancelled` (or `limit`/`time`), and the worker takes the next job. A
 *   worker that does not answer within `graceMs` (default 2 s) is terminated
 *   and replaced.
 * - A worker that dies (crash, exit) fails its job with `error`; one out of
 *   JS heap (ERR_WORKER_OUT_OF_MEMORY, `heapLimitMb`) with `limit`/`memory`;
 *   the pool starts a fresh worker for the next job.
 * - `maxBytes` defaults to `defaultSolveMaxBytes(size)`: the running solves
 *   share the free memory; `countSolutions` defaults to 0 (no metrics count),
 *   as for `solveInWorker`.
 * - Idle workers are `unref`ed: an idle pool does not keep the process alive.
 *   `close()` cancels everything and terminates the workers.
 * - `onChange` (constructor) reports queue and running counts, for progress bars.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Level } from '../../src-shared/model/level.js';
import type { SolveProgress } from '../../src-shared/solver/types.js';
import {
  DEFAULT_WORKER_HEAP_MB,
  defaultSolveMaxBytes,
  isWorkerOutOfMemory,
  spawnSolveWorker,
  type PoolSolveOptions,
  type SolvePoolLike,
  type WorkerSolveOutcome,
  type WorkerSolveResult,
} from './solve-runner.js';

export interface SolvePoolOptions {
  /** Number of workers; default `os.availableParallelism()`. */
  size?: number;
  /** JS heap cap per worker, MiB (default 1024). */
  heapLimitMb?: number;
  /** How long a cancelled job may take to answer before its worker is terminated, ms (default 2000). */
  graceMs?: number;
  /** Called whenever the number of queued or running jobs changes. */
  onChange?: (s: { queued: number; running: number; done: number }) => void;
}

export type PoolJobOptions = PoolSolveOptions;

interface Job {
  id: number;
  level: Level;
  opts: PoolJobOptions;
  resolve: (o: WorkerSolveOutcome) => void;
  /** When it was queued (performance.now()). */
  queuedAt: number;
  /** When a worker took it (its caps count from here); absent while queued. */
  startedAt?: number;
  states: number;
  depth: number;
  settled: boolean;
  slot?: Slot;
  timer?: ReturnType<typeof setTimeout>;
  grace?: ReturnType<typeof setTimeout>;
  /** Why the running job was asked to stop (answer given when the worker says cancelled). */
  stopAs?: WorkerSolveResult;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker;
  job?: Job;
  cancel: Int32Array;
}

let nextId = 1;

export class SolvePool implements SolvePoolLike {
  readonly size: number;
  private readonly heapLimitMb: number;
  private readonly graceMs: number;
  private readonly onChange: SolvePoolOptions['onChange'];
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  /** Queued jobs without `background` (when 0, the queue's head is next). */
  private urgent = 0;
  private closed = false;
  private done = 0;

  constructor(opts: SolvePoolOptions = {}) {
    this.size = Math.max(1, Math.floor(opts.size ?? availableParallelism()));
    this.heapLimitMb = opts.heapLimitMb ?? DEFAULT_WORKER_HEAP_MB;
    this.graceMs = opts.graceMs ?? 2000;
    this.onChange = opts.onChange;
  }

  /** Jobs waiting for a worker. */
  get queued(): number {
    return this.queue.length;
  }

  /** Jobs running now. */
  get running(): number {
    return this.slots.filter((s) => s.job).length;
  }

  /** Live worker threads. */
  get workers(): number {
    return this.slots.length;
  }

  /**
   * Queues a solve of `level`. Resolves with the outcome (see the file
   * comment): `ms` is the job's own solve, from the moment a worker took it
   * (0 when it never started), `queuedMs` the wait before; the time cap
   * `opts.timeMs` counts from that same moment. Never rejects.
   */
  solve(level: Level, opts: PoolJobOptions = {}): Promise<WorkerSolveOutcome> {
    return new Promise<WorkerSolveOutcome>((resolve) => {
      const job: Job = { id: nextId++, level, opts, resolve, queuedAt: performance.now(), states: 0, depth: 0, settled: false };
      if (this.closed || opts.signal?.aborted) {
        this.finish(job, { status: 'cancelled', states: 0, depth: 0 });
        return;
      }
      if (opts.signal) {
        job.onAbort = () => this.stop(job, { status: 'cancelled', states: job.states, depth: job.depth });
        opts.signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      if (!opts.background) this.urgent++;
      this.changed();
      this.pump();
    });
  }

  /** Cancels every queued and running job (they answer `cancelled`); the pool stays usable. */
  cancelAll(): void {
    for (const job of [...this.queue]) this.stop(job, { status: 'cancelled', states: 0, depth: 0 });
    for (const s of this.slots) if (s.job) this.stop(s.job, { status: 'cancelled', states: s.job.states, depth: s.job.depth });
  }

  /** Cancels everything and terminates the workers; later `solve` calls answer `cancelled`. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of [...this.queue]) this.stop(job, { status: 'cancelled', states: 0, depth: 0 });
    const slots = this.slots.splice(0);
    for (const s of slots) {
      if (s.job) this.finish(s.job, { status: 'cancelled', states: s.job.states, depth: s.job.depth });
      s.worker.removeAllListeners();
      s.worker.on('error', () => {});
    }
    await Promise.all(slots.map((s) => s.worker.terminate().catch(() => 0)));
  }

  // ---- internals -------------------------------------------------------------

  private changed(): void {
    try {
      this.onChange?.({ queued: this.queue.length, running: this.running, done: this.done });
    } catch {
      // a faulty listener must not break the pool
    }
  }

  /** Settles a job once: clears its timers and listener, resolves. */
  private finish(job: Job, result: WorkerSolveResult): void {
    if (job.settled) return;
    job.settled = true;
    if (job.timer) clearTimeout(job.timer);
    if (job.grace) clearTimeout(job.grace);
    if (job.onAbort) job.opts.signal?.removeEventListener('abort', job.onAbort);
    const qi = this.queue.indexOf(job);
    if (qi >= 0) this.dequeue(qi);
    this.done++;
    const now = performance.now();
    const started = job.startedAt ?? now;
    job.resolve({ result, ms: Math.max(0, Math.round(now - started)), queuedMs: Math.max(0, Math.round(started - job.queuedAt)) });
    this.changed();
  }

  /** Stops a job: queued → answered at once; running → cancel flag, answered when the worker stops (or after the grace time). */
  private stop(job: Job, as: WorkerSolveResult): void {
    if (job.settled) return;
    const slot = job.slot;
    if (!slot) {
      this.finish(job, as);
      return;
    }
    if (job.stopAs) return;
    job.stopAs = as;
    Atomics.store(slot.cancel, 0, 1);
    job.grace = setTimeout(() => {
      // The search did not poll in time: terminate and replace the worker.
      this.finish(job, as);
      this.retire(slot);
      this.pump();
    }, this.graceMs);
  }

  private retire(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    slot.job = undefined;
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => {});
    slot.worker.terminate().catch(() => 0);
    this.changed();
  }

  private spawn(): Slot | undefined {
    let worker: Worker;
    try {
      worker = spawnSolveWorker({ maxOldGenerationSizeMb: this.heapLimitMb });
    } catch (err) {
      const job = this.queue.length ? this.dequeue(0) : undefined;
      if (job)
        this.finish(job, {
          status: 'error',
          message: `could not start the solver worker: ${err instanceof Error ? err.message : String(err)}`,
          states: 0,
          depth: 0,
        });
      return undefined;
    }
    const slot: Slot = { worker, cancel: new Int32Array(new SharedArrayBuffer(4)) };
    worker.on('message', (msg: unknown) => this.onMessage(slot, msg));
    worker.on('error', (err: unknown) => this.onDeath(slot, err));
    worker.on('exit', (code: number) => this.onDeath(slot, new Error(`solver worker exited (code ${code}) without an answer`)));
    this.slots.push(slot);
    return slot;
  }

  private onMessage(slot: Slot, msg: unknown): void {
    const job = slot.job;
    if (!job || !msg || typeof msg !== 'object') return;
    const m = msg as {
      type?: unknown;
      id?: unknown;
      states?: unknown;
      depth?: unknown;
      expanded?: unknown;
      generated?: unknown;
      result?: unknown;
      message?: unknown;
    };
    if (m.id !== job.id) return;
    if (m.type === 'progress' && typeof m.states === 'number' && typeof m.depth === 'number') {
      job.states = m.states;
      job.depth = m.depth;
      const p: SolveProgress = { states: m.states, depth: m.depth };
      if (typeof m.expanded === 'number') p.expanded = m.expanded;
      if (typeof m.generated === 'number') p.generated = m.generated;
      try {
        job.opts.onProgress?.(p);
      } catch {
        // a faulty progress callback must not break the solve
      }
      return;
    }
    if (m.type === 'result' && m.result && typeof m.result === 'object' && 'status' in m.result) {
      const r = m.result as WorkerSolveResult;
      this.release(slot);
      const stopped = job.stopAs && r.status === 'cancelled' ? ({ ...job.stopAs, states: r.states, depth: r.depth } as WorkerSolveResult) : r;
      this.finish(job, stopped);
    } else if (m.type === 'error') {
      this.release(slot);
      this.finish(job, { status: 'error', message: `solver failed: ${String(m.message)}`, states: job.states, depth: job.depth });
    } else {
      return;
    }
    this.pump();
  }

  private onDeath(slot: Slot, err: unknown): void {
    const job = slot.job;
    this.retire(slot);
    if (job) {
      if (isWorkerOutOfMemory(err)) this.finish(job, { status: 'limit', reason: 'memory', states: job.states, depth: job.depth });
      else
        this.finish(job, {
          status: 'error',
          message: `solver worker crashed: ${err instanceof Error ? err.message : String(err)}`,
          states: job.states,
          depth: job.depth,
        });
    }
    this.pump();
  }

  /** The slot's job is over: the worker is idle again. */
  private release(slot: Slot): void {
    const job = slot.job;
    if (job?.grace) clearTimeout(job.grace);
    slot.job = undefined;
    slot.worker.unref();
  }

  /** Takes the queued job at `i` out of the queue. */
  private dequeue(i: number): Job {
    const job = this.queue.splice(i, 1)[0]!;
    if (!job.opts.background) this.urgent--;
    return job;
  }

  /** Starts queued jobs on idle workers, spawning up to `size`. */
  private pump(): void {
    if (this.closed) return;
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot) {
        if (this.slots.length >= this.size) break;
        slot = this.spawn();
        if (!slot) continue;
      }
      // The oldest job the designer waits for, else the oldest background job.
      const job = this.dequeue(this.urgent > 0 ? this.queue.findIndex((j) => !j.opts.background) : 0);
      job.slot = slot;
      slot.job = job;
      Atomics.store(slot.cancel, 0, 0);
      slot.worker.ref();
      // The job's own solve starts now: its time cap counts from here, not from when it was queued.
      job.startedAt = performance.now();
      const timeMs = job.opts.timeMs;
      if (typeof timeMs === 'number' && Number.isFinite(timeMs)) {
        job.timer = setTimeout(() => this.stop(job, { status: 'limit', reason: 'time', states: job.states, depth: job.depth }), Math.max(0, timeMs));
      }
      try {
        slot.worker.postMessage({
          type: 'solve',
          id: job.id,
          level: job.level,
          ...(job.opts.maxStates !== undefined ? { maxStates: job.opts.maxStates } : {}),
          maxBytes: job.opts.maxBytes ?? defaultSolveMaxBytes(this.size),
          countSolutions: job.opts.countSolutions ?? 0,
          cancel: slot.cancel.buffer,
        });
      } catch (err) {
        this.release(slot);
        this.finish(job, {
          status: 'error',
          message: `could not send the level to the solver worker: ${err instanceof Error ? err.message : String(err)}`,
          states: 0,
          depth: 0,
        });
      }
    }
    this.changed();
  }
}
