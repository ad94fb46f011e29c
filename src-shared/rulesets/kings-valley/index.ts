/**
 * King's Valley (RULINGS KV-1..KV-9) public API.
 * - `validateKingsValley(level): Issue[]` builder errors + warnings (KV-9)
 * - `compileKingsValley(level): Result<KvPosition, Issue[]>`
 * - `kvLegalMoves`, `kvPlay`, `kvOutcome`, `kvMoveToLan`, `kvParseLan`,
 *   `kvPositionKey` on `KvPosition` (KV-2..KV-7)
 * - `KV_STANDARD_SETUP`, `KV_RETRIEVE_THE_KING_SETUP`, `KV_LABYRINTH_SETUP`
 * - `kvProofGame(pos)`: the `ProofGame` of the proof search
 * - `solveKingsValley(level, opts)`: "win in N" (KV-8); `kvReplay(level, moves)`
 * - `chooseEngineMove`, `engineMoveInGame`, `kvEngine`: the play engine (engine.ts)
 */
export { validateKingsValley, kvValleyIndex, KV_MIN_SIZE, KV_MAX_SIZE } from './validate.js';
export {
  compileKingsValley,
  kvLegalMoves,
  kvPlay,
  kvOutcome,
  kvMoveToLan,
  kvParseLan,
  kvPositionKey,
  kvSlideEnd,
  kvKingSquare,
  kvKingTrapped,
  kvCellSide,
  KV_EMPTY,
  KV_WHITE_SOLDIER,
  KV_WHITE_KING,
  KV_BLACK_SOLDIER,
  KV_BLACK_KING,
  KV_PILLAR,
  KV_DIRECTIONS,
} from './position.js';
export type { KvPosition, KvMove, KvOutcome } from './position.js';
export { KV_STANDARD_SETUP, KV_RETRIEVE_THE_KING_SETUP, KV_LABYRINTH_SETUP, kvSetupCopy } from './setups.js';
export { KvGame, kvProofGame } from './game.js';
export { solveKingsValley, kvReplay } from './solve.js';
export { chooseEngineMove, engineMoveInGame, kvEngine, kvEngineHorizon } from './engine.js';
export type { EngineChoice } from './engine.js';
