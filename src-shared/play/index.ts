/**
 * Play entries over the ruleset registry (src-shared/rulesets/index.ts):
 * a play session of any level by its `ruleset` id, and the play views of a
 * solution line. Nothing here branches on a ruleset id; an unknown ruleset
 * answers `ruleset-unsupported`. The contract and the generic parts:
 * hooks.ts (what a ruleset supplies), session.ts (the session), driver.ts
 * (a session being played: click-click, engine replies, hints), hints.ts,
 * jobs.ts / runners.ts (background work), text.ts (status lines).
 */
import type { LevelBase } from '../ruleset.js';
import { rulesetOf, unsupported } from '../rulesets/index.js';
import type { Issue, Result } from '../validation/issue.js';
import { playLine, startPlaySession, type PlayOptions, type PlaySession, type PlayView } from './session.js';

/**
 * Starts a play session of `level` with its ruleset's play hooks
 * (`startPlaySession`: a deep copy is played). Errors: `ruleset-unsupported`,
 * `play-unsupported`, `engine-unsupported`, the level's builder errors.
 */
export function startPlay<L extends LevelBase>(level: L, opts: PlayOptions = {}): Result<PlaySession<L>, Issue[]> {
  const def = rulesetOf(level);
  if (!def) return { ok: false, error: [unsupported(level.ruleset)] };
  return startPlaySession(def, level, opts) as Result<PlaySession<L>, Issue[]>;
}

/**
 * The play views of a solution line (`views[k]` after k moves) when the
 * ruleset's solution preview shows play positions (`PlayHooks.previewPlayState`:
 * CM-5 open locks, picked-up tiles gone); undefined for the other rulesets
 * (their preview shows replay frames). Errors: the level's, and the first
 * move that does not play (`playLine`).
 */
export function replayPlayViews<L extends LevelBase>(level: L, lans: readonly string[]): Result<PlayView<L>[], Issue[]> | undefined {
  const def = rulesetOf(level);
  if (!def?.play?.previewPlayState) return undefined;
  const s = startPlay(level);
  if (!s.ok) return s;
  const line = playLine(s.value, lans);
  return line.ok ? { ok: true, value: line.value.map((x) => x.view) } : line;
}
