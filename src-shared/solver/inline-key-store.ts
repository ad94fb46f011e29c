/**
 * `InlineKeyStore`: the BFS's store for states of one or two words
 * (store.ts describes how it relates to `StateStore`).
 */
import {
  CHUNK_BITS,
  CHUNK_STATES,
  CHUNK_MASK,
  FIRST_CHUNK_STATES,
  INITIAL_TABLE,
  MAX_LOAD,
  TWO_POW_32,
  lastSinkHolder,
  STORE_FULL,
  hashWords,
  hash1,
  hash2,
} from './store-core.js';

/** `InlineKeyStore`: stored states past which the key table jumps to the limit's size when that is at most `PRESIZE_MAX_BYTES`. */
const PRESIZE_AFTER = 1 << 15;
/**
 * `InlineKeyStore`: slots of its first key table (512 KiB for two words;
 * pages a small search never touches are never made resident), unless the
 * limit's size or an eighth of `maxBytes` is smaller. Starting there skips
 * the small early rehashes, which run before V8 has optimised the rehash
 * loop and cost more than their size suggests.
 */
const INLINE_INITIAL_TABLE = 1 << 16;
const PRESIZE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The BFS store for states of one or two Int32 words (`W` 1 or 2): the same
 * chunked arena as `StateStore` (the BFS queue, state `i` in
 * `chunks[i >>> CHUNK_BITS]` at `(i & CHUNK_MASK) * W`), but the hash set
 * holds the states' words themselves (`W` words a slot, linear probing,
 * home slot by fastrange of `hashWords`), so a lookup costs one random
 * access (the slot's cache line) instead of two (index slot, then the
 * arena words to compare). An all-zero slot is empty; the all-zero state
 * itself is kept by a flag. Load 0.375..0.75, doubling, never past the size
 * that holds `maxStates` and straight to it within one growth step (as
 * `StateStore`), or as soon as 32,768 states are stored when that size is
 * at most 16 MiB (a search under a limit up to about 1.5 M two-word states
 * skips the rehashes in between; a small search never pays for it):
 * `W * 4` bytes of arena plus `W * 4 / load` bytes of table per state,
 * 18.7 B/state for two words at the limit's size (StateStore: 13.5).
 *
 * The set answers membership (`add1` / `add2`), not the index of a stored
 * state; `find` (used only to rebuild the line after a solve) builds an
 * index table over the arena on first use, after freeing the key table
 * (`finishSearch`), so it never holds both.
 *
 * Caps as `StateStore`: `maxStates` (`failReason = 'states'`) and
 * `maxBytes` over `bytes() + otherBytes()` (`'memory'`, also when an
 * allocation fails).
 */
export class InlineKeyStore {
  readonly W: number;
  chunks: Int32Array[] = [];
  count = 0;
  failReason: 'states' | 'memory' = 'states';
  otherBytes: () => number = () => 0;
  peakBytes = 0;

  private readonly maxStates: number;
  private readonly maxBytes: number;
  private chunk0Cap: number;
  private arenaBytes: number;
  /** Key table: `W` words a slot, all zero = empty. Empty (length 0) after `finishSearch`. */
  private table: Int32Array;
  private tableSize: number;
  private scale: number;
  private tableLimit: number;
  private readonly limitTableSize: number;
  /** The all-zero state is stored (it cannot live in the key table). */
  private hasZero = false;
  /** Index table over the arena for `find` (built on first use), and its size. */
  private index: Int32Array | null = null;
  /**
   * Indices below this are stored without any check (under `maxStates`, the
   * table's load limit and the arena's allocated chunks): the fast path of
   * `add1` / `add2`; the rest goes through `addSlow`, one call site that
   * runs early in every search (so V8 has seen it before optimising).
   */
  private fastEnd = 0;

  constructor(W: number, maxStates: number, maxBytes: number) {
    if (W !== 1 && W !== 2) throw new RangeError(`InlineKeyStore holds 1- or 2-word states, got ${W}`);
    this.W = W;
    this.maxStates = Math.max(1, Math.min(Math.floor(maxStates), 2 ** 31 - 2));
    this.maxBytes = maxBytes;
    this.chunk0Cap = Math.min(FIRST_CHUNK_STATES, this.maxStates);
    this.chunks.push(new Int32Array(this.chunk0Cap * W));
    this.arenaBytes = this.chunk0Cap * W * 4;
    this.limitTableSize = Math.max(INITIAL_TABLE, Math.ceil((this.maxStates + 1) / MAX_LOAD) + 1);
    let first = Math.min(INLINE_INITIAL_TABLE, this.limitTableSize);
    if (first * W * 4 > maxBytes / 8) first = INITIAL_TABLE;
    this.tableSize = first;
    this.table = new Int32Array(first * W);
    this.scale = first / TWO_POW_32;
    this.tableLimit = Math.floor(first * MAX_LOAD);
    this.updateFastEnd();
  }

