/** Messages between the editor and src-renderer/solver.worker.ts. */
import type { Level } from '../../src-shared/model/level.js';
import type { SolveResult } from '../../src-shared/solver/types.js';
import type { Issue } from '../../src-shared/validation/issue.js';

export interface SolveRequest {
  type: 'solve';
  level: Level;
  /** State cap (default: the solver's). */
  maxStates?: number;
  /** Byte cap of the search's typed arrays (default: the solver's). */
  maxBytes?: number;
  /** A* optimal-solution counting cap (0: off, faster; default: the solver's). */
  countSolutions?: number;
}

/** Caps a caller may set on one worker solve. */
export type SolveCaps = Pick<SolveRequest, 'maxStates' | 'maxBytes' | 'countSolutions'>;

export type WorkerResult = SolveResult | { status: 'invalid'; issues: Issue[] };

export type SolveMessage =
  | { type: 'progress'; states: number; depth: number }
  | { type: 'result'; result: WorkerResult; ms: number }
  | { type: 'error'; message: string };
