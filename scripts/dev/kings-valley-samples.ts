/**
 * Dev tool for the King's Valley sample problems and setups
 * (resources/levels/kings-valley/).
 *
 *   npx tsx scripts/dev/kings-valley-samples.ts [--only 03,07] [--write]
 *   npx tsx scripts/dev/kings-valley-samples.ts --board 's...s/.S..s/.S+.k/...sS/.SK..' --to white [--pillars b3,b5] [--option]
 *
 * The problems are listed in the compact specs below (chosen from
 * candidates of scripts/dev/kings-valley-search.ts). For each one the tool
 * prints the board, the builder issues, the proof (KV-8: length, keys,
 * keysWithinN, main line, every defence's refutation), how the main line
 * ends (KV-5 valley or KV-6 trap), what the defender would threaten if it
 * were its move, and ablations (the proof again without the pillars, or
 * without soldiersMayStopOnValley) showing whether the problem needs them.
 * `--write` writes the problem files (without a solution; `castellan prove`
 * stores each proof through the save pipeline) and the three starting
 * setups as playable positions. `--board` inspects a search candidate
 * (board text top rank first: K/S white, k/s black, # pillar, . or + empty).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KingsValleyLevel, KvPiece, KvSide } from '../../src-shared/model/level.js';
import { squareName } from '../../src-shared/model/square.js';
import { serializeLevel } from '../../src-shared/format/serialize.js';

import {
  KV_LABYRINTH_SETUP,
  KV_RETRIEVE_THE_KING_SETUP,
  KV_STANDARD_SETUP,
  compileKingsValley,
  validateKingsValley,
  kvLegalMoves,
  kvMoveToLan,
  kvOutcome,
  kvParseLan,
  kvPlay,
  kvSetupCopy,
  solveKingsValley,
  type KvPosition,
} from '../../src-shared/rulesets/kings-valley/index.js';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../resources/levels/kings-valley');
const AUTHOR = 'Castellan samples';

export interface KvSampleSpec {
  file: string;
  title: string;
  description: string;
  tags: string[];
  /** Board rows, top rank first: K/S white, k/s black, # pillar, . empty (+ the valley, empty). */
  board: string[];
  toMove: KvSide;
  option?: boolean;
  n: number;
}

