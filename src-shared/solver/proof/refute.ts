/**
 * "Why no win in N" for the two-player proof search (KV-8, LC-8): for each
 * first move of the attacker, the defence that refutes it, the tries that
 * come closest first, each with its refutation line. Used after
 * `proveWinIn` answered `unsolvable`, to fill `UnsolvableWhy.refutations`
 * (solver/types.ts).
 *
 * A defence z to first move m refutes it when, after m and z, the attacker
 * cannot force a win within the N - 1 moves left. Ranked, best first:
 * 3 the defence wins at once (the attacker to move has lost), 2 the attacker
 * has no win even ignoring repetition (the repetition-free search W is
 * false, which KV-7 can only make rarer), or the game is drawn at once,
 * 1 the attacker's wins all let a position recur (KV-7; checked with the
 * search's repetition layer, the line from the start on the path), or z
 * itself repeats a position of the line. Ties: the first defence in LAN
 * order. A first move that ends the game without a win has the defence ''
 * (nothing to refute). With N = 1 every legal defence refutes a move that
 * did not win at once: the best-ranked one is named.
 *
 * Order (problem solvers lead with the tries that come closest): first the
 * moves refuted by the fewest defences (`defences`; a single one is a try in
 * problem terms), then those after which the attacker still forces a win in
 * N + 1 (`winIn`: the defence only held out to the end, the try is refuted
 * latest; searched without the repetition rule, a ranking hint within its
 * own budget), then LAN order; moves that end the game last.
 *
 * The refutation line of the first LINES_SHOWN moves (`line`, LAN from the
 * start): the move, its refutation, then while the attacker has moves left
 * of N, its closest continuation (the move with the fewest refuting
 * defences, first in LAN order on ties) and the best refutation of that,
 * until N attacker moves are made or the game ends.
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
/** Least node budget of the ranking and the lines (else twice the refutations' nodes, within `maxNodes`). */
export const RANK_MIN_NODES = 50_000;
/** First moves that get a refutation line. */
export const LINES_SHOWN = 3;
/** First moves the why message names (the rest are counted). */
export const MESSAGE_SHOWN = 6;

/** One first move and the defence refuting it (LAN; '' when the move ends the game), with how close it comes. */
export interface FirstMoveRefutation {
  move: string;
  defence: string;
  /** Defences that refute the move (escape a win within the moves left); 0 for a move that ends the game. */
  defences: number;
  /** With this first move the attacker still forces a win in this many moves (N + 1; repetition-free), when found. */
  winIn?: number;
  /** The refutation line (LAN from the start, see the module doc), for the first LINES_SHOWN moves when the budget allows. */
  line?: string[];
}

/** Options of `refuteFirstMoves`: the proof caps of the refutations, and a budget of their own for the ranking and the lines. */
export interface RefuteOptions extends ProofOptions {
  /**
   * Nodes the ranking (`winIn`) and the lines may use together (default:
   * max(RANK_MIN_NODES, twice the nodes the refutations took), at most
   * `maxNodes`).
   */
  rankNodes?: number;
}

/** Legal moves of the search's current position with their LAN, sorted by LAN. */
function sorted(s: ProofSearch): { move: number; lan: string }[] {
  return s
    .legalMoves()
    .map((move) => ({ move, lan: s.game.moveToLan(move) }))
    .sort((a, b) => (a.lan < b.lan ? -1 : a.lan > b.lan ? 1 : 0));
}

/** The move written `lan` in the current position (undefined when none is). */
function moveOf(s: ProofSearch, lan: string): number | undefined {
  return s.legalMoves().find((m) => s.game.moveToLan(m) === lan);
}

/**
 * The defender has just moved (the attacker to move at `ply`, `rem` attacker
 * moves left, the line from the start on the path): how well that defence
 * refutes (module doc; 0 = it does not).
 */
function refuteScore(s: ProofSearch, ply: number, rem: number): number {
  const t = s.game.terminal();
  if (t === TERMINAL_LOSS) return 3;
  if (t === TERMINAL_WIN) return 0;
  if (t !== TERMINAL_NONE) return 2;
  if (s.inPath()) return 1;
  if (rem < 1 || !s.attack(ply, rem)) return 2;
  if (!s.verifyAttack(ply, rem)) return 1;
  return 0;
}

/**
 * The defender to move at `ply - 1` (on the path): how many defences refute
 * (the attacker then having `rem` moves left) and the best of them.
 */
function refutingDefences(s: ProofSearch, ply: number, rem: number): { count: number; best: { move: number; lan: string } | undefined } {
  let best: { move: number; lan: string } | undefined;
  let bestScore = 0;
  let count = 0;
  for (const z of sorted(s)) {
    s.play(z.move);
    const score = refuteScore(s, ply, rem);
    s.game.undo(z.move);
    if (score > 0) count++;
    if (score > bestScore) {
      bestScore = score;
      best = z;
    }
  }
  return { count, best };
}

