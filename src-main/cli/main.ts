/**
 * The `castellan` command line (commander 14), run by bin/castellan.mjs as
 * the bundle out/cli/castellan.mjs (scripts/build-cli.mjs), or from source
 * through tsx.
 *
 * Commands (LEVEL-FORMAT-v1 "Command line contract" + extensions):
 * - `validate FILE...`: per file every issue as
 *   `FILE: error|warning CODE [SQUARE] MESSAGE`, then `FILE: ok` when it has
 *   no errors. Exit 0 all valid, 1 any invalid or unreadable. It never
 *   solves: a current stored proof is checked (the par, UK-7; P-1 short /
 *   cooked), and a par with no current proof is a `*-par-unchecked` warning
 *   (proof-report.ts), so what `prove` would refuse is said beforehand.
 * - `solve FILE... [--json] [--max-states N] [--time-ms N]`: optimal solve in a
 *   worker, capped at DEFAULT_CLI_SOLVE_TIME_MS (60 s; `--time-ms 0`: no cap)
 *   (several files: in parallel on a worker pool with a progress bar,
 *   reports in file order, `--json` one object per line with `file` first;
 *   exit code the highest per file). `--json` adds `metrics` (difficulty:
 *   optimalSolutions, optimalSolutionsCapped, uniqueFirstMove, branching,
 *   expanded, generated; Unlock the King also taggedMovesMin / taggedMovesMax:
 *   the fewest / most non-king moves over all optimal solutions; extension)
 *   for Unlock the King and Chess Maze. Exit 0 solved, 1 invalid, 2 proved unsolvable, 3 gave up at a
 *   limit (states, memory or time); a two-player level without its "in N"
 *   goal is a playable position: exit 0, status `position` (extension).
 *   `--json` prints exactly one object
 *   `{"status","length","moves","states","ms"}` (+ `errors: [{code, message,
 *   square?}]` when invalid, + `reason` when limit; `length` is null unless
 *   solved). Two-player goals (King's Valley "win in N", KV-8): `length` is
 *   the shortest forced win in the solver side's moves, `moves` the main
 *   line, plus `keys` and `keysWithinN` (empty when unsolvable = "no win in
 *   N") and, when solved, `refutations` (extension). An unsolvable answer
 *   adds `why: {code, message, squares, ruling}` (solver/types.ts
 *   `UnsolvableWhy`; `refutations: [{move, defence}]` inside it for a
 *   two-player `refuted` cause) and, for a move-limit cause (CM-12),
 *   `optimumWithoutLimit` (extension); the text report prints the why
 *   message on its own line. A solved two-player answer adds the solution
 *   tree `tree` (or `treeError`, cli/tree.ts) (extensions); `--tree` prints
 *   the tree. A solved answer carries `warnings: [{code, message, squares?,
 *   ruling?}]` when the proof says something of the level (LEVEL-FORMAT-v1:
 *   P-1 `problem-short` / `problem-cooked`; UK-7 `uk-par-above-optimal` /
 *   `uk-par-below-optimal`); the text report prints them as
 *   `  warning CODE [SQUARES] MESSAGE` lines. Without `--json`: a
 *   readable report with the move list (two-player: keys, cook note, main
 *   line by move number, refutations), and a progress line on stderr when
 *   it is a terminal.
 * - `prove FILE... [--draft] [--force] [--max-states N] [--time-ms N]` (extension):
 *   runs the save pipeline in place, storing the proven solution (with the
 *   solver's difficulty metrics, `solution.metrics`); with `--draft` unproved
 *   levels are written as drafts; with `--force` a current stored proof is
 *   proved again and rewritten (so older files gain metrics). Several files are proved
 *   in parallel on a worker pool (progress bar on a terminal), reports in
 *   file order. Exit code: the highest of the per-file codes (as for solve).
 *   Like the editor's saves, it holds the file's cross-process lock, answers
 *   `conflict` when the file changed during the proof, and keeps the
 *   replaced version in `<folder of the file>/.castellan/backups/<file name>/`
 *   (the last 10; backups.ts `localBackupDir`).
 * - `perft --rules orthodox|locking --depth N [--fen STRING] [--divide]`
 *   (extension, see perft.ts): move-generator node count; exit 1 on a bad FEN/LFEN.
 * - `hint FILE [--moves LAN...] [--json]` (extension, see hint.ts): distance to
 *   the nearest win after a line, the next optimal move, the move that lost the optimum.
 * - `code FILE [--board]` / `code --decode TEXT -o FILE [--force]` (extension,
 *   see code.ts): a level as a level code or a board text, and back.
 * - `pack import FILE -o NEWPACK` / `pack collection PACK -o OUT.txt`
 *   (extension, see collection.ts): collections of codes or board texts.
 * - `serve [--workspace DIR] [--port N] [--open FILE] [--renderer DIR]` (default workspace `resources/`):
 *   the editor over HTTP on 127.0.0.1; prints the URL (token in the
 *   fragment) and runs until SIGINT/SIGTERM.
 * Extra exit codes: 4 a host failure (I/O error while writing, solver worker
 * crash); 130 interrupted. Errors are one-line messages, never stack traces.
 */
