/**
 * LC-8 "why no mate in N" leads with the tries that come closest and shows
 * their refutation lines (solver/proof/refute.ts), on a back-rank position
 * worked by hand:
 *
 * White Kc1, Ra1, Bd3, Be5; Black Kg8, pawns f7 g7 h7; White to move.
 * 1. Ra8+ is the thematic try: on the 8th rank the rook covers f8 and h8
 * (through g8), the bishop e5 guards g7 and the bishop d3 guards h7, so the
 * king cannot superimpose its own pawns there (an EQUAL stack a free
 * board-level bishop captures, LC-5a, LC-7); it cannot capture or block, and
 * only Kg8-f7* (onto its own free pawn f7, LC-3; nothing attacks f7) gets
 * out: one defence. Every other first move leaves Black at least two moves
 * that do not lose (the quiet ones leave Kf8 and the f-, g- and h-pawn moves;
 * Bxh7+ leaves Kxh7, Kh8, Kf8 and Kf7*).
 */
import { describe, expect, it } from 'vitest';
import type { LockingChessLevel } from '../../../../src-shared/model/level.js';
import { replayMoves, solveLevel } from '../../../../src-shared/rulesets/index.js';

const BACK_RANK = '6k1/5ppp/8/4B3/8/3B4/8/R1K5 w - - 0 1';

function level(moves: number): LockingChessLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'locking-chess',
    meta: { title: 'Back rank' },
    board: { width: 8, height: 8 },
    position: BACK_RANK,
    goal: { type: 'mate-in', moves },
  } as LockingChessLevel;
}

function why(n: number): NonNullable<Extract<ReturnType<typeof solveLevel>, { status: 'unsolvable' }>['why']> {
  const r = solveLevel(level(n));
  expect(r.status).toBe('unsolvable');
  if (r.status !== 'unsolvable' || !r.why) throw new Error('no why');
  return r.why;
}

describe('LC-8 why: the closest tries first', () => {
  it('LC-8 mate in 1: 1. Ra8+ leads, refuted by Kg8-f7* alone; every other first move by two defences or more', () => {
    const w = why(1);
    expect(w.code).toBe('refuted');
    const refs = w.refutations ?? [];
    expect(refs[0]).toMatchObject({ move: 'Ra1-a8', defence: 'Kg8-f7*', defences: 1, line: ['Ra1-a8', 'Kg8-f7*'] });
    expect(refs.slice(1).every((x) => (x.defences ?? 0) >= 2)).toBe(true);
    // The message names it first, not among "and N more first moves".
    expect(w.message).toMatch(/closest first: Ra1-a8 is met by Kg8-f7\* \(the only defence that does\)/);
    expect(w.squares).toEqual(['g8', 'f7']);
  });

  it('LC-8 mate in 2: the closest tries carry their refutation lines (two moves each side), and each line holds: no mate in 1 after its first two moves', () => {
    const w = why(2);
    const refs = w.refutations ?? [];
    expect(refs[0]).toMatchObject({ move: 'Ra1-a8', defence: 'Kg8-f7*', defences: 1 });
    const lined = refs.filter((x) => x.line);
    expect(lined.length).toBeGreaterThan(0);
    for (const x of lined) {
      const line = x.line!;
      expect(line.slice(0, 2)).toEqual([x.move, x.defence]);
      expect(line).toHaveLength(4);
      // The line replays (legal moves, the game goes on), and after the refutation White has no mate in 1 (independent re-solve).
      const frames = replayMoves(level(2), line);
      expect(frames.ok, line.join(' ')).toBe(true);
      if (!frames.ok) continue;
      const after = { ...(frames.value[2] as LockingChessLevel), goal: { type: 'mate-in' as const, moves: 1 } };
      expect(solveLevel(after).status, line.join(' ')).toBe('unsolvable');
    }
    // The message shows the line, not only the one-move reply.
    expect(w.message).toContain(`: ${refs[0]!.line!.join(' ')}`);
  });
});
