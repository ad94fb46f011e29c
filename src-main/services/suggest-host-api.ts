/**
 * The host suggestion methods (src-shared/host/suggest-contract.ts):
 * "Suggest a level" for every ruleset whose module has a generator, run in
 * a solve worker (suggest-runner.ts `generateInWorker`, at most
 * MAX_CONCURRENT_SUGGESTS at once, others wait), with progress by polling
 * and Cancel (the worker is terminated).
 *
 * `suggestStart` checks every field, first against its schema
 * (suggest-contract.ts `SUGGEST_REQUEST_SCHEMAS`: plain object, no other
 * keys; `seed` 0..2^32-1; `parMin` / `parMax` 1..SUGGEST_MAX_PAR; `timeMs`
 * 1..SUGGEST_MAX_TIME_MS; lists of at most SUGGEST_MAX_NAMES names), then
 * here (`ruleset` a known id whose module has `generate`; `width` /
 * `height` inside the ruleset's board rule, e.g. KV-9 odd 5..9; parMin <=
 * parMax; `mechanics` and `pieces` distinct names from the module's
 * `generateMechanics` and `generatePieces`, default SUGGEST_ROLES), and
 * answers `bad-request` with the field named, before anything is queued.
 * Never throws: the methods are wrapped by `handle`.
 *
 * A found level of a par goal (UK-7, CM-12) carries the generator's proof
 * as its stored solution (current by levelHash), so saving it or adding it
 * to a pack needs no second proof.
 */
import { randomUUID } from 'node:crypto';
import type { HostError, HostResponses } from '../../src-shared/host/contract.js';
import {
  SUGGEST_DEFAULT_TIME_MS,
  SUGGEST_JOB_TTL_MS,
  SUGGEST_JOBS_PER_HOST,
  SUGGEST_ROLES,
  type SuggestedLevel,
  type SuggestHostMethod,
} from '../../src-shared/host/suggest-contract.js';
import { levelHash } from '../../src-shared/format/level-hash.js';
import type { Level } from '../../src-shared/model/level.js';
import { rulesetDef } from '../../src-shared/rulesets/index.js';
import { suggestedDescription, suggestedTitle } from '../../src-shared/rulesets/suggested-title.js';
import { checkRequest } from '../../src-shared/host/request-check.js';
import { badRequest, guard, handle, isHostError } from './host-request.js';
import type { LevelSearchRequest } from './suggest-search.js';
import { generateInWorker, type GenerateHandle, type GenerateOutcome } from './suggest-runner.js';
import { solverName } from './version.js';

interface SuggestJob {
  id: string;
  state: 'queued' | 'running' | 'done';
  t0: number;
  tried: number;
  timeMs: number;
  result?: SuggestedLevel | HostError;
  ms: number;
  handle: GenerateHandle;
  expiry?: ReturnType<typeof setTimeout>;
}

export interface SuggestHostOptions {
  /** Jobs kept at once (default SUGGEST_JOBS_PER_HOST). */
  maxJobs?: number;
  /** Drop finished, unpolled jobs after this many ms (default SUGGEST_JOB_TTL_MS). */
  ttlMs?: number;
  /** Runs one search (default suggest-runner.ts `generateInWorker`; tests pass their own). */
  run?: typeof generateInWorker;
}

/** Names of a list field (schema-checked: an array of at most SUGGEST_MAX_NAMES strings): 1..24-character lowercase names from `allowed`, distinct. */
function nameList(v: string[] | undefined, key: string, allowed?: readonly string[]): string[] | undefined | HostError {
  if (v === undefined) return undefined;
  const what = allowed ? `one of ${allowed.join(', ')}` : 'a lowercase name';
  const seen = new Set<string>();
  for (const x of v) {
    if (!/^[a-z][a-z-]{0,23}$/.test(x) || (allowed && !allowed.includes(x)))
      return badRequest(`suggestStart: "${key}" entry ${JSON.stringify(x)} is not ${what}.`);
    if (seen.has(x)) return badRequest(`suggestStart: "${key}" names ${x} twice.`);
    seen.add(x);
  }
  return [...seen];
}

/**
 * Checks a `suggestStart` request (see the file comment): the search
 * request and its time budget, or a `bad-request` HostError naming the field.
 */
export function checkSuggestRequest(raw: unknown): { search: LevelSearchRequest; timeMs: number } | HostError {
  const req = checkRequest('suggestStart', raw);
  if (isHostError(req)) return req;
  const { seed, parMin, parMax, timeMs } = req;
  const def = rulesetDef(req.ruleset);
  if (!def) return badRequest(`suggestStart: "ruleset" ${JSON.stringify(req.ruleset)} is not a ruleset this host knows.`);
  if (!def.generate) return badRequest(`suggestStart: ${def.name} has no level generator yet.`);
  const blank = def.newLevel().board;
  const side = (key: 'width' | 'height'): number | HostError => {
    const n = req[key];
    if (n === undefined) return blank[key];
    if (n < def.board.min || n > def.board.max || (def.board.sideAllowed && !def.board.sideAllowed(n)))
      return badRequest(`suggestStart: "${key}" must be ${def.board.describe} (${def.board.ruling}).`);
    return n;
  };
  const width = side('width');
  if (isHostError(width)) return width;
  const height = side('height');
  if (isHostError(height)) return height;
  if (parMin > parMax) return badRequest('suggestStart: "parMin" must not exceed "parMax".');
  const mechanicNames = def.generateMechanics ?? [];
  if (req.mechanics !== undefined && mechanicNames.length === 0 && req.mechanics.length > 0)
    return badRequest(`suggestStart: ${def.name} levels have no mechanics to choose ("mechanics" must be left out).`);
  const mechanics = nameList(req.mechanics, 'mechanics', mechanicNames);
  if (isHostError(mechanics)) return mechanics;
  const pieces = nameList(req.pieces, 'pieces', def.generatePieces ?? SUGGEST_ROLES);
  if (isHostError(pieces)) return pieces;
  if (pieces && pieces.length === 0) return badRequest('suggestStart: "pieces" must name at least one role (or be left out for the usual set).');
  return {
    search: { ruleset: def.id, seed, width, height, parMin, parMax, ...(mechanics?.length ? { mechanics } : {}), ...(pieces ? { pieces } : {}) },
    timeMs: timeMs ?? SUGGEST_DEFAULT_TIME_MS,
  };
}

