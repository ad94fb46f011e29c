/**
 * Locking Chess material warnings (validate.ts `materialIssues`, LC-1 orthodox
 * sets, LC-10 promotion), on positions counted by hand: a set has 8 pawns, 1
 * queen, 2 rooks, 2 knights and one bishop per square colour; every piece
 * beyond those is a promoted pawn, so it needs a pawn missing from the 8.
 * Square colours: a1 is dark; f1 (file 6 + rank 1, odd sum) and d3 are light, c1 dark.
 */
import { describe, expect, it } from 'vitest';
import type { LockingChessLevel } from '../../../../src-shared/model/level.js';
import { validateLockingChess } from '../../../../src-shared/rulesets/locking-chess/index.js';

function codes(position: string): [string, string, string[]][] {
  const l = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'locking-chess',
    meta: { title: 'm' },
    board: { width: 8, height: 8 },
    position,
  } as LockingChessLevel;
  return validateLockingChess(l).map((i) => [i.severity, i.code, i.squares ?? []]);
}

describe('LC-1 / LC-10 material warnings', () => {
  it('LC-1 nine black pawns: lc-pawn-count-high with their squares', () => {
    expect(codes('4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1')).toEqual([['warning', 'lc-pawn-count-high', ['a6', 'a7', 'b7', 'c7', 'd7', 'e7', 'f7', 'g7', 'h7']]]);
  });

  it('LC-10 eight pawns and two queens: the second queen needs a promoted pawn, none is missing (lc-material-impossible, the queens named)', () => {
    expect(codes('4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1')).toEqual([['warning', 'lc-material-impossible', ['a1', 'b1']]]);
  });

  it('LC-10 seven pawns and two queens is possible (one pawn promoted); four queens with no pawns too', () => {
    expect(codes('4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1')).toEqual([]);
    expect(codes('4k3/8/8/8/8/8/8/QQQQK3 w - - 0 1')).toEqual([]);
  });

  it('LC-10 two bishops on light squares (f1, d3) with eight pawns are impossible; a light and a dark one (f1, c1) are not', () => {
    expect(codes('4k3/8/8/8/8/3B4/PPPPPPPP/4KB2 w - - 0 1')).toEqual([['warning', 'lc-material-impossible', ['f1', 'd3']]]);
    expect(codes('4k3/8/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1')).toEqual([]);
  });
});
