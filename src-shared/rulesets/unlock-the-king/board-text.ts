/**
 * Unlock the King's board text (`RulesetDef.boardText`, format/board-text-scheme.ts):
 * `wall`, `portal` (UK-6: exactly one), a piece
 * `[ivory|obsidian] <role> [facing <north|east|south|west>] [lateral]`
 * (UK-2 colour, UK-4 pawn facing and lateral flag; north and "not lateral"
 * are the defaults and left out). Default legend: `.` floor, `#` wall,
 * `@` portal, `KQRBNP` ivory and `kqrbnp` obsidian pieces.
 */
import { CHESS_ROLE_WORDS, facingWords, roleLetter, takeFacing, type GridScheme } from '../../format/board-text-scheme.js';

export const ukBoardText: GridScheme = {
  kind: 'grid',
  defaults: [
    ['.', 'floor'],
    ['#', 'wall'],
    ['@', 'portal'],
    ...CHESS_ROLE_WORDS.map((r) => [roleLetter(r, true), `ivory ${r}`] as const),
    ...CHESS_ROLE_WORDS.map((r) => [roleLetter(r, false), `obsidian ${r}`] as const),
  ],
  terrain: {
    wall: { field: 'walls' },
    portal: {
      field: 'portal',
      single: {
        code: 'board-text-portal',
        ruling: 'UK-6',
        message: (n) => `The board has ${n} portals; an Unlock the King board has exactly one (UK-6).`,
      },
    },
  },
  fields: ['walls', 'portal', 'pieces'],
  describePiece(p) {
    const color = typeof p['color'] === 'string' ? `${p['color']} ` : '';
    return `${color}${String(p['role'])}${facingWords(p)}${p['lateral'] === true ? ' lateral' : ''}`;
  },
  parsePiece(words) {
    const rest = [...words];
    const out: Record<string, unknown> = {};
    if (rest[0] === 'ivory' || rest[0] === 'obsidian') out['color'] = rest.shift();
    const role = rest.shift();
    if (role === undefined || !CHESS_ROLE_WORDS.includes(role)) return undefined;
    out['role'] = role;
    const facing = takeFacing(rest);
    if (facing === 'bad') return undefined;
    if (facing !== undefined) out['facing'] = facing;
    if (rest[0] === 'lateral') {
      out['lateral'] = true;
      rest.shift();
    }
    return rest.length === 0 ? out : undefined;
  },
  extra: [],
};
