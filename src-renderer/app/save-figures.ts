/**
 * The figures of a running proof as the save progress shows them (pure):
 * states searched, the search rate and the time so far. English number
 * formatting (`1,234`), singular for one state.
 */

/** "1 state", "12,345 states", "1.23 M states" (from 1,000,000). Negative or non-finite counts show as 0. */
export function formatStates(n: number): string {
  const v = Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
  if (v >= 1_000_000) return `${(v / 1_000_000).toFixed(2)} M states`;
  return `${v.toLocaleString('en-US')} ${v === 1 ? 'state' : 'states'}`;
}

/** States per second over `ms` milliseconds ("48,200 states/s"); "– states/s" before a quarter of a second has passed. */
export function formatRate(states: number, ms: number): string {
  if (!(ms >= 250) || !Number.isFinite(states) || states < 0) return '– states/s';
  return `${Math.round((states * 1000) / ms).toLocaleString('en-US')} states/s`;
}

/** Elapsed time: "4.2 s" under a minute, "2 min 05 s" from a minute on. */
export function formatSeconds(ms: number): string {
  const s = Number.isFinite(ms) && ms > 0 ? ms / 1000 : 0;
  if (s < 60) return `${s.toFixed(1)} s`;
  const whole = Math.floor(s);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}
