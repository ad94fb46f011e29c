/**
 * Locking Chess "why no mate in N" (LC-8 `refuted`): each first move with a
 * refuting defence, checked independently by replaying it and re-solving.
 */
import { describe, expect, it } from 'vitest';
import type { LockingChessLevel } from '../../../../src-shared/model/level.js';
import { replayMoves, solveLevel } from '../../../../src-shared/rulesets/index.js';

function level(position: string, moves: number): LockingChessLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'locking-chess',
    meta: { title: 'test' },
    board: { width: 8, height: 8 },
    position,
    goal: { type: 'mate-in', moves },
  };
}

describe('LC-8 refuted', () => {
  it('LC-8: two rooks do not mate in 1 (h7/g7 stay free); every first move has a legal defence named', () => {
    const lvl = level('7k/8/8/8/8/8/1R6/R3K3 w - - 0 1', 1);
    const r = solveLevel(lvl);
    expect(r.status).toBe('unsolvable');
    if (r.status !== 'unsolvable') return;
    expect(r.why).toMatchObject({ code: 'refuted', ruling: 'LC-8' });
    const refs = r.why?.refutations ?? [];
    // Every first move is listed, the rook checks Ra8+ and Rb8+ among them (Black answers Kg7 or Kh7).
    expect(refs.map((x) => x.move)).toEqual(expect.arrayContaining(['Ra1-a8', 'Rb2-b8']));
    for (const { move, defence } of refs) {
      expect(defence, move).not.toBe('');
      expect(replayMoves(lvl, [move, defence]).ok, `${move} ${defence}`).toBe(true);
    }
  });

  it('LC-8: king and rook against a king on e8 do not mate in 2; each refutation leaves no mate in 1', () => {
    // The black king has d7/e7/f7 and the 8th rank: one rook move cannot cover them all and the white
    // king on e1 is too far to help within two moves.
    const lvl = level('4k3/8/8/8/8/8/8/R3K3 w - - 0 1', 2);
    const r = solveLevel(lvl);
    expect(r.status).toBe('unsolvable');
    if (r.status !== 'unsolvable') return;
    const refs = r.why?.refutations ?? [];
    // Every legal first move is listed: the king's five from e1 (d1, d2, e2, f1, f2) among them.
    expect(refs.map((x) => x.move)).toEqual(expect.arrayContaining(['Ke1-d1', 'Ke1-d2', 'Ke1-e2', 'Ke1-f1', 'Ke1-f2', 'Ra1-a7']));
    for (const { move, defence } of refs) {
      const frames = replayMoves(lvl, [move, defence]);
      expect(frames.ok, `${move} ${defence}`).toBe(true);
      if (!frames.ok) continue;
      const after = { ...(frames.value[2] as LockingChessLevel), goal: { type: 'mate-in' as const, moves: 1 } };
      expect(solveLevel(after).status, `${move} ${defence}`).toBe('unsolvable');
    }
  });
});
