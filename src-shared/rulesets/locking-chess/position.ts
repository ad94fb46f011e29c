/**
 * Locking Chess (RULINGS LC-1..LC-13): `LcPosition`, a mutable 0x88
 * position of stacks with make/unmake, legal move generation, check, mate
 * and draw rules. It extends the shared 0x88 position of orthodox chess
 * (../orthodox/position-base.ts: state, undo stack, legality filter, perft,
 * repetition, fifty-move rule, outcome plumbing) in three layers, each
 * adding what Locking Chess changes:
 * - attacks.ts `LcStackBoard`: the top level (LC-2), capture patterns
 *   (LC-5), king state and check (LC-6, LC-7);
 * - movegen.ts `LcMoveGen`: pseudo-legal moves (LC-3..LC-6, LC-10..LC-12)
 *   and the safe-move shortcut;
 * - this file: make / unmake of stacks (captures LC-5, en passant
 *   superimpose LC-11, castlock LC-12), Zobrist keys of both levels, mate
 *   names (LC-8), lockout / deadlock and kings-only insufficient material
 *   (LC-9).
 * Move codes: move-code.ts (re-exported here).
 *
 * Hot path: typed arrays only. Legality: make, test the mover's king for
 * check (LC-7), unmake; kings' adjacency (LC-6) is filtered at generation.
 */
import * as B from '../orthodox/board.js';
import { splitmix32 } from '../orthodox/board.js';
import type { FenFields } from '../orthodox/fen.js';
import type { ZobristKeys } from '../orthodox/position-base.js';
import { LcMoveGen } from './movegen.js';
import { A_CAPB, A_CAPTOP, A_CAPUNDER, A_CASTLE, A_CASTLOCK, A_DOUBLE, A_EP, A_EPS, A_MOVE, A_SUPER, LC_MAX_MOVES } from './move-code.js';

export {
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
  lcFrom,
  lcTo,
  lcAction,
  lcFromTop,
  lcPromo,
  LC_MAX_MOVES,
} from './move-code.js';
export type { LcKingState } from './attacks.js';

// Module-local copies of board.ts constants: no cross-module binding lookups on the hot path.
const CASTLE_MASK = B.CASTLE_MASK;
const KING = B.KING;
const PAWN = B.PAWN;

/** LC-8 mate names. */
export type LcMateKind = 'checkmate' | 'lockmate' | 'refugee-mate' | 'royal-mate' | 'royal-lockmate';

/** Locking Chess outcomes decided before the shared draws: a mate (LC-8), stalemate, lockout, deadlock (LC-9). */
export type LcNoMove = { status: 'mate'; kind: LcMateKind; winner: 'white' | 'black' } | { status: 'draw'; reason: 'stalemate' | 'lockout' | 'deadlock' };

/** Outcome of a Locking Chess position (LC-8, LC-9). */
export type LcOutcome =
  | { status: 'ongoing' }
  | { status: 'mate'; kind: LcMateKind; winner: 'white' | 'black' }
  | { status: 'draw'; reason: 'stalemate' | 'lockout' | 'deadlock' | 'fifty-move' | 'repetition' | 'insufficient-material' };

// Zobrist keys: board-level and top pieces per square, castling, en passant file, side.
const Z = (() => {
  const rnd = splitmix32(0x10c4_1ced);
  const mk = (n: number): Int32Array => {
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = rnd();
    return a;
  };
  const botLo = mk(16 * 128);
  const botHi = mk(16 * 128);
  const topLo = mk(16 * 128);
  const topHi = mk(16 * 128);
  const castLo = mk(16);
  const castHi = mk(16);
  castLo[0] = 0;
  castHi[0] = 0;
  const epLo = mk(8);
  const epHi = mk(8);
  return { botLo, botHi, topLo, topHi, castLo, castHi, epLo, epHi, sideLo: rnd(), sideHi: rnd() };
})();

/** The same keys as the base sees them (two levels: board, top). */
const KEYS: ZobristKeys = {
  pieceLo: [Z.botLo, Z.topLo],
  pieceHi: [Z.botHi, Z.topHi],
  castLo: Z.castLo,
  castHi: Z.castHi,
  epLo: Z.epLo,
  epHi: Z.epHi,
  sideLo: Z.sideLo,
  sideHi: Z.sideHi,
};

