/**
 * The stated difficulty measure D = (taggedMovesMin, par, states),
 * lexicographic (src-shared/pack/difficulty.ts), on hand-made metrics.
 */
import { describe, expect, it } from 'vitest';
import { compareDifficulty, difficultyDrops, difficultyLabel, difficultyOf, storedMetricsOf } from '../../../src-shared/pack/difficulty.js';

describe('difficultyOf', () => {
  it('reads unlocking, par and states', () => {
    expect(difficultyOf({ par: 30, states: 900, taggedMovesMin: 12 })).toEqual({ unlocking: 12, tagged: true, par: 30, states: 900 });
  });
  it('without tagged moves it reduces to (par, states) with unlocking 0', () => {
    expect(difficultyOf({ par: 9, states: 40 })).toEqual({ unlocking: 0, tagged: false, par: 9, states: 40 });
  });
  it('has no D without a proven par, or with a malformed one', () => {
    expect(difficultyOf({ states: 40, taggedMovesMin: 3 })).toBeUndefined();
    expect(difficultyOf({ par: -1 })).toBeUndefined();
    expect(difficultyOf({ par: 2.5 })).toBeUndefined();
  });
  it('malformed states / taggedMovesMin are ignored, not trusted', () => {
    expect(difficultyOf({ par: 5, states: -3, taggedMovesMin: 1.5 })).toEqual({ unlocking: 0, tagged: false, par: 5, states: 0 });
  });
});

describe('compareDifficulty: lexicographic', () => {
  const d = (unlocking: number, par: number, states: number) => difficultyOf({ par, states, taggedMovesMin: unlocking })!;
  it('more unlocking is harder even with a much shorter par and fewer states', () => {
    expect(compareDifficulty(d(4, 10, 50), d(3, 40, 100000))).toBeGreaterThan(0);
  });
  it('equal unlocking: the longer par is harder', () => {
    expect(compareDifficulty(d(3, 20, 10), d(3, 21, 5))).toBeLessThan(0);
  });
  it('equal unlocking and par: more states is harder; all equal is 0', () => {
    expect(compareDifficulty(d(3, 20, 11), d(3, 20, 10))).toBeGreaterThan(0);
    expect(compareDifficulty(d(3, 20, 10), d(3, 20, 10))).toBe(0);
  });
  it('a ruleset without tagged moves compares by par, then states', () => {
    expect(compareDifficulty(difficultyOf({ par: 8, states: 1 })!, difficultyOf({ par: 7, states: 999 })!)).toBeGreaterThan(0);
  });
});

describe('difficultyLabel', () => {
  it('names unlocking and par when tagged moves were counted', () => {
    expect(difficultyLabel(difficultyOf({ par: 30, states: 1, taggedMovesMin: 12 })!)).toBe('unlocking 12 · par 30');
  });
  it('names the par alone otherwise', () => {
    expect(difficultyLabel(difficultyOf({ par: 30, states: 1 })!)).toBe('par 30');
  });
});

describe('difficultyDrops', () => {
  it('lists the positions after which the next level is easier, skipping unknown ones', () => {
    const list = [
      difficultyOf({ par: 5, taggedMovesMin: 1 }),
      difficultyOf({ par: 7, taggedMovesMin: 1 }),
      undefined,
      difficultyOf({ par: 4, taggedMovesMin: 1 }), // easier than #2 (par 7)
      difficultyOf({ par: 4, taggedMovesMin: 3 }),
    ];
    expect(difficultyDrops(list)).toEqual([2]);
    expect(difficultyDrops([list[0], list[1], list[4]])).toEqual([]);
  });
});

describe('storedMetricsOf', () => {
  it('keeps the well-formed SolveMetrics fields and rounds branching', () => {
    expect(
      storedMetricsOf({
        expanded: 3,
        generated: 10,
        branching: 10 / 3,
        optimalSolutions: 4,
        optimalSolutionsCapped: false,
        uniqueFirstMove: true,
        taggedMovesMin: 2,
        taggedMovesMax: 2,
      }),
    ).toEqual({
      expanded: 3,
      generated: 10,
      branching: 3.3333,
      optimalSolutions: 4,
      optimalSolutionsCapped: false,
      uniqueFirstMove: true,
      taggedMovesMin: 2,
      taggedMovesMax: 2,
    });
  });
  it('drops fields that are absent or not plain finite counts', () => {
    expect(storedMetricsOf({ expanded: 0, generated: 0, branching: Number.NaN })).toEqual({ expanded: 0, generated: 0 });
  });
});
