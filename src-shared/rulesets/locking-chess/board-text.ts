/**
 * Locking Chess's board text (`RulesetDef.boardText`, format/board-text-scheme.ts):
 * no grid; the position as its LFEN on an `LFEN:` line (LC-13). The
 * informational `pieces` list is left out on purpose (the LFEN holds the
 * position).
 */
import type { LineScheme } from '../../format/board-text-scheme.js';

export const lcBoardText: LineScheme = {
  kind: 'line',
  key: 'LFEN',
  what: 'position',
  ruling: 'LC-13',
  fields: ['position', 'pieces'],
  write: (level) => String(level['position']),
  read(value, out) {
    out['position'] = value;
    return undefined;
  },
};
