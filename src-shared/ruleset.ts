/**
 * The ruleset contract (design: docs/dev/rulesets.md). One
 * `RulesetDef` per ruleset, in `src-shared/rulesets/<id>/def.ts`, listed once
 * in `src-shared/rulesets/index.ts` (`RULESETS`). Everything generic in the
 * core and the editor (validation, the solve entry, replay, the display
 * model, region copy / paste, rotate / mirror, the play engine) looks the
 * ruleset up there and never branches on its id, in the spirit of chessops'
 * `Position` hooks and scalachess' `Variant` list.
 *
 * A ruleset's level type `L` is its document shape (model/level.ts). The
 * contract only relies on the fields every level has (`LevelBase`), so a
 * test can define a tiny ruleset of its own and drive the generic parts.
 */
import type { BoardSize, EditorState, LevelMeta, SquareName, StoredSolution } from './model/level.js';
import type { Symmetry } from './model/symmetry.js';
import type { SolveOptions, SolveResult } from './solver/types.js';
import type { Issue, Result } from './validation/issue.js';
import type { BoardDisplay, DisplayOptions } from './display/glyph.js';
import type { PlayHooks } from './play/hooks.js';

/** The fields every level document has (LEVEL-FORMAT-v1 "Level document"). */
export interface LevelBase {
  format: 'castellan.level';
  version: 1;
  ruleset: string;
  meta: LevelMeta;
  board: BoardSize;
  par?: number;
  solution?: StoredSolution;
  editor?: EditorState;
  draft?: boolean;
}

/**
 * What a proof established about a level, as the proof checks read it
 * (rulesets/proof-checks.ts `proofIssues`: the par, UK-7; the soundness of
 * a "win / mate in N" stipulation, P-1):
 * - `solved`: the proven optimum (single-player) or shortest forced win
 *   (two-player, the attacker's moves), with the first moves achieving it
 *   (`keys`, two-player) when the proof names them;
 * - `limit` / `cancelled`: the solver stopped before a proof either way;
 * - `none`: no proof at hand (a file without a current stored solution).
 */
export type ProofFacts = { status: 'solved'; length: number; keys?: readonly string[] } | { status: 'limit' | 'cancelled' } | { status: 'none' };

/** The answer of a solve entry for a level that breaks a builder rule. */
export interface Invalid {
  status: 'invalid';
  issues: Issue[];
}

/** What every solve entry answers. */
export type SolveAnswer = SolveResult | Invalid;

/** Board size limits of a ruleset (UK-1 3..16, CM-1 1..26, KV-9 odd 5..9, LC-1 8 x 8). */
export interface BoardRule {
  /** Smallest and largest side, squares. */
  min: number;
  max: number;
  /** The ruling that sets the limits (`UK-1`). */
  ruling: string;
  /** Step of the size inputs (2 for odd sides only); default 1. */
  step?: number;
  /** Extra condition on a side (KV-9: odd); default any integer in [min, max]. */
  sideAllowed?(n: number): boolean;
  /** The limits in words for an error ("odd, 5 to 9 squares"). */
  describe: string;
}

/**
 * What a level asks of the solver: a single-player puzzle with a par
 * (UK-7, CM-12), or a two-player problem "win / mate in N" (KV-8, LC-8),
 * whose N lives in the level (`goalMoves`).
 */
export type GoalRule =
  | {
      kind: 'par';
      /** What a solution does, for "no sequence of moves <solves>" (UK-6: "brings the king to the portal"). */
      solves: string;
    }
  | {
      kind: 'in-n';
      /** The word of the goal: "win" (KV-8) or "mate" (LC-8). */
      verb: string;
      /** The ruling that defines the goal ("KV-8"). */
      ruling: string;
      /** N of the level's goal, undefined when it has none (a position to play). */
      goalMoves(level: LevelBase): number | undefined;
      /** The side to move at the level's start (the attacker of the goal; the first move of a chess-style move list). */
      startSide(level: LevelBase): 'white' | 'black';
    };

/**
 * One piece of square-based content: a piece, a wall, a hole, a tile, a
 * stack level... `kind` names it inside its ruleset (the editor's `ItemKind`),
 * `props` holds its fields other than the square (plain JSON).
 */
