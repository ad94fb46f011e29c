/**
 * Play in words: the status lines of a play session (session.ts) and the
 * engine's note on its move. Pure TS; no ruleset id: the ruleset's words
 * come from its play hooks (`PlayResult.text`, `engineDraw`) and its goal
 * (`GoalRule.verb`).
 */
import type { EngineAnswer } from '../ruleset.js';

/** Playing, won, or failed with the ruleset's reason code (CM-9 `misspelled`, UK-7 `move-ceiling`, `lost` / `draw` against the engine...). */
export type PlayStatus = { kind: 'playing' } | { kind: 'won' } | { kind: 'failed'; reason: string };

/**
 * The status line of a single-player attempt (UK, CM) from its numbers:
 * "You won in 7 moves — par 7: at par" (par unknown: "(par unknown: solve
 * the level to compare)"), or "Playing: pick a piece to move" / "Playing".
 * `failed` answers `failedText`.
 */
export function puzzleStatusText(v: { moves: number; par: number | null; status: PlayStatus }, failedText: string): string {
  const s = v.status;
  if (s.kind === 'won') {
    const n = v.moves;
    const base = `You won in ${n} move${n === 1 ? '' : 's'}`;
    if (v.par === null) return `${base} (par unknown: solve the level to compare)`;
    const d = n - v.par;
    const cmp = d === 0 ? 'at par' : d > 0 ? `${d} over par` : `${-d} under par (the par is not optimal)`;
    return `${base} — par ${v.par}: ${cmp}`;
  }
  if (s.kind === 'failed') return failedText;
  return v.moves === 0 ? 'Playing: pick a piece to move' : 'Playing';
}

/**
 * What the engine says about its move, with the goal's word (`verb`: "win"
 * KV-8, "mate" LC-8) and how a draw is called (`draw`):
 * "Engine played Kc5-a3: its longest defence; you can force a win in 1."
 */
export function engineNoteText(a: EngineAnswer, verb: string, draw: string): string {
  const goal = verb === 'win' ? 'a win' : verb;
  switch (a.kind) {
    case 'win':
      return `Engine played ${a.lan}: it forces ${goal} in ${a.winIn ?? '?'}.`;
    case 'draw':
      return `Engine played ${a.lan}: ${draw}.`;
    case 'any':
      return `Engine played ${a.lan} (it ran out of time to look ahead).`;
    default:
      return a.lossIn
        ? `Engine played ${a.lan}: its longest defence; you can force ${goal} in ${a.lossIn}.`
        : `Engine played ${a.lan}: no forced ${verb} for you within ${a.horizon ?? '?'} moves.`;
  }
}

/** "White" / "Black". */
export const sideName = (s: 'white' | 'black'): string => (s === 'white' ? 'White' : 'Black');
