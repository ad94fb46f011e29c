/**
 * `castellan pack ...` (LEVEL-FORMAT-v1 "Command line contract"):
 * - `pack verify DIR|FILE [--json] [--max-states N] [--time-ms N]`: loads
 *   the pack (folder with pack.json, or one *.pack.json), re-proves every
 *   valid level in parallel on the worker pool (cli-progress bar on stderr
 *   when it is a terminal), checks duplicates (pack/duplicates.ts: symmetry-aware for UK), and prints
 *   a table (#, level, tier, status). Exit 0 only when every level is valid,
 *   proved, its stored solution current (levelHash) and optimal, par equal;
 *   else the highest per-level code: 1 invalid / draft / stale / par
 *   mismatch / duplicate, 2 unsolvable, 3 limit. `--json`: one object
 *   `{pack, title, ruleset, exit, levels: [{index, name, title, tier,
 *   status, detail, par, states, taggedMovesMin, taggedMovesMax,
 *   optimalSolutions, optimalCapped, difficulty}]}` (extension: the solve
 *   counts optimal solutions up to VERIFY_COUNT_SOLUTIONS; `difficulty`
 *   `{unlocking, par, states, label}` is the stated measure of
 *   pack/difficulty.ts, null when not proved; absent counts are null).
 * - `pack export DIR -o OUT [--force]`: OUT ending in `.pack.json` gets the
 *   single-file form (levels embedded), else a new folder. Refuses an
 *   existing OUT (never overwrites or deletes), and stale / invalid / draft
 *   levels unless `--force` (checked without solving: stored solution current).
 *   Files go through writeFileVerified. Exit 0 written, 1 refused/invalid, 4 I/O.
 * - `pack pdf DIR|FILE -o OUT.pdf [--force]`: printable PDF (services/pack-pdf.ts);
 *   refuses an existing OUT unless --force.
 */
import { setMaxListeners } from 'node:events';
import { availableParallelism } from 'node:os';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { solutionIsCurrent } from '../../src-shared/format/level-hash.js';
import { MAX_PACK_LEVELS } from '../../src-shared/format/limits.js';
import { count } from '../../src-shared/display/count.js';
import { findAlike } from '../../src-shared/pack/duplicates.js';
import { classifyLevel, STATUS_EXIT, type LevelVerdict } from '../../src-shared/pack/status.js';
import { loadPack, planExport, proofOf, writeExport, type LoadedPack } from '../services/pack-files.js';
import { buildPackPdf } from '../services/pack-pdf.js';
import { writeNew } from './render.js';
import { errorLine, outputFolderError } from './cli-errors.js';
import { SolvePool } from '../services/solve-pool.js';
import { feedJobs, VERIFY_COUNT_SOLUTIONS } from '../services/pack-verify.js';
import { forSolver } from '../services/solve-runner.js';
import { difficultyLabel, difficultyOf } from '../../src-shared/pack/difficulty.js';

export interface PackIo {
  out(text: string): void;
  err(text: string): void;
  errIsTTY: boolean;
}

export interface VerifyRow extends LevelVerdict {
  index: number;
  name: string;
  title: string;
  tier?: string;
  /** Fewest / most tagged (UK: non-king) moves over all optimal solutions (solver/types.ts `SolveMetrics`), when counted. */
  taggedMovesMin?: number;
  taggedMovesMax?: number;
  /** Distinct optimal solutions, at most VERIFY_COUNT_SOLUTIONS (`optimalCapped` when more). */
  optimalSolutions?: number;
  optimalCapped?: boolean;
}

/**
 * Re-proves every level of a loaded pack on a SolvePool and classifies it
 * (src-shared/pack/status.ts). `onDone` is called after each level.
 */