export interface SquareItem {
  square: SquareName;
  kind: string;
  props: Record<string, unknown>;
}

/**
 * Where a ruleset's squares live: the generic region copy / paste, whole
 * level rotate / mirror and symmetry-aware duplicate detection read and
 * write square content only through this.
 */
export interface SquareFields<L extends LevelBase> {
  /** Every item on the level's board, bottom first. Off-board entries are included (validation reports them). */
  items(level: L): SquareItem[];
  /**
   * The level with its square content replaced by `items` (every other
   * field kept; optional arrays that end up empty keep their absence when
   * they were absent). Items the ruleset cannot hold are dropped.
   */
  withItems(level: L, items: readonly SquareItem[]): L;
  /**
   * Kinds that a region clear never removes (the UK-6 portal: exactly one;
   * a paste moves it only when the clip brings one).
   */
  pinned?: readonly string[];
  /**
   * Moves the level's square-valued fields that are not board content with
   * a board symmetry (`map` sends a square name to its image): the CM-11
   * capture objective, the LC-11 en passant square. Default: none.
   */
  mapOther?(level: L, map: (square: SquareName) => SquareName): L;
  /** Turns an item's directional props with the board (UK-4 / CM-3 pawn facing); default: unchanged. */
  turn?(item: SquareItem, sym: Symmetry, width: number, height: number): SquareItem;
  /**
   * An item copied from ruleset `from` (another ruleset's id) as this
   * ruleset's item, with what the conversion lost, or null to drop it (UK
   * pieces become player pieces in Chess Maze, losing lateral steps).
   * Default (no hook): items of other rulesets are dropped.
   */
  adopt?(item: SquareItem, from: string): AdoptedItem | null;
  /**
   * Why `item` cannot be written into `level` as it is (a paste's note, e.g.
   * "the portal stays there (UK-6)"), or undefined when it can. Default:
   * every item can.
   */
  refuse?(level: L, item: SquareItem): string | undefined;
  /**
   * What writing square content cleared besides the items, as user-facing
   * notes, comparing the level before and after the write (LC-11 / LC-12:
   * castling rights or an en passant square the new board no longer
   * supports). Default: nothing.
   */
  cleared?(before: L, after: L): string[];
}

/** An item converted from another ruleset (`SquareFields.adopt`). */
export interface AdoptedItem {
  item: SquareItem;
  /** What the conversion lost, as a phrase after "Dropped " ("lateral pawn steps (... CM-3)"). */
  lost?: string;
}

/** Options of the play engine (the two-player proof search, KV-8 / LC-8). */
export interface EngineOptions {
  /** Deepest "win in h" searched, in the engine side's moves. */
  horizon?: number;
  /** Nodes all the searches of one choice may use together. */
  maxNodes?: number;
  /** Transposition-table bytes per search. */
  tableBytes?: number;
  /** Wall time all the searches of one choice may use together, ms (default: no time cap). */
  timeMs?: number;
}

/** The engine's choice of one move (plain data: it crosses a worker boundary). */
export interface EngineAnswer {
  lan: string;
  /** SAN when the ruleset writes it (Locking Chess). */
  san?: string;
  /**
   * Why: a forced win (the goal's `verb`: "win" KV-8, "mate" LC-8), the
   * longest defence, a draw, or any legal move (the budget ran out).
   */
  kind: 'win' | 'defend' | 'draw' | 'any';
  /** With `win`: the engine side wins in this many of its moves. */
  winIn?: number;
  /** With `defend`: the opponent wins in this many moves at best (null: not within the horizon). */
  lossIn?: number | null;
  /** Horizon searched. */
  horizon?: number;
  nodes: number;
}

/** A ruleset's play engine: the move it chooses after `moves` (LAN) from the level's start. */
export interface RulesetEngine<L extends LevelBase> {
  move(level: L, moves: readonly string[], opts?: EngineOptions): Result<EngineAnswer, Issue[]>;
}

