/**
 * One Citadel Codex blueprint solved in a fresh process (built by
 * bench/built.ts), the search timed alone:
 *
 *   node codex-child.mjs FILE COUNT
 *
 * `solveLevel` with `countSolutions: COUNT` (the CLI's `solve` counts 1000,
 * `pack verify` and the save pipeline 100). Prints one JSON object: status,
 * length, search CPU and wall ms (process.cpuUsage around the solve),
 * expanded, generated, states, the counting metrics.
 */
import { readFileSync } from 'node:fs';
import { parseLevelText } from '../src-shared/format/load.js';
import { solveLevel } from '../src-shared/rulesets/index.js';
import type { SolveStats } from '../src-shared/solver/types.js';

export interface CodexChildReport {
  status: string;
  length: number | null;
  cpuMs: number;
  wallMs: number;
  expanded: number;
  generated: number;
  states: number;
  metrics?: unknown;
}

const [file, countArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: codex-child FILE [COUNT]');
  process.exit(2);
}
const parsed = parseLevelText(readFileSync(file, 'utf8'));
if (!parsed.ok) {
  console.error(`${file}: ${parsed.error[0]?.message}`);
  process.exit(2);
}
const stats: SolveStats = { expanded: 0, generated: 0, bytes: 0, peakBytes: 0 };
const t0 = performance.now();
const c0 = process.cpuUsage();
const r = solveLevel(parsed.value, { countSolutions: Number(countArg ?? 1000), stats });
const c = process.cpuUsage(c0);
const report: CodexChildReport = {
  status: r.status,
  length: r.status === 'solved' ? r.length : null,
  cpuMs: (c.user + c.system) / 1000,
  wallMs: performance.now() - t0,
  expanded: stats.expanded,
  generated: stats.generated,
  states: 'states' in r ? r.states : 0,
  ...(r.status === 'solved' && r.metrics ? { metrics: r.metrics } : {}),
};
console.log(JSON.stringify(report));
