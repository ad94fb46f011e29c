/**
 * Visited-state storage shared by the search engines (bfs.ts, astar.ts).
 * Typed arrays only: no string keys, no JSON, no Set/Map of states.
 *
 * - Arena: the states themselves, `W` Int32 words each, in insertion order,
 *   split into chunks of 2^16 states (`CHUNK_STATES`). State `i` lives in
 *   `chunks[i >>> 16]` at word offset `(i & 0xffff) * W`. Chunk 0 starts
 *   small and doubles up to full size; later chunks are allocated full size,
 *   so the arena never copies more than one chunk and never holds more than
 *   one chunk of slack (no 2x doubling spike at large sizes).
 * - Index table: an Int32Array open-addressing hash set of arena indices.
 *   Entry = `index + 1` in the low `idxBits` bits (0 = empty) and, above
 *   them, a tag of the state's hash low bits, so most probe mismatches are
 *   rejected without touching the arena. The home slot is the hash's high
 *   bits scaled to the table size ("fastrange", any size, not only powers of
 *   two); linear probing; the table doubles at load 0.75, so its load stays
 *   between 0.375 and 0.75 (5.3 to 10.7 bytes per state). Doubling rather
 *   than growing by 1.5x: rehashing is random-access bound and 1.5x steps
 *   cost about 15% more search time on multi-million-state BFS. A* (which
 *   also holds g and open lists) grows by 1.5x: load 0.5..0.75, 5.3 to 8
 *   bytes per state. The table never grows past the size that holds
 *   `maxStates` at load 0.75, and goes straight to that size when it is
 *   within one more growth step: a search that runs to its limit pays one
 *   rehash fewer and holds no table sized for states it may not store
 *   (13.5 bytes per state at the limit for 2-word states, against 19).
 * Memory: `W * 4` bytes per state in the arena plus the table; `bytes()`
 * reports what is held, the engines add their own arrays via `otherBytes`.
 *
 * Lookups are batched by the engines: `prefetch` touches the table entries,
 * then the arena words of tag matches, of a whole batch of successors
 * before the exact probes run, so the CPU overlaps the cache misses of
 * independent successors (the search is memory-latency bound).
 * `lookupBatch` does the same passes and the exact comparisons in one
 * call, and `insertAfterLookup` resumes each absent state's probe where the
 * lookup stopped (BFS of states of three words or more); A* uses
 * `prefetch` + `find` + `insertFound`.
 *
 * `InlineKeyStore` is the BFS's store for states of one or two words: the
 * same arena, but a hash set holding the states' words themselves, so a
 * lookup is one random access (the key's slot) instead of two (index slot,
 * then the arena words); 18.7 bytes per two-word state at the limit's
 * table size instead of 13.5. See its comment.
 */

export const CHUNK_BITS = 16;
export const CHUNK_STATES = 1 << CHUNK_BITS;
export const CHUNK_MASK = CHUNK_STATES - 1;
const FIRST_CHUNK_STATES = 1024;
const INITIAL_TABLE = 2048;
/** Maximum load of the index table, as a fraction. */
const MAX_LOAD = 0.75;
/** Default growth factor of the index table (see the constructor's `growth`). */
const TABLE_GROWTH = 2;
const TWO_POW_32 = 4294967296;

/** Where engines leave the (meaningless) prefetch checksum, so the reads are not optimised away. */
export const lastSinkHolder = { value: 0 };

/** `findOrInsert` answer for "could not store: a cap was hit" (see `StateStore.failReason`). */
export const STORE_FULL = -2147483648;

/**
 * Murmur3-style hash of `words` Int32 words at `buf[off..]`: per-word mixing
 * (multiply, rotate, multiply), then the fmix32 finaliser. Returns an int32.
 */
export function hashWords(buf: Int32Array, off: number, words: number): number {
  let h = 0x9747b28c | 0;
  for (let i = 0; i < words; i++) {
    let k = buf[off + i]! | 0;
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= words << 2;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

/** What the line tools (lines.ts) read from a finished search's store: `StateStore` and `InlineKeyStore`. */
export interface StoredStates {
  readonly W: number;
  readonly count: number;
  chunkOf(i: number): Int32Array;
  read(i: number, out: Int32Array): void;
  /** Index of the stored state at `buf[off..off+W)` with hash `h` = `hashWords(buf, off, W)`, or -1. */
  find(buf: Int32Array, off: number, h: number): number;
}

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

/**
 * The hash `InlineKeyStore` places the two-word state (a, b) by: `a`
 * multiplied by the golden-ratio constant, xor `b`, then the murmur3 fmix32
 * finaliser (its high bits pick the home slot). About half the work of
 * `hashWords(…, 2)`; the key table compares whole keys, so a collision
 * only costs a probe. Returns an int32.
 */
export function hash2(a: number, b: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ b;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

/** `hash2` for one-word states: fmix32 of `a` times the golden-ratio constant. */
export function hash1(a: number): number {
  let h = Math.imul(a, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

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
