/**
 * The native-reference section of the solver bench: one Unlock the King
 * puzzle (bench/levels/uk-native-ref.level.json, 8x8, 8 pieces, 8 walls)
 * searched by plain BFS to each state limit (default 1 M, 4 M, 16 M) by
 * - `native`: bench/native/uk-bfs.c, built with `cc -O2` into a temp folder
 *   when a C compiler answers `cc --version` (otherwise one skip line);
 * - `castellan`: solver/bfs.ts over ukSearchProblem(pos, {canonical: true});
 * - `typed`: bench/typed-bfs.ts (textbook typed-array BFS, same problem);
 * - `baseline`: bench/baseline.ts (JS Set of string keys, same problem).
 * Each JS run is a fresh child (bench/native-ref-child.ts, built), one at a time.
 * CPU is measured two ways, the same for every engine: around the search
 * alone (native: CLOCK_PROCESS_CPUTIME_ID from its table allocation to the
 * end of the search; JS: process.cpuUsage around the solve call, every
 * thread of the process included), which the ratios and targets use, and
 * for the whole process up to the end of the search (native: getrusage;
 * JS: process.resourceUsage, so Node start-up, loading the child's bundle
 * (bench/built.ts: esbuild, as the CLI) and the level's parse count too).
 * Per run: CPU ms (search, process), successors per search CPU second, bytes per state (the search's
 * own arrays at their peak / states, and the process's RSS growth during
 * the search / states), peak RSS, and the ratios engine/native. The
 * cumulative layer counts of every engine must equal the native ones: a
 * mismatch prints a FAIL line and sets a non-zero exit code.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NativeRefChildReport } from './native-ref-child.js';
import { childArgs } from './built.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The bench puzzle of the native comparison. */
export const NATIVE_REF_LEVEL = join(here, 'levels', 'uk-native-ref.level.json');
export const NATIVE_REF_LIMITS = [1_000_000, 4_000_000, 16_000_000];
/** Targets: Castellan's search CPU / the C program's at every limit, and its whole process's at 1 M states. */
const SEARCH_RATIO = 1.2;
const PROCESS_RATIO_1M = 1.5;
/** The puzzle's published cumulative layer counts from depth 0 (through depth 6), checked when the default level runs. */
export const NATIVE_REF_PUBLISHED_LAYERS = [1, 38, 725, 9267, 89293, 691467, 4475864];

/** One engine's run at one limit, with the derived figures. */
export interface NativeRefRow {
  engine: 'native' | 'castellan' | 'typed' | 'baseline';
  limit: number;
  status: string;
  layers: number[];
  states: number;
  generated: number;
  /** CPU of the search alone. */
  cpuMs: number;
  /** CPU of the whole process up to the end of the search. */
  processCpuMs: number;
  succPerCpuSec: number;
  /** The search's own arrays at their peak per state (null: a JS Set, not measured). */
  tableBytesPerState: number | null;
  /** RSS growth during the search per state (native: its whole RSS). */
  rssBytesPerState: number;
  maxRss: number;
  /** True when `layers` and `states` equal the native run's. */
  layersAgree: boolean | null;
  /** engine / native: search CPU, whole-process CPU, successors per CPU second, bytes per state (tables). */
  vsNative?: { cpu: number; processCpu: number; succPerSec: number; bytesPerState: number | null };
}

export interface NativeRefReport {
  level: string;
  /** Null when the native program ran; otherwise why it was skipped. */
  skipped: string | null;
  rows: NativeRefRow[];
  failures: string[];
  lines: string[];
}

/** `cc -O2` of uk-bfs.c into a fresh temp folder: the binary's path, or the reason it could not be built. */
function buildNative(): { path: string } | { skip: string } {
  const v = spawnSync('cc', ['--version'], { encoding: 'utf8' });
  if (v.status !== 0) return { skip: 'no C compiler (`cc --version` failed)' };
  const out = join(mkdtempSync(join(tmpdir(), 'castellan-bench-native-')), 'uk-bfs');
  const b = spawnSync('cc', ['-O2', '-o', out, join(here, 'native', 'uk-bfs.c')], { encoding: 'utf8' });
  if (b.status !== 0) return { skip: `cc -O2 failed: ${b.stderr.trim().split('\n').slice(-2).join(' ')}` };
  return { path: out };
}

