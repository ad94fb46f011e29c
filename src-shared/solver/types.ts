/**
 * The generic single-player search contract. A ruleset plugs into the
 * engines (solver/bfs.ts plain breadth-first search, solver/astar.ts A*) by
 * supplying a `SearchProblem`: a fixed-width state encoding in Int32 words,
 * successor generation and a goal test, plus optional capabilities
 * (an admissible heuristic, predecessor generation). The engines own storage
 * (solver/store.ts: chunked arena + open-addressing index table on typed
 * arrays), caps, cancellation, progress, line rebuilding and metrics.
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
   * Distinct moves should give distinct successors (the engines count
   * optimal lines as sequences of states).
   */
  expand(buf: Int32Array, offset: number, out: Int32Array, emit: (move: number) => boolean): void;
  /** LAN for `move` played from the state at `buf[offset..]`. */
  moveToLan(buf: Int32Array, offset: number, move: number): string;
  /**
   * Optional admissible AND consistent lower bound on the moves from the
   * state at `buf[offset..]` to a goal: an integer >= 0, 0 on goals, and
   * h(s) <= 1 + h(t) for every move s -> t. Return -1 when no goal can be
   * reached from the state at all (it is then never stored by A*).
   * Used by solver/astar.ts; plain BFS ignores it.
   */
  heuristic?(buf: Int32Array, offset: number): number;
  /**
   * Optional second lower bound, admissible (never above the true number of
   * moves to a goal) but possibly costlier and not necessarily consistent;
   * -1 when no goal can be reached. A* evaluates it when a state is first
   * stored (in place of `heuristic`), and for a state about to be expanded
   * whose bound is not known exactly yet, which it postpones when the bound
   * proves it lies beyond the f being expanded. `limit`: the caller only
   * needs to know whether the bound exceeds it; the problem may then stop
   * early and answer any value > `limit` (still a lower bound).
   */
  strongHeuristic?(buf: Int32Array, offset: number, limit?: number): number;
  /**
   * Optional partial expansion (with `strongHeuristic`; A* then generates a
   * state's successors in two parts, see solver/astar.ts). Computes the
   * state's strong bound h as `strongHeuristic(buf, offset, limit)` does and,
   * only when 0 <= h <= `limit`, emits some of its successors as `expand`
   * does (same `out` / `emit` contract, same move codes):
   * - `part` 1 ("near"): at least every successor whose strong bound may
   *   differ from h (the goal successors among them);
   * - `part` 2 ("far"): exactly the successors that part 1 leaves out, each
   *   of which has strong bound exactly h;
   * - `part` 3: all successors.
   * Returns h (-1: no goal reachable; > `limit`: past it, nothing emitted).
   */
  expandPart?(buf: Int32Array, offset: number, limit: number, part: 1 | 2 | 3, out: Int32Array, emit: (move: number) => boolean): number;
  /**
   * Optional, with `expandPart`: false while the problem wants whole
   * expansions (every successor at once, its strong bound computed when a
   * successor is stored) rather than partial ones; A* asks at every state it
   * expands (`counting`: the search will finish the optimal f contour), and
   * splits anyway once a goal is known (the last f, where the far
   * successors are never needed). Default true.
   */
  splitsNow?(counting: boolean): boolean;
  /**
   * Optional notice from A*: it starts expanding the states of f bound `f` (called once per f, in
   * increasing order). A problem may use it to tune its bounds (never to change its answers' meaning).
   */
  onBucket?(f: number): void;
  /**
   * Optional predecessor generator: calls `emit(0)` once per state p such
   * that p -> (the state at `buf[offset..]`) is a legal move, after writing
   * p into `out` (the move code is ignored). It may emit states that are not
   * reachable from the start; it must not miss any. With it the engines
   * rebuild lines and count optimal solutions by looking predecessors up;
   * without it they re-expand the previous depth layer.
   */
  expandReverse?(buf: Int32Array, offset: number, out: Int32Array, emit: (move: number) => boolean): void;
  /**
   * Optional move tag for the counting metrics: 1 when `move` (a code from
   * `expand` of the state at `buf[offset..]`) is of the kind the ruleset
   * wants counted, else 0 (Unlock the King: 1 for every non-king move, the
   * "unlocking" moves). With it and counting on, A* reports the fewest and
   * most tagged moves over all optimal solutions (`SolveMetrics.taggedMovesMin`
   * / `taggedMovesMax`). Never called when counting is off.
   */
  moveTag?(buf: Int32Array, offset: number, move: number): 0 | 1;
}

/**
 * Progress report: `states` stored so far and `depth`: for BFS the depth
 * being expanded (plies); for A* the f bound being expanded (a proven lower
 * bound on the optimum, in plies). `expanded` / `generated` count expansions
 * and successors (duplicates included) when the engine reports them.
 */
export interface SolveProgress {
  states: number;
  depth: number;
  expanded?: number;
  generated?: number;
}

