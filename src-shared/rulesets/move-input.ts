/**
 * Moves typed by people (`castellan hint --moves`), in any of the notations
 * the rulesets read, turned into the LAN the rules replay (RULINGS "Common":
 * piece letter, from, `-` or `x`, to, optional suffix):
 * - LAN as the ruleset writes it (`Ke1-f1`, `Nc3-e4*`, `Qa1-a5=N`);
 * - the ruleset's own other notation where it has one (`def.notation`:
 *   Locking Chess reads SAN, `Nf3`, LC-13);
 * - UCI: from and to squares, then an optional promotion / transform letter
 *   and an optional `*` (superimposition): `e1f1`, `e7e8q`, `b4a3*`. The
 *   LAN is found by trying the piece letters, `-` / `x` and the suffixes
 *   on the position reached so far; a UCI move that fits two legal moves
 *   (Locking Chess `Pb4-a3` and `Pb4-a3*`) is refused as ambiguous, naming
 *   both.
 * Never throws.
 */
import type { Level } from '../model/level.js';
import type { LevelBase, RulesetDef } from '../ruleset.js';
import { issue, type Issue, type Result } from '../validation/issue.js';
import { replayMoves } from './index.js';

const UCI = /^([a-z](?:[1-9]|1[0-9]|2[0-6]))([a-z](?:[1-9]|1[0-9]|2[0-6]))([qrbnk])?(\*)?$/i;
const LETTERS = ['K', 'Q', 'R', 'B', 'N', 'P', 'S'] as const;

/** The notations `def` reads, for an error message. */
export function acceptedNotations(def: RulesetDef | undefined): string {
  const san = def?.notation ? ', SAN (Nf3, Ra8#)' : '';
  return `LAN (piece letter, from, - or x, to: Ke1-f1, Nb1xc3)${san} or UCI (from and to squares: e1f1; a promotion or transform letter after them: e7e8q)`;
}

/** The LAN candidates of a UCI token (see the module doc). */
function candidates(m: RegExpExecArray): string[] {
  const [, from, to, letter, star] = m;
  const suffixes = letter ? [`=${letter.toUpperCase()}`] : [''];
  const stars = star ? ['*'] : ['', '*'];
  const out: string[] = [];
  for (const p of LETTERS)
    for (const sep of ['-', 'x'])
      for (const sfx of suffixes) for (const st of stars) out.push(`${p}${from!.toLowerCase()}${sep}${to!.toLowerCase()}${sfx}${st}`);
  return out;
}

/**
 * `moves` (as typed) as LAN from the level's start: each token that replays
 * as it is stays; a UCI token becomes the one legal move it names. Errors
 * (pointer `/moves/k`): `move-illegal` for a token no legal move matches
 * (the message names the accepted notations), `move-ambiguous` for a UCI
 * token that fits several legal moves (the message lists them). The
 * level's own errors come back as they are.
 */
export function movesFromInput(level: Level | LevelBase, moves: readonly string[], def: RulesetDef | undefined): Result<string[], Issue[]> {
  const out: string[] = [];
  for (let k = 0; k < moves.length; k++) {
    const token = String(moves[k]).trim();
    const asIs = replayMoves(level, [...out, token], def);
    if (asIs.ok) {
      out.push(token);
      continue;
    }
    // The level itself does not replay, or the game is over: no notation helps.
    if (asIs.error.some((i) => i.pointer !== `/moves/${k}` || i.code.startsWith('move-after'))) return asIs;
    const m = UCI.exec(token);
    const fits = m ? candidates(m).filter((c) => replayMoves(level, [...out, c], def).ok) : [];
    if (fits.length === 1) {
      out.push(fits[0]!);
      continue;
    }
    const at = { pointer: `/moves/${k}` };
    if (fits.length > 1) {
      return {
        ok: false,
        error: [issue('error', 'move-ambiguous', `Move ${k + 1} (${token}) fits ${fits.length} legal moves: ${fits.join(', ')}; write it in LAN.`, at)],
      };
    }
    const why = asIs.error[0]?.message ?? `Move ${k + 1} (${token}) is not a legal move in this position.`;
    return {
      ok: false,
      error: [
        issue('error', asIs.error[0]?.code ?? 'move-illegal', `${why} Moves are written in ${acceptedNotations(def)}.`, {
          ...at,
          ...(asIs.error[0]?.squares ? { squares: asIs.error[0].squares } : {}),
        }),
      ],
    };
  }
  return { ok: true, value: out };
}
