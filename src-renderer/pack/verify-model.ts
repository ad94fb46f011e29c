/**
 * The pack manager's Verify, pure: the caps in words, the choices of
 * "Re-verify the limits with a longer cap", the levels that ended at a cap,
 * and laying a re-verification's rows over the earlier ones. Each cap
 * applies to one level and counts from the start of its own solve
 * (src-shared/host/pack-contract.ts `packVerifyStart`). No DOM, no host calls.
 */
import type { PackRow, PackVerifyCaps } from '../../src-shared/host/pack-contract.js';

/** Per-level time caps offered for a re-verify, ms (the host accepts up to 10 min). */
export const REVERIFY_TIME_CHOICES = [60_000, 120_000, 300_000, 600_000] as const;
/** Per-level state caps offered for a re-verify (the host accepts up to 100,000,000). */
export const REVERIFY_STATE_CHOICES = [20_000_000, 50_000_000, 100_000_000] as const;

/** A duration in words: "500 ms", "20 s", "1 min", "2 min 30 s". */
export function durationText(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  const rest = s % 60;
  return rest ? `${m} min ${rest} s` : `${m} min`;
}

/** The caps in words: "20 s and 20,000,000 states per level". */
export function capsText(c: PackVerifyCaps): string {
  return `${durationText(c.timeMs)} and ${c.maxStates.toLocaleString('en-US')} states per level`;
}

/** What "Re-verify the limits with a longer cap" offers after a verify that used `used`. */
export interface ReverifyChoices {
  /** Time caps to choose from, ms, ascending (the one used first). */
  times: number[];
  /** State caps to choose from, ascending (the one used first). */
  states: number[];
  /** The preselected caps: about five times the time and two and a half times the states, within the choices. */
  timeMs: number;
  maxStates: number;
  /** False when the used caps are already the largest offered (nothing longer to try). */
  larger: boolean;
}

function choicesFrom(used: number, offered: readonly number[], factor: number): { list: number[]; pick: number } {
  const list = [used, ...offered.filter((v) => v > used)];
  const pick = list.find((v) => v >= used * factor) ?? list[list.length - 1]!;
  return { list, pick };
}

/** The caps offered for a re-verify after one that used `used` (see ReverifyChoices). */
export function reverifyChoices(used: PackVerifyCaps): ReverifyChoices {
  const t = choicesFrom(used.timeMs, REVERIFY_TIME_CHOICES, 5);
  const s = choicesFrom(used.maxStates, REVERIFY_STATE_CHOICES, 2.5);
  return { times: t.list, states: s.list, timeMs: t.pick, maxStates: s.pick, larger: t.list.length > 1 || s.list.length > 1 };
}

/** The pack positions of the rows that ended at a cap (`limit`), in the rows' order. */
export function limitPositions(rows: readonly Pick<PackRow, 'status' | 'index'>[]): number[] {
  return rows.filter((r) => r.status === 'limit').map((r) => r.index);
}

/**
 * Verified rows by file name after a (re-)verification answered `rows`:
 * the earlier results `base` with the new rows laid over them (a level
 * being re-verified shows its new row, `pending` until it ends).
 */
export function overlayVerified(base: ReadonlyMap<string, PackRow>, rows: readonly PackRow[]): Map<string, PackRow> {
  const out = new Map(base);
  for (const r of rows) out.set(r.name, r);
  return out;
}
