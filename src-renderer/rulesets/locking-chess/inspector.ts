/**
 * What the Locking Chess inspector shows (pure, never throws): the two
 * levels of a square and its lock state in words (LC-2), the castling
 * rights with whether each is possible (LC-12), the en passant choices
 * (LC-11), and the `white-knight` value form of a piece used by the
 * inspector's selects. The edits themselves are ops.ts.
 */
import type { LockingChessLevel } from '../../../src-shared/model/level.js';
import {
  CASTLE_LETTERS,
  castlingPossible,
  epCandidates,
  hasCastling,
  lcFields,
  lcStack,
  LC_ROLES,
  name,
  type CastleLetter,
  type LcColor,
  type LcPiece,
  type LcRole,
} from '../../../src-shared/rulesets/locking-chess/stacks.js';

/** A square's lock state (LC-2): empty, a lone (free) piece, or a stack of the same colour (EQUAL) or of both colours (OPPOSITE). */
export type LcLockState = 'empty' | 'free' | 'equal' | 'opposite';

/** The inspector's view of one square. */
export interface LcSquareInfo {
  bottom?: LcPiece;
  top?: LcPiece;
  state: LcLockState;
  /** The lock state in words, e.g. `White pawn locked under black knight: an OPPOSITE stack (LC-2).` */
  words: string;
}

const said = (p: LcPiece): string => `${p.color} ${p.role}`;
const cap = (s: string): string => `${s[0]!.toUpperCase()}${s.slice(1)}`;

/** Both levels of `square` and its lock state (LC-2); an unparsable position or a square off the board reads as empty. */
export function lcSquareInfo(doc: LockingChessLevel, square: string): LcSquareInfo {
  const f = lcFields(doc);
  const s = f ? lcStack(f, square) : {};
  const { bottom, top } = s;
  if (!bottom) return { state: 'empty', words: 'Empty square.' };
  if (!top) return { bottom, state: 'free', words: `${cap(said(bottom))} at board level, free: nothing stands on it (LC-2).` };
  const equal = bottom.color === top.color;
  return {
    bottom,
    top,
    state: equal ? 'equal' : 'opposite',
    words: `${cap(said(bottom))} locked under ${said(top)}: ${equal ? 'an EQUAL stack (same colour)' : 'an OPPOSITE stack (both colours)'}. The board-level piece cannot move until the top one leaves (LC-2).`,
  };
}

/** The select value of a piece (`white-knight`), '' for none. */
export function lcPieceValue(p: LcPiece | undefined): string {
  return p ? `${p.color}-${p.role}` : '';
}

/** The piece of a select value (`black-queen`), null for '' or anything else. */
export function parseLcPieceValue(value: string): LcPiece | null {
  const [color, role, extra] = value.split('-');
  if (extra !== undefined || (color !== 'white' && color !== 'black') || !(LC_ROLES as readonly string[]).includes(role ?? '')) return null;
  return { color: color as LcColor, role: role as LcRole };
}

/** One castling right as the settings show it (the box is enabled when the right is possible or set). */
export interface LcCastlingOption {
  letter: CastleLetter;
  /** The right is set. */
  on: boolean;
  /** LC-12: its king and rook are the board-level pieces of their home squares (else the box is disabled). */
  possible: boolean;
  /** Tooltip: what the right is, or why it cannot be set. */
  title: string;
  /**
   * Set but impossible (a loaded file's `KQkq` without rooks, LC-12): the
   * error shown by the box, with the home squares it needs (`squares`); the
   * box stays enabled so the right can be cleared.
   */
  error?: { message: string; squares: string[] };
}

const CASTLE_TEXT: Record<CastleLetter, { side: string; king: string; rook: string; wing: string }> = {
  K: { side: 'White', king: 'e1', rook: 'h1', wing: 'king side' },
  Q: { side: 'White', king: 'e1', rook: 'a1', wing: 'queen side' },
  k: { side: 'Black', king: 'e8', rook: 'h8', wing: 'king side' },
  q: { side: 'Black', king: 'e8', rook: 'a8', wing: 'queen side' },
};

/** The four castling rights K Q k q (LC-12), or null when the position does not parse. */
export function lcCastlingOptions(doc: LockingChessLevel): LcCastlingOption[] | null {
  const f = lcFields(doc);
  if (!f) return null;
  return CASTLE_LETTERS.map((letter) => {
    const t = CASTLE_TEXT[letter];
    const possible = castlingPossible(f, letter);
    const title = possible
      ? `${t.side} may castle (or castlock) on the ${t.wing} (${letter})`
      : `${letter} needs the ${t.side.toLowerCase()} king on ${t.king} and rook on ${t.rook}, both at board level (LC-12)`;
    const on = hasCastling(f, letter);
    const error =
      on && !possible
        ? {
            message: `${letter} is set but impossible: it needs the ${t.side.toLowerCase()} king on ${t.king} and rook on ${t.rook} at board level (LC-12). Untick it.`,
            squares: [t.king, t.rook],
          }
        : undefined;
    return { letter, on, possible, title, ...(error ? { error } : {}) };
  });
}

/** The en passant square now ('' for none) and the squares it may be set to (LC-11); null when the position does not parse. */
export function lcEnPassantChoice(doc: LockingChessLevel): { current: string; choices: string[] } | null {
  const f = lcFields(doc);
  if (!f) return null;
  return { current: f.ep >= 0 ? name(f.ep) : '', choices: epCandidates(f) };
}

/** The side to move of the position, null when it does not parse. */
export function lcSideToMove(doc: LockingChessLevel): LcColor | null {
  const f = lcFields(doc);
  return f ? (f.side === 1 ? 'black' : 'white') : null;
}
