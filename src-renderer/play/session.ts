/**
 * The generic play contract: playing a COPY of the edited document with its
 * ruleset's rules, headless and immutable (every move answers a new
 * session), so the UI undoes by keeping the previous one and leaving play
 * never touches the document. Each ruleset implements it in
 * src-renderer/rulesets/<id>/play.ts; the controller, the board and the
 * play panels only see this contract (no ruleset id here).
 *
 * Two-player rulesets add `game` (play against the engine, KV-8 / LC-8):
 * the controller asks the ruleset's engine (a worker job, workers/) for the
 * engine side's moves and plays them with `game.playEngine`.
 */
import type { CmColor, Role } from '../../src-shared/model/level.js';
import type { EngineAnswer, EngineOptions } from '../../src-shared/ruleset.js';
import type { MoveSide } from '../../src-shared/display/move-list.js';
import type { EditableLevel } from '../editor/default-doc.js';

/**
 * A square a picked piece can move to. `choices`: ids of the moves to pick
 * from when several legal moves go there (CM-10 transform types, LC
 * promotions, castle or castlock), empty when the move needs no choice.
 */
export interface PlayTarget {
  to: string;
  capture: boolean;
  choices: string[];
}

/** How a choice is shown in the picker: its label, and the piece it makes when it makes one. */
export interface PlayChoiceInfo {
  label: string;
  role?: Role;
}

/**
 * Playing, won, or failed with a reason code the ruleset names (CM-9
 * `misspelled`, CM-12 `move-limit`, CM-13 `dead-end`, UK-7 `move-ceiling`,
 * a lost or drawn game against the engine...).
 */
export type PlayStatus = { kind: 'playing' } | { kind: 'won' } | { kind: 'failed'; reason: string };

/** Who moves the pieces: one side against the engine, or both sides by hand. */
export type PlaySide = MoveSide | 'both';

/** The two-player part of a view (play against the engine). */
export interface GameView {
  sideToMove: MoveSide;
  /** The side to move at the start (the first move of the numbered move list). */
  startSide: MoveSide;
  user: PlaySide;
  /** The game goes on and the side to move is the engine's. */
  engineToMove: boolean;
  /** Who played each move (parallel to `PlayView.lans`). */
  by: ('user' | 'engine')[];
  /** The status line while the engine thinks ("Black to move: engine thinking…"). */
  thinkingText: string;
}

/** What a play panel and the board show of a session. */
export interface PlayView {
  /** The position as a document (pieces moved, captured pieces and picked-up tiles removed). */
  doc: EditableLevel;
  /** Lock colours open for movement (CM-5 key held, CM-6 plate held); empty in rulesets without locks. */
  openColors: ReadonlySet<CmColor>;
  moves: number;
  /** A move limit (CM-12) or ceiling (UK-7: 2 x par); null without one. */
  moveLimit: number | null;
  /** What the limit is called after the count ("limit", "ceiling (2 × par)"). */
  moveLimitLabel: string;
  par: number | null;
  status: PlayStatus;
  /** The status line: "You won in 7 moves — par 7: at par", "White to move: your move", ... */
  statusText: string;
  /** LAN of the moves played. */
  lans: string[];
  /** The moves as the move list writes them (LAN, or SAN where the ruleset writes it). */
  notation: string[];
  lastMove: { from: string; to: string } | null;
  /** What the last move did, in words ("Picked up the red key"). */
  lastEvents: string[];
  /** Two-player rulesets: the game against the engine. */
  game?: GameView;
}

