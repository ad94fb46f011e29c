/**
 * Editing operations on a Locking Chess document (LEVEL-FORMAT-v1, ruleset
 * `locking-chess`, RULINGS LC-1..LC-13). The document's `position` (LFEN,
 * LC-13) is the source of truth: every edit parses it (syntax only, so an
 * unplayable position, e.g. without kings, stays editable), changes the
 * fields and writes it back with the LFEN writer (`fenFromFields`).
 *
 * Stacks (LC-2): a square holds a board-level piece and at most one top
 * piece. Dropping a piece onto a square with one board-level piece puts it
 * on top (the lower one is then locked); onto a full stack it replaces the
 * top. Removing the top frees the lower piece; removing the board-level
 * piece of a stack lets the top piece settle to board level.
 *
 * Consistency (LC-12, LC-11, the checks of lfen.ts `lcPositionIssues`):
 * after every board edit, castling rights whose king or rook is not the
 * board-level piece of its home square are cleared, and an en passant
 * square that no longer follows a two-step advance is cleared.
 * Pure TS, never throws.
 */
import type { LockingChessLevel } from '../../../src-shared/model/level.js';
import { issue, type Issue, type Result } from '../../../src-shared/validation/issue.js';
import { BLACK_BIT } from '../../../src-shared/rulesets/orthodox/board.js';
import { fenFromFields, type FenFields } from '../../../src-shared/rulesets/orthodox/fen.js';
import { lcFromFields, lcPositionIssues, materialIssues, parseLfenFields } from '../../../src-shared/rulesets/locking-chess/index.js';
import type { Tx } from '../../editor/doc-ops.js';

export type LcTx = Tx<LockingChessLevel>;
export type { LcColor, LcRole, LcLevel, CastleLetter, LcPiece } from '../../../src-shared/rulesets/locking-chess/stacks.js';
export {
  LC_ROLES,
  lcFields,
  lcCode,
  lcPieceOf,
  sq88,
  lcStack,
  castlingPossible,
  hasCastling,
  epCandidates,
  makeConsistent,
  CASTLE_LETTERS,
} from '../../../src-shared/rulesets/locking-chess/stacks.js';
import {
  castlingPossible,
  epCandidates,
  lcFields,
  makeConsistent,
  lcCode,
  sq88,
  lcStack,
  CASTLE_BITS,
  CASTLE_LETTERS as CASTLE_LETTERS_ALL,
  type CastleLetter,
  type LcColor,
  type LcLevel,
  type LcPiece,
} from '../../../src-shared/rulesets/locking-chess/stacks.js';

/** An empty 8 x 8 position: White to move, no rights (the live validation asks for the kings). */
export const LC_EMPTY_LFEN = '8/8/8/8/8/8/8/8 w - - 0 1';

import { newLcLevel } from '../../../src-shared/rulesets/locking-chess/def.js';
import { lcDisplay } from '../../../src-shared/rulesets/locking-chess/display.js';

export { newLcLevel };

function write(tx: LcTx, f: FenFields, consistent = true): void {
  if (consistent) makeConsistent(f);
  tx.set(['position'], fenFromFields(f));
  if (tx.doc.pieces !== undefined) tx.set(['pieces'], undefined);
}

/** Edits the parsed fields and writes them back; `consistent` false keeps other impossible rights as they are (unticking one right clears only that one). */
function withFields(tx: LcTx, fn: (f: FenFields) => boolean, consistent = true): boolean {
  const f = lcFields(tx.doc);
  if (!f || !fn(f)) return false;
  write(tx, f, consistent);
  return true;
}

/**
 * What dropping a piece on `square` replaces (LC-2: a full stack has its
 * top replaced), as notice text (`["black knight on top of e4"]`); empty
 * for an empty square or a lone piece (the drop superimposes it).
 */
export function replacedByDrop(doc: LockingChessLevel, square: string): string[] {
  const f = lcFields(doc);
  const top = f ? lcStack(f, square).top : undefined;
  return top ? [`${top.color} ${top.role} on top of ${square}`] : [];
}

/**
 * The LFEN to export (Copy, LC-13): the position with the castling rights
 * its board cannot have (LC-12: king or rook not the board-level piece of
 * its home square) and an en passant square that does not follow a
 * two-step advance (LC-11) left out, and what was left out (`dropped`, as
 * notice text); null when the position does not parse.
 */
