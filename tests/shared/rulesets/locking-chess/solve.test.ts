/**
 * "Mate in N" for Locking Chess (any LC-8 win counts as
 * mate), level validation and replay. Positions and lines are hand-worked.
 */
import { describe, expect, it } from 'vitest';
import type { LockingChessLevel } from '../../../../src-shared/model/level.js';
import { lcReplay, solveLockingChess, validateLockingChess } from '../../../../src-shared/rulesets/locking-chess/index.js';

function level(position: string, moves?: number, extra: Partial<LockingChessLevel> = {}): LockingChessLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'locking-chess',
    meta: { title: 'test' },
    board: { width: 8, height: 8 },
    position,
    ...(moves !== undefined ? { goal: { type: 'mate-in', moves } } : {}),
    ...extra,
  };
}

describe('Locking Chess mate in N', () => {
  it('LC-8 lockmate in 1: the top king locks the king that checks it point-blank, the freed pawn attacks it', () => {
    // Every other king move steps down and leaves the black king free with flights.
    expect(solveLockingChess(level('8/8/8/3k4/4(PK)3/8/8/8 w - - 0 1', 1))).toMatchObject({
      status: 'solved',
      length: 1,
      keys: ['Ke4-d5*'],
      moves: ['Ke4-d5*'],
      mateType: 'lockmate',
    });
  });

  it('LC-8 a mate in 1 is found when N is larger (shortest win reported)', () => {
    expect(solveLockingChess(level('8/8/8/3k4/2(BK)5/8/8/8 w - - 0 1', 3))).toMatchObject({
      status: 'solved',
      length: 1,
      keys: ['Kc4-d5*'],
      mateType: 'lockmate',
    });
  });

  it('LC-8 checkmate in 2 with two rooks: 1.Ra7 (or Rb7) Kg8 2.R-8#; no mate in 1', () => {
    // White Ke1 Ra1 Rb2, Black Kh8. No check on the 8th rank mates at once (h7/g7 are free);
    // a rook on the 7th leaves only Kg8, then the other rook mates on the 8th rank.
    const r = solveLockingChess(level('7k/8/8/8/8/8/1R6/R3K3 w - - 0 1', 2));
    expect(r.status).toBe('solved');
    if (r.status !== 'solved') return;
    expect(r.length).toBe(2);
    expect(r.keys).toContain('Ra1-a7');
    expect(r.keys).toContain('Rb2-b7');
    expect(r.moves).toEqual(['Ra1-a7', 'Kh8-g8', 'Rb2-b8']);
    expect((r as { mateType?: string }).mateType).toBe('checkmate');
    expect(solveLockingChess(level('7k/8/8/8/8/8/1R6/R3K3 w - - 0 1', 1)).status).toBe('unsolvable');
  });

  it('LC-8 Black to move: the mirrored lockmate in 1 (Ke5-d4*, the freed pawn e5 attacks d4)', () => {
    expect(solveLockingChess(level('8/8/8/4(pk)3/3K4/8/8/8 b - - 0 1', 1))).toMatchObject({ status: 'solved', keys: ['Ke5-d4*'], mateType: 'lockmate' });
  });

  it('LC-9 a stalemate or lockout is no mate: K v K is unsolvable', () => {
    expect(solveLockingChess(level('4k3/8/8/8/8/8/8/4K3 w - - 0 1', 2)).status).toBe('unsolvable');
  });

  it('invalid levels: builder errors, no goal', () => {
    const bad = solveLockingChess(level('8/8/8/8/8/8/8/4K3 w - - 0 1', 1));
    expect(bad.status === 'invalid' && bad.issues.map((i) => i.code)).toEqual(['lc-king-count']);
    const none = solveLockingChess(level('8/8/8/3k4/4(PK)3/8/8/8 w - - 0 1'));
    expect(none.status === 'invalid' && none.issues.map((i) => i.code)).toEqual(['lc-goal-missing']);
  });
});

describe('validateLockingChess', () => {
  it('a playable position with or without a goal is valid', () => {
    expect(validateLockingChess(level('8/8/8/3k4/4(PK)3/8/8/8 w - - 0 1', 1))).toEqual([]);
    expect(validateLockingChess(level('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'))).toEqual([]);
  });

  it('errors carry the /position pointer and squares', () => {
    const i = validateLockingChess(level('4k3/8/8/8/8/8/8/4R1K1 w - - 0 1', 1));
    expect(i).toMatchObject([{ severity: 'error', code: 'lc-opponent-in-check', pointer: '/position', square: 'e8', ruling: 'LC-7' }]);
    expect(validateLockingChess(level('4k3/8/8/8/8/8/8/R3K3 w - - 0 1', 0)).map((x) => x.code)).toEqual(['lc-goal-moves']);
    expect(validateLockingChess(level('4k3/8/8/8/8/8/8/R3K3 w - - 0 1', 1, { board: { width: 7, height: 8 } })).map((x) => x.code)).toEqual(['lc-board-size']);
  });

  it('warnings: the game is already over; the pieces list disagrees', () => {
    expect(validateLockingChess(level('7k/6Q1/5K2/8/8/8/8/8 b - - 0 1', 1))).toMatchObject([
      { severity: 'warning', code: 'lc-game-over', ruling: 'LC-8', square: 'h8' },
    ]);
    expect(validateLockingChess(level('8/8/8/3k4/4(PK)3/8/8/8 w - - 0 1', 1, { pieces: [{ role: 'king', square: 'e4' }] })).map((x) => x.code)).toEqual([
      'lc-pieces-mismatch',
    ]);
    expect(
      validateLockingChess(
        level('8/8/8/3k4/4(PK)3/8/8/8 w - - 0 1', 1, {
          pieces: [
            { role: 'king', square: 'd5' },
            { role: 'pawn', square: 'e4' },
            { role: 'king', square: 'e4' },
          ],
        }),
      ),
    ).toEqual([]);
  });
});

describe('lcReplay', () => {
  it('updates the informational pieces list when the level has one', () => {
    const r = lcReplay(
      level('8/8/8/3k4/4(PK)3/8/8/8 w - - 0 1', 1, {
        pieces: [
          { role: 'king', square: 'd5' },
          { role: 'pawn', square: 'e4' },
          { role: 'king', square: 'e4' },
        ],
      }),
      ['Kd5*'],
    );
    expect(r.ok && r.value[1]!.pieces).toEqual([
      { role: 'pawn', square: 'e4' },
      { role: 'king', square: 'd5' },
      { role: 'king', square: 'd5' },
    ]);
  });
});
