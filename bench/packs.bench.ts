/**
 * Pack benchmark: `npm run bench:packs` (options after `--`):
 *   --levels N        levels of the big pack (default 10,000; e.g. 1000 for a quick run)
 *   --seed S          generator seed (default 1)
 *   --verify-s S      how long the verify runs before it is cancelled, seconds (default 60)
 *   --side N          levels of each of the three other rulesets' packs (default levels / 20, at least 20)
 *   --pdf-levels N    levels of the pack printed as a PDF (default 1,000: a PDF of 10,000
 *                     levels takes minutes, about 20 ms a level); 0 skips the PDF
 *   --keep            keep the generated workspace (its path is printed)
 *
 * A seeded workspace is generated in a temp folder (bench/packs/make-pack.ts):
 * the big Unlock the King pack (Citadel Codex blueprints and the small
 * samples, each mutated deterministically; every 10th an unchanged, proved
 * copy), one pack of each other ruleset's samples (Chess Maze, King's Valley,
 * Locking Chess), and a copy of the Citadel Codex. A pack holds one ruleset
 * (LEVEL-FORMAT-v1), so the mix of the four rulesets is four packs.
 *
 * The host methods run in this process, as `castellan serve` runs them
 * (`createHostApi`, serve's path confinement, the shared solve pool with one
 * worker per core), and each answer is turned into JSON as serve does
 * before it sends it. Worker threads start from the built command line's
 * worker (out/cli/solve-worker.mjs, rebuilt first by scripts/build-cli.mjs),
 * as in `castellan serve`: from source every worker would compile the
 * TypeScript again. Measured:
 * - open: `packOpen` wall time (first open of the pack; then again, warm);
 * - longest block: the host loop's longest stall while a method runs
 *   (perf_hooks `monitorEventLoopDelay`, 5 ms resolution, its max; the
 *   99th percentile beside it), during open, verify (start, polls every
 *   250 ms, cancel) and export. On a loaded machine a stall also counts
 *   the time the OS gave the host's thread to other processes;
 * - verify throughput: levels verified per second per core, over the first
 *   `--verify-s` seconds of `packVerifyStart` (then Cancel), and per ruleset
 *   for the side packs (each verified to its end, at most `--verify-s`);
 * - export: `packExport` of the big pack to a folder and to one `*.pack.json`
 *   (force: it holds drafts), and of the Codex; the Codex as a web page
 *   (`*.html`), its size and its code's size, and the time to open it in
 *   Chromium from file:// (bench/player-page.ts);
 * - PDF: the command line's PDF builder (`castellan pack pdf` = cli/pack.ts
 *   `cmdPackPdf`) on a pack of `--pdf-levels` levels made the same way;
 * - open of the exported single-file pack (`*.pack.json`, levels embedded);
 * - peak memory: this process's peak RSS (getrusage maxRSS), worker threads included.
 * Targets: open < 1 s, longest block < 50 ms, export of the Codex < 1 s,
 * the web page's code < 400 KB and its open < 1 s.
 * Prints a table with the machine's load average (os.loadavg) at the start
 * and the end. Not a test: it asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { cmdPackPdf } from '../src-main/cli/pack.js';
import { serveResolvePath } from '../src-main/serve/server.js';
import { createHostApi } from '../src-main/services/host-api.js';
import { SolvePool } from '../src-main/services/solve-pool.js';
import { setSolveWorkerEntry } from '../src-main/services/solve-runner.js';
import { openWorkspace } from '../src-main/services/workspace.js';
import type { HostApi } from '../src-shared/host/contract.js';
import { makeBenchPack, type PackRuleset } from './packs/make-pack.js';
import { measurePlayerPage } from './player-page.js';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const num = (name: string, dflt: number): number => {
  const i = args.indexOf(name);
  const v = i >= 0 ? Number(args[i + 1]) : NaN;
  return Number.isFinite(v) && v >= 0 ? v : dflt;
};
const LEVELS = Math.max(1, Math.floor(num('--levels', 10_000)));
const SEED = num('--seed', 1);
const VERIFY_S = num('--verify-s', 60);
const SIDE = Math.max(1, Math.floor(num('--side', Math.max(20, Math.floor(LEVELS / 20)))));
const PDF_LEVELS = Math.floor(num('--pdf-levels', Math.min(1_000, LEVELS)));
const KEEP = args.includes('--keep');

const load0 = loadavg();
const rows: { measure: string; value: string; target?: string; ok?: boolean }[] = [];
const h = monitorEventLoopDelay({ resolution: 5 });

function fmtMs(ms: number): string {
  return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

/** Runs `f` with the loop monitor on: answers its value, wall ms and the longest loop stall (ms). */
async function measured<T>(f: () => Promise<T>): Promise<{ value: T; ms: number; blockMs: number; p99Ms: number }> {
  h.reset();
  h.enable();
  const t0 = performance.now();
  const value = await f();
  const ms = performance.now() - t0;
  // A stall right before the answer shows on the monitor's next sample.
  await new Promise((r) => setTimeout(r, 20));
  h.disable();
  return { value, ms, blockMs: h.max / 1e6, p99Ms: h.percentile(99) / 1e6 };
}

