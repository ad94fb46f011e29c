/**
 * The Citadel Codex section of the solver bench (`npm run bench`, or alone
 * with `--codex-only`): what proving the book costs a user, with the built
 * command line (scripts/build-cli.mjs, run first so out/cli is current).
 *
 * Per blueprint (resources/packs/citadel-codex, one fresh process each, one
 * at a time):
 * - `cli cpu` / `cli wall`: `castellan solve --json FILE` (the built CLI,
 *   its solve worker included; it counts up to 1000 optimal solutions), the
 *   whole process, through bench/cpu-launcher.mjs;
 * - `search cpu`, `expanded`, `generated`, `succ/s`: the same solve in a
 *   built child (bench/codex-child.ts), the search alone, with 100 optimal
 *   solutions counted as `pack verify` and the save pipeline do;
 *   succ/s = generated successors per search CPU second.
 * Then hints along every stored solution (bench/hint-child.ts: one process,
 * as the play session's kept hint worker, a memo per blueprint): the first
 * hint, the hint after each move, the hint after a mistake (a move off
 * every optimal line) and after the move hinted then; and `castellan pack verify
 * resources/packs/citadel-codex` (whole process, its worker pool
 * included): CPU and wall.
 * Targets: every blueprint <= CODEX_CLI_CPU_MS of CLI CPU; verify <=
 * VERIFY_CPU_MS CPU and <= VERIFY_WALL_MS wall (the wall target assumes 2
 * idle cores: read it with the load average printed beside it); every
 * hint after the first <= HINT_LATER_MS of CPU (along the stored lines,
 * and after a mistake: a move off every optimal line).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childArgs } from './built.js';
import type { CodexChildReport } from './codex-child.js';
import type { HintChildReport } from './hint-child.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
export const CODEX_DIR = join(root, 'resources', 'packs', 'citadel-codex');
export const CODEX_CLI_CPU_MS = 400;
export const VERIFY_CPU_MS = 8000;
export const VERIFY_WALL_MS = 5000;
export const HINT_LATER_MS = 100;

interface Usage {
  cpuMs: number;
  wallMs: number;
  maxRss: number;
}

export interface CodexRow {
  number: number;
  par: number | null;
  cliStatus: string;
  cli: Usage | null;
  search: CodexChildReport | null;
}

export interface CodexSection {
  rows: CodexRow[];
  /** Hints along each stored solution (bench/hint-child.ts), null when that child failed. */
  hints: HintChildReport | null;
  verify: (Usage & { exit: number | null }) | null;
  lines: string[];
  failures: string[];
}

/** Runs `node cpu-launcher REPORT program args` and answers its stdout, exit code and usage. */
function launch(program: string, args: string[]): { stdout: string; exit: number | null; usage: Usage | null } {
  const report = join(mkdtempSync(join(tmpdir(), 'castellan-bench-cpu-')), 'usage.json');
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(here, 'cpu-launcher.mjs'), report, program, ...args], {
    encoding: 'utf8',
    timeout: 10 * 60_000,
    maxBuffer: 64 * 1024 * 1024,
    cwd: root,
  });
  const wall = performance.now() - t0;
  let usage: Usage | null = null;
  try {
    const u = JSON.parse(readFileSync(report, 'utf8')) as Usage;
    usage = { cpuMs: u.cpuMs, maxRss: u.maxRss, wallMs: wall };
  } catch {
    usage = null;
  }
  return { stdout: r.stdout ?? '', exit: r.status, usage };
}

