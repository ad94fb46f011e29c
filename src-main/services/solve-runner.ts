/**
 * Runs `solveLevel` (src-shared/rules) in a worker thread, so the host stays
 * responsive, with a wall-clock cap and cancellation by terminating the
 * thread.
 *
 * Worker entry:
 * - Electron build: `setSolveWorkerEntry(pathToFileURL('out/main/solve-worker.js'))`
 *   (a plain JS file, started as is).
 * - Default (CLI under tsx, vitest): the sibling `solve-worker.ts`. A `.ts`
 *   entry is started through a tiny eval'd bootstrap that registers tsx's ESM
 *   hooks inside the worker and then imports the entry: on Node 20,
 *   `execArgv: ['--import', 'tsx']` does not make a worker's own `.ts` entry
 *   loadable (ERR_UNKNOWN_FILE_EXTENSION), so the bootstrap is required.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SolveSummary } from '../../src-shared/host/contract.js';
import type { Level } from '../../src-shared/model/level.js';
import type { SolveProgress, SolveResult } from '../../src-shared/solver/types.js';
import type { Issue } from '../../src-shared/validation/issue.js';

/** What a worker solve ends with: the solver's answer, or the runner's own verdicts. */
export type WorkerSolveResult =
  | SolveResult
  | { status: 'invalid'; issues: Issue[] }
  | { status: 'error'; message: string; states: number; depth: number };

export interface SolveInWorkerOptions {
  /** Wall-clock cap in milliseconds (worker start-up included); absent or non-finite: none. */
  timeMs?: number;
  /** Passed to the solver (SolveOptions.maxStates). */
  maxStates?: number;
  /** Passed to the solver (SolveOptions.maxBytes). */
  maxBytes?: number;
  /** Progress from the worker, throttled there (about 10 per second). */
  onProgress?: (p: SolveProgress) => void;
  /** Aborting terminates the worker; the answer is `{status: 'cancelled'}`. */
  signal?: AbortSignal;
}

export interface WorkerSolveOutcome {
  result: WorkerSolveResult;
  /** Wall-clock milliseconds from spawn to answer (integer). */
  ms: number;
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
function tsxApiUrl(): string {
  if (tsxApiCache) return tsxApiCache;
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('tsx/package.json');
  const api = join(dirname(pkg), 'dist', 'esm', 'api', 'index.mjs');
  if (!existsSync(api)) throw new Error(`tsx's ESM API was not found at ${api}`);
  tsxApiCache = pathToFileURL(api).href;
  return tsxApiCache;
}

function spawnWorker(): Worker {
  const e = getSolveWorkerEntry();
  if (e.url.pathname.endsWith('.ts')) {
    const code =
      `import(${JSON.stringify(tsxApiUrl())})` +
      `.then((m) => { m.register(); return import(${JSON.stringify(e.url.href)}); });`;
    return new Worker(code, { eval: true, execArgv: e.execArgv });
  }
  return new Worker(e.url, { execArgv: e.execArgv });
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Solves `level` in a fresh worker thread.
 *
 * Never rejects: a time cap answers `{status: 'limit', reason: 'time'}` with the
 * last reported states/depth; an abort answers `{status: 'cancelled'}`; a
 * worker that cannot start, throws, or exits without answering answers
 * `{status: 'error', message}`. `ms` is the wall time of the whole run.
 */
export function solveInWorker(level: Level, opts: SolveInWorkerOptions = {}): Promise<WorkerSolveOutcome> {
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
      worker = spawnWorker();
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
        try {
          opts.onProgress?.({ states, depth });
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
      finish({ status: 'error', message: `solver worker crashed: ${messageOf(err)}`, states, depth });
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
        ...(opts.maxBytes !== undefined ? { maxBytes: opts.maxBytes } : {}),
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
      return { status: 'unsolvable', states: result.states, ms, message: 'the solver proved that no sequence of moves solves the level' };
    case 'limit':
      return {
        status: 'limit',
        states: result.states,
        ms,
        message:
          result.reason === 'time'
            ? `the solver hit its time limit after ${ms} ms (${result.states} states, depth ${result.depth})`
            : result.reason === 'memory'
              ? `the solver hit its memory limit (${result.states} states, depth ${result.depth})`
              : `the solver hit its state limit (${result.states} states, depth ${result.depth})`,
      };
    case 'cancelled':
      return { status: 'cancelled', states: result.states, ms, message: 'the solve was cancelled' };
    case 'invalid':
      return { status: 'error', states: 0, ms, message: result.issues[0]?.message ?? 'the level is invalid' };
    case 'error':
      return { status: 'error', states: result.states, ms, message: result.message };
  }
}
