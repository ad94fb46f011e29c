/**
 * Locking Chess move notation (RULINGS "Common", LC-12):
 * - LAN: piece letter (the mover before any promotion), from, `x` when
 *   anything is captured or `-`, to, `=X` for a promotion, `*` when the
 *   mover ends on top of another piece (superimposition). Examples:
 *   `Pe2-e4`, `Nb1-d2*` (LC-3), `Bc4-f7*` (a top bishop locking a piece,
 *   LC-4), `Nd4xe6` (capture), `Nd4xe6*` (LC-5c: capturing a top piece and
 *   taking its place), `Pb4-a3*` (LC-11 en passant superimpose; the top
 *   pawn's plain step down is `Pb4-a3`), `Pd7-d8=Q*`; castling `O-O`,
 *   `O-O-O`, castlock `O-O*`, `O-O-O*`. No check marks.
 * - SAN: `Nd2*`, `e4`, `exd5`, `ed3*` (a pawn changing file names its
 *   file), `Nbxe6`, `d8=Q*`, `O-O*`, with `+` / `#` (`#` for any LC-8 mate).
 * Parsing accepts LAN or SAN (check marks and `!?` ignored; `0-0`; LAN
 * without the pawn letter; `*` before or after `=X`; `Ke1-g1` / `Ke1-g1*`
 * for castling / castlock).
 */
import { PAWN, PIECE_LETTERS, name88 } from '../orthodox/board.js';
import {
  A_CAPB,
  A_CAPTOP,
  A_CAPUNDER,
  A_CASTLE,
  A_CASTLOCK,
  A_EP,
  A_EPS,
  A_SUPER,
  lcAction,
  lcFrom,
  lcFromTop,
  lcPromo,
  lcTo,
  type LcPosition,
} from './position.js';

function pieceOf(pos: LcPosition, m: number): number {
  const from = lcFrom(m);
  return (lcFromTop(m) ? pos.top[from]! : pos.bot[from]!) & 7;
}

/** True when the move captures (LC-5). */
export function lcIsCapture(m: number): boolean {
  const a = lcAction(m);
  return a === A_CAPB || a === A_CAPUNDER || a === A_CAPTOP || a === A_EP;
}

/** True when the mover ends on top of another piece. */
export function lcEndsOnTop(m: number): boolean {
  const a = lcAction(m);
  return a === A_SUPER || a === A_CAPTOP || a === A_EPS;
}

function castleText(m: number): string {
  const long = lcTo(m) < lcFrom(m);
  return (long ? 'O-O-O' : 'O-O') + (lcAction(m) === A_CASTLOCK ? '*' : '');
}

/** LAN of a move of the side to move (no check mark). */
export function lcMoveToLan(pos: LcPosition, m: number): string {
  const a = lcAction(m);
  if (a === A_CASTLE || a === A_CASTLOCK) return castleText(m);
  const promo = lcPromo(m);
  return (
    PIECE_LETTERS[pieceOf(pos, m)]! +
    name88(lcFrom(m)) +
    (lcIsCapture(m) ? 'x' : '-') +
    name88(lcTo(m)) +
    (promo ? '=' + PIECE_LETTERS[promo]! : '') +
    (lcEndsOnTop(m) ? '*' : '')
  );
}

/** `+` when the move checks, `#` when it mates (any LC-8 mate), '' otherwise. */
function checkMark(pos: LcPosition, m: number): string {
  pos.make(m);
  const mark = pos.inCheck() ? (pos.hasLegalMove(5) ? '+' : '#') : '';
  pos.unmake();
  return mark;
}

function sanBase(pos: LcPosition, m: number): string {
  const a = lcAction(m);
  if (a === A_CASTLE || a === A_CASTLOCK) return castleText(m);
  const p = pieceOf(pos, m);
  const from = lcFrom(m);
  const to = lcTo(m);
  const promo = lcPromo(m);
  const x = lcIsCapture(m) ? 'x' : '';
  const tail = name88(to) + (promo ? '=' + PIECE_LETTERS[promo]! : '') + (lcEndsOnTop(m) ? '*' : '');
  if (p === PAWN) return ((from & 7) !== (to & 7) ? name88(from)[0]! : '') + x + tail;
  return PIECE_LETTERS[p]! + x + tail;
}

/** SANs of `moves` (legal moves of the side to move), disambiguated, with check marks. */
export function lcSanList(pos: LcPosition, moves: readonly number[]): string[] {
  const bases = moves.map((m) => sanBase(pos, m));
  return moves.map((m, i) => {
    const base = bases[i]!;
    const from = lcFrom(m);
    const rivals = moves.filter((_, j) => j !== i && bases[j] === base).map(lcFrom);
    let san = base;
    if (rivals.length > 0) {
      const sameFile = rivals.some((r) => (r & 7) === (from & 7));
      const sameRank = rivals.some((r) => r >> 4 === from >> 4);
      const sq = name88(from);
      if (pieceOf(pos, m) === PAWN) {
        // The file is already written when the pawn changes file; add what is missing.
        const hasFile = (from & 7) !== (lcTo(m) & 7);
        san = (hasFile ? sq : sameFile ? sq : sq[0]!) + base.slice(hasFile ? 1 : 0);
      } else {
        const dis = !sameFile ? sq[0]! : !sameRank ? sq[1]! : sq;
        san = base[0]! + dis + base.slice(1);
      }
    }
    return san + checkMark(pos, m);
  });
}

/** SAN of one legal move. */
export function lcMoveToSan(pos: LcPosition, m: number): string {
  const moves = pos.legalMoves();
  const i = moves.indexOf(m);
  if (i < 0) return sanBase(pos, m) + checkMark(pos, m);
  return lcSanList(pos, moves)[i]!;
}

function normalize(text: string): string {
  let t = text
    .trim()
    .replace(/[+#!?]+$/, '')
    .replace(/^0-0-0/, 'O-O-O')
    .replace(/^0-0/, 'O-O');
  // `*=Q` -> `=Q*`
  t = t.replace(/\*(=[QRBN])$/, '$1*');
  return t;
}

/**
 * The legal move written `text` (LAN or SAN) in the current position, or
 * undefined when it names none. Never throws.
 */
export function lcParseMove(pos: LcPosition, text: string): number | undefined {
  if (typeof text !== 'string' || text.length > 20) return undefined;
  let t = normalize(text);
  if (/^[a-h][1-8][-x][a-h][1-8]/.test(t)) t = 'P' + t;
  const moves = pos.legalMoves();
  for (const m of moves) {
    if (lcMoveToLan(pos, m) === t) return m;
    const a = lcAction(m);
    if ((a === A_CASTLE || a === A_CASTLOCK) && t === 'K' + name88(lcFrom(m)) + '-' + name88(lcTo(m)) + (a === A_CASTLOCK ? '*' : '')) return m;
  }
  const sans = lcSanList(pos, moves).map((s) => s.replace(/[+#]$/, ''));
  const i = sans.indexOf(t);
  return i >= 0 ? moves[i] : undefined;
}

/** Perft per legal move: `[{move: LAN, nodes}]` sorted by LAN (depth >= 1). */
export function lcPerftDivide(pos: LcPosition, depth: number): { move: string; nodes: number }[] {
  const out: { move: string; nodes: number }[] = [];
  for (const m of pos.legalMoves()) {
    const lan = lcMoveToLan(pos, m);
    pos.make(m);
    out.push({ move: lan, nodes: pos.perft(depth - 1) });
    pos.unmake();
  }
  return out.sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
}
