/**
 * Dev tool for the Locking Chess sample problems
 * (resources/levels/locking-chess/).
 *
 *   npx tsx scripts/dev/locking-chess-samples.ts [--only 03,07] [--write]
 *
 * The problems are listed in SPECS below (chosen and trimmed from candidates
 * of scripts/dev/locking-chess-search.ts). For each one the tool prints the
 * board, the builder issues, the proof (LC-8: length, keys, keysWithinN,
 * main line and its mate type), that there is no faster mate, and every
 * defence to the key with the mate that follows. `--write` writes the
 * problem files without a solution; `castellan prove` then stores each
 * proof through the save pipeline.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LockingChessLevel } from '../../src-shared/model/level.js';
import { serializeLevel } from '../../src-shared/format/serialize.js';
import { validateLockingChess } from '../../src-shared/rulesets/locking-chess/index.js';
import { inspect } from './locking-chess-search.js';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../resources/levels/locking-chess');
const AUTHOR = 'Castellan samples';

export interface LcSampleSpec {
  file: string;
  title: string;
  description: string;
  tags: string[];
  /** LFEN (LC-13). */
  position: string;
  n: number;
}

export const SPECS: LcSampleSpec[] = [
  {
    file: '01-bishop-drop.level.json',
    title: 'Bishop Drop',
    description:
      'White to move: lockmate in 1 — any bishop move uncovers the e6 pawn, but only the bishop landing on the king locks it so it cannot run from the pawn.',
    tags: ['mate-in-1', 'lockmate', 'superimpose'],
    position: '8/3k4/4(PB)3/8/6K1/8/8/8 w - - 0 1',
    n: 1,
  },
  {
    file: '02-knight-on-the-bishop.level.json',
    title: 'Knight on the Bishop',
    description:
      'Black to move: lockmate in 1 — the knight climbs onto its own bishop on c2, and from that perch it hits the white king locked under its own rook whether or not the rook steps away.',
    tags: ['mate-in-1', 'lockmate', 'black-to-move', 'superimpose'],
    position: '8/8/8/4k3/8/8/2b5/(KR)3n3 b - - 0 1',
    n: 1,
  },
  {
    file: '03-castlock.level.json',
    title: 'Castlock',
    description:
      'White to move: refugee mate in 1 — castlock, and the rook riding on the king fires up the g-file over the g6 pawn at the black king perched on a white rook.',
    tags: ['mate-in-1', 'refugee-mate', 'castlock'],
    position: '6(Rk)1/8/6P1/8/8/8/8/4K2R w K - 0 1',
    n: 1,
  },
  {
    file: '04-point-blank.level.json',
    title: 'Point Blank',
    description:
      'White to move: royal mate in 1 — the king steps next to the refugee king for a point-blank check, and the knight stops it climbing onto the white king.',
    tags: ['mate-in-1', 'royal-mate', 'point-blank'],
    position: '5K2/7(bk)/4N3/8/8/8/8/8 w - - 0 1',
    n: 1,
  },
  {
    file: '05-lock-and-release.level.json',
    title: 'Lock and Release',
    description: 'White to move: checkmate in 2 — the rook climbs onto the king to hold it for one move, then steps off to a7 with check.',
    tags: ['mate-in-2', 'checkmate', 'superimpose'],
    position: '8/8/k(PR)6/2K5/p7/8/8/8 w - - 0 1',
    n: 2,
  },
  {
    file: '06-poisoned-perch.level.json',
    title: 'Poisoned Perch',
    description:
      'White to move: refugee mate in 2 — after the queen sacrifice the king can only climb onto the queen, where a knight check is mate because stepping down would free the queen.',
    tags: ['mate-in-2', 'refugee-mate', 'sacrifice'],
    position: '8/8/K7/2N5/8/7(rk)/8/6Q1 w - - 0 1',
    n: 2,
  },
  {
    file: '07-release-the-prisoner.level.json',
    title: 'Release the Prisoner',
    description:
      'White to move: lockmate in 2 — every quiet move is a lockout draw, so the queen frees the king with a sacrifice on f2 and the top bishop drops onto it.',
    tags: ['mate-in-2', 'lockmate', 'sacrifice', 'lockout'],
    position: '8/1K6/8/8/8/8/8/5(kQ)(BB)1 w - - 0 1',
    n: 2,
  },
  {
    file: '08-knight-promotion.level.json',
    title: 'Knight Promotion',
    description:
      "White to move: lockmate in 2 — the king is locked under the f7 bishop, and only a knight promoted on d8 attacks it (Black's pawn moves keep it from a lockout).",
    tags: ['mate-in-2', 'lockmate', 'promotion', 'underpromotion'],
    position: '8/5(kB)2/3P4/2p5/8/8/8/7K w - - 0 1',
    n: 2,
  },
  {
    file: '09-climb-aboard.level.json',
    title: 'Climb Aboard',
    description:
      'White to move: refugee mate in 3 — the king offers itself, the black king must climb onto it and can never step down again, and the knight comes round to check it.',
    tags: ['mate-in-3', 'refugee-mate', 'point-blank', 'knight'],
    position: '8/8/7(nk)/5K2/8/8/3N4/8 w - - 0 1',
    n: 3,
  },
  {
    file: '10-one-step-at-a-time.level.json',
    title: 'One Step at a Time',
    description:
      'White to move: lockmate in 3 — the bishop drops from the f7 pawn onto the king, and the e-pawn goes one square at a time so that neither a capture nor en passant can take it.',
    tags: ['mate-in-3', 'lockmate', 'superimpose', 'en-passant'],
    position: '8/5(pB)2/8/3k4/8/8/4P3/6K1 w - - 0 1',
    n: 3,
  },
];

export function levelOf(s: LcSampleSpec): LockingChessLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'locking-chess',
    meta: { title: s.title, author: AUTHOR, description: s.description, tags: s.tags },
    board: { width: 8, height: 8 },
    position: s.position,
    goal: { type: 'mate-in', moves: s.n },
  };
}

const args = process.argv.slice(2);
const onlyArg = args.indexOf('--only');
const only = onlyArg >= 0 ? new Set(args[onlyArg + 1]!.split(',')) : undefined;
for (const s of SPECS) {
  if (only && !only.has(s.file.slice(0, 2))) continue;
  console.log(`\n==== ${s.file}: ${s.title}`);
  const level = levelOf(s);
  const issues = validateLockingChess(level);
  if (issues.length) console.log('issues:', issues.map((i) => `${i.severity} ${i.code}`).join(', '));
  inspect(s.position, s.n);
  if (args.includes('--write')) writeFileSync(join(OUT_DIR, s.file), serializeLevel(level));
}
