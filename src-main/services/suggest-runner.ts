/**
 * Runs `searchBlueprint` and `searchLevel` (suggest-search.ts) in a worker
 * thread on the solve worker's entry (solve-worker.ts, job kinds `suggest`
 * and `generate`; started by
 * solve-runner.ts `spawnSolveWorker`, so the entry is found in one place),
 * so the host's main thread (the Electron main process, the serve host)
 * keeps answering while a suggestion is searched.
 *
 * At most MAX_CONCURRENT_SUGGESTS searches run at once; later ones wait in
 * order (their time budget starts when they start). A search that outlives
 * its budget (plus SUGGEST_KILL_SLACK_MS) is ended by terminating its worker.
 */
import type { Worker } from 'node:worker_threads';
import type { GeneratedLevel } from '../../src-shared/rulesets/unlock-the-king/generate.js';
import { spawnSolveWorker } from './solve-runner.js';
import type { GeneratedLevel as GeneratorLevel } from '../../src-shared/ruleset.js';
import type { LevelSearchRequest, SuggestRequest } from './suggest-search.js';

/** Suggestion searches running at once; more wait in a queue. */
export const MAX_CONCURRENT_SUGGESTS = 2;
/** Time past the budget after which a still-running search worker is terminated (ms). */
export const SUGGEST_KILL_SLACK_MS = 1_000;

/** How a worker search ends: a blueprint, none within the budget, or a worker failure. */
export type SuggestOutcome = { found: GeneratedLevel } | { found: undefined; reason: 'limit' } | { found: undefined; reason: 'error'; message: string };

let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_CONCURRENT_SUGGESTS) await new Promise<void>((r) => waiting.push(r));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/**
 * Searches a blueprint for `req` in a worker within `budgetMs` (counted from
 * the start of the search, after any wait for a slot). Never rejects.
 */
export async function suggestInWorker(req: SuggestRequest, budgetMs: number): Promise<SuggestOutcome> {
  const release = await slot();
  try {
    return await runOne(req, budgetMs);
  } finally {
    release();
  }
}

function runOne(req: SuggestRequest, budgetMs: number): Promise<SuggestOutcome> {
  return new Promise<SuggestOutcome>((resolve) => {
    let worker: Worker | undefined;
    let settled = false;
    const finish = (o: SuggestOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (worker) {
        worker.removeAllListeners('message');
        worker.on('error', () => {});
        worker.terminate().catch(() => {});
      }
      resolve(o);
    };
    const timer = setTimeout(() => finish({ found: undefined, reason: 'limit' }), budgetMs + SUGGEST_KILL_SLACK_MS);
    try {
      worker = spawnSolveWorker();
    } catch (err) {
      finish({ found: undefined, reason: 'error', message: err instanceof Error ? err.message : String(err) });
      return;
    }
    worker.on('message', (msg: unknown) => {
      const m = msg as { type?: unknown; found?: unknown; message?: unknown } | null;
      if (m?.type === 'suggestion') finish(m.found ? { found: m.found as GeneratedLevel } : { found: undefined, reason: 'limit' });
      else if (m?.type === 'error') finish({ found: undefined, reason: 'error', message: String(m.message) });
    });
    worker.on('error', (err: unknown) => finish({ found: undefined, reason: 'error', message: err instanceof Error ? err.message : String(err) }));
    worker.on('exit', (code: number) =>
      finish({ found: undefined, reason: 'error', message: `the suggestion worker exited (code ${code}) without an answer` }),
    );
    worker.postMessage({ type: 'suggest', ...req, budgetMs });
  });
}

/** How a level search in a worker ends. */
export type GenerateOutcome =
  | { found: GeneratorLevel; tried: number }
  | { found: undefined; tried: number; reason: 'limit' | 'cancelled' }
  | { found: undefined; tried: number; reason: 'error'; message: string };

/** A running (or waiting) level search: its outcome and its Cancel. */
export interface GenerateHandle {
  readonly outcome: Promise<GenerateOutcome>;
  /** Ends the search (a waiting one never starts; a running one's worker is terminated): the outcome is `cancelled`. */
  cancel(): void;
}

/**
 * Searches a level for `req` (suggest-search.ts `searchLevel`) in a solve
 * worker within `budgetMs` (counted from the start of the search, after
 * any wait for one of the MAX_CONCURRENT_SUGGESTS slots). `onStart` runs
 * when it leaves the queue, `onProgress` with the candidates tried so far.
 * The outcome never rejects.
 */
export function generateInWorker(
  req: LevelSearchRequest,
  budgetMs: number,
  hooks: { onStart?: () => void; onProgress?: (tried: number) => void } = {},
): GenerateHandle {
  let cancelled = false;
  let stop: (() => void) | undefined;
  const outcome = (async (): Promise<GenerateOutcome> => {
    const release = await slot();
    try {
      if (cancelled) return { found: undefined, tried: 0, reason: 'cancelled' };
      hooks.onStart?.();
      return await new Promise<GenerateOutcome>((resolve) => {
        let worker: Worker | undefined;
        let settled = false;
        let tried = 0;
        const finish = (o: GenerateOutcome): void => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (worker) {
            worker.removeAllListeners('message');
            worker.on('error', () => {});
            worker.terminate().catch(() => {});
          }
          resolve(o);
        };
        stop = () => finish({ found: undefined, tried, reason: 'cancelled' });
        const timer = setTimeout(() => finish({ found: undefined, tried, reason: 'limit' }), budgetMs + SUGGEST_KILL_SLACK_MS);
        try {
          worker = spawnSolveWorker();
        } catch (err) {
          finish({ found: undefined, tried, reason: 'error', message: err instanceof Error ? err.message : String(err) });
          return;
        }
        worker.on('message', (msg: unknown) => {
          const m = msg as { type?: unknown; found?: unknown; tried?: unknown; message?: unknown } | null;
          if (typeof m?.tried === 'number') tried = m.tried;
          if (m?.type === 'generate-progress') hooks.onProgress?.(tried);
          else if (m?.type === 'generated') finish(m.found ? { found: m.found as GeneratorLevel, tried } : { found: undefined, tried, reason: 'limit' });
          else if (m?.type === 'error') finish({ found: undefined, tried, reason: 'error', message: String(m.message) });
        });
        worker.on('error', (err: unknown) => finish({ found: undefined, tried, reason: 'error', message: err instanceof Error ? err.message : String(err) }));
        worker.on('exit', (code: number) =>
          finish({ found: undefined, tried, reason: 'error', message: `the suggestion worker exited (code ${code}) without an answer` }),
        );
        worker.postMessage({ type: 'generate', request: req, budgetMs });
      });
    } finally {
      release();
    }
  })();
  return {
    outcome,
    cancel() {
      cancelled = true;
      stop?.();
    },
  };
}
