/**
 * Solver bench: `npm run bench` (a table) or `npm run bench -- --json`.
 * Options: `--only SUBSTRING` (puzzles whose file name contains it),
 * `--no-baseline`, `--modes astar,bfs,baseline`, `--cap N` (state cap of the
 * `bfs` and `baseline` runs, default 16,000,000), `--out FILE` (also write
 * the output there). npm prints its own banner on stdout: for clean JSON use
 * `npm run -s bench -- --json` or `--out`.
 * Native reference (bench/native-ref.ts: Castellan's BFS, a typed-array JS
 * BFS and the baseline against a C BFS of the same search, layer counts
 * checked): `--native 1M,4M,16M` (its state limits, the default),
 * `--no-native`, `--native-only` (skip the corpus), `--native-engines
 * castellan,typed,baseline`, `--native-baseline-max N` (largest limit the
 * baseline runs at). Layer counts that differ from native exit non-zero.
 * Citadel Codex (bench/codex-cli.ts: the built CLI's solve per blueprint,
 * the search alone, hints along each stored solution, `pack verify`, against
 * their targets): on by default, `--no-codex`, `--codex-only`, `--codex
 * 16,35` (those blueprints; no verify).
 * Children run built bundles (bench/built.ts: esbuild, as the CLI), so
 * whole-process figures are what a user pays; `--from-source` runs them
 * through tsx instead.
 *
 * Corpus: bench/corpus/*.level.json (see bench/make-corpus.ts): Unlock the
 * King 8x8 with 12 to 16 pieces, one whose plain BFS stores > 5 million
 * states, and Chess Maze levels with keys, plates and coins; and
 * `uk-codex-NN`: copies of the Citadel Codex's 10 hardest blueprints (the
 * most states stored by the app's solve: 37, 39, 42, 44-50), measured with
 * the `astar` mode only (the app's solve is what they test; their plain BFS
 * would only repeat the 16M-capped runs above), target < 1 s CPU each.
 * `uk-gen-deep-N`: generated blueprints with optimum 40-45 and more than
 * 5M reachable states (`make-corpus.ts uk-deep`), all modes.
 *
 * Every puzzle is measured in a fresh child process per engine
 * (bench/solver-child.ts), one at a time (one worker):
 * - `astar`: the app's solve (ukSolve / cmSolve: A*, canonical pieces,
 *   optimal-solution counting up to 1000);
 * - `bfs`: solver/bfs.ts, plain BFS, on the same search problem;
 * - `baseline`: BFS with a JS Set of string keys (bench/baseline.ts), same
 *   problem; stops at 16,000,000 entries (V8's Set limit is 2^24) and is
 *   then reported as capped; `bfs` has the same cap, so a capped pair did
 *   the same work.
 * Per run: stored states, successors/s and new states/s (per wall second),
 * bytes per stored state (the search's typed arrays when it stopped / states),
 * wall and CPU time, peak RSS of the child (process.resourceUsage().maxRSS;
 * the idle floor of a child that loads the code and solves nothing is
 * printed too), and ratios against the baseline on the same puzzle.
 * Not a test: it asserts nothing; the "targets" lines only compare.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildReport } from './solver-child.js';
import { NATIVE_REF_LIMITS, runNativeReference, type NativeRefReport } from './native-ref.js';
import { childArgs, fromSource } from './built.js';
import { runCodexSection, type CodexSection } from './codex-cli.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const json = args.includes('--json');
const opt = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = opt('only');
const cap = opt('cap');
const outFile = opt('out');
let modes = (opt('modes') ?? 'astar,bfs,baseline').split(',');
if (args.includes('--no-baseline')) modes = modes.filter((m) => m !== 'baseline');
/** A state count: digits, optionally with a k or M suffix. */
const countOf = (s: string): number => {
  const m = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(s.trim());
  if (!m) throw new Error(`not a state count: ${s}`);
  return Math.round(Number(m[1]) * (m[2] === '' ? 1 : m[2]!.toLowerCase() === 'k' ? 1e3 : 1e6));
};
const codexOnly = args.includes('--codex-only');
const codexPick = opt('codex');
const codexOn = !args.includes('--no-codex');
const nativeOnly = args.includes('--native-only') || codexOnly;
const nativeLimits = args.includes('--no-native') || codexOnly ? [] : (opt('native')?.split(',').map(countOf) ?? NATIVE_REF_LIMITS);
const nativeEngines = opt('native-engines')?.split(',');
const nativeBaselineMax = opt('native-baseline-max');