/** The answer a finished search gives the editor: the new document, or why there is none. */
export function suggestionAnswer(search: LevelSearchRequest, timeMs: number, o: GenerateOutcome): SuggestedLevel | HostError {
  const def = rulesetDef(search.ruleset)!;
  if (!o.found) {
    if (o.reason === 'error') return { ok: false, code: 'internal', message: `The level search failed: ${o.message}` };
    if (o.reason === 'cancelled') return { ok: false, code: 'cancelled', message: 'The suggestion was cancelled.' };
    const what = def.goal.kind === 'par' ? `par ${search.parMin}..${search.parMax}` : `${def.goal.verb} in ${search.parMin}..${search.parMax}`;
    return {
      ok: false,
      code: 'limit',
      message: `No ${def.noun} with ${what} was found within ${Math.round(timeMs / 1000)} s (seed ${search.seed}, ${o.tried} candidates tried): try another seed, a wider range or more time.`,
    };
  }
  const g = o.found;
  const level = g.level as Level;
  // A descriptive title (a short name, the ruleset, the size, the par or N); the seed goes into the description.
  const title = suggestedTitle(def, level.board.width, level.board.height, g.par, search.seed);
  const description = suggestedDescription(def, g.par, search.seed);
  const base = {
    ...level,
    meta: { ...level.meta, title, author: 'castellan suggest', description },
    ...(def.goal.kind === 'par' ? { par: g.par } : {}),
  } as Level;
  delete base.solution;
  // The generator's proof as the stored solution (single-player goals, UK-7 / CM-12: its optimal line, one move per
  // par), so a save or a pack row has it at once; the level hash makes it stale after any edit.
  const proved = def.goal.kind === 'par' && g.moves.length === g.par;
  const document: Level = proved
    ? { ...base, solution: { moves: [...g.moves], length: g.par, optimal: true, states: g.states, solver: solverName(), levelHash: levelHash(base) } }
    : base;
  return { ok: true, document, par: g.par, states: g.states, seed: search.seed, tried: o.tried };
}

/** The `suggestStart` / `suggestPoll` / `suggestCancel` methods (see the file comment). */
export function createSuggestHostApi(opts: SuggestHostOptions = {}): { [M in SuggestHostMethod]: (req: unknown) => Promise<HostResponses[M]> } {
  const jobs = new Map<string, SuggestJob>();
  const maxJobs = opts.maxJobs ?? SUGGEST_JOBS_PER_HOST;
  const ttlMs = opts.ttlMs ?? SUGGEST_JOB_TTL_MS;
  const run = opts.run ?? generateInWorker;

  function forget(job: SuggestJob): void {
    if (job.expiry) clearTimeout(job.expiry);
    jobs.delete(job.id);
  }

  return {
    suggestStart: guard('suggestStart', async (raw) => {
      const checked = checkSuggestRequest(raw);
      if (isHostError(checked)) return checked;
      if (jobs.size >= maxJobs)
        return { ok: false, code: 'limit', message: `suggestStart: ${jobs.size} suggestions are already running; cancel one or wait for it.` };
      const { search, timeMs } = checked;
      const id = randomUUID();
      const handle = run(search, timeMs, {
        onStart: () => {
          const j = jobs.get(id);
          if (j) {
            j.state = 'running';
            j.t0 = performance.now();
          }
        },
        onProgress: (tried) => {
          const j = jobs.get(id);
          if (j) j.tried = tried;
        },
      });
      const job: SuggestJob = { id, state: 'queued', t0: performance.now(), tried: 0, timeMs, ms: 0, handle };
      jobs.set(id, job);
      void handle.outcome.then((o) => {
        job.state = 'done';
        job.tried = o.tried;
        job.ms = Math.round(performance.now() - job.t0);
        job.result = suggestionAnswer(search, timeMs, o);
        if (jobs.get(id) === job) {
          job.expiry = setTimeout(() => forget(job), ttlMs);
          job.expiry.unref?.();
        }
      });
      return { ok: true as const, jobId: id };
    }),

    suggestPoll: handle('suggestPoll', async ({ jobId: id }) => {
      const job = jobs.get(id);
      if (!job) return { ok: false, code: 'not-found', message: `suggestPoll: no suggestion ${id} (finished and already polled, cancelled, or expired).` };
      if (job.state === 'done' && job.result) {
        forget(job);
        return { ok: true as const, jobId: id, state: 'done' as const, result: job.result, ms: job.ms, timeMs: job.timeMs };
      }
      const state = job.state === 'done' ? 'running' : job.state;
      return { ok: true as const, jobId: id, state, tried: job.tried, ms: state === 'queued' ? 0 : Math.round(performance.now() - job.t0), timeMs: job.timeMs };
    }),

    suggestCancel: handle('suggestCancel', async ({ jobId: id }) => {
      const job = jobs.get(id);
      if (!job) return { ok: true as const, jobId: id, cancelled: false };
      job.handle.cancel();
      forget(job);
      return { ok: true as const, jobId: id, cancelled: true };
    }),
  };
}
