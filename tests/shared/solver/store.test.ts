/**
 * solver/store.ts: the open-list stack (run-length encoded, exact LIFO) and
 * the state store (find/insert, growth, caps) against simple references.
 */
import { describe, expect, it } from 'vitest';
import { InlineKeyStore, IntStack, STORE_FULL, StateStore, hash1, hash2, hashWords } from '../../../src-shared/solver/store.js';

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

  it('never holds a table larger than the state limit needs: 100,000 two-word states cost the arena plus ceil(100,001 / 0.75) + 1 slots', () => {
    const st = new StateStore(2, 100_000, 1e9);
    const buf = new Int32Array(2);
    for (let i = 0; i < 100_000; i++) {
      buf[0] = i;
      buf[1] = i ^ 0x5555;
      expect(st.findOrInsert(buf, 0, hashWords(buf, 0, 2))).toBe(i);
    }
    // Arena: two chunks of 65,536 states x 8 bytes; table: 133,336 slots x 4 bytes
    // (plain doubling from 2,048 slots would hold 262,144 slots here).
    expect(st.bytes()).toBe(2 * 65_536 * 8 + 133_336 * 4);
    for (let i = 0; i < 100_000; i += 991) {
      buf[0] = i;
      buf[1] = i ^ 0x5555;
      expect(st.find(buf, 0, hashWords(buf, 0, 2))).toBe(i);
    }
  });

  // Stored before the batch: (i, -i) for even i < 2 * span; the batch: (k % span, -(k % span)) for k < 2 * span, every value twice.
  const batchCase = (span: number): { count: number } => {
    const st = new StateStore(2, 1_000_000, 1e9);
    const one = new Int32Array(2);
    for (let i = 0; i < span; i += 2) {
      one[0] = i;
      one[1] = -i;
      st.findOrInsert(one, 0, hashWords(one, 0, 2));
    }
    const n = 2 * span;
    const buf = new Int32Array(n * 2);
    const hashes = new Int32Array(n);
    const found = new Int32Array(n);
    const slots = new Int32Array(n);
    for (let k = 0; k < n; k++) {
      buf[2 * k] = k % span;
      buf[2 * k + 1] = -(k % span);
      hashes[k] = hashWords(buf, 2 * k, 2);
    }
    st.lookupBatch(buf, hashes, n, found, slots);
    const added = new Map<number, number>();
    for (let k = 0; k < n; k++) {
      const v = k % span;
      if (v % 2 === 0) {
        expect(found[k]).toBe(v / 2);
        continue;
      }
      expect(found[k]).toBe(-1);
      const r = st.insertAfterLookup(buf, 2 * k, hashes[k]!, slots[k]!);
      if (k < span) {
        expect(r).toBe(span / 2 + added.size);
        added.set(v, r);
      } else {
        expect(r).toBe(-1 - added.get(v)!);
      }
    }
    for (let v = 0; v < span; v++) {
      one[0] = v;
      one[1] = -v;
      expect(st.find(one, 0, hashWords(one, 0, 2))).toBe(v % 2 === 0 ? v / 2 : added.get(v));
    }
    return { count: st.count };
  };

  it('lookupBatch finds stored states, and insertAfterLookup stores each absent one once, a duplicate within the batch included', () => {
    // 300 values: no table growth during the batch (the duplicates resume their probe).
    expect(batchCase(300).count).toBe(300);
    // 3,000 values: the 2,048-slot table grows during the batch (the duplicates probe again from home).
    expect(batchCase(3000).count).toBe(3000);
  });
});

