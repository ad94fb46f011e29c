/**
 * What the Solver panel says, in words (pure, unit-tested): the status line
 * of each solve state with counts in the right number ("1 state"), the
 * progress figures (states, depth bound, states per second, elapsed), the
 * message of a solve a cap stopped (which cap, how to raise it), and for the
 * two-player goals (KV-8, LC-8) the defences to the key in the ruleset's
 * notation with move numbers ("Best defence 1... Kb8, answer 2. Qc8#").
 *
 * Words: a "refutation" (problem chess) is a defence that defeats a try (a
 * first move that does not win); the solver lists every defence to the KEY
 * with the attacker's fastest answer, and all of those lose, so they are
 * shown as "defences", never as refutations.
 */
import { count } from '../../src-shared/display/count.js';
import { moveLabel, type MoveSide } from '../../src-shared/display/move-list.js';
import type { SolveAnswer } from '../../src-shared/ruleset.js';
import type { Refutation } from '../../src-shared/solver/types.js';
import { SOLVE_SETTING_LIMITS, type SolveCapsRequest } from './solve-settings.js';

/** What the status line needs of the document's goal (`def.goal`). */
export interface GoalWords {
  /** A "win / mate in N" goal (two-player). */
  twoPlayer: boolean;
  /** "win" (KV-8) or "mate" (LC-8); single-player: unused. */
  verb: string;
  /** N of the goal, undefined when none. */
  goalN?: number | undefined;
  /** What a solution does ("brings the king to the portal"), single-player. */
  solves: string;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;

/** "mate", "a win": the goal as the object of "force". */
const forced = (g: GoalWords): string => (g.verb === 'win' ? 'a win' : g.verb);

/** Where the search was: the depth bound (single-player: a lower bound on the optimum) or the N being tried (two-player). */
const depthWords = (depth: number, g: GoalWords): string => (g.twoPlayer ? `trying ${g.verb} in ${depth}` : `depth bound ${depth}`);

/** The unit the solver counts: positions of the two-player proof search, states of a single-player search. */
export const unitOf = (g: GoalWords): string => (g.twoPlayer ? 'position' : 'state');

/**
 * The status line of a finished solve (`result` after `ms`), with the caps
 * it ran with for a `limit` (see `limitText`).
 */
export function resultText(result: SolveAnswer, ms: number, g: GoalWords, caps?: SolveCapsRequest): { kind: string; text: string } {
  const t = seconds(ms);
  const unit = unitOf(g);
  switch (result.status) {
    case 'solved':
      return g.twoPlayer
        ? { kind: 'solved', text: `Solved: ${g.verb} in ${result.length} (the shortest forced ${g.verb}) — ${count(result.states, unit)} searched, ${t}` }
        : { kind: 'solved', text: `Solved: par ${result.length} (optimal) — ${count(result.states, unit)}, ${t}` };
    case 'unsolvable':
      return g.twoPlayer
        ? {
            kind: 'unsolvable',
            text: `no ${g.verb} in ${g.goalN ?? 'N'} — proved: the side to move cannot force ${forced(g)} within ${g.goalN === undefined ? 'N moves' : count(g.goalN, 'move')} against every defence (${count(result.states, unit)}, ${t})`,
          }
        : { kind: 'unsolvable', text: `unsolvable — proved: no sequence of moves ${g.solves} (${count(result.states, unit)} explored, ${t})` };
    case 'limit':
      return { kind: 'limit', text: limitText(result, g, caps) };
    case 'cancelled':
      return { kind: 'cancelled', text: 'Cancelled.' };
    case 'invalid':
      return { kind: 'invalid', text: `invalid — fix ${count(result.issues.length, 'error')} first: ${result.issues.map((i) => i.message).join(' ')}` };
  }
}

/**
 * The message of a solve a cap stopped: which cap (time, states, memory),
 * what was searched, that nothing is proved, and how to raise the cap (the
 * Solve settings, up to their largest value).
 */
export function limitText(r: { reason: 'states' | 'memory' | 'time'; states: number; depth: number }, g: GoalWords, caps?: SolveCapsRequest): string {
  const searched = `${count(r.states, unitOf(g))}, ${depthWords(r.depth, g)}`;
  const maxT = SOLVE_SETTING_LIMITS.timeS.max;
  const maxS = SOLVE_SETTING_LIMITS.maxStates.max;
  switch (r.reason) {
    case 'time':
      return `limit — stopped by the time cap${caps ? ` (${caps.timeMs / 1000} s)` : ''} after ${searched}; no proof either way. Raise the time cap in Solver settings (up to ${maxT} s).`;
    case 'states':
      return `limit — stopped by the state cap${caps ? ` (${count(caps.maxStates, 'state')})` : ''} after ${searched}; no proof either way. Raise the state cap in Solver settings (up to ${count(maxS, 'state')}).`;
    case 'memory':
      return `limit — stopped by the memory limit after ${searched}; no proof either way. A smaller board or fewer pieces needs less memory.`;
  }
}

/** "Cancelled after 1 state (depth bound 0), 0.20 s." */
export function cancelledText(states: number, depth: number, ms: number, g: GoalWords): string {
  return `Cancelled after ${count(states, unitOf(g))} (${depthWords(depth, g)}), ${seconds(ms)}.`;
}

/** The progress figures of a running solve: states, depth bound, rate per second, elapsed and what the caps allow. */
export function progressFigures(
  states: number,
  depth: number,
  elapsedMs: number,
  caps: SolveCapsRequest,
  g: GoalWords,
): { states: string; depth: string; rate: string; elapsed: string } {
  const unit = unitOf(g);
  const perS = elapsedMs > 0 ? Math.round((states * 1000) / elapsedMs) : 0;
  return {
    states: `${count(states, unit)} of ${caps.maxStates.toLocaleString('en-US')}`,
    depth: g.twoPlayer ? depthWords(depth, g) : `depth bound ${depth} (optimum ≥ ${count(depth, 'move')})`,
    rate: `${perS.toLocaleString('en-US')} ${unit}s/s`,
    elapsed: `${(elapsedMs / 1000).toFixed(1)} s of ${caps.timeMs / 1000} s`,
  };
}

/** One defence to the key as the panel lists it: the defence and the answer written with move numbers, and how long the win takes. */
export interface DefenceLine {
  /** LAN, as the solver wrote them (test hooks). */
  defence: string;
  answer: string;
  /** "1... Kb8" / "2. Qc8#" (the ruleset's notation, move numbers from the start side). */
  defenceText: string;
  answerText: string;
  /** "mate in 2". */
  length: string;
}

/**
 * The defences to the key (`refutations` of the solve result, KV-8), in the
 * ruleset's notation: `notation(line)` writes a LAN line from the start
 * (`lineNotation`); each defence is move 2 of the line key, defence,
 * answer, numbered from `first` (the side to move at the start).
 */
export function defenceLines(
  key: string,
  defences: readonly Refutation[],
  first: MoveSide,
  verb: string,
  notation: (line: readonly string[]) => string[],
): DefenceLine[] {
  return defences.map((r) => {
    const w = notation([key, r.defence, r.answer]);
    return {
      defence: r.defence,
      answer: r.answer,
      defenceText: `${moveLabel(1, first)} ${w[1] ?? r.defence}`,
      answerText: `${moveLabel(2, first)} ${w[2] ?? r.answer}`,
      length: `${verb} in ${r.length}`,
    };
  });
}

/**
 * The main line after the key in words: "Best defence 1... Kb8, answer 2.
 * Qc8#" (`line` in the ruleset's notation, numbered from `first`); '' when
 * the key wins at once (no defence).
 */
export function bestDefenceText(line: readonly string[], first: MoveSide): string {
  if (line.length < 3) return '';
  return `Best defence ${moveLabel(1, first)} ${line[1]}, answer ${moveLabel(2, first)} ${line[2]}`;
}
