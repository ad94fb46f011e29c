/**
 * The seeded pseudo-random generator of the level generators (every
 * ruleset's `generate` hook): mulberry32, 32-bit state, uniform in [0, 1).
 * Pure: the same seed gives the same sequence on every platform (no
 * `Math.random`, no clocks), which is what makes `castellan generate
 * --seed S` reproducible.
 */

/** A seeded uniform generator in [0, 1) plus the helpers the generators use. */
export interface Rng {
  /** Next number in [0, 1). */
  (): number;
  /** A whole number in [lo, hi] (inclusive; `hi < lo` answers `lo`). */
  int(lo: number, hi: number): number;
  /** One element of a non-empty array. */
  pick<T>(xs: readonly T[]): T;
  /** Removes and returns one element of a non-empty array. */
  take<T>(xs: T[]): T;
}

/** mulberry32 seeded PRNG in [0, 1) (the seed is taken modulo 2^32). */
export function makeRng(seed: number): Rng {
  let s = seed >>> 0;
  const next = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng = next as Rng;
  rng.int = (lo, hi) => (hi < lo ? lo : lo + Math.floor(next() * (hi - lo + 1)));
  rng.pick = (xs) => xs[Math.floor(next() * xs.length)]!;
  rng.take = (xs) => xs.splice(Math.floor(next() * xs.length), 1)[0]!;
  return rng;
}