import { existsSync, readdirSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import type { HostError } from '../../src-shared/host/contract.js';
import { count } from '../../src-shared/display/count.js';
import { capName } from '../../src-shared/display/limit-words.js';
import type { Level } from '../../src-shared/model/level.js';
import { DEFAULT_RULESET } from '../../src-shared/rulesets/default.js';
import { lineNotation, rulesetOf } from '../../src-shared/rulesets/index.js';
import { hasErrors, issue, type Issue } from '../../src-shared/validation/issue.js';
import { readProcessStdin, registerCodeCommand } from './code.js';
import { registerCollectionCommands } from './collection.js';
import { DEFAULT_BACKUP_COUNT, localBackupDir, storeBackup } from '../services/backups.js';
import { readBoundedText, readRegularFile } from '../services/bounded-read.js';
import { conflictError, readRevision, revisionOf, sameRevision } from '../services/file-revision.js';
import { MAX_LEVEL_FILE_BYTES, parseLevelDocument } from '../services/level-files.js';
import { DEFAULT_SAVE_MAX_STATES, DEFAULT_SAVE_TIME_MS, isPositionOnly, saveLevelFile } from '../services/save-pipeline.js';
import { solveInWorker, type WorkerSolveResult } from '../services/solve-runner.js';
import { castellanVersion } from '../services/version.js';
import { comparePaths, openWorkspace, resolveWorkspacePath, toWorkspaceRelative } from '../services/workspace.js';
import { startServeHost } from '../serve/server.js';
import { runBatch } from './batch.js';
import { cliTree, cliTreeText } from './tree.js';
import { errorLine, readErrorCode } from './cli-errors.js';
import { cmdPerft } from './perft.js';
import { registerPackCommands } from './pack.js';
import { registerRenderCommand } from './render.js';
import { registerGenerateCommand } from './generate.js';
import { registerHintCommand } from './hint.js';
import { solveProofIssues, validateProofIssues, warningsField } from './proof-report.js';

export const EXIT = { ok: 0, invalid: 1, unsolvable: 2, limit: 3, failure: 4, interrupted: 130 } as const;

/** Where the CLI writes; the defaults are the process streams. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** True when stderr is a terminal (progress line). */
  errIsTTY: boolean;
  /** The whole of stdin (`code --decode -`, `pack import -`); default: the process's. */
  readStdin?(): Promise<string>;
}

const processIo: CliIo = {
  out: (t) => void process.stdout.write(t),
  err: (t) => void process.stderr.write(t),
  errIsTTY: process.stderr.isTTY === true,
};

/** The repository root (two folders above this file). */
export function repoRoot(): string {
  return fileURLToPath(new URL('../../', import.meta.url));
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!/^\d+(e\d+)?$/i.test(value.trim()) || !Number.isSafeInteger(n) || n <= 0) {
    throw new InvalidArgumentError('expected a positive integer');
  }
  return n;
}

/** `--time-ms` of `solve`: a positive integer, or 0 for no cap. */
function timeCap(value: string): number {
  return value.trim() === '0' ? 0 : positiveInt(value);
}

/**
 * Default wall-clock cap of `castellan solve`, ms: a search that would run
 * for minutes answers `limit` (exit 3, LEVEL-FORMAT-v1 "gave up at a limit")
 * instead. `--time-ms N` sets another cap, `--time-ms 0` none.
 */
export const DEFAULT_CLI_SOLVE_TIME_MS = 60_000;

function port(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n > 65535) throw new InvalidArgumentError('expected a port number 0..65535');
  return n;
}

