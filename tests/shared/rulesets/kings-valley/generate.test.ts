/**
 * The King's Valley generator (src-shared/rulesets/kings-valley/generate.ts):
 * reproducible for a seed; every problem passes KV-9 with no warning and,
 * re-proved here, is a win in exactly N (KV-8: solved at N with one key,
 * and no win in N - 1) with N in the asked range.
 */
import { describe, expect, it } from 'vitest';
import { kingsValley } from '../../../../src-shared/rulesets/kings-valley/def.js';
import { generateKvLevels } from '../../../../src-shared/rulesets/kings-valley/generate.js';

const base = { seed: 2, width: 5, height: 5, parMin: 2, parMax: 2, count: 2, maxStates: 100_000 };

describe('generateKvLevels', () => {
  it('the same seed gives the same problems; another seed other problems', () => {
    const a = generateKvLevels(base);
    expect(a.length).toBe(2);
    expect(JSON.stringify(generateKvLevels(base))).toBe(JSON.stringify(a));
    expect(JSON.stringify(generateKvLevels({ ...base, seed: 3 }).map((g) => g.level))).not.toBe(JSON.stringify(a.map((g) => g.level)));
  });

  for (const n of [1, 2, 3]) {
    it(`KV-8: win in exactly ${n} with a single key (re-proved${n > 1 ? `; no win in ${n - 1}` : ''})`, () => {
      const found = generateKvLevels({ ...base, seed: 10 + n, parMin: n, parMax: n });
      expect(found.length).toBe(2);
      for (const g of found) {
        expect(kingsValley.validate(g.level)).toEqual([]);
        expect(g.level.goal).toEqual({ type: 'win-in', moves: n });
        expect(g.level.startingSetup).not.toBe(true);
        const r = kingsValley.solve(g.level);
        expect(r.status).toBe('solved');
        if (r.status !== 'solved') continue;
        expect(r.length).toBe(n);
        expect(r.keys).toHaveLength(1);
        expect(r.keysWithinN).toHaveLength(1);
        if (n > 1) expect(kingsValley.solve({ ...g.level, goal: { type: 'win-in', moves: n - 1 } }).status).toBe('unsolvable');
      }
    });
  }

  it('KV-1: a 7 x 7 board is honoured', () => {
    const found = generateKvLevels({ ...base, width: 7, height: 7, parMin: 1, parMax: 2, count: 1 });
    expect(found.length).toBe(1);
    expect(found[0]!.level.board).toEqual({ width: 7, height: 7 });
    expect(kingsValley.validate(found[0]!.level)).toEqual([]);
  });

  it('pieces without soldier: only the two kings are placed', () => {
    const found = generateKvLevels({ ...base, parMin: 1, parMax: 2, count: 1, pieces: ['king'] });
    expect(found.length).toBe(1);
    expect(found[0]!.level.pieces.map((p) => p.role)).toEqual(['king', 'king']);
    expect(kingsValley.solve(found[0]!.level).status).toBe('solved');
  });

  it('signal: an aborted request returns no problem; onProgress reports candidates', () => {
    expect(generateKvLevels({ ...base, signal: { aborted: true } })).toEqual([]);
    let tried = 0;
    generateKvLevels({ ...base, count: 1, onProgress: (p) => void (tried = p.tried) });
    expect(tried).toBeGreaterThan(0);
  });
});
