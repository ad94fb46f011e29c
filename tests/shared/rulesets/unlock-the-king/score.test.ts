/** UK-8 scoring and the UK-7 ceiling; every expected total worked out by hand from rulebook 2.7. */
import { describe, expect, it } from 'vitest';
import { scoreUnlockTheKing } from '../../../../src-shared/rulesets/unlock-the-king/index.js';

describe('UK-8 score', () => {
  it('UK-8 at par with a clean run: 1000 + 500 + 300 = 1800', () => {
    expect(scoreUnlockTheKing({ escaped: true, moves: 10, par: 10, undos: 0, resets: 0 }).total).toBe(1800);
  });
  it('UK-8 two over par, clean: 1000 + 0 + 300 - 50 = 1250', () => {
    expect(scoreUnlockTheKing({ escaped: true, moves: 12, par: 10, undos: 0, resets: 0 }).total).toBe(1250);
  });
  it('UK-8 under par with an undo (not competitive): 1000 + 500 = 1500, no penalty move', () => {
    const s = scoreUnlockTheKing({ escaped: true, moves: 8, par: 10, undos: 1, resets: 0 });
    expect(s.total).toBe(1500);
    expect(s.counted).toBe(8);
  });
  it('UK-8 a reset loses the flawless bonus: 1000 + 500 = 1500', () => {
    expect(scoreUnlockTheKing({ escaped: true, moves: 10, par: 10, undos: 0, resets: 1 }).total).toBe(1500);
  });
  it('UK-8 competitive: 9 moves + 2 undos count as 11 -> 1000 + 0 + 0 - 25 = 975', () => {
    const s = scoreUnlockTheKing({ escaped: true, moves: 9, par: 10, undos: 2, resets: 0, competitive: true });
    expect(s.counted).toBe(11);
    expect(s.total).toBe(975);
  });
  it('UK-8 no escape scores 0', () => {
    expect(scoreUnlockTheKing({ escaped: false, moves: 5, par: 10, undos: 0, resets: 0 })).toMatchObject({ total: 0, outcome: 'not-escaped' });
  });
  it('UK-7 exceeding 2 x par fails the attempt even if the king escapes: 21 moves at par 10', () => {
    expect(scoreUnlockTheKing({ escaped: true, moves: 21, par: 10, undos: 0, resets: 0 })).toMatchObject({ total: 0, outcome: 'ceiling' });
    expect(scoreUnlockTheKing({ escaped: true, moves: 20, par: 10, undos: 0, resets: 0 }).total).toBe(1000 + 300 - 250);
  });
});