/** The native program's arguments for an Unlock the King level file (pieces as K/Q/R/B/N + square, pawns P + facing + lateral). */
function nativeArgs(levelFile: string): string[] {
  const l = JSON.parse(readFileSync(levelFile, 'utf8')) as {
    board: { width: number; height: number };
    walls?: string[];
    portal: string;
    pieces: { role: string; square: string; facing?: string; lateral?: boolean }[];
  };
  const letter: Record<string, string> = { king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N' };
  const pieces = l.pieces.map((p) => (p.role === 'pawn' ? `P${(p.facing ?? 'north')[0]}${p.lateral ? 'l' : '-'}${p.square}` : `${letter[p.role]}${p.square}`));
  const walls = l.walls && l.walls.length > 0 ? l.walls.join(',') : '-';
  return [String(l.board.width), String(l.board.height), l.portal, walls, pieces.join(',')];
}

type Raw = Omit<NativeRefChildReport, 'mode' | 'wallMs' | 'rssBefore'> & { rssBefore?: number };

function runNative(bin: string, levelFile: string, limit: number): Raw | { error: string } {
  const r = spawnSync(bin, [String(limit), ...nativeArgs(levelFile)], { encoding: 'utf8', timeout: 15 * 60_000 });
  try {
    const j = JSON.parse(r.stdout.trim()) as Omit<Raw, 'cpuMs' | 'processCpuMs'> & { cpuSec: number; searchCpuSec?: number };
    return { ...j, cpuMs: (j.searchCpuSec ?? j.cpuSec) * 1000, processCpuMs: j.cpuSec * 1000 };
  } catch {
    return { error: (r.stderr || r.error?.message || `exit ${r.status}`).trim() };
  }
}

function runJs(levelFile: string, mode: string, limit: number): Raw | { error: string } {
  const heap = mode === 'baseline' ? ['--max-old-space-size=16384'] : [];
  const r = spawnSync(process.execPath, [...heap, ...childArgs('bench/native-ref-child.ts'), levelFile, mode, String(limit)], {
    encoding: 'utf8',
    timeout: 15 * 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  try {
    return JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as Raw;
  } catch {
    return { error: (r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n').slice(-3).join(' ') };
  }
}

const sameLayers = (a: number[], b: number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Runs the section (see the file comment). `engines`: which JS engines
 * besides native (default castellan, typed, baseline); `baselineMax`: the
 * largest limit the baseline runs at (default: every limit). `log` gets
 * progress text. Returns the rows, the failure messages and the printed lines.
 */
export function runNativeReference(opts: {
  limits?: number[];
  engines?: string[];
  baselineMax?: number;
  levelFile?: string;
  log?: (s: string) => void;
}): NativeRefReport {
  const limits = opts.limits ?? NATIVE_REF_LIMITS;
  const engines = opts.engines ?? ['castellan', 'typed', 'baseline'];
  const levelFile = opts.levelFile ?? NATIVE_REF_LEVEL;
  const log = opts.log ?? ((): void => {});
  const built = buildNative();
  const skipped = 'skip' in built ? built.skip : null;
  const rows: NativeRefRow[] = [];
  const failures: string[] = [];
  for (const limit of limits) {
    let native: NativeRefRow | null = null;
    const runs: [NativeRefRow['engine'], () => Raw | { error: string }][] = [];
    if ('path' in built) runs.push(['native', () => runNative(built.path, levelFile, limit)]);
    for (const e of engines) {
      if (e === 'baseline' && opts.baselineMax !== undefined && limit > opts.baselineMax) continue;
      runs.push([e as NativeRefRow['engine'], () => runJs(levelFile, e, limit)]);
    }
    for (const [engine, run] of runs) {
      log(`  native-ref ${engine} ${limit}...`);
      const r = run();
      if ('error' in r) {
        log(' error\n');
        failures.push(`${engine} at ${limit}: ${r.error}`);
        continue;
      }
      log(` ${Math.round(r.cpuMs)} ms cpu\n`);
      const rssGrowth = engine === 'native' ? r.maxRss : r.maxRss - (r.rssBefore ?? 0);
      const row: NativeRefRow = {
        engine,
        limit,
        status: r.status,
        layers: r.layers,
        states: r.states,
        generated: r.generated,
        cpuMs: r.cpuMs,
        processCpuMs: r.processCpuMs ?? r.cpuMs,
        succPerCpuSec: r.generated / (Math.max(r.cpuMs, 1e-3) / 1000),
        tableBytesPerState: r.peakBytes === null ? null : r.peakBytes / r.states,
        rssBytesPerState: rssGrowth / r.states,
        maxRss: r.maxRss,
        layersAgree: null,
      };
      if (engine === 'native') native = row;
      else if (native) {
        row.layersAgree = sameLayers(row.layers, native.layers) && row.states === native.states;
        if (!row.layersAgree) {
          failures.push(
            `${engine} at ${limit}: layer counts [${row.layers.join(', ')}] (${row.states} states) differ from native [${native.layers.join(', ')}] (${native.states} states)`,
          );
        }
        row.vsNative = {
          cpu: row.cpuMs / native.cpuMs,
          processCpu: row.processCpuMs / native.processCpuMs,
          succPerSec: row.succPerCpuSec / native.succPerCpuSec,
          bytesPerState: row.tableBytesPerState === null || native.tableBytesPerState === null ? null : row.tableBytesPerState / native.tableBytesPerState,
        };
      }
      rows.push(row);
    }
  }
  if (levelFile === NATIVE_REF_LEVEL) {
    for (const r of rows) {
      const n = Math.min(r.layers.length, NATIVE_REF_PUBLISHED_LAYERS.length);
      if (!sameLayers(r.layers.slice(0, n), NATIVE_REF_PUBLISHED_LAYERS.slice(0, n))) {
        failures.push(`${r.engine} at ${r.limit}: layer counts [${r.layers.join(', ')}] differ from the published [${NATIVE_REF_PUBLISHED_LAYERS.join(', ')}]`);
      }
    }
  }
  return { level: levelFile, skipped, rows, failures, lines: formatNativeReference(rows, skipped, failures) };
}

function formatNativeReference(rows: NativeRefRow[], skipped: string | null, failures: string[]): string[] {
  const out: string[] = [];
  out.push('native reference: bench/levels/uk-native-ref.level.json, plain BFS to each state limit, one process per run');
  if (skipped) out.push(`native reference: SKIPPED the native program: ${skipped}; JS engines only, no ratios`);
  const head = [
    'limit',
    'engine',
    'result',
    'states',
    'layers',
    'cpu ms',
    'proc cpu ms',
    'cpu succ/s',
    'B/state arrays',
    'B/state rss',
    'peak MB',
    'x cpu',
    'x proc',
    'x succ/s',
    'x B/state',
  ];
  const lines = rows.map((r) => [
    `${r.limit / 1e6}M`,
    r.engine,
    r.status,
    String(r.states),
    r.layersAgree === null ? (r.engine === 'native' ? 'ref' : '-') : r.layersAgree ? 'same' : 'DIFFER',
    String(Math.round(r.cpuMs)),
    String(Math.round(r.processCpuMs)),
    (r.succPerCpuSec / 1e6).toFixed(2) + 'M',
    r.tableBytesPerState === null ? '-' : r.tableBytesPerState.toFixed(1),
    r.rssBytesPerState.toFixed(1),
    (r.maxRss / 2 ** 20).toFixed(0),
    r.vsNative ? r.vsNative.cpu.toFixed(2) : '',
    r.vsNative ? r.vsNative.processCpu.toFixed(2) : '',
    r.vsNative ? r.vsNative.succPerSec.toFixed(2) : '',
    r.vsNative && r.vsNative.bytesPerState !== null ? r.vsNative.bytesPerState.toFixed(2) : '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (l: string[]): string => l.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  out.push(fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(fmt));
  out.push(
    "layers: cumulative states per depth equal to native (same) or not (DIFFER). cpu ms: the search alone, every engine timed the same way (native: CLOCK_PROCESS_CPUTIME_ID from its table allocation to the end; JS: process.cpuUsage around the solve, all threads); proc cpu ms: the whole process to the end of the search (JS: Node start-up, loading the built bundle (or tsx transpiling the sources with --from-source), the level's parse included; native: getrusage). cpu succ/s: successors per search CPU second. B/state arrays: the search's own arrays at their peak (native: queue + table, rehash included; castellan: arena + key table (1-2 word states; wider: index table) + batch, SolveStats.peakBytes; typed: queue + table); baseline: a JS Set, not measured. B/state rss: resident-set growth of the process during the search (native: its whole RSS). x: engine / native (cpu and proc > 1 = slower, succ/s < 1 = slower); the targets use the search CPU.",
  );
  const deepest = [...rows].sort((a, b) => b.layers.length - a.layers.length)[0];
  if (deepest) {
    out.push(
      `layer counts (${deepest.engine} at ${deepest.limit / 1e6}M, cumulative from depth 0): ${deepest.layers.join(', ')}; published: ${NATIVE_REF_PUBLISHED_LAYERS.join(', ')}`,
    );
  }
  // Performance targets on this puzzle (Castellan vs native and typed-array JS, bytes per state).
  out.push('targets (native reference):');
  for (const c of rows.filter((r) => r.engine === 'castellan')) {
    const lim = `${c.limit / 1e6}M`;
    if (c.vsNative) {
      out.push(
        `  ${c.vsNative.cpu <= SEARCH_RATIO ? 'ok  ' : 'MISS'} castellan/native search CPU <= ${SEARCH_RATIO}x at ${lim}: ${c.vsNative.cpu.toFixed(2)}x`,
      );
      if (c.limit === 1_000_000) {
        out.push(
          `  ${c.vsNative.processCpu <= PROCESS_RATIO_1M ? 'ok  ' : 'MISS'} castellan/native whole-process CPU <= ${PROCESS_RATIO_1M}x at ${lim}: ${c.vsNative.processCpu.toFixed(2)}x`,
        );
      }
    }
    const t = rows.find((r) => r.engine === 'typed' && r.limit === c.limit);
    if (t)
      out.push(`  ${c.cpuMs < t.cpuMs ? 'ok  ' : 'MISS'} castellan ahead of typed-array JS at ${lim}: ${Math.round(c.cpuMs)} vs ${Math.round(t.cpuMs)} ms cpu`);
    if (c.tableBytesPerState !== null)
      out.push(`  ${c.tableBytesPerState <= 20 ? 'ok  ' : 'MISS'} castellan <= 20 B/state at peak at ${lim}: ${c.tableBytesPerState.toFixed(1)}`);
  }
  for (const f of failures) out.push(`FAIL native reference: ${f}`);
  return out;
}
