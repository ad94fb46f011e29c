/**
 * King's Valley position model (KV-1..KV-7): compiled from a validated
 * level, immutable, with move generation, play, outcome and LAN.
 *
 * This is the readable reference implementation used by the editor, play
 * mode and replay. The proof search runs on the typed-array twin in
 * game.ts, which tests cross-check against these functions.
 */
import type { KingsValleyLevel, KvSide } from '../../model/level.js';
import { indexToSquare, squareIndex } from '../../model/square.js';
import { hasErrors, type Issue, type Result } from '../../validation/issue.js';
import { kvValleyIndex, validateKingsValley } from './validate.js';

/** Cell contents of `KvPosition.cells`. */
export const KV_EMPTY = 0;
export const KV_WHITE_SOLDIER = 1;
export const KV_WHITE_KING = 2;
export const KV_BLACK_SOLDIER = 3;
export const KV_BLACK_KING = 4;
export const KV_PILLAR = 5;

/** The 8 directions [dFile, dRank]: N, NE, E, SE, S, SW, W, NW (KV-2). */
export const KV_DIRECTIONS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 1],
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, -1],
  [-1, 0],
  [-1, 1],
];

/** A compiled King's Valley position. Squares are board indices `rank*width+file`. */
export interface KvPosition {
  readonly width: number;
  readonly height: number;
  /** KV-1: the centre square. */
  readonly valley: number;
  /** One of KV_EMPTY .. KV_PILLAR per square; length width*height. */
  readonly cells: Uint8Array;
  readonly sideToMove: KvSide;
  /** KV-4: the next move is the first move of a game from a starting setup (soldier moves only). */
  readonly firstMoveSoldierOnly: boolean;
  /** KV-3 option. */
  readonly soldiersMayStopOnValley: boolean;
}

/** A move: from and to board indices and the moving piece's role. */
export interface KvMove {
  readonly from: number;
  readonly to: number;
  readonly role: 'king' | 'soldier';
}

/** How a game stands (KV-5, KV-6, KV-7). */
export type KvOutcome =
  | { status: 'ongoing' }
  | { status: 'won'; winner: KvSide; reason: 'valley' | 'trapped' | 'no-moves'; ruling: 'KV-5' | 'KV-6' }
  | { status: 'draw'; reason: 'repetition'; ruling: 'KV-7' };

const other = (s: KvSide): KvSide => (s === 'white' ? 'black' : 'white');
const kingCode = (s: KvSide): number => (s === 'white' ? KV_WHITE_KING : KV_BLACK_KING);
const soldierCode = (s: KvSide): number => (s === 'white' ? KV_WHITE_SOLDIER : KV_BLACK_SOLDIER);

/** Side owning a cell value, or undefined for empty/pillar. */
export function kvCellSide(cell: number): KvSide | undefined {
  if (cell === KV_WHITE_SOLDIER || cell === KV_WHITE_KING) return 'white';
  if (cell === KV_BLACK_SOLDIER || cell === KV_BLACK_KING) return 'black';
  return undefined;
}

/**
 * Compiles a level into a position. Runs `validateKingsValley` first; when it
 * reports any error the result is `{ok:false, error: <the error issues>}`
 * (warnings do not prevent compiling). `firstMoveSoldierOnly` is
 * `startingSetup === true` (KV-4). The goal is not needed. Never throws.
 */
export function compileKingsValley(level: KingsValleyLevel): Result<KvPosition, Issue[]> {
  const issues = validateKingsValley(level);
  if (hasErrors(issues)) return { ok: false, error: issues.filter((i) => i.severity === 'error') };
  const { width, height } = level.board;
  const cells = new Uint8Array(width * height);
  for (const name of level.pillars ?? []) cells[squareIndex(name, width, height)] = KV_PILLAR;
  for (const p of level.pieces) {
    cells[squareIndex(p.square, width, height)] = p.role === 'king' ? kingCode(p.side) : soldierCode(p.side);
  }
  return {
    ok: true,
    value: {
      width,
      height,
      valley: kvValleyIndex(width, height),
      cells,
      sideToMove: level.sideToMove,
      firstMoveSoldierOnly: level.startingSetup === true,
      soldiersMayStopOnValley: level.options?.soldiersMayStopOnValley === true,
    },
  };
}

/**
 * The square where a piece on `from` stops when it slides in direction
 * `dir` (index into KV_DIRECTIONS): the last empty square before the edge, a
 * piece or a pillar (KV-2). Returns -1 when it cannot move at all that way.
 */
export function kvSlideEnd(pos: KvPosition, from: number, dir: number): number {
  const [df, dr] = KV_DIRECTIONS[dir]!;
  let f = (from % pos.width) + df;
  let r = Math.floor(from / pos.width) + dr;
  let last = -1;
  while (f >= 0 && r >= 0 && f < pos.width && r < pos.height && pos.cells[r * pos.width + f] === KV_EMPTY) {
    last = r * pos.width + f;
    f += df;
    r += dr;
  }
  return last;
}

/**
 * Every legal move of the side to move: KV-2 slides (at most one per piece
 * and direction), minus soldier moves ending on the valley (KV-3, unless the
 * option), minus king moves while `firstMoveSoldierOnly` (KV-4). Ordered by
 * from square index, then direction N, NE, E, SE, S, SW, W, NW. Does not
 * look at the outcome: callers check `kvOutcome` first.
 */
