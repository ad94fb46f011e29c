/**
 * The blueprint search behind `suggestBlueprint`: Unlock the King hill
 * climbs (generate.ts `generateUkLevels`), one per seed derived from the
 * request's seed, until one reaches a par in `parMin..parMax` or the
 * deadline passes. Reproducible per seed (as long as the deadline does not
 * cut it short). Synchronous and CPU-bound: the host runs it in the solve
 * worker (suggest-runner.ts), never on its main thread.
 */
import { generateUkLevels, type GeneratedLevel } from '../../src-shared/rulesets/unlock-the-king/generate.js';

/** Hill climbs one suggestion tries at most (one per derived seed). */
export const SUGGEST_CLIMBS = 40;

/** What one suggestion searches for. */
export interface SuggestRequest {
  /** 0..2^32-1; the same seed gives the same blueprint. */
  seed: number;
  parMin: number;
  parMax: number;
}

/**
 * Searches a blueprint (see module doc). `deadline` is an epoch time in ms
 * (Date.now() scale). Answers the first climb's level whose par is in range,
 * or undefined when none was found before the deadline. Never throws for
 * in-range numbers.
 */
export function searchBlueprint(req: SuggestRequest, deadline: number): GeneratedLevel | undefined {
  for (let k = 0; k < SUGGEST_CLIMBS && Date.now() < deadline; k++) {
    const g = generateUkLevels({
      seed: (req.seed + k * 0x9e3779b1) >>> 0,
      count: 1,
      parMin: req.parMin,
      parMax: req.parMax,
      maxStates: 150_000,
      climbSteps: 150,
      maxClimbs: 1,
      deadline,
    })[0];
    if (g) return g;
  }
  return undefined;
}
