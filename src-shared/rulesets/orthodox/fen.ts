/**
 * FEN / LFEN text <-> position fields, shared by the orthodox engine (FEN)
 * and Locking Chess (LFEN, LC-13: a stacked square is written `(XY)`, X the
 * board-level piece, Y the top piece).
 *
 * Grammar (fields separated by spaces; the last two are optional, default
 * `0 1`): placement (8 ranks from rank 8 down, `/` between; a rank holds
 * piece letters `PNBRQKpnbrqk`, digits 1-8 for empty runs and, in LFEN,
 * `(XY)` stacks; 8 squares per rank), side to move `w|b`, castling `-` or
 * letters from `KQkq` (each at most once), en passant `-` or a square on
 * rank 3 or 6, halfmove clock (integer >= 0), fullmove number (integer >= 1).
 *
 * This is the syntax only: kings, pawn ranks, check and the consistency of
 * castling and en passant with the board are the engines' checks.
 */
import { issue, type Issue, type Result } from '../../validation/issue.js';
import { CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ, name88, parse88, pieceFromLetter, pieceLetter } from './board.js';

/** The fields of a FEN/LFEN, squares as 0x88 indices. */
export interface FenFields {
  /** Board-level piece codes per 0x88 square (board.ts codes). */
  bottom: Uint8Array;
  /** Top (superimposed) piece codes per 0x88 square; all 0 in orthodox FEN. */
  top: Uint8Array;
  /** 0 White to move, 1 Black. */
  side: number;
  /** CASTLE_* bits. */
  castling: number;
  /** En passant target square (0x88), or -1. */
  ep: number;
  halfmove: number;
  fullmove: number;
}

/** How to parse: LFEN allows `(XY)` stacks; issues get `code` and name the text `label`. */
export interface FenSyntax {
  stacks: boolean;
  /** Issue code for every syntax error, e.g. `fen-syntax`, `lc-lfen-syntax`. */
  code: string;
  /** `FEN` or `LFEN` (used in messages). */
  label: string;
  /** Ruling cited on the issues, if any (LC-13). */
  ruling?: string;
  /** JSON pointer put on the issues, if any (e.g. `/position`). */
  pointer?: string;
}

const CASTLE_LETTERS: Record<string, number> = { K: CASTLE_WK, Q: CASTLE_WQ, k: CASTLE_BK, q: CASTLE_BQ };

/**
 * Parses FEN/LFEN text into fields. Errors (one issue, code `syntax.code`)
 * name the 1-based character position in the text and what was expected.
 * Never throws.
 */
