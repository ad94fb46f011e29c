// Runs a Node program in this process and, when the process exits, writes
// its whole-process CPU and peak resident set to a report file, for the
// benches (spawnSync reports no resource usage of a child):
//
//   node bench/cpu-launcher.mjs REPORT.json PROGRAM.mjs [ARGS...]
//
// PROGRAM runs as if started directly (process.argv[1] is PROGRAM, the rest
// are ARGS). process.cpuUsage() covers every thread of the process (worker
// threads included): Node start-up, loading, the work and exit. REPORT:
// {"cpuMs": N, "maxRss": BYTES, "wallMs": N} (wall from this file's start).
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const t0 = performance.now();
const [report, program, ...rest] = process.argv.slice(2);
if (!report || !program) {
  process.stderr.write('usage: node bench/cpu-launcher.mjs REPORT.json PROGRAM.mjs [ARGS...]\n');
  process.exit(2);
}
process.on('exit', () => {
  const u = process.cpuUsage();
  writeFileSync(report, JSON.stringify({ cpuMs: (u.user + u.system) / 1000, maxRss: process.resourceUsage().maxRSS * 1024, wallMs: performance.now() - t0 }));
});
process.argv = [process.argv[0], resolve(program), ...rest];
await import(pathToFileURL(resolve(program)).href);