/**
 * A mutable Locking Chess position. Build with `lcFromFields` (or lfen.ts
 * `parseLfen`). `outcome()` (base, an `LcOutcome`): a named mate, lockout
 * or stalemate when the side to move has no legal move; then deadlock;
 * then insufficient material (kings only), the fifty-move rule (100
 * halfmoves) and threefold repetition within the moves made.
 */
export class LcPosition extends LcMoveGen<LcNoMove> {
  constructor() {
    super(KEYS);
  }

  /** LFEN of the current position (LC-13). */
  lfen(): string {
    return this.fen();
  }

  /** A copy of the position (no undo history). */
  clone(): LcPosition {
    return this.copyInto(new LcPosition());
  }

  // ---------------------------------------------------------------- make / unmake

  /** Plays a pseudo-legal move of the side to move (move-code.ts lists the actions). */
  make(m: number): void {
    const bot = this.bot;
    const top = this.top;
    const from = m & 0x7f;
    const to = (m >>> 7) & 0x7f;
    const act = (m >>> 14) & 15;
    const fromTop = (m >>> 18) & 1;
    const promo = (m >>> 19) & 7;
    const us = this.side;
    const ply = this.pushUndo(m);
    let lo = this.hashLo;
    let hi = this.hashHi;
    const p = fromTop ? top[from]! : bot[from]!;
    if (fromTop) {
      top[from] = 0;
      lo ^= Z.topLo[p * 128 + from]!;
      hi ^= Z.topHi[p * 128 + from]!;
    } else {
      bot[from] = 0;
      lo ^= Z.botLo[p * 128 + from]!;
      hi ^= Z.botHi[p * 128 + from]!;
    }
    const placed = promo !== 0 ? promo | (us << 3) : p;
    let capB = 0;
    let capT = 0;
    switch (act) {
      case A_MOVE:
      case A_DOUBLE:
      case A_CASTLE:
        bot[to] = placed;
        lo ^= Z.botLo[placed * 128 + to]!;
        hi ^= Z.botHi[placed * 128 + to]!;
        break;
      case A_SUPER:
        top[to] = placed;
        lo ^= Z.topLo[placed * 128 + to]!;
        hi ^= Z.topHi[placed * 128 + to]!;
        break;
      case A_CAPB:
        capB = bot[to]!;
        capT = top[to]!;
        lo ^= Z.botLo[capB * 128 + to]! ^ Z.botLo[placed * 128 + to]!;
        hi ^= Z.botHi[capB * 128 + to]! ^ Z.botHi[placed * 128 + to]!;
        if (capT !== 0) {
          lo ^= Z.topLo[capT * 128 + to]!;
          hi ^= Z.topHi[capT * 128 + to]!;
          top[to] = 0;
        }
        bot[to] = placed;
        break;
      case A_CAPUNDER:
        capB = bot[to]!;
        lo ^= Z.botLo[capB * 128 + to]! ^ Z.botLo[placed * 128 + to]!;
        hi ^= Z.botHi[capB * 128 + to]! ^ Z.botHi[placed * 128 + to]!;
        bot[to] = placed;
        break;
      case A_CAPTOP:
        capT = top[to]!;
        lo ^= Z.topLo[capT * 128 + to]! ^ Z.topLo[placed * 128 + to]!;
        hi ^= Z.topHi[capT * 128 + to]! ^ Z.topHi[placed * 128 + to]!;
        top[to] = placed;
        break;
      case A_EP: {
        // LC-5f; LC-11: after a two-step superimposition the advanced pawn is on top at `cs`,
        // and taking it frees the piece it stood on.
        const cs = us === 0 ? to - 16 : to + 16;
        if (top[cs] !== 0) {
          capT = top[cs]!;
          top[cs] = 0;
          lo ^= Z.topLo[capT * 128 + cs]!;
          hi ^= Z.topHi[capT * 128 + cs]!;
        } else {
          capB = bot[cs]!;
          bot[cs] = 0;
          lo ^= Z.botLo[capB * 128 + cs]!;
          hi ^= Z.botHi[capB * 128 + cs]!;
        }
        bot[to] = placed;
        lo ^= Z.botLo[placed * 128 + to]!;
        hi ^= Z.botHi[placed * 128 + to]!;
        break;
      }
      case A_EPS: {
        // LC-11: the advanced pawn goes back to the passed square, locked under the mover; when it
        // had superimposed two steps, the piece it stood on is free again.
        const cs = us === 0 ? to - 16 : to + 16;
        const onTop = top[cs] !== 0;
        const pw = onTop ? top[cs]! : bot[cs]!;
        if (onTop) {
          top[cs] = 0;
          lo ^= Z.topLo[pw * 128 + cs]!;
          hi ^= Z.topHi[pw * 128 + cs]!;
        } else {
          bot[cs] = 0;
          lo ^= Z.botLo[pw * 128 + cs]!;
          hi ^= Z.botHi[pw * 128 + cs]!;
        }
        bot[to] = pw;
        top[to] = placed;
        lo ^= Z.botLo[pw * 128 + to]! ^ Z.topLo[placed * 128 + to]!;
        hi ^= Z.botHi[pw * 128 + to]! ^ Z.topHi[placed * 128 + to]!;
        break;
      }
      case A_CASTLOCK:
        bot[to] = placed;
        lo ^= Z.botLo[placed * 128 + to]!;
        hi ^= Z.botHi[placed * 128 + to]!;
        break;
    }
    if (act === A_CASTLE || act === A_CASTLOCK) {
      const rf = to > from ? from + 3 : from - 4;
      const r = bot[rf]!;
      bot[rf] = 0;
      lo ^= Z.botLo[r * 128 + rf]!;
      hi ^= Z.botHi[r * 128 + rf]!;
      if (act === A_CASTLE) {
        const rt = to > from ? from + 1 : from - 1;
        bot[rt] = r;
        lo ^= Z.botLo[r * 128 + rt]!;
        hi ^= Z.botHi[r * 128 + rt]!;
      } else {
        top[to] = r;
        lo ^= Z.topLo[r * 128 + to]!;
        hi ^= Z.topHi[r * 128 + to]!;
      }
    }
    this.uCap[ply] = capB | (capT << 4);
    if ((p & 7) === KING) this.king[us] = to;
    // Castling rights go when a board-level piece leaves e1/a1/h1 (e8/a8/h8) or is captured there.
    let nc = this.castling;
    if (!fromTop) nc &= CASTLE_MASK[from]!;
    if (act === A_CAPB || act === A_CAPUNDER) nc &= CASTLE_MASK[to]!;
    // LC-11: a two-step advance sets the en passant square, a pawn's two-step superimposition (LC-3) too.
    const twoStep = act === A_DOUBLE || (act === A_SUPER && !fromTop && (p & 7) === PAWN && (to - from === 32 || from - to === 32));
    this.finishMove(lo, hi, nc, twoStep ? (from + to) >> 1 : -1, (p & 7) === PAWN || capB !== 0 || capT !== 0);
  }

