/**
 * Chess Maze's progress in words (`PlayHooks.progressRows`), for a play
 * panel without the editor's `PlayStats` component (the player page): keys,
 * coins, gems, letters and plates, as the editor shows them.
 */
import type { PlayStatRow } from '../../play/hooks.js';
import type { CmColor } from '../../model/level.js';

/** Chess Maze progress shown in the playtest panel (`PlayView.info`). */
export interface CmProgress {
  /** Keys held (CM-5), in CM_COLORS order. */
  keys: CmColor[];
  /** Colours held open by a piece on a plate right now (CM-6). */
  plates: CmColor[];
  /** Plate colours present on the level (to show "none held"). */
  plateColors: CmColor[];
  coins: { picked: number; total: number };
  gems: { picked: number; total: number };
  collect: boolean;
  /** Spell word ('' without a spell objective) and letters spelled so far (CM-9). */
  word: string;
  spelled: number;
  /** Letters picked up so far, in order (also without a spell objective). */
  letters: string[];
}

/** Chess Maze: keys held (CM-5), coins and gems (CM-8), letters against the word (CM-9), plates held now (CM-6). */
export function cmProgressRows(cm: CmProgress): PlayStatRow[] {
  const rows: PlayStatRow[] = [{ label: 'Keys', value: cm.keys.length ? cm.keys.join(', ') : 'none', testid: 'stat-keys', data: { keys: cm.keys.join(' ') } }];
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