export function kvLegalMoves(pos: KvPosition): KvMove[] {
  const moves: KvMove[] = [];
  const king = kingCode(pos.sideToMove);
  const soldier = soldierCode(pos.sideToMove);
  for (let from = 0; from < pos.cells.length; from++) {
    const c = pos.cells[from];
    if (c !== king && c !== soldier) continue;
    if (c === king && pos.firstMoveSoldierOnly) continue;
    for (let dir = 0; dir < 8; dir++) {
      const to = kvSlideEnd(pos, from, dir);
      if (to < 0) continue;
      if (c === soldier && to === pos.valley && !pos.soldiersMayStopOnValley) continue;
      moves.push({ from, to, role: c === king ? 'king' : 'soldier' });
    }
  }
  return moves;
}

/** Square index of `side`'s king, or -1. */
export function kvKingSquare(pos: KvPosition, side: KvSide): number {
  return pos.cells.indexOf(kingCode(side));
}

/**
 * KV-6: true when the king on `square` has no neighbour that is on the
 * board, empty and not a pillar.
 */
export function kvKingTrapped(pos: KvPosition, square: number): boolean {
  const f0 = square % pos.width;
  const r0 = Math.floor(square / pos.width);
  for (const [df, dr] of KV_DIRECTIONS) {
    const f = f0 + df;
    const r = r0 + dr;
    if (f >= 0 && r >= 0 && f < pos.width && r < pos.height && pos.cells[r * pos.width + f] === KV_EMPTY) return false;
  }
  return true;
}

/** Repetition identity (KV-7): placement + side to move, as a string (play mode, not the solver). */
export function kvPositionKey(pos: KvPosition): string {
  return pos.sideToMove[0]! + Array.from(pos.cells).join('');
}

/**
 * How the game stands at the start of the side to move's turn:
 * - KV-5: a king on the valley has won (only the player who just moved can
 *   have put it there);
 * - KV-6: the side to move's king is trapped: it loses (the opponent's
 *   trapped king does not matter now; it is judged at its own turn);
 * - KV-6: the side to move has no legal move at all (only possible under
 *   KV-4): it loses;
 * - KV-7: with `history` (the game's earlier positions, `pos` excluded), the
 *   position occurring for the third time is a draw.
 * Decisive results take precedence over repetition.
 */
export function kvOutcome(pos: KvPosition, history?: readonly KvPosition[]): KvOutcome {
  for (const side of ['white', 'black'] as const) {
    const k = kvKingSquare(pos, side);
    if (k === pos.valley) return { status: 'won', winner: side, reason: 'valley', ruling: 'KV-5' };
  }
  const me = pos.sideToMove;
  const k = kvKingSquare(pos, me);
  if (k >= 0 && kvKingTrapped(pos, k)) return { status: 'won', winner: other(me), reason: 'trapped', ruling: 'KV-6' };
  if (kvLegalMoves(pos).length === 0) return { status: 'won', winner: other(me), reason: 'no-moves', ruling: 'KV-6' };
  if (history && history.length >= 2) {
    const key = kvPositionKey(pos);
    let seen = 0;
    for (const h of history) if (kvPositionKey(h) === key) seen++;
    if (seen >= 2) return { status: 'draw', reason: 'repetition', ruling: 'KV-7' };
  }
  return { status: 'ongoing' };
}

/**
 * Plays `move` (from `kvLegalMoves` or `kvParseLan`; legality is not
 * re-checked) and returns the new position (other side to move, KV-4
 * restriction over) with its `kvOutcome` (position only, no repetition).
 * `pos` is unchanged.
 */
export function kvPlay(pos: KvPosition, move: KvMove): { position: KvPosition; outcome: KvOutcome } {
  const cells = pos.cells.slice();
  cells[move.to] = cells[move.from]!;
  cells[move.from] = KV_EMPTY;
  const position: KvPosition = { ...pos, cells, sideToMove: other(pos.sideToMove), firstMoveSoldierOnly: false };
  return { position, outcome: kvOutcome(position) };
}

/** LAN (RULINGS "Common"): `S` or `K`, from, `-`, to, e.g. `Sa1-a4`, `Kc1-c3`. */
export function kvMoveToLan(pos: KvPosition, move: KvMove): string {
  return (move.role === 'king' ? 'K' : 'S') + indexToSquare(move.from, pos.width) + '-' + indexToSquare(move.to, pos.width);
}

const LAN_RE = /^([KS])([a-z][1-9][0-9]?)-([a-z][1-9][0-9]?)$/;

/**
 * Parses LAN (`Sa1-a4`) into the matching legal move of `pos`, or
 * `undefined` when the text is malformed, the letter does not match the
 * piece of the side to move on the from square, or the move is not legal
 * (KV-2..KV-4). Captures (`x`) never parse (KV-2).
 */
export function kvParseLan(pos: KvPosition, lan: string): KvMove | undefined {
  const m = LAN_RE.exec(lan.trim());
  if (!m) return undefined;
  const from = squareIndex(m[2]!, pos.width, pos.height);
  const to = squareIndex(m[3]!, pos.width, pos.height);
  if (from < 0 || to < 0) return undefined;
  const role = m[1] === 'K' ? 'king' : 'soldier';
  return kvLegalMoves(pos).find((mv) => mv.from === from && mv.to === to && mv.role === role);
}
