/**
 * worker_threads entry of the solve runner (solve-runner.ts) and the solve
 * pool (solve-pool.ts). Solves with `solveLevel` (src-shared/rulesets/
 * index.ts: the one solve entry, the level's `RulesetDef.solve`).
 *
 * Two protocols (structured-clone messages):
 * - one-shot (solve-runner `solveInWorker`): in `{ level, maxStates?,
 *   maxBytes?, countSolutions? }` (one per worker); out
 *   `{ type: 'progress', states, depth, expanded?, generated? }` at most
 *   every PROGRESS_MS, then exactly one `{ type: 'result', result }` (a
 *   SolveResult or `{status: 'invalid', issues}`), or `{ type: 'error',
 *   message }` when the solver threw. Time caps and cancellation: the runner
 *   terminates the thread.
 * - pool (solve-pool `SolvePool`): in `{ type: 'solve', id, level,
 *   maxStates?, maxBytes?, countSolutions?, cancel? }`, any number, one at a
 *   time; out the same messages with `id`. `cancel` is a SharedArrayBuffer
 *   (Int32 flag): the pool sets it to 1 and the search, which polls it
 *   every few thousand expansions, answers `{status: 'cancelled'}`, so the
 *   thread survives for the next job.
 * - suggestion (suggest-runner `suggestInWorker`): in `{ type: 'suggest',
 *   seed, parMin, parMax, budgetMs }` (one per worker); out exactly one
 *   `{ type: 'suggestion', found }` (a GeneratedLevel, or null when none
 *   was found within the budget; suggest-search.ts `searchBlueprint`) or
 *   `{ type: 'error', message }`.
 * - level suggestion (suggest-runner `generateInWorker`): in `{ type:
 *   'generate', request, budgetMs }` (a LevelSearchRequest; one per
 *   worker); out `{ type: 'generate-progress', tried }` at most every
 *   PROGRESS_MS, then exactly one `{ type: 'generated', found, tried }`
 *   (a GeneratedLevel or null; suggest-search.ts `searchLevel`) or
 *   `{ type: 'error', message }`. Cancel: the runner terminates the thread.
 * - pack manifest check (pack-load.ts `parseManifest`, big manifests off the
 *   host's event loop): in `{ type: 'pack-parse', text }`; out exactly one
 *   `{ type: 'pack-parsed', answer }` (pack-parse.ts `checkManifestText`
 *   with embedded levels as JSON texts) or `{ type: 'error', message }`.
 * - pack levels (pack-load.ts, big packs): in `{ type: 'pack-examine',
 *   ruleset, maxBytes, files? | texts? }`, any number, one at a time; out
 *   one `{ type: 'pack-examined', answers }` each (pack-examine.ts
 *   `examineBatch`: the files read here with blocking reads) or
 *   `{ type: 'error', message }`.
 *
 * Built by electron-vite as `out/main/solve-worker.js` (Electron) and by
 * scripts/build-cli.mjs as `out/cli/solve-worker.mjs` (the CLI); run from
 * source through tsx otherwise (vitest).
 */
import { parentPort } from 'node:worker_threads';
import type { Level } from '../../src-shared/model/level.js';
import { solveLevel } from '../../src-shared/rulesets/index.js';
import type { SolveProgress } from '../../src-shared/solver/types.js';
import { examineBatch } from './pack-examine.js';
import { checkManifestText } from './pack-parse.js';
import { searchBlueprint, searchLevel, type LevelSearchRequest, type SuggestRequest } from './suggest-search.js';

/** Minimum milliseconds between two progress messages. */
const PROGRESS_MS = 100;

export interface SolveWorkerRequest {
  level: Level;
  maxStates?: number;
  maxBytes?: number;
  /** Optimal-solution count cap (SolveOptions.countSolutions); 0 turns counting off. */
  countSolutions?: number;
}

/** A pool job: a request with an id and an optional shared cancel flag. */
export interface SolveWorkerJob extends SolveWorkerRequest {
  type: 'solve';
  id: number;
  /** SharedArrayBuffer of at least 4 bytes; Int32 0 = go on, non-zero = cancel. */
  cancel?: SharedArrayBuffer;
}

/** A suggestion job (suggest-runner.ts). */
export interface SuggestWorkerJob extends SuggestRequest {
  type: 'suggest';
  /** Wall-clock budget of the search, ms from its start. */
  budgetMs: number;
}

/** A level suggestion job (suggest-runner.ts `generateInWorker`). */
export interface GenerateWorkerJob {
  type: 'generate';
  request: LevelSearchRequest;
  /** Wall-clock budget of the search, ms from its start. */
  budgetMs: number;
}

/** A pack manifest check (pack-load.ts `parseManifest`, for a big manifest): answered by `{ type: 'pack-parsed', answer }`. */
export interface PackParseJob {
  type: 'pack-parse';
  text: string;
}

