/**
 * The optimal solve of a level document with the informed engine:
 * Unlock the King through `ukSolve` (A*, canonical identical pieces,
 * king-distance heuristic) and Chess Maze through `cmSolve` (A*, relaxed
 * distance heuristic, CM-12 move limit), both with the difficulty metrics;
 * every other ruleset through rules/index.ts `solveLevel`.
 *
 * rules/index.ts `solveLevel` keeps plain BFS for Unlock the King and Chess
 * Maze on purpose: it is the reference the A* optimality tests compare
 * against. Everything that proves levels for users uses this one: the solve
 * worker (src-main/services/solve-worker.ts: the CLI, the save pipeline, the
 * host pool behind the editor's live badge and Solve panel) and the
 * renderer's fallback Web Worker (src-renderer/solver.worker.ts).
 */
import type { Level } from '../model/level.js';
import type { Issue } from '../validation/issue.js';
import { compileChessMaze } from '../rules/chess-maze/position.js';
import { cmSolve } from '../rules/chess-maze/search.js';
import { solveLevel } from '../rules/index.js';
import { compileUnlockTheKing } from '../rules/unlock-the-king/position.js';
import { ukSolve } from '../rules/unlock-the-king/search.js';
import type { SolveOptions, SolveResult } from './types.js';

/**
 * Optimal solve of `level` (see the file comment). Answers
 * `{status: 'invalid', issues}` (the builder errors) for a level that breaks
 * its ruleset's builder rules or whose ruleset is not implemented. UK-7: the
 * stored par and solution are ignored. `opts.countSolutions` (default 1000,
 * 0 = off) caps the optimal-solution count in `metrics`. Never throws for
 * bad input.
 */
export function solveLevelOptimal(level: Level, opts: SolveOptions = {}): SolveResult | { status: 'invalid'; issues: Issue[] } {
  if (level.ruleset === 'unlock-the-king') {
    const c = compileUnlockTheKing(level);
    if (!c.ok) return { status: 'invalid', issues: c.error };
    return ukSolve(c.value, opts);
  }
  if (level.ruleset === 'chess-maze') {
    const c = compileChessMaze(level);
    if (!c.ok) return { status: 'invalid', issues: c.error };
    return cmSolve(c.value, opts);
  }
  return solveLevel(level, opts);
}
