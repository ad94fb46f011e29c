/**
 * One finding about a document: a schema error, a builder-rule error or a
 * builder warning. Shared by format loading, ruleset validation, the CLI
 * (`errors: [{code, message, square?}]`, LEVEL-FORMAT-v1 "Command line
 * contract") and the editor's live validation list.
 */
import type { SquareName } from '../model/level.js';

export type Severity = 'error' | 'warning';

export interface Issue {
  severity: Severity;
  /** Stable machine code, kebab-case, e.g. `uk-king-count`, `schema-required`. */
  code: string;
  /** One sentence for humans. */
  message: string;
  /** The first affected square, when any (CLI contract field). */
  square?: SquareName;
  /** Every affected square (the editor highlights them). */
  squares?: SquareName[];
  /** JSON pointer into the document (RFC 6901), for schema errors. */
  pointer?: string;
  /** Ruling id this finding implements, e.g. `UK-2`. */
  ruling?: string;
}

/** Builds an Issue, filling `square` from `squares[0]`. */
export function issue(severity: Severity, code: string, message: string, extra: { squares?: SquareName[]; pointer?: string; ruling?: string } = {}): Issue {
  const out: Issue = { severity, code, message };
  if (extra.squares && extra.squares.length > 0) {
    out.squares = [...extra.squares];
    out.square = extra.squares[0];
  }
  if (extra.pointer !== undefined) out.pointer = extra.pointer;
  if (extra.ruling !== undefined) out.ruling = extra.ruling;
  return out;
}

/** True when any issue is an error. */
export function hasErrors(issues: readonly Issue[]): boolean {
  return issues.some((i) => i.severity === 'error');
}

/** A result in the chessops style: either a value or coded errors. */
export type Result<T, E = Issue[]> = { ok: true; value: T } | { ok: false; error: E };