/** Closest first (module doc): fewest refuting defences, a win in N + 1, LAN; moves that end the game last. */
function closer(a: FirstMoveRefutation, b: FirstMoveRefutation): number {
  const ends = (x: FirstMoveRefutation): number => (x.defence === '' ? 1 : 0);
  if (ends(a) !== ends(b)) return ends(a) - ends(b);
  if (a.defences !== b.defences) return a.defences - b.defences;
  const w = (x: FirstMoveRefutation): number => x.winIn ?? Infinity;
  if (w(a) !== w(b)) return w(a) - w(b);
  return a.move < b.move ? -1 : a.move > b.move ? 1 : 0;
}

/**
 * For every first move of `game`'s current position (attacker to move), its
 * best refuting defence against "win in `n`" and how close it comes (see the
 * module doc), closest first. Returns undefined when the caps in `opts`
 * (`maxNodes`, `maxTableBytes`, `signal`) stop the refutations first, or
 * when some first move has no refutation (then a win in `n` exists: the
 * caller's answer was not `unsolvable`); the ranking and the lines run on
 * `opts.rankNodes` of their own and are left out (partly) when it runs out.
 * A terminal start answers []. The position is left unchanged. Throws
 * RangeError for `n` outside 1..MAX_PROOF_MOVES, like `proveWinIn`.
 */
export function refuteFirstMoves(game: ProofGame, n: number, opts: RefuteOptions = {}): { refutations: FirstMoveRefutation[]; nodes: number } | undefined {
  if (!Number.isInteger(n) || n < 1 || n > MAX_PROOF_MOVES) throw new RangeError(`win-in must be 1..${MAX_PROOF_MOVES} (got ${n})`);
  const start = new Int32Array(game.stateWords);
  game.encode(start);
  const s = new ProofSearch(game, 2 * n + 4, opts);
  let out: FirstMoveRefutation[];
  try {
    s.pollStart();
    if (game.terminal() !== TERMINAL_NONE) return { refutations: [], nodes: s.nodes };
    out = [];
    s.pushPath(true, -1);
    for (const first of sorted(s)) {
      s.play(first.move);
      const t = game.terminal();
      let entry: FirstMoveRefutation | undefined;
      if (t === TERMINAL_LOSS)
        entry = undefined; // the move wins at once: no refutation
      else if (t !== TERMINAL_NONE) entry = { move: first.lan, defence: '', defences: 0 };
      else {
        s.pushPath(false, n > 1 ? s.distDefend(1, n - 1) : 0);
        const r = refutingDefences(s, 2, n - 1);
        s.popPath();
        if (r.best) entry = { move: first.lan, defence: r.best.lan, defences: r.count };
      }
      game.undo(first.move);
      if (!entry) {
        game.decode(start);
        return undefined;
      }
      out.push(entry);
    }
    game.decode(start);
  } catch (err) {
    game.decode(start);
    if (err instanceof Error) throw err;
    return undefined; // the search's limit / cancel signal
  }
  const rankNodes = opts.rankNodes ?? Math.min(opts.maxNodes ?? 20_000_000, Math.max(RANK_MIN_NODES, 2 * s.nodes));
  const nodes = s.nodes + rankAndLines(game, n, out, { ...opts, rankNodes });
  return { refutations: out, nodes };
}

/**
 * Fills `winIn`, sorts `out` closest first and adds the lines (module doc),
 * on a search of its own capped at `opts.rankNodes`; a cap or a cancel stops
 * it where it is (what was found stays; the order uses it). Answers the
 * nodes it searched; the position is left unchanged.
 */
