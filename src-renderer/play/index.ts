/**
 * Play entries: lookups of the document's ruleset module (`RulesetUi.play`,
 * src-renderer/rulesets/index.ts); nothing here branches on a ruleset id. An
 * unknown ruleset answers `ruleset-unsupported`.
 */
import type { MoveSide } from '../../src-shared/display/move-list.js';
import { unsupported } from '../../src-shared/rulesets/index.js';
import { issue, type Issue, type Result } from '../../src-shared/validation/issue.js';
import type { EditableLevel } from '../editor/default-doc.js';
import { rulesetUi } from '../rulesets/index.js';
import type { PlayModule } from './module.js';
import type { PlaySession, PlayView } from './session.js';

/** The play module of the document's ruleset, or undefined for a ruleset without one. */
export function playModuleOf(doc: { ruleset: string }): PlayModule | undefined {
  return rulesetUi(doc.ruleset)?.play;
}

/**
 * Starts a playtest on a deep copy of `doc` (the editor's document is never
 * referenced again): `PlayModule.start` of its ruleset. `par`: the level's
 * par for the win banner (null when unknown). Answers the level's builder
 * errors when it cannot be played.
 */
export function startPlay(doc: EditableLevel, par: number | null): Result<PlaySession, Issue[]> {
  const m = playModuleOf(doc);
  return m ? m.start(doc, par) : { ok: false, error: [unsupported(doc.ruleset)] };
}

/**
 * Starts a game against the engine on a copy of `doc`, the person on `side`
 * (default: the side to move): `PlayModule.startEngine`; a ruleset without
 * an engine answers `engine-unsupported`.
 */
export function startEnginePlay(doc: EditableLevel, side?: MoveSide): Result<PlaySession, Issue[]> {
  const m = playModuleOf(doc);
  if (!m) return { ok: false, error: [unsupported(doc.ruleset)] };
  if (!m.startEngine)
    return { ok: false, error: [issue('error', 'engine-unsupported', 'This ruleset has no engine to play against.', { pointer: '/ruleset' })] };
  return m.startEngine(doc, side);
}

/** The play views of a solution line where the ruleset previews play state (`PlayModule.replayViews`), else undefined. */
export function replayPlayViews(doc: EditableLevel, moves: readonly string[]): Result<PlayView[], Issue[]> | undefined {
  return playModuleOf(doc)?.replayViews?.(doc, moves);
}