/** `FILE: error CODE [SQUARE] MESSAGE` */
export function formatIssue(file: string, i: Issue): string {
  return `${file}: ${i.severity} ${i.code}${squaresNote(i)} ${i.message}`;
}

/** ` [a1 h8]`: every affected square (or the single `square`), or ''. */
function squaresNote(i: Pick<Issue, 'square' | 'squares'>): string {
  const all = i.squares && i.squares.length > 0 ? i.squares : i.square ? [i.square] : [];
  return all.length > 0 ? ` [${all.join(' ')}]` : '';
}

/** Reads and checks a level file: `{level, issues}` or `{error}` (message + issues). */
async function loadLevel(file: string): Promise<{ level: Level; issues: Issue[] } | { error: string; code: string; issues: Issue[] }> {
  const read = await readBoundedText(file, { maxBytes: MAX_LEVEL_FILE_BYTES });
  if (!read.ok) {
    return { error: read.message, code: readErrorCode(read), issues: [] };
  }
  const parsed = parseLevelDocument(read.text, file);
  if (!parsed.ok) return { error: parsed.message, code: 'parse', issues: parsed.issues ?? [] };
  return { level: parsed.document, issues: parsed.issues };
}

function errorsOf(issues: Issue[]): { code: string; message: string; square?: string }[] {
  return issues
    .filter((i) => i.severity === 'error')
    .map((i) => ({
      code: i.code,
      message: i.message,
      ...(i.square !== undefined ? { square: i.square } : {}),
      ...(i.squares && i.squares.length > 1 ? { squares: i.squares } : {}),
    }));
}

function exitFor(status: WorkerSolveResult['status']): number {
  switch (status) {
    case 'solved':
      return EXIT.ok;
    case 'invalid':
      return EXIT.invalid;
    case 'unsolvable':
      return EXIT.unsolvable;
    case 'limit':
      return EXIT.limit;
    case 'cancelled':
      return EXIT.interrupted;
    default:
      return EXIT.failure;
  }
}

/** Resolves on SIGINT/SIGTERM (listeners removed after). */
function onInterrupt(handler: () => void): () => void {
  const h = (): void => handler();
  process.once('SIGINT', h);
  process.once('SIGTERM', h);
  return () => {
    process.off('SIGINT', h);
    process.off('SIGTERM', h);
  };
}

async function cmdValidate(files: string[], io: CliIo): Promise<number> {
  let code = EXIT.ok as number;
  for (const file of files) {
    const r = await loadLevel(file);
    if ('error' in r) {
      code = EXIT.invalid;
      if (r.issues.length === 0) io.out(`${file}: error ${r.code} ${r.error}\n`);
      for (const i of r.issues) io.out(formatIssue(file, i) + '\n');
      continue;
    }
    // A valid file without a current proof: its par is not checked (proof-report.ts).
    const issues = hasErrors(r.issues) ? r.issues : [...r.issues, ...validateProofIssues(r.level)];
    for (const i of issues) io.out(formatIssue(file, i) + '\n');
    if (hasErrors(issues)) code = EXIT.invalid;
    else io.out(`${file}: ok\n`);
  }
  return code;
}

interface SolveFlags {
  json?: boolean;
  tree?: boolean;
  maxStates?: number;
  timeMs?: number;
}

/** What to do about each cap of a `limit` answer (the flags of `solve`). */
const LIMIT_ADVICE: Record<'states' | 'memory' | 'time', string> = {
  states: 'no proof either way; raise --max-states',
  time: 'no proof either way; raise --time-ms (0: no time cap)',
  memory: 'no proof either way; the search ran out of memory (a smaller board or fewer pieces needs less)',
};

/** Difficulty line of a solved single-player result (SolveResult.metrics), or ''. */
function metricsNote(r: WorkerSolveResult): string {
  if (r.status !== 'solved' || !r.metrics || r.metrics.optimalSolutions === undefined) return '';
  const m = r.metrics;
  const n = `${m.optimalSolutions}${m.optimalSolutionsCapped ? '+' : ''}`;
  return `  difficulty: ${n} optimal solution${m.optimalSolutions === 1 ? '' : 's'}, first move ${m.uniqueFirstMove ? 'unique' : 'not unique'}, mean branching ${m.branching.toFixed(2)}, ${count(m.expanded, 'state')} expanded\n`;
}

