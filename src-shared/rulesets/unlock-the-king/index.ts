/**
 * Unlock the King (RULINGS UK-1..UK-9) public API.
 * - `validateUnlockTheKing(level): Issue[]` builder errors + warnings (UK-1, UK-2, UK-4..UK-6)
 * - `checkPar(par, optimum, status): Issue[]` UK-7; `ukCheckPar(par, proof)` the same against `ProofFacts` (the ruleset hook)
 * - `compileUnlockTheKing(level): Result<UkPosition, Issue[]>`
 * - `legalMoves`, `applyMove`, `isSolved`, `moveToLan`, `parseLan` on `UkPosition`
 * - `ukSearchProblem(pos): SearchProblem` for solver/bfs.ts
 * - `kingBoxedByPieces(pos)`: the frozen-king check (king cannot reach the portal with every other piece as a wall)
 * - `frozenPieces(pos)`, `ukUnsolvableWhy(pos)`: provably immovable pieces, why unsolvable (frozen.ts)
 */
export { validateUnlockTheKing, checkPar, ukCheckPar, UK_PHYSICAL_SET, UK_MIN_SIZE, UK_MAX_SIZE } from './validate.js';
export type { ParCheckStatus } from './validate.js';
export { compileUnlockTheKing, legalMoves, applyMove, isSolved, moveToLan, parseLan } from './position.js';
export type { UkPosition, UkPieceState, UkMove } from './position.js';
export { ukSearchProblem, kingCanReachPortal, kingBoxedByPieces } from './search.js';
export { frozenPieces, ukUnsolvableWhy } from './frozen.js';
export { scoreUnlockTheKing } from './score.js';
export type { UkAttempt, UkScore } from './score.js';
