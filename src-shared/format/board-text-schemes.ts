/**
 * What each grid ruleset writes on a square of a board text
 * (board-text.ts): the words for its pieces, tiles and terrain, the
 * default legend (the characters a board typed by hand may use without a
 * legend), and its extra lines (Chess Maze `Objectives:`, King's Valley
 * `Rules:`). Locking Chess has no grid scheme: its board text carries the
 * LFEN (LC-13).
 *
 * A square's content is a list of things, each described in lower-case
 * words:
 * - Unlock the King: `wall`, `portal` (UK-6), a piece
 *   `[ivory|obsidian] <role> [facing <north|east|south|west>] [lateral]`
 *   (UK-2 colour, UK-4 pawn facing and lateral flag; north and "not
 *   lateral" are the defaults and left out);
 * - Chess Maze: `hole` (CM-1), a piece `<player|enemy> <role> [facing <dir>]`,
 *   tiles `<blue|red|yellow|green> <lock|plate|key>`, `transform <types…>`
 *   (CM-10), `coin`, `gem`, `letter <A-Z>` (CM-9), `finish` (CM-11);
 * - King's Valley: `pillar` (KV-9), a piece `<white|black> <king|soldier>`.
 * Every field these cover is what the level hash covers (level-hash.ts), so
 * a level read back from its board text has the same `levelHash`.
 */
import type { Level, Ruleset } from '../model/level.js';
import { isJsonObject } from './json-value.js';

/** One thing on a square, as the level document holds it. */
export type Thing =
  | { kind: 'piece'; value: Record<string, unknown> }
  | { kind: 'tile'; value: Record<string, unknown> }
  /** A terrain square list (`walls`, `board.holes`, `pillars`) or the single `portal`. */
  | { kind: 'terrain'; field: TerrainField };

export type TerrainField = 'walls' | 'holes' | 'pillars' | 'portal';

/** An extra line of a ruleset (`Objectives:` / `Rules:`): written from the level, read into its fields. */
export interface ExtraLine {
  key: string;
  /** The line's value for `level`, or undefined when there is nothing to say. */
  write(level: Record<string, unknown>): string | undefined;
  /** Sets the fields the value names on `out`; answers an error sentence when a part is not understood. */
  read(value: string, out: Record<string, unknown>): string | undefined;
}

export interface GridScheme {
  ruleset: Ruleset;
  /** Default legend: character → square description (`floor`: nothing). */
  defaults: readonly (readonly [string, string])[];
  /** Terrain words and the field each fills. */
  terrain: Readonly<Record<string, TerrainField>>;
  describePiece(p: Record<string, unknown>): string;
  parsePiece(words: string[]): Record<string, unknown> | undefined;
  describeTile?(t: Record<string, unknown>): string;
  parseTile?(words: string[]): Record<string, unknown> | undefined;
  extra: readonly ExtraLine[];
  /** Fields the scheme fills besides pieces and terrain (they are not "lost"). */
  fields: readonly string[];
}

const ROLES = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];
const FACINGS = ['north', 'east', 'south', 'west'];
const CM_COLORS = ['blue', 'red', 'yellow', 'green'];
const TRANSFORMS = ['knight', 'bishop', 'rook', 'queen', 'king'];

/** `facing <dir>` at the start of `rest` (consumed), or undefined; `bad` when `facing` is followed by no direction. */
function takeFacing(rest: string[]): string | undefined | 'bad' {
  if (rest[0] !== 'facing') return undefined;
  const dir = rest[1];
  if (dir === undefined || !FACINGS.includes(dir)) return 'bad';
  rest.splice(0, 2);
  return dir;
}

function facingWords(p: Record<string, unknown>): string {
  return typeof p['facing'] === 'string' && p['facing'] !== 'north' ? ` facing ${p['facing']}` : '';
}