/**
 * A hint from a position reached in play ("hints in playtest",
 * `castellan hint`), plain data:
 * - `status`: `solvable` (a win / the goal is still reachable), `unsolvable`
 *   (no longer: `lostAt` names the move that made it so), `solved` (the line
 *   already solves), `limit` (the search budget ran out), `invalid` (a move
 *   of the line does not replay: see the issues).
 * - `distance`: single-player: the fewest moves from the position to a
 *   solution (plies); two-player: the attacker's moves of the fastest forced
 *   win from the position (KV-8 / LC-8). null when not `solvable`.
 * - `next`: one optimal next move (LAN) for the side to move, null when none.
 * - `lostAt`: the first move of the line (0-based ply and LAN) after which the
 *   optimum from the start could no longer be reached (the par was lost, or
 *   the level became unsolvable), null when the line is still optimal.
 */
export interface HintAnswer {
  status: 'solvable' | 'unsolvable' | 'solved' | 'limit';
  distance: number | null;
  next: string | null;
  lostAt: { ply: number; move: string; distanceBefore: number; distanceAfter: number | null } | null;
}

/** Budget of one hint (every search it runs together). */
export interface HintOptions {
  maxStates?: number;
  timeMs?: number;
  signal?: { readonly aborted: boolean };
  /**
   * Single-player rulesets: distances to keep across the hints of one line
   * start (src-shared/hint.ts). The caller owns it and uses one per level
   * start; each hint reads the positions it already knows from it and adds
   * the ones its searches prove (every position along each optimal line
   * found), so the hint after a move along a known line needs no search.
   */
  memo?: HintMemo;
}

/** A position's proven distance to the nearest win (Infinity: none) and one optimal next move (LAN, null when none). */
export interface HintMemoEntry {
  distance: number;
  next: string | null;
}

/** Hint distances by position key (see `HintOptions.memo`). */
export type HintMemo = Map<string, HintMemoEntry>;

/**
 * A chess-problem solution tree of a two-player "win / mate in N" problem
 * (KV-8, LC-8), plain data. Moves are LAN; `san` where the ruleset writes
 * SAN (LC-13).
 * - `key`: the first move that forces the win in N (the problem's solution);
 *   `cook`: true when more than one first move does.
 * - `threat`: what the attacker would play next if the defender passed (null
 *   when none or when the rules do not allow a pass to be tested).
 * - `variations`: for each defence, the attacker's answer and, below it, the
 *   next defences, to depth N; a node whose attacker move wins at once has
 *   `mate: true`. `duals`: other attacker moves that win just as fast at
 *   that node (the same number of moves; flagged, chess-problem style);
 *   `slowerWins`: moves that still win within N but more slowly (not duals).
 * - `tries`: first moves that fail to exactly one defence, with that
 *   refutation (none for N = 1), closest first: those after which the
 *   attacker still forces a win in N + 1 (refuted latest), then LAN order.
 */
export interface SolutionTree {
  n: number;
  key: TreeMove;
  keys: string[];
  cook: boolean;
  threat: TreeMove | null;
  variations: TreeDefence[];
  tries: { move: TreeMove; refutation: TreeMove }[];
  /** Nodes searched to build the tree. */
  nodes: number;
  /** The key's forced win, in the attacker's moves (<= n). */
  length?: number;
  /** First moves that also win within n, more slowly than the key (LAN, sorted). */
  slowerKeys?: string[];
  /** Some variations were cut at the tree's size cap (their nodes have `more`). */
  truncated?: boolean;
}

/** One move of a solution tree. */
export interface TreeMove {
  lan: string;
  san?: string;
}

/** A defence and the attacker's answer to it, with what follows. */
export interface TreeDefence {
  defence: TreeMove;
  /** null when the defence leaves no answer needed (the defence itself loses at once, e.g. it is the last move of a won game). */
  answer: TreeMove | null;
  /** The answer wins at once (mate / KV-8 win). */
  mate: boolean;
  duals: TreeMove[];
  /** Other answers that win within N but in more moves than the answer (not duals); omitted when none. */
  slowerWins?: TreeMove[];
  next: TreeDefence[];
  /** The variation goes on below the answer but was not expanded (size cap). */
  more?: boolean;
}