function row(measure: string, value: string, target?: string, ok?: boolean): void {
  rows.push({ measure, value, ...(target ? { target } : {}), ...(ok !== undefined ? { ok } : {}) });
  process.stderr.write(`  ${measure}: ${value}${target ? ` (target ${target}: ${ok ? 'ok' : 'MISS'})` : ''}\n`);
}

/** `api[m](req)`, its answer turned into JSON as serve sends it; throws on a HostError. */
async function call<T>(api: HostApi, m: string, req: unknown): Promise<T> {
  const fn = (api as unknown as Record<string, (r: unknown) => Promise<unknown>>)[m]!;
  const r = (await fn(req)) as { ok: boolean; message?: string };
  JSON.stringify(r);
  if (!r.ok) throw new Error(`${m}: ${r.message ?? JSON.stringify(r)}`);
  return r as T;
}

interface PollAnswer {
  state: 'running' | 'done';
  done: number;
  total: number;
  rows: { status: string }[];
}

/** Verifies `path` for at most `seconds` after its start (then cancels): levels done, seconds, the start's time (it loads the pack), longest block. */
async function verify(
  api: HostApi,
  path: string,
  seconds: number,
): Promise<{ done: number; total: number; s: number; startMs: number; blockMs: number; p99Ms: number; statuses: Map<string, number> }> {
  let last: PollAnswer | undefined;
  let startMs = 0;
  const r = await measured(async () => {
    const s0 = performance.now();
    const job = await call<{ jobId: string; total: number }>(api, 'packVerifyStart', { path });
    const t0 = performance.now();
    startMs = t0 - s0;
    for (;;) {
      await new Promise((res) => setTimeout(res, 250));
      last = await call<PollAnswer>(api, 'packVerifyPoll', { jobId: job.jobId });
      if (last.state === 'done' || performance.now() - t0 > seconds * 1000) break;
    }
    const s = (performance.now() - t0) / 1000;
    if (last.state !== 'done') await call(api, 'packVerifyCancel', { jobId: job.jobId });
    return s;
  });
  const statuses = new Map<string, number>();
  for (const x of last?.rows ?? []) statuses.set(x.status, (statuses.get(x.status) ?? 0) + 1);
  return { done: last?.done ?? 0, total: last?.total ?? 0, s: r.value, startMs, blockMs: r.blockMs, p99Ms: r.p99Ms, statuses };
}

/** "max (p99)" of a measured run's loop stalls. */
function blocks(m: { blockMs: number; p99Ms: number }): string {
  return `${fmtMs(m.blockMs)} (p99 ${fmtMs(m.p99Ms)})`;
}

