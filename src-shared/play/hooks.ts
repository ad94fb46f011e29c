/**
 * The play hooks of a ruleset (`RulesetDef.play`, ruleset.ts): what the
 * generic play session (session.ts) needs of a ruleset's rules to play a
 * level move by move. Each ruleset supplies them from its own rules module
 * (`src-shared/rulesets/<id>/play.ts`); the session, the editor's playtest
 * and any other player never branch on a ruleset id.
 *
 * A ruleset's play position `P` is its own (the compiled board plus the
 * state that changes in play); the session only stores it, hands it back
 * to the hooks and never looks inside. Positions are values: a hook never
 * changes a position it is given. Pure TS: no DOM, no Node.
 */
import type { Role, SquareName } from '../model/level.js';
import type { GlyphArt } from '../display/glyph.js';
import type { Issue, Result } from '../validation/issue.js';

/** A side of a two-player game (KV, LC). */
export type PlaySideName = 'white' | 'black';

/**
 * One legal move as the player makes it: a piece from `from` to `to`.
 * Several moves may share `from` and `to` (a CM-10 transform with a choice
 * of types, an LC promotion, LC-12 castle or castlock, capture or
 * superimpose): the player then picks one by its `choice` id.
 */
export interface PlayMove {
  from: SquareName;
  to: SquareName;
  /** The move in LAN: what replay, the engine, hints and stored solutions speak. */
  lan: string;
  /** The move as the move list writes it (Locking Chess: SAN, LC-13); default `lan`. */
  notation?: string;
  /** The move takes a piece (the board marks its target as a capture). */
  capture?: boolean;
  /** The id the player picks this move by among moves with the same `from` and `to` (CM-10: the new type); default `lan`. */
  choice?: string;
  /** How the choice picker names this move ("Queen", "e8=Q"); default the choice id. */
  choiceLabel?: string;
  /** The piece the move makes (promotion, transform), for the picker's icon. */
  choiceRole?: Role;
}

/**
 * How a position stands (`PlayHooks.outcome`), from the rules alone:
 * - `ongoing`;
 * - `won`: a single-player puzzle solved (UK-6 portal, CM-11 finish), or a
 *   two-player game won by `winner` (KV-5 / KV-6, LC-8);
 * - `failed`: a single-player attempt that can no longer win (CM-9
 *   misspelled, CM-12 move limit, CM-13 dead end, UK dead end);
 * - `draw`: a two-player game drawn (KV-7, LC-9).
 * `code` names the reason (`valley`, `lockmate`, `dead-end`, `repetition`;
 * test hooks and status attributes use it); `text` says it in words
 * ("White wins: the king reached the valley (KV-5).", "dead end: no player
 * piece can move").
 */
export type PlayResult =
  | { status: 'ongoing' }
  | { status: 'won'; code: string; text: string; winner?: PlaySideName }
  | { status: 'failed'; code: string; text: string }
  | { status: 'draw'; code: string; text: string };

/** What one move did: the new position and what happened, in words ("Picked up the red key: red locks are open"). */
export interface PlayApplied<P> {
  position: P;
  events?: readonly string[];
}

/** One finished single-player attempt, for a score (`PlayHooks.score`). */
export interface PlayAttempt {
  /** The attempt ended with the puzzle solved (within the ceiling). */
  won: boolean;
  /** The rules say the goal was reached by the last move (UK-6), even past the ceiling. */
  reached: boolean;
  /** Moves played. */
  moves: number;
  /** The par the attempt is measured against (>= 1). */
  par: number;
  /** Undo steps and Restarts used in the attempt (UK-8 clean-run bonus). */
  undos: number;
  restarts: number;
}

/** A score of a finished attempt (UK-8), plain data. */
export interface PlayScore {
  total: number;
  /** Moves counted against the par (UK-8: moves, plus penalty moves in competitive play). */
  counted: number;
  /** Why it is what it is: `escaped`, `ceiling`, `not-escaped`... (a test hook). */
  outcome: string;
  /** The score in words ("escape 1000 + par 500 + clean 300", "over the 2 × par ceiling"). */
  detail: string;
  /** The scoring rule in one line (a tooltip), with its ruling. */
  rule: string;
}