/** What a designer asks a level generator for (`castellan generate`). */
export interface GenerateRequest {
  /** Same seed and options, same levels. */
  seed: number;
  width: number;
  height: number;
  /** The optimal par (or N) wanted, inclusive range. */
  parMin: number;
  parMax: number;
  count: number;
  /** Solver state cap per candidate. */
  maxStates?: number;
  /** Search effort knobs of the generator (mutations per climb, climbs). */
  steps?: number;
  climbs?: number;
  /**
   * Mechanics the level must use, each so that removing it changes the
   * result (Chess Maze: `keys`, `plates`, `transforms`, `coins`, `spell`,
   * `enemies`, `move-limit`). Rulesets without mechanics ignore it.
   */
  mechanics?: string[];
  /** Piece roles the designer allows (`king`, `queen`, `rook`, `bishop`, `knight`, `pawn`); default the ruleset's usual set. */
  pieces?: string[];
  /** Polled between candidates; when aborted the generator returns what it found. */
  signal?: { readonly aborted: boolean };
  /** Called after each candidate: levels found so far and candidates tried. */
  onProgress?: (p: { found: number; tried: number }) => void;
}

/** One generated level with its proven optimum. */
export interface GeneratedLevel<L extends LevelBase = LevelBase> {
  level: L;
  par: number;
  /** States the proof stored. */
  states: number;
  moves: string[];
}

/**
 * A starting document the New dialog offers: an empty board, a rulebook
 * setup (King's Valley, KV-1 / KV-4), a small sample-like level to build on.
 */
export interface LevelStart {
  id: string;
  label: string;
  description: string;
  /** The start's own board size, squares (a setup drawn for one size); absent: any size within `board` (`newLevel(id, size)`). */
  size?: { width: number; height: number };
}

/**
 * What of a ruleset's documents is puzzle content, for the level hash
 * (format/level-hash.ts `levelHash`: a stored solution goes stale exactly
 * when the content changes). A path names a field from the document's top
 * (`walls`, `board.holes`, `objectives.capture`); `[]` steps into every item
 * of a list (`pieces[].facing`, `tiles[].allowed`). Fields no rule names are
 * hashed as they are (keys in any order); the common fields that are not
 * content (`meta`, `editor`, `solution`, `par`, `draft`) are left out for
 * every ruleset.
 *
 * Changing a ruleset's rules changes the hash of its stored levels: treat it
 * like a format change.
 */
export interface LevelHashRules {
  /**
   * Lists whose order is not content, sorted before hashing: `strings` (a
   * set of square or role names; sorted by UTF-16 code units when every item
   * is a string) or `by-square` (pieces, tiles: by each item's `square`, ties
   * by the item's canonical JSON).
   */
  readonly unordered?: Readonly<Record<string, 'strings' | 'by-square'>>;
  /** Fields that are not content (UK-2 cosmetic piece colours, Locking Chess's informational `pieces`): left out. */
  readonly ignored?: readonly string[];
  /**
   * Values that mean the same as the field's absence (UK-4 pawn facing
   * north, an empty wall list, `startingSetup: false`): dropped. Compared
   * once the field's own contents are canonical, so an object whose fields
   * all took their defaults equals a default `{}`.
   */
  readonly defaults?: Readonly<Record<string, null | boolean | number | string | readonly never[] | Readonly<Record<string, never>>>>;
}

