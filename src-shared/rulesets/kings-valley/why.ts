/**
 * King's Valley "why no win in N" (KV-8): on an unsolvable answer of
 * `solveKingsValley`, the defence refuting each first move
 * (solver/proof/refute.ts `refutedWhy`, code `refuted`, ruling KV-8).
 */
import type { KingsValleyLevel } from '../../model/level.js';
import type { SolveOptions, SolveResult } from '../../solver/types.js';
import type { Issue } from '../../validation/issue.js';
import { refutedWhy } from '../../solver/proof/refute.js';
import { kvProofGame } from './game.js';
import { compileKingsValley } from './position.js';
import { solveKingsValley } from './solve.js';

/**
 * `solveKingsValley(level, opts)`, with `why` (`refuted`, every first move
 * and its best refuting defence) added to an `unsolvable` answer when the
 * refutation search fits `opts`' caps; other answers unchanged.
 */
export function kvSolveWithWhy(level: KingsValleyLevel, opts: SolveOptions = {}): SolveResult | { status: 'invalid'; issues: Issue[] } {
  const r = solveKingsValley(level, opts);
  const n = level.goal?.moves;
  if (r.status !== 'unsolvable' || typeof n !== 'number') return r;
  const c = compileKingsValley(level);
  if (!c.ok) return r;
  const why = refutedWhy(kvProofGame(c.value), n, { ...opts, provedNodes: r.states }, 'KV-8', 'win');
  return why ? { ...r, why } : r;
}
