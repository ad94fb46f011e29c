/**
 * Hints in words (src-shared/hint.ts answers): the sentences the editor's
 * hint box and `castellan hint` print. Pure TS; no ruleset id: the words
 * come from the ruleset's goal (UK-7 / CM-12 par, KV-8 "win", LC-8 "mate").
 */
import type { GoalRule, HintAnswer } from './ruleset.js';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The hint in words (the editor's hint box, `castellan hint`):
 * - `headline`: "3 moves to the nearest win", "White forces a win in 2",
 *   "Solved", "No longer solvable since move 4 (Ra1-a5)", ...;
 * - `lost`: "Move 2 (Ra1-a5) lost the par: 4 moves to go before it, 4 after
 *   it (the best move there would have left 3 moves to go)", or null
 *   (two-player: the attacker's moves; a best move that wins at once "would
 *   have won at once", single-player "would have solved it").
 * `goal` is the ruleset's goal rule, `attacker` the side of an "in N" goal;
 * `notation` the line as the move list writes it (SAN where the ruleset
 * writes it), used to name the moves.
 */
export function hintText(
  answer: HintAnswer,
  goal: GoalRule,
  attacker: 'white' | 'black' | undefined,
  notation: readonly string[],
): { headline: string; lost: string | null } {
  const name = (ply: number, lan: string): string => `move ${ply + 1} (${notation[ply] ?? lan})`;
  const who = attacker ? attacker[0]!.toUpperCase() + attacker.slice(1) : '';
  const verb = goal.kind === 'in-n' ? goal.verb : '';
  const l = answer.lostAt;
  let headline: string;
  switch (answer.status) {
    case 'solved':
      headline = attacker ? `${who} has won` : 'Solved';
      break;
    case 'solvable': {
      const d = answer.distance ?? 0;
      headline = attacker ? `${who} forces a ${verb} in ${plural(d, 'move')}` : `${plural(d, 'move')} to the nearest win`;
      break;
    }
    case 'unsolvable': {
      const cap = l ? `No longer solvable since ${name(l.ply, l.move)}` : attacker ? `No forced ${verb} for ${who} from here` : 'Not solvable from here';
      headline = cap;
      break;
    }
    default:
      headline = 'Too hard to tell within the hint budget';
  }
  let lost: string | null = null;
  if (l && answer.status !== 'unsolvable') {
    const n = name(l.ply, l.move);
    const after = l.distanceAfter === null ? 'no win' : `${l.distanceAfter}`;
    // A move that keeps the par leaves one move fewer to go than there were before it.
    const keep = l.distanceBefore - 1;
    const best = keep > 0 ? `would have left ${plural(keep, 'move')} to go` : attacker ? 'would have won at once' : 'would have solved it';
    lost = `${n[0]!.toUpperCase()}${n.slice(1)} lost the par: ${plural(l.distanceBefore, 'move')} to go before it, ${after} after it (the best move there ${best})`;
  }
  return { headline, lost };
}
