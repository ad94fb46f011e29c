/**
 * Chess Maze as a ruleset module (RULINGS CM-1..CM-15): a single-player
 * maze of holes, locks, keys, plates, transform squares and collectibles.
 * Solved by A* (`cmSolve`: relaxed distance heuristic, the CM-12 move
 * limit prunes the search); plain BFS is the reference of the tests.
 */
import { ROLES, type ChessMazeLevel } from '../../model/level.js';
import { solveBfs } from '../../solver/bfs.js';
import { checkParAgainst } from '../par-check.js';
import type { LevelStart, RulesetDef } from '../../ruleset.js';
import { hasBoardAndPieces, isRecord, optionalArray, optionalRecord } from '../editable.js';
import { compileChessMaze } from './position.js';
import { cmReplay } from './replay.js';
import { cmHint } from './hint.js';
import { cmSearchProblem } from './search.js';
import { cmSolveWithWhy } from './why.js';
import { CM_MECHANICS, generateCmLevels } from './generate.js';
import { cmSquares } from './squares.js';
import { cmDisplay } from './display.js';
import { cmObjectives } from './objectives.js';
import { CM_MAX_SIZE, CM_MIN_SIZE, validateChessMaze } from './validate.js';
import { cmPlayHooks } from './play.js';
import { cmBoardText } from './board-text.js';

/**
 * A new Chess Maze level: an empty floor of `size` (default 6 x 6, CM-1)
 * with no pieces and no tiles. The live validation then asks for a player
 * piece and a finish (CM-14), which the designer places.
 */
export function newCmLevel(title = 'Untitled maze', size: { width: number; height: number } = { width: 6, height: 6 }): ChessMazeLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'chess-maze',
    meta: { title },
    board: { width: size.width, height: size.height },
    pieces: [],
    tiles: [],
  };
}

/**
 * "Key and door" (6 x 6), a small sample-like maze to build on: a player
 * rook on a1, a wall of holes down the d-file with a red lock on d3 as its
 * door (CM-4, CM-7), the red key on a6 (CM-5) and the finish on f6 (CM-11).
 * Proved optimal in 4 moves: Ra1-a6 (the key), Ra6-a3, Ra3-f3, Rf3-f6.
 */
export function cmStarter(): ChessMazeLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'chess-maze',
    meta: { title: 'Key and door' },
    board: { width: 6, height: 6, holes: ['d1', 'd2', 'd4', 'd5', 'd6'] },
    pieces: [{ role: 'rook', square: 'a1', side: 'player' }],
    tiles: [
      { kind: 'key', square: 'a6', color: 'red' },
      { kind: 'lock', square: 'd3', color: 'red' },
      { kind: 'finish', square: 'f6' },
    ],
  };
}

/** The New dialog's starts (RulesetDef.starts): the empty floor, then the sample-like starter. */
export const CM_STARTS: readonly LevelStart[] = [
  { id: 'empty', label: 'Empty floor', description: 'No pieces, no tiles, at the size you choose: place a player piece and the finish.' },
  {
    id: 'starter',
    label: 'Key and door',
    description: '6 × 6: a rook, a wall of holes with a red lock as its door, the key and the finish (par 4): a sample to build on.',
    size: { width: 6, height: 6 },
  },
];

export const chessMaze = {
  id: 'chess-maze',
  name: 'Chess Maze',
  noun: 'level',
  blurb: 'Reach the flag through holes, locks, keys, plates and transforms; collect coins, spell words.',
  board: { min: CM_MIN_SIZE, max: CM_MAX_SIZE, ruling: 'CM-1', describe: `${CM_MIN_SIZE} to ${CM_MAX_SIZE} squares` },
  goal: { kind: 'par', solves: 'wins the level (finish with its objectives, within the move limit)' },
  starts: CM_STARTS,
  newLevel: (start?: string, size?: { width: number; height: number }) => (start === 'starter' ? cmStarter() : newCmLevel(undefined, size)),
  isEditable: (value: unknown): value is ChessMazeLevel =>
    isRecord(value) &&
    value['ruleset'] === 'chess-maze' &&
    hasBoardAndPieces(value) &&
    optionalArray((value['board'] as Record<string, unknown>)['holes']) &&
    optionalArray(value['tiles']) &&
    optionalRecord(value['objectives']),
  validate: validateChessMaze,
  solve(level, opts) {
    const c = compileChessMaze(level);
    // Why unsolvable (why.ts): never-open locks, unreachable targets, the move limit, dead ends.
    return c.ok ? cmSolveWithWhy(c.value, opts) : { status: 'invalid', issues: c.error };
  },
  solveReference(level, opts) {
    // CM-12: the move limit is applied inside the search (depth pruning).
    const c = compileChessMaze(level);
    return c.ok ? solveBfs(cmSearchProblem(c.value), opts) : { status: 'invalid', issues: c.error };
  },
  replay: cmReplay,
  // The designer's par against the proof, read as for Unlock the King (below the optimum an error, above it a
  // warning): the par is what a Chess Maze playtest compares a win with. Codes `cm-par-*`.
  checkPar: (par, proof) => checkParAgainst(par, proof, { prefix: 'cm' }),
  // Seeded construction, optimal solve, hill climbing on the par and on the chosen mechanics that matter (generate.ts).
  generate: generateCmLevels,
  generateMechanics: CM_MECHANICS,
  generatePieces: ROLES,
  /** Holes, pieces, tiles, CM-10 transform types and CM-11 capture targets in any order; CM-3 pawns face north by default; no collect objective and no targets are no objectives. */
  hash: {
    unordered: { 'board.holes': 'strings', pieces: 'by-square', tiles: 'by-square', 'tiles[].allowed': 'strings', 'objectives.capture': 'strings' },
    defaults: { 'board.holes': [], 'pieces[].facing': 'north', tiles: [], objectives: {}, 'objectives.collect': false, 'objectives.capture': [] },
  },
  squares: cmSquares,
  display: cmDisplay,
  // The goal and objectives in words for printed diagrams (objectives.ts).
  describeGoal: cmObjectives,
  // Solved from the replayed play state (keys, pick-ups, move counter: CM-5, CM-8, CM-9, CM-12).
  hint: cmHint,
  // Play (the generic session, play/session.ts): transforms, keys, plates, pick-ups, failures (play.ts).
  play: cmPlayHooks,
  boardText: cmBoardText,
} satisfies RulesetDef<ChessMazeLevel>;
