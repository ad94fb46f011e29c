import { describe, expect, it } from 'vitest';
import { count, nounFor } from '../../../src-shared/display/count.js';

describe('counts in words (English plural rules)', () => {
  it('exactly one takes the singular, every other count the plural (0 included)', () => {
    expect(count(1, 'state')).toBe('1 state');
    expect(count(0, 'state')).toBe('0 states');
    expect(count(2, 'move')).toBe('2 moves');
    expect(count(1, 'position')).toBe('1 position');
  });
  it('groups thousands with commas and takes an irregular plural', () => {
    expect(count(20_000_000, 'state')).toBe('20,000,000 states');
    expect(count(3, 'box', 'boxes')).toBe('3 boxes');
    expect(nounFor(1, 'level')).toBe('level');
    expect(nounFor(12, 'level')).toBe('levels');
  });
});
