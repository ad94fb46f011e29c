/**
 * King's Valley play hooks (`kingsValley.play`, the generic play session of
 * play/session.ts): a game with sides on `kvLegalMoves` / `kvPlay`
 * (KV-2..KV-4 slides), `kvOutcome` with the game's history (KV-5 valley,
 * KV-6 trapped king or no legal move, KV-7 threefold repetition). The
 * engine (`kingsValley.engine`, KV-8) plays the other side.
 */
import type { KingsValleyLevel, KvPiece, KvSide } from '../../model/level.js';
import { indexToSquare } from '../../model/square.js';
import type { PlayHooks, PlayMove, PlayResult } from '../../play/hooks.js';
import { sideName } from '../../play/text.js';
import { kvPieceArt } from './display.js';
import { compileKingsValley, kvLegalMoves, kvMoveToLan, kvOutcome, kvPlay, type KvMove, type KvOutcome, type KvPosition } from './position.js';

/** A King's Valley play position: the compiled position, the document's pieces where they stand now (their order kept), and the moves played. */
export interface KvPlayPosition {
  readonly pos: KvPosition;
  readonly pieces: readonly KvPiece[];
  readonly plies: number;
}

/** A legal move with the position's own move. */
export interface KvPlayMove extends PlayMove {
  readonly kv: KvMove;
}

const other = (s: KvSide): KvSide => (s === 'white' ? 'black' : 'white');

/**
 * A KV-5..KV-7 outcome in words: "White wins: the king reached the valley
 * (KV-5).", "White wins: Black's king is trapped (KV-6).", "White wins:
 * Black has no legal move (KV-6).", "Draw by repetition: the same position
 * occurred three times (KV-7)."
 */
export function kvResult(o: KvOutcome): PlayResult {
  if (o.status === 'ongoing') return o;
  if (o.status === 'draw') return { status: 'draw', code: 'repetition', text: 'Draw by repetition: the same position occurred three times (KV-7).' };
  const w = sideName(o.winner);
  const l = sideName(other(o.winner));
  const text =
    o.reason === 'valley'
      ? `${w} wins: the king reached the valley (KV-5).`
      : o.reason === 'trapped'
        ? `${w} wins: ${l}'s king is trapped (KV-6).`
        : `${w} wins: ${l} has no legal move (KV-6).`;
  return { status: 'won', code: o.reason, text, winner: o.winner };
}

export const kvPlayHooks: PlayHooks<KingsValleyLevel, KvPlayPosition, KvPlayMove> = {
  start(level) {
    const c = compileKingsValley(level);
    return c.ok ? { ok: true, value: { pos: c.value, pieces: level.pieces, plies: 0 } } : c;
  },
  moves: ({ pos }) =>
    kvLegalMoves(pos).map((m) => ({ from: indexToSquare(m.from, pos.width), to: indexToSquare(m.to, pos.width), lan: kvMoveToLan(pos, m), kv: m })),
  apply(p, m) {
    const pieces = p.pieces.map((q) => (q.square === m.from ? { ...q, square: m.to } : q));
    return { position: { pos: kvPlay(p.pos, m.kv).position, pieces, plies: p.plies + 1 } };
  },
  outcome: (p, earlier) =>
    kvResult(
      kvOutcome(
        p.pos,
        earlier.map((e) => e.pos),
      ),
    ),
  view(level, p) {
    const doc: KingsValleyLevel = { ...level, pieces: [...p.pieces], sideToMove: p.pos.sideToMove };
    // KV-4: the first-move rule of a starting setup holds for the first move only.
    if (p.plies > 0) delete doc.startingSetup;
    return doc;
  },
  sideToMove: (p) => p.pos.sideToMove,
  engineDraw: 'it repeats the position for a draw (KV-7)',
  sideArt: (side) => kvPieceArt({ role: 'king', side }),
};