/**
 * One row of a play panel drawn without the ruleset's own components (the
 * player page): its label, its value in words, a test hook name and its
 * data (`data-*` attributes).
 */
export interface PlayStatRow {
  label: string;
  value: string;
  testid: string;
  data?: Record<string, string>;
}

/** A ceiling on the moves of an attempt derived from the par (UK-7: 2 x par). */
export interface PlayCeiling {
  /** The ceiling for `par`, in moves. */
  of(par: number): number;
  /** What the move counter calls it ("ceiling (2 × par)"). */
  label: string;
  /** The failure once an attempt goes over `limit` ("move limit: over the ceiling of 14 moves (2 × par, UK-7)"). */
  failed(limit: number): string;
}

/**
 * A ruleset's play rules (module doc). `L` is the level document, `P` the
 * ruleset's play position, `M` its moves (a `PlayMove` that may carry the
 * ruleset's own move: `apply` is only ever given one of `moves(position)`).
 * Every hook is pure and never throws on a position it produced.
 */
export interface PlayHooks<L, P, M extends PlayMove = PlayMove> {
  /** The start position of `level` (a copy the session owns), or the level's builder errors when it cannot be played. */
  start(level: L): Result<P, Issue[]>;
  /**
   * Every legal move of the side to move at `position` (the session asks
   * only while the game is ongoing). LAN unique per position.
   */
  moves(position: P): readonly M[];
  /** Plays `move` (one of `moves(position)`): the new position and what happened. */
  apply(position: P, move: M): PlayApplied<P>;
  /** How `position` stands; `earlier` are the game's earlier positions, oldest first (KV-7 / LC-9 repetition). */
  outcome(position: P, earlier: readonly P[]): PlayResult;
  /** `position` as a level document for the board and the display model (pieces moved, picked-up tiles gone). */
  view(level: L, position: P): L;
  /** Lock colours drawn open at `position` (CM-5 keys held, CM-6 plates held); default none. */
  openColors?(position: P): readonly string[];
  /**
   * Two-player rulesets: the side to move at `position`. Its presence makes
   * the session a game with sides (play against the engine, `def.engine`).
   */
  sideToMove?(position: P): PlaySideName;
  /** A note after "White to move" (" (check)", LC-7); default none. */
  turnNote?(position: P): string;
  /** True when the player may pick the piece on `square` (default: it has a legal move). */
  movable?(position: P, square: SquareName): boolean;
  /** The ruleset's own progress at `position` for its play panel rows (Chess Maze keys, coins, letters, plates). */
  progress?(position: P): unknown;
  /**
   * `info` (what `progress` answered) as rows of words, for a panel without
   * the ruleset's own components (the player page); the editor's `PlayStats`
   * components show the same. Absent: no rows. Never throws.
   */
  progressRows?(info: unknown): readonly PlayStatRow[];
  /** A move limit the rules keep in the position (CM-12), or null; with the counter's word for it. */
  moveLimit?(position: P): number | null;
  /** The move counter's word for `moveLimit` (default "limit"). */
  readonly moveLimitLabel?: string;
  /** A ceiling derived from the par (UK-7): an attempt that goes over it fails. */
  readonly ceiling?: PlayCeiling;
  /** The score of a finished attempt with a known par (UK-8); absent: the ruleset does not score. */
  score?(attempt: PlayAttempt): PlayScore;
  /** How the engine's draw is said in its note ("it repeats the position for a draw (KV-7)"). */
  readonly engineDraw?: string;
  /** The art of a side's king (the side picker of two-player play). */
  sideArt?(side: PlaySideName): GlyphArt;
  /** The solution preview shows play positions (CM: picked-up tiles gone, open locks drawn open) rather than replay frames. */
  readonly previewPlayState?: boolean;
}
