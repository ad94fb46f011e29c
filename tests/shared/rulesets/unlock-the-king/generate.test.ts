/**
 * The Unlock the King generator (src-shared/rulesets/unlock-the-king/generate.ts):
 * reproducible for a seed, every level within the par range, solvable
 * with that optimum, within one physical set (UK-1: no rules warnings) and
 * no two alike (symmetry included).
 */
import { describe, expect, it } from 'vitest';
import { generateUkLevels, makeRng } from '../../../../src-shared/rulesets/unlock-the-king/generate.js';
import { canonicalKey } from '../../../../src-shared/rulesets/unlock-the-king/symmetry.js';
import { compileUnlockTheKing } from '../../../../src-shared/rulesets/unlock-the-king/position.js';
import { ukSolve } from '../../../../src-shared/rulesets/unlock-the-king/search.js';
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

  it('no king walks: in every level the king alone cannot reach the portal (every solution moves another piece)', () => {
    // Independent check: a king-step BFS (UK-4) over squares that hold no wall and no other piece.
    const kingAloneReaches = (l: (typeof found)[number]['level']): boolean => {
      const { width: w, height: h } = l.board;
      const idx = (sq: string): number => sq.charCodeAt(0) - 97 + (Number(sq.slice(1)) - 1) * w;
      const blocked = new Set([...(l.walls ?? []), ...l.pieces.filter((p) => p.role !== 'king').map((p) => p.square)].map(idx));
      const start = idx(l.pieces.find((p) => p.role === 'king')!.square);
      const goal = idx(l.portal);
      const seen = new Set([start]);
      const queue = [start];
      while (queue.length) {
        const c = queue.shift()!;
        if (c === goal) return true;
        for (let df = -1; df <= 1; df++)
          for (let dr = -1; dr <= 1; dr++) {
            const f = (c % w) + df;
            const r = Math.floor(c / w) + dr;
            const n = f + r * w;
            if (f < 0 || r < 0 || f >= w || r >= h || seen.has(n) || blocked.has(n)) continue;
            seen.add(n);
            queue.push(n);
          }
      }
      return false;
    };
    const found = [...generateUkLevels({ ...opts, seed: 5 }), ...generateUkLevels({ ...opts, seed: 21, width: 8, height: 8, parMin: 4, parMax: 12 })];
    expect(found.length).toBeGreaterThanOrEqual(4);
    for (const g of found) expect(kingAloneReaches(g.level)).toBe(false);
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

  it('unlocking objective: every level needs >= nonKingMin non-king moves in every optimal solution and keeps the strict king share', () => {
    const o = {
      ...opts,
      seed: 3,
      width: 6,
      height: 6,
      parMin: 3,
      parMax: 14,
      count: 3,
      objective: 'unlocking' as const,
      nonKingMin: 3,
      kingShareUnderHalf: true,
    };
    const found = generateUkLevels(o);
    expect(found.length).toBe(3);
    expect(JSON.stringify(generateUkLevels(o))).toBe(JSON.stringify(found));
    for (const g of found) {
      const c = compileUnlockTheKing(g.level);
      if (!c.ok) throw new Error('does not compile');
      // Full counting solve (cap 1000), independent of the generator's cap-1 figure.
      const r = ukSolve(c.value);
      if (r.status !== 'solved') throw new Error('not solved');
      expect(r.length).toBe(g.par);
      expect(r.metrics!.taggedMovesMin).toBeGreaterThanOrEqual(3);
      expect(r.metrics!.taggedMovesMin).toBe(g.nonKingMin);
      // Strict king share: the king makes fewer than half the moves of every optimal solution.
      expect(2 * r.metrics!.taggedMovesMin!).toBeGreaterThan(r.length);
      // The stored line is one optimal solution: its non-king moves are at least the minimum.
      expect(g.moves.filter((m) => !m.startsWith('K')).length).toBeGreaterThanOrEqual(3);
    }
  });
});
