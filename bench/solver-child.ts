/**
 * One solver-bench measurement in a fresh process (so peak memory is clean):
 *
 *   node solver-child.mjs FILE MODE [CAP]   (built by bench/built.ts; or node --import tsx bench/solver-child.ts)
 *
 * MODE: `astar` (the app's solve: ukSolve / cmSolve, A* + metrics, the
 * app's 20M state cap), `bfs` (solver/bfs.ts over the same problem) and
 * `baseline` (bench/baseline.ts: BFS with a JS Set of string keys), both
 * capped at 16M states (or CAP), `idle` (loads everything, solves nothing: the
 * process floor). Prints one JSON object on stdout.
 */
import { readFileSync } from 'node:fs';
import { parseLevelText } from '../src-shared/format/load.js';
import type { Level } from '../src-shared/model/level.js';
import { compileUnlockTheKing } from '../src-shared/rulesets/unlock-the-king/index.js';
import { ukSearchProblem, ukSolve } from '../src-shared/rulesets/unlock-the-king/search.js';
import { compileChessMaze } from '../src-shared/rulesets/chess-maze/index.js';
import { cmSearchProblem, cmSolve } from '../src-shared/rulesets/chess-maze/search.js';
import { solveBfs } from '../src-shared/solver/bfs.js';
import type { SearchProblem, SolveResult, SolveStats } from '../src-shared/solver/types.js';
import { baselineBfs } from './baseline.js';

/** The app's state cap (save pipeline / CLI default). */
const APP_MAX_STATES = 20_000_000;
/** The baseline's cap (below V8's 2^24 Set limit); plain BFS gets the same cap so both do the same work. */
const BASELINE_CAP = 16_000_000;

export interface ChildReport {
  mode: string;
  status: string;
  length: number | null;
  states: number;
  expanded: number;
  generated: number;
  wallMs: number;
  cpuMs: number;
  /** Bytes held by the search structures when it stopped (engines only). */
  bytes: number | null;
  peakBytes: number | null;
  /** Peak resident set of this process, bytes. */
  maxRss: number;
  metrics?: unknown;
}

const [file, mode, capArg] = process.argv.slice(2);
/** Cap of the `bfs` and `baseline` runs (argument 3, default BASELINE_CAP). */
const runCap = capArg ? Math.max(1, Math.floor(Number(capArg))) : BASELINE_CAP;
if (!file || !mode) {
  console.error('usage: solver-child.ts FILE astar|bfs|baseline|idle');
  process.exit(2);
}
const parsed = parseLevelText(readFileSync(file, 'utf8'));
if (!parsed.ok) {
  console.error(`${file}: ${parsed.error[0]?.message}`);
  process.exit(2);
}
const level: Level = parsed.value;

function problemOf(l: Level): SearchProblem {
  if (l.ruleset === 'unlock-the-king') {
    const c = compileUnlockTheKing(l);
    if (!c.ok) throw new Error(c.error[0]!.message);
    return ukSearchProblem(c.value, { canonical: true });
  }
  if (l.ruleset === 'chess-maze') {
    const c = compileChessMaze(l);
    if (!c.ok) throw new Error(c.error[0]!.message);
    return cmSearchProblem(c.value);
  }
  throw new Error(`${l.ruleset} is not benchmarked`);
}

function appSolve(l: Level, stats: SolveStats): SolveResult {
  if (l.ruleset === 'unlock-the-king') {
    const c = compileUnlockTheKing(l);
    if (!c.ok) throw new Error(c.error[0]!.message);
    return ukSolve(c.value, { stats, maxStates: APP_MAX_STATES, maxBytes: 4 * 1024 ** 3 });
  }
  const c = compileChessMaze(l as Extract<Level, { ruleset: 'chess-maze' }>);
  if (!c.ok) throw new Error(c.error[0]!.message);
  return cmSolve(c.value, { stats, maxStates: APP_MAX_STATES, maxBytes: 4 * 1024 ** 3 });
}

const problem = problemOf(level);
const stats: SolveStats = { expanded: 0, generated: 0, bytes: 0, peakBytes: 0 };
const c0 = process.cpuUsage();
const t0 = performance.now();
let report: ChildReport;
if (mode === 'baseline') {
  const r = baselineBfs(problem, runCap);
  report = {
    mode,
    status: r.status,
    length: r.length ?? null,
    states: r.states,
    expanded: r.expanded,
    generated: r.generated,
    wallMs: 0,
    cpuMs: 0,
    bytes: null,
    peakBytes: null,
    maxRss: 0,
  };
} else if (mode === 'idle') {
  report = { mode, status: 'idle', length: null, states: 0, expanded: 0, generated: 0, wallMs: 0, cpuMs: 0, bytes: null, peakBytes: null, maxRss: 0 };
} else {
  const r = mode === 'bfs' ? solveBfs(problem, { stats, maxStates: runCap, maxBytes: 4 * 1024 ** 3 }) : appSolve(level, stats);
  report = {
    mode,
    status: r.status,
    length: r.status === 'solved' ? r.length : null,
    states: r.states,
    expanded: stats.expanded,
    generated: stats.generated,
    wallMs: 0,
    cpuMs: 0,
    bytes: stats.bytes,
    peakBytes: stats.peakBytes,
    maxRss: 0,
    ...('metrics' in r && r.metrics ? { metrics: r.metrics } : {}),
  };
}
const cpu = process.cpuUsage(c0);
report.wallMs = performance.now() - t0;
report.cpuMs = (cpu.user + cpu.system) / 1000;
report.maxRss = process.resourceUsage().maxRSS * 1024;
process.stdout.write(JSON.stringify(report) + '\n');
