/** Test helpers for Locking Chess: positions from LFEN, legal moves from a square, playing LAN. */
import { lcMoveToLan, lcParseMove, parseLfen, type LcPosition } from '../../../../src-shared/rulesets/locking-chess/index.js';
import { name88 } from '../../../../src-shared/rulesets/orthodox/board.js';

/** A checked position (throws with the issues when the LFEN is refused). */
export function lc(lfen: string): LcPosition {
  const r = parseLfen(lfen);
  if (!r.ok) throw new Error(`${lfen}: ${r.error.map((i) => `${i.code} ${i.message}`).join('; ')}`);
  return r.value;
}

/** Sorted LAN of every legal move. */
export function lans(p: LcPosition): string[] {
  return p
    .legalMoves()
    .map((m) => lcMoveToLan(p, m))
    .sort();
}

/** Sorted LAN of the legal moves starting on `square`. */
export function movesFrom(p: LcPosition, square: string): string[] {
  return p
    .legalMoves()
    .filter((m) => name88(m & 0x7f) === square)
    .map((m) => lcMoveToLan(p, m))
    .sort();
}

/** Plays moves given in LAN or SAN (throws on an illegal one). */
export function play(p: LcPosition, ...moves: string[]): LcPosition {
  for (const t of moves) {
    const m = lcParseMove(p, t);
    if (m === undefined) throw new Error(`${t} is not legal in ${p.lfen()}`);
    p.make(m);
  }
  return p;
}

/** The LFEN placement field only. */
export function placement(p: LcPosition): string {
  return p.lfen().split(' ')[0]!;
}