  private updateFastEnd(): void {
    const k = this.chunks.length;
    const arena = k === 1 ? this.chunk0Cap : (k - 1) * CHUNK_STATES + CHUNK_STATES;
    this.fastEnd = this.table.length === 0 ? 0 : Math.min(this.maxStates, this.tableLimit, arena);
  }

  /** Bytes held by the arena and the key (or index) table. */
  bytes(): number {
    return this.table.byteLength + this.arenaBytes + (this.index ? this.index.byteLength : 0);
  }

  /** Records the bytes held now plus `transient` as a candidate peak. */
  notePeak(transient = 0): void {
    const b = this.bytes() + this.otherBytes() + transient;
    if (b > this.peakBytes) this.peakBytes = b;
  }

  /** Arena chunk holding state `i` (offset: `(i & CHUNK_MASK) * W`). */
  chunkOf(i: number): Int32Array {
    return this.chunks[i >>> CHUNK_BITS]!;
  }

  /** Copies state `i` into `out[0..W)`. */
  read(i: number, out: Int32Array): void {
    const c = this.chunks[i >>> CHUNK_BITS]!;
    const b = (i & CHUNK_MASK) * this.W;
    for (let k = 0; k < this.W; k++) out[k] = c[b + k]!;
  }

  /**
   * Touches the home slots of `n` states with hashes `hashes[0..n)` (the
   * loads are independent, so their cache misses overlap before `add1` /
   * `add2` probe them). Returns a value to keep the reads alive.
   */
  touch(hashes: Int32Array, n: number): number {
    const table = this.table;
    const scale = this.scale;
    let sink = 0;
    if (this.W === 2) {
      for (let k = 0; k < n; k++) sink ^= table[(((hashes[k]! >>> 0) * scale) | 0) << 1]!;
    } else {
      for (let k = 0; k < n; k++) sink ^= table[((hashes[k]! >>> 0) * scale) | 0]!;
    }
    return sink;
  }

  /**
   * Stores the two-word state (a, b) with hash `h` (= `hash2(a, b)`) unless
   * it is stored already. Returns the new index (>= 0), -1 when it was
   * already stored, or `STORE_FULL` when a cap is hit (nothing stored).
   * One probe of the key table (plus a re-probe after a growth).
   */
  add2(a: number, b: number, h: number): number {
    if ((a | b) === 0) return this.addZero();
    const table = this.table;
    const size = this.tableSize;
    let slot = ((h >>> 0) * this.scale) | 0;
    for (;;) {
      const j = slot << 1;
      const x = table[j]!;
      const y = table[j + 1]!;
      if (x === a && y === b) return -1;
      if ((x | y) === 0) break;
      slot++;
      if (slot === size) slot = 0;
    }
    const idx = this.count;
    if (idx >= this.fastEnd) return this.addSlow(a, b, h);
    table[slot << 1] = a;
    table[(slot << 1) + 1] = b;
    const c = this.chunks[idx >>> CHUNK_BITS]!;
    const o = (idx & CHUNK_MASK) << 1;
    c[o] = a;
    c[o + 1] = b;
    this.count = idx + 1;
    return idx;
  }

  /**
   * Stores the absent non-zero state (a, b) (W = 2) or (a) (W = 1, `b`
   * ignored) with hash `h` when a cap, the arena or the table's load limit
   * needs attention first: the checks `add1` / `add2` skip below `fastEnd`.
   */
  private addSlow(a: number, b: number, h: number): number {
    const idx = this.count;
    if (idx >= this.maxStates) {
      this.failReason = 'states';
      return STORE_FULL;
    }
    if (!this.ensureArena(idx)) return STORE_FULL;
    if (idx + 1 > this.tableLimit && !this.growTable()) return STORE_FULL;
    const slot = this.freeSlot(h);
    const c = this.chunks[idx >>> CHUNK_BITS]!;
    if (this.W === 2) {
      this.table[slot << 1] = a;
      this.table[(slot << 1) + 1] = b;
      c[(idx & CHUNK_MASK) << 1] = a;
      c[((idx & CHUNK_MASK) << 1) + 1] = b;
    } else {
      this.table[slot] = a;
      c[idx & CHUNK_MASK] = a;
    }
    this.count = idx + 1;
    this.updateFastEnd();
    return idx;
  }

