/**
 * Why a level is unsolvable, as the editor shows it (pure, unit-tested):
 * the solver's `UnsolvableWhy` (src-shared/solver/types.ts, "the solver as a
 * design partner") turned into what the Solver panel lists (the message, its
 * ruling id, the marked squares, the optimum without the move limit for a
 * CM-12 cause, each refuted first move of a two-player goal in the ruleset's
 * notation, the states an exhaustive search covered), the squares the board
 * marks, and the live badge's one-line tooltip.
 *
 * Nothing here knows a ruleset: the cause's words and squares come from the
 * ruleset's analysis; the notation of a two-player line comes in as a
 * function (`lineNotation`).
 */
import { count } from '../../src-shared/display/count.js';
import { moveLabel, moveListText, type MoveSide } from '../../src-shared/display/move-list.js';
import { parseSquare } from '../../src-shared/model/square.js';
import type { SolveAnswer } from '../../src-shared/ruleset.js';
import type { UnsolvableWhy } from '../../src-shared/solver/types.js';

/** The code of a why that found no cause: the search covered the whole space (`UnsolvableWhy.code`). */
export const EXHAUSTIVE = 'exhaustive';

/** One refuted first move of a two-player goal, written for the panel. */
export interface RefutedMove {
  /** LAN, as the solver wrote them (test hooks). */
  move: string;
  defence: string;
  /** "1. Qc1-c8 — refuted by 1... Ka8-b8" (the ruleset's notation, move numbers from the start side). */
  text: string;
  /**
   * How close the move comes (refute.ts order, closest first): "the only
   * defence that refutes it" / "3 defences refute it", then "would win in 2"
   * when the attacker still forces that (N + 1); '' when the answer does not say.
   */
  detail: string;
  /** The refutation line, numbered, in the ruleset's notation ("1. Ra8+ Kf7* 2. Bc4 Ke7"), when it is longer than the move and its refutation; else ''. */
  line: string;
}

/** What the Solver panel shows of a why (`whyView`). */
export interface WhyView {
  code: string;
  message: string;
  /** The ruling id the cause rests on ("UK-6"); '' when the answer names none. */
  ruling: string;
  /** The squares the cause is about, well-formed names only, in the message's order, each once. */
  squares: string[];
  /** "Optimum without the move limit: 14 moves (CM-12)"; '' when the answer has none. */
  optimum: string;
  refutations: RefutedMove[];
  /** "Exhaustive: 1,234 states searched, no cause found" for the `exhaustive` code; '' otherwise. */
  exhaustive: string;
}

/** The why of a solve answer: present on `unsolvable` answers that carry one, else null. */
export function whyOf(result: SolveAnswer | null | undefined): UnsolvableWhy | null {
  if (!result || result.status !== 'unsolvable') return null;
  const w = result.why;
  return w && typeof w === 'object' && typeof w.message === 'string' ? w : null;
}

/**
 * The well-formed square names of `squares`, each once, in order (a square
 * name the board cannot place is left out rather than drawn nowhere).
 * Answers a new array; never throws on junk (non-strings are dropped).
 */
export function whySquares(squares: readonly unknown[] | null | undefined): string[] {
  const out: string[] = [];
  if (!Array.isArray(squares)) return out;
  for (const sq of squares) {
    if (typeof sq !== 'string' || out.includes(sq) || !parseSquare(sq)) continue;
    out.push(sq);
  }
  return out;
}

/**
 * The panel's view of `why`. `states`: the states (positions) the search
 * covered, for the exhaustive line; `unit`: "state" or "position"
 * (solve-text.ts `unitOf`); `first`: the side to move at the start (numbers
 * the refutations); `notation(line)`: a LAN line from the start in the
 * ruleset's notation (SAN in Locking Chess); without it, LAN.
 */
export function whyView(
  why: UnsolvableWhy,
  states: number,
  unit: string,
  first: MoveSide = 'white',
  notation: (line: readonly string[]) => string[] = (l) => [...l],
): WhyView {
  const ruling = typeof why.ruling === 'string' ? why.ruling : '';
  const opt = why.optimumWithoutLimit;
  const refs = Array.isArray(why.refutations) ? why.refutations : [];
  return {
    code: String(why.code),
    message: why.message,
    ruling,
    squares: whySquares(why.squares),
    optimum: typeof opt === 'number' && Number.isFinite(opt) ? `Optimum without the move limit: ${count(opt, 'move')}${ruling ? ` (${ruling})` : ''}` : '',
    refutations: refs.map((r) => {
      const w = notation([r.move, r.defence]);
      const count =
        typeof r.defences === 'number' && r.defences > 0 ? (r.defences === 1 ? 'the only defence that refutes it' : `${r.defences} defences refute it`) : '';
      const late = typeof r.winIn === 'number' ? `would ${verbOf(why.message)} in ${r.winIn}` : '';
      const line = Array.isArray(r.line) && r.line.length > 2 ? moveListText(notation(r.line), first) : '';
      return {
        move: r.move,
        defence: r.defence,
        text: `${moveLabel(0, first)} ${w[0] ?? r.move} — refuted by ${moveLabel(1, first)} ${w[1] ?? r.defence}`,
        detail: [count, late].filter(Boolean).join('; '),
        line,
      };
    }),
    exhaustive: why.code === EXHAUSTIVE ? `Exhaustive: ${count(states, unit)} searched, no single cause found` : '',
  };
}

/** The goal's verb of a `refuted` message ("No mate in 2: ..."), "win" when it names none. */
function verbOf(message: string): string {
  return /^No (\w+) in \d+/.exec(message)?.[1] ?? 'win';
}

/**
 * The why in one line for a tooltip: "<message> (<ruling>)", white space
 * runs (line breaks included) folded to one space; the ruling is not
 * repeated when the message already names it ("… (LC-8): …"); '' for no why.
 */
export function whyLine(why: Pick<UnsolvableWhy, 'message' | 'ruling'> | null | undefined): string {
  if (!why) return '';
  const msg = why.message.replace(/\s+/g, ' ').trim();
  const ruling = typeof why.ruling === 'string' ? why.ruling.trim() : '';
  if (!ruling || namesRuling(msg, ruling)) return msg;
  return `${msg} (${ruling})`;
}

/** True when `text` names the ruling id `ruling` as a whole id ("UK-4" in "(UK-4 movement", not in "UK-45"). */
function namesRuling(text: string, ruling: string): boolean {
  let at = text.indexOf(ruling);
  while (at >= 0) {
    const next = text[at + ruling.length];
    const prev = at > 0 ? text[at - 1] : undefined;
    if ((next === undefined || !/[0-9A-Za-z]/.test(next)) && (prev === undefined || !/[0-9A-Za-z-]/.test(prev))) return true;
    at = text.indexOf(ruling, at + 1);
  }
  return false;
}

/** The text equivalent of the board's marks for screen readers: "Marked by the solver: a1, b2." ('' for none). */
export function marksLabel(squares: readonly string[]): string {
  return squares.length ? `Marked by the solver: ${squares.join(', ')}.` : '';
}
