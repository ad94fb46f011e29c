/**
 * A ruleset's own rows of the player page's panel, from the play view's
 * `info` (the play hooks' `progress`), as the editor's `PlayStats`
 * components show them (src-renderer/rulesets/<id>/): one entry per
 * ruleset that has progress to show, listed once in `PAGE_STATS` (the
 * others show none). Pure: rows of words the page renders.
 */
import type { Ruleset } from '../src-shared/model/level.js';
import type { CmProgress } from '../src-shared/rulesets/chess-maze/play.js';

/** One row: its label, its value in words, a test hook name and its data (`data-*` attributes). */
export interface StatRow {
  label: string;
  value: string;
  testid: string;
  data?: Record<string, string>;
}

/** Chess Maze: keys held (CM-5), coins and gems (CM-8), letters against the word (CM-9), plates held now (CM-6). */
function chessMazeRows(cm: CmProgress): StatRow[] {
  const rows: StatRow[] = [{ label: 'Keys', value: cm.keys.length ? cm.keys.join(', ') : 'none', testid: 'stat-keys', data: { keys: cm.keys.join(' ') } }];
  if (cm.coins.total || cm.collect) {
    const need = cm.collect ? (cm.coins.picked === cm.coins.total ? 'all collected' : 'all needed before the finish') : 'not needed';
    rows.push({
      label: 'Coins',
      value: `${cm.coins.picked}/${cm.coins.total} (${need})`,
      testid: 'stat-coins',
      data: { picked: String(cm.coins.picked), total: String(cm.coins.total) },
    });
  }
  if (cm.gems.total) rows.push({ label: 'Gems', value: `${cm.gems.picked}/${cm.gems.total}`, testid: 'stat-gems' });
  if (cm.word) {
    const shown = cm.word
      .split('')
      .map((ch, i) => (i < cm.spelled ? ch : '_'))
      .join(' ');
    rows.push({
      label: 'Word',
      value: `${shown} (${cm.spelled} of ${cm.word.length})`,
      testid: 'stat-letters',
      data: { spelled: cm.word.slice(0, cm.spelled) },
    });
  } else if (cm.letters.length) rows.push({ label: 'Letters', value: cm.letters.join(' '), testid: 'stat-letters' });
  if (cm.plateColors.length) rows.push({ label: 'Plates held', value: cm.plates.length ? cm.plates.join(', ') : 'none', testid: 'stat-plates' });
  return rows;
}

/** The rows of each ruleset that shows progress (by the level's `ruleset`). */
export const PAGE_STATS: Partial<Record<Ruleset, (info: unknown) => StatRow[]>> = {
  'chess-maze': (info) => chessMazeRows(info as CmProgress),
};

/** The rows of `ruleset` for the view's `info`; none when the ruleset shows none or there is no info. */
export function statRows(ruleset: string, info: unknown): StatRow[] {
  const f = PAGE_STATS[ruleset as Ruleset];
  return f && info !== undefined && info !== null ? f(info) : [];
}
