/**
 * Helpers for the rulesets' `SquareFields` (ruleset.ts): items with their
 * props, and the "absent stays absent" rule for optional arrays.
 */
import type { SquareItem } from '../ruleset.js';

/** A square item; `props` drops undefined values (plain JSON). */
export function item(square: string, kind: string, props: Record<string, unknown> = {}): SquareItem {
  const p: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(props)) if (v !== undefined) p[k] = v;
  return { square, kind, props: p };
}

/** `next` when it has entries or the field was present before, else undefined (the field stays absent). */
export function keepAbsent<T>(before: readonly T[] | undefined, next: T[]): T[] | undefined {
  return next.length > 0 || before !== undefined ? next : undefined;
}

/** Sets `key` on `obj` to `value`, deleting it when undefined. */
export function setOrDelete<T extends object, K extends keyof T>(obj: T, key: K, value: T[K] | undefined): void {
  if (value === undefined) delete obj[key];
  else obj[key] = value;
}
