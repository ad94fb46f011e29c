/**
 * Which cap stopped a search, in words, for every place a `limit` answer is
 * shown (CLI text, the solve panel, the live badge, the save dialogs). The
 * solver's `SolveResult` `limit` carries `reason: 'states' | 'memory' |
 * 'time'` (src-shared/solver/types.ts). Pure.
 */

/** The reason of a `limit` answer: the state (node) cap, the worker's memory limit, or the wall-clock cap. */
export type LimitReason = 'states' | 'memory' | 'time';

/** "state cap", "time cap" or "memory limit": the cap named by `reason`; "limit" for an unknown reason. */
export function capName(reason: LimitReason | string | undefined): string {
  switch (reason) {
    case 'states':
      return 'state cap';
    case 'time':
      return 'time cap';
    case 'memory':
      return 'memory limit';
    default:
      return 'limit';
  }
}
