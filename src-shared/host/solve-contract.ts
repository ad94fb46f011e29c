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
 * `solveStart` beyond it cancels the oldest job of the same `purpose` (the
 * live badge only ever wants its newest document solved; `proof` jobs, the
 * proof of a save started by the editor with progress and Cancel, are never
 * evicted by live ones).
 *
 * Proof reuse: a host solve (any purpose) that ends `solved` with an optimal
 * answer is remembered by the level's levelHash (the last
 * `PROOF_CACHE_SIZE`); `save`/`saveAs` of a level with that hash write the
 * remembered proof at once instead of solving again. A document whose own
 * stored `solution` is current (its levelHash matches and its moves replay
 * to the goal) is written at once too.
 */
import type { HostError } from './base.js';
import type { SolveResult } from '../solver/types.js';
import type { Issue } from '../validation/issue.js';
import { integer, NON_EMPTY_STRING, type RequestSchemas } from './request-schema.js';

export const SOLVE_HOST_METHODS = ['solveStart', 'solvePoll', 'solveCancel'] as const;
export type SolveHostMethod = (typeof SOLVE_HOST_METHODS)[number];

/** Jobs kept per host (queued, running or finished but not yet polled). */
export const SOLVE_JOBS_PER_HOST = 4;
/** A finished job nobody polls is forgotten after this many ms. */
export const SOLVE_JOB_TTL_MS = 60_000;
/** Largest `timeMs` a renderer may ask for (ms). */
export const SOLVE_MAX_TIME_MS = 10 * 60_000;
/** Proofs a host remembers for saves (see "Proof reuse"). */
export const PROOF_CACHE_SIZE = 32;
/** Largest state cap a renderer may ask for. */
export const SOLVE_MAX_STATES = 100_000_000;
/** Largest byte cap a renderer may ask for (4 GiB). */
export const SOLVE_MAX_BYTES = 4 * 2 ** 30;

const JOB_REQUEST = { type: 'object', properties: { jobId: NON_EMPTY_STRING }, required: ['jobId'], additionalProperties: false } as const;

/**
 * The requests of the solve methods (`SolveHostRequests`), as JSON schemas
 * (request-schema.ts); the document is checked after them by the level
 * schema and rules (`invalid`).
 */
export const SOLVE_REQUEST_SCHEMAS = {
  solveStart: {
    type: 'object',
    properties: {
      document: { description: 'Checked against the level schema and rules after the request check (`invalid`).' },
      maxStates: integer(1, SOLVE_MAX_STATES),
      maxBytes: integer(1024, SOLVE_MAX_BYTES),
      timeMs: integer(1, SOLVE_MAX_TIME_MS),
      countSolutions: integer(0, 1_000_000),
      purpose: { type: 'string', enum: ['live', 'proof'] },
    },
    required: ['document'],
    additionalProperties: false,
  },
  solvePoll: JOB_REQUEST,
  solveCancel: JOB_REQUEST,
} as const satisfies RequestSchemas<SolveHostMethod>;

/** What a host solve is for: the live badge / Solve button, or the proof of a save. */
export type SolvePurpose = 'live' | 'proof';

/** What a host solve ends with (as the renderer's Web Worker answers). */
export type HostSolveResult = SolveResult | { status: 'invalid'; issues: Issue[] } | { status: 'error'; message: string; states: number; depth: number };

export interface SolveHostRequests {
  solveStart: { document: unknown; maxStates?: number; maxBytes?: number; timeMs?: number; countSolutions?: number; purpose?: SolvePurpose };
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
