/**
 * The generic search of the two-player problem generators ("win / mate in
 * exactly N" with a unique key, KV-8 and LC-8): seeded random positions,
 * each proved by the ruleset's proof search, then local search (hill
 * climbing) from the positions that have a forced win towards a longer
 * one. A ruleset supplies the position moves (`InNHooks`); this module never
 * looks at a ruleset id.
 *
 * A problem qualifies when the proof, run with the goal N = the found
 * shortest win, answers `solved` with `length` N in [parMin, parMax] and
 * `keys` of exactly one move: there is no win in fewer than N moves (N is
 * the shortest forced win), and only one first move forces it (no cook).
 * With `length` = N, `keysWithinN` equals `keys`, so no other first move
 * wins within N either.
 */
import type { GenerateRequest, GeneratedLevel, LevelBase, SolveAnswer } from '../ruleset.js';
import type { SolveOptions } from '../solver/types.js';
import { makeRng, type Rng } from './rng.js';

/** What a ruleset gives the in-N search. */
export interface InNHooks<L extends LevelBase> {
  /** A random position (no goal); undefined when none could be built. */
  random(rand: Rng): L | undefined;
  /** A small random change of `level` (a copy); undefined when none applies. */
  mutate(level: L, rand: Rng): L | undefined;
  /** `level` with the goal "win / mate in n" (a copy). */
  withGoal(level: L, n: number): L;
  /** True when the position has no builder error or warning. */
  valid(level: L): boolean;
  /** The proof search (the ruleset's `solve`). */
  solve(level: L, opts: SolveOptions): SolveAnswer;
  /** A text that is equal for equal problems (duplicates are skipped). */
  key(level: L): string;
}

interface Cand<L> {
  level: L;
  length: number;
  keys: number;
  states: number;
  moves: string[];
}

/**
 * Generates up to `req.count` problems with a unique key and a shortest
 * forced win of N in [parMin, parMax] (module doc), through `hooks`.
 * Budgets: `maxStates` nodes per proof (default `defaultNodes`), `steps`
 * mutations per climb (default 60), `climbs` (default 150). `signal` is
 * polled before each candidate (aborted: returns what was found);
 * `onProgress` is called after each one. Reproducible for a seed.
 */
export function generateInN<L extends LevelBase>(req: GenerateRequest, hooks: InNHooks<L>, defaultNodes: number): GeneratedLevel<L>[] {
  const rand = makeRng(req.seed);
  const maxStates = req.maxStates ?? defaultNodes;
  const steps = req.steps ?? 60;
  const climbs = req.climbs ?? 150;
  const found: GeneratedLevel<L>[] = [];
  const seen = new Set<string>();
  let tried = 0;
  const stopped = (): boolean => req.signal?.aborted === true || found.length >= req.count;
  const solveOpts: SolveOptions = { maxStates, ...(req.signal ? { signal: req.signal } : {}) };

  const evaluate = (l: L | undefined): Cand<L> | undefined => {
    if (!l || req.signal?.aborted) return undefined;
    tried++;
    const level = hooks.withGoal(l, req.parMax);
    if (!hooks.valid(level)) return undefined;
    const r = hooks.solve(level, solveOpts);
    req.onProgress?.({ found: found.length, tried });
    if (r.status !== 'solved') return undefined;
    return { level, length: r.length, keys: r.keys?.length ?? 1, states: r.states, moves: r.moves };
  };
  /** Higher is better: a longer shortest win, then fewer keys. */
  const fitness = (c: Cand<L>): number => c.length * 16 - Math.min(c.keys, 15);
  /** Re-proves with N = the shortest win and records it when it qualifies; true when recorded. */
  const consider = (c: Cand<L>): boolean => {
    if (c.keys !== 1 || c.length < req.parMin || c.length > req.parMax || found.length >= req.count) return false;
    const level = hooks.withGoal(c.level, c.length);
    const key = hooks.key(level);
    if (seen.has(key)) return false;
    const r = hooks.solve(level, solveOpts);
    if (r.status !== 'solved' || r.length !== c.length || r.keys?.length !== 1) return false;
    seen.add(key);
    found.push({ level, par: r.length, states: r.states, moves: r.moves });
    req.onProgress?.({ found: found.length, tried });
    return true;
  };

  for (let climb = 0; climb < climbs && !stopped(); climb++) {
    let cur: Cand<L> | undefined;
    for (let t = 0; !cur && t < 30 && !stopped(); t++) cur = evaluate(hooks.random(rand));
    if (!cur || consider(cur)) continue;
    let lastGain = 0;
    for (let it = 0; it < steps && !stopped(); it++) {
      const next = evaluate(hooks.mutate(cur.level, rand));
      if (!next) continue;
      const gain = fitness(next) - fitness(cur);
      if (gain > 0) lastGain = it;
      if (gain > 0 || (gain === 0 && rand() < 0.3)) {
        cur = next;
        if (consider(cur)) break;
      }
      if (it - lastGain > 25) break;
    }
  }
  return found;
}