  /** Takes back the last move made. */
  unmake(): void {
    const ply = this.popUndo();
    const m = this.uMove[ply]!;
    const bot = this.bot;
    const top = this.top;
    const from = m & 0x7f;
    const to = (m >>> 7) & 0x7f;
    const act = (m >>> 14) & 15;
    const fromTop = (m >>> 18) & 1;
    const promo = (m >>> 19) & 7;
    const us = this.side;
    const cap = this.uCap[ply]!;
    const capB = cap & 15;
    const capT = cap >> 4;
    let placed: number;
    switch (act) {
      case A_SUPER:
        placed = top[to]!;
        top[to] = 0;
        break;
      case A_CAPB:
        placed = bot[to]!;
        bot[to] = capB;
        top[to] = capT;
        break;
      case A_CAPUNDER:
        placed = bot[to]!;
        bot[to] = capB;
        break;
      case A_CAPTOP:
        placed = top[to]!;
        top[to] = capT;
        break;
      case A_EP: {
        placed = bot[to]!;
        bot[to] = 0;
        const cs = us === 0 ? to - 16 : to + 16;
        if (capT !== 0) top[cs] = capT;
        else bot[cs] = capB;
        break;
      }
      case A_EPS: {
        placed = top[to]!;
        top[to] = 0;
        // The advanced pawn returns to `cs`: on top of the piece it had superimposed, if one is there.
        const cs = us === 0 ? to - 16 : to + 16;
        if (bot[cs] !== 0) top[cs] = bot[to]!;
        else bot[cs] = bot[to]!;
        bot[to] = 0;
        break;
      }
      case A_CASTLE:
      case A_CASTLOCK: {
        placed = bot[to]!;
        bot[to] = 0;
        const rf = to > from ? from + 3 : from - 4;
        if (act === A_CASTLE) {
          const rt = to > from ? from + 1 : from - 1;
          bot[rf] = bot[rt]!;
          bot[rt] = 0;
        } else {
          bot[rf] = top[to]!;
          top[to] = 0;
        }
        break;
      }
      default:
        placed = bot[to]!;
        bot[to] = 0;
    }
    const p = promo !== 0 ? PAWN | (us << 3) : placed;
    if (fromTop) top[from] = p;
    else bot[from] = p;
    if ((p & 7) === KING) this.king[us] = from;
  }

