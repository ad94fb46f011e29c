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

/**
 * The error for a ruleset id no module has: code `ruleset-unsupported`,
 * pointer `/ruleset` (or `pointer`, where the id sits in a larger
 * document). Every entry answers it for such an id: the format's schema
 * check, validation, the solve entry, replay, play, the host's save, the
 * editor.
 */
export function rulesetUnsupported(ruleset: unknown, pointer = '/ruleset'): Issue {
  return issue('error', 'ruleset-unsupported', `${String(ruleset)} rules are not implemented yet`, { pointer });
}

/** True when any issue is an error. */
export function hasErrors(issues: readonly Issue[]): boolean {
  return issues.some((i) => i.severity === 'error');
}

/** A result in the chessops style: either a value or coded errors. */
export type Result<T, E = Issue[]> = { ok: true; value: T } | { ok: false; error: E };

/** How many issues of one code and severity a report lists before it summarises the rest. */
export const MAX_ISSUES_PER_CODE = 100;

/**
 * Bounds a report: the first `perCode` issues of each code and severity are
 * kept in order; the rest of that code are replaced by one issue of the
 * same code and severity, placed after the last one kept, whose message
 * says how many were left out ("... and 799,900 more like this"). Errors
 * stay errors, so a capped report is valid exactly when the full one is.
 * Linear in the number of issues.
 */
export function capIssues(issues: readonly Issue[], perCode: number = MAX_ISSUES_PER_CODE): Issue[] {
  const counts = { error: new Map<string, number>(), warning: new Map<string, number>() };
  let over = false;
  for (const i of issues) {
    const m = counts[i.severity];
    const n = (m.get(i.code) ?? 0) + 1;
    m.set(i.code, n);
    if (n > perCode) over = true;
  }
  if (!over) return [...issues];
  const kept = { error: new Map<string, number>(), warning: new Map<string, number>() };
  const out: Issue[] = [];
  for (const i of issues) {
    const k = (kept[i.severity].get(i.code) ?? 0) + 1;
    kept[i.severity].set(i.code, k);
    if (k > perCode) continue;
    out.push(i);
    const total = counts[i.severity].get(i.code)!;
    if (k === perCode && total > perCode) {
      const noun = i.severity === 'error' ? 'errors' : 'warnings';
      out.push({
        severity: i.severity,
        code: i.code,
        message: `... and ${(total - perCode).toLocaleString('en-US')} more ${i.code} ${noun} like this (not listed).`,
        ...(i.ruling !== undefined ? { ruling: i.ruling } : {}),
      });
    }
  }
  return out;
}
