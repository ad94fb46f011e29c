/**
 * Runs the optimal solve (solve-worker.ts: `solveLevel`) in a worker
 * thread, so the host stays responsive, with a wall-clock cap and
 * cancellation by terminating the thread, or through a `SolvePool`
 * (solve-pool.ts) of long-lived workers when one is given or set as the
 * default (`setDefaultSolvePool`: the CLI does so for batch proving).
 *
 * Memory: the search's own typed arrays are capped by `maxBytes` (default
 * `defaultSolveMaxBytes()`: 60% of free memory, at most 1 GiB, per running
 * solve) and answer `limit`/`memory` cleanly; the worker's JS heap is capped
 * by `resourceLimits` (`heapLimitMb`, default 1024), and a worker that
 * still runs out of memory (ERR_WORKER_OUT_OF_MEMORY) is also answered as
 * `{status: 'limit', reason: 'memory'}`, never a crash of the host.
 *
 * Worker entry:
 * - Electron build: `setSolveWorkerEntry(pathToFileURL('out/main/solve-worker.js'))`
 *   (a plain JS file, started as is).
 * - Built CLI (scripts/build-cli.mjs): `out/cli/solve-worker.mjs` next to
 *   `out/cli/castellan.mjs`, set the same way by the bundle's entry.
 * - Default (CLI from source under tsx, vitest): the sibling `solve-worker.ts`. A `.ts`
 *   entry is started through a tiny eval'd bootstrap that registers tsx's ESM
 *   hooks inside the worker and then imports the entry: on Node 20,
 *   `execArgv: ['--import', 'tsx']` does not make a worker's own `.ts` entry
 *   loadable (ERR_UNKNOWN_FILE_EXTENSION), so the bootstrap is required.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { freemem } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { count } from '../../src-shared/display/count.js';
import type { SolveSummary } from '../../src-shared/host/contract.js';
import type { Level } from '../../src-shared/model/level.js';
import type { SolveProgress, SolveResult } from '../../src-shared/solver/types.js';
import type { Issue } from '../../src-shared/validation/issue.js';

/** What a worker solve ends with: the solver's answer, or the runner's own verdicts. */
export type WorkerSolveResult = SolveResult | { status: 'invalid'; issues: Issue[] } | { status: 'error'; message: string; states: number; depth: number };

export interface SolveInWorkerOptions {
  /**
   * Wall-clock cap in milliseconds of the solve itself (worker start-up
   * included; in a pool it counts from the moment a worker takes the job,
   * never the wait in the queue); absent or non-finite: none.
   */
  timeMs?: number;
  /** Passed to the solver (SolveOptions.maxStates). */
  maxStates?: number;
  /** Passed to the solver (SolveOptions.maxBytes); default `defaultSolveMaxBytes()`. */
  maxBytes?: number;
  /**
   * Optimal-solution count cap for the metrics (SolveOptions.countSolutions).
   * Default here 0 (off: par and line only, the fastest proof, as the save
   * pipeline needs); `castellan solve` asks for 1000.
   */
  countSolutions?: number;
  /** JS heap cap of the worker in MiB (resourceLimits.maxOldGenerationSizeMb); default 1024. */
  heapLimitMb?: number;
  /** Progress from the worker, throttled there (about 10 per second). */
  onProgress?: (p: SolveProgress) => void;
  /** Aborting terminates the worker; the answer is `{status: 'cancelled'}`. */
  signal?: AbortSignal;
  /** Run in this pool instead of a fresh worker (default: the pool set by `setDefaultSolvePool`, if any). */
  pool?: SolvePoolLike;
}

/** The options of one pool job: those of a worker solve, and `background` (a batch job queued behind the others). */
export type PoolSolveOptions = Omit<SolveInWorkerOptions, 'pool'> & {
  /** A batch job (a pack verify's level): queued behind every job without this flag. */
  background?: boolean;
};
/**
 * The level as a solve worker needs it: without its `editor` state (free-form,
 * up to megabytes, ignored by the rules, LEVEL-FORMAT-v1) and its stored
 * `solution` (the solver proves the optimum itself, UK-7). Copying a
 * level into a worker clones it on the host's thread, so what is left out
 * is never cloned. A shallow copy; `level` is not changed.
 */
export function forSolver(level: Level): Level {
  if (!('editor' in level) && !('solution' in level)) return level;
  const copy = { ...level } as Level & { editor?: unknown };
  delete copy.editor;
  delete copy.solution;
  return copy;
}

/** What `solveInWorker` needs from a pool (solve-pool.ts `SolvePool`). */
export interface SolvePoolLike {
  solve(level: Level, opts?: PoolSolveOptions): Promise<WorkerSolveOutcome>;
}

let defaultPool: SolvePoolLike | undefined;

