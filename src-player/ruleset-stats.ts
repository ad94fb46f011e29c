/**
 * A ruleset's own rows of the player page's panel, from the play view's
 * `info` (the play hooks' `progress`), as the editor's `PlayStats`
 * components show them (src-renderer/rulesets/<id>/): the ruleset's
 * `PlayHooks.progressRows` (src-shared/play/hooks.ts); rulesets without
 * the hook show none. Pure: rows of words the page renders.
 */
import type { PlayStatRow } from '../src-shared/play/hooks.js';
import { rulesetDef } from '../src-shared/rulesets/index.js';

/** One row: its label, its value in words, a test hook name and its data (`data-*` attributes). */
export type StatRow = PlayStatRow;

/** The rows of `ruleset` for the view's `info`; none when the ruleset shows none or there is no info. */
export function statRows(ruleset: string, info: unknown): readonly StatRow[] {
  const rows = rulesetDef(ruleset)?.play?.progressRows;
  return rows && info !== undefined && info !== null ? rows(info) : [];
}
