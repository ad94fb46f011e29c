/**
 * The Codex builder's assembly (src-shared/rulesets/unlock-the-king/codex-build.ts):
 * UK-9 tier minima, the strict king share from 13 on, the last ten optima
 * >= 25, D = (non-king min, optimum, states) rising, near copies refused.
 */
import { describe, expect, it } from 'vitest';
import type { UnlockTheKingLevel } from '../../../../src-shared/model/level.js';
import {
  CODEX_NAMES,
  assembleCodex,
  compareDifficulty,
  fitsNumber,
  nearCopy,
  placementDifference,
  type CodexCandidate,
} from '../../../../src-shared/rulesets/unlock-the-king/codex-build.js';

const level = (walls: string[] = []): UnlockTheKingLevel => ({
  format: 'castellan.level',
  version: 1,
  ruleset: 'unlock-the-king',
  meta: { title: 't' },
  board: { width: 8, height: 8 },
  walls,
  portal: 'h8',
  pieces: [{ role: 'king', square: 'a1', color: 'ivory' }],
});
let serial = 0;
const cand = (nonKingMin: number, optimum: number, states = 100, over: Partial<CodexCandidate> = {}): CodexCandidate => ({
  level: level(),
  key: `k${String(serial++).padStart(4, '0')}`,
  optimum,
  nonKingMin,
  states,
  kingBoxed: true,
  ...over,
});

describe('Codex assembly', () => {
  it('UK-9: tier minima 1 / 3 / 6 / 10 by number, strict king share from 13, last ten optimum >= 25, boxed king', () => {
    expect(fitsNumber(cand(1, 9), 12)).toBe(true); // Novice: share exempt
    expect(fitsNumber(cand(0, 3), 1)).toBe(false);
    expect(fitsNumber(cand(3, 5), 13)).toBe(true); // 2*3 > 5
    expect(fitsNumber(cand(3, 6), 13)).toBe(false); // the king makes half the moves of some optimal line
    expect(fitsNumber(cand(5, 9), 26)).toBe(false); // Master needs 6
    expect(fitsNumber(cand(9, 17), 38)).toBe(false); // Grandmaster needs 10
    expect(fitsNumber(cand(12, 23), 40)).toBe(true);
    expect(fitsNumber(cand(12, 23), 41)).toBe(false); // last ten: optimum >= 25
    expect(fitsNumber(cand(13, 25), 50)).toBe(true);
    expect(fitsNumber(cand(13, 25, 100, { kingBoxed: false }), 50)).toBe(false);
  });

  it('D compares non-king min, then optimum, then states', () => {
    expect(compareDifficulty(cand(2, 30), cand(3, 5))).toBeLessThan(0);
    expect(compareDifficulty(cand(3, 6), cand(3, 5))).toBeGreaterThan(0);
    expect(compareDifficulty(cand(3, 5, 10), cand(3, 5, 11))).toBeLessThan(0);
  });

  it('assembles 50 that each fit their number, in strictly rising D; runs short with a codex-short error', () => {
    const pool: CodexCandidate[] = [];
    for (let i = 0; i < 30; i++) pool.push(cand(1 + (i % 2), 4 + i, i)); // Novice material
    for (let i = 0; i < 30; i++) pool.push(cand(5, 8, 1000 + i)); // Journeyman / Master minimum 5 < 6: Journeyman only
    for (let i = 0; i < 20; i++) pool.push(cand(8, 12, 2000 + i)); // Master
    for (let i = 0; i < 20; i++) pool.push(cand(20, 30, 3000 + i)); // Grandmaster, optimum >= 25
    const book = assembleCodex(pool, 0);
    expect(book).toHaveLength(50);
    book.forEach((c, k) => expect(fitsNumber(c, k + 1)).toBe(true));
    for (let k = 1; k < 50; k++) expect(compareDifficulty(book[k - 1]!, book[k]!)).toBeLessThan(0);
    const few = pool.filter((c) => c.nonKingMin < 20).concat(pool.filter((c) => c.nonKingMin === 20).slice(0, 9));
    expect(() => assembleCodex(few, 0)).toThrow(/codex-short/);
  });

  it('near copies: the same optimal line, or fewer than minDiff placements apart under the 8 symmetries', () => {
    const a = cand(3, 5, 1, { moves: ['Ra1-a2', 'Ka1-b2'] });
    const b = cand(3, 5, 2, { moves: ['Ra1-a2', 'Ka1-b2'], level: level(['c3', 'd4', 'e5', 'f6', 'g7']) });
    expect(nearCopy(a, b, 0)).toBe(true);
    // The mirror image along the a1-h8 diagonal is the same blueprint: 0 placements apart.
    expect(placementDifference(level(['b1']), level(['a2']))).toBe(0);
    expect(placementDifference(level(['b1', 'c1']), level(['b1', 'd1']))).toBe(2);
    expect(nearCopy(cand(3, 5, 1, { level: level(['b1', 'c1']) }), cand(3, 5, 2, { level: level(['b1', 'd1']) }), 3)).toBe(true);
    expect(nearCopy(cand(3, 5, 1, { level: level(['b1', 'c1']) }), cand(3, 5, 2, { level: level(['b1', 'd1']) }), 2)).toBe(false);
  });

  it('50 distinct real names', () => {
    expect(new Set(CODEX_NAMES).size).toBe(50);
  });
});
