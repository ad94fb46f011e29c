/**
 * Unlock the King as a ruleset module (RULINGS UK-1..UK-9): the rulebook's
 * chess-piece sliding-block puzzle. Solved by A* (`ukSolve`: canonical
 * identical pieces, blocker-aware king distance); plain BFS is the
 * reference the optimality tests compare with.
 */
import { ROLES, type Role, type UnlockTheKingLevel } from '../../model/level.js';
import { solveBfs } from '../../solver/bfs.js';
import type { LevelStart, RulesetDef } from '../../ruleset.js';
import { hasBoardAndPieces, isRecord } from '../editable.js';
import { compileUnlockTheKing } from './position.js';
import { generateUkLevels } from './generate.js';
import { ukReplay } from './replay.js';
import { ukFrameSolved, ukLearn, ukPlacementKey } from './hint.js';
import { ukSquares } from './squares.js';
import { ukDisplay } from './display.js';
import { ukObjectives } from './objectives.js';
import { kingCanReachPortal, ukSearchProblem, ukSolve } from './search.js';
import { ukUnsolvableWhy } from './frozen.js';
import { UK_MAX_SIZE, UK_MIN_SIZE, ukCheckPar, validateUnlockTheKing } from './validate.js';
import { framesSolver, hintSinglePlayer, type HintResult } from '../../hint.js';
import { ukPlay } from './play.js';
import { ukBoardText } from './board-text.js';

/**
 * A new blueprint: `size` (default 8 x 8, UK-1), an ivory king on the
 * middle of the bottom row and the portal on the middle of the top row
 * (e1 and e8 on 8 x 8), nothing else.
 */
export function newUkLevel(title = 'Untitled blueprint', size: { width: number; height: number } = { width: 8, height: 8 }): UnlockTheKingLevel {
  const file = String.fromCharCode(97 + Math.floor(size.width / 2));
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title },
    board: { width: size.width, height: size.height },
    walls: [],
    portal: `${file}${size.height}`,
    pieces: [{ role: 'king', square: `${file}1`, color: 'ivory' }],
  };
}

/**
 * "Boxed king" (6 x 6), a small sample-like blueprint to build on: the king
 * in the a1 corner behind two pawns and an obsidian bishop, walls c4 d4,
 * the portal in the far corner f6. Proved optimal in 7 moves (Bb2-c3, then
 * the king walks Ka1-b2-c2-d3-e4-e5-f6).
 */
export function ukStarter(): UnlockTheKingLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'Boxed king' },
    board: { width: 6, height: 6 },
    walls: ['c4', 'd4'],
    portal: 'f6',
    pieces: [
      { role: 'king', square: 'a1', color: 'ivory' },
      { role: 'pawn', square: 'a2', color: 'ivory', facing: 'north' },
      { role: 'pawn', square: 'b1', color: 'ivory', facing: 'east' },
      { role: 'bishop', square: 'b2', color: 'obsidian' },
      { role: 'rook', square: 'f3', color: 'obsidian' },
      { role: 'knight', square: 'e6', color: 'ivory' },
    ],
  };
}

/** The New dialog's starts (RulesetDef.starts): the empty board, then the sample-like starter. */
export const UK_STARTS: readonly LevelStart[] = [
  { id: 'empty', label: 'Empty board', description: 'The king on the bottom row and the portal on the top row, nothing else, at the size you choose.' },
  {
    id: 'starter',
    label: 'Boxed king',
    description: '6 × 6: the king boxed in at a1 by two pawns and a bishop, the portal at f6 (par 7): a sample to build on.',
    size: { width: 6, height: 6 },
  },
];

export const unlockTheKing = {
  id: 'unlock-the-king',
  name: 'Unlock the King',
  noun: 'blueprint',
  blurb: 'Slide pieces out of the way until the king reaches the portal. No captures.',
  board: { min: UK_MIN_SIZE, max: UK_MAX_SIZE, ruling: 'UK-1', describe: `${UK_MIN_SIZE} to ${UK_MAX_SIZE} squares` },
  goal: { kind: 'par', solves: 'brings the king to the portal' },
  starts: UK_STARTS,
  newLevel: (start?: string, size?: { width: number; height: number }) => (start === 'starter' ? ukStarter() : newUkLevel(undefined, size)),
  isEditable: (value: unknown): value is UnlockTheKingLevel =>
    isRecord(value) && value['ruleset'] === 'unlock-the-king' && hasBoardAndPieces(value) && (value['walls'] === undefined || Array.isArray(value['walls'])),
  validate: validateUnlockTheKing,
  solve(level, opts) {
    const c = compileUnlockTheKing(level);
    if (!c.ok) return { status: 'invalid', issues: c.error };
    // Why unsolvable, before any search (frozen.ts): walls and provably
    // immovable pieces sealing the king off the portal (UK-4..UK-6).
    const why = ukUnsolvableWhy(c.value);
    return why ? { status: 'unsolvable', states: 1, why } : ukSolve(c.value, opts);
  },
  solveReference(level, opts) {
    const c = compileUnlockTheKing(level);
    if (!c.ok) return { status: 'invalid', issues: c.error };
    // Walls never move and nothing is captured (UK-4, UK-5): a portal outside
    // the king's wall-free region is a proof of unsolvability without search.
    if (!kingCanReachPortal(c.value)) return { status: 'unsolvable', states: 1 };
    return solveBfs(ukSearchProblem(c.value), opts);
  },
  replay: ukReplay,
  checkPar: ukCheckPar,
  /** Walls and pieces in any order; UK-2 colours are cosmetic; UK-4 pawns face north and step straight by default. */
  hash: {
    unordered: { walls: 'strings', pieces: 'by-square' },
    ignored: ['pieces[].color'],
    defaults: { walls: [], 'pieces[].facing': 'north', 'pieces[].lateral': false },
  },
  squares: ukSquares,
  alikeUnderSymmetry: true,
  // Seeded placement within one physical set (UK-1), optimal solve, hill climbing towards a longer par.
  generate: (req) =>
    generateUkLevels({
      seed: req.seed,
      width: req.width,
      height: req.height,
      parMin: req.parMin,
      parMax: req.parMax,
      count: req.count,
      maxStates: req.maxStates,
      climbSteps: req.steps,
      maxClimbs: req.climbs,
      ...(req.pieces ? { roles: req.pieces.filter((r): r is Role => (ROLES as readonly string[]).includes(r) && r !== 'king') } : {}),
      ...(req.signal ? { signal: req.signal } : {}),
      ...(req.onProgress ? { onProgress: req.onProgress } : {}),
    }),
  generatePieces: ROLES.filter((r) => r !== 'king'),
  display: ukDisplay,
  // The goal and objectives in words for printed diagrams (objectives.ts).
  describeGoal: ukObjectives,
  // Replay frames are whole positions (UK-4..UK-6): each is solved with the optimal solve.
  hint: (level, moves, opts): HintResult => {
    const frames = framesSolver(unlockTheKing, level, ukFrameSolved);
    return hintSinglePlayer({ ...frames, key: ukPlacementKey, learn: (frame, o, note) => ukLearn(frame, o, note, frames.solve) }, moves, opts);
  },
  // Play (the generic session, play/session.ts): moves, the UK-7 ceiling, the UK-8 score (play.ts).
  play: ukPlay,
  boardText: ukBoardText,
} satisfies RulesetDef<UnlockTheKingLevel>;
