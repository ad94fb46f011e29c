/**
 * What one ruleset offers for play (its `src-renderer/rulesets/<id>/play.ts`
 * plus its panels), the `play` of its RulesetUi (rulesets/<id>/ui.ts), and
 * the UI state of a running game that the play controller
 * (app/play-controller.svelte.ts) keeps and the play panels read
 * (`PlaytestUi`, through the narrow `PlayPanelContext`).
 */
import type { Component } from 'svelte';
import type { MoveSide } from '../../src-shared/display/move-list.js';
import type { EngineAnswer, LevelBase } from '../../src-shared/ruleset.js';
import type { Issue, Result } from '../../src-shared/validation/issue.js';
import type { EditableLevel } from '../editor/default-doc.js';
import type { PlaySession, PlaySide, PlayTarget, PlayView } from './session.js';
import type { PlayHints } from './hints.svelte.js';

/** The engine's side of a game against it: thinking, its last answer, an error. */
export interface EngineUi {
  thinking: boolean;
  /** The engine's answer for its last move (its reasoning), or null. */
  last: EngineAnswer | null;
  error: string | null;
}

/** Play UI state: the session, the picked piece and a pending move choice (CM-10 transform, LC promotion...). */
export interface PlaytestUi {
  session: PlaySession;
  /** The piece picked to move (its square), or null. */
  picked: string | null;
  /** Legal targets of the picked piece. */
  targets: PlayTarget[];
  /** A move waiting for the player's choice among `choices` (the target's choice ids). */
  choice: { from: string; to: string; choices: string[] } | null;
  /** Against the engine: its state; null without an engine (both sides by hand). */
  engine: EngineUi | null;
}

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

/** One ruleset's play: how a game starts, how a solution line is previewed, and its panels. */
export interface PlayModule<L extends LevelBase = EditableLevel> {
  /**
   * A playtest on a copy of `doc` (both sides by hand in two-player
   * rulesets). `par`: the par a win is compared with (null: unknown).
   * Answers the level's builder errors when it cannot be played.
   */
  start(doc: L, par: number | null): Result<PlaySession, Issue[]>;
  /** Two-player rulesets: a game against the engine, the person on `side` (default: the side to move). */
  startEngine?(doc: L, side?: MoveSide): Result<PlaySession, Issue[]>;
  /** The play views of a solution line (`views[k]` after k moves) when the preview should show play state (CM-5 open locks, picked tiles). */
  replayViews?(doc: L, moves: readonly string[]): Result<PlayView[], Issue[]>;
  /** The side panel while playing (default: the generic components/PlaytestPanel.svelte). */
  Panel?: Component<{ app: PlayPanelContext }>;
  /** Rows the generic playtest panel shows after moves and par (it passes the session's view). */
  Stats?: Component<{ view: PlayView }>;
}