/** Routes every later `solveInWorker` call (without its own `pool`) through `pool`; `undefined` restores fresh workers. */
export function setDefaultSolvePool(pool: SolvePoolLike | undefined): void {
  defaultPool = pool;
}

/** The default JS heap cap of a solve worker, MiB. */
export const DEFAULT_WORKER_HEAP_MB = 1024;

/**
 * The default byte cap of one solve's search arrays when `concurrent`
 * solves run at once: 60% of the free memory shared between them, at most
 * 1 GiB each and at least 64 MiB.
 */
export function defaultSolveMaxBytes(concurrent = 1): number {
  const share = Math.floor((freemem() * 0.6) / Math.max(1, concurrent));
  return Math.max(64 * 2 ** 20, Math.min(2 ** 30, share));
}

/** True for the error a worker dies with when its JS heap is exhausted. */
export function isWorkerOutOfMemory(err: unknown): boolean {
  return !!err && typeof err === 'object' && (err as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
}

export interface WorkerSolveOutcome {
  result: WorkerSolveResult;
  /**
   * Wall-clock milliseconds of the solve itself (integer): a fresh worker
   * from spawn to answer; a pool job from the moment a worker took it (its
   * time cap counts from there too).
   */
  ms: number;
  /** A pool job's wait in the queue before a worker took it, ms (integer); absent for a fresh worker. */
  queuedMs?: number;
}

const SIBLING_ENTRY = './solve-worker' + '.ts'; // not a literal `new URL(...)`: keeps bundlers from rewriting it

let entry: { url: URL; execArgv: string[] } | undefined;

/**
 * Sets the worker entry (Electron: `out/main/solve-worker.js`). `execArgv` is
 * passed to the Worker. A `.ts` entry is started through the tsx bootstrap.
 */
export function setSolveWorkerEntry(url: URL, execArgv: string[] = []): void {
  entry = { url, execArgv: [...execArgv] };
}

/** Back to the default entry (the sibling `solve-worker.ts`). */
export function resetSolveWorkerEntry(): void {
  entry = undefined;
}

/** The entry `solveInWorker` will start. */
export function getSolveWorkerEntry(): { url: URL; execArgv: string[] } {
  return entry ?? { url: new URL(SIBLING_ENTRY, import.meta.url), execArgv: [] };
}

let tsxApiCache: string | undefined;

/** file: URL of tsx's ESM API module (`tsx/esm/api`, import condition). Throws when tsx is missing. */
export function tsxApiUrl(): string {
  if (tsxApiCache) return tsxApiCache;
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('tsx/package.json');
  const api = join(dirname(pkg), 'dist', 'esm', 'api', 'index.mjs');
  if (!existsSync(api)) throw new Error(`tsx's ESM API was not found at ${api}`);
  tsxApiCache = pathToFileURL(api).href;
  return tsxApiCache;
}

/**
 * Starts a solve worker on the current entry (`getSolveWorkerEntry`), a `.ts`
 * entry through the tsx bootstrap, with `resourceLimits` (JS heap cap).
 * Throws when the worker cannot be created.
 */
export function spawnSolveWorker(resourceLimits: ResourceLimits = { maxOldGenerationSizeMb: DEFAULT_WORKER_HEAP_MB }): Worker {
  const e = getSolveWorkerEntry();
  if (e.url.pathname.endsWith('.ts')) {
    const code = `import(${JSON.stringify(tsxApiUrl())})` + `.then((m) => { m.register(); return import(${JSON.stringify(e.url.href)}); });`;
    return new Worker(code, { eval: true, execArgv: e.execArgv, resourceLimits });
  }
  return new Worker(e.url, { execArgv: e.execArgv, resourceLimits });
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Solves `level` in a fresh worker thread (or in `opts.pool` / the default
 * pool, see `setDefaultSolvePool`).
 *
 * Never rejects: a time cap answers `{status: 'limit', reason: 'time'}` with the
 * last reported states/depth; an abort answers `{status: 'cancelled'}`; a
 * worker out of JS heap answers `{status: 'limit', reason: 'memory'}`; a
 * worker that cannot start, throws, or exits without answering answers
 * `{status: 'error', message}`. `ms` is the wall time of the whole run.
 */
export function solveInWorker(level: Level, opts: SolveInWorkerOptions = {}): Promise<WorkerSolveOutcome> {
  const pool = opts.pool ?? defaultPool;
  if (pool) {
    const { pool: _unused, ...rest } = opts;
    void _unused;
    return pool.solve(level, rest);
  }
  return new Promise<WorkerSolveOutcome>((resolve) => {
    const t0 = performance.now();
    let settled = false;
    let states = 0;
    let depth = 0;
    let worker: Worker | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const { signal } = opts;

    const onAbort = (): void => finish({ status: 'cancelled', states, depth });

    function finish(result: WorkerSolveResult): void {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (worker) {
        worker.removeAllListeners('message');
        worker.on('error', () => {}); // late errors of a terminated worker are not ours to report
        worker.terminate().catch(() => {});
      }
      resolve({ result, ms: Math.max(0, Math.round(performance.now() - t0)) });
    }

    if (signal?.aborted) {
      finish({ status: 'cancelled', states: 0, depth: 0 });
      return;
    }
    try {
      worker = spawnSolveWorker({ maxOldGenerationSizeMb: opts.heapLimitMb ?? DEFAULT_WORKER_HEAP_MB });
    } catch (err) {
      finish({ status: 'error', message: `could not start the solver worker: ${messageOf(err)}`, states, depth });
      return;
    }
    worker.on('message', (msg: unknown) => {
      if (!msg || typeof msg !== 'object') return;
      const m = msg as { type?: unknown; states?: unknown; depth?: unknown; result?: unknown; message?: unknown };
      if (m.type === 'progress' && typeof m.states === 'number' && typeof m.depth === 'number') {
        states = m.states;
        depth = m.depth;
        const extra = m as { expanded?: unknown; generated?: unknown };
        try {
          opts.onProgress?.({
            states,
            depth,
            ...(typeof extra.expanded === 'number' ? { expanded: extra.expanded } : {}),
            ...(typeof extra.generated === 'number' ? { generated: extra.generated } : {}),
          });
        } catch {
          // a faulty progress callback must not kill the solve
        }
      } else if (m.type === 'result' && m.result && typeof m.result === 'object' && 'status' in m.result) {
        finish(m.result as WorkerSolveResult);
      } else if (m.type === 'error') {
        finish({ status: 'error', message: `solver failed: ${String(m.message)}`, states, depth });
      }
    });
    worker.on('error', (err: unknown) => {
      if (isWorkerOutOfMemory(err)) finish({ status: 'limit', reason: 'memory', states, depth });
      else finish({ status: 'error', message: `solver worker crashed: ${messageOf(err)}`, states, depth });
    });
    worker.on('messageerror', (err: unknown) => {
      finish({ status: 'error', message: `solver worker sent an unreadable message: ${messageOf(err)}`, states, depth });
    });
    worker.on('exit', (code: number) => {
      finish({ status: 'error', message: `solver worker exited (code ${code}) without an answer`, states, depth });
    });
    if (typeof opts.timeMs === 'number' && Number.isFinite(opts.timeMs)) {
      timer = setTimeout(() => finish({ status: 'limit', reason: 'time', states, depth }), Math.max(0, opts.timeMs));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      worker.postMessage({
        level,
        ...(opts.maxStates !== undefined ? { maxStates: opts.maxStates } : {}),
        maxBytes: opts.maxBytes ?? defaultSolveMaxBytes(),
        countSolutions: opts.countSolutions ?? 0,
      });
    } catch (err) {
      finish({ status: 'error', message: `could not send the level to the solver worker: ${messageOf(err)}`, states, depth });
    }
  });
}

/**
 * The host-facing summary of a worker solve (contract `SolveSummary`).
 * `invalid` has no summary status of its own: it maps to `error` with the
 * first issue's message (callers normally report invalid levels as issues).
 */
export function summarizeSolve(outcome: WorkerSolveOutcome): SolveSummary {
  const { result, ms } = outcome;
  switch (result.status) {
    case 'solved':
      return { status: 'solved', length: result.length, moves: [...result.moves], states: result.states, ms };
    case 'unsolvable':
      return {
        status: 'unsolvable',
        states: result.states,
        ms,
        message: result.why
          ? `the solver proved that no sequence of moves solves the level: ${result.why.message}`
          : 'the solver proved that no sequence of moves solves the level',
        ...(result.why ? { why: result.why } : {}),
      };
    case 'limit':
      return {
        status: 'limit',
        states: result.states,
        ms,
        reason: result.reason,
        message:
          result.reason === 'time'
            ? `the solver hit its time cap after ${ms} ms (${count(result.states, 'state')}, depth ${result.depth})`
            : result.reason === 'memory'
              ? `the solver hit its memory limit (${count(result.states, 'state')}, depth ${result.depth})`
              : `the solver hit its state cap (${count(result.states, 'state')}, depth ${result.depth})`,
      };
    case 'cancelled':
      return { status: 'cancelled', states: result.states, ms, message: 'the solve was cancelled' };
    case 'invalid':
      return { status: 'error', states: 0, ms, message: result.issues[0]?.message ?? 'the level is invalid' };
    case 'error':
      return { status: 'error', states: result.states, ms, message: result.message };
  }
}
