/**
 * What the solver's state stores share (store.ts describes the stores):
 * the arena's chunk geometry, the index table's sizing constants, the
 * state hashes (`hashWords`, `hash2`, `hash1`), the `STORE_FULL` answer and
 * the `StoredStates` view the line tools read. Constants here are internal
 * to the store modules; store.ts re-exports the public ones.
 */

export const CHUNK_BITS = 16;
export const CHUNK_STATES = 1 << CHUNK_BITS;
export const CHUNK_MASK = CHUNK_STATES - 1;
export const FIRST_CHUNK_STATES = 1024;
export const INITIAL_TABLE = 2048;
/** Maximum load of the index table, as a fraction. */
export const MAX_LOAD = 0.75;
/** Default growth factor of the index table (see the constructor's `growth`). */
export const TABLE_GROWTH = 2;
export const TWO_POW_32 = 4294967296;

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
