/**
 * What a number field accepts and why it refuses a text (widgets/number-text.ts),
 * with the board sizes a user tried (0, -1, 2, 99, 1e3) under UK-1 (3..16)
 * and KV-9 (odd, 5..9).
 */
import { describe, expect, it } from 'vitest';
import { rangeText, readWholeNumber } from '../../src-renderer/widgets/number-text.js';

const UK_SIDE = { min: 3, max: 16 };
const KV_SIDE = { min: 5, max: 9, accept: (n: number) => (n % 2 === 1 ? null : `${n} is not allowed`) };

describe('readWholeNumber', () => {
  it('UK-1 refuses 0, -1, 2, 99 and 1e3 with a reason each; accepts 3 and 16', () => {
    const reasons = ['0', '-1', '2', '99', '1e3'].map((t) => {
      const r = readWholeNumber(t, UK_SIDE);
      return r.ok ? 'accepted' : r.reason;
    });
    expect(reasons).toEqual(['0 is below 3', '"-1" is not a whole number', '2 is below 3', '99 is above 16', '"1e3" is not a whole number']);
    expect(readWholeNumber(' 3 ', UK_SIDE)).toEqual({ ok: true, value: 3 });
    expect(readWholeNumber('16', UK_SIDE)).toEqual({ ok: true, value: 16 });
  });

  it('KV-9 an even side in range is refused by the extra condition', () => {
    expect(readWholeNumber('6', KV_SIDE)).toEqual({ ok: false, reason: '6 is not allowed' });
    expect(readWholeNumber('7', KV_SIDE)).toEqual({ ok: true, value: 7 });
  });

  it('empty text is "none" only where allowed; a number past the safe range is refused, not rounded', () => {
    expect(readWholeNumber('', { min: 1, allowEmpty: true })).toEqual({ ok: true, value: undefined });
    expect(readWholeNumber('', { min: 1 })).toEqual({ ok: false, reason: 'a value is required' });
    const big = readWholeNumber('99999999999999999999', { min: 1 });
    expect(big.ok ? '' : big.reason).toContain('at most 9007199254740991');
  });

  it('the range shown next to the field', () => {
    expect(rangeText(UK_SIDE)).toBe('3–16');
    expect(rangeText({ min: 1 })).toBe('1 or more');
  });
});