/** Levels of a big pack to examine (pack-load.ts): answered by `{ type: 'pack-examined', answers }` (pack-examine.ts `examineBatch`). */
export interface PackExamineJob {
  type: 'pack-examine';
  ruleset: string;
  maxBytes: number;
  files?: string[];
  /** The host's stamps of `files` (pack-examine.ts `fileStamp`): an unchanged file is answered `{same: true}`, unread. */
  stamps?: (string | null)[];
  texts?: string[];
}

export type SolveWorkerMessage =
  | { type: 'progress'; states: number; depth: number; expanded?: number; generated?: number; id?: number }
  | { type: 'result'; result: ReturnType<typeof solveLevel>; id?: number }
  | { type: 'error'; message: string; id?: number };

function run(req: SolveWorkerRequest, id: number | undefined, cancel: Int32Array | undefined): SolveWorkerMessage {
  let last = 0;
  let lastDepth = -1;
  const withId = id === undefined ? {} : { id };
  const onProgress = (p: SolveProgress): void => {
    const now = Date.now();
    if (now - last < PROGRESS_MS && p.depth === lastDepth) return;
    last = now;
    lastDepth = p.depth;
    parentPort?.postMessage({
      type: 'progress',
      states: p.states,
      depth: p.depth,
      ...(p.expanded !== undefined ? { expanded: p.expanded } : {}),
      ...(p.generated !== undefined ? { generated: p.generated } : {}),
      ...withId,
    } satisfies SolveWorkerMessage);
  };
  try {
    const result = solveLevel(req.level, {
      ...(typeof req.maxStates === 'number' ? { maxStates: req.maxStates } : {}),
      ...(typeof req.maxBytes === 'number' ? { maxBytes: req.maxBytes } : {}),
      ...(typeof req.countSolutions === 'number' ? { countSolutions: req.countSolutions } : {}),
      ...(cancel
        ? {
            signal: {
              get aborted() {
                return Atomics.load(cancel, 0) !== 0;
              },
            },
          }
        : {}),
      onProgress,
      progressEvery: 16_384,
    });
    return { type: 'result', result, ...withId };
  } catch (err) {
    return { type: 'error', message: err instanceof Error ? err.message : String(err), ...withId };
  }
}

if (parentPort) {
  const port = parentPort;
  port.on('message', (msg: SolveWorkerRequest | SolveWorkerJob | SuggestWorkerJob | GenerateWorkerJob | PackParseJob | PackExamineJob) => {
    if (msg && (msg as PackExamineJob).type === 'pack-examine') {
      try {
        port.postMessage({ type: 'pack-examined', answers: examineBatch(msg as PackExamineJob) });
      } catch (err) {
        port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies SolveWorkerMessage);
      }
      return;
    }
    if (msg && (msg as PackParseJob).type === 'pack-parse') {
      try {
        port.postMessage({ type: 'pack-parsed', answer: checkManifestText((msg as PackParseJob).text, true) });
      } catch (err) {
        port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies SolveWorkerMessage);
      }
      return;
    }
    if (msg && (msg as GenerateWorkerJob).type === 'generate') {
      const job = msg as GenerateWorkerJob;
      let last = 0;
      try {
        const out = searchLevel(job.request, Date.now() + job.budgetMs, undefined, (tried) => {
          const now = Date.now();
          if (now - last < PROGRESS_MS) return;
          last = now;
          port.postMessage({ type: 'generate-progress', tried });
        });
        port.postMessage({ type: 'generated', found: out.found ?? null, tried: out.tried });
      } catch (err) {
        port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies SolveWorkerMessage);
      }
      return;
    }
    if (msg && (msg as SuggestWorkerJob).type === 'suggest') {
      const job = msg as SuggestWorkerJob;
      try {
        const found = searchBlueprint({ seed: job.seed, parMin: job.parMin, parMax: job.parMax }, Date.now() + job.budgetMs);
        port.postMessage({ type: 'suggestion', found: found ?? null });
      } catch (err) {
        port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies SolveWorkerMessage);
      }
      return;
    }
    if (msg && (msg as SolveWorkerJob).type === 'solve') {
      const job = msg as SolveWorkerJob;
      const flag = job.cancel ? new Int32Array(job.cancel) : undefined;
      if (flag && Atomics.load(flag, 0) !== 0) {
        port.postMessage({ type: 'result', result: { status: 'cancelled', states: 0, depth: 0 }, id: job.id } satisfies SolveWorkerMessage);
        return;
      }
      port.postMessage(run(job, job.id, flag));
      return;
    }
    port.postMessage(run(msg as SolveWorkerRequest, undefined, undefined));
  });
}