function rankAndLines(game: ProofGame, n: number, out: FirstMoveRefutation[], opts: RefuteOptions): number {
  const start = new Int32Array(game.stateWords);
  game.encode(start);
  const s = new ProofSearch(game, 2 * (n + 1) + 4, {
    maxNodes: Math.max(1, opts.rankNodes ?? RANK_MIN_NODES),
    maxTableBytes: Math.min(opts.maxTableBytes ?? 16 * 1024 * 1024, 16 * 1024 * 1024),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  // The closest by their defences get their `winIn` first (the budget may not reach the others).
  out.sort(closer);
  try {
    // A win in N + 1 after the move (repetition-free): the try is refuted latest.
    for (const e of out) {
      if (e.defence === '' || n + 1 > MAX_PROOF_MOVES) continue;
      const m = moveOf(s, e.move);
      if (m === undefined) continue;
      s.play(m);
      const win = s.defend(1, n);
      game.undo(m);
      if (win) e.winIn = n + 1;
    }
  } catch (err) {
    game.decode(start);
    if (err instanceof Error) throw err;
  }
  out.sort(closer);
  try {
    for (const e of out.slice(0, LINES_SHOWN)) {
      if (e.defence === '') continue;
      game.decode(start);
      e.line = refutationLine(s, n, e);
    }
  } catch (err) {
    if (err instanceof Error) {
      game.decode(start);
      throw err;
    }
  }
  game.decode(start);
  s.pathLength = 0;
  return s.nodes;
}

/** The refutation line of `e` (module doc), LAN from the start; the search's position is the start and is left there. */
function refutationLine(s: ProofSearch, n: number, e: FirstMoveRefutation): string[] {
  const game = s.game;
  const played: number[] = [];
  const line: string[] = [];
  const play = (m: number, lan: string, attacker: boolean): void => {
    s.pushPath(attacker, -1);
    s.play(m);
    played.push(m);
    line.push(lan);
  };
  s.pathLength = 0;
  // On a thrown stop (cap, cancel) the caller decodes the start: the moves of the inner searches are not undone here.
  {
    const m = moveOf(s, e.move);
    if (m === undefined) return [e.move, e.defence];
    play(m, e.move, true);
    const z = moveOf(s, e.defence);
    if (z === undefined) {
      game.undo(m);
      s.pathLength = 0;
      return [e.move, e.defence];
    }
    play(z, e.defence, false);
    for (let used = 1; used < n && game.terminal() === TERMINAL_NONE; used++) {
      const ply = 2 * used;
      const rem = n - used - 1;
      s.pushPath(true, -1);
      let best: { a: { move: number; lan: string }; y: { move: number; lan: string }; count: number } | undefined;
      for (const a of sorted(s)) {
        s.play(a.move);
        if (game.terminal() === TERMINAL_NONE) {
          s.pushPath(false, -1);
          const r = refutingDefences(s, ply + 2, rem);
          s.popPath();
          if (r.best && (!best || r.count < best.count)) best = { a, y: r.best, count: r.count };
        }
        game.undo(a.move);
      }
      s.popPath();
      if (!best) break;
      play(best.a.move, best.a.lan, true);
      play(best.y.move, best.y.lan, false);
    }
  }
  for (let i = played.length - 1; i >= 0; i--) game.undo(played[i]!);
  s.pathLength = 0;
  return line;
}

/** One refuted first move in words, for the why message. */
function moveWords(x: FirstMoveRefutation, verb: string, n: number): string {
  if (x.defence === '') return `${x.move} ends the game without a ${verb}`;
  const only = x.defences === 1 ? ' (the only defence that does)' : ` (one of ${x.defences} defences that do)`;
  const line = x.line && x.line.length > 2 ? `: ${x.line.join(' ')}` : '';
  const late = x.winIn !== undefined ? `; it would ${verb} in ${x.winIn}, one move over ${n}` : '';
  return `${x.move} is met by ${x.defence}${only}${line}${late}`;
}

/**
 * The `refuted` cause (solver/types.ts `UnsolvableWhy`) of an unsolvable
 * "`verb` in `n`" goal: `refuteFirstMoves` run under `opts`' caps (nodes:
 * max(REFUTE_MIN_NODES, REFUTE_FACTOR x `provedNodes`, the nodes the proof
 * of "no win" took), never more than `maxStates` (default 20,000,000), and
 * for the ranking and the lines `RefuteOptions.rankNodes`' default, so the
 * explanation costs about as much as the proof; table at most 64 MiB or `maxBytes`; `signal`).
 * `message` names the first MESSAGE_SHOWN first moves, closest first, with
 * their refuting defences (how many defences refute each, the refutation
 * line, a win in N + 1); `squares` are the from and to squares of the
 * closest refutation's defence; `refutations` lists them all, closest
 * first; `ruling` is the goal's (`KV-8`, `LC-8`). Undefined when the caps
 * stop it (the caller keeps its answer without this cause). A start where
 * the game is over answers a `refuted` cause with no refutations saying so.
 */
export function refutedWhy(
  game: ProofGame,
  n: number,
  opts: { maxStates?: number; maxBytes?: number; signal?: { readonly aborted: boolean }; provedNodes?: number },
  ruling: string,
  verb: string,
): UnsolvableWhy | undefined {
  const maxNodes = Math.min(opts.maxStates ?? 20_000_000, Math.max(REFUTE_MIN_NODES, REFUTE_FACTOR * (opts.provedNodes ?? 0)));
  const r = refuteFirstMoves(game, n, {
    maxNodes,
    maxTableBytes: Math.min(64 * 1024 * 1024, opts.maxBytes ?? 64 * 1024 * 1024),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  if (!r) return undefined;
  if (r.refutations.length === 0) {
    return { code: 'refuted', message: `No ${verb} in ${n}: the game is already over at the start (${ruling}).`, squares: [], ruling, refutations: [] };
  }
  const parts = r.refutations.slice(0, MESSAGE_SHOWN).map((x) => moveWords(x, verb, n));
  const rest = r.refutations.length - MESSAGE_SHOWN;
  const more = rest > 0 ? `; and ${rest} more first move${rest === 1 ? '' : 's'}` : '';
  const firstDefence = r.refutations.find((x) => x.defence !== '');
  const sq = firstDefence ? lanSquares(firstDefence.defence) : null;
  return {
    code: 'refuted',
    message: `No ${verb} in ${n}: every first move has a refuting defence (${ruling}), closest first: ${parts.join('; ')}${more}.`,
    squares: sq ? [sq.from, sq.to] : [],
    ruling,
    refutations: r.refutations,
  };
}
