/**
 * Chess Maze's board text (`RulesetDef.boardText`, format/board-text-scheme.ts):
 * `hole` (CM-1), a piece `<player|enemy> <role> [facing <dir>]`, tiles
 * `<blue|red|yellow|green> <lock|plate|key>`, `transform <types…>` (CM-10),
 * `coin`, `gem`, `letter <A-Z>` (CM-9), `finish` (CM-11), and the
 * `Objectives:` line. Default legend: `.` floor, `#` hole, `KQRBNP` player
 * and `kqrbnp` enemy pieces, `$` coin, `*` gem, `F` finish.
 */
import { CHESS_ROLE_WORDS, facingWords, roleLetter, takeFacing, type ExtraLine, type GridScheme } from '../../format/board-text-scheme.js';
import { isJsonObject } from '../../format/json-value.js';

const CM_COLORS = ['blue', 'red', 'yellow', 'green'];
const TRANSFORMS = ['knight', 'bishop', 'rook', 'queen', 'king'];

/** `collect all`, `spell WORD`, `move limit N`, `capture a1 b2` (CM-8, CM-9, CM-12, CM-13). */
const cmObjectives: ExtraLine = {
  key: 'Objectives',
  write(level) {
    const o = level['objectives'];
    if (!isJsonObject(o)) return undefined;
    const parts: string[] = [];
    if (o['collect'] === true) parts.push('collect all');
    if (typeof o['spell'] === 'string') parts.push(`spell ${o['spell']}`);
    if (typeof o['moveLimit'] === 'number') parts.push(`move limit ${o['moveLimit']}`);
    if (Array.isArray(o['capture']) && o['capture'].length > 0) parts.push(`capture ${o['capture'].join(' ')}`);
    return parts.length ? parts.join(', ') : undefined;
  },
  read(value, out) {
    const o: Record<string, unknown> = {};
    for (const raw of value.split(',')) {
      const part = raw.trim();
      if (part === '') continue;
      const words = part.split(/\s+/);
      const head = words[0]!.toLowerCase();
      if (head === 'collect' && words.length === 2 && words[1]!.toLowerCase() === 'all') o['collect'] = true;
      else if (head === 'spell' && words.length === 2) o['spell'] = words[1]!.toUpperCase();
      else if (head === 'move' && words[1]?.toLowerCase() === 'limit' && words.length === 3 && /^\d{1,9}$/.test(words[2]!)) o['moveLimit'] = Number(words[2]);
      else if (head === 'capture' && words.length >= 2) o['capture'] = words.slice(1).map((w) => w.toLowerCase());
      else return `"${part}" is not an objective (collect all, spell WORD, move limit N, capture SQUARES)`;
    }
    if (Object.keys(o).length > 0) out['objectives'] = o;
    return undefined;
  },
};

export const cmBoardText: GridScheme = {
  kind: 'grid',
  defaults: [
    ['.', 'floor'],
    ['#', 'hole'],
    ...CHESS_ROLE_WORDS.map((r) => [roleLetter(r, true), `player ${r}`] as const),
    ...CHESS_ROLE_WORDS.map((r) => [roleLetter(r, false), `enemy ${r}`] as const),
    ['$', 'coin'],
    ['*', 'gem'],
    ['F', 'finish'],
  ],
  terrain: { hole: { field: 'holes', underBoard: true } },
  fields: ['pieces', 'tiles', 'objectives'],
  describePiece(p) {
    return `${String(p['side'])} ${String(p['role'])}${facingWords(p)}`;
  },
  parsePiece(words) {
    const rest = [...words];
    const side = rest.shift();
    const role = rest.shift();
    if ((side !== 'player' && side !== 'enemy') || role === undefined || !CHESS_ROLE_WORDS.includes(role)) return undefined;
    const out: Record<string, unknown> = { role, side };
    const facing = takeFacing(rest);
    if (facing === 'bad') return undefined;
    if (facing !== undefined) out['facing'] = facing;
    return rest.length === 0 ? out : undefined;
  },
  describeTile(t) {
    switch (t['kind']) {
      case 'lock':
      case 'plate':
      case 'key':
        return `${String(t['color'])} ${t['kind']}`;
      case 'transform':
        return `transform${Array.isArray(t['allowed']) ? t['allowed'].map((a) => ` ${String(a)}`).join('') : ''}`;
      case 'letter':
        return `letter ${String(t['letter'])}`;
      default:
        return String(t['kind']);
    }
  },
  parseTile(words) {
    const [a, b, ...more] = words;
    if (a === undefined) return undefined;
    if (CM_COLORS.includes(a) && (b === 'lock' || b === 'plate' || b === 'key') && more.length === 0) return { kind: b, color: a };
    if (a === 'transform' && words.slice(1).every((w) => TRANSFORMS.includes(w))) return { kind: 'transform', allowed: words.slice(1) };
    if (a === 'letter' && b !== undefined && /^[a-z]$/.test(b) && more.length === 0) return { kind: 'letter', letter: b.toUpperCase() };
    if ((a === 'coin' || a === 'gem' || a === 'finish') && b === undefined) return { kind: a };
    return undefined;
  },
  extra: [cmObjectives],
};
