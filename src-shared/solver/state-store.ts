/**
 * `StateStore`: the chunked arena + index table of the search engines
 * (store.ts describes the layout, the growth policy and the batched
 * lookups).
 */
import {
  CHUNK_BITS,
  CHUNK_STATES,
  CHUNK_MASK,
  FIRST_CHUNK_STATES,
  INITIAL_TABLE,
  MAX_LOAD,
  TABLE_GROWTH,
  TWO_POW_32,
  lastSinkHolder,
  STORE_FULL,
  hashWords,
} from './store-core.js';

/**
 * The arena + index table. Not a public API of the app: the engines use it.
 * `maxStates` caps the number of stored states (`failReason = 'states'`);
 * `maxBytes` caps `bytes() + otherBytes()` (`failReason = 'memory'`, also
 * when an allocation itself fails).
 */
export class StateStore {
  readonly W: number;
  /** Arena chunks (see the file comment). */
  chunks: Int32Array[] = [];
  /** Stored states. */
  count = 0;
  failReason: 'states' | 'memory' = 'states';
  /** Bytes of the engine's own arrays, counted against `maxBytes`. */
  otherBytes: () => number = () => 0;
  /** Most bytes held at once so far (arena, table, `otherBytes`), transient growth copies included. */
  peakBytes = 0;

  private readonly maxStates: number;
  private readonly growth: number;
  private readonly maxBytes: number;
  private readonly idxBits: number;
  private readonly idxMask: number;
  private readonly tagMask: number;
  private chunk0Cap: number;
  private table: Int32Array;
  private tableSize: number;
  private scale: number;
  private tableLimit: number;
  /** Table size whose load limit holds `maxStates`: the table never grows past it. */
  private readonly limitTableSize: number;
  /** Table growths so far (a `lookupBatch` answer is stale once this moves). */
  private growths = 0;
  /** `growths` when the last `lookupBatch` ran. */
  private lookupGrowths = -1;
  /** Slot where the last unsuccessful `find` stopped (valid until the next insert or growth). */
  private emptySlot = -1;
  private emptyGen = -1;
  private gen = 0;

  /**
   * `growth`: factor the index table grows by at load 0.75 (default 2: fewer
   * rehashes; A* passes 1.5: load 0.5..0.75, fewer bytes per state).
   */
  constructor(W: number, maxStates: number, maxBytes: number, growth = TABLE_GROWTH) {
    this.W = W;
    this.growth = growth;
    this.maxStates = Math.max(1, Math.min(Math.floor(maxStates), 2 ** 31 - 2));
    this.maxBytes = maxBytes;
    this.idxBits = Math.max(1, Math.ceil(Math.log2(this.maxStates + 2)));
    const tagBits = Math.max(0, 32 - this.idxBits);
    this.idxMask = tagBits > 0 ? (1 << this.idxBits) - 1 : -1;
    this.tagMask = tagBits > 0 ? ~this.idxMask : 0;
    this.chunk0Cap = Math.min(FIRST_CHUNK_STATES, this.maxStates);
    this.chunks.push(new Int32Array(this.chunk0Cap * W));
    this.arenaBytes = this.chunk0Cap * W * 4;
    this.limitTableSize = Math.max(INITIAL_TABLE, Math.ceil((this.maxStates + 1) / MAX_LOAD) + 1);
    this.tableSize = INITIAL_TABLE;
    this.table = new Int32Array(INITIAL_TABLE);
    this.scale = INITIAL_TABLE / TWO_POW_32;
    this.tableLimit = Math.floor(INITIAL_TABLE * MAX_LOAD);
  }

  /** Bytes held by the arena and the index table. */
  bytes(): number {
    return this.table.byteLength + this.arenaBytes;
  }

  /** Bytes of the arena chunks (kept up to date on every allocation). */
  private arenaBytes = 0;

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

  /** Tag bits of hash `h`, in place above the index bits. */
  private tagOf(h: number): number {
    return (h << this.idxBits) & this.tagMask;
  }

