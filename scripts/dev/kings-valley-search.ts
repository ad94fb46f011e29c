/**
 * Dev tool: finds King's Valley "win in N" candidates for the sample
 * problems (resources/levels/kings-valley/) by playing semi-random games
 * from a starting setup and stopping at a random ply, then proving the
 * position with the solver (KV-8). Reproducible (seeded).
 *
 *   npx tsx scripts/dev/kings-valley-search.ts --setup standard|retrieve|labyrinth \
 *     [--option] [--seed 1] [--count 200] [--max-n 5] [--max-states 3000000] [--out FILE]
 *
 * The playout policy takes no immediate win and avoids (when it can) moves
 * that give the opponent an immediate win, so the stopping positions look
 * like real games. `--option` sets soldiersMayStopOnValley (KV-3).
 * Each candidate line printed/written: setup, pieces, side to move,
 * `length` (the shortest forced win), `keys`, `keysWithinN`, the main line,
 * how the main line ends (valley KV-5 / trap KV-6) and whether the defender
 * would threaten an immediate win if it were its move ("threat").
 * Only positions with a win within --max-n are kept.
 */
import { writeFileSync } from 'node:fs';
import type { KingsValleyLevel, KvPiece, KvSide } from '../../src-shared/model/level.js';
import { indexToSquare } from '../../src-shared/model/square.js';
import {
  KV_BLACK_KING,
  KV_BLACK_SOLDIER,
  KV_LABYRINTH_SETUP,
  KV_RETRIEVE_THE_KING_SETUP,
  KV_STANDARD_SETUP,
  KV_WHITE_KING,
  KV_WHITE_SOLDIER,
  compileKingsValley,
  kvLegalMoves,
  kvOutcome,
  kvPlay,
  kvParseLan,
  kvSetupCopy,
  solveKingsValley,
  type KvMove,
  type KvPosition,
} from '../../src-shared/rulesets/kings-valley/index.js';

