/**
 * "Why no win in N" for the two-player proof search (KV-8, LC-8): for each
 * first move of the attacker, the defence that refutes it, the best defence
 * picked. Used after `proveWinIn` answered `unsolvable`, to fill
 * `UnsolvableWhy.refutations` (solver/types.ts).
 *
 * A defence z to first move m refutes it when, after m and z, the attacker
 * cannot force a win within the N - 1 moves left. Ranked, best first:
 * 3 the defence wins at once (the attacker to move has lost), 2 the attacker
 * has no win even ignoring repetition (the repetition-free search W is
 * false, which KV-7 can only make rarer), or the game is drawn at once,
 * 1 the attacker's wins all let a position recur (KV-7; checked with the
 * search's repetition layer, the start and m's position on the path), or z
 * itself repeats the start. Ties: the first defence in LAN order. A first
 * move that ends the game without a win has the defence '' (nothing to
 * refute). With N = 1 every legal defence refutes a move that did not win
 * at once: the best-ranked one is named.
 */
import { lanSquares } from '../../model/square.js';
import type { UnsolvableWhy } from '../types.js';
import { MAX_PROOF_MOVES, ProofSearch } from './search.js';
import type { ProofGame, ProofOptions } from './types.js';

const TERMINAL_NONE = 0;
const TERMINAL_LOSS = 1;
const TERMINAL_WIN = 2;

/** Node budget of `refutedWhy`: max(REFUTE_MIN_NODES, REFUTE_FACTOR x the proof's nodes). */
export const REFUTE_MIN_NODES = 200_000;
export const REFUTE_FACTOR = 3;

/** One first move and the defence refuting it (LAN; '' when the move ends the game). */
export interface FirstMoveRefutation {
  move: string;
  defence: string;
}

/** Legal moves of the search's current position with their LAN, sorted by LAN. */
function sorted(s: ProofSearch): { move: number; lan: string }[] {
  return s
    .legalMoves()
    .map((move) => ({ move, lan: s.game.moveToLan(move) }))
    .sort((a, b) => (a.lan < b.lan ? -1 : a.lan > b.lan ? 1 : 0));
}

/**
 * For every first move of `game`'s current position (attacker to move), in
 * LAN order, the best refuting defence against "win in `n`" (see the file
 * comment). Returns undefined when the caps in `opts` (`maxNodes`,
 * `maxTableBytes`, `signal`) stop the search first, or when some first move
 * has no refutation (then a win in `n` exists: the caller's answer was not
 * `unsolvable`). A terminal start answers []. The position is left unchanged.
 * Throws RangeError for `n` outside 1..MAX_PROOF_MOVES, like `proveWinIn`.
 */
export function refuteFirstMoves(game: ProofGame, n: number, opts: ProofOptions = {}): { refutations: FirstMoveRefutation[]; nodes: number } | undefined {
  if (!Number.isInteger(n) || n < 1 || n > MAX_PROOF_MOVES) throw new RangeError(`win-in must be 1..${MAX_PROOF_MOVES} (got ${n})`);
  const start = new Int32Array(game.stateWords);
  game.encode(start);
  const s = new ProofSearch(game, 2 * n + 4, opts);
  try {
    s.pollStart();
    if (game.terminal() !== TERMINAL_NONE) return { refutations: [], nodes: s.nodes };
    const out: FirstMoveRefutation[] = [];
    s.pushPath(true, -1);
    for (const first of sorted(s)) {
      s.play(first.move);
      const t = game.terminal();
      let defence: string | undefined;
      if (t === TERMINAL_LOSS)
        defence = undefined; // the move wins at once: no refutation
      else if (t !== TERMINAL_NONE) defence = '';
      else {
        s.pushPath(false, n > 1 ? s.distDefend(1, n - 1) : 0);
        let best = 0;
        for (const z of sorted(s)) {
          s.play(z.move);
          const t2 = game.terminal();
          let score = 0;
          if (t2 === TERMINAL_LOSS) score = 3;
          else if (t2 === TERMINAL_WIN) score = 0;
          else if (t2 !== TERMINAL_NONE) score = 2;
          else if (s.inPath()) score = 1;
          else if (n === 1 || !s.attack(2, n - 1)) score = 2;
          else if (!s.verifyAttack(2, n - 1)) score = 1;
          game.undo(z.move);
          if (score > best) {
            best = score;
            defence = z.lan;
            if (score === 3) break;
          }
        }
        s.popPath();
      }
      game.undo(first.move);
      if (defence === undefined) {
        game.decode(start);
        return undefined;
      }
      out.push({ move: first.lan, defence });
    }
    game.decode(start);
    return { refutations: out, nodes: s.nodes };
  } catch (err) {
    game.decode(start);
    if (err instanceof Error) throw err;
    return undefined; // the search's limit / cancel signal
  }
}

/**
 * The `refuted` cause (solver/types.ts `UnsolvableWhy`) of an unsolvable
 * "`verb` in `n`" goal: `refuteFirstMoves` run under `opts`' caps (nodes:
 * max(REFUTE_MIN_NODES, REFUTE_FACTOR x `provedNodes`, the nodes the proof
 * of "no win" took), never more than `maxStates` (default 20,000,000), so
 * the explanation costs about as much as the proof; table at most 64 MiB or
 * `maxBytes`; `signal`). `message` names the first few first moves with their refuting
 * defences; `squares` are the from and to squares of the first refutation's
 * defence; `refutations` lists them all; `ruling` is the goal's (`KV-8`,
 * `LC-8`). Undefined when the caps stop it (the caller keeps its answer
 * without this cause). A start where the game is over answers a `refuted`
 * cause with no refutations saying so.
 */
export function refutedWhy(
  game: ProofGame,
  n: number,
  opts: { maxStates?: number; maxBytes?: number; signal?: { readonly aborted: boolean }; provedNodes?: number },
  ruling: string,
  verb: string,
): UnsolvableWhy | undefined {
  const r = refuteFirstMoves(game, n, {
    maxNodes: Math.min(opts.maxStates ?? 20_000_000, Math.max(REFUTE_MIN_NODES, REFUTE_FACTOR * (opts.provedNodes ?? 0))),
    maxTableBytes: Math.min(64 * 1024 * 1024, opts.maxBytes ?? 64 * 1024 * 1024),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  if (!r) return undefined;
  if (r.refutations.length === 0) {
    return { code: 'refuted', message: `No ${verb} in ${n}: the game is already over at the start (${ruling}).`, squares: [], ruling, refutations: [] };
  }
  const SHOWN = 6;
  const parts = r.refutations.slice(0, SHOWN).map((x) => (x.defence === '' ? `${x.move} ends the game without a ${verb}` : `${x.move} is met by ${x.defence}`));
  const rest = r.refutations.length - SHOWN;
  const more = rest > 0 ? `; and ${rest} more first move${rest === 1 ? '' : 's'}` : '';
  const firstDefence = r.refutations.find((x) => x.defence !== '');
  const sq = firstDefence ? lanSquares(firstDefence.defence) : null;
  return {
    code: 'refuted',
    message: `No ${verb} in ${n}: every first move has a refuting defence (${ruling}): ${parts.join('; ')}${more}.`,
    squares: sq ? [sq.from, sq.to] : [],
    ruling,
    refutations: r.refutations,
  };
}
