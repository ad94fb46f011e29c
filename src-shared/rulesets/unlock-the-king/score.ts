/**
 * UK-8 scoring (rulebook 2.7 "Completion & Final Scoring Matrix") with the
 * UK-7 move ceiling (2 x par, rulebook 2.8 "Move Ceiling Lockout").
 *
 * Score of an escaped attempt: +1000 escape; +500 if counted moves <= par;
 * +300 if no undo or reset was used; -25 per counted move over par.
 * Counted moves = moves played, plus one penalty move per undo in
 * competitive (touch-move) mode (UK-8). An attempt that did not escape, or
 * whose counted moves exceed the ceiling 2 x par, scores 0 and is failed.
 */

export interface UkAttempt {
  /** The king reached the portal (UK-6). */
  escaped: boolean;
  /** Moves played (UK-4: one per relocation), >= 0. */
  moves: number;
  /** The blueprint's par (UK-7: stored par, or the proven optimum), >= 1. */
  par: number;
  /** Undos used during the attempt. */
  undos: number;
  /** Resets (restarts) used during the attempt. */
  resets: number;
  /** Competitive touch-move mode: each undo adds one penalty move (UK-8). */
  competitive?: boolean;
}

export interface UkScore {
  /** Total points (0 for a failed attempt). */
  total: number;
  /** Moves counted against par (moves + penalty moves). */
  counted: number;
  /** 'escaped', or why the attempt failed. */
  outcome: 'escaped' | 'not-escaped' | 'ceiling';
  breakdown: { escape: number; par: number; clean: number; overPar: number };
}

/** Scores one attempt (UK-8, UK-7 ceiling). Pure; never throws for finite non-negative inputs. */
export function scoreUnlockTheKing(a: UkAttempt): UkScore {
  const counted = a.moves + (a.competitive ? a.undos : 0);
  const zero = { escape: 0, par: 0, clean: 0, overPar: 0 };
  if (counted > 2 * a.par) return { total: 0, counted, outcome: 'ceiling', breakdown: zero };
  if (!a.escaped) return { total: 0, counted, outcome: 'not-escaped', breakdown: zero };
  const breakdown = {
    escape: 1000,
    par: counted <= a.par ? 500 : 0,
    clean: a.undos === 0 && a.resets === 0 ? 300 : 0,
    overPar: -25 * Math.max(0, counted - a.par),
  };
  return {
    total: breakdown.escape + breakdown.par + breakdown.clean + breakdown.overPar,
    counted,
    outcome: 'escaped',
    breakdown,
  };
}
