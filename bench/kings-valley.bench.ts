/**
 * King's Valley proof-search bench.
 *
 *   npx tsx bench/kings-valley.bench.ts [positions] [seed]
 *
 * Targets: >= 2 million nodes/s; every "win in N" with N <= 4 on 5x5
 * proved or refuted in under 1 s. Prints per-problem times for the three
 * starting setups (N = 1..4) and a seeded set of random 5x5 middle-game
 * positions (king + 4 soldiers each, no pillars; each asked N = 1..4), then
 * totals and the slowest problems. N <= 4 problems are too small (at most a
 * few ten thousand nodes) to measure speed, so nodes/s comes from a
 * throughput section of deeper searches (N = 5..7 on the setups, N = 6 on
 * random positions). Not a test: it asserts nothing.
 */
import type { KingsValleyLevel, KvPiece } from '../src-shared/model/level.js';
import {
  compileKingsValley,
  kvOutcome,
  kvSetupCopy,
  KV_LABYRINTH_SETUP,
  KV_RETRIEVE_THE_KING_SETUP,
  KV_STANDARD_SETUP,
  solveKingsValley,
} from '../src-shared/rulesets/kings-valley/index.js';

const count = Number(process.argv[2] ?? 200);
let seed = Number(process.argv[3] ?? 20260);

function rnd(): number {
  seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
  return seed / 0x80000000;
}

function name(s: number, w: number): string {
  return String.fromCharCode(97 + (s % w)) + String(Math.floor(s / w) + 1);
}

/** A random legal, non-terminal 5x5 position with king + 4 soldiers a side. */
function randomLevel(): KingsValleyLevel {
  for (;;) {
    const used = new Set<number>([12]);
    const pick = (): number => {
      for (;;) {
        const s = Math.floor(rnd() * 25);
        if (!used.has(s)) {
          used.add(s);
          return s;
        }
      }
    };
    const pieces: KvPiece[] = [];
    for (const side of ['white', 'black'] as const) {
      pieces.push({ role: 'king', square: name(pick(), 5), side });
      for (let i = 0; i < 4; i++) pieces.push({ role: 'soldier', square: name(pick(), 5), side });
    }
    const level: KingsValleyLevel = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'kings-valley',
      meta: { title: 'random' },
      board: { width: 5, height: 5 },
      pieces,
      sideToMove: rnd() < 0.5 ? 'white' : 'black',
    };
    const c = compileKingsValley(level);
    if (c.ok && kvOutcome(c.value).status === 'ongoing') return level;
  }
}

interface Row {
  label: string;
  n: number;
  status: string;
  length: number | null;
  keys: number;
  nodes: number;
  ms: number;
}

const rows: Row[] = [];

function run(label: string, level: KingsValleyLevel, n: number): void {
  const l = { ...level, goal: { type: 'win-in' as const, moves: n } };
  const t0 = performance.now();
  const r = solveKingsValley(l, { maxStates: 200_000_000 });
  const ms = performance.now() - t0;
  rows.push({
    label,
    n,
    status: r.status,
    length: r.status === 'solved' ? r.length : null,
    keys: r.status === 'solved' ? (r.keys?.length ?? 0) : 0,
    nodes: 'states' in r ? r.states : 0,
    ms,
  });
}

// Warm up the JIT a little so the first rows are not dominated by compilation.
{
  const saved = seed;
  for (let i = 0; i < 5; i++) run('warm-up', randomLevel(), 3);
  rows.length = 0;
  seed = saved;
}

for (const s of [KV_STANDARD_SETUP, KV_RETRIEVE_THE_KING_SETUP, KV_LABYRINTH_SETUP]) {
  for (let n = 1; n <= 4; n++) run(s.meta.title, kvSetupCopy(s), n);
}
for (let i = 0; i < count; i++) {
  const level = randomLevel();
  for (let n = 1; n <= 4; n++) run(`random #${i + 1}`, level, n);
}

const pad = (s: string | number, w: number): string => String(s).padStart(w);
console.log(`${'problem'.padEnd(20)} ${pad('N', 2)} ${pad('status', 10)} ${pad('len', 4)} ${pad('keys', 4)} ${pad('nodes', 11)} ${pad('ms', 8)}`);
const show = rows.filter((r) => !r.label.startsWith('random')).concat(rows.filter((r) => r.label.startsWith('random')).slice(0, 40));
for (const r of show) {
  console.log(
    `${r.label.padEnd(20)} ${pad(r.n, 2)} ${pad(r.status, 10)} ${pad(r.length ?? '-', 4)} ${pad(r.keys, 4)} ${pad(r.nodes.toLocaleString('en'), 11)} ${pad(r.ms.toFixed(1), 8)}`,
  );
}
if (rows.length > show.length) console.log(`... (${rows.length - show.length} more random rows)`);

