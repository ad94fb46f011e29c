/**
 * Transposition table of the proof search: 64-bit Zobrist keys (two 32-bit
 * halves) mapped to proven bounds, on typed arrays only (no string keys, no
 * Map of states).
 *
 * An entry holds, for one position (the side to move decides whether it is
 * an attacker or a defender node, because the attacker is fixed for a
 * search):
 * - `ub`: the smallest k known to be a forced win for the attacker within k
 *   attacker moves (0 = none known);
 * - `lb`: the largest k known NOT to be a forced win within k (0 = none);
 * - `best`: the move that proved the last result (move ordering), or -1.
 * Because "win within k" is monotone in k, `ub <= d` proves a win within d
 * and `lb >= d` proves there is none.
 *
 * Layout: 4-way buckets; `bounds` word = 1 << 24 (used) | lb << 12 | ub
 * (so k < 4096). 16 bytes per entry. The table starts small and doubles
 * (rehashing) while it is more than 3/4 full and below its byte cap; at the
 * cap a full bucket replaces its shallowest entry (smallest max(ub, lb)).
 */

const USED = 1 << 24;
const MASK12 = 0xfff;
const WAYS = 4;

export class ProofTable {
  keyLo: Int32Array;
  keyHi: Int32Array;
  bounds: Int32Array;
  best: Int32Array;
  /** Bucket index mask (bucket count - 1). */
  private bucketMask: number;
  private count = 0;
  private readonly maxEntries: number;

  /**
   * @param maxBytes cap on the table's bytes (16 per entry); at least 4096
   *   entries are always allowed.
   * @param initialEntries starting size (rounded up to a power of two >= 4).
   */
  constructor(maxBytes: number, initialEntries = 1 << 16) {
    let max = 4096;
    while (max * 2 * 16 <= maxBytes && max < 1 << 26) max *= 2;
    this.maxEntries = max;
    let cap = 4;
    while (cap < initialEntries && cap < max) cap *= 2;
    this.keyLo = new Int32Array(cap);
    this.keyHi = new Int32Array(cap);
    this.bounds = new Int32Array(cap);
    this.best = new Int32Array(cap);
    this.bucketMask = cap / WAYS - 1;
  }

  /** Entries currently allocated. */
  get capacity(): number {
    return this.keyLo.length;
  }

  /** Entries in use. */
  get size(): number {
    return this.count;
  }

  /** Slot of the key, or -1. */
  find(lo: number, hi: number): number {
    const b = (lo & this.bucketMask) * WAYS;
    const kl = this.keyLo;
    const kh = this.keyHi;
    const bd = this.bounds;
    for (let i = b; i < b + WAYS; i++) {
      if (bd[i] === 0) return -1;
      if (kl[i] === lo && kh[i] === hi) return i;
    }
    return -1;
  }

  /**
   * Merges a result into the key's entry: `ub` (> 0) lowers the known win
   * bound, `lb` (> 0) raises the known no-win bound, `best` (>= 0) replaces
   * the move. Pass 0 / 0 / -1 for "nothing new".
   */
  store(lo: number, hi: number, ub: number, lb: number, best: number): void {
    const b = (lo & this.bucketMask) * WAYS;
    const kl = this.keyLo;
    const kh = this.keyHi;
    const bd = this.bounds;
    let victim = -1;
    let victimDepth = 1 << 30;
    for (let i = b; i < b + WAYS; i++) {
      const v = bd[i]!;
      if (v === 0) {
        kl[i] = lo;
        kh[i] = hi;
        bd[i] = USED | (lb << 12) | ub;
        this.best[i] = best;
        if (++this.count * 4 > this.keyLo.length * 3 && this.keyLo.length < this.maxEntries) this.grow();
        return;
      }
      if (kl[i] === lo && kh[i] === hi) {
        let oldUb = v & MASK12;
        let oldLb = (v >>> 12) & MASK12;
        if (ub > 0 && (oldUb === 0 || ub < oldUb)) oldUb = ub;
        if (lb > oldLb) oldLb = lb;
        bd[i] = USED | (oldLb << 12) | oldUb;
        if (best >= 0) this.best[i] = best;
        return;
      }
      const u = v & MASK12;
      const l = (v >>> 12) & MASK12;
      const depth = u > l ? u : l;
      if (depth < victimDepth) {
        victimDepth = depth;
        victim = i;
      }
    }
    kl[victim] = lo;
    kh[victim] = hi;
    bd[victim] = USED | (lb << 12) | ub;
    this.best[victim] = best;
  }

  /** Doubles the table and reinserts every entry. */
  private grow(): void {
    const oldLo = this.keyLo;
    const oldHi = this.keyHi;
    const oldBounds = this.bounds;
    const oldBest = this.best;
    const cap = oldLo.length * 2;
    this.keyLo = new Int32Array(cap);
    this.keyHi = new Int32Array(cap);
    this.bounds = new Int32Array(cap);
    this.best = new Int32Array(cap);
    this.bucketMask = cap / WAYS - 1;
    this.count = 0;
    for (let i = 0; i < oldLo.length; i++) {
      const v = oldBounds[i]!;
      if (v === 0) continue;
      const lo = oldLo[i]!;
      const b = (lo & this.bucketMask) * WAYS;
      for (let j = b; j < b + WAYS; j++) {
        if (this.bounds[j] === 0) {
          this.keyLo[j] = lo;
          this.keyHi[j] = oldHi[i]!;
          this.bounds[j] = v;
          this.best[j] = oldBest[i]!;
          this.count++;
          break;
        }
      }
      // A full bucket after doubling (rare) drops the entry: it is only a cache.
    }
  }
}
