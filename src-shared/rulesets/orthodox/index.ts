/**
 * Orthodox chess (FIDE movement laws), the base of Locking Chess (LC-1).
 * - `Chess` (position.ts): mutable 0x88 position; `Chess.fromFen(text)`
 *   (Result with `fen-*` issues), `Chess.start()`, `fen()`, `make(move)` /
 *   `unmake()`, `generateLegal(out, offset)`, `legalMoves()`, `inCheck()`,
 *   `perft(depth)`, `outcome()` (checkmate, stalemate, fifty-move,
 *   repetition, insufficient material), Zobrist `hashLo` / `hashHi`.
 * - The shared 0x88 base (position-base.ts): `Position0x88`, which `Chess`
 *   and Locking Chess's `LcPosition` extend through hooks.
 * - Notation (notation.ts): `moveToLan`, `moveToSan`, `sanList`, `parseMove`.
 * - `perftDivide(pos, depth)`: node count per legal move (LAN, sorted).
 * - FEN fields (fen.ts): `parseFenFields`, `fenFromFields` (shared with LFEN).
 * - Board constants (board.ts).
 */
import { moveToLan } from './notation.js';
import type { Chess } from './position.js';

export { Chess, MAX_MOVES, FLAG_QUIET, FLAG_DOUBLE, FLAG_CAPTURE, FLAG_EP, FLAG_CASTLE, moveFrom, moveTo, moveFlag, movePromo } from './position.js';
export type { ChessOutcome, ChessNoMove } from './position.js';
export { Position0x88 } from './position-base.js';
export type { ZobristKeys, SharedDraw, Ongoing } from './position-base.js';
export { moveToLan, moveToSan, sanList, parseMove } from './notation.js';
export { parseFenFields, fenFromFields } from './fen.js';
export type { FenFields, FenSyntax } from './fen.js';

/** Perft per legal move: `[{move: LAN, nodes}]` sorted by LAN; nodes = perft(depth - 1) after the move. depth >= 1. */
export function perftDivide(pos: Chess, depth: number): { move: string; nodes: number }[] {
  const out: { move: string; nodes: number }[] = [];
  for (const m of pos.legalMoves()) {
    const lan = moveToLan(pos, m);
    pos.make(m);
    out.push({ move: lan, nodes: pos.perft(depth - 1) });
    pos.unmake();
  }
  return out.sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
}
