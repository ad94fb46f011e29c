/**
 * The save pipeline: a level is written only with a proof, or as an explicit
 * draft.
 *
 * `saveLevelFile(path, document, opts)`:
 * 1. schema check (`checkLevelObject`: migrate + schema). Failing documents
 *    are never written, not even as drafts (they would not open again):
 *    `invalid` with `draftAllowed: false`. The same for a document whose
 *    written form is over MAX_LEVEL_FILE_BYTES (the limit of opening and
 *    `validate`): `invalid`, issue `level-too-large`, before any proof, and
 *    checked again on the exact text written in step 7.
 * 2. rules check (`validateRules`): errors -> `invalid`.
 * 3. the proof, without solving when one is at hand (proof-reuse.ts): the
 *    document's own stored `solution` when current (levelHash, `optimal`,
 *    moves replay to the goal), else the host's cached proof of the same
 *    levelHash (`opts.proofs`), else, with `noProof` (and `allowDraft`),
 *    none at all (written as a draft). `opts.force` skips both reuses.
 *    Otherwise an optimal solve in a worker (`opts.solver`, default a fresh
 *    worker) under a time cap (default 20 s) and a state cap (default
 *    20,000,000), for single-player rulesets with optimal-solution counting
 *    (`SAVE_COUNT_SOLUTIONS`, so the difficulty metrics come with the
 *    proof; two-player goals solve without it): `unsolvable`,
 *    `limit`, `cancelled` or a worker `error` stop the proof; a `solved`
 *    answer is remembered in `opts.proofs`.
 * 4. the proof checks of the level's ruleset against the proven (or reused)
 *    proof, asked of rulesets/proof-checks.ts `proofIssues` (the one place
 *    every proof is checked): a par goal asks the ruleset's `checkPar` hook
 *    (UK-7: par < optimal is an error, `invalid` with issue
 *    `uk-par-below-optimal`; par > optimal a warning `uk-par-above-optimal`;
 *    not checkable because of a limit: warning `uk-par-unchecked`; Chess
 *    Maze the same with `cm-par-*`); a "win / mate in N" goal gets the P-1
 *    warnings `problem-short` / `problem-cooked` (the level still saves as
 *    proved).
 * 5. proven: `solution = {moves, length, optimal: true, states, solver:
 *    "castellan <version>", levelHash, metrics?, keys?}` and no `draft`, where
 *    `metrics` are the solver's `SolveMetrics` of the proving solve (absent
 *    when it gave none) and `keys` the first moves of the shortest forced
 *    win of a two-player goal (P-1); a reused proof keeps the metrics and
 *    keys it carries (the stored solution's own, or the cached solve's); not proven and
 *    `allowDraft`: `draft: true` and no `solution` (a stale one is removed).
 *    Otherwise nothing is written and the answer is a HostError
 *    `{code: 'invalid'|'unsolvable'|'limit'|..., issues, solve, draftAllowed: true}`.
 * 6. `opts.beforeWrite` (the host's last checks right before the write, in
 *    the same serialized section: confinement again, the on-disk revision
 *    against the editor's `expectedRevision` -> `conflict`, the backup of the
 *    content about to be replaced); a HostError there stops the save.
 * 7. `serializeLevel` once -> size check -> atomic verified write
 *    (atomic-file.ts) -> read back and compare with the text written
 *    (`verify-failed` otherwise; equal bytes load back as the document since
 *    parse(serialize(x)) deep-equals x, so the answer's document is the one
 *    written); the answer carries the written file's `revision`.
 * The steps that walk the whole document each run in a turn of the event
 * loop of their own, and the solve worker gets the level without its
 * `editor` state (solve-runner.ts `forSolver`): a 5 MB document never holds
 * the host up in one long block.
 * Answers a SavedLevel (plus `issues`: the warnings) or a HostError; never throws.
 * Saves to the same path are serialized in this process, and steps 6 and 7
 * hold the file's cross-process lock (file-lock.ts), so two processes saving
 * one file with the same `expectedRevision` never both succeed: the second
 * sees the first one's revision and answers `conflict`. Any failure leaves the file on
 * disk as it was (the write is atomic and happens last). A read-only file
 * (atomic-file.ts `readOnlyCause`) answers `io` / `reason: 'read-only'`
 * before anything else, and again right before the write (it is never
 * replaced).
 */
