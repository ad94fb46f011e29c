/**
 * LFEN (LC-13): FEN whose piece field writes a stacked square `(XY)`, X the
 * board-level piece and Y the top piece, e.g. `(Pn)`; then side to move,
 * castling, en passant and the two clocks (optional, default `0 1`).
 *
 * `parseLfen` = syntax (orthodox/fen.ts, `lc-lfen-syntax` naming the
 * character position) + `lcPositionIssues` (the position can be played):
 * - `lc-king-count`: exactly one king a side (either level);
 * - `lc-piece-count`: at most 32 pieces a side (engine bound; warning
 *   `lc-piece-count-high` above the 16 of a set is the builder's, validate.ts);
 * - `lc-pawn-rank`: no pawn on the first or last rank (either level);
 * - `lc-castling`: a right needs its king and rook as the board-level
 *   pieces of their home squares (LC-12);
 * - `lc-en-passant`: the square (rank 6 with White to move, rank 3 with
 *   Black) and the one behind it are empty and a free board-level pawn of
 *   the side that moved stands in front of it (LC-11, LC-5f);
 * - `lc-opponent-in-check`: the side not to move is not in check (LC-7).
 */
import { issue, type Issue, type Result } from '../../validation/issue.js';
import { BLACK_BIT, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ, KING, PAWN, ROOK, name88 } from '../orthodox/board.js';
import { parseFenFields, type FenFields } from '../orthodox/fen.js';
import { lcFromFields, type LcPosition } from './position.js';

/** The standard start position as LFEN (no stacks). */
export const LC_START_LFEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

const SIDE = ['White', 'Black'];

/** Parses LFEN syntax only (`lc-lfen-syntax`, LC-13). Never throws. */
export function parseLfenFields(text: string, pointer?: string): Result<FenFields, Issue[]> {
  return parseFenFields(text, {
    stacks: true,
    code: 'lc-lfen-syntax',
    label: 'LFEN',
    ruling: 'LC-13',
    ...(pointer !== undefined ? { pointer } : {}),
  });
}

/** Playability errors of parsed fields (see the module doc). `pointer` is put on every issue. */
export function lcPositionIssues(f: FenFields, pointer?: string): Issue[] {
  const ptr = pointer !== undefined ? { pointer } : {};
  const out: Issue[] = [];
  const kings: string[][] = [[], []];
  const count = [0, 0];
  const badPawns: string[] = [];
  for (let sq = 0; sq < 120; sq++) {
    if (sq & 0x88) continue;
    for (const p of [f.bottom[sq]!, f.top[sq]!]) {
      if (p === 0) continue;
      count[p >> 3]!++;
      if ((p & 7) === KING) kings[p >> 3]!.push(name88(sq));
      if ((p & 7) === PAWN && (sq >> 4 === 0 || sq >> 4 === 7)) badPawns.push(name88(sq));
    }
  }
  for (let s = 0; s < 2; s++) {
    const k = kings[s]!;
    if (k.length !== 1) {
      out.push(issue('error', 'lc-king-count', `${SIDE[s]} must have exactly one king (found ${k.length}).`, { squares: k, ruling: 'LC-1', ...ptr }));
    }
    if (count[s]! > 32) out.push(issue('error', 'lc-piece-count', `${SIDE[s]} has ${count[s]} pieces; at most 32.`, { ruling: 'LC-1', ...ptr }));
  }
  if (badPawns.length > 0) {
    out.push(issue('error', 'lc-pawn-rank', 'Pawns cannot stand on the first or last rank (on either level).', { squares: badPawns, ruling: 'LC-10', ...ptr }));
  }
  const need: [number, number, number, number, string][] = [
    [CASTLE_WK, 4, 7, 0, 'K'],
    [CASTLE_WQ, 4, 0, 0, 'Q'],
    [CASTLE_BK, 0x74, 0x77, BLACK_BIT, 'k'],
    [CASTLE_BQ, 0x74, 0x70, BLACK_BIT, 'q'],
  ];
  for (const [bit, ks, rs, colour, letter] of need) {
    if (!(f.castling & bit)) continue;
    if (f.bottom[ks] !== (KING | colour) || f.bottom[rs] !== (ROOK | colour)) {
      out.push(
        issue(
          'error',
          'lc-castling',
          `Castling right "${letter}" needs the ${colour ? 'black' : 'white'} king on ${name88(ks)} and rook on ${name88(rs)}, both at board level.`,
          { squares: [name88(ks), name88(rs)], ruling: 'LC-12', ...ptr },
        ),
      );
    }
  }
  if (f.ep >= 0) {
    const up = f.side === 0 ? 16 : -16;
    const pawn = f.ep - up;
    const origin = f.ep + up;
    const want = f.side === 0 ? 5 : 2;
    const mover = f.side ^ 1;
    // LC-11: the pawn stands free in front of the square, or on top of its own piece there (a two-step superimposition).
    const P = PAWN | (mover << 3);
    const pawnThere = (f.bottom[pawn] === P && f.top[pawn] === 0) || (f.top[pawn] === P && f.bottom[pawn] !== 0 && f.bottom[pawn]! >> 3 === mover);
    if (f.ep >> 4 !== want || f.bottom[f.ep] !== 0 || f.bottom[origin] !== 0 || !pawnThere) {
      out.push(
        issue(
          'error',
          'lc-en-passant',
          `En passant square ${name88(f.ep)} does not follow a two-square advance of a ${SIDE[mover]!.toLowerCase()} pawn (the square and the one behind it empty, the pawn in front of it, free or on top of its own piece).`,
          { squares: [name88(f.ep)], ruling: 'LC-11', ...ptr },
        ),
      );
    }
  }
  if (out.length === 0) {
    const pos = lcFromFields(f);
    const other = f.side ^ 1;
    if (pos.isInCheck(other)) {
      out.push(
        issue('error', 'lc-opponent-in-check', `${SIDE[other]} is in check but it is ${SIDE[f.side]}'s move.`, {
          squares: [name88(pos.king[other]!)],
          ruling: 'LC-7',
          ...ptr,
        }),
      );
    }
  }
  return out;
}

/**
 * Parses and checks an LFEN (module doc): the position, or every error
 * (`lc-lfen-syntax` alone when the syntax fails). Never throws.
 */
export function parseLfen(text: string, pointer?: string): Result<LcPosition, Issue[]> {
  const f = parseLfenFields(text, pointer);
  if (!f.ok) return f;
  const errors = lcPositionIssues(f.value, pointer);
  if (errors.length > 0) return { ok: false, error: errors };
  return { ok: true, value: lcFromFields(f.value) };
}