  /**
   * Touches the home table entries, then the arena words of tag matches, of
   * `n` states with hashes `hashes[0..n)` (`scratch` needs room for `n`).
   * Returns a value to keep the reads alive; it has no meaning.
   */
  prefetch(hashes: Int32Array, n: number, scratch: Int32Array): number {
    const table = this.table;
    const scale = this.scale;
    const idxMask = this.idxMask;
    const tagMask = this.tagMask;
    const idxBits = this.idxBits;
    // 1. Home entries: independent loads, no dependency between iterations.
    for (let k = 0; k < n; k++) scratch[k] = table[((hashes[k]! >>> 0) * scale) | 0]!;
    // 2. Walk each probe run (mostly in the line just loaded) to the first tag match.
    const size = this.tableSize;
    for (let k = 0; k < n; k++) {
      const h = hashes[k]!;
      const tag = (h << idxBits) & tagMask;
      let slot = ((h >>> 0) * scale) | 0;
      let e = scratch[k]!;
      let idx = -1;
      while (e !== 0) {
        if ((e & tagMask) === tag) {
          idx = (e & idxMask) - 1;
          break;
        }
        slot++;
        if (slot === size) slot = 0;
        e = table[slot]!;
      }
      scratch[k] = idx;
    }
    // 3. Arena words of the matches: independent loads again.
    const chunks = this.chunks;
    const W = this.W;
    for (let k = 0; k < n; k++) {
      const i = scratch[k]!;
      if (i >= 0) scratch[k] = chunks[i >>> CHUNK_BITS]![(i & CHUNK_MASK) * W]!;
    }
    return n > 0 ? scratch[0]! : 0;
  }

  /**
   * Batched exact lookup of `n` states `buf[k*W..(k+1)*W)` with hashes
   * `hashes[0..n)`: the prefetch's three independent-load passes (home
   * entries, probe runs to the first tag match, arena words of the matches),
   * then the exact comparisons on the now cached lines. Writes `found[k]` =
   * the stored index of state k, or -1 with `slots[k]` = the empty slot
   * where its probe stopped, from which `insertAfterLookup` resumes (one
   * probe per successor, not two). Returns a value to keep the reads alive.
   */
  lookupBatch(buf: Int32Array, hashes: Int32Array, n: number, found: Int32Array, slots: Int32Array): number {
    const table = this.table;
    const scale = this.scale;
    const idxMask = this.idxMask;
    const tagMask = this.tagMask;
    const idxBits = this.idxBits;
    const size = this.tableSize;
    const chunks = this.chunks;
    const W = this.W;
    // 1. Home entries: independent loads.
    for (let k = 0; k < n; k++) {
      const slot = ((hashes[k]! >>> 0) * scale) | 0;
      slots[k] = slot;
      found[k] = table[slot]!;
    }
    // 2. Each probe run (mostly in the line just loaded) to its first tag match or empty slot.
    for (let k = 0; k < n; k++) {
      const tag = (hashes[k]! << idxBits) & tagMask;
      let slot = slots[k]!;
      let e = found[k]!;
      while (e !== 0 && (e & tagMask) !== tag) {
        slot++;
        if (slot === size) slot = 0;
        e = table[slot]!;
      }
      slots[k] = slot;
      found[k] = e === 0 ? -1 : (e & idxMask) - 1;
    }
    // 3. Arena words of the tag matches: independent loads again.
    let sink = 0;
    for (let k = 0; k < n; k++) {
      const i = found[k]!;
      if (i >= 0) sink ^= chunks[i >>> CHUNK_BITS]![(i & CHUNK_MASK) * W]!;
    }
    // 4. Exact comparisons; a tag match that is another state continues its probe run.
    for (let k = 0; k < n; k++) {
      let i = found[k]!;
      if (i < 0) continue;
      const off = k * W;
      const tag = (hashes[k]! << idxBits) & tagMask;
      let slot = slots[k]!;
      for (;;) {
        const c = chunks[i >>> CHUNK_BITS]!;
        const b = (i & CHUNK_MASK) * W;
        let same = true;
        for (let w = 0; w < W; w++) {
          if (c[b + w] !== buf[off + w]) {
            same = false;
            break;
          }
        }
        if (same) break;
        // Next tag match or empty slot of the run.
        let e: number;
        do {
          slot++;
          if (slot === size) slot = 0;
          e = table[slot]!;
        } while (e !== 0 && (e & tagMask) !== tag);
        if (e === 0) {
          i = -1;
          break;
        }
        i = (e & idxMask) - 1;
      }
      found[k] = i;
      slots[k] = slot;
    }
    this.lookupGrowths = this.growths;
    return sink;
  }