const unlockTheKing: GridScheme = {
  ruleset: 'unlock-the-king',
  defaults: [
    ['.', 'floor'],
    ['#', 'wall'],
    ['@', 'portal'],
    ...ROLES.map((r) => [r === 'knight' ? 'N' : r[0]!.toUpperCase(), `ivory ${r}`] as const),
    ...ROLES.map((r) => [r === 'knight' ? 'n' : r[0]!, `obsidian ${r}`] as const),
  ],
  terrain: { wall: 'walls', portal: 'portal' },
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
    if (role === undefined || !ROLES.includes(role)) return undefined;
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

const chessMaze: GridScheme = {
  ruleset: 'chess-maze',
  defaults: [
    ['.', 'floor'],
    ['#', 'hole'],
    ...ROLES.map((r) => [r === 'knight' ? 'N' : r[0]!.toUpperCase(), `player ${r}`] as const),
    ...ROLES.map((r) => [r === 'knight' ? 'n' : r[0]!, `enemy ${r}`] as const),
    ['$', 'coin'],
    ['*', 'gem'],
    ['F', 'finish'],
  ],
  terrain: { hole: 'holes' },
  fields: ['pieces', 'tiles', 'objectives'],
  describePiece(p) {
    return `${String(p['side'])} ${String(p['role'])}${facingWords(p)}`;
  },
  parsePiece(words) {
    const rest = [...words];
    const side = rest.shift();
    const role = rest.shift();
    if ((side !== 'player' && side !== 'enemy') || role === undefined || !ROLES.includes(role)) return undefined;
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

/** `white to move` / `black to move`, `starting setup` (KV-4), `soldiers may stop on the valley` (KV-3). */
const kvRules: ExtraLine = {
  key: 'Rules',
  write(level) {
    const parts = [`${String(level['sideToMove'])} to move`];
    if (level['startingSetup'] === true) parts.push('starting setup');
    const o = level['options'];
    if (isJsonObject(o) && o['soldiersMayStopOnValley'] === true) parts.push('soldiers may stop on the valley');
    return parts.join(', ');
  },
  read(value, out) {
    for (const raw of value.split(',')) {
      const part = raw.trim().toLowerCase().replace(/\s+/g, ' ');
      if (part === '') continue;
      if (part === 'white to move' || part === 'black to move') out['sideToMove'] = part.split(' ')[0];
      else if (part === 'starting setup') out['startingSetup'] = true;
      else if (part === 'soldiers may stop on the valley') out['options'] = { soldiersMayStopOnValley: true };
      else return `"${raw.trim()}" is not a rule (white to move, black to move, starting setup, soldiers may stop on the valley)`;
    }
    return undefined;
  },
};

const kingsValley: GridScheme = {
  ruleset: 'kings-valley',
  defaults: [
    ['.', 'floor'],
    ['#', 'pillar'],
    ['K', 'white king'],
    ['S', 'white soldier'],
    ['k', 'black king'],
    ['s', 'black soldier'],
  ],
  terrain: { pillar: 'pillars' },
  fields: ['pillars', 'pieces', 'sideToMove', 'startingSetup', 'options'],
  describePiece(p) {
    return `${String(p['side'])} ${String(p['role'])}`;
  },
  parsePiece(words) {
    const [side, role, ...more] = words;
    if ((side !== 'white' && side !== 'black') || (role !== 'king' && role !== 'soldier') || more.length) return undefined;
    return { role, side };
  },
  extra: [kvRules],
};

const SCHEMES: Partial<Record<string, GridScheme>> = {
  'unlock-the-king': unlockTheKing,
  'chess-maze': chessMaze,
  'kings-valley': kingsValley,
};

/** The grid scheme of `ruleset`, or undefined (Locking Chess: LFEN; an unknown ruleset). */
export function gridScheme(ruleset: string): GridScheme | undefined {
  return Object.prototype.hasOwnProperty.call(SCHEMES, ruleset) ? SCHEMES[ruleset] : undefined;
}

/**
 * Parses one square description (`ivory pawn facing east, portal`) with
 * `scheme`: the things, or the part that is not understood.
 */
export function parseSquareDescription(scheme: GridScheme, desc: string): Thing[] | { bad: string } {
  const text = desc.trim().toLowerCase();
  if (text === 'floor' || text === 'empty' || text === '') return [];
  const out: Thing[] = [];
  for (const raw of text.split(',')) {
    const words = raw
      .trim()
      .split(/\s+/)
      .filter((w) => w !== '');
    if (words.length === 0) return { bad: raw.trim() };
    if (words.length === 1 && Object.prototype.hasOwnProperty.call(scheme.terrain, words[0]!)) {
      out.push({ kind: 'terrain', field: scheme.terrain[words[0]!]! });
      continue;
    }
    const piece = scheme.parsePiece(words);
    if (piece) {
      out.push({ kind: 'piece', value: piece });
      continue;
    }
    const tile = scheme.parseTile?.(words);
    if (tile) {
      out.push({ kind: 'tile', value: tile });
      continue;
    }
    return { bad: raw.trim() };
  }
  return out;
}

/**
 * What stands on each square of `level` (grid rulesets): square name →
 * descriptions (pieces first, then tiles, then terrain, in document
 * order). Squares named by the level but outside its board are listed in
 * `off` (a board text cannot hold them).
 */
export function describeSquares(scheme: GridScheme, level: Level): { squares: Map<string, string[]>; off: string[] } {
  const doc = level as unknown as Record<string, unknown>;
  const squares = new Map<string, string[]>();
  const add = (sq: unknown, desc: string): void => {
    if (typeof sq !== 'string') return;
    const list = squares.get(sq);
    if (list) list.push(desc);
    else squares.set(sq, [desc]);
  };
  for (const p of Array.isArray(doc['pieces']) ? doc['pieces'] : []) if (isJsonObject(p)) add(p['square'], scheme.describePiece(p));
  for (const t of Array.isArray(doc['tiles']) ? doc['tiles'] : []) if (isJsonObject(t) && scheme.describeTile) add(t['square'], scheme.describeTile(t));
  for (const [word, field] of Object.entries(scheme.terrain)) {
    const board = doc['board'];
    const v = field === 'holes' ? (isJsonObject(board) ? board['holes'] : undefined) : doc[field];
    if (typeof v === 'string') add(v, word);
    else if (Array.isArray(v)) for (const sq of v) add(sq, word);
  }
  const { width, height } = level.board;
  const off = [...squares.keys()].filter((sq) => {
    const m = /^([a-z])(\d+)$/.exec(sq);
    return !m || m[1]!.charCodeAt(0) - 97 >= width || Number(m[2]) > height || Number(m[2]) < 1;
  });
  return { squares, off };
}