async function main(): Promise<void> {
  execFileSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], { stdio: 'ignore' });
  setSolveWorkerEntry(pathToFileURL(join(ROOT, 'out/cli/solve-worker.mjs')));
  const cores = availableParallelism();
  process.stderr.write(
    `bench:packs: ${LEVELS} levels (seed ${SEED}), side packs of ${SIDE}; ${cores} cores, load average ${load0.map((x) => x.toFixed(2)).join(' ')}\n`,
  );
  const ws = mkdtempSync(join(tmpdir(), 'castellan-bench-packs-'));
  try {
    let t0 = performance.now();
    makeBenchPack(join(ws, 'big'), { ruleset: 'unlock-the-king', levels: LEVELS, seed: SEED, title: `Bench ${LEVELS}` });
    const sides: PackRuleset[] = ['chess-maze', 'kings-valley', 'locking-chess'];
    for (const r of sides) makeBenchPack(join(ws, r), { ruleset: r, levels: SIDE, seed: SEED });
    cpSync(join(ROOT, 'resources/packs/citadel-codex'), join(ws, 'codex'), { recursive: true });
    process.stderr.write(`  generated in ${fmtMs(performance.now() - t0)} under ${ws}\n`);

    const w = openWorkspace(ws);
    if ('ok' in w) throw new Error(w.message);
    const pool = new SolvePool({ size: cores });
    const api = createHostApi({
      kind: 'serve',
      resolvePath: (p, forWrite) => serveResolvePath(w, p, forWrite),
      confinedWrites: true,
      listFiles: async () => [],
      pool,
    });

    const list = await measured(() => call<{ packs: unknown[] }>(api, 'packList', {}));
    row('packList (5 packs)', fmtMs(list.ms));
    row('  longest block', blocks(list), '< 50 ms', list.blockMs < 50);

    const open = await measured(() => call<{ rows: { status: string }[] }>(api, 'packOpen', { path: 'big' }));
    row(`open ${LEVELS} levels (packOpen)`, fmtMs(open.ms), '< 1 s', open.ms < 1000);
    row('  longest block during open', blocks(open), '< 50 ms', open.blockMs < 50);
    const counts = new Map<string, number>();
    for (const x of open.value.rows) counts.set(x.status, (counts.get(x.status) ?? 0) + 1);
    row('  stored statuses', [...counts].map(([k, v]) => `${k} ${v}`).join(', '));
    const again = await measured(() => call(api, 'packOpen', { path: 'big' }));
    row('open again (warm)', fmtMs(again.ms), '< 1 s', again.ms < 1000);
    row('  longest block', blocks(again), '< 50 ms', again.blockMs < 50);

    const v = await verify(api, 'big', VERIFY_S);
    const perCore = v.done / v.s / cores;
    row(`verify start (packVerifyStart: loads the ${LEVELS} levels)`, fmtMs(v.startMs));
    row(`verify ${LEVELS} levels for ${Math.round(v.s)} s, then Cancel`, `${v.done} of ${v.total} done, ${perCore.toFixed(1)} levels/s per core`);
    row('  longest block during verify', blocks(v), '< 50 ms', v.blockMs < 50);
    for (const r of sides) {
      const sv = await verify(api, r, VERIFY_S);
      row(
        `verify ${r} (${SIDE} levels)`,
        `${sv.done} of ${sv.total} in ${sv.s.toFixed(1)} s, ${(sv.done / sv.s / cores).toFixed(1)} levels/s per core; ${[...sv.statuses].map(([k, n]) => `${k} ${n}`).join(', ')}`,
      );
      row('  longest block', blocks(sv), '< 50 ms', sv.blockMs < 50);
    }

    const ex = await measured(() => call<{ files: number }>(api, 'packExport', { path: 'big', out: 'out-big', force: true }));
    row(`export ${LEVELS} levels to a folder (packExport)`, `${fmtMs(ex.ms)} (${ex.value.files} files)`);
    row('  longest block during export', blocks(ex), '< 50 ms', ex.blockMs < 50);
    const ex1 = await measured(() => call(api, 'packExport', { path: 'big', out: 'out-big.pack.json', force: true }));
    row(`export ${LEVELS} levels to one *.pack.json`, fmtMs(ex1.ms));
    row('  longest block', blocks(ex1), '< 50 ms', ex1.blockMs < 50);
    const codex = await measured(() => call(api, 'packExport', { path: 'codex', out: 'out-codex' }));
    row('export of the Citadel Codex (50 levels)', fmtMs(codex.ms), '< 1 s', codex.ms < 1000);
    row('  longest block', blocks(codex), '< 50 ms', codex.blockMs < 50);
    // The Codex as a web page (packExport *.html), then opened in Chromium (bench/player-page.ts).
    const web = await measured(() => call(api, 'packExport', { path: 'codex', out: 'out-codex.html' }));
    row('export of the Citadel Codex as a web page (*.html)', fmtMs(web.ms));
    row('  longest block', blocks(web), '< 50 ms', web.blockMs < 50);
    const page = await measurePlayerPage(join(ws, 'out-codex.html'));
    row('  Codex web page size', `${(page.pageBytes / 1024).toFixed(1)} KB (${page.levels} levels)`);
    row('  its code without the levels', `${(page.codeBytes / 1024).toFixed(1)} KB`, '< 400 KB', page.codeBytes < 400 * 1024);
    row(`  open in Chromium (file://, to the level select, median of ${page.runs})`, fmtMs(page.openMs), '< 1 s', page.openMs < 1000);

    const single = await measured(() => call<{ rows: unknown[] }>(api, 'packOpen', { path: 'out-big.pack.json' }));
    row(`open the exported *.pack.json (${statSync(join(ws, 'out-big.pack.json')).size >> 20} MB)`, `${fmtMs(single.ms)} (${single.value.rows.length} rows)`);
    row('  longest block', blocks(single), '< 50 ms', single.blockMs < 50);

    if (PDF_LEVELS > 0) {
      makeBenchPack(join(ws, 'print'), { ruleset: 'unlock-the-king', levels: PDF_LEVELS, seed: SEED });
      t0 = performance.now();
      let said = '';
      const io = { out: (t: string) => void (said += t), err: (t: string) => void (said += t), errIsTTY: false };
      const code = await cmdPackPdf(join(ws, 'print'), { out: join(ws, 'print.pdf'), force: true }, io);
      row(`PDF of ${PDF_LEVELS} levels (castellan pack pdf)`, `${fmtMs(performance.now() - t0)}${code === 0 ? '' : ` (exit ${code}: ${said.trim()})`}`);
    }
    await pool.close();
  } finally {
    if (KEEP) process.stderr.write(`kept ${ws}\n`);
    else rmSync(ws, { recursive: true, force: true });
  }
  row('peak memory (RSS, this process and its workers)', `${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  const load1 = loadavg();
  const lines = [
    `bench:packs ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${LEVELS} levels (seed ${SEED}), ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}`,
    `load average at the start ${load0.map((x) => x.toFixed(2)).join(' ')}, at the end ${load1.map((x) => x.toFixed(2)).join(' ')}`,
    '',
    '| measure | value | target |',
    '| --- | --- | --- |',
    ...rows.map((r) => `| ${r.measure} | ${r.value} | ${r.target ? `${r.target} ${r.ok ? 'ok' : 'MISS'}` : ''} |`),
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

await main();
