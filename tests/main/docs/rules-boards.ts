/**
 * The text boards of docs/rules/*.md as levels, so the rules pages' examples
 * can be checked with the project's own rules and solver
 * (tests/main/docs/rules-docs.test.ts). The notation is the one the pages
 * explain (docs/rules/README.md "Reading the diagrams"):
 *
 *     5  .  .  .  .  @         rank number, then one cell per file
 *     4  .  #  .  .  .         cells separated by spaces
 *     3  .  .  P> .  .
 *     2  .  .  .  .  .
 *     1  K  .  .  .  .
 *        a  b  c  d  e         the file letters close the board
 *     par 6                    optional notes, comma-separated
 *
 * Cells per ruleset:
 * - Unlock the King: `.` empty, `#` wall, `@` portal; K Q R B N; a pawn is
 *   `P` plus its facing `^ > v <`, plus `+` when lateral; a piece on the
 *   portal or on a wall adds `@` or `#` (`R@`, `K#`). Notes: `par N`.
 * - Chess Maze: `.` playable, `~` hole; a piece (player K Q R B N, enemy
 *   k q r b n; pawns `P` / `p` plus facing) and / or a tile: `#c` lock,
 *   `_c` plate, `%c` key (c = b r y g: blue red yellow green), `$` coin,
 *   `*` gem, `'X` letter X, `=NB` transform (types N B R Q K), `@` finish;
 *   several tiles on one square follow each other (`%r$`). A piece on a
 *   hole is the piece then `~`. Notes: `collect`, `spell WORD`,
 *   `move limit N`, `par N`.
 * - King's Valley: `.` empty, `+` the (empty) valley, `#` pillar; white
 *   K S, black k s; a piece on a pillar adds `#`. Notes: `White to move` /
 *   `Black to move`, `win in N`, `starting setup`, `soldiers may stop on the valley`.
 * - Locking Chess (8 x 8): `.` empty, a FEN letter, or a stack `(XY)`
 *   (X board level, Y on top; LC-13). Notes: `White to move` / `Black to
 *   move`, `mate in N`, `castling KQkq`, `en passant e3`.
 */
import type { Level } from '../../../src-shared/model/level.js';

/** The rulesets with a page in docs/rules/. */
export type RulesPage = 'unlock-the-king' | 'chess-maze' | 'kings-valley' | 'locking-chess';

interface Grid {
  width: number;
  height: number;
  /** cells[r][f]: rank r + 1 (r = 0 is rank 1), file f. */
  cells: string[][];
  notes: string[];
}

const FILES = 'abcdefghijklmnopqrstuvwxyz';
const sq = (f: number, r: number): string => `${FILES[f]}${r + 1}`;

/** True when a fenced block's text is a board (it has a line of file letters a b c ...). */
export function looksLikeBoard(text: string): boolean {
  return text.split('\n').some((l) => /^\s+a(\s+[b-z])+\s*$/.test(l));
}

function grid(text: string): Grid {
  const lines = text.replace(/\s+$/, '').split('\n');
  const filesAt = lines.findIndex((l) => /^\s+a(\s+[b-z])+\s*$/.test(l));
  if (filesAt < 0) throw new Error('no line of file letters');
  const width = lines[filesAt]!.trim().split(/\s+/).length;
  const rows = lines.slice(0, filesAt).filter((l) => l.trim() !== '');
  const height = rows.length;
  const cells: string[][] = [];
  rows.forEach((line, i) => {
    const m = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (!m) throw new Error(`not a rank line: "${line}"`);
    const rank = Number(m[1]);
    if (rank !== height - i) throw new Error(`rank ${rank} where ${height - i} was expected`);
    const row = m[2]!.trim().split(/\s+/);
    if (row.length !== width) throw new Error(`rank ${rank} has ${row.length} cells, the board ${width} files`);
    cells[rank - 1] = row;
  });
  const notes = lines
    .slice(filesAt + 1)
    .join(',')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return { width, height, cells, notes };
}

const ROLE: Record<string, string> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };
const FACING: Record<string, 'north' | 'east' | 'south' | 'west'> = { '^': 'north', '>': 'east', v: 'south', '<': 'west' };
const COLOR: Record<string, string> = { b: 'blue', r: 'red', y: 'yellow', g: 'green' };
const TRANSFORM: Record<string, string> = { N: 'knight', B: 'bishop', R: 'rook', Q: 'queen', K: 'king' };

