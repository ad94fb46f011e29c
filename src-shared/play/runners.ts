/**
 * Jobs run directly (jobs.ts): the engine's reply and the hint computed at
 * once, in the caller's thread, within their budgets (the engine's node and
 * time caps, the hint's state and time caps). For plain Node (tests, the
 * command line) and a player without workers; the editor runs the same
 * ruleset hooks in its worker instead. Never throws: a throwing engine or
 * hint answers an `error` outcome.
 */
import type { EngineOptions, HintOptions, LevelBase, RulesetDef } from '../ruleset.js';
import type { EngineRunner, HintRunner, PlayJob, PlayJobOutcome } from './jobs.js';

function settled<T>(compute: () => PlayJobOutcome<T>): PlayJob<T> {
  let outcome: PlayJobOutcome<T>;
  try {
    outcome = compute();
  } catch (e) {
    outcome = { kind: 'error', message: e instanceof Error ? e.message : String(e) };
  }
  return { promise: Promise.resolve(outcome), cancel: () => {} };
}

const joined = (issues: readonly { message: string }[]): string => issues.map((i) => i.message).join(' ');

/**
 * The engine of `def` (`RulesetDef.engine`, KV-8 / LC-8) answering at
 * once; `opts` caps every reply unless the request brings its own (default:
 * the engine's own caps). A ruleset without an engine answers an error.
 */
export function directEngine<L extends LevelBase>(def: RulesetDef<L>, opts?: EngineOptions): EngineRunner {
  return (req) =>
    settled(() => {
      if (!def.engine) return { kind: 'error', message: `${def.name} has no engine to play against.` };
      const r = def.engine.move(req.level as L, req.moves, req.opts ?? opts);
      return r.ok ? { kind: 'result', result: r.value } : { kind: 'error', message: joined(r.error) };
    });
}

/** The hint of `def` (`RulesetDef.hint`, src-shared/hint.ts) answering at once within `opts` (states per search, overall time). */
export function directHints<L extends LevelBase>(def: RulesetDef<L>, opts: HintOptions = {}): HintRunner<L> {
  return (level, moves) =>
    settled(() => {
      if (!def.hint) return { kind: 'error', message: `${def.name} has no hints.` };
      const r = def.hint(level, moves, opts);
      return r.ok ? { kind: 'result', result: r.value } : { kind: 'error', message: joined(r.error) };
    });
}
