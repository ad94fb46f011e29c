/**
 * One JS run of the native-reference bench in a fresh process (clean peak
 * memory):
 *
 *   node native-ref-child.mjs FILE MODE LIMIT   (built by bench/built.ts; or node --import tsx bench/native-ref-child.ts)
 *
 * FILE: an Unlock the King level; MODE: `castellan` (solver/bfs.ts over
 * ukSearchProblem(pos, {canonical: true}), the engine the app's reference
 * solve uses), `typed` (bench/typed-bfs.ts, same problem), `baseline`
 * (bench/baseline.ts, JS Set of string keys, same problem); LIMIT: the
 * state limit. Prints one JSON object (`NativeRefChildReport`) on stdout.
 */
import { readFileSync } from 'node:fs';
import { parseLevelText } from '../src-shared/format/load.js';
import type { Level } from '../src-shared/model/level.js';
import { compileUnlockTheKing } from '../src-shared/rulesets/unlock-the-king/index.js';
import { ukSearchProblem } from '../src-shared/rulesets/unlock-the-king/search.js';
import { solveBfs } from '../src-shared/solver/bfs.js';
import type { SolveStats } from '../src-shared/solver/types.js';
import { baselineBfs } from './baseline.js';
import { typedArrayBfs } from './typed-bfs.js';

/** What one run reports (the native program prints the same fields but `cpuSec` and no `rssBefore`). */
export interface NativeRefChildReport {
  mode: string;
  status: string;
  /** Cumulative states through each completed depth, from depth 0. */
  layers: number[];
  states: number;
  expanded: number;
  generated: number;
  /** CPU of the search alone (process.cpuUsage around it: every thread of the process, V8's compiler and GC threads included). */
  cpuMs: number;
  /** CPU of the whole process up to the end of the search: Node start-up, loading the built bundle, the level's parse and compile included. */
  processCpuMs: number;
  wallMs: number;
  /** Bytes of the search's own arrays when it stopped / at most at once; null for the baseline (a JS Set). */
  bytes: number | null;
  peakBytes: number | null;
  /** Peak resident set of the process, and its resident set just before the search (after loading the code and the level). */
  maxRss: number;
  rssBefore: number;
}

const [file, mode, limitArg] = process.argv.slice(2);
if (!file || !mode || !limitArg) {
  console.error('usage: native-ref-child.ts FILE castellan|typed|baseline LIMIT');
  process.exit(2);
}
const limit = Math.max(1, Math.floor(Number(limitArg)));
const parsed = parseLevelText(readFileSync(file, 'utf8'));
if (!parsed.ok) {
  console.error(`${file}: ${parsed.error[0]?.message}`);
  process.exit(2);
}
const compiled = compileUnlockTheKing(parsed.value as Extract<Level, { ruleset: 'unlock-the-king' }>);
if (!compiled.ok) {
  console.error(`${file}: ${compiled.error[0]?.message}`);
  process.exit(2);
}
const problem = ukSearchProblem(compiled.value, { canonical: true });

const rssBefore = process.memoryUsage().rss;
const c0 = process.cpuUsage();
const t0 = performance.now();
let report: Omit<NativeRefChildReport, 'cpuMs' | 'processCpuMs' | 'wallMs' | 'maxRss' | 'rssBefore'>;
if (mode === 'castellan') {
  const layers: number[] = [];
  const stats: SolveStats = { expanded: 0, generated: 0, bytes: 0, peakBytes: 0 };
  // onProgress at each new depth: the states of every depth before it are complete.
  const r = solveBfs(problem, {
    maxStates: limit,
    maxBytes: 8 * 1024 ** 3,
    progressEvery: Number.MAX_SAFE_INTEGER,
    stats,
    onProgress: (p) => {
      layers[p.depth] = p.states;
    },
  });
  report = {
    mode,
    status: r.status,
    layers,
    states: r.states,
    expanded: stats.expanded,
    generated: stats.generated,
    bytes: stats.bytes,
    peakBytes: stats.peakBytes,
  };
} else if (mode === 'typed') {
  const r = typedArrayBfs(problem, limit);
  report = { mode, ...r };
} else if (mode === 'baseline') {
  const layers: number[] = [];
  const r = baselineBfs(problem, limit, (s) => layers.push(s));
  report = {
    mode,
    status: r.status === 'capped' ? 'limit' : r.status,
    layers,
    states: r.states,
    expanded: r.expanded,
    generated: r.generated,
    bytes: null,
    peakBytes: null,
  };
} else {
  console.error(`unknown mode ${mode}`);
  process.exit(2);
}
const cpu = process.cpuUsage(c0);
const usage = process.resourceUsage();
const full: NativeRefChildReport = {
  ...report,
  cpuMs: (cpu.user + cpu.system) / 1000,
  processCpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
  wallMs: performance.now() - t0,
  maxRss: usage.maxRSS * 1024,
  rssBefore,
};
process.stdout.write(JSON.stringify(full) + '\n');
