/**
 * Locking Chess solution trees ("mate in N": any LC-8 win), chess-problem
 * style: the generic builder of solver/proof/tree.ts over the Locking Chess
 * proof game, every move also in SAN with check and mate marks (LC-13).
 *
 * Threat (orthodox problem convention; chess has no pass): the position
 * after the key with the defender's turn skipped (side to move switched
 * back, no en passant square, LC-11), tested only when the defender is not
 * in check after the key: a checking key has no threat (null). The threat
 * search ignores the repetition history.
 */
import type { LockingChessLevel } from '../../model/level.js';
import type { HintOptions, SolutionTree } from '../../ruleset.js';
import { MAX_PROOF_MOVES } from '../../solver/proof/search.js';
import { proofTreeResult } from '../../solver/proof/tree.js';
import type { ProofGame } from '../../solver/proof/types.js';
import { issue, type Issue, type Result } from '../../validation/issue.js';
import { LcGame } from './game.js';
import { lcMoveToSan } from './notation.js';
import { compileLockingChess } from './validate.js';

/**
 * The solution tree of the level's "mate in N" (N = `goal.moves`), moves in
 * LAN with `san`. Errors: the position's errors (LC-1, LC-13),
 * `lc-goal-missing` (LC-8: no goal or no whole N >= 1), `tree-no-win` (no
 * forced mate in N), `tree-limit` (N > 4000, or `opts.maxStates` nodes
 * (default 5,000,000) or `opts.timeMs` ran out), `tree-cancelled`
 * (`opts.signal`). Never throws.
 */
export function lcSolutionTree(level: LockingChessLevel, opts: HintOptions = {}): Result<SolutionTree, Issue[]> {
  const compiled = compileLockingChess(level);
  if (!compiled.ok) return compiled;
  const goal = (level as { goal?: { type?: unknown; moves?: unknown } }).goal;
  const n = goal?.moves;
  if (goal?.type !== 'mate-in' || typeof n !== 'number' || !Number.isInteger(n) || n < 1) {
    return {
      ok: false,
      error: [issue('error', 'lc-goal-missing', 'The level has no "mate in N" goal to build a solution tree for.', { ruling: 'LC-8', pointer: '/goal' })],
    };
  }
  if (n > MAX_PROOF_MOVES)
    return { ok: false, error: [issue('error', 'tree-limit', `A solution tree goes to at most ${MAX_PROOF_MOVES} moves.`, { pointer: '/goal' })] };
  return proofTreeResult(
    new LcGame(compiled.value),
    n,
    opts,
    { verb: 'mate', ruling: 'LC-8' },
    {
      san: (game: ProofGame, move: number) => lcMoveToSan((game as LcGame).pos, move),
      passed: (game: ProofGame) => {
        const pos = (game as LcGame).pos;
        if (pos.isInCheck(pos.side)) return null;
        const fields = pos.lfen().split(' ');
        fields[1] = fields[1] === 'w' ? 'b' : 'w';
        fields[3] = '-';
        const passed = compileLockingChess({ ...level, position: fields.join(' ') });
        return passed.ok ? new LcGame(passed.value) : null;
      },
    },
  );
}
