/**
 * `castellan perft --rules orthodox|locking --depth N [--fen STRING] [--divide]`:
 * the number of leaf nodes of the legal move tree N plies deep
 * from the start position or `--fen` (FEN for orthodox chess, LFEN for
 * Locking Chess, LC-13).
 *
 * Output: the node count alone on a line; with `--divide`, one line
 * `LAN: nodes` per legal move (sorted by LAN), then `total: nodes`. The
 * time taken goes to stderr when it is a terminal. Exit 0, or 1 for a bad
 * `--rules`, depth or FEN/LFEN (one line per problem, with the FEN
 * character position for syntax errors). Runs on the main thread.
 */
import type { Issue } from '../../src-shared/validation/issue.js';
import { Chess, perftDivide } from '../../src-shared/rulesets/orthodox/index.js';
import { LC_START_LFEN, lcPerftDivide, parseLfen } from '../../src-shared/rulesets/locking-chess/index.js';

export interface PerftFlags {
  rules?: string;
  depth?: number;
  fen?: string;
  divide?: boolean;
}

export interface PerftIo {
  out(text: string): void;
  err(text: string): void;
  errIsTTY: boolean;
}

/** Largest depth accepted (deeper runs would take hours in this engine). */
export const PERFT_MAX_DEPTH = 12;

function issuesText(label: string, issues: Issue[]): string {
  return issues.map((i) => `castellan: invalid ${label} (${i.code}${i.square ? ` ${i.squares?.join(' ') ?? i.square}` : ''}): ${i.message}\n`).join('');
}

/** Runs the perft command; resolves with the exit code (0 ok, 1 bad input). Never rejects. */
export async function cmdPerft(flags: PerftFlags, io: PerftIo): Promise<number> {
  const rules = flags.rules;
  if (rules !== 'orthodox' && rules !== 'locking') {
    io.err(`castellan: --rules must be "orthodox" or "locking"${rules !== undefined ? ` (got "${rules}")` : ''}\n`);
    return 1;
  }
  const depth = flags.depth;
  if (depth === undefined || !Number.isInteger(depth) || depth < 1 || depth > PERFT_MAX_DEPTH) {
    io.err(`castellan: --depth must be an integer 1..${PERFT_MAX_DEPTH}\n`);
    return 1;
  }
  const t0 = performance.now();
  let total: number;
  let lines: { move: string; nodes: number }[] | undefined;
  if (rules === 'orthodox') {
    const r = Chess.fromFen(flags.fen ?? Chess.START_FEN);
    if (!r.ok) {
      io.err(issuesText('FEN', r.error));
      return 1;
    }
    if (flags.divide) lines = perftDivide(r.value, depth);
    else total = r.value.perft(depth);
  } else {
    const r = parseLfen(flags.fen ?? LC_START_LFEN);
    if (!r.ok) {
      io.err(issuesText('LFEN', r.error));
      return 1;
    }
    if (flags.divide) lines = lcPerftDivide(r.value, depth);
    else total = r.value.perft(depth);
  }
  if (lines) {
    total = 0;
    for (const l of lines) {
      io.out(`${l.move}: ${l.nodes}\n`);
      total += l.nodes;
    }
    io.out(`total: ${total}\n`);
  } else {
    io.out(`${total!}\n`);
  }
  if (io.errIsTTY) {
    const s = (performance.now() - t0) / 1000;
    io.err(
      `perft ${depth}: ${total!.toLocaleString('en')} nodes in ${s.toFixed(2)} s (${Math.round(total! / Math.max(s, 1e-6)).toLocaleString('en')} nodes/s)\n`,
    );
  }
  return 0;
}
