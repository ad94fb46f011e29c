/**
 * The worker side of the job protocol (job-protocol.ts): runs one job and
 * posts its messages. Pure TS (no DOM): job.worker.ts binds it to the
 * worker's `onmessage`, the unit tests call it directly.
 * - `solve`: `solveLevel` (the one solve entry) with the job's caps and a
 *   progress message every 50,000 states;
 * - `engine-move`: `RulesetDef.engine.move` of the level's ruleset, looked
 *   up in the registry; a ruleset without an engine answers
 *   `engine-unsupported`, the engine's own errors (illegal move, game over)
 *   come back as `invalid`;
 * - `tree`: `RulesetDef.solutionTree` of the level's ruleset (`tree-unsupported`
 *   without one); its errors (no goal, no win in N, budget) come back as `invalid`.
 * - `hint`: `RulesetDef.hint` likewise (`hint-unsupported` without one; a
 *   move that does not replay comes back as `invalid`), with the worker's
 *   hint memo of the line start (`hintMemoFor`).
 */
import { rulesetOf, solveLevel, unsupported } from '../../src-shared/rulesets/index.js';
import { issue } from '../../src-shared/validation/issue.js';
import type { HintMemo } from '../../src-shared/ruleset.js';
import type { Job, JobMessage } from './job-protocol.js';

/** States between two solve progress messages. */
export const PROGRESS_EVERY = 50_000;

/** The hint distances of the last line start this worker gave hints for (`HintOptions.memo`). */
let kept: { level: string; memo: HintMemo } | null = null;

/**
 * The hint memo of `level` (a line start): the same map for every hint job
 * of the same start in this worker (a worker kept for a play session, see
 * kept-jobs.ts, answers later hints from it), a new one for another start.
 */
export function hintMemoFor(level: unknown): HintMemo {
  const key = JSON.stringify(level);
  if (!kept || kept.level !== key) kept = { level: key, memo: new Map() };
  return kept.memo;
}

/**
 * Runs `job` and posts its messages through `post`: progress (solve), then
 * one `result`, `invalid` or `error`. `now` (ms) times the job. An unknown
 * job kind posts an `error`. Never throws (a throwing solver or engine posts
 * an `error` with its message).
 */
export function handleJob(job: Job, post: (m: JobMessage) => void, now: () => number = () => performance.now()): void {
  const started = now();
  const ms = (): number => Math.round(now() - started);
  try {
    if (job?.kind === 'solve') {
      const result = solveLevel(job.level, {
        progressEvery: PROGRESS_EVERY,
        onProgress: (p) => post({ type: 'progress', states: p.states, depth: p.depth }),
        ...job.caps,
      });
      post({ type: 'result', result, ms: ms() });
      return;
    }
    if (job?.kind === 'engine-move') {
      const def = rulesetOf(job.level);
      if (!def) {
        post({ type: 'invalid', issues: [unsupported(job.level.ruleset)] });
        return;
      }
      if (!def.engine) {
        post({ type: 'invalid', issues: [issue('error', 'engine-unsupported', `${def.name} has no engine to play against.`, { pointer: '/ruleset' })] });
        return;
      }
      const r = def.engine.move(job.level, job.moves, job.opts);
      post(r.ok ? { type: 'result', result: r.value, ms: ms() } : { type: 'invalid', issues: r.error });
      return;
    }
    if (job?.kind === 'tree') {
      const def = rulesetOf(job.level);
      if (!def?.solutionTree) {
        post({
          type: 'invalid',
          issues: [def ? issue('error', 'tree-unsupported', `${def.name} has no solution trees.`, { pointer: '/ruleset' }) : unsupported(job.level.ruleset)],
        });
        return;
      }
      const r = def.solutionTree(job.level, job.opts);
      post(r.ok ? { type: 'result', result: r.value, ms: ms() } : { type: 'invalid', issues: r.error });
      return;
    }
    if (job?.kind === 'hint') {
      const def = rulesetOf(job.level);
      if (!def?.hint) {
        post({ type: 'invalid', issues: [def ? issue('error', 'hint-unsupported', `${def.name} has no hints.`) : unsupported(job.level.ruleset)] });
        return;
      }
      const r = def.hint(job.level, job.moves, { ...job.opts, memo: hintMemoFor(job.level) });
      post(r.ok ? { type: 'result', result: r.value, ms: ms() } : { type: 'invalid', issues: r.error });
      return;
    }
    post({ type: 'error', message: `Unknown job ${JSON.stringify((job as { kind?: unknown } | null)?.kind ?? null)}` });
  } catch (e) {
    post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
}
