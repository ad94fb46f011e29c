/**
 * The generic single-player search contract. A ruleset plugs into the
 * engine (solver/bfs.ts) by supplying a `SearchProblem`: a fixed-width state
 * encoding in Int32 words, successor generation and a goal test. The engine
 * owns storage (open-addressing visited table on typed arrays), parent
 * links, caps, cancellation and progress.
 */

/** A ruleset's puzzle as the engine sees it. */
export interface SearchProblem {
  /** Int32 words per encoded state (>= 1). */
  readonly stateWords: number;
  /**
   * Optional depth bound in plies (e.g. a move limit, CM-12): states at this
   * depth are stored and goal-tested but never expanded, so only solutions
   * of at most `maxDepth` moves are found; exhausting the bound is `unsolvable`.
   */
  readonly maxDepth?: number;
  /** Writes the start state into `out[0..stateWords)`. */
  writeInitial(out: Int32Array): void;
  /** True when the state (at `buf[offset..offset+stateWords)`) is solved. */
  isGoal(buf: Int32Array, offset: number): boolean;
  /**
   * Calls `emit(move)` once per legal successor of the state at
   * `buf[offset..]`, after writing the successor's encoding into `out[0..stateWords)`.
   * `move` is a non-negative int the problem can later turn into LAN.
   * `emit` returns true to ask the generator to stop early (goal found).
   */
  expand(buf: Int32Array, offset: number, out: Int32Array, emit: (move: number) => boolean): void;
  /** LAN for `move` played from the state at `buf[offset..]`. */
  moveToLan(buf: Int32Array, offset: number, move: number): string;
}

/** Progress report: states stored so far and the BFS depth being expanded (plies). */
export interface SolveProgress {
  states: number;
  depth: number;
}

export interface SolveOptions {
  /** Stop with `limit` once this many states are stored. Default 20,000,000. */
  maxStates?: number;
  /** Stop with `limit` once the table would exceed this many bytes. Default 1 GiB. */
  maxBytes?: number;
  /** Polled every few thousand expansions; when `aborted` is true the search stops with `cancelled`. */
  signal?: { readonly aborted: boolean };
  /** Called about every `progressEvery` stored states and at each new depth. */
  onProgress?: (p: SolveProgress) => void;
  /** States between progress reports. Default 65,536. */
  progressEvery?: number;
}

/**
 * Two-player goals (KV-8): the attacker's fastest answer to one defence at
 * the first defender ply of the main line.
 */
export interface Refutation {
  /** The defender's move (LAN). */
  defence: string;
  /** The attacker's fastest winning answer (LAN). */
  answer: string;
  /** Attacker moves in that line, the key move included. */
  length: number;
}

/**
 * For two-player goals (KV-8) `length` counts the solver side's moves of the
 * shortest forced win, `moves` is the main line (attacker's fastest win
 * against the defender's longest defence, both sides' moves), and the
 * optional fields are present: `keys` (every first move achieving the
 * shortest win; more than one is a cook), `keysWithinN` (every first move
 * that wins within the goal's N), `refutations` (the main key's defences).
 * `unsolvable` then means "no win in N".
 */
export type SolveResult =
  | {
      status: 'solved';
      length: number;
      moves: string[];
      states: number;
      optimal: true;
      keys?: string[];
      keysWithinN?: string[];
      refutations?: Refutation[];
    }
  | { status: 'unsolvable'; states: number }
  | { status: 'limit'; states: number; depth: number; reason: 'states' | 'memory' | 'time' }
  | { status: 'cancelled'; states: number; depth: number };
