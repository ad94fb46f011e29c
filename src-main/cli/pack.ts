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
 *   optimalSolutions, optimalCapped, difficulty, warnings}]}` (extension: the solve
 *   counts optimal solutions up to VERIFY_COUNT_SOLUTIONS; `difficulty`
 *   `{unlocking, par, states, label}` is the stated measure of
 *   pack/difficulty.ts, null when not proved; absent counts are null;
 *   `warnings` `[{code, message, squares?, ruling?}]` what the re-proof says
 *   besides the status: RULINGS P-1 `problem-short` / `problem-cooked`, a
 *   par above the optimum; the text report lists them under the table).
 * - `pack export DIR -o OUT [--format FORM] [--no-solutions] [--force]`: OUT
 *   chooses the form by its name (services/pack-export.ts `exportKindOf`):
 *   `*.pack.json` one file with the levels embedded, `*.pdf` the printable
 *   PDF (as `pack pdf`), `*.html` one self-contained web page that plays the
 *   pack (services/player-page.ts; `--no-solutions` leaves the stored
 *   solutions out of it, so it offers no "Show solution"), a name without an
 *   extension a new folder; any other extension is refused (`bad-output`,
 *   exit 1). `--format folder|pack|pdf|html` names the form too; OUT must
 *   then have its name (`bad-output` when they disagree). Written all-or-nothing (built hidden beside OUT,
 *   read back, re-loaded, then moved into place). Refuses an existing OUT
 *   (never overwrites or deletes: `exists`), and stale / invalid / draft
 *   levels unless `--force` (checked without solving: stored solution
 *   current). Exit 0 written, 1 refused / invalid / bad OUT, 4 I/O with the
 *   cause as the code (`disk-full`, `read-only`, `io`, `forbidden`, ...).
 * - `pack pdf DIR|FILE -o OUT.pdf [--force]`: printable PDF (services/pack-pdf.ts),
 *   written like an export; refuses an existing OUT unless --force (which
 *   replaces it in one rename). Same exit codes.
 */
import { setMaxListeners } from 'node:events';
import { availableParallelism } from 'node:os';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { MAX_PACK_LEVELS } from '../../src-shared/format/limits.js';
import { count } from '../../src-shared/display/count.js';
import { findAlike } from '../../src-shared/pack/duplicates.js';
import { classifyLevel, STATUS_EXIT, type LevelVerdict } from '../../src-shared/pack/status.js';
import type { HostError } from '../../src-shared/host/contract.js';
import { loadPack, proofOf, type LoadedPack } from '../services/pack-files.js';
import { exportKindOf, exportPack, exportProblems, unwritableLevels, type ExportKind } from '../services/pack-export.js';
import { realOutputPath } from '../services/staged-output.js';
import { errorLine, outputFolderError, writeFailure } from './cli-errors.js';
import { SolvePool } from '../services/solve-pool.js';
import { feedJobs, VERIFY_COUNT_SOLUTIONS } from '../services/pack-verify.js';
import { forSolver } from '../services/solve-runner.js';
import { difficultyLabel, difficultyOf } from '../../src-shared/pack/difficulty.js';
import { rulesetOf } from '../../src-shared/rulesets/index.js';
import { factsOfAnswer, proofWarnings, type ProofWarning } from '../../src-shared/rulesets/proof-checks.js';

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
  /** What the re-proof says besides the status (RULINGS P-1 short / cooked, a par above the optimum). */
  warnings?: ProofWarning[];
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
      let metrics: Pick<VerifyRow, 'taggedMovesMin' | 'taggedMovesMax' | 'optimalSolutions' | 'optimalCapped' | 'warnings'> = {};
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
        const warnings = proofWarnings(l.level, factsOfAnswer(o.result), rulesetOf(l.level));
        metrics = {
          ...(warnings.length ? { warnings } : {}),
          ...(m?.taggedMovesMin !== undefined ? { taggedMovesMin: m.taggedMovesMin } : {}),
          ...(m?.taggedMovesMax !== undefined ? { taggedMovesMax: m.taggedMovesMax } : {}),
          ...(m?.optimalSolutions !== undefined ? { optimalSolutions: m.optimalSolutions, optimalCapped: m.optimalSolutionsCapped === true } : {}),
        };
      }
      opts.onDone?.(++done, n);
      rows[i] = { index: l.index, name: l.name, title: l.title, tier: l.tier, ...verdict, ...metrics };
    };
    // A few levels in the pool at a time (as the host's verify), not all 10,000 queued at once.
    await feedJobs(n, 2 * pool.size, verifyOne, opts.signal);
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
          warnings: r.warnings ?? [],
        })),
      }) + '\n',
    );
  } else {
    io.out(`${loaded.value.pack.title} (${loaded.value.pack.ruleset}, ${total} level${total === 1 ? '' : 's'})\n`);
    io.out(formatVerifyTable(rows));
    // What the proofs say besides the status (P-1 short / cooked, a par above the optimum): warnings, the exit code stays.
    for (const r of rows) for (const w of r.warnings ?? []) io.out(`#${r.index + 1} ${r.title}: warning ${w.code} ${w.message}\n`);
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

