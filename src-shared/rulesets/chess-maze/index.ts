/**
 * Chess Maze (RULINGS CM-1..CM-15) public API.
 * - `validateChessMaze(level): Issue[]` builder errors (CM-14) + warnings (CM-15)
 * - `compileChessMaze(level): Result<CmPosition, Issue[]>`
 * - play: `cmInitialState`, `cmLegalMoves`, `cmPlay` (CM-13 order, events),
 *   `cmOutcome`, `cmMoveToLan`, `cmParseLan`
 * - `cmSearchProblem(pos): SearchProblem` for solver/bfs.ts (`cmSearchLayout` describes its encoding)
 * - `replayStates(level, lans)` play states + events of a line (playtest UI);
 *   `cmStateToLevel(level, pos, state)` a state as a level document
 * - why unsolvable: `cmPreSearchWhy`, `cmAllDeadEnds`, `cmSolveWithWhy` (why.ts)
 */
export { validateChessMaze, CM_MIN_SIZE, CM_MAX_SIZE, CM_MAX_TRANSFORMS } from './validate.js';
export { compileChessMaze, cmInitialState, cmLegalMoves, cmPlay, cmOutcome, cmMoveToLan, cmParseLan } from './position.js';
export type { CmPosition, CmPieceInfo, CmCollectible, CmState, CmMove, CmEvent, CmOutcome, CmFailure } from './position.js';
export { cmSearchProblem, cmSearchLayout } from './search.js';
export type { CmSearchLayout } from './search.js';
export { replayStates, cmStateToLevel } from './replay.js';
export type { CmReplay } from './replay.js';
export { cmPreSearchWhy, cmAllDeadEnds, cmSolveWithWhy, DEAD_END_STATES } from './why.js';
