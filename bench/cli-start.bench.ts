/**
 * Command line start-up bench: `npm run bench:cli` (a table) or
 * `npm run -s bench:cli -- --json`. Options: `--runs N` (default 5),
 * `--no-source` (skip the from-source rows, which take about a second each).
 *
 * CPU time (user + system) of whole `castellan` processes, worker threads
 * included: each child runs with a preload that writes its own
 * `process.cpuUsage()` (getrusage of the process) to fd 3 at exit. The cases
 * run alternately, N rounds, and the median per case is printed:
 * - `node -e 0`: the floor of any Node process here;
 * - `--help` and `solve` of a small sample level (par 3) through
 *   bin/castellan.mjs on the build (out/cli, `npm run build:cli`);
 * - the same two from source (CASTELLAN_FROM_SOURCE=1: tsx compiles the
 *   TypeScript in the process and again in the solve worker).
 * Targets (the built CLI): `--help` <= 0.3 s, `solve` of a small level <= 0.5 s.
 * Not a test: it asserts nothing; the "targets" lines only compare.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const json = args.includes('--json');
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Math.max(1, Number(args[runsAt + 1]) || 5) : 5;
const withSource = !args.includes('--no-source');

const BIN = join(root, 'bin/castellan.mjs');
const LEVEL = join(root, 'resources/levels/unlock-the-king/01-first-steps.level.json');
const PRELOAD = `data:text/javascript,${encodeURIComponent("import { writeSync } from 'node:fs'; process.on('exit', () => { const u = process.cpuUsage(); writeSync(3, String(u.user + u.system)); });")}`;

interface Case {
  name: string;
  args: string[];
  env?: Record<string, string>;
  /** Target CPU seconds, when there is one. */
  target?: number;
}

const cases: Case[] = [
  { name: 'node -e 0', args: ['-e', '0'] },
  { name: 'castellan --help (built)', args: [BIN, '--help'], env: { CASTELLAN_FROM_SOURCE: '0' }, target: 0.3 },
  { name: 'castellan solve small (built)', args: [BIN, 'solve', LEVEL, '--json'], env: { CASTELLAN_FROM_SOURCE: '0' }, target: 0.5 },
];
if (withSource) {
  cases.push(
    { name: 'castellan --help (source)', args: [BIN, '--help'], env: { CASTELLAN_FROM_SOURCE: '1' } },
    { name: 'castellan solve small (source)', args: [BIN, 'solve', LEVEL, '--json'], env: { CASTELLAN_FROM_SOURCE: '1' } },
  );
}

/** CPU seconds of one child process (user + system, all its threads). Throws when it fails. */
function cpuSeconds(c: Case): number {
  const r = spawnSync(process.execPath, ['--import', PRELOAD, ...c.args], {
    cwd: root,
    env: { ...process.env, ...c.env },
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: 120_000,
  });
  const fd3 = (r.output[3] ?? '').toString();
  if (r.status !== 0 || !fd3) throw new Error(`${c.name}: exit ${r.status}: ${(r.stderr ?? '').toString().trim()}`);
  return Number(fd3) / 1e6;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

if (!existsSync(join(root, 'out/cli/castellan.mjs'))) {
  console.error('bench:cli: out/cli/castellan.mjs is missing: run `npm run build:cli` first.');
  process.exit(1);
}

const samples = new Map<string, number[]>(cases.map((c) => [c.name, []]));
const load = loadavg()[0]!;
for (let i = 0; i < runs; i++) for (const c of cases) samples.get(c.name)!.push(cpuSeconds(c));

const rows = cases.map((c) => {
  const xs = samples.get(c.name)!;
  return { case: c.name, medianCpuS: median(xs), runsCpuS: xs, target: c.target };
});
const floor = rows[0]!.medianCpuS;

if (json) {
  console.log(JSON.stringify({ runs, cpus: cpus().length, load1: load, rows }));
} else {
  console.log(
    `castellan start-up, CPU seconds (user + system, whole process), median of ${runs} alternating runs; ${cpus().length} CPUs, load ${load.toFixed(2)}`,
  );
  const w = Math.max(...rows.map((r) => r.case.length));
  for (const r of rows) {
    const x = (r.medianCpuS / floor).toFixed(1);
    console.log(`  ${r.case.padEnd(w)}  ${r.medianCpuS.toFixed(3)} s  ${x.padStart(5)}x node -e 0   (${r.runsCpuS.map((v) => v.toFixed(2)).join(' ')})`);
  }
  console.log('targets:');
  for (const r of rows) {
    if (r.target === undefined) continue;
    console.log(`  ${r.case}: ${r.medianCpuS.toFixed(3)} s <= ${r.target} s: ${r.medianCpuS <= r.target ? 'met' : 'MISSED'}`);
  }
}
