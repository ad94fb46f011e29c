/**
 * The Locking Chess generator (src-shared/rulesets/locking-chess/generate.ts):
 * reproducible for a seed; every problem is a legal position (LFEN, LC-13:
 * no builder error or warning) and, re-proved here, a mate in exactly N
 * (LC-8: solved at N with one key, and no mate in N - 1).
 */
import { describe, expect, it } from 'vitest';
import { lockingChess } from '../../../../src-shared/rulesets/locking-chess/def.js';
import { generateLcLevels } from '../../../../src-shared/rulesets/locking-chess/generate.js';

const base = { seed: 1, width: 8, height: 8, parMin: 1, parMax: 1, count: 2, maxStates: 40_000 };

describe('generateLcLevels', () => {
  it('the same seed gives the same problems; another seed other problems', () => {
    const a = generateLcLevels(base);
    expect(a.length).toBe(2);
    expect(JSON.stringify(generateLcLevels(base))).toBe(JSON.stringify(a));
    expect(JSON.stringify(generateLcLevels({ ...base, seed: 2 }).map((g) => g.level))).not.toBe(JSON.stringify(a.map((g) => g.level)));
  });

  for (const n of [1, 2]) {
    it(`LC-8, LC-13: a legal position with mate in exactly ${n} and a single key (re-proved${n > 1 ? `; no mate in ${n - 1}` : ''})`, () => {
      const found = generateLcLevels({ ...base, seed: 20 + n, parMin: n, parMax: n });
      expect(found.length).toBe(2);
      for (const g of found) {
        expect(lockingChess.validate(g.level)).toEqual([]);
        expect(g.level.goal).toEqual({ type: 'mate-in', moves: n });
        const r = lockingChess.solve(g.level);
        expect(r.status).toBe('solved');
        if (r.status !== 'solved') continue;
        expect(r.length).toBe(n);
        expect(r.keys).toHaveLength(1);
        expect(r.keysWithinN).toHaveLength(1);
        if (n > 1) expect(lockingChess.solve({ ...g.level, goal: { type: 'mate-in', moves: n - 1 } }).status).toBe('unsolvable');
      }
    });
  }

  it('pieces: White has only the chosen roles besides its king', () => {
    const found = generateLcLevels({ ...base, pieces: ['rook'] });
    expect(found.length).toBe(2);
    for (const g of found) {
      const white = g.level.position.split(' ')[0]!.replace(/[^A-Z]/g, '');
      expect(white.replace('K', '')).toMatch(/^R+$/);
    }
  });

  it('signal: an aborted request returns no problem', () => {
    expect(generateLcLevels({ ...base, signal: { aborted: true } })).toEqual([]);
  });
});
