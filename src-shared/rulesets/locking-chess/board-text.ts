/**
 * Locking Chess's board text (`RulesetDef.boardText`, format/board-text-scheme.ts):
 * no grid; the position as its LFEN on an `LFEN:` line (LC-13). The
 * informational `pieces` list is left out on purpose (the LFEN holds the
 * position).
 */
import type { LineScheme } from '../../format/board-text-scheme.js';
import { parseLfenFields } from './lfen.js';

export const lcBoardText: LineScheme = {
  kind: 'line',
  key: 'LFEN',
  what: 'position',
  ruling: 'LC-13',
  fields: ['position', 'pieces'],
  write: (level) => String(level['position']),
  // The LFEN's syntax is checked here (LC-13), so a broken line is refused with its line; a legal-but-odd position
  // (no kings, nine pawns) reads back and the validation list names its problems, as a pasted LFEN does.
  read(value, out) {
    const f = parseLfenFields(value);
    if (!f.ok) return f.error[0]?.message ?? 'not an LFEN (LC-13)';
    out['position'] = value;
    return undefined;
  },
};