describe('InlineKeyStore', () => {
  /** Pseudo-random two-word states with many repeats (a small key space), and a Set of their string keys as the reference. */
  function stream(n: number, space: number): [number, number][] {
    let x = 12345;
    const out: [number, number][] = [];
    for (let i = 0; i < n; i++) {
      x = (Math.imul(x, 1103515245) + 12345) | 0;
      const v = (x >>> 8) % space;
      // Both words vary, and (0, 0) occurs.
      out.push([v === 0 ? 0 : Math.imul(v, 0x9e3779b1), v & 7]);
    }
    return out;
  }

  it('two words: stores each distinct state once, in first-seen order, across growths (the all-zero state included)', () => {
    const st = new InlineKeyStore(2, 1_000_000, 1e9);
    const ref = new Map<string, number>();
    for (const [a, b] of stream(300_000, 150_000)) {
      const key = `${a},${b}`;
      const r = st.add2(a, b, hash2(a, b));
      if (ref.has(key)) expect(r).toBe(-1);
      else {
        expect(r).toBe(ref.size);
        ref.set(key, ref.size);
      }
    }
    expect(st.count).toBe(ref.size);
    expect(ref.has('0,0')).toBe(true);
    const out = new Int32Array(2);
    for (const [key, i] of ref) {
      st.read(i, out);
      expect(`${out[0]},${out[1]}`).toBe(key);
    }
    st.finishSearch();
    const buf = new Int32Array(2);
    for (const [key, i] of [...ref].slice(0, 2000)) {
      const [a, b] = key.split(',').map(Number) as [number, number];
      buf[0] = a;
      buf[1] = b;
      expect(st.find(buf, 0, hashWords(buf, 0, 2))).toBe(i);
    }
    buf[0] = 1;
    buf[1] = 99; // second word never above 7 in the stream
    expect(st.find(buf, 0, hashWords(buf, 0, 2))).toBe(-1);
  });

  it('one word: the same against a Set, and maxStates stops with STORE_FULL / states', () => {
    const st = new InlineKeyStore(1, 5000, 1e9);
    const seen = new Set<number>();
    let full = false;
    for (const [a] of stream(100_000, 20_000)) {
      const r = st.add1(a, hash1(a));
      if (seen.has(a)) expect(r).toBe(-1);
      else if (seen.size < 5000) {
        expect(r).toBe(seen.size);
        seen.add(a);
      } else {
        expect(r).toBe(STORE_FULL);
        full = true;
        break;
      }
    }
    expect(full).toBe(true);
    expect(st.failReason).toBe('states');
    expect(st.count).toBe(5000);
  });

  it('maxBytes stops with STORE_FULL / memory, never holding more than the cap', () => {
    const st = new InlineKeyStore(2, 10_000_000, 300_000);
    let r = 0;
    for (let i = 1; r !== STORE_FULL; i++) r = st.add2(i, -i, hash2(i, -i));
    expect(st.failReason).toBe('memory');
    expect(st.peakBytes).toBeLessThanOrEqual(300_000);
    // 8 bytes of arena and at least 8 / 0.75 of table per state: far fewer than 300,000 / 8.
    expect(st.count).toBeLessThan(300_000 / (8 + 8 / 0.75) + 1);
    expect(st.count).toBeGreaterThan(1000);
  });

  it("run to its limit, it holds the arena chunks plus one table of the limit's size (8 bytes a slot at load 0.75), nothing more", () => {
    const st = new InlineKeyStore(2, 200_000, 1e9);
    for (let i = 1; i <= 200_000; i++) expect(st.add2(i, i >>> 3, hash2(i, i >>> 3))).toBe(i - 1);
    expect(st.add2(0, 1, hash2(0, 1))).toBe(STORE_FULL);
    // Arena: 4 chunks of 65,536 states x 8 bytes; table: ceil(200,001 / 0.75) + 1 slots x 8 bytes.
    expect(st.bytes()).toBe(4 * 65_536 * 8 + (Math.ceil(200_001 / 0.75) + 1) * 8);
    expect(st.peakBytes).toBeLessThanOrEqual(st.bytes());
  });

  it('rejects state widths other than 1 and 2', () => {
    expect(() => new InlineKeyStore(3, 10, 1e6)).toThrow(RangeError);
  });
});
