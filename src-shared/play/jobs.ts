/**
 * Background work of a play session: the engine's replies and the hints
 * run as jobs that a player starts where it can (the editor: its worker,
 * src-renderer/workers/; a page without workers or the tests: directly,
 * runners.ts) and may cancel. One shape for both, so the session's driver
 * (driver.ts) does not care where the work runs. Pure types.
 */
import type { EngineAnswer, HintAnswer } from '../ruleset.js';
import type { EngineRequest } from './session.js';

/** How one job ended (`error`: a readable message). */
export type PlayJobOutcome<T> = { kind: 'result'; result: T } | { kind: 'cancelled' } | { kind: 'error'; message: string };

/** A running job: its outcome, and a way to stop it (its outcome is then `cancelled`, or ignored). */
export interface PlayJob<T> {
  readonly promise: Promise<PlayJobOutcome<T>>;
  cancel(): void;
}

/** Starts the engine's reply (`PlaySession.engineRequest`). */
export type EngineRunner = (request: EngineRequest) => PlayJob<EngineAnswer>;

/** Starts the hint of the position after `moves` (LAN) from `level` (`RulesetDef.hint`). */
export type HintRunner<L = unknown> = (level: L, moves: string[]) => PlayJob<HintAnswer>;