  /** `add2` for one-word states: (a) with hash `h` (= `hash1(a)`). */
  add1(a: number, h: number): number {
    if (a === 0) return this.addZero();
    const table = this.table;
    const size = this.tableSize;
    let slot = ((h >>> 0) * this.scale) | 0;
    for (;;) {
      const x = table[slot]!;
      if (x === a) return -1;
      if (x === 0) break;
      slot++;
      if (slot === size) slot = 0;
    }
    const idx = this.count;
    if (idx >= this.fastEnd) return this.addSlow(a, 0, h);
    table[slot] = a;
    this.chunks[idx >>> CHUNK_BITS]![idx & CHUNK_MASK] = a;
    this.count = idx + 1;
    return idx;
  }

  /** Stores the all-zero state (kept by a flag; its arena words are already zero). */
  private addZero(): number {
    if (this.hasZero) return -1;
    const idx = this.count;
    if (idx >= this.maxStates) {
      this.failReason = 'states';
      return STORE_FULL;
    }
    if (!this.ensureArena(idx)) return STORE_FULL;
    if (idx + 1 > this.tableLimit && !this.growTable()) return STORE_FULL;
    const c = this.chunks[idx >>> CHUNK_BITS]!;
    const o = (idx & CHUNK_MASK) * this.W;
    for (let k = 0; k < this.W; k++) c[o + k] = 0;
    this.hasZero = true;
    this.count = idx + 1;
    this.updateFastEnd();
    return idx;
  }

  /** Stores the state at `buf[off..off+W)` (hashed here); as `add2`. */
  add(buf: Int32Array, off: number): number {
    return this.W === 2 ? this.add2(buf[off]!, buf[off + 1]!, hash2(buf[off]!, buf[off + 1]!)) : this.add1(buf[off]!, hash1(buf[off]!));
  }

  /**
   * Ends the search: frees the key table (no more `add*`). `find` works
   * after it.
   */
  finishSearch(): void {
    this.notePeak();
    this.table = new Int32Array(0);
    this.fastEnd = 0;
  }

  /**
   * Index of the stored state at `buf[off..off+W)` (hash `h` =
   * `hashWords(buf, off, W)`), or -1. Only after `finishSearch`: the first
   * call builds an index table over the arena (4 bytes a slot, load at most
   * 0.75); when that table would pass `maxBytes` or cannot be allocated,
   * it scans the arena instead (same answers, slower).
   */
  find(buf: Int32Array, off: number, h: number): number {
    if (this.table.length > 0) throw new Error('InlineKeyStore.find: call finishSearch first');
    if (!this.index) this.buildIndex();
    const index = this.index;
    if (!index) {
      for (let i = 0; i < this.count; i++) if (this.same(i, buf, off)) return i;
      return -1;
    }
    const size = index.length;
    let slot = ((h >>> 0) * (size / TWO_POW_32)) | 0;
    for (;;) {
      const e = index[slot]!;
      if (e === 0) return -1;
      if (this.same(e - 1, buf, off)) return e - 1;
      slot++;
      if (slot === size) slot = 0;
    }
  }

  private same(i: number, buf: Int32Array, off: number): boolean {
    const c = this.chunks[i >>> CHUNK_BITS]!;
    const b = (i & CHUNK_MASK) * this.W;
    for (let k = 0; k < this.W; k++) if (c[b + k] !== buf[off + k]) return false;
    return true;
  }

  private buildIndex(): void {
    const size = Math.max(16, Math.ceil((this.count + 1) / MAX_LOAD) + 1);
    if (this.bytes() + this.otherBytes() + size * 4 > this.maxBytes) return;
    let t: Int32Array;
    try {
      t = new Int32Array(size);
    } catch {
      return;
    }
    const scale = size / TWO_POW_32;
    const W = this.W;
    for (let i = 0; i < this.count; i++) {
      const c = this.chunks[i >>> CHUNK_BITS]!;
      let slot = ((hashWords(c, (i & CHUNK_MASK) * W, W) >>> 0) * scale) | 0;
      while (t[slot] !== 0) {
        slot++;
        if (slot === size) slot = 0;
      }
      t[slot] = i + 1;
    }
    this.index = t;
    this.notePeak();
  }

  /** First empty slot of `h`'s probe sequence in the key table. */
  private freeSlot(h: number): number {
    const table = this.table;
    const size = this.tableSize;
    const W = this.W;
    let slot = ((h >>> 0) * this.scale) | 0;
    if (W === 2) {
      while ((table[slot << 1]! | table[(slot << 1) + 1]!) !== 0) {
        slot++;
        if (slot === size) slot = 0;
      }
    } else {
      while (table[slot] !== 0) {
        slot++;
        if (slot === size) slot = 0;
      }
    }
    return slot;
  }

