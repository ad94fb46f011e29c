import { describe, expect, it } from 'vitest';
import { codexRuleSummary, kingShareOfPar, ukTier, type UkUnlockingRow } from '../../../../src-shared/rulesets/unlock-the-king/codex-rules.js';

/** A row meeting every rule for its number (par 30, 20 non-king moves of 30, boxed). */
const good = (number: number, over: Partial<UkUnlockingRow> = {}): UkUnlockingRow => ({
  number,
  par: 30,
  optimum: 30,
  kingBoxed: true,
  nonKingMin: 20,
  nonKingMax: 20,
  states: 1000,
  optimalSolutions: 5,
  overSet: false,
  ...over,
});

const book = (): UkUnlockingRow[] => Array.from({ length: 50 }, (_, k) => good(k + 1));
const failuresOf = (rows: UkUnlockingRow[], rule: string, dups: number[] = []): number[] =>
  codexRuleSummary(rows, dups).find((v) => v.rule.startsWith(rule))!.failures;

describe('Codex rules (UK-9 tiers, unlocking)', () => {
  it('UK-9: Novice 1-12, Journeyman 13-25, Master 26-37, Grandmaster 38-50; 0 and 51 are errors', () => {
    expect([1, 12, 13, 25, 26, 37, 38, 50].map(ukTier)).toEqual([
      'Novice',
      'Novice',
      'Journeyman',
      'Journeyman',
      'Master',
      'Master',
      'Grandmaster',
      'Grandmaster',
    ]);
    expect(() => ukTier(0)).toThrow(RangeError);
    expect(() => ukTier(51)).toThrow(RangeError);
  });

  it('UK-9: a book meeting every rule holds all of them', () => {
    expect(codexRuleSummary(book(), []).every((v) => v.holds)).toBe(true);
  });

  it('UK-9: tier thresholds 1, 3, 6, 10: a Journeyman with min 2 and a Grandmaster with min 9 fail, a Novice with 1 passes', () => {
    const rows = book();
    rows[0] = good(1, { nonKingMin: 1 });
    rows[12] = good(13, { nonKingMin: 2 });
    rows[37] = good(38, { nonKingMin: 9 });
    expect(failuresOf(rows, 'Novice')).toEqual([]);
    expect(failuresOf(rows, 'Journeyman')).toEqual([13]);
    expect(failuresOf(rows, 'Grandmaster')).toEqual([38]);
  });

  it('king share of par, strict reading = (optimum - min non-king) / par; half or more fails from 13 on only', () => {
    expect(kingShareOfPar(good(5, { optimum: 10, par: 12, nonKingMin: 4, nonKingMax: 8 }))).toBe(0.5);
    const rows = book();
    rows[4] = good(5, { nonKingMin: 10 }); // 20/30 king: Novice, exempt
    rows[20] = good(21, { nonKingMin: 15, nonKingMax: 25 }); // some optimal line walks 15/30 = 1/2: not under half
    rows[21] = good(22, { nonKingMin: 16, nonKingMax: 16 }); // 14/30: under half
    expect(failuresOf(rows, 'king share')).toEqual([21]);
  });

  it('difficulty D = (non-king min, optimum, states) lexicographic: a fall in any leading figure is reported', () => {
    const rows = Array.from({ length: 50 }, (_, k) => good(k + 1, { nonKingMin: 20, optimum: 30, states: 1000 + k }));
    rows[9] = good(10, { nonKingMin: 19, optimum: 39, states: 9999 }); // fewer non-king moves: falls despite more par
    rows[20] = good(21, { nonKingMin: 20, optimum: 30, states: 1 }); // same min and optimum, fewer states: falls
    rows[30] = good(31, { nonKingMin: 21, optimum: 22, states: 1 }); // more non-king moves: rises despite less par
    expect(failuresOf(rows, 'difficulty rises: D')).toEqual([10, 21, 32]);
  });

  it('last ten optima >= 25, boxed king, one physical set (UK-1), duplicates, and a falling optimum are reported by number', () => {
    const rows = book();
    rows[40] = good(41, { optimum: 24 });
    rows[2] = good(3, { kingBoxed: false, overSet: true });
    expect(failuresOf(rows, 'last ten')).toEqual([41]);
    expect(failuresOf(rows, 'king boxed')).toEqual([3]);
    expect(failuresOf(rows, 'every blueprint fits')).toEqual([3]);
    expect(failuresOf(rows, 'no two', [17])).toEqual([17]);
    expect(failuresOf(rows, 'difficulty rises: optimum')).toEqual([41]);
  });
});