import type { FileRevision, HostError, HostErrorCode, SavedLevel, SolveSummary } from '../../src-shared/host/contract.js';
import { checkLevelObject } from '../../src-shared/format/load.js';
import { levelHash } from '../../src-shared/format/level-hash.js';
import { serializeLevel } from '../../src-shared/format/serialize.js';
import type { Level, StoredSolution } from '../../src-shared/model/level.js';
import { storedMetricsOf } from '../../src-shared/pack/difficulty.js';
import { rulesetOf, validateRules } from '../../src-shared/rulesets/index.js';
import { factsOfAnswer, factsOfStored, proofIssues } from '../../src-shared/rulesets/proof-checks.js';
import type { SolveProgress } from '../../src-shared/solver/types.js';
import { hasErrors, issue, type Issue } from '../../src-shared/validation/issue.js';
import { readOnlyCause, readOnlyError, withWriteLock, writeFileVerified, type WriteOptions } from './atomic-file.js';
import { readRevision } from './file-revision.js';
import { MAX_LEVEL_FILE_BYTES } from './level-files.js';
import { reusableProof, type ProofCache } from './proof-reuse.js';
import { yieldToLoop } from './loop-slices.js';
import { forSolver, solveInWorker, summarizeSolve, type SolvePoolLike, type WorkerSolveOutcome } from './solve-runner.js';
import { solverName } from './version.js';
import { capName } from '../../src-shared/display/limit-words.js';

export const DEFAULT_SAVE_TIME_MS = 20_000;
export const DEFAULT_SAVE_MAX_STATES = 20_000_000;
/**
 * Optimal solutions counted by a save's proving solve (single-player
 * rulesets), the cap of `solution.metrics.optimalSolutions`. Counting
 * finishes the optimal f-contour; `taggedMovesMin` / `taggedMovesMax` are
 * exact whatever the cap (solver/types.ts `SolveMetrics`).
 */
export const SAVE_COUNT_SOLUTIONS = 100;

export interface SaveOptions {
  /** The user explicitly chose "save as draft": write unproved levels with `draft: true`. */
  allowDraft?: boolean;
  /**
   * With `allowDraft`: do not solve; a level without a reusable proof is
   * written as a draft at once (schema and rules checks still run).
   */
  noProof?: boolean;
  /** The host's remembered proofs: looked up before solving, filled by a solve that ends `solved`. */
  proofs?: ProofCache;
  /** Runs the solve (default: `solveInWorker` in a fresh worker, or the default pool). */
  solver?: SolvePoolLike;
  /**
   * Re-prove even when a proof is at hand (the document's current stored
   * solution or a cached proof): `castellan prove --force`, so existing
   * files gain `solution.metrics`.
   */
  force?: boolean;
  /** Solver wall-clock cap, ms (default 20,000). */
  timeMs?: number;
  /** Solver state cap (default 20,000,000). */
  maxStates?: number;
  /** Solver memory cap, bytes (solver default when absent). */
  maxBytes?: number;
  onProgress?: (p: SolveProgress) => void;
  signal?: AbortSignal;
  /** Name used in messages (default: `path`). */
  label?: string;
  /**
   * Called right before the write, after the proof, inside the per-path
   * serialized section. A HostError stops the save (nothing written);
   * `warnings` are added to the answer's issues.
   */
  beforeWrite?: () => Promise<{ ok: true; warnings?: Issue[] } | HostError>;
  /** Options of the atomic write (e.g. `confineDir`). */
  write?: WriteOptions;
}

/** A SavedLevel plus the warnings found on the way (rules warnings, par). */
export type SaveReport = SavedLevel & { issues: Issue[]; revision: FileRevision };

const queues = new Map<string, Promise<unknown>>();

/** Runs `task` after every earlier task queued for `key` has finished. */
function serialized<T>(key: string, task: () => Promise<T>): Promise<T> {
  const prev = queues.get(key) ?? Promise.resolve();
  const run = prev.then(task, task);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return run;
}

