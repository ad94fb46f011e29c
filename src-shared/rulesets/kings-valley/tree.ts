/**
 * King's Valley solution trees (KV-8 "win in N", chess-problem style): the
 * generic builder of solver/proof/tree.ts over the King's Valley proof game.
 *
 * Threat (KV-8 has no pass: "Players may not pass their turn"): the
 * position after the key with the side to move switched back to the
 * attacker, as if the defender had passed; KV-6 applies to it as to any
 * position (an attacker king trapped there has no threat). The threat
 * search ignores the repetition history (KV-7).
 */
import type { KingsValleyLevel } from '../../model/level.js';
import type { HintOptions, SolutionTree } from '../../ruleset.js';
import { MAX_PROOF_MOVES } from '../../solver/proof/search.js';
import { proofTreeResult } from '../../solver/proof/tree.js';
import { issue, type Issue, type Result } from '../../validation/issue.js';
import { kvProofGame } from './game.js';
import { compileKingsValley } from './position.js';
import { kvReplay } from './solve.js';

/**
 * The solution tree of the level's "win in N" (N = `goal.moves`), moves in
 * LAN (`Sa1-a4`). Errors: the builder errors (KV-9), `kv-goal-missing`
 * (KV-8: no goal), `tree-no-win` (no forced win in N), `tree-limit` (N >
 * 4000, or `opts.maxStates` nodes (default 5,000,000) or `opts.timeMs` ran
 * out), `tree-cancelled` (`opts.signal`). Never throws.
 */
export function kvSolutionTree(level: KingsValleyLevel, opts: HintOptions = {}): Result<SolutionTree, Issue[]> {
  const compiled = compileKingsValley(level);
  if (!compiled.ok) return compiled;
  const n = level.goal?.moves;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) {
    return {
      ok: false,
      error: [issue('error', 'kv-goal-missing', 'The level has no "win in N" goal to build a solution tree for.', { ruling: 'KV-8', pointer: '/goal' })],
    };
  }
  if (n > MAX_PROOF_MOVES)
    return { ok: false, error: [issue('error', 'tree-limit', `A solution tree goes to at most ${MAX_PROOF_MOVES} moves.`, { pointer: '/goal' })] };
  return proofTreeResult(
    kvProofGame(compiled.value),
    n,
    opts,
    { verb: 'win', ruling: 'KV-8' },
    {
      passed: (_game, key) => {
        const frames = kvReplay(level, [key]);
        if (!frames.ok) return null;
        const after = frames.value[1]!;
        const passed = compileKingsValley({ ...after, sideToMove: after.sideToMove === 'white' ? 'black' : 'white' });
        return passed.ok ? kvProofGame(passed.value) : null;
      },
    },
  );
}