  // ---------------------------------------------------------------- outcome (LC-8, LC-9)

  /** LC-8 name of the mate of `side` (caller knows it is mated). */
  mateKind(side: number): LcMateKind {
    const st = this.kingState(side);
    const locked = st === 'locked-equal' || st === 'locked-opposite';
    if (this.checkedByKing(side)) return locked ? 'royal-lockmate' : 'royal-mate';
    if (st === 'free') return 'checkmate';
    return locked ? 'lockmate' : 'refugee-mate';
  }

  /**
   * True when the side to move is mated by the opponent's reply: some legal
   * reply leaves it in check with no legal move. Uses scratch slots
   * `slot` (the replies) and `slot + 1`.
   */
  private opponentMatesInOne(slot: number): boolean {
    const buf = this.scratch;
    const off = slot * LC_MAX_MOVES;
    const n = this.generateLegal(buf, off);
    const victim = this.side ^ 1;
    for (let i = off; i < off + n; i++) {
      this.make(buf[i]!);
      const mate = this.isInCheck(victim) && !this.hasLegalMove(slot + 1);
      this.unmake();
      if (mate) return true;
    }
    return false;
  }

  /**
   * LC-9 deadlock: the side to move is not in check, its king is on top,
   * it has legal moves, every one of them is a move of that king, and after
   * each the opponent mates in 1.
   */
  isDeadlock(): boolean {
    const us = this.side;
    const k = this.king[us]!;
    if (this.top[k] !== (KING | (us << 3))) return false;
    if (this.isInCheck(us)) return false;
    const buf = this.scratch;
    const off = 2 * LC_MAX_MOVES;
    const n = this.generateLegal(buf, off);
    if (n === 0) return false;
    for (let i = off; i < off + n; i++) if ((buf[i]! & 0x7f) !== k) return false;
    for (let i = off; i < off + n; i++) {
      this.make(buf[i]!);
      const mated = this.opponentMatesInOne(3);
      this.unmake();
      if (!mated) return false;
    }
    return true;
  }

  /**
   * Locking Chess insufficient material: only the two kings are left (a lone
   * king can never be captured: kings never stand next to each other, LC-6,
   * and neither can climb). Unlike orthodox chess, K + bishop v K is not
   * dead: a king on top of its bishop can step onto the enemy king (LC-6)
   * and the freed bishop then attacks it under LC-5b (a lockmate).
   */
  isInsufficientMaterial(): boolean {
    for (let sq = 0; sq < 120; sq++) {
      if (sq & 0x88) {
        sq += 7;
        continue;
      }
      const b = this.bot[sq]!;
      if ((b !== 0 && (b & 7) !== KING) || this.top[sq] !== 0) return false;
    }
    return true;
  }

  /**
   * LC-8 / LC-9 when the side to move has no legal move: in check -> mate
   * (named, `mateKind`); not in check -> lockout (king locked under an
   * enemy piece) or stalemate.
   */
  protected noMoveOutcome(): LcNoMove {
    const us = this.side;
    if (this.isInCheck(us)) return { status: 'mate', kind: this.mateKind(us), winner: us === 0 ? 'black' : 'white' };
    return { status: 'draw', reason: this.kingState(us) === 'locked-opposite' ? 'lockout' : 'stalemate' };
  }

  /** LC-9 deadlock, checked before the shared draws. */
  protected variantDraw(): LcNoMove | null {
    return this.isDeadlock() ? { status: 'draw', reason: 'deadlock' } : null;
  }
}

/** A position from parsed fields (no checks). */
export function lcFromFields(f: FenFields): LcPosition {
  const p = new LcPosition();
  p.load(f);
  return p;
}
