/**
 * Chess-problem solution trees of a "win in N" problem (KV-8; LC-8 "mate in
 * N"), built on the proof search (search.ts) and knowing no ruleset.
 *
 * Conventions (orthodox problem practice, read for KV-8 / LC-8):
 * - key: the first move of the fastest forced win (the first such move in
 *   LAN order; more than one fastest first move is a cook, KV-8); `keys`
 *   lists them all. First moves that also win within N but more slowly are
 *   `slowerKeys` (they too make the problem unsound in problem terms).
 * - variations: after the key, every legal defence in LAN order; for each,
 *   the attacker's fastest winning answer (first in LAN order on ties), and
 *   below it the next defences, down to the N-th attacker move. `duals`: the
 *   other attacker moves at that node that win just as fast as the answer
 *   (the same number of attacker moves; a problemist's dual). `slowerWins`:
 *   the attacker moves that still win within the moves left of N but more
 *   slowly (not duals; omitted when none). `mate`: the answer wins at once.
 * - threat: the attacker's first move of its fastest win within N - 1 if the
 *   defender could pass after the key. Neither KV nor LC lets a player pass
 *   (King's Valley rulebook: "Players may not pass their turn"), so the
 *   caller supplies the hypothetical position (`passed`), or null where a
 *   pass cannot be tested (e.g. the key gives check). The threat search
 *   ignores repetition history (the passed position never occurred).
 * - tries: first moves other than the key moves and slower keys after which
 *   exactly one defence escapes a win within the remaining N - 1 attacker
 *   moves, with that defence (its refutation). None for N = 1 (there is no
 *   attacker move left after a defence, so every defence "refutes": a
 *   defender with one legal move would make every first move a try).
 *   Listed closest first: the tries after which the attacker still forces a
 *   win in N + 1 (refuted latest; repetition-free, within the tree's
 *   budget), then LAN order.
 *
 * Repetition (KV-7) is honoured as in `proveWinIn`: the line from the start
 * is the history, a defence into a position of the line escapes, answers are
 * checked with `repDistDefend` / `repDistAttack`.
 */
import { MAX_PROOF_MOVES, ProofSearch, proveWinIn } from './search.js';
import { issue, type Issue, type Result } from '../../validation/issue.js';
import type { ProofGame } from './types.js';

const TERMINAL_NONE = 0;
const TERMINAL_LOSS = 1;
const TERMINAL_WIN = 2;
const INF = 1 << 30;

/** A move of a raw tree: its LAN and, when the caller writes one, its SAN. */
export interface RawTreeMove {
  lan: string;
  san?: string;
}

/** A defence with the attacker's answer (see the module doc). */
export interface RawTreeDefence {
  defence: RawTreeMove;
  answer: RawTreeMove | null;
  mate: boolean;
  duals: RawTreeMove[];
  /** Other answers that win within N, but in more moves than the answer (not duals); omitted when none. */
  slowerWins?: RawTreeMove[];
  next: RawTreeDefence[];
  /** The variation goes on below the answer but was not expanded (the tree's size cap). */
  more?: boolean;
}

/** The tree of a solved problem (the shape of `SolutionTree` in ruleset.ts). */
export interface RawTree {
  n: number;
  /** Attacker moves of the fastest forced win. */
  length: number;
  key: RawTreeMove;
  keys: string[];
  slowerKeys: string[];
  cook: boolean;
  threat: RawTreeMove | null;
  variations: RawTreeDefence[];
  tries: { move: RawTreeMove; refutation: RawTreeMove }[];
  nodes: number;
  /** Some variations were not expanded to depth N (`maxTreeNodes`); their nodes have `more`. */
  truncated?: boolean;
}

/** Options of `buildProofTree`. */
export interface ProofTreeOptions {
  /** Nodes every search of the tree may use together (default 5,000,000). */
  maxNodes?: number;
  /** Transposition-table bytes (default 32 MiB). */
  maxTableBytes?: number;
  /** Polled by the searches (every 4096 nodes); when aborted the build answers `cancelled`. */
  signal?: { readonly aborted: boolean };
  /** Defences the tree lists at most (default 2,000); deeper levels beyond it are cut (`more`, `truncated`). */
  maxTreeNodes?: number;
  /** Skip the tries (they cost a search per first move and defence). */
  noTries?: boolean;
  /**
   * The position after `key` (LAN, already played on `game`) with the
   * defender having passed, as a fresh game whose side to move is the
   * attacker, or null when a pass cannot be tested. Omitted: no threat.
   */
  passed?: (game: ProofGame, key: string) => ProofGame | null;
  /** SAN of `move` in `game`'s current position (before it is played), where the ruleset writes SAN. */
  san?: (game: ProofGame, move: number) => string;
}

