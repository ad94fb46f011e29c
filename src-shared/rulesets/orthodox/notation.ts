/**
 * Orthodox move notation (RULINGS "Common"):
 * - LAN: piece letter, from, `-` or `x`, to, `=X` for a promotion:
 *   `Pe2-e4`, `Ng1xf3`, `Pe5xd6` (en passant), `Pe7-e8=Q`; castling `O-O`,
 *   `O-O-O`. No check marks.
 * - SAN: `e4`, `Nf3`, `exd5`, `Nbd7`, `R1e2`, `e8=Q`, `O-O`, with `+` / `#`.
 * Parsing accepts LAN or SAN (check marks, `!?` and `e.p.` ignored; `0-0`
 * for `O-O`; LAN without the pawn letter; `Ke1-g1` for castling).
 */
import { KING, PAWN, PIECE_LETTERS, name88 } from './board.js';
import { type Chess, FLAG_CASTLE, FLAG_EP, moveFlag, moveFrom, movePromo, moveTo } from './position.js';

/** LAN of a move of the side to move (no check mark). */
export function moveToLan(pos: Chess, m: number): string {
  const from = moveFrom(m);
  const to = moveTo(m);
  const flag = moveFlag(m);
  if (flag === FLAG_CASTLE) return to > from ? 'O-O' : 'O-O-O';
  const p = pos.board[from]! & 7;
  const capture = flag === FLAG_EP || pos.board[to] !== 0;
  const promo = movePromo(m);
  return PIECE_LETTERS[p]! + name88(from) + (capture ? 'x' : '-') + name88(to) + (promo ? '=' + PIECE_LETTERS[promo]! : '');
}

/** `+` when the move checks, `#` when it mates, '' otherwise. */
function checkMark(pos: Chess, m: number): string {
  pos.make(m);
  const mark = pos.inCheck() ? (pos.hasLegalMove() ? '+' : '#') : '';
  pos.unmake();
  return mark;
}

/** SAN without disambiguation and check mark. */
function sanBase(pos: Chess, m: number): string {
  const from = moveFrom(m);
  const to = moveTo(m);
  const flag = moveFlag(m);
  if (flag === FLAG_CASTLE) return to > from ? 'O-O' : 'O-O-O';
  const p = pos.board[from]! & 7;
  const capture = flag === FLAG_EP || pos.board[to] !== 0;
  const promo = movePromo(m);
  const tail = name88(to) + (promo ? '=' + PIECE_LETTERS[promo]! : '');
  if (p === PAWN) return (capture ? name88(from)[0]! + 'x' : '') + tail;
  return PIECE_LETTERS[p]! + (capture ? 'x' : '') + tail;
}

/** SANs of every legal move, disambiguated, with check marks (same order as `moves`). */
export function sanList(pos: Chess, moves: readonly number[]): string[] {
  const bases = moves.map((m) => sanBase(pos, m));
  return moves.map((m, i) => {
    const base = bases[i]!;
    const from = moveFrom(m);
    let dis = '';
    const p = pos.board[from]! & 7;
    if (p !== PAWN && p !== KING && moveFlag(m) !== FLAG_CASTLE) {
      const rivals = moves.filter((o, j) => j !== i && bases[j] === base).map(moveFrom);
      if (rivals.length > 0) {
        const sameFile = rivals.some((r) => (r & 7) === (from & 7));
        const sameRank = rivals.some((r) => r >> 4 === from >> 4);
        const sq = name88(from);
        dis = !sameFile ? sq[0]! : !sameRank ? sq[1]! : sq;
      }
    }
    const san = dis ? base[0] + dis + base.slice(1) : base;
    return san + checkMark(pos, m);
  });
}

/** SAN of one legal move of the side to move. */
export function moveToSan(pos: Chess, m: number): string {
  const moves = pos.legalMoves();
  const i = moves.indexOf(m);
  if (i < 0) return sanBase(pos, m) + checkMark(pos, m);
  return sanList(pos, moves)[i]!;
}

function normalize(text: string): string {
  return text
    .trim()
    .replace(/\s*e\.?p\.?$/i, '')
    .replace(/[+#!?]+$/, '')
    .replace(/^0-0-0/, 'O-O-O')
    .replace(/^0-0/, 'O-O');
}

/**
 * The legal move written `text` (LAN or SAN) in the current position, or
 * undefined when it names no legal move. Never throws.
 */
export function parseMove(pos: Chess, text: string): number | undefined {
  if (typeof text !== 'string') return undefined;
  let t = normalize(text);
  if (/^[a-h][1-8][-x][a-h][1-8]/.test(t)) t = 'P' + t;
  const moves = pos.legalMoves();
  for (const m of moves) {
    const lan = moveToLan(pos, m);
    if (lan === t) return m;
    if (moveFlag(m) === FLAG_CASTLE && t === 'K' + name88(moveFrom(m)) + '-' + name88(moveTo(m))) return m;
  }
  const sans = sanList(pos, moves).map((s) => s.replace(/[+#]$/, ''));
  const i = sans.indexOf(t);
  return i >= 0 ? moves[i] : undefined;
}
