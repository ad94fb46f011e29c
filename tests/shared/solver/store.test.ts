/**
 * solver/store.ts: the open-list stack (run-length encoded, exact LIFO) and
 * the state store (find/insert, growth, caps) against simple references.
 */
import { describe, expect, it } from 'vitest';
import { IntStack, STORE_FULL, StateStore, hashWords } from '../../../src-shared/solver/store.js';

describe('IntStack', () => {
  it('pops exactly what a plain array would, in LIFO order, runs of consecutive values included', () => {
    const s = new IntStack();
    const ref: number[] = [];
    let x = 7;
    for (let i = 0; i < 200_000; i++) {
      x = (Math.imul(x, 1103515245) + 12345) | 0;
      if ((x >>> 16) % 3 !== 0 || ref.length === 0) {
        const top = ref[ref.length - 1];
        const pickRun = (x >>> 20) % 6;
        const v = top !== undefined && pickRun === 0 ? top + 1 : top !== undefined && top > 0 && pickRun === 1 ? top - 1 : (x >>> 8) & 0xffff;
        expect(s.push(v, () => 1e12)).toBe(true);
        ref.push(v);
      } else {
        expect(s.pop()).toBe(ref.pop());
      }
      expect(s.size).toBe(ref.length);
    }
    while (ref.length > 0) expect(s.pop()).toBe(ref.pop());
    expect(s.size).toBe(0);
  });

  it('a run of consecutive values costs one entry: 100,000 of them fit in the first page, ascending or descending', () => {
    const s = new IntStack();
    for (let v = 1000; v < 101_000; v++) s.push(v, () => 1e12);
    for (let v = 500_000; v > 400_000; v--) s.push(v, () => 1e12);
    expect(s.size).toBe(200_000);
    expect(s.bytes).toBe(256 * 4);
    expect(s.pop()).toBe(400_001);
    expect(s.pop()).toBe(400_002);
  });

  it('refuses a page beyond the byte budget', () => {
    const s = new IntStack();
    expect(s.push(5, () => 100)).toBe(false);
    expect(s.size).toBe(0);
  });
});

describe('StateStore', () => {
  it('stores distinct states once, finds them again after many growths, and stops at maxStates', () => {
    const st = new StateStore(2, 50_000, 1e9);
    const buf = new Int32Array(2);
    for (let i = 0; i < 40_000; i++) {
      buf[0] = i * 7;
      buf[1] = -i;
      expect(st.findOrInsert(buf, 0, hashWords(buf, 0, 2))).toBe(i);
    }
    for (let i = 0; i < 40_000; i += 997) {
      buf[0] = i * 7;
      buf[1] = -i;
      expect(st.find(buf, 0, hashWords(buf, 0, 2))).toBe(i);
    }
    buf[0] = 1;
    buf[1] = 1;
    expect(st.find(buf, 0, hashWords(buf, 0, 2))).toBe(-1);
    for (let i = 40_000; i < 50_000; i++) {
      buf[0] = i * 7;
      buf[1] = -i;
      st.findOrInsert(buf, 0, hashWords(buf, 0, 2));
    }
    buf[0] = -3;
    expect(st.findOrInsert(buf, 0, hashWords(buf, 0, 2))).toBe(STORE_FULL);
    expect(st.failReason).toBe('states');
    expect(st.count).toBe(50_000);
  });

  it('a byte cap answers memory instead of growing', () => {
    const st = new StateStore(3, 10_000_000, 200_000);
    const buf = new Int32Array(3);
    let r = 0;
    for (let i = 0; r !== STORE_FULL; i++) {
      buf[0] = i;
      r = st.findOrInsert(buf, 0, hashWords(buf, 0, 3));
    }
    expect(st.failReason).toBe('memory');
    expect(st.bytes()).toBeLessThanOrEqual(200_000);
    expect(st.peakBytes).toBeLessThanOrEqual(200_000);
  });
});
