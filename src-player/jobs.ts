/**
 * The player page's background work: the engine's replies (KV-8 / LC-8)
 * and the hints (src-shared/hint.ts through `RulesetDef.hint`) run in Web
 * Workers started from the page's own script (a Blob URL of the inline
 * bundle: the CSP allows `worker-src blob:` and nothing else), so the page
 * stays responsive while the solver searches. One worker per lane (the
 * engine, the hints): a hint never delays the engine's reply. Cancelling
 * a running job ends its worker (the search is synchronous) and the next
 * job starts a fresh one. Where no worker can start (a browser that
 * refuses, a script error), the jobs run in the page itself
 * (src-shared/play/runners.ts), after the page has drawn.
 *
 * The worker side (`serveJobs`) and the page side (`PageJobs`) speak the
 * messages below; the worker answers each job once.
 */
import type { EngineRequest } from '../src-shared/play/session.js';
import type { EngineRunner, HintRunner, PlayJob, PlayJobOutcome } from '../src-shared/play/jobs.js';
import { directEngine, directHints } from '../src-shared/play/runners.js';
import { rulesetOf, unsupported } from '../src-shared/rulesets/index.js';
import type { EngineAnswer, HintAnswer, HintOptions, LevelBase } from '../src-shared/ruleset.js';

/** The budget of one hint (as the editor's playtest): states per search and the overall time. */
export const PAGE_HINT_BUDGET: HintOptions = { maxStates: 2_000_000, timeMs: 15_000 };

/** A job sent to a worker. */
export type PageJob = { id: number; kind: 'engine'; request: EngineRequest } | { id: number; kind: 'hint'; level: LevelBase; moves: string[] };

/** A worker's answer to job `id`. */
export interface PageJobReply {
  id: number;
  outcome: PlayJobOutcome<EngineAnswer | HintAnswer>;
}

/** Runs one job here and now (the worker's work, and the page's fallback). Never throws. */
export async function runPageJob(job: PageJob): Promise<PlayJobOutcome<EngineAnswer | HintAnswer>> {
  try {
    const level = job.kind === 'engine' ? job.request.level : job.level;
    const def = rulesetOf(level);
    if (!def) return { kind: 'error', message: unsupported(String((level as { ruleset?: unknown }).ruleset)).message };
    if (job.kind === 'engine') return await directEngine(def)(job.request).promise;
    return await directHints(def, PAGE_HINT_BUDGET)(job.level, job.moves).promise;
  } catch (e) {
    return { kind: 'error', message: e instanceof Error ? e.message : String(e) };
  }
}

/** The worker side: answers every job posted to `scope` (the worker's global). */
export function serveJobs(scope: { onmessage: ((e: MessageEvent) => void) | null; postMessage(m: unknown): void }): void {
  scope.onmessage = (e: MessageEvent) => {
    const job = e.data as PageJob;
    void runPageJob(job).then((outcome) => scope.postMessage({ id: job?.id, outcome } satisfies PageJobReply));
  };
}

/** How a lane starts its worker (a test may give its own). */
export type WorkerFactory = () => Worker;

interface Lane {
  worker: Worker | null;
  pending: Map<number, (o: PlayJobOutcome<EngineAnswer | HintAnswer>) => void>;
}

const yieldToPaint = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

/** The page side (module doc): `engine` and `hints` are the runners a play driver takes. */
export class PageJobs {
  private readonly lanes: Record<'engine' | 'hint', Lane> = { engine: { worker: null, pending: new Map() }, hint: { worker: null, pending: new Map() } };
  private next = 1;
  /** Jobs run in the page (no worker could start, or none is wanted). */
  direct: boolean;

  /**
   * `factory`: starts a worker; null runs every job in the page. `ran` is
   * told where each answered job ran (`worker` or `page`: the page shows it
   * as `data-jobs` on its root, a test hook).
   */
  constructor(
    private readonly factory: WorkerFactory | null,
    private readonly ran: (where: 'worker' | 'page') => void = () => {},
  ) {
    this.direct = factory === null;
  }

  /** The engine's replies (the driver's `engine`). */
  readonly engine: EngineRunner = (request) => this.run('engine', (id) => ({ id, kind: 'engine', request })) as PlayJob<EngineAnswer>;

  /** The hints of a line (`HintRunner`). */
  readonly hints: HintRunner<LevelBase> = (level, moves) => this.run('hint', (id) => ({ id, kind: 'hint', level, moves })) as PlayJob<HintAnswer>;

  /** Ends every worker (the page leaves a level); running jobs answer `cancelled`. */
  stop(): void {
    this.stopLane('engine');
    this.stopLane('hint');
  }

  private stopLane(name: 'engine' | 'hint'): void {
    const lane = this.lanes[name];
    lane.worker?.terminate();
    lane.worker = null;
    const waiting = [...lane.pending.values()];
    lane.pending.clear();
    for (const r of waiting) r({ kind: 'cancelled' });
  }

  private spawn(name: 'engine' | 'hint'): Worker | null {
    if (this.direct || !this.factory) return null;
    let w: Worker;
    try {
      w = this.factory();
    } catch {
      this.direct = true;
      return null;
    }
    const lane = this.lanes[name];
    w.onmessage = (e: MessageEvent) => {
      const r = e.data as PageJobReply;
      const done = lane.pending.get(r?.id);
      if (!done) return;
      lane.pending.delete(r.id);
      this.ran('worker');
      done(r.outcome);
    };
    // A worker that cannot run (refused by the browser, a script error): the page runs its jobs from now on.
    w.onerror = (e) => {
      e.preventDefault();
      if (lane.worker !== w) return;
      w.terminate();
      lane.worker = null;
      this.direct = true;
      const waiting = [...lane.pending.entries()];
      lane.pending.clear();
      for (const [id, resolve] of waiting) void this.retryDirect(name, id).then(resolve);
    };
    return w;
  }

  private readonly jobs = new Map<number, PageJob>();

  private async retryDirect(_name: 'engine' | 'hint', id: number): Promise<PlayJobOutcome<EngineAnswer | HintAnswer>> {
    const job = this.jobs.get(id);
    if (!job) return { kind: 'cancelled' };
    await yieldToPaint();
    this.ran('page');
    return runPageJob(job);
  }

  private run(name: 'engine' | 'hint', make: (id: number) => PageJob): PlayJob<EngineAnswer | HintAnswer> {
    const id = this.next++;
    const job = make(id);
    const lane = this.lanes[name];
    if (!this.direct) lane.worker ??= this.spawn(name);
    const worker = lane.worker;
    if (!worker) {
      let cancelled = false;
      const promise = yieldToPaint().then(() => {
        if (cancelled) return { kind: 'cancelled' } as const;
        this.ran('page');
        return runPageJob(job);
      });
      return { promise, cancel: () => (cancelled = true) };
    }
    this.jobs.set(id, job);
    const promise = new Promise<PlayJobOutcome<EngineAnswer | HintAnswer>>((resolve) => lane.pending.set(id, resolve)).finally(() => this.jobs.delete(id));
    worker.postMessage(job);
    return {
      promise,
      cancel: () => {
        if (!lane.pending.has(id)) return;
        // The search cannot be interrupted inside the worker: end the worker, the next job starts another.
        this.stopLane(name);
      },
    };
  }
}
