/**
 * The Unlock the King generator (src-shared/rulesets/unlock-the-king/generate.ts):
 * reproducible for a seed, every level within the par range, solvable
 * with that optimum, within one physical set (UK-1: no rules warnings) and
 * no two alike (symmetry included).
 */
import { describe, expect, it } from 'vitest';
import { generateUkLevels, makeRng } from '../../../../src-shared/rulesets/unlock-the-king/generate.js';
import { canonicalKey } from '../../../../src-shared/rulesets/unlock-the-king/symmetry.js';
import { solveLevelReference, validateRules } from '../../../../src-shared/rulesets/index.js';

const opts = { seed: 11, width: 5, height: 5, parMin: 3, parMax: 10, count: 3, climbSteps: 40, maxClimbs: 20, maxStates: 50_000 };

describe('generateUkLevels', () => {
  it('the same seed gives the same levels; another seed other levels', () => {
    const a = generateUkLevels(opts);
    const b = generateUkLevels(opts);
    expect(a.length).toBe(3);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const c = generateUkLevels({ ...opts, seed: 12 });
    expect(JSON.stringify(c.map((g) => g.level))).not.toBe(JSON.stringify(a.map((g) => g.level)));
  });

  it('UK-1: levels are within the par range, proved at that par, buildable with one set, pairwise distinct under symmetry', () => {
    const found = generateUkLevels({ ...opts, seed: 5 });
    const keys = new Set<string>();
    for (const g of found) {
      expect(g.par).toBeGreaterThanOrEqual(3);
      expect(g.par).toBeLessThanOrEqual(10);
      expect(validateRules(g.level)).toEqual([]);
      const r = solveLevelReference(g.level);
      expect(r.status).toBe('solved');
      if (r.status === 'solved') expect(r.length).toBe(g.par);
      keys.add(canonicalKey(g.level));
    }
    expect(keys.size).toBe(found.length);
  });

  it('roles: pieces besides the king are drawn from the chosen roles only', () => {
    const found = generateUkLevels({ ...opts, roles: ['rook', 'pawn'] });
    expect(found.length).toBeGreaterThan(0);
    for (const g of found) for (const p of g.level.pieces.filter((q) => q.role !== 'king')) expect(['rook', 'pawn']).toContain(p.role);
  });

  it('signal: an aborted request returns no level; onProgress reports candidates', () => {
    expect(generateUkLevels({ ...opts, signal: { aborted: true } })).toEqual([]);
    let tried = 0;
    generateUkLevels({ ...opts, count: 1, onProgress: (p) => void (tried = p.tried) });
    expect(tried).toBeGreaterThan(0);
  });

  it('makeRng is deterministic and in [0, 1)', () => {
    const r1 = makeRng(42);
    const r2 = makeRng(42);
    for (let i = 0; i < 100; i++) {
      const x = r1();
      expect(x).toBe(r2());
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});
