/**
 * The play UI state of a running game that the play controller
 * (app/play-controller.svelte.ts) keeps and the board and the play panels
 * read (`PlaytestUi`, through the narrow `PlayPanelContext`): the shared
 * driver's state (src-shared/play/driver.ts) over an editor session.
 */
import type { PlayState } from '../../src-shared/play/driver.js';
import type { PlaySession, PlaySide } from './session.js';
import type { PlayHints } from './hints.svelte.js';

export type { EngineUi } from '../../src-shared/play/driver.js';

/** Play UI state: the session, the picked piece, a pending move choice (CM-10 transform, LC promotion...), the engine. */
export type PlaytestUi = PlayState<PlaySession>;

/** What a play panel needs of the application (the play controller satisfies it). */
export interface PlayPanelContext {
  readonly play: PlaytestUi | null;
  playUndo(): void;
  playRestart(): void;
  exitPlaytest(): void;
  /** The person takes `user` from this position (the engine the other side; `both`: no engine). */
  setPlaySide(user: PlaySide): void;
  /** The hint of the current position (hint box, lost-par flag, next move on the board). */
  readonly hints?: PlayHints;
}