/** Runs the section (see the file comment); `log` gets progress text. */
export function runCodexSection(opts: { log?: (s: string) => void; only?: number[] } = {}): CodexSection {
  const log = opts.log ?? ((): void => {});
  const failures: string[] = [];
  log('  codex: building the command line (scripts/build-cli.mjs)...');
  const b = spawnSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { encoding: 'utf8', cwd: root });
  log(b.status === 0 ? ' ok\n' : ' FAILED\n');
  if (b.status !== 0) return { rows: [], verify: null, hints: null, lines: [`FAIL codex: the CLI build failed: ${b.stderr.trim()}`], failures: ['cli build'] };
  const cli = join(root, 'out', 'cli', 'castellan.mjs');
  const files = readdirSync(join(CODEX_DIR, 'levels'))
    .filter((f) => f.endsWith('.level.json'))
    .sort();
  const rows: CodexRow[] = [];
  for (const f of files) {
    const number = Number(f.slice(0, 2));
    if (opts.only && !opts.only.includes(number)) continue;
    const file = join(CODEX_DIR, 'levels', f);
    log(`  codex ${f}...`);
    const run = launch(cli, ['solve', '--json', file]);
    let cliStatus = `exit ${run.exit}`;
    let par: number | null = null;
    try {
      const j = JSON.parse(run.stdout.trim().split('\n').pop() ?? '') as { status: string; length: number | null };
      cliStatus = j.status;
      par = j.length;
    } catch {
      failures.push(`blueprint ${number}: the CLI answered no JSON (${cliStatus})`);
    }
    const child = spawnSync(process.execPath, [...childArgs('bench/codex-child.ts'), file, '100'], { encoding: 'utf8', timeout: 10 * 60_000 });
    let search: CodexChildReport | null = null;
    try {
      search = JSON.parse(child.stdout.trim().split('\n').pop() ?? '') as CodexChildReport;
    } catch {
      failures.push(`blueprint ${number}: the search child failed: ${(child.stderr || '').trim().split('\n').pop()}`);
    }
    rows.push({ number, par, cliStatus, cli: run.usage, search });
    log(` ${run.usage ? Math.round(run.usage.cpuMs) : '?'} ms cpu\n`);
  }
  log('  codex: hints along each stored solution (one process, a memo per blueprint)...');
  const hc = spawnSync(
    process.execPath,
    [
      ...childArgs('bench/hint-child.ts'),
      ...rows.map((r) =>
        join(
          CODEX_DIR,
          'levels',
          files.find((f) => Number(f.slice(0, 2)) === r.number)!,
        ),
      ),
    ],
    {
      encoding: 'utf8',
      timeout: 30 * 60_000,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  let hints: HintChildReport | null = null;
  try {
    hints = JSON.parse(hc.stdout.trim().split('\n').pop() ?? '') as HintChildReport;
  } catch {
    failures.push(`hints: the child failed: ${(hc.stderr || '').trim().split('\n').pop()}`);
  }
  log(' done\n');
  let verify: CodexSection['verify'] = null;
  if (!opts.only) {
    log('  codex: pack verify...');
    const v = launch(cli, ['pack', 'verify', CODEX_DIR]);
    verify = v.usage ? { ...v.usage, exit: v.exit } : null;
    log(` ${v.usage ? Math.round(v.usage.wallMs) : '?'} ms wall\n`);
  }
  return { rows, verify, hints, lines: formatCodex(rows, verify, hints, failures), failures };
}

function formatCodex(rows: CodexRow[], verify: CodexSection['verify'], hints: HintChildReport | null, failures: string[]): string[] {
  const out: string[] = [];
  out.push(`Citadel Codex: built CLI \`castellan solve --json\` per blueprint (whole process), the search alone in a built child (100 solutions counted)`);
  const head = ['#', 'par', 'cli', 'cli cpu ms', 'cli wall ms', 'search cpu ms', 'expanded', 'generated', 'succ/s', 'states'];
  const lines = rows.map((r) => [
    String(r.number),
    r.par === null ? '-' : String(r.par),
    r.cliStatus,
    r.cli ? String(Math.round(r.cli.cpuMs)) : '-',
    r.cli ? String(Math.round(r.cli.wallMs)) : '-',
    r.search ? String(Math.round(r.search.cpuMs)) : '-',
    r.search ? String(r.search.expanded) : '-',
    r.search ? String(r.search.generated) : '-',
    r.search ? (((r.search.generated / Math.max(r.search.cpuMs, 1e-3)) * 1000) / 1e6).toFixed(2) + 'M' : '-',
    r.search ? String(r.search.states) : '-',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (l: string[]): string => l.map((c, i) => c.padStart(widths[i]!)).join('  ');
  out.push(fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(fmt));
  const cpu = rows.flatMap((r) => (r.cli ? [r.cli.cpuMs] : []));
  const search = rows.flatMap((r) => (r.search ? [r.search.cpuMs] : []));
  const sum = (a: number[]): number => a.reduce((x, y) => x + y, 0);
  out.push(
    `totals: cli cpu ${Math.round(sum(cpu))} ms over ${cpu.length} blueprints (worst ${Math.round(Math.max(0, ...cpu))} ms), search cpu ${Math.round(sum(search))} ms; load average ${loadavg()[0]!.toFixed(2)}`,
  );
  if (verify) {
    out.push(
      `pack verify resources/packs/citadel-codex (built CLI, whole process, its worker pool included): ${Math.round(verify.cpuMs)} ms cpu, ${Math.round(verify.wallMs)} ms wall, exit ${verify.exit}, peak RSS ${(verify.maxRss / 2 ** 20).toFixed(0)} MB`,
    );
  }
  if (hints) out.push(...hintLines(hints));
  out.push('targets (Citadel Codex):');
  const over = rows.filter((r) => !r.cli || r.cli.cpuMs > CODEX_CLI_CPU_MS);
  out.push(
    `  ${over.length === 0 && rows.length > 0 ? 'ok  ' : 'MISS'} every blueprint <= ${CODEX_CLI_CPU_MS} ms CPU (built CLI solve, whole process): ${
      over.length === 0
        ? `worst ${Math.round(Math.max(0, ...cpu))} ms`
        : `${over.length} over: ${over.map((r) => `${r.number} (${r.cli ? Math.round(r.cli.cpuMs) : '?'})`).join(', ')}`
    }`,
  );
  const wrong = rows.filter((r) => r.cliStatus !== 'solved');
  if (wrong.length > 0) out.push(`  MISS every blueprint solved: ${wrong.map((r) => `${r.number} ${r.cliStatus}`).join(', ')}`);
  if (verify) {
    out.push(`  ${verify.exit === 0 ? 'ok  ' : 'MISS'} pack verify proves the book (exit ${verify.exit})`);
    out.push(`  ${verify.cpuMs <= VERIFY_CPU_MS ? 'ok  ' : 'MISS'} pack verify <= ${VERIFY_CPU_MS / 1000} s CPU: ${(verify.cpuMs / 1000).toFixed(2)} s`);
    out.push(
      `  ${verify.wallMs <= VERIFY_WALL_MS ? 'ok  ' : 'MISS'} pack verify <= ${VERIFY_WALL_MS / 1000} s wall on 2 idle cores: ${(verify.wallMs / 1000).toFixed(2)} s (load average ${loadavg()[0]!.toFixed(2)})`,
    );
  }
  if (hints) out.push(...hintTargets(hints));
  for (const f of failures) out.push(`FAIL codex: ${f}`);
  return out;
}

const pct = (a: number[], p: number): number => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor((a.length * p) / 100))] ?? 0;
const spread = (a: number[], digits = 1): string =>
  `median ${pct(a, 50).toFixed(digits)}, p95 ${pct(a, 95).toFixed(digits)}, max ${Math.max(0, ...a).toFixed(digits)}`;

/** The hint figures (bench/hint-child.ts): CPU ms (the targets' measure) with wall ms beside. */
function hintLines(hints: HintChildReport): string[] {
  const later = hints.rows.flatMap((r) => r.later);
  const firsts = hints.rows.map((r) => r.first);
  const mistakes = hints.rows.flatMap((r) => r.mistakes);
  const worst = [...hints.rows].sort((a, b) => Math.max(0, ...b.later.map((t) => t.cpu)) - Math.max(0, ...a.later.map((t) => t.cpu)))[0];
  const worstOf = (r: HintChildReport['rows'][number]): number => Math.max(0, ...r.mistakes.map((m) => m.hint.cpu));
  const slowMistake = [...hints.rows].sort((a, b) => worstOf(b) - worstOf(a))[0];
  return [
    `hints (a kept worker: one process, a memo per blueprint; ms of process CPU, wall in brackets):`,
    `  first hint (learns the optimal-solution DAG): ${spread(
      firsts.map((t) => t.cpu),
      0,
    )} (wall ${spread(
      firsts.map((t) => t.wall),
      0,
    )})`,
    `  after each move of the stored solutions (${later.length} hints): ${spread(later.map((t) => t.cpu))} (wall ${spread(later.map((t) => t.wall))})` +
      (worst ? `, worst on ${worst.file.split('/').pop()!.slice(0, 2)}` : '') +
      `; wrong answers ${hints.rows.reduce((a, r) => a + r.wrong, 0)}`,
    `  after a mistake (at the start and mid-line, a move off every optimal line: one search from there; ${mistakes.length} hints): ${spread(
      mistakes.map((m) => m.hint.cpu),
      0,
    )} (wall ${spread(
      mistakes.map((m) => m.hint.wall),
      0,
    )})` +
      (slowMistake && slowMistake.mistakes.length > 0 ? `, worst on ${slowMistake.file.split('/').pop()!.slice(0, 2)}` : '') +
      `; then after the hinted move: ${spread(mistakes.flatMap((m) => (m.after ? [m.after.cpu] : [])))}; wrong answers ${mistakes.filter((m) => m.wrong).length}`,
  ];
}

/** The hint target lines: every hint after the first <= HINT_LATER_MS of CPU, along the stored lines and after a mistake. */
function hintTargets(hints: HintChildReport): string[] {
  const later = hints.rows.flatMap((r) => r.later);
  const over = later.filter((t) => t.cpu > HINT_LATER_MS).length;
  const wrongs = hints.rows.reduce((a, r) => a + r.wrong, 0);
  const mistakes = hints.rows.flatMap((r) => r.mistakes);
  const afterMistake = mistakes.flatMap((m) => [m.hint, ...(m.after ? [m.after] : [])]);
  const overM = afterMistake.filter((t) => t.cpu > HINT_LATER_MS).length;
  const wrongM = mistakes.filter((m) => m.wrong).length;
  return [
    `  ${over === 0 && wrongs === 0 ? 'ok  ' : 'MISS'} every hint after the first <= ${HINT_LATER_MS} ms CPU along the stored solutions: ${over} of ${later.length} over, max ${Math.max(0, ...later.map((t) => t.cpu)).toFixed(0)} ms${wrongs ? `, ${wrongs} WRONG` : ''}`,
    `  ${overM === 0 && wrongM === 0 ? 'ok  ' : 'MISS'} every hint after the first <= ${HINT_LATER_MS} ms CPU after a mistake and the move after it: ${overM} of ${afterMistake.length} over, max ${Math.max(0, ...afterMistake.map((t) => t.cpu)).toFixed(0)} ms${wrongM ? `, ${wrongM} WRONG` : ''}`,
  ];
}
