import { CHUNK_BITS, CHUNK_STATES, CHUNK_MASK } from './store-core.js';

/**
 * A growable stack of non-negative ints for open lists, run-length encoded:
 * pushing `v` right after `v - 1` (or after `v + 1`) extends the top run
 * instead of adding an entry, so the consecutive arena indices of one
 * expansion's new states (mostly one f value), and states moved from one
 * bucket to another in popping (descending) order, cost 8 bytes per run,
 * not 4 per state. A run is (start, len): len > 0 ascending start..,
 * len < 0 descending. Pops return values in exact LIFO order. Runs live in pages (the first grows by
 * doubling up to 2^16 words, later pages are 2^16 words and are freed as
 * they empty). `size` counts values, `bytes` what is held.
 */
export class IntStack {
  private pages: Int32Array[] = [];
  /** Words used in the pages (2 per run: start, length). */
  private words = 0;
  size = 0;
  bytes = 0;

  /** Pushes `v`; false when a new page is needed and the allocation fails or exceeds `budget()` bytes. */
  push(v: number, budget: () => number): boolean {
    const w = this.words;
    if (w > 0) {
      const top = this.pages[(w - 2) >>> CHUNK_BITS]!;
      const at = (w - 2) & CHUNK_MASK;
      const start = top[at]!;
      const len = top[at + 1]!;
      if (len > 0 ? start + len === v : start + len === v) {
        top[at + 1] = len > 0 ? len + 1 : len - 1;
        this.size++;
        return true;
      }
      if (len === 1 && v === start - 1) {
        top[at + 1] = -2;
        this.size++;
        return true;
      }
    }
    const p = w >>> CHUNK_BITS;
    if (p === this.pages.length || (p === 0 && w >= this.pages[0]!.length)) {
      const cur = p === 0 && this.pages.length > 0 ? this.pages[0]!.length : 0;
      const want = p === 0 ? Math.min(CHUNK_STATES, Math.max(256, cur * 2)) : CHUNK_STATES;
      if ((want - cur) * 4 > budget()) return false;
      let page: Int32Array;
      try {
        page = new Int32Array(want);
      } catch {
        return false;
      }
      if (p === 0 && cur > 0) {
        page.set(this.pages[0]!);
        this.pages[0] = page;
      } else {
        this.pages.push(page);
      }
      this.bytes += (want - cur) * 4;
    }
    const page = this.pages[p]!;
    const at = w & CHUNK_MASK;
    page[at] = v;
    page[at + 1] = 1;
    this.words = w + 2;
    this.size++;
    return true;
  }

  /** Pops the top value (the stack must not be empty); frees emptied pages after the first. */
  pop(): number {
    const w = this.words - 2;
    const p = w >>> CHUNK_BITS;
    const page = this.pages[p]!;
    const at = w & CHUNK_MASK;
    const l = page[at + 1]!;
    const rest = l > 0 ? l - 1 : l + 1; // values left in the run, signed
    const v = l > 0 ? page[at]! + rest : page[at]! + l + 1;
    this.size--;
    if (rest !== 0) {
      page[at + 1] = rest;
    } else {
      this.words = w;
      if (at === 0 && p > 0) {
        this.pages.pop();
        this.bytes -= CHUNK_STATES * 4;
      }
    }
    return v;
  }

  /** Frees everything. */
  clear(): void {
    this.pages = [];
    this.words = 0;
    this.size = 0;
    this.bytes = 0;
  }
}
