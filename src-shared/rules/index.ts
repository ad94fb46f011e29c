/**
 * Ruleset dispatch: validation, solving and replay for any level document.
 * Unlock the King, Chess Maze, King's Valley and Locking Chess are
 * implemented; an unknown ruleset answers an error issue `ruleset-unsupported`.
 */
import type { ChessMazeLevel, Level, UnlockTheKingLevel } from '../model/level.js';
import { indexToSquare, squareIndex } from '../model/square.js';
import { issue, type Issue, type Result } from '../validation/issue.js';
import type { SolveOptions, SolveResult } from '../solver/types.js';
import { solveBfs } from '../solver/bfs.js';
import { checkLevelObject } from '../format/load.js';
import { checkStoredSolution } from '../validation/stored-solution.js';
import {
  applyMove,
  compileUnlockTheKing,
  isSolved,
  kingCanReachPortal,
  parseLan,
  ukSearchProblem,
  validateUnlockTheKing,
} from './unlock-the-king/index.js';
import { cmSearchProblem, cmStateToLevel, compileChessMaze, replayStates, validateChessMaze } from './chess-maze/index.js';
import { kvReplay, solveKingsValley, validateKingsValley } from './kings-valley/index.js';
import { lcReplay, solveLockingChess, validateLockingChess } from './locking-chess/index.js';

function unsupported(ruleset: unknown): Issue {
  return issue('error', 'ruleset-unsupported', `${String(ruleset)} rules are not implemented yet`, { pointer: '/ruleset' });
}

/**
 * Builder errors and warnings of the level's ruleset (Unlock the King:
 * `validateUnlockTheKing`; Chess Maze: `validateChessMaze`). Other
 * rulesets: one error `ruleset-unsupported`. Never throws.
 */
export function validateRules(level: Level): Issue[] {
  switch (level.ruleset) {
    case 'unlock-the-king':
      return validateUnlockTheKing(level);
    case 'chess-maze':
      return validateChessMaze(level);
    case 'kings-valley':
      // KV-9 builder rules (a missing goal is not an error here: see solveLevel).
      return validateKingsValley(level);
    case 'locking-chess':
      // LC-1..LC-13: LFEN syntax and playability, goal (a missing goal is a playable position).
      return validateLockingChess(level);
    default:
      return [unsupported((level as { ruleset?: unknown }).ruleset)];
  }
}

/**
 * Schema check (format/load.ts `checkLevelObject`: migrate + schema), then
 * the ruleset's builder rules. `level` is present when the schema check
 * passed (even if the rules report errors); `issues` holds the schema
 * errors, or else the rules' errors and warnings. Never throws.
 */
export function validateDocument(value: unknown): { level?: Level; issues: Issue[] } {
  const loaded = checkLevelObject(value);
  if (!loaded.ok) return { issues: loaded.error };
  return { level: loaded.value, issues: [...validateRules(loaded.value), ...checkStoredSolution(loaded.value)] };
}

/**
 * Optimal solve of a level with the BFS engine (solver/bfs.ts). Answers
 * `{status:'invalid', issues}` (issues = the errors of `validateRules`) when
 * the level breaks a builder rule or its ruleset is not implemented.
 * Ignores the stored par and solution (UK-7). Chess Maze: the move limit
 * (CM-12) prunes the search, so a level whose optimum exceeds it is
 * `unsolvable`. Never throws.
 */
export function solveLevel(level: Level, opts?: SolveOptions): SolveResult | { status: 'invalid'; issues: Issue[] } {
  if (level.ruleset === 'chess-maze') {
    // CM-12: the move limit is applied inside the search (depth pruning).
    const cm = compileChessMaze(level);
    if (!cm.ok) return { status: 'invalid', issues: cm.error };
    return solveBfs(cmSearchProblem(cm.value), opts);
  }
  if (level.ruleset === 'kings-valley') {
    // KV-8 "win in N" proof search, N = goal.moves (`kv-goal-missing` without a goal);
    // two-player fields keys / keysWithinN / refutations, `unsolvable` = no win in N.
    return solveKingsValley(level, opts);
  }
  if (level.ruleset === 'locking-chess') {
    // "Mate in N" (any LC-8 win) proof search, N = goal.moves (`lc-goal-missing` without a goal);
    // two-player fields keys / keysWithinN / refutations, plus `mateType`.
    return solveLockingChess(level, opts);
  }
  if (level.ruleset !== 'unlock-the-king') {
    return { status: 'invalid', issues: [unsupported((level as { ruleset?: unknown }).ruleset)] };
  }
  const compiled = compileUnlockTheKing(level);
  if (!compiled.ok) return { status: 'invalid', issues: compiled.error };
  // Walls never move and nothing is captured (UK-4, UK-5): a portal outside
  // the king's wall-free region is a proof of unsolvability without search.
  if (!kingCanReachPortal(compiled.value)) return { status: 'unsolvable', states: 1 };
  return solveBfs(ukSearchProblem(compiled.value), opts);
}