const totalNodes = rows.reduce((a, r) => a + r.nodes, 0);
const totalMs = rows.reduce((a, r) => a + r.ms, 0);
console.log('');
console.log(
  `problems: ${rows.length}, solved ${rows.filter((r) => r.status === 'solved').length}, no win in N ${rows.filter((r) => r.status === 'unsolvable').length}, other ${rows.filter((r) => r.status !== 'solved' && r.status !== 'unsolvable').length}`,
);
console.log(
  `total: ${totalNodes.toLocaleString('en')} nodes in ${(totalMs / 1000).toFixed(2)} s = ${(((totalNodes / totalMs) * 1000) / 1e6).toFixed(2)} M nodes/s`,
);
const big = rows.filter((r) => r.nodes >= 100_000);
if (big.length > 0) {
  const bn = big.reduce((a, r) => a + r.nodes, 0);
  const bm = big.reduce((a, r) => a + r.ms, 0);
  console.log(`problems with >= 100k nodes: ${big.length}, ${(((bn / bm) * 1000) / 1e6).toFixed(2)} M nodes/s`);
}
for (let n = 1; n <= 4; n++) {
  const r = rows.filter((x) => x.n === n && x.label.startsWith('random'));
  if (r.length === 0) continue;
  const times = r.map((x) => x.ms).sort((a, b) => a - b);
  const p = (q: number): string => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(
    `N=${n}: ${r.length} random problems, median ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${times[times.length - 1]!.toFixed(1)} ms, solved ${r.filter((x) => x.status === 'solved').length}`,
  );
}
const slow = [...rows].sort((a, b) => b.ms - a.ms).slice(0, 5);
console.log('slowest:');
for (const r of slow) console.log(`  ${r.label} N=${r.n}: ${r.status}, ${r.nodes.toLocaleString('en')} nodes, ${r.ms.toFixed(1)} ms`);
const over = rows.filter((r) => r.n <= 4 && r.ms >= 1000);
const small = rows.length;

// ---- throughput: deeper searches (nodes/s)
rows.length = 0;
run(KV_STANDARD_SETUP.meta.title, kvSetupCopy(KV_STANDARD_SETUP), 5);
run(KV_STANDARD_SETUP.meta.title, kvSetupCopy(KV_STANDARD_SETUP), 6);
run(KV_RETRIEVE_THE_KING_SETUP.meta.title, kvSetupCopy(KV_RETRIEVE_THE_KING_SETUP), 6);
run(KV_RETRIEVE_THE_KING_SETUP.meta.title, kvSetupCopy(KV_RETRIEVE_THE_KING_SETUP), 7);
run(KV_LABYRINTH_SETUP.meta.title, kvSetupCopy(KV_LABYRINTH_SETUP), 5);
run(KV_LABYRINTH_SETUP.meta.title, kvSetupCopy(KV_LABYRINTH_SETUP), 6);
for (let i = 0; i < 10; i++) run(`random deep #${i + 1}`, randomLevel(), 6);
console.log('');
console.log('throughput (deeper searches):');
for (const r of rows) {
  console.log(
    `  ${r.label.padEnd(20)} N=${r.n}: ${r.status.padEnd(10)} ${pad(r.length ?? '-', 2)} ${pad(r.nodes.toLocaleString('en'), 11)} nodes ${pad(r.ms.toFixed(0), 6)} ms ${pad((((r.nodes / r.ms) * 1000) / 1e6).toFixed(2), 5)} M nodes/s`,
  );
}
const dn = rows.reduce((a, r) => a + r.nodes, 0);
const dm = rows.reduce((a, r) => a + r.ms, 0);
console.log(`throughput total: ${dn.toLocaleString('en')} nodes in ${(dm / 1000).toFixed(2)} s = ${(((dn / dm) * 1000) / 1e6).toFixed(2)} M nodes/s`);
console.log('');
console.log(
  over.length === 0 ? `every one of the ${small} N <= 4 problems finished in under 1 s` : `${over.length} of ${small} problems with N <= 4 took 1 s or more`,
);
