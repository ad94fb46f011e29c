/**
 * The one worker job protocol of the renderer: the jobs the UI hands to a
 * Web Worker so it never blocks (job.worker.ts runs them, job-runner.ts
 * starts them), the messages the worker posts back, and the client side of
 * one job run on a given worker port (`startJobOn`, pure: the unit tests
 * drive it with a fake port).
 *
 * Job kinds:
 * - `solve`: the one solve entry `solveLevel` (src-shared/rulesets/index.ts)
 *   with optional caps, posting progress (states stored, depth) while it works;
 * - `engine-move`: the level's ruleset module's play engine
 *   (`RulesetDef.engine.move`, KV-8 / LC-8) after the LAN moves played;
 * - `tree`: the chess-problem solution tree of a two-player problem
 *   (`RulesetDef.solutionTree`, KV-8 / LC-8) within a node / time budget.
 * - `hint`: the ruleset's hint (`RulesetDef.hint`, src-shared/hint.ts) of
 *   the position after the LAN moves played.
 * One job per worker; cancel terminates the worker (the search loops never
 * poll anything).
 */
import type { Level } from '../../src-shared/model/level.js';
import type { EngineAnswer, EngineOptions, HintAnswer, HintOptions, SolutionTree, SolveAnswer } from '../../src-shared/ruleset.js';
import type { Issue } from '../../src-shared/validation/issue.js';

/** Caps a caller may set on one worker solve (defaults: the solver's). */
export interface SolveCaps {
  /** State cap. */
  maxStates?: number;
  /** Byte cap of the search's typed arrays. */
  maxBytes?: number;
  /** A* optimal-solution counting cap (0: off, faster). */
  countSolutions?: number;
}

/** One job for the worker (plain JSON: it is structured-cloned). */
export type Job =
  | { kind: 'solve'; level: Level; caps?: SolveCaps }
  | {
      kind: 'engine-move';
      /** The game's start (a copy of the document). */
      level: Level;
      /** LAN moves played from the start. */
      moves: string[];
      opts?: EngineOptions;
    }
  | { kind: 'tree'; level: Level; opts?: Pick<HintOptions, 'maxStates' | 'timeMs'> }
  | {
      kind: 'hint';
      /** The line's start (a copy of the document). */
      level: Level;
      /** LAN moves played from the start. */
      moves: string[];
      opts?: { maxStates?: number; timeMs?: number };
    };

/** What each job kind answers. */
export interface JobResults {
  solve: SolveAnswer;
  'engine-move': EngineAnswer;
  tree: SolutionTree;
  hint: HintAnswer;
}

export type JobKind = Job['kind'];

/** Progress of a solve: states stored, search depth. */
export interface JobProgress {
  states: number;
  depth: number;
}

/** Worker -> client messages: progress (solve only), then exactly one result or error. */
export type JobMessage<K extends JobKind = JobKind> =
  | ({ type: 'progress' } & JobProgress)
  | { type: 'result'; result: JobResults[K]; ms: number }
  | { type: 'invalid'; issues: Issue[] }
  | { type: 'error'; message: string };

/** How one job ended. `error` carries a readable message (an engine's issues joined). */
export type JobOutcome<K extends JobKind = JobKind> =
  { kind: 'result'; result: JobResults[K]; ms: number } | { kind: 'cancelled' } | { kind: 'error'; message: string };

/** A running job: its outcome, and `cancel()` (settles at once with `cancelled`). */
export interface JobHandle<K extends JobKind = JobKind> {
  promise: Promise<JobOutcome<K>>;
  cancel(): void;
}

/** A solve job's outcome and handle (also what the host solve client answers). */
export type SolveOutcome = JobOutcome<'solve'>;
export type SolveJob = JobHandle<'solve'>;

/** The part of a `Worker` a job run uses. */
export interface JobPort {
  onmessage: ((ev: MessageEvent) => void) | null;
  onerror: ((ev: ErrorEvent) => void) | null;
  postMessage(message: unknown): void;
  terminate(): void;
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * The outcome a worker message settles a job with, or null for progress.
 * `invalid` (the engine's issues) becomes an `error` with their messages.
 */
export function outcomeOf<K extends JobKind>(m: JobMessage<K>): JobOutcome<K> | null {
  switch (m.type) {
    case 'progress':
      return null;
    case 'result':
      return { kind: 'result', result: m.result, ms: m.ms };
    case 'invalid':
      return { kind: 'error', message: m.issues.map((i) => i.message).join(' ') };
    default:
      return { kind: 'error', message: m.message };
  }
}

/**
 * Runs `job` on the worker `spawn()` makes: posts the job (a structured
 * clone of plain JSON), reports solve progress to `onProgress`, settles once
 * with the result, an error (a worker error event, an `error` / `invalid`
 * message, a worker that cannot start) or `cancelled`; the worker is
 * terminated as soon as the job settles. A throwing `onProgress` does not
 * stop the job. Never throws.
 */
export function startJobOn<K extends JobKind>(
  spawn: () => JobPort,
  job: Extract<Job, { kind: K }>,
  onProgress: (p: JobProgress) => void = () => undefined,
): JobHandle<K> {
  let settle!: (o: JobOutcome<K>) => void;
  const promise = new Promise<JobOutcome<K>>((r) => (settle = r));
  let done = false;
  let worker: JobPort | undefined;
  const finish = (o: JobOutcome<K>): void => {
    if (done) return;
    done = true;
    worker?.terminate();
    settle(o);
  };
  const what = job.kind === 'solve' ? 'solver' : job.kind === 'tree' ? 'solution tree' : job.kind === 'hint' ? 'hint' : 'engine';
  try {
    worker = spawn();
  } catch (e) {
    finish({ kind: 'error', message: `Cannot start the ${what} worker: ${messageOf(e)}` });
    return { promise, cancel: () => undefined };
  }
  worker.onmessage = (ev: MessageEvent) => {
    const m = ev.data as JobMessage<K>;
    if (m.type === 'progress') {
      try {
        onProgress({ states: m.states, depth: m.depth });
      } catch {
        // a faulty progress callback must not stop the job
      }
      return;
    }
    const o = outcomeOf(m);
    if (o) finish(o);
  };
  worker.onerror = (ev: ErrorEvent) => {
    ev.preventDefault();
    finish({ kind: 'error', message: `The ${what} worker failed: ${ev.message || 'unknown error'}` });
  };
  try {
    worker.postMessage(JSON.parse(JSON.stringify(job)) as Job);
  } catch (e) {
    finish({ kind: 'error', message: `Cannot send the job to the ${what} worker: ${messageOf(e)}` });
  }
  return { promise, cancel: () => finish({ kind: 'cancelled' }) };
}
