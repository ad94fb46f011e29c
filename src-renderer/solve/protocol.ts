/** Messages between the editor and src-renderer/solver.worker.ts. */
import type { Level } from '../../src-shared/model/level.js';
import type { SolveResult } from '../../src-shared/solver/types.js';
import type { Issue } from '../../src-shared/validation/issue.js';

export interface SolveRequest {
  type: 'solve';
  level: Level;
  maxStates?: number;
}

export type WorkerResult = SolveResult | { status: 'invalid'; issues: Issue[] };

export type SolveMessage =
  | { type: 'progress'; states: number; depth: number }
  | { type: 'result'; result: WorkerResult; ms: number }
  | { type: 'error'; message: string };
