/** The proof search's transposition table: bounds merge, growth, replacement at the cap. */
import { describe, expect, it } from 'vitest';
import { ProofTable } from '../../../../src-shared/solver/proof/index.js';

const ub = (t: ProofTable, slot: number): number => t.bounds[slot]! & 0xfff;
const lb = (t: ProofTable, slot: number): number => (t.bounds[slot]! >>> 12) & 0xfff;

describe('ProofTable', () => {
  it('stores and finds by both key halves; merges bounds (win bound only lowers, no-win bound only rises)', () => {
    const t = new ProofTable(1 << 20, 16);
    expect(t.find(5, 7)).toBe(-1);
    t.store(5, 7, 0, 2, -1); // no win within 2
    const s = t.find(5, 7);
    expect(s).toBeGreaterThanOrEqual(0);
    expect([ub(t, s), lb(t, s), t.best[s]]).toEqual([0, 2, -1]);
    t.store(5, 7, 4, 1, 99); // win within 4; a weaker no-win bound is ignored
    expect([ub(t, s), lb(t, s), t.best[s]]).toEqual([4, 2, 99]);
    t.store(5, 7, 6, 3, -1); // a weaker win bound is ignored; best kept
    expect([ub(t, s), lb(t, s), t.best[s]]).toEqual([4, 3, 99]);
    expect(t.find(5, 8)).toBe(-1); // same low half, other high half
  });

  it('grows while below the byte cap and keeps every entry', () => {
    const t = new ProofTable(1 << 24, 16);
    for (let i = 0; i < 1000; i++) t.store(Math.imul(i, 0x9e3779b1), i, 1 + (i % 7), 0, i);
    expect(t.capacity).toBeGreaterThanOrEqual(1024);
    let found = 0;
    for (let i = 0; i < 1000; i++) {
      const s = t.find(Math.imul(i, 0x9e3779b1), i);
      if (s >= 0 && t.best[s] === i && ub(t, s) === 1 + (i % 7)) found++;
    }
    expect(found).toBe(1000);
  });

  it('at the cap a full bucket replaces its shallowest entry', () => {
    const t = new ProofTable(0, 4096); // a 0-byte cap still allows the minimum of 4096 entries, and no growth
    expect(t.capacity).toBe(4096);
    const bucket0 = (k: number): number => k * 1024; // low 10 bits 0: all in bucket 0 (1024 buckets of 4)
    t.store(bucket0(1), 1, 5, 0, -1);
    t.store(bucket0(2), 2, 1, 0, -1); // the shallowest (max(ub, lb) = 1)
    t.store(bucket0(3), 3, 0, 7, -1);
    t.store(bucket0(4), 4, 3, 0, -1);
    t.store(bucket0(5), 5, 2, 0, -1); // bucket full: replaces the depth-1 entry
    expect(t.find(bucket0(2), 2)).toBe(-1);
    for (const k of [1, 3, 4, 5]) expect(t.find(bucket0(k), k)).toBeGreaterThanOrEqual(0);
    expect(t.capacity).toBe(4096);
  });
});
