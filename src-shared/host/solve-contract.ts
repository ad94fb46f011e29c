/**
 * Host solve methods: the editor's background solve (the
 * live badge) runs in the host's worker_threads pool (src-main/services/
 * solve-pool.ts), not in the renderer. Polling keeps it transport-neutral
 * (Electron IPC and the serve host's HTTP answer the same way):
 *
 * - `solveStart {document, maxStates?, maxBytes?, timeMs?, countSolutions?}`
 *   queues a solve and answers `{jobId}` at once. Schema or rules errors
 *   answer `invalid` with the issues (nothing queued).
 * - `solvePoll {jobId}` answers `{state: 'queued' | 'running', states, depth}`
 *   while it works, then `{state: 'done', result}` once (the job is
 *   forgotten after the answer has been polled, or after `SOLVE_JOB_TTL_MS`).
 * - `solveCancel {jobId}` stops a queued or running job (unknown ids: fine).
 *
 * A host runs at most `SOLVE_JOBS_PER_HOST` jobs for the editor at once;
 * `solveStart` beyond it cancels the oldest (the editor only ever wants its
 * newest document solved).
 */
import type { HostError } from './base.js';
import type { SolveResult } from '../solver/types.js';
import type { Issue } from '../validation/issue.js';

export const SOLVE_HOST_METHODS = ['solveStart', 'solvePoll', 'solveCancel'] as const;
export type SolveHostMethod = (typeof SOLVE_HOST_METHODS)[number];

/** Jobs kept per host (queued, running or finished but not yet polled). */
export const SOLVE_JOBS_PER_HOST = 4;
/** A finished job nobody polls is forgotten after this many ms. */
export const SOLVE_JOB_TTL_MS = 60_000;
/** Largest `timeMs` a renderer may ask for (ms). */
export const SOLVE_MAX_TIME_MS = 10 * 60_000;

/** What a host solve ends with (as the renderer's Web Worker answers). */
export type HostSolveResult = SolveResult | { status: 'invalid'; issues: Issue[] } | { status: 'error'; message: string; states: number; depth: number };

export interface SolveHostRequests {
  solveStart: { document: unknown; maxStates?: number; maxBytes?: number; timeMs?: number; countSolutions?: number };
  solvePoll: { jobId: string };
  solveCancel: { jobId: string };
}

export type SolvePollAnswer =
  | { ok: true; jobId: string; state: 'queued' | 'running'; states: number; depth: number; ms: number }
  | { ok: true; jobId: string; state: 'done'; result: HostSolveResult; ms: number };

export interface SolveHostResponses {
  solveStart: { ok: true; jobId: string } | HostError;
  solvePoll: SolvePollAnswer | HostError;
  solveCancel: { ok: true; jobId: string; cancelled: boolean } | HostError;
}
