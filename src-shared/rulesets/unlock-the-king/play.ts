/**
 * Unlock the King play hooks (`unlockTheKing.play`, the generic play
 * session of play/session.ts): the compiled position (UK-3), its legal
 * moves (UK-4, UK-5: no captures), solved when the king reaches the portal
 * (UK-6), a dead end when no piece can move; the UK-7 move ceiling of
 * 2 x par and the UK-8 score of a finished attempt.
 */
import type { UnlockTheKingLevel } from '../../model/level.js';
import { indexToSquare, squareIndex } from '../../model/square.js';
import type { PlayHooks, PlayMove, PlayScore } from '../../play/hooks.js';
import { applyMove, compileUnlockTheKing, isSolved, legalMoves, moveToLan, type UkMove, type UkPosition } from './position.js';
import { scoreUnlockTheKing, type UkScore } from './score.js';

/** A legal move with the position's own move. */
export interface UkPlayMove extends PlayMove {
  readonly uk: UkMove;
}

/** The UK-8 score in words: "escape 1000 + par 500 + clean 300", "escape 1000 − 50 over par", "over the 2 × par ceiling". */
export function ukScoreDetail(sc: UkScore): string {
  if (sc.outcome === 'ceiling') return 'over the 2 × par ceiling';
  if (sc.outcome !== 'escaped') return 'the king did not escape';
  const b = sc.breakdown;
  return `escape ${b.escape}${b.par ? ` + par ${b.par}` : ''}${b.clean ? ` + clean ${b.clean}` : ''}${b.overPar ? ` − ${-b.overPar} over par` : ''}`;
}

const SCORE_RULE = 'UK-8: +1000 escape, +500 at or under par, +300 without undo or restart, −25 per move over par; 0 past the 2 × par ceiling';

export const ukPlay: PlayHooks<UnlockTheKingLevel, UkPosition, UkPlayMove> = {
  start: compileUnlockTheKing,
  moves: (pos) => legalMoves(pos).map((m) => ({ from: indexToSquare(m.from, pos.width), to: indexToSquare(m.to, pos.width), lan: moveToLan(pos, m), uk: m })),
  apply(pos, m) {
    const next = applyMove(pos, m.uk);
    return { position: next, events: isSolved(next) ? ['The king reached the portal'] : [] };
  },
  outcome(pos) {
    if (isSolved(pos)) return { status: 'won', code: 'escaped', text: 'the king reached the portal (UK-6)' };
    if (legalMoves(pos).length === 0) return { status: 'failed', code: 'dead-end', text: 'dead end: no player piece can move' };
    return { status: 'ongoing' };
  },
  view(level, pos) {
    const pieces = level.pieces.map((p, i) => ({ ...p, square: indexToSquare(pos.pieces[i]!.square, pos.width) }));
    return { ...level, pieces };
  },
  // Any piece may be picked up (a blocked one shows no targets).
  movable(pos, square) {
    const s = squareIndex(square, pos.width, pos.height);
    return s >= 0 && pos.pieces.some((p) => p.square === s);
  },
  ceiling: {
    of: (par) => 2 * par,
    label: 'ceiling (2 × par)',
    failed: (limit) => `move limit: over the ceiling of ${limit} moves (2 × par, UK-7)`,
  },
  // Casual play (the editor's playtest, a player page): an undo costs the clean-run bonus, not a move.
  score(a): PlayScore {
    const sc = scoreUnlockTheKing({ escaped: a.reached, moves: a.moves, par: a.par, undos: a.undos, resets: a.restarts });
    return { total: sc.total, counted: sc.counted, outcome: sc.outcome, detail: ukScoreDetail(sc), rule: SCORE_RULE };
  },
};
