/**
 * Saves that never solve twice (solve-contract.ts "Proof reuse"): where a
 * save finds a proof it can write at once instead of solving.
 *
 * - `ProofCache`: the last `PROOF_CACHE_SIZE` optimal proofs of the host
 *   process by levelHash (least recently used dropped first). The host's
 *   solve jobs (solve-host-api.ts) and the save pipeline (save-pipeline.ts)
 *   store every `solved` answer (the solver's answers are optimal) and the
 *   pipeline looks them up. The key is computed by the host from the level
 *   itself, never taken from a request.
 * - `storedProofIsCurrent(level)`: the document's own `solution` may be
 *   written again unchanged: its levelHash matches, it is `optimal`, and its
 *   moves replay to the end of the game (`replayReachesGoal`).
 * - `reusableProof(level, cache)`: the stored solution when current (its
 *   `metrics` kept as stored), else a cached proof whose moves replay to the
 *   goal (with the metrics of its solve when that solve counted optimal
 *   solutions), else undefined.
 */
import { levelHash } from '../../src-shared/format/level-hash.js';
import { PROOF_CACHE_SIZE } from '../../src-shared/host/solve-contract.js';
import type { Level, StoredSolution, StoredSolveMetrics } from '../../src-shared/model/level.js';
import { storedMetricsOf } from '../../src-shared/pack/difficulty.js';
import type { SolveMetrics } from '../../src-shared/solver/types.js';
import { replayMoves, rulesetOf } from '../../src-shared/rulesets/index.js';
import { solverName } from './version.js';

/** One remembered proof: the optimal line and its length as the solver answered it. */
export interface CachedProof {
  moves: string[];
  length: number;
  states: number;
  /** The solve's `solution.metrics` when it gave any (save-pipeline.ts `storedMetrics`). */
  metrics?: StoredSolveMetrics;
  /** Two-player goals: the first moves of the shortest forced win (`solution.keys`, P-1). */
  keys?: string[];
}

/** The host's remembered proofs by levelHash (see the file comment). */
export class ProofCache {
  private readonly entries = new Map<string, CachedProof>();

  constructor(readonly capacity: number = PROOF_CACHE_SIZE) {}

  /** Number of proofs held. */
  get size(): number {
    return this.entries.size;
  }

  /** The proof stored for `hash` (and marks it recently used), or undefined. */
  get(hash: string): CachedProof | undefined {
    const p = this.entries.get(hash);
    if (p === undefined) return undefined;
    this.entries.delete(hash);
    this.entries.set(hash, p);
    return p;
  }

  /** Remembers `proof` for `hash`; beyond `capacity` the least recently used entry goes. */
  put(hash: string, proof: CachedProof): void {
    this.entries.delete(hash);
    this.entries.set(hash, {
      moves: [...proof.moves],
      length: proof.length,
      states: proof.states,
      ...(proof.metrics ? { metrics: { ...proof.metrics } } : {}),
      ...(proof.keys ? { keys: [...proof.keys] } : {}),
    });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /** Remembers a solver answer for `level` when it is `solved` (optimal); other answers are ignored. Never throws. */
  remember(
    level: Level,
    result: { status: string; moves?: readonly string[]; length?: number; states?: number; metrics?: SolveMetrics; keys?: readonly string[] },
  ): void {
    if (result.status !== 'solved' || !Array.isArray(result.moves) || typeof result.length !== 'number') return;
    const hash = safeHash(level);
    if (hash === undefined) return;
    // Metrics are kept only from a counting solve (the ones a save writes), not the bare expansion counts.
    const counted = result.metrics && result.metrics.optimalSolutions !== undefined ? { metrics: storedMetricsOf(result.metrics) } : {};
    const keys = Array.isArray(result.keys) ? { keys: [...result.keys] } : {};
    this.put(hash, { moves: [...result.moves], length: result.length, states: result.states ?? 0, ...counted, ...keys });
  }
}

/** levelHash, or undefined when the level cannot be hashed. */
export function safeHash(level: Level): string | undefined {
  try {
    return levelHash(level);
  } catch {
    return undefined;
  }
}

/**
 * True when `moves` (LAN) are legal from the level's start and end the
 * game: replayMoves accepts them, and one more move is refused because the
 * game is already over (`move-after-solved`: UK-6 portal, CM-11 won;
 * `move-after-game-over`: KV-5..KV-7 / LC-8 for two-player goals, where the
 * line must also end on the solving side's move: `2 * length - 1` plies).
 * `length` is the stored solution length (single-player: the number of
 * moves). Never throws.
 */
export function replayReachesGoal(level: Level, moves: readonly string[], length: number): boolean {
  const def = rulesetOf(level);
  if (!def || !Number.isInteger(length) || length < 0) return false;
  const twoPlayer = def.goal.kind === 'in-n';
  if (moves.length !== (twoPlayer ? 2 * length - 1 : length)) return false;
  try {
    if (!replayMoves(level, moves, def).ok) return false;
    const probe = replayMoves(level, [...moves, '-'], def);
    if (probe.ok) return false;
    const code = probe.error[0]?.code;
    return twoPlayer ? code === 'move-after-game-over' : code === 'move-after-solved';
  } catch {
    return false;
  }
}

/** True when the level's own stored `solution` is current, optimal and replays to the goal (see the file comment). */
export function storedProofIsCurrent(level: Level): boolean {
  const sol = level.solution;
  if (!sol || sol.optimal !== true || !Array.isArray(sol.moves)) return false;
  const hash = safeHash(level);
  if (hash === undefined || sol.levelHash !== hash) return false;
  return replayReachesGoal(level, sol.moves, sol.length);
}

/** A proof a save can write without solving, and where it came from. */
export interface ReusedProof {
  solution: StoredSolution;
  source: 'stored' | 'cache';
}

/**
 * The proof `level` can be written with at once (see the file comment), or
 * undefined (the save must solve). A cached proof becomes a fresh
 * `solution` (this version's solver name, the level's hash). Never throws.
 */
export function reusableProof(level: Level, cache: ProofCache | undefined): ReusedProof | undefined {
  if (storedProofIsCurrent(level)) return { solution: level.solution!, source: 'stored' };
  if (!cache) return undefined;
  const hash = safeHash(level);
  if (hash === undefined) return undefined;
  const p = cache.get(hash);
  if (!p || !replayReachesGoal(level, p.moves, p.length)) return undefined;
  return {
    source: 'cache',
    solution: {
      moves: [...p.moves],
      length: p.length,
      optimal: true,
      states: p.states,
      solver: solverName(),
      levelHash: hash,
      ...(p.metrics ? { metrics: { ...p.metrics } } : {}),
      ...(p.keys ? { keys: [...p.keys] } : {}),
    },
  };
}