export const SPECS: KvSampleSpec[] = [
  {
    file: '01-backstop.level.json',
    title: 'Backstop',
    description: 'White to move: the black soldier on c4 stops your king on the valley.',
    tags: ['win-in-1', '5x5', 'valley'],
    board: ['.s.ss', 'S.s.k', '..+..', '.S..S', '..K.S'],
    toMove: 'white',
    n: 1,
  },
  {
    file: '02-walled-in.level.json',
    title: 'Walled In',
    description: "Black to move: White's own soldiers box in its king, so close the last gap (KV-6).",
    tags: ['win-in-1', '5x5', 'trap', 'black-to-move'],
    board: ['.sks.', '.....', 'S.+.s', 'SS...', 'K.s.S'],
    toMove: 'black',
    n: 1,
  },
  {
    file: '03-between-the-pillars.level.json',
    title: 'Between the Pillars',
    description: 'White to move: Black threatens Ka4-d4, but the e4 soldier can cross the valley to b4 and seal the king in between the pillars.',
    tags: ['win-in-1', '7x7', 'labyrinth', 'pillars', 'trap'],
    board: ['..s.s.s', '.s.....', 's#...#.', 'k..+S.s', 'S#...#.', '.......', 'S.SK.SS'],
    toMove: 'white',
    n: 1,
  },
  {
    file: '04-change-sides.level.json',
    title: 'Change Sides',
    description: "White to move: bring the c2 soldier in front of the valley, where it blocks Black's king and stops yours.",
    tags: ['win-in-2', '5x5', 'block', 'backstop'],
    board: ['Sskss', '.....', '..+..', '..S.s', 'S.K.S'],
    toMove: 'white',
    n: 2,
  },
  {
    file: '05-plugged-valley.level.json',
    title: 'Plugged Valley',
    description: 'White to move: soldiers may stop on the valley here and a black one plugs c3, so trap the black king instead.',
    tags: ['win-in-2', '5x5', 'soldiers-on-valley', 'trap'],
    board: ['.s.ks', '..SSS', '.KsS.', 's....', '.....'],
    toMove: 'white',
    option: true,
    n: 2,
  },
  {
    file: '06-pillar-parking.level.json',
    title: 'Pillar Parking',
    description: "Black to move: the b5 pillar parks a soldier on c5, exactly where the king's diagonal needs a backstop.",
    tags: ['win-in-2', '7x7', 'labyrinth', 'pillars', 'black-to-move'],
    board: ['s...Sss', '......S', '.#..s#.', '...+..K', '.#...#S', '.....ks', 'sS...SS'],
    toMove: 'black',
    n: 2,
  },
  {
    file: '07-block-then-slide-home.level.json',
    title: 'Block, Then Slide Home',
    description: "White to move: block Black's road along the third rank, then slide home against your own blocker.",
    tags: ['win-in-3', '5x5', 'block', 'backstop'],
    board: ['s...s', '.S..s', '.S+.k', '...sS', '.SK..'],
    toMove: 'white',
    n: 3,
  },
  {
    file: '08-through-the-valley.level.json',
    title: 'Through the Valley',
    description: 'Black to move: run the king straight through the valley to b3, then plant a soldier on d3 to stop it on the way back.',
    tags: ['win-in-3', '5x5', 'retrieve-the-king', 'black-to-move'],
    board: ['.sK..', 'S.S.s', 'S.+.k', '....s', 'S..s.'],
    toMove: 'black',
    n: 3,
  },
  {
    file: '09-two-pillars.level.json',
    title: 'Two Pillars',
    description: 'White to move: the f5 pillar stops your king on e4, and the b5 pillar stops a soldier on c4 just beyond the valley.',
    tags: ['win-in-3', '7x7', 'labyrinth', 'pillars'],
    board: ['sssks.s', 'S......', '.#...#s', '...+...', '.#...#.', '..K....', '.SS.SSS'],
    toMove: 'white',
    n: 3,
  },
  {
    file: '10-out-of-the-corner.level.json',
    title: 'Out of the Corner',
    description: 'White to move: Black threatens to trap your king on a5, so escape along the diagonal through the valley and come back from below.',
    tags: ['win-in-4', '5x5', 'escape'],
    board: ['Ksk..', 's.s.S', '.S+..', '.s...', 'S...S'],
    toMove: 'white',
    n: 4,
  },
  {
    file: '11-stepping-stone.level.json',
    title: 'Stepping Stone',
    description: 'Black to move: soldiers may stop on the valley here, so a soldier uses d4 as a stepping stone on its way to the backstop square e5.',
    tags: ['win-in-4', '7x7', 'labyrinth', 'pillars', 'soldiers-on-valley', 'black-to-move'],
    board: ['......s', 's.....s', '.#...#s', 's..+...', 'S#k..#.', 'S.s....', 'SS.KS.S'],
    toMove: 'black',
    option: true,
    n: 4,
  },
  {
    file: '12-the-long-way-round.level.json',
    title: 'The Long Way Round',
    description: 'White to move: swing the king out of the corner to e1 and come back to box in the black king on the top rank.',
    tags: ['win-in-5', '5x5', 'trap'],
    board: ['Ks.ks', '..SSS', '.s+..', '.s...', 'S....'],
    toMove: 'white',
    n: 5,
  },
  {
    file: '13-pillar-relay.level.json',
    title: 'Pillar Relay',
    description: 'Black to move: plant a soldier on c3, walk the king down to c4, and let the f3 pillar park the backstop on e4.',
    tags: ['win-in-5', '7x7', 'labyrinth', 'pillars', 'black-to-move'],
    board: ['sssks.s', '.......', '.#...#.', '...+...', '.#...#S', 'S.K..S.', 'sSS...S'],
    toMove: 'black',
    n: 5,
  },
];

function levelFromBoard(rows: string[], toMove: KvSide, option: boolean, n: number | undefined): KingsValleyLevel {
  const height = rows.length;
  const width = rows[0]!.length;
  const pieces: KvPiece[] = [];
  const pillars: string[] = [];
  const order: [string, KvPiece['role'], KvSide][] = [
    ['K', 'king', 'white'],
    ['S', 'soldier', 'white'],
    ['k', 'king', 'black'],
    ['s', 'soldier', 'black'],
  ];
  for (const [ch, role, side] of order) {
    for (let r = 0; r < height; r++) {
      for (let f = 0; f < width; f++) {
        if (rows[height - 1 - r]![f] === ch) pieces.push({ role, square: squareName(f, r), side });
      }
    }
  }
  for (let r = 0; r < height; r++) {
    if (rows[height - 1 - r]!.length !== width) throw new Error('ragged board');
    for (let f = 0; f < width; f++) if (rows[height - 1 - r]![f] === '#') pillars.push(squareName(f, r));
  }
  const level: KingsValleyLevel = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'kings-valley',
    meta: { title: 'candidate' },
    board: { width, height },
    pieces,
    sideToMove: toMove,
  };
  if (pillars.length) level.pillars = pillars;
  if (option) level.options = { soldiersMayStopOnValley: true };
  if (n !== undefined) level.goal = { type: 'win-in', moves: n };
  return level;
}

function diagram(pos: KvPosition): string {
  const lines: string[] = [];
  for (let r = pos.height - 1; r >= 0; r--) {
    let row = `${String(r + 1).padStart(2)} `;
    for (let f = 0; f < pos.width; f++) {
      const i = r * pos.width + f;
      row += ' ' + ['.', 'S', 'K', 's', 'k', '#'][pos.cells[i]!]!.replace('.', i === pos.valley ? '+' : '.');
    }
    lines.push(row);
  }
  lines.push('    ' + Array.from({ length: pos.width }, (_, f) => String.fromCharCode(97 + f)).join(' '));
  return lines.join('\n');
}