/**
 * Plays `moves` (LAN) from the level's start. `frames[0]` is the level
 * itself, `frames[k]` the document after k moves (same fields, `pieces`
 * with the moved piece's square updated). Errors, each with the move's
 * index in `pointer` (`/moves/k`):
 * - the level's own builder errors (or `ruleset-unsupported`);
 * - `move-illegal` (UK-4/UK-5, CM-3): move k is malformed or not legal
 *   there (`squares` = its from square when well-formed);
 * - `move-after-solved` (UK-6, CM-11): a move after the level was solved;
 * - Chess Maze only: `move-after-failed` (CM-13) a move after the attempt
 *   failed (misspelled, move limit, dead end).
 * Chess Maze frames: pieces moved, captured enemies removed, transformed
 * pieces with their new role; tiles unchanged, collected ones included (a
 * document view; the playtest UI uses chess-maze `replayStates`).
 * Never throws.
 */
export function replayMoves(level: Level, moves: string[]): Result<Level[], Issue[]> {
  if (level.ruleset === 'chess-maze') return replayChessMaze(level, moves);
  // King's Valley: sideToMove switches, startingSetup false after a move;
  // `move-after-game-over` (KV-5..KV-7) after the game ended.
  if (level.ruleset === 'kings-valley') return kvReplay(level, moves);
  // Locking Chess: `position` = the LFEN after k moves; `move-after-game-over` (LC-8, LC-9).
  if (level.ruleset === 'locking-chess') return lcReplay(level, moves);
  if (level.ruleset !== 'unlock-the-king') {
    return { ok: false, error: [unsupported((level as { ruleset?: unknown }).ruleset)] };
  }
  const compiled = compileUnlockTheKing(level);
  if (!compiled.ok) return { ok: false, error: compiled.error };
  let pos = compiled.value;
  let doc: UnlockTheKingLevel = level;
  const frames: Level[] = [level];
  for (let k = 0; k < moves.length; k++) {
    const lan = moves[k];
    if (isSolved(pos)) {
      return {
        ok: false,
        error: [
          issue('error', 'move-after-solved', `Move ${k + 1} (${String(lan)}) comes after the king already reached the portal.`, {
            pointer: `/moves/${k}`,
            ruling: 'UK-6',
          }),
        ],
      };
    }
    const mv = typeof lan === 'string' ? parseLan(pos, lan) : undefined;
    if (!mv) {
      const fromName = typeof lan === 'string' ? /^[A-Z]([a-z][1-9][0-9]?)/.exec(lan)?.[1] : undefined;
      const squares = fromName !== undefined && squareIndex(fromName, pos.width, pos.height) >= 0 ? [fromName] : [];
      return {
        ok: false,
        error: [
          issue('error', 'move-illegal', `Move ${k + 1} (${String(lan)}) is not a legal move in this position.`, {
            pointer: `/moves/${k}`,
            ruling: 'UK-4',
            squares,
          }),
        ],
      };
    }
    pos = applyMove(pos, mv);
    const pieces = doc.pieces.slice();
    pieces[mv.piece] = { ...pieces[mv.piece]!, square: indexToSquare(mv.to, pos.width) };
    doc = { ...doc, pieces };
    frames.push(doc);
  }
  return { ok: true, value: frames };
}

/** Chess Maze branch of `replayMoves`: document views of `replayStates`. */
function replayChessMaze(level: ChessMazeLevel, moves: string[]): Result<Level[], Issue[]> {
  const r = replayStates(level, moves);
  if (!r.ok) return r;
  const { position, states } = r.value;
  return { ok: true, value: states.map((s, k) => (k === 0 ? level : cmStateToLevel(level, position, s))) };
}