/**
 * `solve FILE` (one file). In a batch (`solve A B C`, batch.ts) `signal`
 * replaces the SIGINT handler and `--json` objects start with `file`.
 */
async function cmdSolve(file: string, flags: SolveFlags, io: CliIo, batchSignal?: AbortSignal): Promise<number> {
  const t0 = performance.now();
  const json = flags.json === true;
  const fileField = batchSignal ? { file } : {};
  const loaded = await loadLevel(file);
  const invalidErrors =
    'error' in loaded
      ? loaded.issues.length > 0
        ? errorsOf(loaded.issues)
        : [{ code: loaded.code, message: loaded.error }]
      : hasErrors(loaded.issues)
        ? errorsOf(loaded.issues)
        : undefined;
  if (invalidErrors || 'error' in loaded) {
    const errors = invalidErrors ?? [];
    if (json) {
      const ms = Math.round(performance.now() - t0);
      io.out(JSON.stringify({ ...fileField, status: 'invalid', length: null, moves: [], states: 0, ms, errors }) + '\n');
    } else if ('error' in loaded && loaded.issues.length === 0) {
      io.err(errorLine(loaded.code, loaded.error));
    } else {
      io.out(`${file}: invalid\n`);
      for (const e of errors) io.out(`  error ${e.code}${squaresNote(e)} ${e.message}\n`);
    }
    return EXIT.invalid;
  }
  if (isPositionOnly(loaded.level)) {
    // A two-player level without its KV-8 / LC-8 "in N" goal is a playable
    // position (valid, as `validate` and the save pipeline answer): nothing to prove, exit 0.
    const ms = Math.round(performance.now() - t0);
    if (json) io.out(JSON.stringify({ ...fileField, status: 'position', length: null, moves: [], states: 0, ms }) + '\n');
    else io.out(`${file}: a playable position with no goal, nothing to prove\n`);
    return EXIT.ok;
  }

  const controller = new AbortController();
  const stopListening = batchSignal ? () => undefined : onInterrupt(() => controller.abort());
  batchSignal?.addEventListener('abort', () => controller.abort(), { once: true });
  const progress = !json && io.errIsTTY;
  let outcome;
  try {
    outcome = await solveInWorker(loaded.level, {
      maxStates: flags.maxStates ?? DEFAULT_SAVE_MAX_STATES,
      countSolutions: 1000, // difficulty metrics (optimal-solution count) in the report
      ...(flags.timeMs !== 0 ? { timeMs: flags.timeMs ?? DEFAULT_CLI_SOLVE_TIME_MS } : {}),
      signal: controller.signal,
      ...(progress
        ? { onProgress: (p: { states: number; depth: number }) => io.err(`\r  searching: depth ${p.depth}, ${count(p.states, 'state')}\x1b[K`) }
        : {}),
    });
  } finally {
    stopListening();
    if (progress) io.err('\r\x1b[K');
  }
  const r = outcome.result;
  const ms = outcome.ms;
  const twoPlayer = rulesetOf(loaded.level)?.goal.kind === 'in-n';
  if (json) {
    const obj: Record<string, unknown> = {
      ...fileField,
      status: r.status,
      length: r.status === 'solved' ? r.length : null,
      moves: r.status === 'solved' ? r.moves : [],
      states: 'states' in r ? r.states : 0,
      ms,
    };
    if (twoPlayer && (r.status === 'solved' || r.status === 'unsolvable')) {
      // KV-8 two-player fields (LEVEL-FORMAT-v1 "Command line contract").
      obj['keys'] = r.status === 'solved' ? (r.keys ?? []) : [];
      obj['keysWithinN'] = r.status === 'solved' ? (r.keysWithinN ?? []) : [];
      if (r.status === 'solved') obj['refutations'] = r.refutations ?? [];
      if (r.status === 'solved' && r.mateType !== undefined) obj['mateType'] = r.mateType;
      // Solution tree (extension): `tree`, or `treeError` when it could not be built in its budget.
      if (r.status === 'solved')
        Object.assign(obj, cliTree(loaded.level, { maxStates: flags.maxStates, timeMs: flags.timeMs, signal: controller.signal }) ?? {});
    }
    if (r.status === 'invalid') obj['errors'] = errorsOf(r.issues);
    if (r.status === 'limit') obj['reason'] = r.reason;
    if (r.status === 'error') obj['message'] = r.message;
    // Difficulty metrics (extension; extra fields are allowed by the contract).
    if ((r.status === 'solved' || r.status === 'unsolvable') && r.metrics) obj['metrics'] = r.metrics;
    // The proof checks of a solved answer (LEVEL-FORMAT-v1 `warnings`: P-1 problem-short / problem-cooked, UK-7 par).
    Object.assign(obj, warningsField(loaded.level, r));
    // Why unsolvable (extension): {code, message, squares, ruling}, plus optimumWithoutLimit for a move-limit cause.
    if (r.status === 'unsolvable' && r.why) {
      const { optimumWithoutLimit, ...why } = r.why;
      obj['why'] = why;
      if (optimumWithoutLimit !== undefined) obj['optimumWithoutLimit'] = optimumWithoutLimit;
    }
    io.out(JSON.stringify(obj) + '\n');
    return exitFor(r.status);
  }
  if (twoPlayer && (r.status === 'solved' || r.status === 'unsolvable')) {
    reportTwoPlayer(file, loaded.level, r, ms, io);
    if (r.status === 'unsolvable' && r.why) io.out(`  why: ${r.why.message}\n`);
    if (flags.tree && r.status === 'solved')
      io.out(cliTreeText(cliTree(loaded.level, { maxStates: flags.maxStates, timeMs: flags.timeMs, signal: controller.signal })));
    for (const i of [...loaded.issues, ...solveProofIssues(loaded.level, r)]) io.out(`  ${i.severity} ${i.code}${squaresNote(i)} ${i.message}\n`);
    return exitFor(r.status);
  }
  switch (r.status) {
    case 'solved':
      io.out(`${file}: solved, optimal ${count(r.length, 'move')} (${count(r.states, 'state')}, ${ms} ms)\n`);
      io.out(metricsNote(r));
      r.moves.forEach((m, k) => io.out(`  ${String(k + 1).padStart(3)}. ${m}\n`));
      break;
    case 'unsolvable':
      io.out(`${file}: unsolvable: no sequence of moves solves it (${count(r.states, 'state')}, ${ms} ms)\n`);
      if (r.why) io.out(`  why: ${r.why.message}\n`);
      break;
    case 'limit':
      io.out(`${file}: gave up at the ${capName(r.reason)} (${count(r.states, 'state')}, depth ${r.depth}, ${ms} ms); ${LIMIT_ADVICE[r.reason]}\n`);
      break;
    case 'invalid':
      io.out(`${file}: invalid\n`);
      for (const i of r.issues) io.out(`  ${i.severity} ${i.code}${squaresNote(i)} ${i.message}\n`);
      break;
    case 'cancelled':
      io.out(`${file}: interrupted (${count(r.states, 'state')}, ${ms} ms)\n`);
      break;
    case 'error':
      io.err(errorLine('internal', r.message));
      break;
  }
  for (const i of [...loaded.issues, ...solveProofIssues(loaded.level, r)]) io.out(`  ${i.severity} ${i.code}${squaresNote(i)} ${i.message}\n`);
  return exitFor(r.status);
}

