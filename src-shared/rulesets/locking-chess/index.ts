/**
 * Locking Chess (RULINGS LC-1..LC-13) public API.
 * - `LcPosition` (position.ts): mutable 0x88 position of stacks, extending
 *   the orthodox base `Position0x88` through attacks.ts (`LcStackBoard`) and
 *   movegen.ts (`LcMoveGen`); make /
 *   unmake, `generateLegal`, `legalMoves`, `inCheck`, `isInCheck(side)`,
 *   `kingState`, `perft`, `outcome()` (LC-8 mates named, LC-9 draws),
 *   `lfen()`; move-code helpers `lcFrom`, `lcTo`, `lcAction`, `lcFromTop`,
 *   `lcPromo` and the A_* actions (move-code.ts).
 * - LFEN (lfen.ts, LC-13): `parseLfen(text)` (syntax + playability, `lc-*`
 *   codes), `parseLfenFields`, `lcPositionIssues`, `LC_START_LFEN`.
 * - Notation (notation.ts): `lcMoveToLan`, `lcMoveToSan`, `lcSanList`,
 *   `lcParseMove`, `lcPerftDivide`.
 * - Levels: `validateLockingChess(level)` builder errors + warnings
 *   (validate.ts), `compileLockingChess(level)`, `solveLockingChess(level,
 *   opts)` "mate in N" (any LC-8 win) with `mateType`, `lcReplay(level,
 *   moves)` (solve.ts); `LcGame` the proof-search game (game.ts).
 * - Play engine (engine.ts): `chooseLcEngineMove`, `lcEngineMoveInGame`,
 *   `lcEngine`, `lcReplayPosition`.
 */
export {
  LcPosition,
  lcFromFields,
  lcFrom,
  lcTo,
  lcAction,
  lcFromTop,
  lcPromo,
  LC_MAX_MOVES,
  A_MOVE,
  A_DOUBLE,
  A_SUPER,
  A_CAPB,
  A_CAPUNDER,
  A_CAPTOP,
  A_EP,
  A_EPS,
  A_CASTLE,
  A_CASTLOCK,
} from './position.js';
export type { LcKingState, LcMateKind, LcOutcome, LcNoMove } from './position.js';
export { parseLfen, parseLfenFields, lcPositionIssues, LC_START_LFEN } from './lfen.js';
export { lcMoveToLan, lcMoveToSan, lcSanList, lcParseMove, lcPerftDivide, lcIsCapture, lcEndsOnTop } from './notation.js';
export { validateLockingChess, compileLockingChess, lcPiecesOf, materialIssues } from './validate.js';
export { LcGame } from './game.js';
export { solveLockingChess, lcReplay } from './solve.js';
export type { LcSolveResult } from './solve.js';
export { chooseLcEngineMove, lcEngineMoveInGame, lcEngine, lcReplayPosition } from './engine.js';
export type { LcEngineChoice } from './engine.js';