export function parseFenFields(text: string, syntax: FenSyntax): Result<FenFields, Issue[]> {
  const fail = (pos: number, what: string): Result<FenFields, Issue[]> => ({
    ok: false,
    error: [
      issue('error', syntax.code, `${syntax.label} character ${pos + 1}: ${what}.`, {
        ...(syntax.ruling !== undefined ? { ruling: syntax.ruling } : {}),
        ...(syntax.pointer !== undefined ? { pointer: syntax.pointer } : {}),
      }),
    ],
  });
  if (typeof text !== 'string') return fail(0, `expected ${syntax.label} text`);
  if (text.length > 400) return fail(400, `the text is too long for a ${syntax.label}`);
  // Fields with their start offsets.
  const fields: { text: string; at: number }[] = [];
  const re = /\S+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) fields.push({ text: m[0], at: m.index });
  if (fields.length === 0) return fail(0, `empty ${syntax.label}`);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c < 33 && (c < 9 || c > 13)) return fail(i, 'unexpected control character');
  }

  const bottom = new Uint8Array(128);
  const top = new Uint8Array(128);
  const place = fields[0]!;
  let rank = 7;
  let file = 0;
  const s = place.text;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const at = place.at + i;
    if (ch === '/') {
      if (file !== 8) return fail(at, `rank ${rank + 1} has ${file} squares, expected 8`);
      if (rank === 0) return fail(at, 'more than 8 ranks');
      rank--;
      file = 0;
      continue;
    }
    if (ch >= '1' && ch <= '8') {
      file += ch.charCodeAt(0) - 48;
      if (file > 8) return fail(at, `rank ${rank + 1} has more than 8 squares`);
      continue;
    }
    if (ch === '(') {
      if (!syntax.stacks) return fail(at, `stacks "(XY)" are not allowed in a ${syntax.label}`);
      if (file >= 8) return fail(at, `rank ${rank + 1} has more than 8 squares`);
      const b = pieceFromLetter(s[i + 1] ?? '');
      if (b === 0) return fail(at + 1, 'expected the board-level piece letter of the stack (PNBRQKpnbrqk)');
      const t = pieceFromLetter(s[i + 2] ?? '');
      if (t === 0) return fail(at + 2, 'expected the top piece letter of the stack (PNBRQKpnbrqk)');
      if (s[i + 3] !== ')') return fail(at + 3, 'expected ")" closing the stack');
      const sq = rank * 16 + file;
      bottom[sq] = b;
      top[sq] = t;
      file++;
      i += 3;
      continue;
    }
    const code = pieceFromLetter(ch);
    if (code === 0) {
      return fail(at, `unexpected "${ch}": expected a piece letter, a digit 1-8${syntax.stacks ? ', "(" (stack)' : ''} or "/"`);
    }
    if (file >= 8) return fail(at, `rank ${rank + 1} has more than 8 squares`);
    bottom[rank * 16 + file] = code;
    file++;
  }
  if (file !== 8) return fail(place.at + s.length, `rank ${rank + 1} has ${file} squares, expected 8`);
  if (rank !== 0) return fail(place.at + s.length, `only ${8 - rank} ranks, expected 8`);

  if (fields.length < 4) {
    const at = text.length;
    return fail(at, `expected ${['', 'the side to move', 'the castling field', 'the en passant field'][fields.length]} (a ${syntax.label} has 4 to 6 fields)`);
  }
  if (fields.length > 6) return fail(fields[6]!.at, `unexpected text after the fullmove number (a ${syntax.label} has 4 to 6 fields)`);

  const sideF = fields[1]!;
  if (sideF.text !== 'w' && sideF.text !== 'b') return fail(sideF.at, 'the side to move must be "w" or "b"');
  const side = sideF.text === 'w' ? 0 : 1;

  const castF = fields[2]!;
  let castling = 0;
  if (castF.text !== '-') {
    for (let i = 0; i < castF.text.length; i++) {
      const bit = CASTLE_LETTERS[castF.text[i]!];
      if (bit === undefined) return fail(castF.at + i, 'castling rights are "-" or letters from KQkq');
      if (castling & bit) return fail(castF.at + i, `castling right "${castF.text[i]}" given twice`);
      castling |= bit;
    }
  }

  const epF = fields[3]!;
  let ep = -1;
  if (epF.text !== '-') {
    ep = parse88(epF.text);
    if (ep < 0) return fail(epF.at, 'the en passant field is "-" or a square such as e3');
    if (ep >> 4 !== 2 && ep >> 4 !== 5) return fail(epF.at + 1, 'an en passant square is on rank 3 or 6');
  }

  let halfmove = 0;
  let fullmove = 1;
  if (fields.length >= 5) {
    const h = fields[4]!;
    if (!/^\d{1,6}$/.test(h.text)) return fail(h.at, 'the halfmove clock is a whole number >= 0');
    halfmove = Number(h.text);
  }
  if (fields.length >= 6) {
    const f = fields[5]!;
    if (!/^\d{1,6}$/.test(f.text) || Number(f.text) < 1) return fail(f.at, 'the fullmove number is a whole number >= 1');
    fullmove = Number(f.text);
  }
  return { ok: true, value: { bottom, top, side, castling, ep, halfmove, fullmove } };
}

/** FEN/LFEN text of the fields (stacks written `(XY)`; all six fields). */
export function fenFromFields(f: FenFields): string {
  let out = '';
  for (let r = 7; r >= 0; r--) {
    let run = 0;
    for (let c = 0; c < 8; c++) {
      const sq = r * 16 + c;
      const b = f.bottom[sq]!;
      if (b === 0) {
        run++;
        continue;
      }
      if (run > 0) out += String(run);
      run = 0;
      const t = f.top[sq]!;
      out += t !== 0 ? `(${pieceLetter(b)}${pieceLetter(t)})` : pieceLetter(b);
    }
    if (run > 0) out += String(run);
    if (r > 0) out += '/';
  }
  let cast = '';
  if (f.castling & CASTLE_WK) cast += 'K';
  if (f.castling & CASTLE_WQ) cast += 'Q';
  if (f.castling & CASTLE_BK) cast += 'k';
  if (f.castling & CASTLE_BQ) cast += 'q';
  return `${out} ${f.side === 0 ? 'w' : 'b'} ${cast || '-'} ${f.ep >= 0 ? name88(f.ep) : '-'} ${f.halfmove} ${f.fullmove}`;
}