/** How a tree build ended. */
export type ProofTreeResult =
  { status: 'solved'; tree: RawTree } | { status: 'unsolvable'; nodes: number } | { status: 'limit'; nodes: number } | { status: 'cancelled'; nodes: number };

const DEFAULT_MAX_NODES = 5_000_000;
const DEFAULT_TABLE_BYTES = 32 * 1024 * 1024;
const DEFAULT_TREE_NODES = 2000;

/** The proof search's internal stop (a `kind` of `limit` / `cancelled`), recognised by shape. */
function stopKind(err: unknown): 'limit' | 'cancelled' | null {
  if (err instanceof Error || typeof err !== 'object' || err === null) return null;
  const k = (err as { kind?: unknown }).kind;
  return k === 'limit' || k === 'cancelled' ? k : null;
}

/** What the steps of a tree build share: the game, the proof search over it, the move count and the move formatting. */
interface TreeBuild {
  game: ProofGame;
  s: ProofSearch;
  n: number;
  /** A move as the tree shows it (LAN, and SAN when the options give it). */
  mv: (g: ProofGame, m: number) => RawTreeMove;
  /** The legal moves at the current position in LAN order. */
  sorted: () => { move: number; lan: string }[];
}

/**
 * The variations after the key (played, on the path at ply 0), breadth
 * first so that a size cap keeps the shallow levels whole: a node left
 * unexpanded gets `more: true`. `rem` of a queued node = attacker moves
 * left to its defender.
 */
function variationsAfterKey(b: TreeBuild, maxTreeNodes: number): { variations: RawTreeDefence[]; truncated: boolean } {
  const { game, s, n, mv, sorted } = b;
  /** Attacker to move at `ply` (on the path): every move winning within `rem`, with its distance. */
  const winningAnswers = (ply: number, rem: number): { move: number; dist: number }[] => {
    const out: { move: number; dist: number }[] = [];
    for (const { move } of sorted()) {
      s.play(move);
      const t = game.terminal();
      let dist = INF;
      if (t === TERMINAL_LOSS) dist = 1;
      else if (t === TERMINAL_NONE && rem > 1 && !s.inPath()) {
        const k = s.repDistDefend(ply + 1, rem - 1);
        if (k > 0) dist = k + 1;
      }
      game.undo(move);
      if (dist <= rem) out.push({ move, dist });
    }
    return out;
  };

  /**
   * Defender to move at `ply` (not yet on the path), the attacker having
   * `rem` moves: each defence with its fastest answer and duals, one level
   * (the answers' own defences are left to the caller's queue).
   */
  const defences = (ply: number, rem: number): { node: RawTreeDefence; line: number[] }[] => {
    s.pushPath(false, s.distDefend(ply, rem));
    const out: { node: RawTreeDefence; line: number[] }[] = [];
    for (const { move } of sorted()) {
      const defence = mv(game, move);
      s.play(move);
      const t = game.terminal();
      if (t === TERMINAL_WIN) {
        out.push({ node: { defence, answer: null, mate: false, duals: [], next: [] }, line: [] });
      } else if (t === TERMINAL_NONE && !s.inPath()) {
        s.pushPath(true, s.distAttack(ply + 1, rem));
        const wins = winningAnswers(ply + 1, rem);
        s.popPath();
        let best: { move: number; dist: number } | undefined;
        for (const w of wins) if (!best || w.dist < best.dist) best = w;
        if (!best) throw new Error(`proof tree: defence ${defence.lan} escapes a proven win`);
        const fastest = best.dist;
        const duals = wins.filter((w) => w !== best && w.dist === fastest).map((w) => mv(game, w.move));
        const slower = wins.filter((w) => w.dist > fastest).map((w) => mv(game, w.move));
        const answer = mv(game, best.move);
        s.play(best.move);
        const mate = game.terminal() === TERMINAL_LOSS;
        game.undo(best.move);
        const node: RawTreeDefence = { defence, answer, mate, duals, next: [] };
        if (slower.length) node.slowerWins = slower;
        out.push({ node, line: [move, best.move] });
      } else {
        throw new Error(`proof tree: defence ${defence.lan} escapes a proven win`);
      }
      game.undo(move);
    }
    s.popPath();
    return out;
  };

  type Pending = { into: RawTreeDefence[]; line: number[]; rem: number; owner: RawTreeDefence | null };
  const top: RawTreeDefence[] = [];
  const queue: Pending[] = [{ into: top, line: [], rem: n - 1, owner: null }];
  let count = 0;
  let truncated = false;
  for (let qi = 0; qi < queue.length; qi++) {
    const job = queue[qi]!;
    if (count >= maxTreeNodes) {
      truncated = true;
      if (job.owner) job.owner.more = true;
      continue;
    }
    // Replay the line below the key, keeping the path as the searches expect it.
    const base = s.pathLength;
    let ply = 1;
    let rem = n - 1;
    for (let i = 0; i < job.line.length; i += 2) {
      s.pushPath(false, s.distDefend(ply, rem));
      s.play(job.line[i]!);
      s.pushPath(true, s.distAttack(ply + 1, rem));
      s.play(job.line[i + 1]!);
      ply += 2;
      rem -= 1;
    }
    const level = defences(ply, job.rem);
    for (let i = job.line.length - 1; i >= 0; i--) game.undo(job.line[i]!);
    s.pathLength = base;
    for (const d of level) {
      job.into.push(d.node);
      count++;
      if (d.node.answer && !d.node.mate && job.rem > 1) queue.push({ into: d.node.next, line: [...job.line, ...d.line], rem: job.rem - 1, owner: d.node });
    }
  }
  return { variations: top, truncated };
}

