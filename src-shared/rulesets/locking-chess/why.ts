/**
 * Locking Chess "why no mate in N" (LC-8): on an unsolvable answer of
 * `solveLockingChess`, the defence refuting each first move
 * (solver/proof/refute.ts `refutedWhy`, code `refuted`, ruling LC-8).
 */
import type { LockingChessLevel } from '../../model/level.js';
import type { SolveOptions } from '../../solver/types.js';
import type { Issue } from '../../validation/issue.js';
import { refutedWhy } from '../../solver/proof/refute.js';
import { LcGame } from './game.js';
import { solveLockingChess, type LcSolveResult } from './solve.js';
import { compileLockingChess } from './validate.js';

/**
 * `solveLockingChess(level, opts)`, with `why` (`refuted`, every first move
 * and its best refuting defence, LAN) added to an `unsolvable` answer when
 * the refutation search fits `opts`' caps; other answers unchanged.
 */
export function lcSolveWithWhy(level: LockingChessLevel, opts: SolveOptions = {}): LcSolveResult | { status: 'invalid'; issues: Issue[] } {
  const r = solveLockingChess(level, opts);
  const n = (level as { goal?: { moves?: unknown } }).goal?.moves;
  if (r.status !== 'unsolvable' || typeof n !== 'number') return r;
  const c = compileLockingChess(level);
  if (!c.ok) return r;
  const why = refutedWhy(new LcGame(c.value), n, { ...opts, provedNodes: r.states }, 'LC-8', 'mate');
  return why ? { ...r, why } : r;
}