  /**
   * Stores state `buf[off..off+W)` (hash `h`) that the last `lookupBatch`
   * did not find, resuming its probe at `slot` (that call's `slots[k]`):
   * a state stored since then by this batch (a duplicate successor) is
   * found there or further along the run, since the slots before it were
   * full and stay full. Returns the new index (>= 0), `-1 - index` when the
   * state was stored in the meantime, or `STORE_FULL` when a cap is hit.
   * After a table growth the probe starts again from the home slot.
   */
  insertAfterLookup(buf: Int32Array, off: number, h: number, slot: number): number {
    if (this.lookupGrowths !== this.growths) return this.findOrInsert(buf, off, h);
    const table = this.table;
    const size = this.tableSize;
    const idxMask = this.idxMask;
    const tagMask = this.tagMask;
    const tag = this.tagOf(h);
    const W = this.W;
    let e = table[slot]!;
    while (e !== 0) {
      if ((e & tagMask) === tag) {
        const i = (e & idxMask) - 1;
        const c = this.chunks[i >>> CHUNK_BITS]!;
        const b = (i & CHUNK_MASK) * W;
        let same = true;
        for (let w = 0; w < W; w++) {
          if (c[b + w] !== buf[off + w]) {
            same = false;
            break;
          }
        }
        if (same) return -1 - i;
      }
      slot++;
      if (slot === size) slot = 0;
      e = table[slot]!;
    }
    this.emptySlot = slot;
    this.emptyGen = this.gen;
    return this.insertFound(buf, off, h);
  }

  /**
   * Index of the state at `buf[off..off+W)` with hash `h`, or -1 when it is
   * not stored. After -1, `insertFound` stores it without probing again.
   */
  find(buf: Int32Array, off: number, h: number): number {
    const table = this.table;
    const size = this.tableSize;
    const idxMask = this.idxMask;
    const tag = this.tagOf(h);
    const tagMask = this.tagMask;
    const chunks = this.chunks;
    const W = this.W;
    const o0 = buf[off]!;
    let slot = ((h >>> 0) * this.scale) | 0;
    for (;;) {
      const e = table[slot]!;
      if (e === 0) break;
      if ((e & tagMask) === tag) {
        const i = (e & idxMask) - 1;
        const c = chunks[i >>> CHUNK_BITS]!;
        const b = (i & CHUNK_MASK) * W;
        if (c[b] === o0) {
          let same = true;
          for (let k = 1; k < W; k++) {
            if (c[b + k] !== buf[off + k]) {
              same = false;
              break;
            }
          }
          if (same) return i;
        }
      }
      slot++;
      if (slot === size) slot = 0;
    }
    this.emptySlot = slot;
    this.emptyGen = this.gen;
    return -1;
  }

  /**
   * Stores the state at `buf[off..]` (hash `h`) that the last `find` did not
   * find. Returns its index, or `STORE_FULL` when a cap is hit.
   */
  insertFound(buf: Int32Array, off: number, h: number): number {
    const idx = this.count;
    if (idx >= this.maxStates) {
      this.failReason = 'states';
      return STORE_FULL;
    }
    if (!this.ensureArena(idx)) return STORE_FULL;
    let slot = this.emptySlot;
    if (idx + 1 > this.tableLimit) {
      if (!this.growTable()) return STORE_FULL;
      slot = -1;
    }
    if (slot < 0 || this.emptyGen !== this.gen) slot = this.freeSlot(h);
    const c = this.chunks[idx >>> CHUNK_BITS]!;
    const b = (idx & CHUNK_MASK) * this.W;
    for (let k = 0; k < this.W; k++) c[b + k] = buf[off + k]!;
    this.table[slot] = (idx + 1) | this.tagOf(h);
    this.count = idx + 1;
    this.gen++;
    return idx;
  }

  /**
   * `find`, then `insertFound` when absent. Returns the new index (>= 0),
   * `-1 - index` of the stored copy when it was already there, or
   * `STORE_FULL` when a cap is hit.
   */
  findOrInsert(buf: Int32Array, off: number, h: number): number {
    const i = this.find(buf, off, h);
    if (i >= 0) return -1 - i;
    return this.insertFound(buf, off, h);
  }

  /** First empty slot of `h`'s probe sequence. */
  private freeSlot(h: number): number {
    const table = this.table;
    const size = this.tableSize;
    let slot = ((h >>> 0) * this.scale) | 0;
    while (table[slot] !== 0) {
      slot++;
      if (slot === size) slot = 0;
    }
    return slot;
  }