const flip = (pos: KvPosition): KvPosition => ({ ...pos, sideToMove: pos.sideToMove === 'white' ? 'black' : 'white', firstMoveSoldierOnly: false });

function inspect(level: KingsValleyLevel): void {
  const c = compileKingsValley(level);
  const issues = validateKingsValley(level);
  for (const i of issues) console.log(`  ${i.severity} ${i.code}: ${i.message}`);
  if (!c.ok) return;
  const pos = c.value;
  console.log(diagram(pos));
  console.log(`  ${pos.sideToMove} to move${pos.soldiersMayStopOnValley ? ', soldiers may stop on the valley' : ''}`);
  const threats = kvLegalMoves(flip(pos))
    .filter((m) => kvPlay(flip(pos), m).outcome.status === 'won')
    .map((m) => kvMoveToLan(flip(pos), m));
  console.log(`  defender's immediate wins if it were to move: ${threats.join(' ') || '-'}`);
  const r = solveKingsValley(level, { maxStates: 20_000_000 });
  if (r.status !== 'solved') {
    console.log(`  solve: ${r.status}`);
    return;
  }
  let end = pos;
  for (const lan of r.moves ?? []) end = kvPlay(end, kvParseLan(end, lan)!).position;
  const o = kvOutcome(end);
  console.log(`  length ${r.length} (goal ${level.goal?.moves}), keys ${r.keys?.join(' ')}, keysWithinN ${r.keysWithinN?.join(' ')}, states ${r.states}`);
  console.log(`  main line: ${r.moves?.join(' ')}  -> ${o.status === 'won' ? `${o.winner} wins (${o.reason}, ${o.ruling})` : o.status}`);
  for (const x of r.refutations ?? []) console.log(`    ${x.defence}: ${x.answer} (${x.length})`);
  const ablate = (label: string, change: (l: KingsValleyLevel) => void): void => {
    const copy = JSON.parse(JSON.stringify(level)) as KingsValleyLevel;
    change(copy);
    const a = solveKingsValley(copy, { maxStates: 20_000_000 });
    console.log(`  ${label}: ${a.status === 'solved' ? `length ${a.length}, keys ${a.keys?.join(' ')}` : a.status}`);
  };
  if (level.pillars) ablate('without pillars', (l) => delete l.pillars);
  if (level.options?.soldiersMayStopOnValley) ablate('without soldiersMayStopOnValley', (l) => delete l.options);
  if (level.goal && level.goal.moves < 5) ablate('goal 5 (slower wins)', (l) => (l.goal = { type: 'win-in', moves: 5 }));
}

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

const boardArg = arg('board');
if (boardArg !== undefined) {
  const level = levelFromBoard(boardArg.split('/'), (arg('to') ?? 'white') as KvSide, args.includes('--option'), Number(arg('n') ?? '5'));
  inspect(level);
} else {
  const only = arg('only')?.split(',');
  for (const s of SPECS) {
    if (only && !only.some((o) => s.file.startsWith(o))) continue;
    const level = levelFromBoard(s.board, s.toMove, s.option === true, s.n);
    level.meta = { title: s.title, author: AUTHOR, description: s.description, tags: s.tags };
    console.log(`\n== ${s.file}: ${s.title} (win in ${s.n})\n  ${s.description}`);
    inspect(level);
    if (args.includes('--write')) writeFileSync(join(OUT_DIR, s.file), serializeLevel(level));
  }
  if (args.includes('--write') && !only) {
    const setups: [string, Readonly<KingsValleyLevel>, string, string[]][] = [
      [
        'setup-standard.level.json',
        KV_STANDARD_SETUP,
        'The standard 5x5 starting position: each side on its first row, kings in the middle; White moves a soldier first.',
        ['setup', '5x5'],
      ],
      [
        'setup-retrieve-the-king.level.json',
        KV_RETRIEVE_THE_KING_SETUP,
        'The "Retrieve the King" variant: the kings start in the middle of the opponent\'s row; White moves a soldier first.',
        ['setup', '5x5', 'variant'],
      ],
      [
        'setup-labyrinth.level.json',
        KV_LABYRINTH_SETUP,
        'The 7x7 Labyrinth variant: six soldiers and a king each, with pillars on b3, b5, f3 and f5; White moves a soldier first.',
        ['setup', '7x7', 'labyrinth', 'pillars'],
      ],
    ];
    for (const [file, setup, description, tags] of setups) {
      const level = kvSetupCopy(setup);
      level.meta = { title: setup.meta.title, author: AUTHOR, description, tags };
      writeFileSync(join(OUT_DIR, file), serializeLevel(level));
    }
  }
}
