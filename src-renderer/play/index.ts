/**
 * Play entries of the editor over the shared play session
 * (src-shared/play/): a playtest of the document, a game against the
 * engine, the play views of a solution line. Nothing here branches on a
 * ruleset id; an unknown ruleset answers `ruleset-unsupported`, a ruleset
 * without play hooks `play-unsupported`, one without an engine
 * `engine-unsupported`.
 */
import type { MoveSide } from '../../src-shared/display/move-list.js';
import { startPlay as startShared, replayPlayViews as replayShared } from '../../src-shared/play/index.js';
import type { Issue, Result } from '../../src-shared/validation/issue.js';
import { rulesetOf } from '../../src-shared/rulesets/index.js';
import type { EditableLevel } from '../editor/default-doc.js';
import type { PlaySession, PlayView } from './session.js';

/**
 * Starts a playtest on a deep copy of `doc` (the editor's document is never
 * referenced again); two-player rulesets with both sides by hand. `par`:
 * the par a win is compared with (null when unknown). Answers the level's
 * builder errors when it cannot be played.
 */
export function startPlay(doc: EditableLevel, par: number | null): Result<PlaySession, Issue[]> {
  return startShared(doc, { par });
}

/**
 * Starts a game against the engine on a copy of `doc`, the person on
 * `side` (default: the side to move at the start, the attacker of a "win /
 * mate in N").
 */
export function startEnginePlay(doc: EditableLevel, side?: MoveSide): Result<PlaySession, Issue[]> {
  const goal = rulesetOf(doc)?.goal;
  const user = side ?? (goal?.kind === 'in-n' ? goal.startSide(doc) : 'white');
  return startShared(doc, { user });
}

/** The play views of a solution line where the ruleset's preview shows play positions (CM: open locks, picked-up tiles), else undefined. */
export function replayPlayViews(doc: EditableLevel, moves: readonly string[]): Result<PlayView[], Issue[]> | undefined {
  return replayShared(doc, moves);
}