function note(notes: string[], re: RegExp): RegExpExecArray | undefined {
  for (const n of notes) {
    const m = re.exec(n);
    if (m) return m;
  }
  return undefined;
}

function unknownNotes(notes: string[], known: RegExp[]): void {
  for (const n of notes) if (!known.some((re) => re.test(n))) throw new Error(`unknown note "${n}"`);
}

function base(ruleset: RulesPage, title: string, g: Grid): Record<string, unknown> {
  return { format: 'castellan.level', version: 1, ruleset, meta: { title }, board: { width: g.width, height: g.height } };
}

function unlockTheKing(g: Grid, title: string): Level {
  const walls: string[] = [];
  const pieces: Record<string, unknown>[] = [];
  let portal: string | undefined;
  g.cells.forEach((row, r) =>
    row.forEach((cell, f) => {
      const m = /^(?:([KQRBN])|P([\^><v])(\+)?)?([#@])?$/.exec(cell === '.' ? '' : cell);
      if (!m) throw new Error(`bad Unlock the King cell "${cell}" on ${sq(f, r)}`);
      if (m[1]) pieces.push({ role: ROLE[m[1]], square: sq(f, r) });
      if (m[2]) pieces.push({ role: 'pawn', square: sq(f, r), facing: FACING[m[2]], ...(m[3] ? { lateral: true } : {}) });
      if (m[4] === '#') walls.push(sq(f, r));
      if (m[4] === '@') portal = sq(f, r);
    }),
  );
  unknownNotes(g.notes, [/^par \d+$/]);
  const par = note(g.notes, /^par (\d+)$/);
  return { ...base('unlock-the-king', title, g), walls, ...(portal ? { portal } : {}), pieces, ...(par ? { par: Number(par[1]) } : {}) } as unknown as Level;
}

function chessMaze(g: Grid, title: string): Level {
  const holes: string[] = [];
  const pieces: Record<string, unknown>[] = [];
  const tiles: Record<string, unknown>[] = [];
  g.cells.forEach((row, r) =>
    row.forEach((cell, f) => {
      const s = sq(f, r);
      const m = /^([KQRBNkqrbn]|[Pp][\^><v])?((?:#[bryg]|_[bryg]|%[bryg]|\$|\*|'[A-Z]|=[NBRQK]+|@|~)*)$/.exec(cell === '.' ? '' : cell);
      if (!m) throw new Error(`bad Chess Maze cell "${cell}" on ${s}`);
      if (m[1]) {
        const letter = m[1][0]!;
        const upper = letter.toUpperCase();
        pieces.push({
          role: ROLE[upper],
          square: s,
          side: letter === upper ? 'player' : 'enemy',
          ...(upper === 'P' ? { facing: FACING[m[1][1]!] } : {}),
        });
      }
      for (const [t] of m[2]!.matchAll(/#[bryg]|_[bryg]|%[bryg]|\$|\*|'[A-Z]|=[NBRQK]+|@|~/g)) {
        if (t === '~') holes.push(s);
        else if (t === '$') tiles.push({ kind: 'coin', square: s });
        else if (t === '*') tiles.push({ kind: 'gem', square: s });
        else if (t === '@') tiles.push({ kind: 'finish', square: s });
        else if (t[0] === "'") tiles.push({ kind: 'letter', square: s, letter: t[1] });
        else if (t[0] === '=') tiles.push({ kind: 'transform', square: s, allowed: [...t.slice(1)].map((c) => TRANSFORM[c]) });
        else tiles.push({ kind: t[0] === '#' ? 'lock' : t[0] === '_' ? 'plate' : 'key', square: s, color: COLOR[t[1]!] });
      }
    }),
  );
  unknownNotes(g.notes, [/^collect$/, /^spell [A-Z]+$/, /^move limit \d+$/, /^par \d+$/]);
  const spell = note(g.notes, /^spell ([A-Z]+)$/);
  const limit = note(g.notes, /^move limit (\d+)$/);
  const par = note(g.notes, /^par (\d+)$/);
  const objectives = {
    ...(g.notes.includes('collect') ? { collect: true } : {}),
    ...(spell ? { spell: spell[1] } : {}),
    ...(limit ? { moveLimit: Number(limit[1]) } : {}),
  };
  const lvl = base('chess-maze', title, g);
  return {
    ...lvl,
    board: { ...(lvl['board'] as object), ...(holes.length ? { holes } : {}) },
    pieces,
    tiles,
    ...(Object.keys(objectives).length ? { objectives } : {}),
    ...(par ? { par: Number(par[1]) } : {}),
  } as unknown as Level;
}

function kingsValley(g: Grid, title: string): Level {
  const pillars: string[] = [];
  const pieces: Record<string, unknown>[] = [];
  g.cells.forEach((row, r) =>
    row.forEach((cell, f) => {
      const s = sq(f, r);
      const m = /^([KSks])?(#)?$/.exec(cell === '.' || cell === '+' ? '' : cell);
      if (!m) throw new Error(`bad King's Valley cell "${cell}" on ${s}`);
      if (cell === '+' && (f !== (g.width - 1) / 2 || r !== (g.height - 1) / 2)) throw new Error(`"+" on ${s}, which is not the valley`);
      if (m[1]) pieces.push({ role: m[1].toUpperCase() === 'K' ? 'king' : 'soldier', square: s, side: m[1] === m[1].toUpperCase() ? 'white' : 'black' });
      if (m[2]) pillars.push(s);
    }),
  );
  unknownNotes(g.notes, [/^(White|Black) to move$/, /^win in \d+$/, /^starting setup$/, /^soldiers may stop on the valley$/]);
  const side = note(g.notes, /^(White|Black) to move$/);
  if (!side) throw new Error('a King\'s Valley board needs "White to move" or "Black to move"');
  const n = note(g.notes, /^win in (\d+)$/);
  return {
    ...base('kings-valley', title, g),
    ...(pillars.length ? { pillars } : {}),
    pieces,
    sideToMove: side[1]!.toLowerCase(),
    ...(g.notes.includes('starting setup') ? { startingSetup: true } : {}),
    ...(g.notes.includes('soldiers may stop on the valley') ? { options: { soldiersMayStopOnValley: true } } : {}),
    ...(n ? { goal: { type: 'win-in', moves: Number(n[1]) } } : {}),
  } as unknown as Level;
}

/** The LFEN of a Locking Chess board (LC-13): piece field from the cells, the rest from the notes. */
export function boardLfen(g: Grid): string {
  const ranks: string[] = [];
  for (let r = g.height - 1; r >= 0; r--) {
    let out = '';
    let empty = 0;
    g.cells[r]!.forEach((cell, f) => {
      if (cell === '.') {
        empty++;
        return;
      }
      if (!/^([KQRBNPkqrbnp]|\([KQRBNPkqrbnp]{2}\))$/.test(cell)) throw new Error(`bad Locking Chess cell "${cell}" on ${sq(f, r)}`);
      if (empty) out += String(empty);
      empty = 0;
      out += cell;
    });
    if (empty) out += String(empty);
    ranks.push(out);
  }
  unknownNotes(g.notes, [/^(White|Black) to move$/, /^mate in \d+$/, /^castling [KQkq]+$/, /^en passant [a-h][36]$/]);
  const side = note(g.notes, /^(White|Black) to move$/);
  if (!side) throw new Error('a Locking Chess board needs "White to move" or "Black to move"');
  const castling = note(g.notes, /^castling ([KQkq]+)$/)?.[1] ?? '-';
  const ep = note(g.notes, /^en passant ([a-h][36])$/)?.[1] ?? '-';
  return `${ranks.join('/')} ${side[1] === 'White' ? 'w' : 'b'} ${castling} ${ep} 0 1`;
}

function lockingChess(g: Grid, title: string): Level {
  const n = note(g.notes, /^mate in (\d+)$/);
  return {
    ...base('locking-chess', title, g),
    position: boardLfen(g),
    ...(n ? { goal: { type: 'mate-in', moves: Number(n[1]) } } : {}),
  } as unknown as Level;
}

/** The level a text board of a rules page shows. Throws (with the reason) when the text does not follow the notation. */
export function boardLevel(page: RulesPage, text: string, title = 'example'): Level {
  const g = grid(text);
  switch (page) {
    case 'unlock-the-king':
      return unlockTheKing(g, title);
    case 'chess-maze':
      return chessMaze(g, title);
    case 'kings-valley':
      return kingsValley(g, title);
    case 'locking-chess':
      return lockingChess(g, title);
  }
}
