/**
 * `castellan hint FILE [--moves MOVE...] [--json] [--max-states N] [--time-ms N]`:
 * the hint of the level's ruleset (`RulesetDef.hint`, src-shared/hint.ts)
 * from the position after `--moves` (from the level's start; LAN, UCI such
 * as `e1f1`, or SAN where the ruleset reads it: src-shared/rulesets/move-input.ts):
 * the distance to the nearest win (single-player: moves to a solution,
 * UK-7 / CM-12; two-player: the attacker's moves of the fastest forced win,
 * KV-8 / LC-8), one optimal next move, and the first move of the line that
 * lost the optimum (or made the level unsolvable).
 *
 * `--json` prints one object `{"status","distance","next","lostAt"}`
 * (`lostAt`: `{ply, move, distanceBefore, distanceAfter}` or null; with
 * status `invalid` also `errors: [{code, message, pointer?, square?}]`;
 * `nextSan`: `next` in SAN where the ruleset writes SAN, LC-13).
 * Text: one sentence, e.g. `3 moves to the nearest win; next: Nb1-c3.`, and
 * a second one naming the move that lost the par; moves in the ruleset's
 * notation (Locking Chess: SAN, `next: Ra6*`).
 *
 * Exit codes (LEVEL-FORMAT-v1 "Exit codes"): 0 solvable or solved, 1 invalid
 * input (unreadable file, builder errors, a move that does not replay: the
 * message names the notations read; a UCI move that fits two legal moves:
 * `move-ambiguous`), 2 no
 * longer solvable, 3 gave up at a limit (`--max-states` per search,
 * `--time-ms` overall, default 60 s). Runs on the main thread.
 */
import type { Command } from 'commander';
import type { HintAnswer, RulesetDef } from '../../src-shared/ruleset.js';
import type { Level } from '../../src-shared/model/level.js';
import { HINT_DEFAULT_MAX_STATES } from '../../src-shared/hint.js';
import { lineNotation, rulesetOf, unsupported } from '../../src-shared/rulesets/index.js';
import { movesFromInput } from '../../src-shared/rulesets/move-input.js';
import { hintText } from '../../src-shared/hint-text.js';
import { hasErrors, issue, type Issue } from '../../src-shared/validation/issue.js';
import { readBoundedText } from '../services/bounded-read.js';
import { MAX_LEVEL_FILE_BYTES, parseLevelDocument } from '../services/level-files.js';

/** Default wall-clock cap of one `castellan hint`, ms (every search together). */
export const DEFAULT_CLI_HINT_TIME_MS = 60_000;

export interface HintIo {
  out(text: string): void;
  err(text: string): void;
}

export interface HintFlags {
  moves?: string[];
  json?: boolean;
  maxStates?: number;
  timeMs?: number;
}

const EXIT_OK = 0;
const EXIT_INVALID = 1;
const EXIT_UNSOLVABLE = 2;
const EXIT_LIMIT = 3;

/** Exit code of a hint's status (LEVEL-FORMAT-v1 "Exit codes"). */
export function hintExitCode(status: HintAnswer['status']): number {
  return status === 'unsolvable' ? EXIT_UNSOLVABLE : status === 'limit' ? EXIT_LIMIT : EXIT_OK;
}

/**
 * The hint in words for `def`'s level (src-shared/hint-text.ts `hintText`,
 * the editor's words): the headline with the next move ("3 moves to the
 * nearest win; next: Nb1-c3."), then the move that lost the par when there
 * is one. `plies` (moves played) tells a two-player line's side to move:
 * the attacker's next move, or the defender's best reply.
 */
export function hintSentence(def: RulesetDef, level: Level, h: HintAnswer, moves: readonly string[] = []): string {
  const goal = def.goal;
  const attacker = goal.kind === 'in-n' ? goal.startSide(level) : undefined;
  const t = hintText(h, goal, attacker, lineNotation(level, moves, def));
  const defending = attacker !== undefined && moves.length % 2 === 1;
  const showNext = h.next !== null && (h.status === 'solvable' || h.status === 'unsolvable');
  // The next move in the ruleset's notation (Locking Chess: SAN, LC-13), as the move list writes it.
  const next = h.next !== null ? lineNotation(level, [...moves, h.next], def)[moves.length] : null;
  const nextNote = showNext ? (defending ? `; best reply: ${next}` : `; next: ${next}`) : '';
  const limitNote = h.status === 'limit' ? ' (raise --max-states or --time-ms)' : '';
  return [`${t.headline}${nextNote}${limitNote}.`, ...(t.lost ? [`${t.lost}.`] : [])].join('\n');
}