/** Prints a failed export's error line (`castellan: <code>: <message>`) and answers its exit code (cli-errors.ts `writeFailure`). */
function exportFailed(e: HostError, io: PackIo): number {
  const f = writeFailure(e);
  io.err(errorLine(f.code, e.message));
  return f.exit;
}

/** The forms `--format` names, and the export kind of each (services/pack-export.ts `ExportKind`). */
export const EXPORT_FORMATS: Readonly<Record<string, ExportKind>> = { folder: 'folder', pack: 'file', pdf: 'pdf', html: 'html' };

/** What an output of each kind is named, for a `--format` that disagrees with `-o`. */
const KIND_NAME: Record<ExportKind, string> = {
  folder: 'a folder name without an extension',
  file: 'a name ending in .pack.json',
  pdf: 'a name ending in .pdf',
  html: 'a name ending in .html',
};

export async function cmdPackExport(dir: string, flags: { out: string; force?: boolean; format?: string; solutions?: boolean }, io: PackIo): Promise<number> {
  const kind = exportKindOf(flags.out);
  if (!kind.ok) {
    io.err(errorLine(kind.code, kind.message));
    return 1;
  }
  if (flags.format !== undefined) {
    const wanted = Object.hasOwn(EXPORT_FORMATS, flags.format) ? EXPORT_FORMATS[flags.format] : undefined;
    if (!wanted) {
      io.err(errorLine('bad-format', `--format ${flags.format} is not a form: choose ${Object.keys(EXPORT_FORMATS).join(', ')}.`));
      return 1;
    }
    if (wanted !== kind.kind) {
      io.err(errorLine('bad-output', `--format ${flags.format} writes ${KIND_NAME[wanted]}, and ${flags.out} is ${KIND_NAME[kind.kind]}.`));
      return 1;
    }
  }
  if (flags.solutions === false && kind.kind !== 'html') {
    io.err(
      errorLine('bad-option', `--no-solutions is for a web page (-o NAME.html); ${flags.out} is ${KIND_NAME[kind.kind]}, whose levels keep their proofs.`),
    );
    return 1;
  }
  const folder = await outputFolderError(flags.out);
  if (folder) {
    io.err(errorLine(folder.code, folder.message));
    return 1;
  }
  const loaded = await loadPack(dir);
  if (!loaded.ok) {
    io.err(errorLine(loaded.code, loaded.message));
    return 1;
  }
  const unwritable = unwritableLevels(loaded.value);
  if (unwritable.length > 0) {
    for (const p of unwritable) io.err(`castellan: ${p}\n`);
    io.err(
      errorLine(
        'pack-level-unreadable',
        `export refused: ${count(unwritable.length, 'level')} cannot be read, so the export would leave ${unwritable.length === 1 ? 'it' : 'them'} out (--force does not skip levels): fix the file${unwritable.length === 1 ? '' : 's'} or remove ${unwritable.length === 1 ? 'it' : 'them'} from the pack.`,
      ),
    );
    return 1;
  }
  const problems = await exportProblems(loaded.value);
  if (problems.length > 0 && !flags.force) {
    for (const p of problems) io.err(`castellan: ${p}\n`);
    io.err(`castellan: export refused: ${problems.length} level${problems.length === 1 ? '' : 's'} not proved and current (use --force to export anyway)\n`);
    return 1;
  }
  const w = await exportPack(loaded.value, await realOutputPath(flags.out), kind.kind, {
    label: flags.out,
    pdf: 'inline',
    ...(flags.solutions === false ? { solutions: false } : {}),
  });
  if (!w.ok) return exportFailed(w, io);
  for (const p of problems) io.err(`castellan: warning: exported anyway: ${p}\n`);
  const what =
    w.kind === 'pdf'
      ? `the printable PDF, ${count(w.bytes, 'byte')}`
      : w.kind === 'html'
        ? `a web page, ${count(w.bytes, 'byte')}, ${count(w.codeBytes ?? 0, 'byte')} of them the player${flags.solutions === false ? ', no solutions' : ''}`
        : `${w.files} file${w.files === 1 ? '' : 's'}`;
  io.out(`exported ${count(w.levels, 'level')} to ${flags.out} (${what})\n`);
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
      're-prove every level of a pack, a few at a time on one solver worker per core (exit 0 clean, 1 invalid/stale/draft or a pack over the size limit, 2 unsolvable, 3 limit); what a proof says besides (a short or cooked problem, P-1; a par above the optimum) is listed as warnings',
    )
    .argument('<path>', 'pack folder (with pack.json) or *.pack.json file')
    .option('--json', 'print one JSON object')
    .option('--max-states <n>', 'state cap per level', parseInt)
    .option('--time-ms <n>', 'wall-clock cap per level in milliseconds, counted from the start of its own solve (not the wait for a worker)', parseInt)
    .action(async (path: string, flags: { json?: boolean; maxStates?: number; timeMs?: number }) => {
      setCode(await cmdPackVerify(path, flags, io));
    });
  pack
    .command('export')
    .description(
      'write a pack as a new folder, one *.pack.json, the printable *.pdf or one self-contained *.html web page that plays it offline, chosen by the name of -o; all-or-nothing, never overwrites; refuses stale/invalid levels unless --force; a write that fails exits 4 with its cause as the error code (disk-full, read-only, io)',
    )
    .argument('<dir>', 'pack folder or file')
    .requiredOption(
      '-o, --out <path>',
      'a new folder (a name without an extension), a *.pack.json file, a *.pdf file or a *.html web page; other extensions are refused',
    )
    .option('--format <form>', `the form, which the name of -o must agree with: ${Object.keys(EXPORT_FORMATS).join(', ')}`)
    .option('--no-solutions', 'web page: leave the stored solutions out (the page offers no "Show solution"; hints stay)')
    .option('--force', 'export stale, draft or invalid levels too (a level that cannot be read is never left out: refused)')
    .action(async (dir: string, flags: { out: string; force?: boolean; format?: string; solutions?: boolean }) => {
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
  const kind = exportKindOf(flags.out);
  if (!kind.ok || kind.kind !== 'pdf') {
    io.err(errorLine('bad-output', `-o must end in .pdf, not ${JSON.stringify(flags.out)}`));
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
  const w = await exportPack(loaded.value, await realOutputPath(flags.out), 'pdf', {
    label: flags.out,
    pdf: 'inline',
    ...(flags.force === true ? { replace: true } : {}),
  });
  if (!w.ok) {
    const f = writeFailure(w);
    io.err(errorLine(f.code, f.code === 'exists' ? `${w.message} (use --force to replace it)` : w.message));
    return f.exit;
  }
  io.out(`wrote ${flags.out} (${count(w.levels, 'level')}, ${count(w.bytes, 'byte')})\n`);
  return 0;
}