function noSolve(message: string): SolveSummary {
  return { status: 'error', states: 0, ms: 0, message };
}

/** A copy of `level` without `solution` and `draft`. */
function stripProof(level: Level): Level {
  const copy = { ...level } as Level & Record<string, unknown>;
  delete copy.solution;
  delete copy.draft;
  return copy;
}

/** The proof checks (rulesets/proof-checks.ts `proofIssues`) of `level` against a solve outcome; [] when it proves nothing. */
function outcomeIssues(level: Level, outcome: WorkerSolveOutcome): Issue[] {
  const facts = factsOfAnswer(outcome.result);
  return facts ? proofIssues(level, facts, rulesetOf(level)) : [];
}

/** The SolveSummary of a save that reused a proof (no solve ran). */
function reusedSummary(solution: StoredSolution, source: 'stored' | 'cache'): SolveSummary {
  return {
    status: 'solved',
    length: solution.length,
    moves: [...solution.moves],
    states: solution.states,
    ms: 0,
    message: source === 'stored' ? 'the stored proof is current: not solved again' : 'proved earlier in this session: not solved again',
  };
}

type Written = { ok: true; document: Level; revision: FileRevision; warnings: Issue[] } | HostError;

/** Steps 6 and 7 under the target's cross-process lock (atomic-file.ts `withWriteLock`). */
function writeAndVerify(path: string, label: string, doc: Level, opts: SaveOptions): Promise<Written> {
  return withWriteLock(path, () => writeAndVerifyLocked(path, label, doc, opts), opts.write);
}

async function writeAndVerifyLocked(path: string, label: string, doc: Level, opts: SaveOptions): Promise<Written> {
  await yieldToLoop();
  // Serialized once: the same text is size-checked, written and compared with the read-back.
  const text = serializeLevel(doc);
  const expected = Buffer.from(text, 'utf8');
  const tooLarge = tooLargeError(label, expected.length);
  if (tooLarge) return tooLarge;
  let warnings: Issue[] = [];
  if (opts.beforeWrite) {
    const pre = await opts.beforeWrite();
    if (!pre.ok) return pre;
    warnings = pre.warnings ?? [];
  }
  const written = await writeFileVerified(path, text, { ...opts.write, lockHeld: true });
  if (!written.ok) return written;
  const back = await readRevision(path, MAX_LEVEL_FILE_BYTES);
  if (back === null) return { ok: false, code: 'verify-failed', message: `${label} was written but is missing right after.` };
  if ('ok' in back) return back;
  // parse(serializeLevel(doc)) deep-equals doc (serialize.ts), so equal bytes load back as `doc`:
  // `doc` itself is answered (a private copy made by the schema check), not a parse of a multi-megabyte text.
  if (!back.bytes.equals(expected)) {
    return { ok: false, code: 'verify-failed', message: `${label} was written but loads back as a different document.` };
  }
  return { ok: true, document: doc, revision: back.revision, warnings };
}

/**
 * The refusal of a document whose written form (`bytes`, UTF-8) is larger
 * than the file limit that opening and `validate` accept
 * (MAX_LEVEL_FILE_BYTES): `invalid`, issue `level-too-large`, no draft
 * either (it could not be reopened). Undefined when it fits.
 */
function tooLargeError(label: string, bytes: number): HostError | undefined {
  if (bytes <= MAX_LEVEL_FILE_BYTES) return undefined;
  const message = `Not saved: ${label} would be ${bytes} bytes written, larger than the ${MAX_LEVEL_FILE_BYTES}-byte limit of a level file (it could not be opened again).`;
  return { ok: false, code: 'invalid', message, issues: [issue('error', 'level-too-large', message)], draftAllowed: false };
}

/** Save pipeline (see module doc). `path` must already be confined by the caller. */
export function saveLevelFile(path: string, document: unknown, opts: SaveOptions = {}): Promise<SaveReport | HostError> {
  return serialized(path, () => saveNow(path, document, opts)).catch((err: unknown): HostError => ({
    ok: false,
    code: 'internal',
    message: `Saving ${opts.label ?? path} failed: ${err instanceof Error ? err.message : String(err)}`,
  }));
}

