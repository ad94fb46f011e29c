/**
 * The searches behind the host suggestions, synchronous and CPU-bound (the
 * host runs them in the solve worker, suggest-runner.ts, never on its main
 * thread):
 * - `searchLevel` ("Suggest a level", `suggestStart`): any ruleset whose
 *   module has a generator (`RulesetDef.generate`);
 * - `searchBlueprint` (`suggestBlueprint`): Unlock the King only, below.
 *
 * The blueprint search behind `suggestBlueprint`: Unlock the King hill
 * climbs (generate.ts `generateUkLevels`), one per seed derived from the
 * request's seed, until one reaches a par in `parMin..parMax` or the
 * deadline passes. Reproducible per seed (as long as the deadline does not
 * cut it short). Synchronous and CPU-bound: the host runs it in the solve
 * worker (suggest-runner.ts), never on its main thread.
 */
import { generateUkLevels, type GeneratedLevel } from '../../src-shared/rulesets/unlock-the-king/generate.js';
import type { GeneratedLevel as GeneratorLevel } from '../../src-shared/ruleset.js';
import { rulesetDef } from '../../src-shared/rulesets/index.js';

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

/** What one "Suggest a level" search asks the ruleset's generator for (host suggest-contract.ts `SuggestRequest`, checked). */
export interface LevelSearchRequest {
  ruleset: string;
  seed: number;
  width: number;
  height: number;
  parMin: number;
  parMax: number;
  mechanics?: string[];
  pieces?: string[];
}

/** How a level search ended: the level (or none) and the candidates tried. */
export interface LevelSearchOutcome {
  found: GeneratorLevel | undefined;
  tried: number;
}

/**
 * The generic search behind `suggestStart`: the ruleset's generator
 * (`RulesetDef.generate`, with its own budgets per candidate and climb)
 * asked for one level, again with a derived seed when it gives up, until
 * one is found, the deadline (epoch ms) passes or `abort` answers true (both
 * reach the generator through `signal`). `onProgress` gets the candidates tried so far (from the
 * generator's own `onProgress` where it reports, else one per call).
 * Reproducible per seed (unless the deadline cuts it short). Throws an
 * Error when the ruleset is unknown or has no generator (the host checks
 * that first). Synchronous and CPU-bound: run it in the solve worker.
 */
export function searchLevel(
  req: LevelSearchRequest,
  deadline: number,
  abort: () => boolean = () => false,
  onProgress: (tried: number) => void = () => {},
): LevelSearchOutcome {
  const def = rulesetDef(req.ruleset);
  if (!def?.generate) throw new Error(`${req.ruleset} has no level generator`);
  const signal = {
    get aborted() {
      return abort() || Date.now() >= deadline;
    },
  };
  let tried = 0;
  for (let k = 0; !signal.aborted; k++) {
    let inCall = 0;
    const g = def.generate({
      seed: (req.seed + k * 0x9e3779b1) >>> 0,
      width: req.width,
      height: req.height,
      parMin: req.parMin,
      parMax: req.parMax,
      count: 1,
      ...(req.mechanics ? { mechanics: req.mechanics } : {}),
      ...(req.pieces ? { pieces: req.pieces } : {}),
      signal,
      onProgress: (p) => {
        inCall = p.tried;
        onProgress(tried + inCall);
      },
    })[0];
    tried += Math.max(1, inCall);
    onProgress(tried);
    if (g && g.par >= req.parMin && g.par <= req.parMax) return { found: g, tried };
  }
  return { found: undefined, tried };
}