/** One ruleset: its rules, as the generic core and editor see them. */
export interface RulesetDef<L extends LevelBase = LevelBase> {
  /** The `ruleset` field of its documents (LEVEL-FORMAT-v1). */
  readonly id: string;
  /** Display name ("Unlock the King"). */
  readonly name: string;
  /** What one document is called ("blueprint", "level", "problem"). */
  readonly noun: string;
  /** One sentence for the New dialog. */
  readonly blurb: string;
  readonly board: BoardRule;
  readonly goal: GoalRule;
  /**
   * The starting documents the New dialog lists, the first one chosen at
   * first; `newLevel(start.id, size)` makes one. Absent: the default only.
   */
  readonly starts?: readonly LevelStart[];
  /**
   * A new document: `start` one of `starts` (default the ruleset's default
   * document); `size` the board of a start without a fixed `size`
   * (ignored by the others; callers keep it within the `board` rule).
   * Never throws.
   */
  newLevel(start?: string, size?: { width: number; height: number }): L;
  /**
   * True when the editor can open `value` as this ruleset's document: the
   * containers it edits have the right shapes (schema errors elsewhere are
   * fine: the validation list reports them).
   */
  isEditable(value: unknown): value is L;
  /** Builder errors and warnings (the ruleset's RULINGS). Never throws. */
  validate(level: L): Issue[];
  /** The optimal solve users get (A* where the ruleset has a heuristic). UK-7: the stored par and solution are ignored. Never throws. */
  solve(level: L, opts?: SolveOptions): SolveAnswer;
  /** The plain BFS reference the optimality tests compare `solve` with (single-player rulesets). */
  solveReference?(level: L, opts?: SolveOptions): SolveAnswer;
  /**
   * Plays `moves` (LAN) from the start: `frames[0]` is the level itself,
   * `frames[k]` the document after k moves. Errors carry `/moves/k`.
   */
  replay(level: L, moves: readonly string[]): Result<L[], Issue[]>;
  /**
   * A line of moves (LAN) from the level's start as people read it in this
   * ruleset (Locking Chess: SAN with check and mate marks, LC-13), one entry
   * per move; moves from the first one that does not replay on stay LAN.
   * Default (no hook): the LAN itself.
   */
  notation?(level: L, line: readonly string[]): string[];
  /**
   * The designer's par against what a proof established (`ProofFacts`: the
   * proven optimum, a solver that stopped at a limit, or no proof at hand),
   * for rulesets whose goal is a par (UK-7 `checkPar`: below the optimum an
   * error, above it a warning, unchecked a warning). Called only through
   * rulesets/proof-checks.ts `proofIssues`, the one place every proof is
   * checked (the save pipeline, validation of a stored proof, the editor's
   * live proof, `solve` / `pack verify`); rulesets without it check no par.
   */
  checkPar?(par: number | undefined, proof: ProofFacts): Issue[];
  /** What of its documents is content for the level hash (`LevelHashRules`); absent: every field but the common non-content ones, as written. */
  readonly hash?: LevelHashRules;
  readonly squares: SquareFields<L>;
  /**
   * Pack duplicate detection also compares the level under the board
   * symmetries its rules allow (UK: "no two alike, rotations and reflections
   * included"); otherwise only identical content (`levelHash`) is alike.
   */
  readonly alikeUnderSymmetry?: boolean;
  /**
   * Whether a board symmetry keeps the level a legal puzzle (LC-1: only the
   * left-right mirror without castling rights). Default: every symmetry.
   */
  symmetryAvailability?(level: L, sym: Symmetry): { ok: true } | { ok: false; reason: string };
  /**
   * The one display model (display/glyph.ts): what the Konva board, the
   * SVG / PNG renderer and the pack PDF draw, the text mirror and the
   * screen-reader labels. Never throws; off-board entries are left out.
   */
  display(level: L, opts?: DisplayOptions): BoardDisplay;
  /**
   * The level's goal and objectives in words, one sentence each, for
   * printed diagrams (the SVG / PNG render, the pack PDF; `displayLevel`
   * adds them to the display as `objectives`): what the player must do,
   * with the numbers and the rulings ("Goal: land a player piece on the
   * finish flag (e4) (CM-11).", "Move limit: win within 12 moves (CM-12).").
   * Default: none. Never throws.
   */
  describeGoal?(level: L): string[];
  /** A seeded generator of proved levels (`castellan generate`), where the ruleset has one. */
  generate?(req: GenerateRequest): GeneratedLevel<L>[];
  /** The mechanics `generate` understands (`GenerateRequest.mechanics`; `--mechanics`, the Suggest dialog); none when absent. */
  readonly generateMechanics?: readonly string[];
  /** The piece roles `generate` may draw from (`GenerateRequest.pieces`; `--pieces`), all of them by default. */
  readonly generatePieces?: readonly string[];
  /**
   * How a level is played move by move (play/hooks.ts): the start position,
   * the legal moves, a move's effect, the outcome, the position as a
   * document, and the ruleset's extras (choices, progress, ceiling, score,
   * sides). The generic play session (play/session.ts) runs on them; absent:
   * the ruleset cannot be played. The play position type is the ruleset's own.
   */
  readonly play?: PlayHooks<L, unknown>;
  /**
   * How its levels read as a board text (format/board-text.ts, the scheme
   * in format/board-text-scheme.ts): a grid of characters with the words
   * for its pieces, tiles and terrain, or one key line holding the position
   * (Locking Chess `LFEN:`, LC-13). Absent: writing or reading its board
   * text answers `board-text-unsupported`; its level codes still work.
   */
  readonly boardText?: BoardTextScheme;
  /** The engine that plays against the user (two-player rulesets). */
  readonly engine?: RulesetEngine<L>;
  /**
   * A hint from the position after `moves` (LAN) from the level's start
   * (see `HintAnswer`). Errors (a move that does not replay) carry `/moves/k`.
   */
  hint?(level: L, moves: readonly string[], opts?: HintOptions): Result<HintAnswer, Issue[]>;
  /** The full solution tree of a two-player problem (KV-8 / LC-8) with a goal; errors when it has none or no win in N. */
  solutionTree?(level: L, opts?: HintOptions): Result<SolutionTree, Issue[]>;
}

