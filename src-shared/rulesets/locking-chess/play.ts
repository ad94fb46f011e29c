/**
 * Locking Chess play hooks (`lockingChess.play`, the generic play session
 * of play/session.ts): a game with sides on the LFEN position (LC-13):
 * legal moves with LAN and SAN (LC-7), several moves to one square picked
 * by the player (promotion LC-10, castle or castlock LC-12, capture or
 * superimpose), the outcome of the position with the game's history (LC-8
 * mates named, LC-9 lockout / deadlock / stalemate, the orthodox draws
 * LC-1). The engine (`lockingChess.engine`, LC-8) plays the other side.
 */
import type { LockingChessLevel, Role } from '../../model/level.js';
import type { PlayHooks, PlayResult } from '../../play/hooks.js';
import { sideName } from '../../play/text.js';
import { name88 } from '../orthodox/board.js';
import { lcPieceArt } from './display.js';
import { lcReplayPosition } from './engine.js';
import { parseLfen } from './lfen.js';
import { lcFrom, lcTo } from './move-code.js';
import { lcMoveToLan, lcMoveToSan } from './notation.js';
import type { LcOutcome, LcPosition } from './position.js';

/** A Locking Chess play position: the start LFEN, the LAN moves played, and the position replayed with its history (LC-9 repetition). */
export interface LcPlayPosition {
  readonly start: string;
  readonly lans: readonly string[];
  readonly pos: LcPosition;
}

const MATE_NAME: Record<string, string> = {
  checkmate: 'checkmate',
  lockmate: 'lockmate',
  'refugee-mate': 'refugee mate',
  'royal-mate': 'royal mate',
  'royal-lockmate': 'royal lockmate',
};
const DRAW_NAME: Record<string, string> = {
  stalemate: 'stalemate',
  lockout: 'lockout',
  deadlock: 'deadlock',
  'fifty-move': 'the fifty-move rule',
  repetition: 'threefold repetition',
  'insufficient-material': 'insufficient material',
};
const PROMOTED: Record<string, Role> = { Q: 'queen', R: 'rook', B: 'bishop', N: 'knight' };

/** Display name of an LC-8 mate kind (`refugee-mate` → `refugee mate`). */
export function lcMateName(kind: string): string {
  return MATE_NAME[kind] ?? kind.replace(/-/g, ' ');
}

/** An LC-8 / LC-9 outcome in words: "Lockmate (LC-8): White wins.", "Draw by lockout (LC-9).". */
export function lcResult(o: LcOutcome): PlayResult {
  if (o.status === 'ongoing') return o;
  if (o.status === 'mate') {
    const n = lcMateName(o.kind);
    return { status: 'won', code: o.kind, text: `${n[0]!.toUpperCase()}${n.slice(1)} (LC-8): ${sideName(o.winner)} wins.`, winner: o.winner };
  }
  const rule = o.reason === 'lockout' || o.reason === 'deadlock' || o.reason === 'stalemate' ? 'LC-9' : 'LC-1';
  return { status: 'draw', code: o.reason, text: `Draw by ${DRAW_NAME[o.reason] ?? o.reason} (${rule}).` };
}

export const lcPlayHooks: PlayHooks<LockingChessLevel, LcPlayPosition> = {
  start(level) {
    // LC-13: an LFEN that does not read answers its errors at /position.
    const r = parseLfen(level.position, '/position');
    return r.ok ? { ok: true, value: { start: level.position, lans: [], pos: r.value } } : r;
  },
  moves({ pos }) {
    return pos.legalMoves().map((m) => {
      const lan = lcMoveToLan(pos, m);
      const san = lcMoveToSan(pos, m);
      const promo = /=([QRBN])/.exec(lan)?.[1];
      // Castling moves go from the king's square to the king's target (LC-12).
      return {
        from: name88(lcFrom(m)),
        to: name88(lcTo(m)),
        lan,
        notation: san,
        capture: lan.includes('x'),
        choiceLabel: san,
        ...(promo ? { choiceRole: PROMOTED[promo]! } : {}),
      };
    });
  },
  apply(p, m) {
    const lans = [...p.lans, m.lan];
    const r = lcReplayPosition(p.start, lans);
    // A move of `moves(p)` always replays; the position stays as it is otherwise.
    return { position: r.ok ? { start: p.start, lans, pos: r.value } : p };
  },
  outcome: (p) => lcResult(p.pos.outcome()),
  view: (level, p) => ({ ...level, position: p.pos.lfen() }),
  sideToMove: (p) => (p.pos.side === 0 ? 'white' : 'black'),
  turnNote: (p) => (p.pos.inCheck() ? ' (check)' : ''),
  engineDraw: 'it draws (LC-9)',
  sideArt: (side) => lcPieceArt({ role: 'king', color: side }),
};
