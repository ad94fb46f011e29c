/**
 * `castellan code` (extension of LEVEL-FORMAT-v1's command line): a level
 * as text to share, and back (format/level-code.ts, format/board-text.ts).
 *
 * - `code FILE [--board]`: prints the level's code (`CST1.…`, one line),
 *   or with `--board` its board text (the lines a forum post shows; what a
 *   board text cannot hold is said on stderr as `castellan: warning:
 *   board-text-lost: …`). Exit 0, 1 when the file cannot be read or is not
 *   a level (`file-not-found`, `file-unreadable`, `parse`, the loader's
 *   first code) or cannot be written as text (`level-code-too-large`,
 *   `board-text-off-board`, …).
 * - `code --decode TEXT -o FILE [--force]`: writes the level a code (or a
 *   board text) holds as a level file. `TEXT` is the code itself, or `-`
 *   to read the code or board text from stdin. Never replaces an existing
 *   file unless `--force` (as `pack pdf`); written all-or-nothing and
 *   checked (staged-output.ts `writeNewFile`). The level comes without a
 *   stored proof (codes do not carry it): `castellan prove FILE` proves it.
 *   Exit 0 written; 1 a text that is not a level (its code:
 *   `level-code-checksum`, `board-text-rows`, … and `not-level-text` for
 *   text that is neither), an existing file (`exists`), a missing folder;
 *   4 a failed write with its cause as the code (`disk-full`, `io`, …).
 */
import type { Command } from 'commander';
import { levelToBoardText } from '../../src-shared/format/board-text.js';
import { encodeLevelCode } from '../../src-shared/format/level-code.js';
import { readLevelText } from '../../src-shared/format/level-text.js';
import { serializeLevel } from '../../src-shared/format/serialize.js';
import type { Level } from '../../src-shared/model/level.js';
import type { Issue, Result } from '../../src-shared/validation/issue.js';
import { readBoundedText } from '../services/bounded-read.js';
import { MAX_LEVEL_FILE_BYTES, parseLevelDocument } from '../services/level-files.js';
import { realOutputPath, writeNewFile } from '../services/staged-output.js';
import { errorLine, outputFolderError, parseErrorCode, readErrorCode, writeFailure } from './cli-errors.js';

export interface CodeIo {
  out(text: string): void;
  err(text: string): void;
  /** The whole of stdin (for `--decode -`). */
  readStdin?(): Promise<string>;
}

/** Prints the first issue of a refusal as the CLI's error line, then any `line`-named ones after it. */
function refuse(io: CodeIo, issues: readonly Issue[], fallback: string): number {
  const first = issues.find((i) => i.severity === 'error') ?? issues[0];
  io.err(errorLine(first?.code ?? fallback, first?.message ?? 'not a level'));
  return 1;
}

/** `code FILE [--board]`. */
export async function cmdCode(file: string, flags: { board?: boolean }, io: CodeIo): Promise<number> {
  const read = await readBoundedText(file, { maxBytes: MAX_LEVEL_FILE_BYTES });
  if (!read.ok) {
    io.err(errorLine(readErrorCode(read), read.message));
    return 1;
  }
  const parsed = parseLevelDocument(read.text, file);
  if (!parsed.ok) {
    io.err(errorLine(parseErrorCode(parsed.issues), parsed.message));
    return 1;
  }
  if (flags.board) {
    const t = levelToBoardText(parsed.document);
    if (!t.ok) return refuse(io, t.error, 'board-text');
    for (const l of t.value.lost) io.err(`castellan: warning: board-text-lost: a board text cannot hold ${l}\n`);
    io.out(t.value.text);
    return 0;
  }
  const c = encodeLevelCode(parsed.document);
  if (!c.ok) return refuse(io, c.error, 'level-code');
  io.out(`${c.value}\n`);
  return 0;
}

/** The level a code, a board text or a level's JSON holds, or why not. */
export function levelOfText(text: string): Result<Level, Issue[]> {
  const r = readLevelText(text);
  if (r.kind === 'code' || r.kind === 'board' || r.kind === 'json') return r.result;
  const what =
    r.kind === 'collection'
      ? `The text holds ${r.entries} entries (a collection): import it with \`castellan pack import\`.`
      : 'The text is not a level code (CST1.…) or a board text (Castellan …).';
  return { ok: false, error: [{ severity: 'error', code: r.kind === 'collection' ? 'collection-not-level' : 'not-level-text', message: what }] };
}

/** `code --decode TEXT -o FILE [--force]`. */
export async function cmdCodeDecode(text: string, flags: { out?: string; force?: boolean }, io: CodeIo): Promise<number> {
  if (!flags.out) {
    io.err(errorLine('bad-output', '--decode needs -o FILE, the level file to write (e.g. -o level.json).'));
    return 1;
  }
  const folder = await outputFolderError(flags.out);
  if (folder) {
    io.err(errorLine(folder.code, folder.message));
    return 1;
  }
  const input = text === '-' ? ((await io.readStdin?.()) ?? '') : text;
  const level = levelOfText(input);
  if (!level.ok) return refuse(io, level.error, 'not-level-text');
  const w = await writeNewFile(await realOutputPath(flags.out), serializeLevel(level.value), {
    label: flags.out,
    ...(flags.force === true ? { replace: true } : {}),
  });
  if (!w.ok) {
    const f = writeFailure(w);
    io.err(errorLine(f.code, f.code === 'exists' ? `${w.message} (use --force to replace it)` : w.message));
    return f.exit;
  }
  io.out(`wrote ${flags.out}: ${level.value.ruleset} "${level.value.meta.title}" (not proved yet: castellan prove ${flags.out})\n`);
  return 0;
}

/** Reads stdin to its end (UTF-8), at most MAX_LEVEL_FILE_BYTES. */
export async function readProcessStdin(): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > MAX_LEVEL_FILE_BYTES) break;
    parts.push(b);
  }
  return Buffer.concat(parts).toString('utf8');
}

/** Registers `code` on the program; `setCode` receives the exit code. */
export function registerCodeCommand(program: Command, io: CodeIo, setCode: (code: number) => void): void {
  program
    .command('code')
    .description(
      'print a level file as a level code (CST1.…, one URL-safe line to paste in a chat or a forum) or, with --board, as a board text; with --decode, write the level a code or a board text holds as a level file (never replaces one unless --force)',
    )
    .argument('[file]', 'the level file to print as a code')
    .option('--board', 'print the board text (one character per square with a legend; LFEN and the goal for Locking Chess) instead of the code')
    .option('--decode <text>', 'a level code to read back ("-": read a code or a board text from stdin); needs -o')
    .option('-o, --out <file>', 'with --decode: the level file to write')
    .option('--force', 'with --decode: replace an existing file')
    .action(async (file: string | undefined, flags: { board?: boolean; decode?: string; out?: string; force?: boolean }) => {
      if (flags.decode !== undefined) {
        if (file !== undefined) {
          io.err(errorLine('bad-arguments', `give either FILE or --decode TEXT, not both (got ${JSON.stringify(file)})`));
          setCode(1);
          return;
        }
        setCode(await cmdCodeDecode(flags.decode, flags, io));
        return;
      }
      if (file === undefined) {
        io.err(errorLine('bad-arguments', 'give a level FILE to print its code, or --decode TEXT -o FILE'));
        setCode(1);
        return;
      }
      setCode(await cmdCode(file, flags, io));
    });
}