/** Play against the engine (two-player rulesets). */
export interface EngineGame {
  /** The game's start (a copy of the document): the engine job replays `view.lans` from it. */
  readonly start: EditableLevel;
  readonly user: PlaySide;
  /** True when the engine should move now. */
  readonly engineToMove: boolean;
  /** Options of the engine job (default: the ruleset engine's own). */
  readonly engineOptions?: EngineOptions;
  /** Plays the engine's answer; null when it is not a legal move here. */
  playEngine(answer: EngineAnswer): PlaySession | null;
  /** The same game with the person on `user` (the engine takes the other side from here). */
  withUser(user: PlaySide): PlaySession;
  /** Back to the person's previous turn: the engine's reply and the person's move before it; past the start, back before a Restart. */
  undoTurn(): PlaySession;
  /** What the engine says about its move ("Engine played Kc5-a3: its longest defence; ..."). */
  engineNote(answer: EngineAnswer): string;
}

export interface PlaySession {
  readonly view: PlayView;
  /** True when `square` holds a piece the player may move now. */
  isMovable(square: string): boolean;
  /** Legal targets of the piece on `from` (empty once the attempt ended, or on the engine's turn). */
  targets(from: string): PlayTarget[];
  /**
   * Plays `from` → `to` (with `choice`, one of the target's `choices`, when
   * several moves go there). Answers the next session, `{needChoice}` when
   * the move needs a choice that was not given (or not allowed), or null
   * when the move is not legal.
   */
  play(from: string, to: string, choice?: string): PlaySession | { needChoice: string[] } | null;
  /** How the picker shows `choice` (a target's choice id). */
  describeChoice(choice: string): PlayChoiceInfo;
  /**
   * The session one move earlier; at the start after a Restart, the session
   * before the restart (Restart is one step of the play history, so it can
   * be undone); itself at the very start.
   */
  undo(): PlaySession;
  /** The session at the start, remembering this one for `undo` (itself when already at the start). */
  restart(): PlaySession;
  /** True when `undo` leads somewhere: a move to take back, or a Restart. */
  readonly canUndo: boolean;
  /** Two-player rulesets: play against the engine. */
  readonly game?: EngineGame;
}

/** The status line of a view; while the engine thinks, the game's thinking line. */
export function playStatusText(v: PlayView, thinking = false): string {
  return thinking && v.game?.engineToMove ? v.game.thinkingText : v.statusText;
}

/**
 * The status line of a single-player attempt (UK, CM) from its view's
 * numbers: "You won in 7 moves — par 7: at par" (par unknown: "(par unknown:
 * solve the level to compare)"), or "Playing: pick a piece to move" /
 * "Playing". `failed` answers `failedText`.
 */
export function puzzleStatusText(v: Pick<PlayView, 'moves' | 'par' | 'status'>, failedText: string): string {
  const s = v.status;
  if (s.kind === 'won') {
    const n = v.moves;
    const base = `You won in ${n} move${n === 1 ? '' : 's'}`;
    if (v.par === null) return `${base} (par unknown: solve the level to compare)`;
    const d = n - v.par;
    const cmp = d === 0 ? 'at par' : d > 0 ? `${d} over par` : `${-d} under par (the par is not optimal)`;
    return `${base} — par ${v.par}: ${cmp}`;
  }
  if (s.kind === 'failed') return failedText;
  return v.moves === 0 ? 'Playing: pick a piece to move' : 'Playing';
}

/**
 * What the engine says about its move, with the goal's word (`verb`: "win"
 * KV-8, "mate" LC-8) and how a draw is called (`draw`):
 * "Engine played Kc5-a3: its longest defence; you can force a win in 1."
 */
export function engineNoteText(a: EngineAnswer, verb: string, draw: string): string {
  const goal = verb === 'win' ? 'a win' : verb;
  switch (a.kind) {
    case 'win':
      return `Engine played ${a.lan}: it forces ${goal} in ${a.winIn ?? '?'}.`;
    case 'draw':
      return `Engine played ${a.lan}: ${draw}.`;
    case 'any':
      return `Engine played ${a.lan} (it ran out of time to look ahead).`;
    default:
      return a.lossIn
        ? `Engine played ${a.lan}: its longest defence; you can force ${goal} in ${a.lossIn}.`
        : `Engine played ${a.lan}: no forced ${verb} for you within ${a.horizon ?? '?'} moves.`;
  }
}
