/**
 * The two-player game contract of the proof search (solver/proof/search.ts).
 *
 * A ruleset plugs into the "win in N" search by supplying a mutable
 * `ProofGame`: a current position changed in place by `play` / `undo`, move
 * generation into a caller's Int32Array, a terminal test and 64-bit Zobrist
 * keys as two 32-bit halves. Moves are non-negative int codes the game
 * defines. Nothing here knows any ruleset (King's Valley is the first user,
 * Locking Chess is meant to be the next).
 */
import type { Refutation, SolveProgress } from '../types.js';

/** `terminal()`: the game goes on. */
export const TERMINAL_NONE = 0;
/** `terminal()`: the side to move has lost (e.g. KV-5 valley, KV-6 trapped). */
export const TERMINAL_LOSS = 1;
/** `terminal()`: the side to move has won. */
export const TERMINAL_WIN = 2;
/** `terminal()`: drawn (never a win for either side). */
export const TERMINAL_DRAW = 3;

export interface ProofGame {
  /** Upper bound on the number of legal moves in any position (buffer size per ply). */
  readonly maxMoves: number;
  /** Int32 words of `encode`. */
  readonly stateWords: number;
  /** Writes the current position into `out[0..stateWords)`. */
  encode(out: Int32Array): void;
  /** Sets the current position from `encode` output (clears the undo history). */
  decode(buf: Int32Array): void;
  /**
   * Zobrist key of everything that decides legal moves and outcomes (the
   * transposition-table key), low and high 32 bits.
   */
  hashLo(): number;
  hashHi(): number;
  /**
   * Zobrist key of the position's repetition identity (KV-7: placement +
   * side to move). It may leave out state that only the starting position
   * can have (KV-4's first-move restriction); every position reached by
   * `play` must have equal full and repetition keys.
   */
  repLo(): number;
  repHi(): number;
  /**
   * TERMINAL_* for the current position at the start of the side to move's
   * turn. Must classify every position without a legal move.
   */
  terminal(): number;
  /** Writes the legal moves at `out[offset..]`, returns how many. Only called on non-terminal positions. */
  generate(out: Int32Array, offset: number): number;
  /** Plays a move returned by `generate` for the current position. */
  play(move: number): void;
  /** Takes back `move`, which must be the last move played. */
  undo(move: number): void;
  /**
   * Optional fast path: true when the side to move (non-terminal) has a
   * move after which `terminal()` is TERMINAL_LOSS. Must agree exactly with
   * generate + play + terminal.
   */
  immediateWin?(): boolean;
  /** LAN of `move` in the current position. */
  moveToLan(move: number): string;
}

export interface ProofOptions {
  /** Stop with `limit` once this many nodes (positions played into) were searched. Default 20,000,000. */
  maxNodes?: number;
  /** Upper bound on the transposition table's bytes (about 16 per entry). Default 64 MiB. */
  maxTableBytes?: number;
  /** Polled every 4096 nodes; when `aborted` the search stops with `cancelled`. */
  signal?: { readonly aborted: boolean };
  /** Called at each new iterative-deepening depth (attacker moves) and every `progressEvery` nodes. */
  onProgress?: (p: SolveProgress) => void;
  /** Nodes between progress reports. Default 65,536. */
  progressEvery?: number;
}

/** The answer of `proveWinIn` ("win in N", KV-8). `nodes`: positions searched. */
export type ProofResult =
  | {
      status: 'solved';
      /** Shortest forced win, in the attacker's moves. */
      length: number;
      /** Every first move winning in `length` (LAN, sorted). */
      keys: string[];
      /** Every first move winning within N (LAN, sorted). */
      keysWithinN: string[];
      /** Main line: the attacker's fastest win against the longest defence. */
      line: string[];
      /** Each defence to `keys[0]` with the attacker's fastest answer (sorted by defence). */
      refutations: Refutation[];
      nodes: number;
    }
  /** Proved: no forced win within N ("no win in N"). */
  | { status: 'unsolvable'; nodes: number }
  | { status: 'limit'; nodes: number; depth: number }
  | { status: 'cancelled'; nodes: number; depth: number };