function errorsJson(issues: Issue[]): { code: string; message: string; pointer?: string; square?: string }[] {
  return issues
    .filter((i) => i.severity === 'error')
    .map((i) => ({
      code: i.code,
      message: i.message,
      ...(i.pointer !== undefined ? { pointer: i.pointer } : {}),
      ...(i.square !== undefined ? { square: i.square } : i.squares && i.squares.length > 0 ? { square: i.squares[0]! } : {}),
    }));
}

/** Runs `hint` on one file; resolves with the exit code. Never rejects. */
export async function cmdHint(file: string, flags: HintFlags, io: HintIo): Promise<number> {
  const invalid = (issues: Issue[], fallback?: string): number => {
    if (flags.json) {
      io.out(JSON.stringify({ status: 'invalid', distance: null, next: null, lostAt: null, errors: errorsJson(issues) }) + '\n');
    } else {
      if (fallback) io.err(`castellan: ${file}: ${fallback}\n`);
      for (const i of issues.filter((x) => x.severity === 'error')) {
        io.err(`castellan: ${file}: ${i.code}${i.pointer ? ` ${i.pointer}` : ''} ${i.message}\n`);
      }
    }
    return EXIT_INVALID;
  };
  const read = await readBoundedText(file, { maxBytes: MAX_LEVEL_FILE_BYTES });
  if (!read.ok) return invalid([issue('error', read.code === 'not-found' ? 'file-not-found' : 'file-unreadable', read.message)]);
  const parsed = parseLevelDocument(read.text, file);
  if (!parsed.ok) return invalid(parsed.issues && parsed.issues.length > 0 ? parsed.issues : [issue('error', 'parse', parsed.message)]);
  const level = parsed.document;
  if (hasErrors(parsed.issues)) return invalid(parsed.issues);
  const def = rulesetOf(level);
  if (!def) return invalid([unsupported(level.ruleset)]);
  if (!def.hint) return invalid([issue('error', 'hint-unsupported', `${def.name} has no hints.`)]);
  // LAN as the ruleset writes it, its SAN where it has one, or UCI (e1f1): as LAN (move-input.ts).
  const typed = movesFromInput(level, flags.moves ?? [], def);
  if (!typed.ok) return invalid(typed.error);
  const moves = typed.value;
  const timeMs = flags.timeMs === 0 ? undefined : (flags.timeMs ?? DEFAULT_CLI_HINT_TIME_MS);
  const r = def.hint(level, moves, { maxStates: flags.maxStates ?? HINT_DEFAULT_MAX_STATES, ...(timeMs !== undefined ? { timeMs } : {}) });
  if (!r.ok) return invalid(r.error);
  const h = r.value;
  // `nextSan` (extension): the next move in the ruleset's notation, where it has one (LC-13).
  const nextSan = def.notation && h.next !== null ? { nextSan: lineNotation(level, [...moves, h.next], def)[moves.length] } : {};
  if (flags.json) io.out(JSON.stringify({ status: h.status, distance: h.distance, next: h.next, ...nextSan, lostAt: h.lostAt }) + '\n');
  else io.out(`${file}: ${hintSentence(def, level, h, moves).replace(/\n/g, `\n${file}: `)}\n`);
  return hintExitCode(h.status);
}

/** Adds `hint` to the program (main.ts); `setCode` receives the exit code. */
export function registerHintCommand(program: Command, io: HintIo, setCode: (code: number) => void, positiveInt: (v: string) => number): void {
  const timeCap = (v: string): number => (v.trim() === '0' ? 0 : positiveInt(v));
  program
    .command('hint')
    .description('distance to the nearest win and the next optimal move after a line (exit 0 solvable, 1 invalid, 2 no longer solvable, 3 limit)')
    .argument('<file>', 'level file')
    .option('--moves <moves...>', 'moves played from the start: LAN (Nb1-c3), UCI (b1c3) or, in Locking Chess, SAN (Nc3)')
    .option('--json', 'print one JSON object {status, distance, next, lostAt}')
    .option('--max-states <n>', `state (node) cap of each search (default ${HINT_DEFAULT_MAX_STATES})`, positiveInt)
    .option('--time-ms <n>', `wall-clock cap in milliseconds (default ${DEFAULT_CLI_HINT_TIME_MS}; 0: none)`, timeCap)
    .action(async (file: string, flags: HintFlags) => {
      setCode(await cmdHint(file, flags, io));
    });
}