const corpusDir = join(here, 'corpus');
const files = nativeOnly
  ? []
  : readdirSync(corpusDir)
      .filter((f) => f.endsWith('.level.json') && (!only || f.includes(only)))
      .sort();

/** The Codex copies in the corpus (see the file comment): A* only. */
const isCodex = (f: string): boolean => f.startsWith('uk-codex-');

function runChild(file: string, mode: string): ChildReport | { mode: string; status: 'error'; message: string } {
  const heap = mode === 'baseline' ? ['--max-old-space-size=16384'] : [];
  const r = spawnSync(process.execPath, [...heap, ...childArgs('bench/solver-child.ts'), file, mode, ...(cap ? [cap] : [])], {
    encoding: 'utf8',
    timeout: 15 * 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as ChildReport;
  } catch {
    return { mode, status: 'error', message: (r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n').slice(-3).join(' ') };
  }
}

interface Row extends ChildReport {
  succPerSec: number;
  newPerSec: number;
  /** The same per CPU second of the child (robust to other processes on the machine). */
  succPerCpuSec: number;
  newPerCpuSec: number;
  bytesPerState: number | null;
  vsBaseline?: { wall: number; cpu: number; succPerSec: number; peakRss: number; baselineCapped: boolean };
}

const log = (s: string): void => {
  if (!json) process.stderr.write(s);
};

log(
  `castellan solver bench: ${files.length} puzzles, modes ${modes.join(', ')}; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)}; children run ${
    fromSource ? 'the sources through tsx (--from-source)' : 'built bundles (esbuild, as the CLI)'
  }\n`,
);
const idle = files.length > 0 ? runChild(join(corpusDir, files[0]!), 'idle') : null;
const idleRss = idle && 'maxRss' in idle ? idle.maxRss : 0;
const results: { file: string; rows: (Row | { mode: string; status: 'error'; message: string })[] }[] = [];
for (const f of files) {
  const rows: (Row | { mode: string; status: 'error'; message: string })[] = [];
  for (const mode of isCodex(f) ? modes.filter((m) => m === 'astar') : modes) {
    log(`  ${f} ${mode}...`);
    const r = runChild(join(corpusDir, f), mode);
    if (r.status === 'error') {
      log(` error\n`);
      rows.push(r as { mode: string; status: 'error'; message: string });
      continue;
    }
    const c = r as ChildReport;
    const sec = Math.max(c.wallMs, 1e-3) / 1000;
    const cpuSec = Math.max(c.cpuMs, 1e-3) / 1000;
    rows.push({
      ...c,
      succPerSec: c.generated / sec,
      newPerSec: c.states / sec,
      succPerCpuSec: c.generated / cpuSec,
      newPerCpuSec: c.states / cpuSec,
      bytesPerState: c.bytes !== null && c.states > 0 ? c.bytes / c.states : null,
    });
    log(` ${Math.round(c.wallMs)} ms\n`);
  }
  const base = rows.find((r) => r.mode === 'baseline' && r.status !== 'error') as Row | undefined;
  if (base) {
    for (const r of rows) {
      if (r.mode === 'baseline' || r.status === 'error') continue;
      const row = r as Row;
      row.vsBaseline = {
        wall: base.wallMs / row.wallMs,
        cpu: base.cpuMs / row.cpuMs,
        succPerSec: row.succPerSec / base.succPerSec,
        peakRss: base.maxRss / row.maxRss,
        baselineCapped: base.status === 'capped',
      };
    }
  }
  results.push({ file: f, rows });
}

// ---- targets -------------------------------------------------
interface Check {
  target: string;
  puzzle: string;
  mode: string;
  value: string;
  ok: boolean;
}
const checks: Check[] = [];
/** Throughput is judged on runs long enough to be past start-up: >= 1M states stored. */
const RATE_MIN_STATES = 1_000_000;
/** Bytes per state is judged on runs >= 100k states (fixed overhead of the first arrays otherwise dominates). */
const BYTES_MIN_STATES = 100_000;
for (const { file, rows } of results) {
  for (const r of rows) {
    if (r.status === 'error' || r.mode === 'baseline') continue;
    const row = r as Row;
    if (file.startsWith('uk-8x8') && row.states >= RATE_MIN_STATES) {
      checks.push({
        target: '>= 8M successors/s (UK 8x8)',
        puzzle: file,
        mode: row.mode,
        value: `${(row.succPerSec / 1e6).toFixed(2)}M`,
        ok: row.succPerSec >= 8e6,
      });
      checks.push({
        target: '>= 1.5M new states/s (UK 8x8)',
        puzzle: file,
        mode: row.mode,
        value: `${(row.newPerSec / 1e6).toFixed(2)}M`,
        ok: row.newPerSec >= 1.5e6,
      });
    }
    if (isCodex(file) && row.mode === 'astar') {
      checks.push({
        target: 'Codex blueprint proved < 1 s CPU',
        puzzle: file,
        mode: row.mode,
        value: `${(row.cpuMs / 1000).toFixed(2)} s`,
        ok: row.status === 'solved' && row.cpuMs < 1000,
      });
    }
    if (row.bytesPerState !== null && row.states >= BYTES_MIN_STATES) {
      checks.push({ target: '<= 24 bytes per stored state', puzzle: file, mode: row.mode, value: row.bytesPerState.toFixed(1), ok: row.bytesPerState <= 24 });
    }
    if (row.states >= 5_000_000 && (row.status === 'solved' || row.status === 'unsolvable')) {
      checks.push({ target: '5M-state solve < 5 s', puzzle: file, mode: row.mode, value: `${(row.wallMs / 1000).toFixed(2)} s`, ok: row.wallMs < 5000 });
      checks.push({
        target: '5M-state solve < 300 MB peak RSS',
        puzzle: file,
        mode: row.mode,
        value: `${(row.maxRss / 2 ** 20).toFixed(0)} MB`,
        ok: row.maxRss < 300 * 2 ** 20,
      });
    }
  }
}

const nativeRef: NativeRefReport | null =
  nativeLimits.length > 0
    ? runNativeReference({
        limits: nativeLimits,
        ...(nativeEngines ? { engines: nativeEngines } : {}),
        ...(nativeBaselineMax ? { baselineMax: countOf(nativeBaselineMax) } : {}),
        log,
      })
    : null;
if (nativeRef && nativeRef.failures.length > 0) process.exitCode = 1;

const codex: CodexSection | null =
  codexOn && !(nativeOnly && !codexOnly) ? runCodexSection({ log, ...(codexPick ? { only: codexPick.split(',').map(Number) } : {}) }) : null;
if (codex && codex.failures.length > 0) process.exitCode = 1;

const emit = (text: string): void => {
  process.stdout.write(text);
  if (outFile) writeFileSync(outFile, text);
};
if (json) {
  emit(
    JSON.stringify(
      {
        machine: { cores: cpus().length, cpu: cpus()[0]?.model, loadavg: loadavg(), node: process.version },
        idleRss,
        results,
        checks,
        nativeRef: nativeRef && { skipped: nativeRef.skipped, rows: nativeRef.rows, failures: nativeRef.failures },
        codex: codex && { rows: codex.rows, verify: codex.verify, hints: codex.hints, failures: codex.failures },
      },
      null,
      2,
    ) + '\n',
  );
} else {
  const M = (n: number): string => (n / 1e6).toFixed(2);
  const MB = (n: number): string => (n / 2 ** 20).toFixed(0);
  const head = [
    'puzzle',
    'engine',
    'result',
    'states',
    'succ/s',
    'new/s',
    'cpu succ/s',
    'cpu new/s',
    'B/state',
    'wall ms',
    'cpu ms',
    'peak MB',
    'x wall',
    'x cpu',
    'x succ/s',
    'x mem',
  ];
  const lines: string[][] = [];
  for (const { file, rows } of results) {
    for (const r of rows) {
      if (r.status === 'error') {
        lines.push([basename(file, '.level.json'), r.mode, `error: ${(r as { message: string }).message}`]);
        continue;
      }
      const row = r as Row;
      const v = row.vsBaseline;
      const cap = v?.baselineCapped ? '*' : '';
      lines.push([
        basename(file, '.level.json'),
        row.mode,
        row.status === 'solved' ? `par ${row.length}` : row.status,
        String(row.states),
        M(row.succPerSec) + 'M',
        M(row.newPerSec) + 'M',
        M(row.succPerCpuSec) + 'M',
        M(row.newPerCpuSec) + 'M',
        row.bytesPerState === null ? '-' : row.bytesPerState.toFixed(1),
        String(Math.round(row.wallMs)),
        String(Math.round(row.cpuMs)),
        MB(row.maxRss),
        v ? v.wall.toFixed(1) + cap : '',
        v ? v.cpu.toFixed(1) + cap : '',
        v ? v.succPerSec.toFixed(1) + cap : '',
        v ? v.peakRss.toFixed(1) + cap : '',
      ]);
    }
  }
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (l: string[]): string => l.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const out: string[] = [];
  out.push(fmt(head));
  out.push(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) out.push(fmt(l));
  out.push('');
  out.push(
    `x wall / x cpu / x succ/s / x mem: ratio against the baseline (JS Set of string keys) on the same puzzle (time saved, successor rate, peak RSS); * = baseline stopped at its state cap.`,
  );
  out.push(
    `peak MB: the child's max RSS; a child that only loads the code peaks at ${MB(idleRss)} MB. succ/s and new/s per wall second, cpu succ/s and cpu new/s per CPU second of the child.`,
  );
  for (const { file, rows } of results) {
    const a = rows.find((r) => r.mode === 'astar' && r.status !== 'error') as Row | undefined;
    const m = a?.metrics as { optimalSolutions?: number; optimalSolutionsCapped?: boolean; uniqueFirstMove?: boolean; branching?: number } | undefined;
    if (a && m) {
      out.push(
        `${basename(file, '.level.json')}: par ${a.length ?? '-'}, ${a.states} states, branching ${m.branching?.toFixed(2)}, optimal solutions ${m.optimalSolutions ?? '-'}${m.optimalSolutionsCapped ? '+' : ''}, unique first move ${m.uniqueFirstMove ?? '-'}`,
      );
    }
  }
  out.push(`load average at the end: ${loadavg()[0]!.toFixed(2)} (${cpus().length} cores; other processes skew wall times, cpu ms does not count them).`);
  out.push('');
  out.push(`targets (rates on runs >= ${RATE_MIN_STATES / 1e6}M states, bytes on runs >= ${BYTES_MIN_STATES / 1e3}k states):`);
  for (const c of checks) out.push(`  ${c.ok ? 'ok  ' : 'MISS'} ${c.target}: ${basename(c.puzzle, '.level.json')} ${c.mode} ${c.value}`);
  if (files.length === 0) out.length = 0; // --native-only: no corpus table
  if (nativeRef) out.push(...(out.length > 0 ? [''] : []), ...nativeRef.lines);
  if (codex) out.push(...(out.length > 0 ? [''] : []), ...codex.lines);
  emit(out.join('\n') + '\n');
}
