/**
 * Locking Chess (and orthodox) move generation and "mate in N" bench.
 *
 *   npx tsx bench/locking-chess.bench.ts [--deep]
 *
 * Targets: at least 1,000,000 nodes/s of move generation (perft leaf nodes
 * per second, legal moves with make/unmake); a mate in 2 proved in under
 * 2 s. Prints perft timings (orthodox start depth 5 and Kiwipete depth 4,
 * Locking start depths 1-4, depth 5 with --deep), perft 3 over seeded
 * random-playout positions, then mate-in-N times: hand-worked problems and
 * solver-found mates in 2 with stacks, plus the proofs that the start
 * position has no mate in 2 and a Scholar's-mate position no mate in 3.
 * Not a test: it asserts nothing.
 */
import { Chess } from '../src-shared/rulesets/orthodox/index.js';
import { LC_START_LFEN, parseLfen, solveLockingChess, type LcPosition } from '../src-shared/rulesets/locking-chess/index.js';
import type { LockingChessLevel } from '../src-shared/model/level.js';

const deep = process.argv.includes('--deep');

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en');
}

function timePerft(label: string, run: () => number): number {
  const t0 = performance.now();
  const n = run();
  const s = (performance.now() - t0) / 1000;
  console.log(`  ${label.padEnd(34)} ${fmt(n).padStart(13)} nodes ${s.toFixed(2).padStart(7)} s ${fmt(n / s).padStart(12)} nodes/s`);
  return n / s;
}

function lc(lfen: string): LcPosition {
  const r = parseLfen(lfen);
  if (!r.ok) throw new Error(`${lfen}: ${r.error[0]!.message}`);
  return r.value;
}

console.log('Move generation (perft: legal moves, make/unmake, leaf nodes per second)');
const orth = Chess.start();
timePerft('orthodox start, depth 5', () => orth.perft(5));
const kiwi = Chess.fromFen('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -');
if (kiwi.ok) timePerft('orthodox Kiwipete, depth 4', () => kiwi.value.perft(4));
const start = lc(LC_START_LFEN);
for (let d = 1; d <= (deep ? 5 : 4); d++) {
  const rate = timePerft(`locking start, depth ${d}`, () => start.perft(d));
  if (d === 4) console.log(`  -> ${rate >= 1e6 ? 'meets' : 'MISSES'} the 1,000,000 nodes/s target`);
}

// Seeded random playouts from the start: perft 3 at plies 10, 20, 30 of 20 games.
let seed = 4242;
const rnd = (): number => {
  seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
  return seed / 0x80000000;
};
const positions: string[] = [];
for (let g = 0; g < 20; g++) {
  const p = lc(LC_START_LFEN);
  for (let ply = 1; ply <= 30; ply++) {
    const ms = p.legalMoves();
    if (ms.length === 0) break;
    p.make(ms[Math.floor(rnd() * ms.length)]!);
    if (ply % 10 === 0) positions.push(p.lfen());
  }
}
timePerft(`locking playouts, perft 3 x ${positions.length}`, () => positions.reduce((s, f) => s + lc(f).perft(3), 0));

function level(position: string, moves: number): LockingChessLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'locking-chess',
    meta: { title: 'bench' },
    board: { width: 8, height: 8 },
    position,
    goal: { type: 'mate-in', moves },
  };
}

const PROBLEMS: { name: string; lfen: string; n: number }[] = [
  { name: 'lockmate in 1 (Ke4-d5*)', lfen: '8/8/8/3k4/4(PK)3/8/8/8 w - - 0 1', n: 1 },
  { name: 'two rooks, mate in 2', lfen: '7k/8/8/8/8/8/1R6/R3K3 w - - 0 1', n: 2 },
  { name: 'found: refugee mate in 2 (a)', lfen: '2R3b1/3Q4/(Qk)5P1/1P4nN/PKNpPpp1/8/1r2B3/1NN2Q2 w - - 0 1', n: 2 },
  { name: 'found: refugee mate in 2 (b)', lfen: '1R6/8/8/p2R4/1n3bp1/4(rQ)1RQ/1p2b1n1/1(Kk)6 w - - 0 1', n: 2 },
  { name: 'found: rooks, mate in 2', lfen: '1R3n1R/K2R4/6r1/8/(Bk)4R2/8/7R/8 w - - 0 1', n: 2 },
  { name: 'found: queens, mate in 2', lfen: 'K1Nn4/5Q2/1QB2q1n/4Bn2/1qR1pB2/3p4/3P1q2/1k3q1n w - - 0 1', n: 2 },
  { name: 'start position: no mate in 2', lfen: LC_START_LFEN, n: 2 },
  { name: "Scholar's position: no mate in 3", lfen: 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3', n: 3 },
];

console.log('\nMate in N (proof search: alpha-beta + transposition table, any LC-8 mate)');
let worst2 = 0;
for (const pr of PROBLEMS) {
  const t0 = performance.now();
  const r = solveLockingChess(level(pr.lfen, pr.n));
  const ms = performance.now() - t0;
  if (pr.n === 2) worst2 = Math.max(worst2, ms);
  const what =
    r.status === 'solved'
      ? `mate in ${r.length} (${(r as { mateType?: string }).mateType ?? '?'}), keys ${r.keys?.join(' ')}, line ${r.moves.join(' ')}`
      : r.status;
  const nodes = 'states' in r ? r.states : 0;
  console.log(`  ${pr.name.padEnd(38)} ${ms.toFixed(0).padStart(6)} ms ${fmt(nodes).padStart(9)} nodes  ${what}`);
}
console.log(`  -> slowest mate-in-2 question: ${worst2.toFixed(0)} ms (${worst2 < 2000 ? 'meets' : 'MISSES'} the 2 s target)`);
