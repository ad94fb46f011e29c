/**
 * Reading a whole number typed into a number field (widgets/NumberField.svelte):
 * what the field accepts, and when it refuses a text, why, in words the
 * field shows inline ("0 is below 3", "\"1e3\" is not a whole number").
 * Pure; never throws.
 */

/** What a number field accepts. */
export interface WholeNumberRule {
  /** Smallest value (inclusive). */
  min: number;
  /** Largest value (inclusive); none when undefined. */
  max?: number | undefined;
  /** The empty text means "none" (answers `value: undefined`). */
  allowEmpty?: boolean;
  /** An extra condition (KV-9: odd sides): the reason a value in range is refused, or null when it is fine. */
  accept?: ((n: number) => string | null) | undefined;
}

export type WholeNumberRead = { ok: true; value: number | undefined } | { ok: false; reason: string };

/**
 * Reads `text` (trimmed) under `rule`: digits only, a safe integer (at most
 * Number.MAX_SAFE_INTEGER, so `99999999999999999999` is refused rather than
 * rounded), within min..max, and `accept`ed. Refusals answer the reason:
 * `"1e3" is not a whole number`, `"99999999999999999999" is too large (at
 * most 9007199254740991)`, `0 is below 3`, `99 is above 16`, or the
 * `accept` reason.
 */
export function readWholeNumber(text: string, rule: WholeNumberRule): WholeNumberRead {
  const s = text.trim();
  if (s === '') return rule.allowEmpty ? { ok: true, value: undefined } : { ok: false, reason: 'a value is required' };
  if (!/^\d+$/.test(s)) return { ok: false, reason: `"${s}" is not a whole number` };
  const n = Number(s);
  if (!Number.isSafeInteger(n)) return { ok: false, reason: `"${s}" is too large (at most ${Number.MAX_SAFE_INTEGER})` };
  if (n < rule.min) return { ok: false, reason: `${n} is below ${rule.min}` };
  if (rule.max !== undefined && n > rule.max) return { ok: false, reason: `${n} is above ${rule.max}` };
  const why = rule.accept?.(n) ?? null;
  return why ? { ok: false, reason: why } : { ok: true, value: n };
}

/** The range a number field shows next to it: "3–16", "1 or more". */
export function rangeText(rule: Pick<WholeNumberRule, 'min' | 'max'>): string {
  return rule.max === undefined ? `${rule.min} or more` : `${rule.min}–${rule.max}`;
}