export interface SolveOptions {
  /** Stop with `limit` once this many states are stored. Default 20,000,000. */
  maxStates?: number;
  /**
   * Stop with `limit`/`memory` once the search's typed arrays would exceed
   * this many bytes (arena, index table, depth array, open lists). Default 1 GiB.
   */
  maxBytes?: number;
  /** Polled every few thousand expansions; when `aborted` is true the search stops with `cancelled`. */
  signal?: { readonly aborted: boolean };
  /** Called about every `progressEvery` stored states and at each new depth. */
  onProgress?: (p: SolveProgress) => void;
  /** States between progress reports. Default 65,536. */
  progressEvery?: number;
  /**
   * A* only (solver/astar.ts): count distinct optimal solutions up to this
   * cap and compute the difficulty metrics (`SolveResult.metrics`). This
   * finishes the whole optimal f-contour instead of stopping at the first
   * optimal goal. 0 turns counting off (par, line and branching only).
   * Default 1000.
   */
  countSolutions?: number;
  /**
   * When given, the engine fills it in before returning (for benchmarks and
   * reports; the result shape does not change).
   */
  stats?: SolveStats;
  /**
   * A* with counting on (`countSolutions` > 0) only: called once for every
   * state on an optimal line (the optimal-solution DAG) after the search,
   * with its depth (moves from the start; the optimum minus it is its exact
   * distance to a goal) and one optimal next move from it (LAN, null at a
   * goal). The state is at `buf[offset..offset+stateWords)`, valid during
   * the call only. For hints that keep distances (src-shared/hint.ts).
   */
  onOptimalState?: (buf: Int32Array, offset: number, depth: number, next: string | null) => void;
}

/**
 * Engine figures of one search, written into `SolveOptions.stats`:
 * `expanded` states expanded, `generated` successors generated (duplicates
 * included), `bytes` held by the search's typed arrays when it stopped
 * (arena, index table, depth array, open lists, batch buffers) and
 * `peakBytes` the most held at once (transient copies during growth included).
 */
export interface SolveStats {
  expanded: number;
  generated: number;
  bytes: number;
  peakBytes: number;
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
 * Difficulty metrics of a single-player solve (solver/astar.ts).
 * - `expanded`: states whose successors were generated;
 *   `generated`: successors generated (duplicates included);
 *   `branching`: generated / expanded (mean legal moves per expanded state).
 * - Present only when solved with counting on (`countSolutions` > 0):
 *   `optimalSolutions` distinct optimal move sequences, at most the cap
 *   (`optimalSolutionsCapped` true when there are more than the cap);
 *   `uniqueFirstMove` true when every optimal solution starts with the same move.
 * - Present only when solved with counting on and the problem has `moveTag`:
 *   `taggedMovesMin` the fewest tagged moves in any optimal solution, so
 *   "every optimal solution has at least k tagged moves" holds exactly when
 *   k <= taggedMovesMin; `taggedMovesMax` the most tagged moves in any
 *   optimal solution. Both are exact over ALL optimal solutions, also when
 *   the solution count is capped.
 */
export interface SolveMetrics {
  expanded: number;
  generated: number;
  branching: number;
  optimalSolutions?: number;
  optimalSolutionsCapped?: boolean;
  uniqueFirstMove?: boolean;
  taggedMovesMin?: number;
  taggedMovesMax?: number;
}

/**
 * For two-player goals (KV-8) `length` counts the solver side's moves of the
 * shortest forced win, `moves` is the main line (attacker's fastest win
 * against the defender's longest defence, both sides' moves), and the
 * optional fields are present: `keys` (every first move achieving the
 * shortest win; more than one is a cook), `keysWithinN` (every first move
 * that wins within the goal's N), `refutations` (the main key's defences).
 * `unsolvable` then means "no win in N".
 *
 * `metrics` (optional, single-player A* only): see `SolveMetrics`.
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
      /** Locking Chess: the LC-8 win at the end of the main line (checkmate, lockmate, refugee mate, ...). */
      mateType?: string;
      metrics?: SolveMetrics;
    }
  | {
      status: 'unsolvable';
      states: number;
      metrics?: SolveMetrics;
      /** Why, in words and squares (see `UnsolvableWhy`); the solve entry always fills it for users. */
      why?: UnsolvableWhy;
    }
  | { status: 'limit'; states: number; depth: number; reason: 'states' | 'memory' | 'time' }
  | { status: 'cancelled'; states: number; depth: number };

/**
 * Why a level is unsolvable ("the solver as a design partner"): the cause a
 * cheap analysis proved, before or after the search, or `exhaustive` when no
 * cause was found and the search covered the whole space.
 * - `code`: a stable kebab-case id of the cause, e.g. `king-sealed`
 *   (UK-4..UK-6: the king's region, walls and provably immovable pieces
 *   included, holds no portal), `portal-blocked`, `lock-never-opens` (CM-7,
 *   CM-15), `blocked-by-frozen` (CM-4: player pieces that can never move),
 *   `finish-unreachable`, `coin-unreachable`, `letter-unreachable`, `spell-blocked` (CM-9),
 *   `move-limit` (CM-12: the optimum without the limit exceeds it),
 *   `dead-ends` (CM-13), `refuted` (KV-8 / LC-8: every first move has a
 *   refuting defence), `exhaustive` (no cause found; the search covered
 *   `states` states).
 * - `message`: one or two sentences for the designer, naming squares.
 * - `squares`: the squares the cause is about (the editor marks them), in
 *   the order the message names them; may be empty.
 * - `ruling`: the ruling id the cause rests on (`UK-6`, `CM-7`; docs/rules/).
 * - `optimumWithoutLimit`: with `move-limit`, the optimum of the same level
 *   without its move limit.
 * - `refutations`: with `refuted`, each first move and the defence that
 *   refutes it (LAN, the best defence), the tries that come closest first
 *   (solver/proof/refute.ts): `defences` how many defences refute it (a
 *   single one: a try), `winIn` when the attacker still forces a win in
 *   N + 1 after it (refuted latest), `line` the refutation line from the
 *   start (LAN) for the closest few.
 */
export interface UnsolvableWhy {
  code: string;
  message: string;
  squares: string[];
  ruling: string;
  optimumWithoutLimit?: number;
  refutations?: { move: string; defence: string; defences?: number; winIn?: number; line?: string[] }[];
}