/**
 * Builds the solution tree of "win in `n`" for the side to move of `game`
 * (left in its starting position on every answer). `unsolvable`: no forced
 * win within `n` (KV-8 / LC-8); `limit`: `opts.maxNodes` ran out;
 * `cancelled`: `opts.signal` aborted. Throws RangeError for `n` outside
 * 1..MAX_PROOF_MOVES (as `proveWinIn`).
 */
export function buildProofTree(game: ProofGame, n: number, opts: ProofTreeOptions = {}): ProofTreeResult {
  const maxNodes = opts.maxNodes ?? DEFAULT_MAX_NODES;
  const tableBytes = opts.maxTableBytes ?? DEFAULT_TABLE_BYTES;
  const maxTreeNodes = opts.maxTreeNodes ?? DEFAULT_TREE_NODES;
  const proof = proveWinIn(game, n, { maxNodes, maxTableBytes: tableBytes, ...(opts.signal ? { signal: opts.signal } : {}) });
  if (proof.status !== 'solved')
    return proof.status === 'unsolvable' ? { status: 'unsolvable', nodes: proof.nodes } : { status: proof.status, nodes: proof.nodes };
  let used = proof.nodes;
  const start = new Int32Array(game.stateWords);
  game.encode(start);
  const s = new ProofSearch(game, 2 * n + 4, {
    maxNodes: Math.max(1, maxNodes - used),
    maxTableBytes: tableBytes,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  const mv = (g: ProofGame, m: number): RawTreeMove => {
    const out: RawTreeMove = { lan: g.moveToLan(m) };
    if (opts.san) out.san = opts.san(g, m);
    return out;
  };
  const sorted = (): { move: number; lan: string }[] =>
    s
      .legalMoves()
      .map((move) => ({ move, lan: game.moveToLan(move) }))
      .sort((a, b) => (a.lan < b.lan ? -1 : a.lan > b.lan ? 1 : 0));

  const build: TreeBuild = { game, s, n, mv, sorted };

  try {
    const root = sorted();
    const keyEntry = root.find((r) => r.lan === proof.keys[0]);
    if (!keyEntry) throw new Error('proof tree: the key is not a legal move');
    const key = mv(game, keyEntry.move);
    s.pushPath(true, proof.length);
    s.play(keyEntry.move);
    const keyMates = game.terminal() === TERMINAL_LOSS;
    const built = keyMates ? { variations: [], truncated: false } : variationsAfterKey(build, maxTreeNodes);
    const variations = built.variations;
    let threat: RawTreeMove | null = null;
    if (!keyMates && n >= 2 && opts.passed) {
      const pg = opts.passed(game, key.lan);
      if (pg) {
        const left = maxNodes - used - s.nodes;
        if (left <= 0) return { status: 'limit', nodes: used + s.nodes };
        const t = proveWinIn(pg, n - 1, {
          maxNodes: left,
          maxTableBytes: Math.min(tableBytes, 8 * 1024 * 1024),
          ...(opts.signal ? { signal: opts.signal } : {}),
        });
        used += t.nodes;
        if (t.status === 'limit' || t.status === 'cancelled') return { status: t.status, nodes: used + s.nodes };
        if (t.status === 'solved') {
          const first = t.keys[0]!;
          const legal = new Int32Array(pg.maxMoves);
          const cnt = pg.generate(legal, 0);
          let code = -1;
          for (let i = 0; i < cnt; i++) if (pg.moveToLan(legal[i]!) === first) code = legal[i]!;
          threat = code >= 0 ? mv(pg, code) : { lan: first };
        }
      }
    }
    game.undo(keyEntry.move);

    const tries: { move: RawTreeMove; refutation: RawTreeMove; late: boolean }[] = [];
    if (n >= 2 && !opts.noTries) {
      const within = new Set(proof.keysWithinN);
      for (const r of root) {
        if (within.has(r.lan)) continue;
        const tryMove = mv(game, r.move);
        s.play(r.move);
        if (game.terminal() === TERMINAL_NONE) {
          s.pushPath(false, s.distDefend(1, n - 1));
          const escapes: number[] = [];
          for (const { move } of sorted()) {
            s.play(move);
            const t = game.terminal();
            const escaped = t === TERMINAL_NONE ? s.inPath() || s.repDistAttack(2, n - 1) === 0 : t !== TERMINAL_WIN;
            game.undo(move);
            if (escaped) {
              escapes.push(move);
              if (escapes.length > 1) break;
            }
          }
          s.popPath();
          // Refuted latest: after the try the attacker still forces a win in N + 1 (its refutation only held out to the end).
          if (escapes.length === 1) tries.push({ move: tryMove, refutation: mv(game, escapes[0]!), late: n < MAX_PROOF_MOVES && s.defend(1, n) });
        }
        game.undo(r.move);
      }
      // Closest first (stable: LAN order within each group).
      tries.sort((a, b) => Number(b.late) - Number(a.late));
    }
    s.popPath();
    const keys = proof.keys;
    const slowerKeys = proof.keysWithinN.filter((k) => !keys.includes(k));
    return {
      status: 'solved',
      tree: {
        n,
        length: proof.length,
        key,
        keys,
        slowerKeys,
        cook: keys.length > 1,
        threat,
        variations,
        tries: tries.map((t) => ({ move: t.move, refutation: t.refutation })),
        nodes: used + s.nodes,
        ...(built.truncated ? { truncated: true } : {}),
      },
    };
  } catch (err) {
    game.decode(start);
    const k = stopKind(err);
    if (k) return { status: k, nodes: used + s.nodes };
    throw err;
  }
}

/** Budget of one tree build as the ruleset hooks take it (`HintOptions` of ruleset.ts). */
export interface TreeBudget {
  maxStates?: number;
  timeMs?: number;
  signal?: { readonly aborted: boolean };
}

/**
 * `buildProofTree` with a `TreeBudget` (nodes, wall time in ms, a cancel
 * signal), its answer as a `Result`: the tree, or one issue with a code:
 * `tree-no-win` (no forced `verb` within N, `ruling`), `tree-limit` (the
 * node or time budget ran out), `tree-cancelled`, `tree-error` (the game
 * threw). Never throws. `now` (ms) is injectable.
 */
export function proofTreeResult(
  game: ProofGame,
  n: number,
  budget: TreeBudget,
  words: { verb: string; ruling: string },
  extra: Pick<ProofTreeOptions, 'passed' | 'san' | 'noTries' | 'maxTreeNodes'> = {},
  now: () => number = Date.now,
): Result<RawTree, Issue[]> {
  const deadline = budget.timeMs === undefined || budget.timeMs <= 0 ? Infinity : now() + budget.timeMs;
  let timedOut = false;
  const signal = {
    get aborted(): boolean {
      if (budget.signal?.aborted) return true;
      if (now() >= deadline) timedOut = true;
      return timedOut;
    },
  };
  let r: ProofTreeResult;
  try {
    r = buildProofTree(game, n, { ...extra, signal, ...(budget.maxStates !== undefined ? { maxNodes: budget.maxStates } : {}) });
  } catch (e) {
    // A game that throws, or a search inconsistency: an answer, never a crash.
    return { ok: false, error: [issue('error', 'tree-error', `The solution tree could not be built: ${e instanceof Error ? e.message : String(e)}`)] };
  }
  if (r.status === 'solved') return { ok: true, value: r.tree };
  if (r.status === 'unsolvable') {
    return {
      ok: false,
      error: [issue('error', 'tree-no-win', `No forced ${words.verb} in ${n}: there is no solution tree to show.`, { ruling: words.ruling, pointer: '/goal' })],
    };
  }
  if (r.status === 'cancelled' && !timedOut)
    return { ok: false, error: [issue('error', 'tree-cancelled', `The solution tree was cancelled after ${r.nodes} nodes.`)] };
  const cap = timedOut ? `the time cap (${budget.timeMs} ms)` : `the node cap (${budget.maxStates ?? DEFAULT_MAX_NODES})`;
  return { ok: false, error: [issue('error', 'tree-limit', `The solution tree needs more than ${cap}: ${r.nodes} nodes searched.`)] };
}
