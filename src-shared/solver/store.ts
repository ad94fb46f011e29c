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
 *
 * This module is the stores' public face; the code lives in siblings:
 * store-core.ts (chunk geometry, hashes, `STORE_FULL`, `StoredStates`),
 * state-store.ts, inline-key-store.ts and int-stack.ts (the open lists'
 * run-length stack).
 */
export { CHUNK_BITS, CHUNK_MASK, CHUNK_STATES, STORE_FULL, hash1, hash2, hashWords, lastSinkHolder, type StoredStates } from './store-core.js';
export { StateStore } from './state-store.js';
export { IntStack } from './int-stack.js';
export { InlineKeyStore } from './inline-key-store.js';
