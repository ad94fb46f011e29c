/**
 * Unlock the King as a ruleset module (RULINGS UK-1..UK-9): the rulebook's
 * chess-piece sliding-block puzzle. Solved by A* (`ukSolve`: canonical
 * identical pieces, blocker-aware king distance); plain BFS is the
 * reference the optimality tests compare with.
 */
import { ROLES, type Role, type UnlockTheKingLevel } from '../../model/level.js';
import { solveBfs } from '../../solver/bfs.js';
import type { RulesetDef } from '../../ruleset.js';
import { hasBoardAndPieces, isRecord } from '../editable.js';
import { compileUnlockTheKing } from './position.js';
import { generateUkLevels } from './generate.js';
import { ukReplay } from './replay.js';
import { ukFrameSolved, ukLearn, ukPlacementKey } from './hint.js';
import { ukSquares } from './squares.js';
import { ukDisplay } from './display.js';
import { kingCanReachPortal, ukSearchProblem, ukSolve } from './search.js';
import { ukUnsolvableWhy } from './frozen.js';
import { UK_MAX_SIZE, UK_MIN_SIZE, checkPar, validateUnlockTheKing } from './validate.js';
import { framesSolver, hintSinglePlayer, type HintResult } from '../../hint.js';

/** A new blueprint: 8 x 8 (UK-1 default), ivory king on e1, portal on e8. */
export function newUkLevel(title = 'Untitled blueprint'): UnlockTheKingLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title },
    board: { width: 8, height: 8 },
    walls: [],
    portal: 'e8',
    pieces: [{ role: 'king', square: 'e1', color: 'ivory' }],
  };
}

export const unlockTheKing = {
  id: 'unlock-the-king',
  name: 'Unlock the King',
  noun: 'blueprint',
  blurb: 'Slide pieces out of the way until the king reaches the portal. No captures.',
  board: { min: UK_MIN_SIZE, max: UK_MAX_SIZE, ruling: 'UK-1', describe: `${UK_MIN_SIZE} to ${UK_MAX_SIZE} squares` },
  goal: { kind: 'par', solves: 'brings the king to the portal' },
  newLevel: () => newUkLevel(),
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
  checkStoredPar: (par, optimum) => checkPar(par, optimum, 'solved'),
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
  // Replay frames are whole positions (UK-4..UK-6): each is solved with the optimal solve.
  hint: (level, moves, opts): HintResult => {
    const frames = framesSolver(unlockTheKing, level, ukFrameSolved);
    return hintSinglePlayer({ ...frames, key: ukPlacementKey, learn: (frame, o, note) => ukLearn(frame, o, note, frames.solve) }, moves, opts);
  },
} satisfies RulesetDef<UnlockTheKingLevel>;