const args = process.argv.slice(2);
const arg = (name: string, dflt: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const setupName = arg('setup', 'standard');
const option = args.includes('--option');
let seed = Number(arg('seed', '1')) >>> 0;
const count = Number(arg('count', '200'));
const maxN = Number(arg('max-n', '5'));
const maxStates = Number(arg('max-states', '3000000'));
const minPly = Number(arg('min-ply', '4'));
const maxPly = Number(arg('max-ply', '24'));
const outFile = arg('out', '');

function rand(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

const base: KingsValleyLevel = kvSetupCopy(
  setupName === 'retrieve' ? KV_RETRIEVE_THE_KING_SETUP : setupName === 'labyrinth' ? KV_LABYRINTH_SETUP : KV_STANDARD_SETUP,
);
if (option) base.options = { soldiersMayStopOnValley: true };

const immediateWins = (pos: KvPosition): KvMove[] => kvLegalMoves(pos).filter((m) => kvPlay(pos, m).outcome.status === 'won');

/** The position with the other side to move (for the "threat" test). */
const flipped = (pos: KvPosition): KvPosition => ({ ...pos, sideToMove: pos.sideToMove === 'white' ? 'black' : 'white', firstMoveSoldierOnly: false });

function toLevel(pos: KvPosition): KingsValleyLevel {
  const pieces: KvPiece[] = [];
  const pillars: string[] = [];
  const codes: [number, KvPiece['role'], KvSide][] = [
    [KV_WHITE_KING, 'king', 'white'],
    [KV_WHITE_SOLDIER, 'soldier', 'white'],
    [KV_BLACK_KING, 'king', 'black'],
    [KV_BLACK_SOLDIER, 'soldier', 'black'],
  ];
  for (const [code, role, side] of codes) {
    pos.cells.forEach((c, i) => {
      if (c === code) pieces.push({ role, square: indexToSquare(i, pos.width), side });
    });
  }
  pos.cells.forEach((c, i) => {
    if (c === 5) pillars.push(indexToSquare(i, pos.width));
  });
  const level: KingsValleyLevel = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'kings-valley',
    meta: { title: 'candidate' },
    board: { width: pos.width, height: pos.height },
    ...(pillars.length ? { pillars } : {}),
    sideToMove: pos.sideToMove,
    ...(pos.soldiersMayStopOnValley ? { options: { soldiersMayStopOnValley: true } } : {}),
    goal: { type: 'win-in', moves: maxN },
    pieces,
  };
  return level;
}

/** Text of a board, top rank first: K/S white, k/s black, # pillar, + valley. */
export function boardText(pos: KvPosition): string {
  const rows: string[] = [];
  for (let r = pos.height - 1; r >= 0; r--) {
    let row = '';
    for (let f = 0; f < pos.width; f++) {
      const i = r * pos.width + f;
      row += ['.', 'S', 'K', 's', 'k', '#'][pos.cells[i]!]!.replace('.', i === pos.valley ? '+' : '.');
    }
    rows.push(row);
  }
  return rows.join('/');
}

const compiled = compileKingsValley(base);
if (!compiled.ok) throw new Error('setup does not compile');
const seen = new Set<string>();
const out: unknown[] = [];
let games = 0;
while (out.length < count && games < count * 50) {
  games++;
  let pos = compiled.value;
  const stop = minPly + Math.floor(rand() * (maxPly - minPly + 1));
  let ok = true;
  for (let ply = 0; ply < stop; ply++) {
    const moves = kvLegalMoves(pos);
    const quiet = moves.filter((m) => kvPlay(pos, m).outcome.status === 'ongoing');
    const safe = quiet.filter((m) => immediateWins(kvPlay(pos, m).position).length === 0);
    const pool = safe.length ? safe : quiet;
    if (!pool.length) {
      ok = false;
      break;
    }
    pos = kvPlay(pos, pick(pool)).position;
  }
  if (!ok || kvOutcome(pos).status !== 'ongoing') continue;
  const key = boardText(pos) + pos.sideToMove;
  if (seen.has(key)) continue;
  seen.add(key);
  const level = toLevel(pos);
  const t0 = Date.now();
  const r = solveKingsValley(level, { maxStates });
  const ms = Date.now() - t0;
  if (r.status !== 'solved') continue;
  // How the main line ends: play it on positions (the last document of
  // kvReplay may hold a king on the valley, which does not compile, KV-9).
  let endPos = pos;
  for (const lan of r.moves ?? []) {
    const mv = kvParseLan(endPos, lan);
    if (!mv) break;
    endPos = kvPlay(endPos, mv).position;
  }
  const o = kvOutcome(endPos);
  const end = o.status === 'won' ? `${o.reason}` : o.status;
  const threat = immediateWins(flipped(pos)).length > 0;
  // Ablations: does the option (KV-3) or do the pillars (KV-1) change the answer?
  const ablate = (change: (l: KingsValleyLevel) => void): string => {
    const copy = JSON.parse(JSON.stringify(level)) as KingsValleyLevel;
    change(copy);
    const a = solveKingsValley(copy, { maxStates });
    return a.status === 'solved' ? `${a.length}:${(a.keys ?? []).join(',')}` : a.status;
  };
  const withoutOption = option ? ablate((l) => delete l.options) : '';
  const withoutPillars = level.pillars ? ablate((l) => delete l.pillars) : '';
  const rec = {
    setup: setupName,
    option,
    board: boardText(pos),
    toMove: pos.sideToMove,
    length: r.length,
    keys: r.keys,
    keysWithinN: r.keysWithinN,
    moves: r.moves,
    end,
    threat,
    withoutOption,
    withoutPillars,
    pieces: level.pieces.map((p) => (p.side === 'white' ? 'w' : 'b') + (p.role === 'king' ? 'K' : 'S') + p.square).join(' '),
    pillars: level.pillars ?? [],
    states: r.states,
    ms,
  };
  out.push(rec);
  if (r.keys?.length === 1) console.log(JSON.stringify(rec));
}
if (outFile) writeFileSync(outFile, JSON.stringify(out, null, 1));
console.error(`games ${games}, candidates ${out.length}`);
