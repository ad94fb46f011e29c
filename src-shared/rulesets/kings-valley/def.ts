/**
 * King's Valley as a ruleset module (RULINGS KV-1..KV-9): the two-player
 * sliding game; documents are "win in N" problems (KV-8) proved by the
 * proof search, or positions to play against the engine.
 */
import type { KingsValleyLevel } from '../../model/level.js';
import type { LevelStart, RulesetDef } from '../../ruleset.js';
import { kvEngine } from './engine.js';
import { kvStanding } from './hint.js';
import { hintTwoPlayer, type HintResult } from '../../hint.js';
import { hasBoardAndPieces, isRecord, optionalArray, optionalRecord } from '../editable.js';
import { KV_LABYRINTH_SETUP, KV_RETRIEVE_THE_KING_SETUP, KV_STANDARD_SETUP, kvSetupCopy } from './setups.js';
import { kvReplay } from './solve.js';
import { kvSolveWithWhy } from './why.js';
import { generateKvLevels } from './generate.js';
import { kvSquares } from './squares.js';
import { kvSolutionTree } from './tree.js';
import { kvDisplay } from './display.js';
import { kvObjectives } from './objectives.js';
import { KV_MAX_SIZE, KV_MIN_SIZE, validateKingsValley } from './validate.js';
import { kvPlayHooks } from './play.js';
import { kvBoardText } from './board-text.js';

/** The starting positions New offers (KV-1, KV-4), or an empty board (the default). */
export const KV_STARTS: readonly LevelStart[] = [
  {
    id: 'standard',
    label: 'Standard',
    description: '5 × 5: king and four soldiers on each first row, kings in the middle (KV-4: the first move is a soldier move).',
    size: { width: 5, height: 5 },
  },
  {
    id: 'retrieve',
    label: 'Retrieve the King',
    description: '5 × 5: soldiers as in the standard setup, the kings swapped to the opponent’s row.',
    size: { width: 5, height: 5 },
  },
  { id: 'labyrinth', label: 'Labyrinth', description: '7 × 7: king and six soldiers each, pillars on b3, b5, f3, f5 (KV-1).', size: { width: 7, height: 7 } },
  { id: 'empty', label: 'Empty board', description: 'Nothing on it, at the size you choose (odd sides, KV-9): build a win-in-N problem.' },
];

/**
 * A new King's Valley document:
 * - `standard` / `retrieve` / `labyrinth`: a copy of the rulebook setup
 *   (KV-1 Labyrinth 7 x 7 with pillars; KV-4 `startingSetup: true`, White to
 *   move, no goal: a playable position);
 * - `empty` (default, and any other id): an empty board of `size` (default
 *   5 x 5), White to move, not a starting setup, no goal; the live
 *   validation then asks for one king per side (KV-9).
 */
export function newKvLevel(start = 'empty', size: { width: number; height: number } = { width: 5, height: 5 }): KingsValleyLevel {
  if (start === 'standard') return kvSetupCopy(KV_STANDARD_SETUP);
  if (start === 'retrieve') return kvSetupCopy(KV_RETRIEVE_THE_KING_SETUP);
  if (start === 'labyrinth') return kvSetupCopy(KV_LABYRINTH_SETUP);
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'kings-valley',
    meta: { title: 'Untitled valley' },
    board: { width: size.width, height: size.height },
    pieces: [],
    sideToMove: 'white',
  };
}

export const kingsValley = {
  id: 'kings-valley',
  name: "King's Valley",
  noun: 'problem',
  blurb: 'Two players slide pieces to the edge; bring your king to the centre valley. Win-in-N problems, play against the engine.',
  board: {
    min: KV_MIN_SIZE,
    max: KV_MAX_SIZE,
    ruling: 'KV-9',
    step: 2,
    sideAllowed: (n: number) => n % 2 === 1,
    describe: `odd, ${KV_MIN_SIZE} to ${KV_MAX_SIZE} squares`,
  },
  goal: {
    kind: 'in-n',
    verb: 'win',
    ruling: 'KV-8',
    goalMoves: (l) => (l as KingsValleyLevel).goal?.moves,
    startSide: (l) => ((l as KingsValleyLevel).sideToMove === 'black' ? 'black' : 'white'),
  },
  starts: KV_STARTS,
  newLevel: (start?: string, size?: { width: number; height: number }) => newKvLevel(start, size),
  isEditable: (value: unknown): value is KingsValleyLevel =>
    isRecord(value) &&
    value['ruleset'] === 'kings-valley' &&
    hasBoardAndPieces(value) &&
    optionalArray(value['pillars']) &&
    optionalRecord(value['options']) &&
    optionalRecord(value['goal']),
  // KV-9 builder rules (a missing goal is not an error here: the solve answers `kv-goal-missing`).
  validate: validateKingsValley,
  // KV-8 "win in N" proof search, N = goal.moves; two-player fields keys / keysWithinN / refutations, `unsolvable` = no win in N.
  // KV-8, with why no win in N (why.ts: the defence refuting each first move).
  solve: kvSolveWithWhy,
  // King's Valley: sideToMove switches, startingSetup false after a move; `move-after-game-over` (KV-5..KV-7) after the game ended.
  replay: kvReplay,
  // Seeded positions proved "win in exactly N" with a single key (KV-8), generate.ts.
  generate: generateKvLevels,
  generatePieces: ['king', 'soldier'],
  /** Pillars and pieces in any order; KV-4 and KV-3 are off by default. */
  hash: {
    unordered: { pillars: 'strings', pieces: 'by-square' },
    defaults: { pillars: [], startingSetup: false, options: {}, 'options.soldiersMayStopOnValley': false },
  },
  squares: kvSquares,
  display: kvDisplay,
  // The goal and objectives in words for printed diagrams (objectives.ts).
  describeGoal: kvObjectives,
  // The engine that plays against the user (fastest forced win, KV-8, else the longest defence).
  engine: kvEngine,
  // KV-8 chess-problem solution tree: key, defences and answers to depth N, duals, threat (as if passed), tries.
  solutionTree: kvSolutionTree,
  // Distance = the attacker's moves of the fastest forced win (KV-8), from the engine's proof search.
  hint: (level, moves, opts): HintResult => hintTwoPlayer(kingsValley, level, moves, kvStanding, opts),
  // Play (the generic session, play/session.ts): a game with sides against `engine` (play.ts).
  play: kvPlayHooks,
  boardText: kvBoardText,
} satisfies RulesetDef<KingsValleyLevel>;