  /** As `StateStore`: room in the arena for index `idx`; false (failReason set) when it cannot. */
  private ensureArena(idx: number): boolean {
    const ci = idx >>> CHUNK_BITS;
    if (ci === 0) {
      if (idx < this.chunk0Cap) return true;
      const cap = Math.min(this.chunk0Cap * 2, CHUNK_STATES, Math.max(this.maxStates, 1));
      if (cap <= this.chunk0Cap) {
        this.failReason = 'states';
        return false;
      }
      const grown = this.alloc(cap * this.W);
      if (!grown) return false;
      grown.set(this.chunks[0]!);
      this.arenaBytes += grown.byteLength - this.chunks[0]!.byteLength;
      this.chunks[0] = grown;
      this.chunk0Cap = cap;
      return true;
    }
    if (ci < this.chunks.length) return true;
    const fresh = this.alloc(CHUNK_STATES * this.W);
    if (!fresh) return false;
    this.chunks.push(fresh);
    this.arenaBytes += fresh.byteLength;
    return true;
  }

  /** Allocates `words` Int32 words if the byte cap allows; null = memory (failReason set). */
  private alloc(words: number): Int32Array | null {
    const need = words * 4;
    if (this.bytes() + this.otherBytes() + need > this.maxBytes) {
      this.failReason = 'memory';
      return null;
    }
    try {
      const a = new Int32Array(words);
      this.notePeak(need);
      return a;
    } catch {
      this.failReason = 'memory';
      return null;
    }
  }

  /** Doubles the key table (capped at, or jumping to, the limit's size as `StateStore`) and rehashes; false (memory). */
  private growTable(): boolean {
    const W = this.W;
    const grown = this.tableSize * 2;
    // Straight to the limit's size within one growth step, or once the
    // search has stored PRESIZE_AFTER states when that table is small
    // (at most PRESIZE_MAX_BYTES): the rehashes in between are skipped.
    const jump = grown * 2 >= this.limitTableSize || (this.count >= PRESIZE_AFTER && this.limitTableSize * W * 4 <= PRESIZE_MAX_BYTES);
    let newSize = jump ? this.limitTableSize : grown;
    const fits = (size: number): boolean => this.bytes() + this.otherBytes() + size * W * 4 <= this.maxBytes;
    if (!fits(newSize)) newSize = Math.min(newSize, grown);
    if (newSize <= this.tableSize || !fits(newSize)) {
      this.failReason = 'memory';
      return false;
    }
    let t: Int32Array;
    try {
      t = new Int32Array(newSize * W);
    } catch {
      this.failReason = 'memory';
      return false;
    }
    this.notePeak(newSize * W * 4);
    const old = this.table;
    const oldSize = this.tableSize;
    const scale = newSize / TWO_POW_32;
    // Blocks: home slots first (independent loads overlap), then placement.
    const BLOCK = 256;
    const homes = new Int32Array(BLOCK);
    const src = new Int32Array(BLOCK);
    let sink = 0;
    let m = 0;
    const flush = (): void => {
      for (let j = 0; j < m; j++) {
        let slot = homes[j]!;
        const s = src[j]!;
        if (W === 2) {
          while ((t[slot << 1]! | t[(slot << 1) + 1]!) !== 0) {
            slot++;
            if (slot === newSize) slot = 0;
          }
          t[slot << 1] = old[s << 1]!;
          t[(slot << 1) + 1] = old[(s << 1) + 1]!;
        } else {
          while (t[slot] !== 0) {
            slot++;
            if (slot === newSize) slot = 0;
          }
          t[slot] = old[s]!;
        }
      }
      m = 0;
    };
    for (let s = 0; s < oldSize; s++) {
      let h: number;
      if (W === 2) {
        const a = old[s << 1]!;
        const b = old[(s << 1) + 1]!;
        if ((a | b) === 0) continue;
        h = hash2(a, b);
      } else {
        const a = old[s]!;
        if (a === 0) continue;
        h = hash1(a);
      }
      const home = ((h >>> 0) * scale) | 0;
      homes[m] = home;
      src[m] = s;
      sink ^= t[home * W]!;
      m++;
      if (m === BLOCK) flush();
    }
    flush();
    lastSinkHolder.value ^= sink;
    this.table = t;
    this.tableSize = newSize;
    this.scale = scale;
    this.tableLimit = Math.floor(newSize * MAX_LOAD);
    return true;
  }
}