/**
 * True for two-player levels without a goal (a "win / mate in N" ruleset,
 * `def.goal.kind === 'in-n'`, whose KV-8 / LC-8 N is absent): a position to
 * play, not a problem to prove.
 */
export function isPositionOnly(level: Level): boolean {
  const goal = rulesetOf(level)?.goal;
  return goal?.kind === 'in-n' && goal.goalMoves(level) === undefined;
}

/** The stored solution of a solved save: the line, its length, the proof's figures and the level hash it belongs to. */
function solutionOf(level: Level, r: Extract<WorkerSolveOutcome['result'], { status: 'solved' }>): StoredSolution {
  return {
    moves: [...r.moves],
    length: r.length,
    optimal: true,
    states: r.states,
    solver: solverName(),
    levelHash: levelHash(level),
    ...(r.metrics ? { metrics: storedMetricsOf(r.metrics) } : {}),
    ...(Array.isArray(r.keys) ? { keys: [...r.keys] } : {}),
  };
}

/**
 * The `level-unsolvable` error of an unsolvable save: with the cause, its
 * squares and ruling when the answer names one ("why unsolvable"), so the
 * editor lists and highlights it.
 */
function unsolvableIssue(r: Extract<WorkerSolveOutcome['result'], { status: 'unsolvable' }>): Issue {
  return r.why
    ? issue('error', 'level-unsolvable', `The solver proved that no sequence of moves solves this level: ${r.why.message}`, {
        squares: [...r.why.squares],
        ...(r.why.ruling ? { ruling: r.why.ruling } : {}),
      })
    : issue('error', 'level-unsolvable', 'The solver proved that no sequence of moves solves this level.');
}