/**
 * Readable report of a two-player "win in N" result (KV-8): the shortest
 * win, its keys (more than one: a cook), the keys within N, the main line
 * numbered by the solver side's moves, and the refutations of the first key;
 * or "no win in N".
 */
function reportTwoPlayer(file: string, level: Level, r: Extract<WorkerSolveResult, { status: 'solved' | 'unsolvable' }>, ms: number, io: CliIo): void {
  const goal = (level as { goal?: { moves?: number } }).goal?.moves;
  const n = typeof goal === 'number' ? goal : 0;
  if (r.status === 'unsolvable') {
    io.out(`${file}: no win in ${n}: the side to move cannot force a win within ${count(n, 'move')} (${count(r.states, 'node')}, ${ms} ms)\n`);
    return;
  }
  const keys = r.keys ?? [];
  const win = r.mateType ? `${r.mateType} in` : 'forced win in';
  const rule = rulesetOf(level)?.goal;
  const goalName = rule?.kind === 'in-n' ? rule.verb : 'win';
  io.out(`${file}: solved, ${win} ${count(r.length, 'move')} (goal: ${goalName} in ${n}; ${count(r.states, 'node')}, ${ms} ms)\n`);
  // Moves in the ruleset's notation (Locking Chess: SAN, LC-13), as the tree below and the editor write them.
  const first = (k: string): string => lineNotation(level, [k])[0]!;
  io.out(`  keys: ${keys.map(first).join(', ')}${keys.length > 1 ? ` (cook: ${keys.length} first moves ${goalName} in ${r.length})` : ''}\n`);
  io.out(`  keys within ${n}: ${(r.keysWithinN ?? []).map(first).join(', ')}\n`);
  io.out('  main line:\n');
  const line = lineNotation(level, r.moves);
  for (let k = 0; k < line.length; k += 2) {
    io.out(`  ${String(k / 2 + 1).padStart(3)}. ${line[k]}${line[k + 1] !== undefined ? ` ${line[k + 1]}` : ''}\n`);
  }
  const refs = r.refutations ?? [];
  if (refs.length > 0 && keys[0] !== undefined) {
    // The solver's `refutations` are the defences to the key, each answered (they all lose): not refutations of a try.
    io.out(`  defences to ${first(keys[0])}:\n`);
    for (const x of refs) {
      const [, defence, answer] = lineNotation(level, [keys[0], x.defence, x.answer]);
      io.out(`    ${defence}: ${answer} (${goalName} in ${x.length})\n`);
    }
  }
}