// ---------------------------------------------------------------- Board text (RulesetDef.boardText)
// The shapes a ruleset's board-text scheme has; the generic helpers that read and write with them are in
// format/board-text-scheme.ts and format/board-text.ts.

/** One thing on a square, as the level document holds it. */
export type Thing =
  | { kind: 'piece'; value: Record<string, unknown> }
  | { kind: 'tile'; value: Record<string, unknown> }
  /** A terrain square list or single square (`TerrainSpec`), by its word. */
  | { kind: 'terrain'; word: string; spec: TerrainSpec };

/** Where a terrain word's squares live in the document. */
export interface TerrainSpec {
  /** The field: a list of square names, or one square name when `single` is set. */
  field: string;
  /** The field sits in `board` (`board.holes`) rather than at the top level. */
  underBoard?: boolean;
  /** Exactly one square carries it (the UK-6 portal): the field is one square name; another count is the error `code`. */
  single?: { code: string; ruling: string; message(count: number): string };
}

/** An extra line of a ruleset (`Objectives:` / `Rules:`): written from the level, read into its fields. */
export interface ExtraLine {
  key: string;
  /** The line's value for `level`, or undefined when there is nothing to say. */
  write(level: Record<string, unknown>): string | undefined;
  /** Sets the fields the value names on `out`; answers an error sentence when a part is not understood. */
  read(value: string, out: Record<string, unknown>): string | undefined;
}

/** A grid ruleset's board text (module doc). */
export interface GridScheme {
  kind: 'grid';
  /** Default legend: character → square description (`floor`: nothing). */
  defaults: readonly (readonly [string, string])[];
  /** Terrain words and where their squares go. */
  terrain: Readonly<Record<string, TerrainSpec>>;
  describePiece(p: Record<string, unknown>): string;
  parsePiece(words: string[]): Record<string, unknown> | undefined;
  describeTile?(t: Record<string, unknown>): string;
  parseTile?(words: string[]): Record<string, unknown> | undefined;
  extra: readonly ExtraLine[];
  /** Top-level fields the scheme fills besides pieces and terrain (they are not "lost"). */
  fields: readonly string[];
  /** Fills on a document read from a board text what a board typed by hand may leave out (KV-1: white to move). */
  complete?(doc: Record<string, unknown>): void;
}

/** A ruleset whose board text is one key line holding the position (Locking Chess `LFEN:`, LC-13). */
export interface LineScheme {
  kind: 'line';
  /** The line's key as written (`LFEN`); a text without it answers `board-text-<key in lower case>`. */
  key: string;
  /** What the line holds, in words ("position"), for messages. */
  what: string;
  /** The ruling that defines the line's notation (`LC-13`). */
  ruling: string;
  /** Top-level fields the line holds or that are informational and left out on purpose (not "lost"). */
  fields: readonly string[];
  /** The line's value for `level`. */
  write(level: Record<string, unknown>): string;
  /** Sets the fields the value holds on `out`; answers an error sentence when it is not understood. */
  read(value: string, out: Record<string, unknown>): string | undefined;
}

/** The `RulesetDef.boardText` hook. */
export type BoardTextScheme = GridScheme | LineScheme;