export function exportLfen(doc: LockingChessLevel): { text: string; dropped: string[] } | null {
  const f = lcFields(doc);
  if (!f) return null;
  const lost = CASTLE_LETTERS_ALL.filter((l) => (f.castling & CASTLE_BITS[l].bit) !== 0 && !castlingPossible(f, l));
  const ep = f.ep;
  makeConsistent(f);
  const dropped: string[] = [];
  if (lost.length) dropped.push(`castling right${lost.length === 1 ? '' : 's'} ${lost.join('')} (LC-12)`);
  if (ep >= 0 && f.ep < 0) dropped.push('the en passant square (LC-11)');
  return { text: fenFromFields(f), dropped };
}

/**
 * Drops `piece` on `square` (LC-2): an empty square gets it at board level,
 * a lone piece gets it on top (superimposed, the lower one locked), a full
 * stack has its top replaced. Answers where it went (`bottom` / `top`), or
 * null when the square or position is unusable.
 */
export function dropPiece(tx: LcTx, square: string, piece: LcPiece): LcLevel | null {
  const s = sq88(square);
  let where: LcLevel | null = null;
  withFields(tx, (f) => {
    if (s < 0) return false;
    const code = lcCode(piece);
    if (f.bottom[s] === 0) {
      f.bottom[s] = code;
      where = 'bottom';
    } else {
      f.top[s] = code;
      where = 'top';
    }
    return true;
  });
  return where;
}

/** Sets (or with `null` removes) one level of a square. Removing the board level of a stack lets the top settle. */
export function setLevel(tx: LcTx, square: string, level: LcLevel, piece: LcPiece | null): boolean {
  const s = sq88(square);
  return withFields(tx, (f) => {
    if (s < 0) return false;
    if (piece === null) {
      if (level === 'top') f.top[s] = 0;
      else {
        f.bottom[s] = f.top[s]!;
        f.top[s] = 0;
      }
      return true;
    }
    const code = lcCode(piece);
    if (level === 'bottom') f.bottom[s] = code;
    else if (f.bottom[s] === 0)
      f.bottom[s] = code; // a top needs a piece below: it lands at board level
    else f.top[s] = code;
    return true;
  });
}

/** Removes the uppermost piece of `square` (the top piece, freeing the lower one; else the board-level piece). */
export function eraseTop(tx: LcTx, square: string): boolean {
  const s = sq88(square);
  const f = lcFields(tx.doc);
  if (!f || s < 0 || f.bottom[s] === 0) return false;
  return setLevel(tx, square, f.top[s] !== 0 ? 'top' : 'bottom', null);
}

/**
 * Moves the uppermost piece of `from` onto `to` like a drop (LC-2):
 * refused (false, nothing recorded) when `to` already holds a stack or
 * `from` is empty.
 */
export function movePiece(tx: LcTx, from: string, to: string): boolean {
  const a = sq88(from);
  const b = sq88(to);
  return withFields(tx, (f) => {
    if (a < 0 || b < 0 || a === b || f.bottom[a] === 0 || f.top[b] !== 0) return false;
    let code: number;
    if (f.top[a] !== 0) {
      code = f.top[a]!;
      f.top[a] = 0;
    } else {
      code = f.bottom[a]!;
      f.bottom[a] = 0;
    }
    if (f.bottom[b] === 0) f.bottom[b] = code;
    else f.top[b] = code;
    return true;
  });
}

/**
 * Switches the colour of the uppermost piece of `square` (the top piece of
 * a stack, else the board-level piece): the C toggle on a selected piece.
 * False when the square is empty. Rights and en passant are kept
 * consistent (a king or rook that changes colour loses its rights, LC-12).
 */
export function toggleColor(tx: LcTx, square: string): boolean {
  const s = sq88(square);
  return withFields(tx, (f) => {
    if (s < 0 || f.bottom[s] === 0) return false;
    if (f.top[s] !== 0) f.top[s] = f.top[s]! ^ BLACK_BIT;
    else f.bottom[s] = f.bottom[s]! ^ BLACK_BIT;
    return true;
  });
}

