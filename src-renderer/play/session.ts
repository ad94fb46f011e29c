/**
 * The editor's names for the play session: the generic headless session
 * of src-shared/play/ (session.ts: moves, history, outcomes, counters,
 * score, stars; the rulesets' play hooks) typed with the editor's document
 * type, and the status line the board and the panels show. The playtest
 * plays a copy of the document; nothing here branches on a ruleset id.
 */
import type { EditableLevel } from '../editor/default-doc.js';
import type { PlaySession as SharedSession, PlayView as SharedView } from '../../src-shared/play/session.js';

export type { GameView, PlayChoiceInfo, PlayCounters, PlaySide, PlayStatus, PlayTarget } from '../../src-shared/play/session.js';

/** A play session of an editor document. */
export type PlaySession = SharedSession<EditableLevel>;

/** What the board and the play panels show of a session. */
export type PlayView = SharedView<EditableLevel>;

/** The status line of a view; while the engine thinks, the game's thinking line. */
export function playStatusText(v: SharedView, thinking = false): string {
  return thinking && v.game?.engineToMove ? v.game.thinkingText : v.statusText;
}