export async function verifyPack(
  loaded: LoadedPack,
  opts: { maxStates?: number; timeMs?: number; poolSize?: number; onDone?: (done: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<VerifyRow[]> {
  const n = loaded.levels.length;
  const pool = new SolvePool({ size: Math.max(1, Math.min(opts.poolSize ?? availableParallelism(), n)) });
  let done = 0;
  try {
    const rows: VerifyRow[] = new Array<VerifyRow>(n);
    const verifyOne = async (i: number): Promise<void> => {
      const l = loaded.levels[i]!;
      let verdict: LevelVerdict;
      let metrics: Pick<VerifyRow, 'taggedMovesMin' | 'taggedMovesMax' | 'optimalSolutions' | 'optimalCapped'> = {};
      if (!l.level || l.error) verdict = classifyLevel(undefined, undefined, l.error);
      else {
        // Counting (single-player rulesets) gives the difficulty metrics; two-player goals ignore it.
        const o = await pool.solve(forSolver(l.level), {
          maxStates: opts.maxStates,
          timeMs: opts.timeMs,
          countSolutions: VERIFY_COUNT_SOLUTIONS,
          signal: opts.signal,
        });
        verdict = classifyLevel(l.level, proofOf(o.result), undefined, l.hash);
        const m = o.result.status === 'solved' ? o.result.metrics : undefined;
        metrics = {
          ...(m?.taggedMovesMin !== undefined ? { taggedMovesMin: m.taggedMovesMin } : {}),
          ...(m?.taggedMovesMax !== undefined ? { taggedMovesMax: m.taggedMovesMax } : {}),
          ...(m?.optimalSolutions !== undefined ? { optimalSolutions: m.optimalSolutions, optimalCapped: m.optimalSolutionsCapped === true } : {}),
        };
      }
      opts.onDone?.(++done, n);
      rows[i] = { index: l.index, name: l.name, title: l.title, tier: l.tier, ...verdict, ...metrics };
    };
    // A few levels in the pool at a time (as the host's verify), not all 10,000 queued at once.
    await feedJobs(n, 2 * pool.size, verifyOne);
    const pairs = loaded.alike ?? findAlike(loaded.levels.map((l) => (l.level && !l.error ? l.level : undefined)));
    for (const d of pairs) {
      const row = rows[d.second]!;
      const note = `alike to #${d.first + 1} (${d.how})`;
      rows[d.second] =
        row.exitCode === 0 ? { ...row, status: 'duplicate', exitCode: STATUS_EXIT.duplicate, detail: note } : { ...row, detail: `${row.detail}; ${note}` };
    }
    return rows;
  } finally {
    await pool.close();
  }
}

const STATUS_LABEL: Record<string, string> = {
  proved: 'proved',
  invalid: 'invalid',
  draft: 'draft',
  stale: 'stale solution',
  'par-mismatch': 'par mismatch',
  duplicate: 'duplicate',
  unsolvable: 'unsolvable',
  limit: 'limit',
};

/**
 * A verify row's difficulty (src-shared/pack/difficulty.ts: unlocking, par,
 * states, and its label) for `--json`, or null when the level was not proved.
 */
function difficultyJson(r: VerifyRow): { unlocking: number; par: number; states: number; label: string } | null {
  const d =
    r.status === 'proved' || r.status === 'duplicate' || r.status === 'par-mismatch'
      ? difficultyOf({ par: r.proved, states: r.states, taggedMovesMin: r.taggedMovesMin })
      : undefined;
  return d ? { unlocking: d.unlocking, par: d.par, states: d.states, label: difficultyLabel(d) } : null;
}

/** The summary table (plain text, fixed-width columns). */
export function formatVerifyTable(rows: VerifyRow[]): string {
  const head = ['#', 'level', 'tier', 'status'];
  const body = rows.map((r) => [
    String(r.index + 1),
    r.title,
    r.tier ?? '-',
    r.status === 'proved' || r.detail.toLowerCase().startsWith((STATUS_LABEL[r.status] ?? r.status).toLowerCase())
      ? r.detail
      : `${STATUS_LABEL[r.status]}: ${r.detail}`,
  ]);
  const widths = head.map((h, c) => Math.max(h.length, ...body.map((b) => b[c]!.length)));
  const line = (cells: string[]): string => cells.map((s, c) => (c === cells.length - 1 ? s : s.padEnd(widths[c]!))).join('  ') + '\n';
  return line(head) + line(widths.map((w) => '-'.repeat(w))) + body.map(line).join('');
}

export async function cmdPackVerify(path: string, flags: { json?: boolean; maxStates?: number; timeMs?: number }, io: PackIo): Promise<number> {
  const loaded = await loadPack(path);
  if (!loaded.ok) {
    io.err(errorLine(loaded.code, loaded.message));
    return 1;
  }
  const total = loaded.value.levels.length;
  const bar =
    io.errIsTTY && process.stderr.isTTY && !flags.json
      ? new cliProgress.SingleBar(
          { stream: process.stderr, format: 'verifying |{bar}| {value}/{total} levels', hideCursor: true, clearOnComplete: true },
          cliProgress.Presets.shades_classic,
        )
      : undefined;
  bar?.start(total, 0);
  const controller = new AbortController();
  setMaxListeners(0, controller.signal); // one abort listener per queued level
  const onSignal = (): void => controller.abort();
  process.once('SIGINT', onSignal);
  let rows: VerifyRow[];
  try {
    rows = await verifyPack(loaded.value, { ...flags, signal: controller.signal, onDone: (d) => bar?.update(d) });
  } finally {
    bar?.stop();
    process.off('SIGINT', onSignal);
  }
  const exit = total === 0 ? 1 : Math.max(0, ...rows.map((r) => r.exitCode));
  if (flags.json) {
    io.out(
      JSON.stringify({
        pack: path,
        title: loaded.value.pack.title,
        ruleset: loaded.value.pack.ruleset,
        exit,
        levels: rows.map((r) => ({
          index: r.index + 1,
          name: r.name,
          title: r.title,
          tier: r.tier ?? null,
          status: r.status,
          detail: r.detail,
          par: r.proved ?? null,
          states: r.states ?? null,
          taggedMovesMin: r.taggedMovesMin ?? null,
          taggedMovesMax: r.taggedMovesMax ?? null,
          optimalSolutions: r.optimalSolutions ?? null,
          optimalCapped: r.optimalCapped ?? null,
          difficulty: difficultyJson(r),
        })),
      }) + '\n',
    );
  } else {
    io.out(`${loaded.value.pack.title} (${loaded.value.pack.ruleset}, ${total} level${total === 1 ? '' : 's'})\n`);
    io.out(formatVerifyTable(rows));
    const bad = rows.filter((r) => r.exitCode !== 0).length;
    io.out(
      total === 0
        ? 'the pack has no levels\n'
        : bad === 0
          ? `${total === 1 ? '1 level' : `all ${total} levels`} proved\n`
          : `${bad} of ${total} level${total === 1 ? '' : 's'} not clean\n`,
    );
  }
  return exit;
}

export async function cmdPackExport(dir: string, flags: { out: string; force?: boolean }, io: PackIo): Promise<number> {
  const loaded = await loadPack(dir);
  if (!loaded.ok) {
    io.err(errorLine(loaded.code, loaded.message));
    return 1;
  }
  const problems: string[] = [];
  for (const l of loaded.value.levels) {
    if (!l.level || l.error) problems.push(`#${l.index + 1} ${l.title}: invalid (${l.error ?? 'not a level'})`);
    else if (l.level.solution && !solutionIsCurrent(l.level)) problems.push(`#${l.index + 1} ${l.title}: stale solution`);
    else if (!l.level.solution || l.level.draft) problems.push(`#${l.index + 1} ${l.title}: draft (no proved solution)`);
  }
  if (problems.length > 0 && !flags.force) {
    for (const p of problems) io.err(`castellan: ${p}\n`);
    io.err(`castellan: export refused: ${problems.length} level${problems.length === 1 ? '' : 's'} not proved and current (use --force to export anyway)\n`);
    return 1;
  }
  const plan = planExport(loaded.value, flags.out);
  const w = await writeExport(flags.out, plan);
  if (!w.ok) {
    io.err(`castellan: ${w.message}\n`);
    return /exists/.test(w.message) ? 1 : 4;
  }
  for (const p of problems) io.err(`castellan: warning: exported anyway: ${p}\n`);
  io.out(`exported ${count(loaded.value.levels.filter((l) => l.level).length, 'level')} to ${flags.out} (${w.files} file${w.files === 1 ? '' : 's'})\n`);
  return 0;
}

/** Registers `pack verify` and `pack export` on the program; `setCode` receives the exit code. */
export function registerPackCommands(
  program: Command,
  io: PackIo,
  setCode: (code: number) => void,
  parseInt: (v: string) => number,
  extra?: (pack: Command) => void,
): void {
  const pack = program.command('pack').description(`level packs: verify, export, pdf (a pack holds at most ${MAX_PACK_LEVELS.toLocaleString('en-US')} levels)`);
  pack
    .command('verify')
    .description(
      're-prove every level of a pack, a few at a time on one solver worker per core (exit 0 clean, 1 invalid/stale/draft or a pack over the size limit, 2 unsolvable, 3 limit)',
    )
    .argument('<path>', 'pack folder (with pack.json) or *.pack.json file')
    .option('--json', 'print one JSON object')
    .option('--max-states <n>', 'state cap per level', parseInt)
    .option('--time-ms <n>', 'wall-clock cap per level in milliseconds', parseInt)
    .action(async (path: string, flags: { json?: boolean; maxStates?: number; timeMs?: number }) => {
      setCode(await cmdPackVerify(path, flags, io));
    });
  pack
    .command('export')
    .description('write a pack as a new folder or one *.pack.json (never overwrites; refuses stale/invalid levels unless --force)')
    .argument('<dir>', 'pack folder or file')
    .requiredOption('-o, --out <path>', 'new folder, or a *.pack.json file')
    .option('--force', 'export stale, draft or invalid levels too')
    .action(async (dir: string, flags: { out: string; force?: boolean }) => {
      setCode(await cmdPackExport(dir, flags, io));
    });
  pack
    .command('pdf')
    .description('print a pack: one diagram per level and an answer key (never overwrites unless --force)')
    .argument('<path>', 'pack folder or *.pack.json file')
    .requiredOption('-o, --out <file>', 'output .pdf')
    .option('--force', 'replace an existing output file')
    .action(async (path: string, flags: { out: string; force?: boolean }) => {
      setCode(await cmdPackPdf(path, flags, io));
    });
  extra?.(pack);
}

export async function cmdPackPdf(path: string, flags: { out: string; force?: boolean }, io: PackIo): Promise<number> {
  if (!flags.out.toLowerCase().endsWith('.pdf')) {
    io.err('castellan: -o must end in .pdf\n');
    return 1;
  }
  const folder = await outputFolderError(flags.out);
  if (folder) {
    io.err(errorLine(folder.code, folder.message));
    return 1;
  }
  const loaded = await loadPack(path);
  if (!loaded.ok) {
    io.err(errorLine(loaded.code, loaded.message));
    return 1;
  }
  let bytes: Buffer;
  try {
    bytes = await buildPackPdf(loaded.value);
  } catch (e) {
    io.err(`castellan: PDF rendering failed: ${e instanceof Error ? e.message : String(e)}\n`);
    return 4;
  }
  const err = await writeNew(flags.out, bytes, flags.force === true);
  if (err) {
    io.err(`castellan: ${err}\n`);
    return /already exists/.test(err) ? 1 : 4;
  }
  io.out(`wrote ${flags.out} (${count(loaded.value.levels.length, 'level')}, ${count(bytes.length, 'byte')})\n`);
  return 0;
}