  /** Makes room in the arena for index `idx`; false (failReason set) when it cannot. */
  private ensureArena(idx: number): boolean {
    const ci = idx >>> CHUNK_BITS;
    if (ci === 0) {
      if (idx < this.chunk0Cap) return true;
      const cap = Math.min(this.chunk0Cap * 2, CHUNK_STATES, Math.max(this.maxStates, 1));
      if (cap <= this.chunk0Cap) {
        this.failReason = 'states';
        return false;
      }
      const grown = this.alloc(cap * this.W, this.chunks[0]!.byteLength);
      if (!grown) return false;
      grown.set(this.chunks[0]!);
      this.arenaBytes += grown.byteLength - this.chunks[0]!.byteLength;
      this.chunks[0] = grown;
      this.chunk0Cap = cap;
      return true;
    }
    if (ci < this.chunks.length) return true;
    const fresh = this.alloc(CHUNK_STATES * this.W, 0);
    if (!fresh) return false;
    this.chunks.push(fresh);
    this.arenaBytes += fresh.byteLength;
    return true;
  }

  /** Allocates `words` Int32 words if the byte cap allows (`freed` bytes are released after); null = memory. */
  private alloc(words: number, freed: number): Int32Array | null {
    // `freed` is released only after the copy: the peak holds both.
    void freed;
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

  /** Records the bytes held now plus `transient` as a candidate peak. */
  notePeak(transient = 0): void {
    const b = this.bytes() + this.otherBytes() + transient;
    if (b > this.peakBytes) this.peakBytes = b;
  }

  /**
   * Size of the next table: `growth` times the current one, but never past
   * `limitTableSize` (the size that holds `maxStates` at load 0.75), and
   * straight to it when it is within one more growth step (one rehash
   * fewer, and no table sized for states the limit forbids).
   */
  private nextTableSize(): number {
    const grown = Math.max(this.tableSize + 1, Math.floor(this.tableSize * this.growth));
    return grown * this.growth >= this.limitTableSize ? this.limitTableSize : grown;
  }

  /** Grows the index table (see `nextTableSize`) and rehashes; false (memory) when over the cap. */
  private growTable(): boolean {
    const fits = (size: number): boolean => this.bytes() + this.otherBytes() + size * 4 <= this.maxBytes;
    let newSize = this.nextTableSize();
    // A jump to the limit's size that does not fit falls back to a plain growth step.
    if (!fits(newSize)) newSize = Math.min(newSize, Math.max(this.tableSize + 1, Math.floor(this.tableSize * this.growth)));
    if (!fits(newSize)) {
      this.failReason = 'memory';
      return false;
    }
    let t: Int32Array;
    try {
      t = new Int32Array(newSize);
    } catch {
      this.failReason = 'memory';
      return false;
    }
    this.notePeak(newSize * 4);
    const scale = newSize / TWO_POW_32;
    const W = this.W;
    const idxBits = this.idxBits;
    const tagMask = this.tagMask;
    // Rehash in blocks: hashes and home slots first, then touch the homes
    // (independent loads overlap), then place the entries.
    const BLOCK = 256;
    const hs = new Int32Array(BLOCK);
    const homes = new Int32Array(BLOCK);
    let sink = 0;
    for (let ci = 0; ci < this.chunks.length; ci++) {
      const c = this.chunks[ci]!;
      const base = ci << CHUNK_BITS;
      const n = Math.min(this.count - base, c.length / W);
      for (let j0 = 0; j0 < n; j0 += BLOCK) {
        const m = Math.min(BLOCK, n - j0);
        for (let j = 0; j < m; j++) {
          const h = hashWords(c, (j0 + j) * W, W);
          hs[j] = h;
          const home = ((h >>> 0) * scale) | 0;
          homes[j] = home;
          sink ^= t[home]!;
        }
        for (let j = 0; j < m; j++) {
          let slot = homes[j]!;
          while (t[slot] !== 0) {
            slot++;
            if (slot === newSize) slot = 0;
          }
          t[slot] = (base + j0 + j + 1) | ((hs[j]! << idxBits) & tagMask);
        }
      }
    }
    lastSinkHolder.value ^= sink;
    this.table = t;
    this.tableSize = newSize;
    this.scale = scale;
    this.tableLimit = Math.floor(newSize * MAX_LOAD);
    this.gen++;
    this.growths++;
    return true;
  }
}
