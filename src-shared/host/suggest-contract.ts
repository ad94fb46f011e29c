/**
 * Host suggestion methods: "Suggest a level" in the New dialog and the pack
 * manager, for every ruleset whose module has a generator
 * (`RulesetDef.generate`, src-shared/ruleset.ts). The search runs in a
 * worker thread of the host (the solve worker's entry), never on the host's
 * main thread nor in the renderer. Polling keeps it transport-neutral, like
 * the host solves (solve-contract.ts):
 *
 * - `suggestStart {ruleset, seed, width?, height?, parMin, parMax,
 *   mechanics?, pieces?, timeMs?}` checks the request and queues a search;
 *   answers `{jobId}` at once. `parMin..parMax` is the proved optimal par
 *   (single-player rulesets) or N of "win / mate in N" (two-player ones).
 *   `width` / `height` default to the ruleset's new document's board.
 *   Same request and seed, same level (unless the time budget cut the
 *   search short). A ruleset without a generator answers `bad-request`.
 * - `suggestPoll {jobId}` answers `{state: 'queued' | 'running', tried,
 *   ms, timeMs}` while it searches (`tried`: candidates the generator
 *   tried), then once `{state: 'done', result}`: the new document (meta
 *   titled "Suggested <noun> <seed>", `par` set for par rulesets) with its
 *   proved `par` (or N), the solver states of that proof and the seed, or a
 *   HostError (`limit` when nothing was found within `timeMs`, `internal`
 *   when the worker failed). Unknown ids answer `not-found`.
 * - `suggestCancel {jobId}` ends the search (its worker is terminated) and
 *   forgets the job; unknown ids answer `{cancelled: false}`.
 *
 * A host runs at most `SUGGEST_JOBS_PER_HOST` searches at once (more wait);
 * finished jobs nobody polls are forgotten after `SUGGEST_JOB_TTL_MS`.
 */
import type { HostError } from './base.js';
import type { Level } from '../model/level.js';
import { integer, NON_EMPTY_STRING, type RequestSchemas } from './request-schema.js';

export const SUGGEST_HOST_METHODS = ['suggestStart', 'suggestPoll', 'suggestCancel'] as const;
export type SuggestHostMethod = (typeof SUGGEST_HOST_METHODS)[number];

/** Searches kept per host (queued, running, or finished and not yet polled); more answer `limit`. */
export const SUGGEST_JOBS_PER_HOST = 4;
/** A finished search nobody polls is forgotten after this many ms. */
export const SUGGEST_JOB_TTL_MS = 60_000;
/** Default and largest time budget of one search (ms). */
export const SUGGEST_DEFAULT_TIME_MS = 60_000;
export const SUGGEST_MAX_TIME_MS = 10 * 60_000;
/** Largest par / N a suggestion may ask for. */
export const SUGGEST_MAX_PAR = 60;
/** Piece roles a request may name for a module without `generatePieces` (`GenerateRequest.pieces`). */
export const SUGGEST_ROLES = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'] as const;
/** Most names a `mechanics` or `pieces` list may hold. */
export const SUGGEST_MAX_NAMES = 16;

/** A list of mechanics or piece roles; which names a ruleset allows is checked after the schema. */
const NAME_LIST = {
  type: 'array',
  maxItems: SUGGEST_MAX_NAMES,
  items: { type: 'string' },
  message: `{field} must be an array of at most ${SUGGEST_MAX_NAMES} names.`,
} as const;
const PAR = { ...integer(1, SUGGEST_MAX_PAR), missingMessage: `"parMin" and "parMax" (integers from 1 to ${SUGGEST_MAX_PAR}) are required.` } as const;
const JOB_REQUEST = { type: 'object', properties: { jobId: NON_EMPTY_STRING }, required: ['jobId'], additionalProperties: false } as const;

/**
 * The requests of the suggestion methods (`SuggestHostRequests`), as JSON
 * schemas (request-schema.ts). Checked by code after them: the ruleset (a
 * known one with a generator), the board sides (the ruleset's board rule),
 * parMin <= parMax, the names of `mechanics` and `pieces`.
 */
export const SUGGEST_REQUEST_SCHEMAS = {
  suggestStart: {
    type: 'object',
    properties: {
      ruleset: NON_EMPTY_STRING,
      seed: { ...integer(0, 0xffffffff), missingMessage: '{field} (an integer from 0 to 4294967295) is required.' },
      width: { type: 'integer' },
      height: { type: 'integer' },
      parMin: PAR,
      parMax: PAR,
      mechanics: NAME_LIST,
      pieces: NAME_LIST,
      timeMs: integer(1, SUGGEST_MAX_TIME_MS),
    },
    required: ['ruleset', 'seed', 'parMin', 'parMax'],
    additionalProperties: false,
  },
  suggestPoll: JOB_REQUEST,
  suggestCancel: JOB_REQUEST,
} as const satisfies RequestSchemas<SuggestHostMethod>;

/** What a suggestion asks for (see the file comment). */
export interface SuggestRequest {
  ruleset: string;
  /** 0..2^32-1. */
  seed: number;
  width?: number;
  height?: number;
  parMin: number;
  parMax: number;
  /** Mechanics the level must use, from the ruleset module's `generateMechanics` (Chess Maze: `keys`, `plates`, ...). */
  mechanics?: string[];
  /** Piece roles allowed, from the module's `generatePieces` (default SUGGEST_ROLES); absent: the ruleset's usual set. */
  pieces?: string[];
  /** Time budget, ms (default SUGGEST_DEFAULT_TIME_MS). */
  timeMs?: number;
}

/** A found level. */
export interface SuggestedLevel {
  ok: true;
  document: Level;
  /** The proved optimal par (or N). */
  par: number;
  /** States the proof stored. */
  states: number;
  seed: number;
  /** Candidates tried. */
  tried: number;
}

export type SuggestPollAnswer =
  | { ok: true; jobId: string; state: 'queued' | 'running'; tried: number; ms: number; timeMs: number }
  | { ok: true; jobId: string; state: 'done'; result: SuggestedLevel | HostError; ms: number; timeMs: number };

export interface SuggestHostRequests {
  suggestStart: SuggestRequest;
  suggestPoll: { jobId: string };
  suggestCancel: { jobId: string };
}

export interface SuggestHostResponses {
  suggestStart: { ok: true; jobId: string } | HostError;
  suggestPoll: SuggestPollAnswer | HostError;
  suggestCancel: { ok: true; jobId: string; cancelled: boolean } | HostError;
}
