/**
 * Runs one solve in the host's worker_threads pool (the host solve) through
 * the host solve methods (src-shared/host/solve-contract.ts): `solveStart`,
 * then `solvePoll` (after 10, 20, 40, 80 ms, then every `pollMs`) until `done`; `cancel()` calls
 * `solveCancel` and settles at once with `{kind: 'cancelled'}`.
 *
 * Same `SolveJob` shape as the renderer's job runner (workers/job-runner.ts), so the
 * live badge and the Solve panel do not care where the search runs. Hosts
 * without the solve methods (the dev mock host) fall back to the Web Worker
 * (`startSolveVia`). Never throws: transport and host errors settle as
 * `{kind: 'error', message}`; an `invalid` answer from `solveStart` settles
 * as a result `{status: 'invalid', issues}`.
 */
import type { HostApi, SolvePurpose } from '../../src-shared/host/contract.js';
import type { Level } from '../../src-shared/model/level.js';
import type { SolveAnswer } from '../../src-shared/ruleset.js';
import type { SolveCaps, SolveJob, SolveOutcome } from '../workers/job-protocol.js';
import { startWorkerSolve } from '../workers/job-runner.js';

/** Caps of one host solve: the Web Worker caps plus a wall-time cap (ms), and what the job is for (`proof`: a save's proof, never evicted by live solves). */
export type HostSolveCaps = SolveCaps & { timeMs?: number; purpose?: SolvePurpose };

/** Default poll interval, ms. */
export const HOST_POLL_MS = 150;
/** The first poll's delay, ms: the delays double from here up to `pollMs` (10, 20, 40, 80, then 150), so a small solve answers in tens of ms. */
export const HOST_FIRST_POLL_MS = 10;

type Sleep = (ms: number) => Promise<void>;
const defaultSleep: Sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts a solve in the host's pool (the host must implement the solve methods). */
export function startHostSolve(
  api: Required<Pick<HostApi, 'solveStart' | 'solvePoll' | 'solveCancel'>>,
  level: Level,
  onProgress: (p: { states: number; depth: number }) => void,
  caps: HostSolveCaps = {},
  pollMs = HOST_POLL_MS,
  sleep: Sleep = defaultSleep,
): SolveJob {
  let settle!: (o: SolveOutcome) => void;
  const promise = new Promise<SolveOutcome>((r) => (settle = r));
  let done = false;
  let jobId: string | null = null;
  const finish = (o: SolveOutcome): void => {
    if (done) return;
    done = true;
    settle(o);
  };
  const errorOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

  void (async () => {
    try {
      const started = await api.solveStart({ document: level, ...caps });
      if (!started.ok) {
        if (started.code === 'invalid') {
          finish({ kind: 'result', result: { status: 'invalid', issues: started.issues ?? [] }, ms: 0 });
        } else finish({ kind: 'error', message: started.message });
        return;
      }
      jobId = started.jobId;
      if (done) {
        // Cancelled while the start was in flight.
        void api.solveCancel({ jobId }).catch(() => undefined);
        return;
      }
      let delay = Math.min(HOST_FIRST_POLL_MS, pollMs);
      while (!done) {
        await sleep(delay);
        delay = Math.min(delay * 2, pollMs);
        if (done) return;
        const p = await api.solvePoll({ jobId });
        if (!p.ok) {
          finish({ kind: 'error', message: p.message });
          return;
        }
        if (p.state === 'done') {
          const r = p.result;
          if (r.status === 'error') finish({ kind: 'error', message: r.message });
          else finish({ kind: 'result', result: r as SolveAnswer, ms: p.ms });
          return;
        }
        try {
          onProgress({ states: p.states, depth: p.depth });
        } catch {
          // a faulty progress callback must not stop the polling
        }
      }
    } catch (e) {
      finish({ kind: 'error', message: `The host solve failed: ${errorOf(e)}` });
    }
  })();

  return {
    promise,
    cancel: () => {
      if (done) return;
      finish({ kind: 'cancelled' });
      if (jobId !== null) void api.solveCancel({ jobId }).catch(() => undefined);
    },
  };
}

/** True when `api` runs solves in the host (Electron and `castellan serve` do; the mock host does not). */
export function hasHostSolve(api: HostApi | null | undefined): api is HostApi & Required<Pick<HostApi, 'solveStart' | 'solvePoll' | 'solveCancel'>> {
  return !!api && typeof api.solveStart === 'function' && typeof api.solvePoll === 'function' && typeof api.solveCancel === 'function';
}

/**
 * Starts a solve where it belongs: in the host's pool when the host has the
 * solve methods, else in the renderer's job worker (the `timeMs` cap is then the
 * caller's business, as the live badge's own deadline does).
 */
export function startSolveVia(
  api: HostApi | null | undefined,
  level: Level,
  onProgress: (p: { states: number; depth: number }) => void,
  caps: HostSolveCaps = {},
): SolveJob {
  if (hasHostSolve(api)) return startHostSolve(api, level, onProgress, caps);
  const { timeMs: _t, purpose: _p, ...workerCaps } = caps;
  void _t;
  void _p;
  return startWorkerSolve(level, onProgress, workerCaps);
}