async function saveNow(path: string, document: unknown, opts: SaveOptions): Promise<SaveReport | HostError> {
  const label = opts.label ?? path;
  const allowDraft = opts.allowDraft === true;
  opts = { ...opts, write: { ...opts.write, label } };

  // 0. a read-only file is refused before any proof (and again right before the write)
  const readOnly = await readOnlyCause(path);
  if (readOnly !== undefined) return readOnlyError(label, readOnly);

  // Steps that walk the whole document (schema check, size, rules) each run in a turn of the
  // event loop of their own, so a multi-megabyte save never holds the host up in one block.
  await yieldToLoop();
  // 1. schema
  const checked = checkLevelObject(document);
  if (!checked.ok) {
    return {
      ok: false,
      code: 'invalid',
      message: `Not saved: the document does not match the level format (${checked.error[0]?.message ?? 'schema check failed'}).`,
      issues: checked.error,
      draftAllowed: false,
    };
  }
  const level = stripProof(checked.value);
  await yieldToLoop();
  // 1b. size: refused before any proof when even the unproved document is over the file limit
  const tooLarge = tooLargeError(label, Buffer.byteLength(serializeLevel(level), 'utf8'));
  if (tooLarge) return tooLarge;
  await yieldToLoop();
  const reused = opts.force === true ? undefined : reusableProof(checked.value, opts.proofs);

  // 2. rules
  const ruleIssues = validateRules(level);
  let failure: { code: HostErrorCode; message: string; issues: Issue[]; solve: SolveSummary } | undefined;
  let proven: { solution: StoredSolution; solve: SolveSummary; warnings: Issue[] } | undefined;

  if (!hasErrors(ruleIssues) && isPositionOnly(level)) {
    // A playable position with no goal (KV starting setups, LC positions):
    // valid, nothing to prove; written without a solution and not a draft.
    const doc = { ...level } as Level;
    const w = await writeAndVerify(path, label, doc, opts);
    if (!w.ok) return w;
    const solve: SolveSummary = { status: 'position', states: 0, ms: 0, message: 'a playable position: no goal to prove' };
    return { ok: true, path, document: w.document, draft: false, solve, issues: [...ruleIssues, ...w.warnings], revision: w.revision };
  }

  if (hasErrors(ruleIssues)) {
    failure = {
      code: 'invalid',
      message: 'Not proved: the level breaks builder rules.',
      issues: ruleIssues,
      solve: noSolve('not solved: the level has errors'),
    };
  } else if (reused) {
    // 3. a proof at hand: written at once, par checked against its length (UK-7)
    const solve = reusedSummary(reused.solution, reused.source);
    const warnings = ruleIssues.filter((i) => i.severity === 'warning');
    const par = proofIssues(level, factsOfStored(reused.solution), rulesetOf(level));
    if (hasErrors(par)) failure = { code: 'invalid', message: `Not proved: ${par[0]!.message}`, issues: [...par, ...warnings], solve };
    else proven = { solve, warnings: [...warnings, ...par], solution: reused.solution };
  } else if (allowDraft && opts.noProof === true) {
    // 3. the user chose a draft without a proof: nothing is solved
    const solve: SolveSummary = { status: 'cancelled', states: 0, ms: 0, message: 'not solved: saved as a draft without a proof' };
    failure = {
      code: 'cancelled',
      message: 'Not proved: saved as a draft without a proof.',
      issues: [...proofIssues(level, { status: 'cancelled' }, rulesetOf(level)), ...ruleIssues.filter((i) => i.severity === 'warning')],
      solve,
    };
  } else {
    // 3. solve (the worker gets the level without its editor state: nothing large is cloned on this thread)
    const outcome = await solveInWorker(forSolver(level), {
      ...(opts.solver ? { pool: opts.solver } : {}),
      timeMs: opts.timeMs ?? DEFAULT_SAVE_TIME_MS,
      maxStates: opts.maxStates ?? DEFAULT_SAVE_MAX_STATES,
      ...(opts.maxBytes !== undefined ? { maxBytes: opts.maxBytes } : {}),
      countSolutions: rulesetOf(level)?.goal.kind === 'in-n' ? 0 : SAVE_COUNT_SOLUTIONS,
      ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    const solve = summarizeSolve(outcome);
    const warnings = ruleIssues.filter((i) => i.severity === 'warning');
    const par = outcomeIssues(level, outcome);
    const r = outcome.result;
    opts.proofs?.remember(level, r);
    if (r.status === 'solved') {
      if (hasErrors(par)) {
        failure = { code: 'invalid', message: `Not proved: ${par[0]!.message}`, issues: [...par, ...warnings], solve };
      } else {
        proven = {
          solve,
          warnings: [...warnings, ...par],
          solution: solutionOf(level, r),
        };
      }
    } else if (r.status === 'invalid') {
      failure = { code: 'invalid', message: 'Not proved: the level breaks builder rules.', issues: [...r.issues, ...warnings], solve };
    } else if (r.status === 'unsolvable') {
      failure = {
        code: 'unsolvable',
        message: 'Not proved: the solver proved that the level has no solution.',
        issues: [unsolvableIssue(r), ...warnings],
        solve,
      };
    } else if (r.status === 'limit') {
      failure = {
        code: 'limit',
        message: `Not proved: ${solve.message ?? 'the solver hit a limit'}.`,
        issues: [issue('warning', 'solve-limit', `The solver stopped at its ${capName(r.reason)} before proving the level.`), ...par, ...warnings],
        solve,
      };
    } else if (r.status === 'cancelled') {
      return { ok: false, code: 'cancelled', message: 'Not saved: the solve was cancelled.', issues: warnings, solve };
    } else {
      failure = { code: 'internal', message: `Not proved: ${r.message}`, issues: warnings, solve };
    }
  }

  if (proven) {
    const doc = { ...level, solution: proven.solution } as Level;
    const w = await writeAndVerify(path, label, doc, opts);
    if (!w.ok) return w;
    return { ok: true, path, document: w.document, draft: false, solve: proven.solve, issues: [...proven.warnings, ...w.warnings], revision: w.revision };
  }
  const f = failure!;
  if (!allowDraft) {
    return {
      ok: false,
      code: f.code,
      message: `${f.message} Nothing was written; it can be saved as a draft.`,
      issues: f.issues,
      solve: f.solve,
      draftAllowed: true,
    };
  }
  const draftDoc = { ...level, draft: true } as Level;
  const w = await writeAndVerify(path, label, draftDoc, opts);
  if (!w.ok) return w;
  return { ok: true, path, document: w.document, draft: true, solve: f.solve, issues: [...f.issues, ...w.warnings], revision: w.revision };
}