/** Side to move; an en passant square that no longer applies is cleared. */
export function setSideToMove(tx: LcTx, side: LcColor): boolean {
  return withFields(tx, (f) => {
    f.side = side === 'black' ? 1 : 0;
    return true;
  });
}

/**
 * Sets castling right `letter`; refused (false) when the king or rook is
 * not on its home square at board level (LC-12). Clearing a right always
 * works, an impossible one (a loaded file's `KQkq` without rooks) too, and
 * touches no other right.
 */
export function setCastling(tx: LcTx, letter: CastleLetter, on: boolean): boolean {
  return withFields(
    tx,
    (f) => {
      if (on && !castlingPossible(f, letter)) return false;
      if (on) f.castling |= CASTLE_BITS[letter].bit;
      else f.castling &= ~CASTLE_BITS[letter].bit;
      return true;
    },
    on,
  );
}

/** Sets the en passant square (one of `epCandidates`) or clears it with null; false when not allowed. */
export function setEnPassant(tx: LcTx, square: string | null): boolean {
  return withFields(tx, (f) => {
    if (square === null) f.ep = -1;
    else if (epCandidates(f).includes(square)) f.ep = sq88(square);
    else return false;
    return true;
  });
}

/** Goal "mate in N" (LC-8, a positive integer), or no goal (a position to play) with undefined. */
export function setGoal(tx: LcTx, moves: number | undefined): void {
  tx.set(['goal'], moves === undefined ? undefined : { type: 'mate-in', moves });
}

/**
 * Checks pasted FEN / LFEN text (LC-13): syntax errors (`lc-lfen-syntax`,
 * the message names the character position) and inconsistent rights
 * (`lc-castling`, `lc-en-passant`) refuse the paste; other playability
 * problems (kings, pawns on the last rank, check) are accepted and left to
 * the live validation. Answers the normalised LFEN (the writer's form).
 */
export function checkPaste(text: string): Result<string, Issue[]> {
  const t = text.trim();
  if (t === '') return { ok: false, error: [issue('error', 'lc-lfen-syntax', 'Paste an FEN or LFEN first (the text is empty).', { ruling: 'LC-13' })] };
  const f = parseLfenFields(t);
  if (!f.ok) return f;
  const bad = lcPositionIssues(f.value).filter((i) => i.code === 'lc-castling' || i.code === 'lc-en-passant');
  if (bad.length > 0) return { ok: false, error: bad };
  return { ok: true, value: fenFromFields(f.value) };
}

/**
 * What the live validation will report about a position pasted as `text`
 * (accepted by `checkPaste`): the playability errors (no king, a pawn on the
 * last rank, check: lfen.ts) and the material warnings (validate.ts
 * `materialIssues`: more than 8 pawns, more pieces than promotion allows),
 * so the paste's notice can say so at once; [] when clean or refused.
 */
export function pastedProblems(text: string): Issue[] {
  const f = parseLfenFields(text.trim());
  if (!f.ok) return [];
  const errors = lcPositionIssues(f.value);
  return errors.length ? errors : materialIssues(lcFromFields(f.value));
}

/** Replaces the position with pasted text (see `checkPaste`); the errors when refused (nothing recorded). */
export function pastePosition(tx: LcTx, text: string): Issue[] {
  const r = checkPaste(text);
  if (!r.ok) return r.error;
  tx.set(['position'], r.value);
  if (tx.doc.pieces !== undefined) tx.set(['pieces'], undefined);
  return [];
}

/** The board-state mirror of a position (the display's `mirror.state`): tokens sorted, then `to-move:white|black`; `invalid-position` when it does not parse. */
export function lcBoardState(position: string): string {
  return lcDisplay({ ...newLcLevel(), position }).mirror.state;
}

/** Human name of a piece: `white knight`. */
export function describeLcPiece(p: LcPiece): string {
  return `${p.color} ${p.role}`;
}

/** Screen-reader text of a square: `white knight`, `white pawn locked under black knight`, `empty`. */
export function lcDescribeSquare(doc: LockingChessLevel, square: string): string {
  const f = lcFields(doc);
  if (!f) return 'empty';
  const s = lcStack(f, square);
  if (!s.bottom) return 'empty';
  return s.top ? `${describeLcPiece(s.bottom)} locked under ${describeLcPiece(s.top)}` : describeLcPiece(s.bottom);
}
