/**
 * Locking Chess as a ruleset module (RULINGS LC-1..LC-13): chess where
 * pieces stack; documents are "mate / lockmate in N" problems (any LC-8
 * win) proved by the proof search, or positions to play against the engine.
 */
import type { LockingChessLevel } from '../../model/level.js';
import type { LevelStart, RulesetDef } from '../../ruleset.js';
import { lcEngine } from './engine.js';
import { lcStanding } from './hint.js';
import { hintTwoPlayer, type HintResult } from '../../hint.js';
import { isRecord } from '../editable.js';
import { LC_START_LFEN, parseLfenFields } from './lfen.js';
import { lcLineSan, lcReplay } from './solve.js';
import { lcSolveWithWhy } from './why.js';
import { LC_DEFAULT_ROLES, generateLcLevels } from './generate.js';
import { lcSquares } from './squares.js';
import { lcSolutionTree } from './tree.js';
import { lcDisplay } from './display.js';
import { lcObjectives } from './objectives.js';
import { validateLockingChess } from './validate.js';
import { lcPlayHooks } from './play.js';
import { lcBoardText } from './board-text.js';

/** A new Locking Chess document: the standard start position (LC-1), no goal (a position to play). */
export function newLcLevel(title = 'Untitled locking problem'): LockingChessLevel {
  return { format: 'castellan.level', version: 1, ruleset: 'locking-chess', meta: { title }, board: { width: 8, height: 8 }, position: LC_START_LFEN };
}

/**
 * A sample-like problem to build on: White Kg4 and a bishop riding on its
 * pawn on e6, Black Kd7; "lockmate in 1" (LC-8): any bishop move uncovers
 * the pawn's check, only Bxd7-like landing on the king locks it in place
 * (the "Bishop Drop" sample).
 */
export function lcStarter(): LockingChessLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'locking-chess',
    meta: { title: 'Lockmate in 1' },
    board: { width: 8, height: 8 },
    position: '8/3k4/4(PB)3/8/6K1/8/8/8 w - - 0 1',
    goal: { type: 'mate-in', moves: 1 },
  };
}

/** The New dialog's starts (RulesetDef.starts): the standard position, then a sample-like problem (LC-1: every start is 8 x 8). */
export const LC_STARTS: readonly LevelStart[] = [
  { id: 'initial', label: 'Initial position', description: 'The standard chess start (LC-1), no goal: set up a problem from it or play it.' },
  { id: 'starter', label: 'Lockmate in 1', description: 'A bishop riding on its pawn next to the black king: a "lockmate in 1" sample to build on (LC-8).' },
];

export const lockingChess = {
  id: 'locking-chess',
  name: 'Locking Chess',
  noun: 'problem',
  blurb: 'Chess where pieces stack: superimpose, lock, lockmate. Mate-in-N problems from an LFEN, play against the engine.',
  board: { min: 8, max: 8, ruling: 'LC-1', describe: '8 × 8 (orthodox chess)' },
  goal: {
    kind: 'in-n',
    verb: 'mate',
    ruling: 'LC-8',
    goalMoves: (l) => (l as LockingChessLevel).goal?.moves,
    // The LFEN's side to move (LC-13); White when the position does not parse.
    startSide: (l) => {
      const r = parseLfenFields(String((l as LockingChessLevel).position));
      return r.ok && r.value.side === 1 ? 'black' : 'white';
    },
  },
  starts: LC_STARTS,
  newLevel: (start?: string) => (start === 'starter' ? lcStarter() : newLcLevel()),
  isEditable: (value: unknown): value is LockingChessLevel =>
    isRecord(value) && value['ruleset'] === 'locking-chess' && typeof value['position'] === 'string' && isRecord(value['meta']) && isRecord(value['board']),
  // LC-1..LC-13: LFEN syntax and playability, goal (a missing goal is a playable position).
  validate: validateLockingChess,
  // "Mate in N" (any LC-8 win) proof search, N = goal.moves (`lc-goal-missing` without a goal); plus `mateType`.
  // LC-8, with why no mate in N (why.ts: the defence refuting each first move).
  solve: lcSolveWithWhy,
  // `position` = the LFEN after k moves; `move-after-game-over` (LC-8, LC-9).
  replay: lcReplay,
  // Seeded legal positions (LFEN, LC-13) proved "mate in exactly N" with a single key (LC-8), generate.ts.
  generate: generateLcLevels,
  generatePieces: LC_DEFAULT_ROLES,
  // LC-13: lines shown in SAN (`Qc8#`).
  notation: lcLineSan,
  /** The position (LFEN, LC-13) is the content; `pieces` only restates it. */
  hash: { ignored: ['pieces'] },
  squares: lcSquares,
  // LC-13: stacks, lock marks and the side to move read from the LFEN.
  display: lcDisplay,
  // The goal and objectives in words for printed diagrams (objectives.ts).
  describeGoal: lcObjectives,
  // The engine that plays against the user (fastest forced mate, LC-8, else the longest defence).
  engine: lcEngine,
  // LC-8 chess-problem solution tree in LAN + SAN: key, defences and answers to depth N, duals, threat, tries.
  solutionTree: lcSolutionTree,
  // Distance = the attacker's moves of the fastest forced mate (LC-8), from the engine's proof search.
  hint: (level, moves, opts): HintResult => hintTwoPlayer(lockingChess, level, moves, lcStanding, opts),
  /**
   * Orthodox chess (LC-1) is not symmetric: pawns move towards the opponent
   * and promote on the last rank, and castling (LC-12) needs the king and
   * rook on their home squares. Only the left-right mirror keeps the puzzle
   * legal, and only without castling rights.
   */
  symmetryAvailability(level, sym) {
    if (sym.name === 'identity') return { ok: true };
    if (sym.name !== 'flipH') {
      return { ok: false, reason: 'Locking Chess is orthodox chess (LC-1): pawns move towards the opponent, so only a left-right mirror keeps the puzzle' };
    }
    const r = parseLfenFields(level.position);
    if (!r.ok) return { ok: false, reason: 'The position (LFEN, LC-13) does not parse' };
    if (r.value.castling !== 0)
      return { ok: false, reason: 'Castling rights (LC-12) need the king and rooks on their home squares: a mirrored position would lose them' };
    return { ok: true };
  },
  // Play (the generic session, play/session.ts): a game with sides against `engine`, choices, SAN (play.ts).
  play: lcPlayHooks,
  boardText: lcBoardText,
} satisfies RulesetDef<LockingChessLevel>;