function exitForHostError(e: HostError): number {
  switch (e.code) {
    case 'invalid':
    case 'parse':
    case 'not-found':
    case 'bad-request':
    case 'forbidden':
      return EXIT.invalid;
    case 'unsolvable':
      return EXIT.unsolvable;
    case 'limit':
      return EXIT.limit;
    case 'cancelled':
      return EXIT.interrupted;
    default:
      return EXIT.failure;
  }
}

async function cmdProve(
  files: string[],
  flags: { draft?: boolean; force?: boolean; maxStates?: number; timeMs?: number; keepBackups?: number },
  io: CliIo,
): Promise<number> {
  // Several files: proved in parallel on a worker pool (batch.ts), reports in file order.
  if (files.length > 1) return runBatch(files, io, (f, fio) => cmdProve([f], flags, fio), 'proving');
  let worst = EXIT.ok as number;
  for (const file of files) {
    // The revision read here is checked again right before the write, under
    // the file's cross-process lock: a save made by a host while the proof
    // ran answers `conflict` instead of being overwritten.
    const read = await readRegularFile(file, MAX_LEVEL_FILE_BYTES);
    if (!read.ok) {
      io.err(errorLine(readErrorCode(read), read.message));
      worst = Math.max(worst, EXIT.invalid);
      continue;
    }
    const readRev = revisionOf(read.bytes, read.stat);
    const text = read.bytes.toString('utf8');
    let value: unknown;
    try {
      value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch (err) {
      io.out(`${file}: error json-syntax ${err instanceof Error ? err.message : String(err)}\n`);
      worst = Math.max(worst, EXIT.invalid);
      continue;
    }
    const r = await saveLevelFile(resolve(file), value, {
      allowDraft: flags.draft === true,
      force: flags.force === true,
      timeMs: flags.timeMs ?? DEFAULT_SAVE_TIME_MS,
      maxStates: flags.maxStates ?? DEFAULT_SAVE_MAX_STATES,
      label: file,
      beforeWrite: async () => {
        const cur = await readRevision(resolve(file), MAX_LEVEL_FILE_BYTES);
        if (cur !== null && 'ok' in cur) return cur;
        const curRev = cur === null ? null : cur.revision;
        if (!sameRevision(curRev, readRev)) return conflictError(file, readRev, curRev);
        if (cur === null) return { ok: true };
        // The replaced version is kept, as the editor's saves keep theirs (backups.ts `localBackupDir`).
        const b = await storeBackup(localBackupDir(await realpath(resolve(file)).catch(() => resolve(file))), cur.bytes, {
          keep: flags.keepBackups ?? DEFAULT_BACKUP_COUNT,
        });
        return b.ok
          ? { ok: true }
          : { ok: true, warnings: [issue('warning', 'backup-failed', `Saved, but the previous version could not be kept as a backup: ${b.message}`)] };
      },
    });
    if (!r.ok) {
      io.out(`${file}: not saved (${r.code}): ${r.message}\n`);
      for (const i of r.issues ?? []) io.out(formatIssue(file, i) + '\n');
      worst = Math.max(worst, exitForHostError(r));
      continue;
    }
    if (!r.draft && r.document.solution) {
      const s = r.document.solution;
      const twoPlayer = rulesetOf(r.document)?.goal.kind === 'in-n';
      const what = twoPlayer ? `forced win in ${s.length}` : `optimal ${count(s.length, 'move')}`;
      // A reused proof (the stored one is current, or one proved earlier) says so instead of a time.
      const how = r.solve.message ?? `${count(s.states, 'state')}, ${r.solve.ms} ms`;
      io.out(`${file}: proved, ${what} (${how}); solution stored\n`);
    } else if (!r.draft && r.solve.status === 'position') {
      io.out(`${file}: saved; a playable position with no goal, nothing to prove\n`);
    } else {
      io.out(`${file}: saved as a draft (${r.solve.status}${r.solve.message ? `: ${r.solve.message}` : ''})\n`);
      worst = Math.max(worst, r.solve.status === 'unsolvable' ? EXIT.unsolvable : r.solve.status === 'limit' ? EXIT.limit : EXIT.invalid);
    }
    const issues = (r as { issues?: Issue[] }).issues ?? [];
    for (const i of issues) io.out(formatIssue(file, i) + '\n');
  }
  return worst;
}

/**
 * First `*.level.json` (sorted) of `<workspace>/<default ruleset>/` (a
 * folder of samples) or `<workspace>/levels/<default ruleset>/` (the default
 * workspace `resources/`, samples and packs), workspace-relative.
 */
function defaultInitialFile(workspace: string): string | undefined {
  for (const sub of [DEFAULT_RULESET, `levels/${DEFAULT_RULESET}`]) {
    const dir = join(workspace, sub);
    if (!existsSync(dir)) continue;
    try {
      const first = readdirSync(dir)
        .filter((f) => f.endsWith('.level.json') && !f.startsWith('.'))
        .sort(comparePaths)[0];
      if (first) return `${sub}/${first}`;
    } catch {
      // unreadable: try the next folder
    }
  }
  return undefined;
}

async function cmdServe(flags: { workspace?: string; port?: number; open?: string; renderer?: string; token?: string }, io: CliIo): Promise<number> {
  const root = repoRoot();
  // Default: resources/ (the sample levels in levels/ and the packs in packs/, the Citadel Codex included).
  const workspace = resolve(flags.workspace ?? join(root, 'resources'));
  const ws = openWorkspace(workspace);
  if ('ok' in ws) {
    io.err(`castellan: ${ws.message}\n`);
    return EXIT.invalid;
  }
  let initialFile: string | undefined;
  if (flags.open !== undefined) {
    const resolved = resolveWorkspacePath(ws, flags.open, false);
    if (typeof resolved !== 'string') {
      io.err(`castellan: cannot open ${flags.open}: ${resolved.message}\n`);
      return EXIT.invalid;
    }
    initialFile = isAbsolute(flags.open) ? toWorkspaceRelative(ws, resolved) : flags.open;
  } else {
    initialFile = defaultInitialFile(ws.realRoot);
  }
  const rendererDir = resolve(flags.renderer ?? join(root, 'out', 'renderer'));
  let handle;
  try {
    handle = await startServeHost({
      workspace,
      rendererDir,
      ...(flags.port !== undefined ? { port: flags.port } : {}),
      ...(flags.token !== undefined ? { token: flags.token } : {}),
      ...(initialFile !== undefined ? { initialFile } : {}),
    });
  } catch (err) {
    io.err(`castellan: cannot start the server: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT.failure;
  }
  if (!existsSync(join(rendererDir, 'index.html'))) {
    io.err(`castellan: no editor build in ${rendererDir}; run \`npm run build\` first.\n`);
  }
  io.out(`castellan serve: workspace ${workspace}\n`);
  io.out(`Open ${handle.url}\n`);
  await new Promise<void>((done) => {
    onInterrupt(done);
  });
  await handle.close();
  return EXIT.ok;
}

/**
 * Runs the CLI on `args` (without `node` and the script). Resolves with the
 * exit code; never rejects.
 */
export async function runCli(args: string[], io: CliIo = processIo): Promise<number> {
  let code: number = EXIT.ok;
  const program = new Command();
  program
    .name('castellan')
    .description('Castellan level tools: validate, solve and prove levels, or serve the editor.')
    .version(castellanVersion())
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) })
    .showHelpAfterError();

  program
    .command('validate')
    .description(
      'check level files against the format, the builder rules and their stored proof (exit 0 valid, 1 invalid); it never solves: a par with no current proof is reported as unchecked (`prove` checks it)',
    )
    .argument('<files...>', 'level files')
    .action(async (files: string[]) => {
      code = await cmdValidate(files, io);
    });

  program
    .command('solve')
    .description(
      'optimal solve (exit 0 solved, 1 invalid, 2 unsolvable, 3 limit); several files are solved in parallel; a solved answer lists what the proof says of the level as warnings (P-1 short / cooked problems, a stored par other than the optimum)',
    )
    .argument('<files...>', 'level files')
    .option('--json', 'print one JSON object')
    .option('--tree', "two-player problems: print the solution tree (key, defences, answers, duals, threat, tries); --json always has it as 'tree'")
    .option('--max-states <n>', `state cap (default ${DEFAULT_SAVE_MAX_STATES})`, positiveInt)
    .option(
      '--time-ms <n>',
      `wall-clock cap per file in milliseconds, counted from the start of its own solve (default ${DEFAULT_CLI_SOLVE_TIME_MS}; 0: none)`,
      timeCap,
    )
    .action(async (files: string[], flags: SolveFlags) => {
      code = files.length === 1 ? await cmdSolve(files[0]!, flags, io) : await runBatch(files, io, (f, fio, signal) => cmdSolve(f, flags, fio, signal));
    });

  program
    .command('prove')
    .description(
      'run the save pipeline in place: solve and store the proven solution (a par below the optimum is refused, UK-7; a short or cooked problem is saved with a warning, P-1; the replaced version is kept in .castellan/backups/ beside the file)',
    )
    .argument('<files...>', 'level files')
    .option('--draft', 'write unproved levels as drafts ("draft": true)')
    .option('--force', 'prove again and rewrite even when the stored solution is current (adds solution.metrics)')
    .option('--max-states <n>', `state cap (default ${DEFAULT_SAVE_MAX_STATES})`, positiveInt)
    .option('--time-ms <n>', `wall-clock cap per file in milliseconds, counted from the start of its own solve (default ${DEFAULT_SAVE_TIME_MS})`, positiveInt)
    .option(
      '--keep-backups <n>',
      `backups kept per file in its .castellan/backups/ ring, oldest dropped first (default ${DEFAULT_BACKUP_COUNT}; the ring is shared with the editor's saves of that file)`,
      positiveInt,
    )
    .action(async (files: string[], flags: { draft?: boolean; force?: boolean; maxStates?: number; timeMs?: number; keepBackups?: number }) => {
      code = await cmdProve(files, flags, io);
    });

  program
    .command('perft')
    .description('count the leaf nodes of the legal move tree (orthodox chess or Locking Chess)')
    .requiredOption('--rules <rules>', 'orthodox or locking')
    .requiredOption('--depth <n>', 'plies', positiveInt)
    .option('--fen <fen>', 'start position (FEN, or LFEN for locking; default the initial position)')
    .option('--divide', 'print the node count per legal move (LAN)')
    .action(async (flags: { rules?: string; depth?: number; fen?: string; divide?: boolean }) => {
      code = await cmdPerft(flags, io);
    });

  const codeIo = { ...io, readStdin: io.readStdin ?? readProcessStdin };
  registerPackCommands(
    program,
    io,
    (c) => void (code = c),
    positiveInt,
    (pack) => registerCollectionCommands(pack, codeIo, (c) => void (code = c)),
  );
  registerCodeCommand(program, codeIo, (c) => void (code = c));
  registerRenderCommand(program, io, (c) => void (code = c), positiveInt);
  registerGenerateCommand(program, io, (c) => void (code = c), positiveInt);
  registerHintCommand(program, io, (c) => void (code = c), positiveInt);

  program
    .command('serve')
    .description('serve the editor on 127.0.0.1 (token in the printed URL)')
    .option('--workspace <dir>', 'folder of levels and packs to edit (default resources: the samples and the Citadel Codex)')
    .option('--port <n>', 'port (default: a free one)', port)
    .option('--open <file>', 'workspace-relative level to open first')
    .option('--renderer <dir>', 'built editor (default out/renderer)')
    .action(async (flags: { workspace?: string; port?: number; open?: string; renderer?: string }) => {
      code = await cmdServe(flags, io);
    });

  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.exitCode === 0 ? EXIT.ok : EXIT.invalid;
    }
    io.err(`castellan: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT.failure;
  }
  return code;
}
