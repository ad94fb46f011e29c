/**
 * The player page in words: the counter line, the result line, the stars,
 * whether a problem's try has failed, and the hint, from a play session's
 * view (src-shared/play/session.ts `PlayView`) and the ruleset's goal.
 * Pure: no DOM; nothing here names a ruleset (the words come from the
 * session, the goal rule and src-shared/hint-text.ts).
 */
import type { GoalRule, HintAnswer } from '../src-shared/ruleset.js';
import type { PlayView } from '../src-shared/play/session.js';
import { hintText } from '../src-shared/hint-text.js';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "★★☆": `n` of three stars. */
export function starGlyphs(n: number): string {
  const k = Math.max(0, Math.min(3, Math.floor(n)));
  return '★'.repeat(k) + '☆'.repeat(3 - k);
}

/**
 * The number the page's move counter shows (`[data-testid=moves]`): the
 * moves counted against the par: every move of a puzzle (UK, CM); the
 * player's own moves of a "win / mate in N" problem (the attacker's, KV-8 /
 * LC-8), as N counts them.
 */
export const movesShown = (v: PlayView): number => v.counted;

/**
 * What goes with the move counter: the par and the limit ("par 4 ·
 * ceiling (2 × par) 8", "par 10 · limit 16", "par unknown"); for a problem
 * its N ("win in 2") or "no goal". Without the count itself.
 */
export function counterNote(v: PlayView, goal: GoalRule): string {
  if (goal.kind === 'in-n') return v.par !== null ? `${goal.verb} in ${v.par}` : 'no goal: play on';
  const parts = [v.par !== null ? `par ${v.par}` : 'par unknown'];
  if (v.moveLimit !== null) parts.push(`${v.moveLimitLabel} ${v.moveLimit}`);
  return parts.join(' · ');
}

/**
 * Where a try at a level stands, from the player's side:
 * - `playing`;
 * - `won` (a puzzle solved; a problem won by the player);
 * - `failed`: a puzzle that can no longer be won (CM-9, CM-12, CM-13, the
 *   UK-7 ceiling, a dead end), a problem lost or drawn, or a problem whose
 *   N moves are used up without the win (KV-8 / LC-8: "win / mate in N"):
 *   the player may play on (`playOn`: a later win still scores a star or
 *   two) or restart. `reason` says which in words.
 */
export type TryState = { kind: 'playing' } | { kind: 'won' } | { kind: 'failed'; reason: string; playOn?: boolean };

/** The try's state (see `TryState`). */
export function tryState(v: PlayView, goal: GoalRule): TryState {
  if (v.status.kind === 'won') return { kind: 'won' };
  if (v.status.kind === 'failed') return { kind: 'failed', reason: v.statusText.replace(/^Failed — /, '') };
  if (goal.kind === 'in-n' && v.par !== null && v.counted >= v.par)
    return { kind: 'failed', reason: `no ${goal.verb} within ${plural(v.par, 'move')}`, playOn: true };
  return { kind: 'playing' };
}

/** The line shown once a level is won: "Solved in 4 moves (par 4): 3 stars", with the UK-8 score when the ruleset scores. */
export function solvedText(v: PlayView, goal: GoalRule): string {
  const n = v.counted;
  const against = v.par === null ? '' : goal.kind === 'in-n' ? ` (${goal.verb} in ${v.par})` : ` (par ${v.par})`;
  const score = v.score ? ` · score ${v.score.total} (${v.score.detail})` : '';
  return `Solved in ${plural(n, 'move')}${against}: ${plural(v.stars, 'star')}${score}`;
}

/** What the hint box says. */
export interface HintWords {
  headline: string;
  /** The move to show on the board (LAN) and how the move list writes it, or null. */
  move: { lan: string; text: string } | null;
  /** A second line: the move that lost the par, or how the key is meant. */
  note: string | null;
}

/**
 * The hint in words (src-shared/hint-text.ts, the editor's words):
 * - a puzzle (UK, CM): the distance to the nearest win and the next
 *   optimal move (shown on the board), and the move that lost the par;
 * - a problem (KV-8, LC-8) still being tried: how fast the player can force
 *   the win from here, without the move;
 * - a problem after a failed try: `keyAnswer` is the hint of the start
 *   position, whose next move is the key (the first move of the fastest
 *   forced win): "The key: Kc1-c3".
 * `notation` is the line as the move list writes it; `nextText` the next
 * move's notation (SAN in Locking Chess).
 */
export function hintWords(answer: HintAnswer, goal: GoalRule, v: PlayView, nextText: string | null, failed: boolean): HintWords {
  if (goal.kind === 'in-n' && failed) {
    const key = answer.next;
    return key
      ? {
          headline: `The key: ${nextText ?? key}`,
          move: { lan: key, text: nextText ?? key },
          note: 'Restart and play it: the first move of the fastest forced win.',
        }
      : { headline: `No forced ${goal.verb} from the start within the hint’s budget`, move: null, note: null };
  }
  const attacker = goal.kind === 'in-n' ? v.game?.startSide : undefined;
  const t = hintText(answer, goal, attacker, v.notation);
  const showMove = goal.kind === 'par' && !!answer.next && (answer.status === 'solvable' || answer.status === 'unsolvable');
  return {
    headline: t.headline,
    move: showMove ? { lan: answer.next!, text: nextText ?? answer.next! } : null,
    note: t.lost,
  };
}
