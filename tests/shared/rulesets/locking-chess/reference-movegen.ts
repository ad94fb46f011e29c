/**
 * A deliberately simple, slow Locking Chess move generator written ONLY for
 * the tests, to cross-check the engine (src-shared/rulesets/locking-chess).
 * It shares no code with the engine: its own LFEN reader, an 8x8 array of
 * stacks `{bottom, top}` of piece objects, moves as plain objects that build
 * a fresh state, and LAN written here.
 *
 * How it decides things (straight from RULINGS LC-2..LC-12):
 * - pseudo-moves per piece and level: a free board-level piece moves by its
 *   pattern over empty squares and, on the first occupied square, does what
 *   LC-3/LC-5 allow there (superimpose a free own piece; capture an enemy
 *   free piece or an enemy EQUAL stack; capture an enemy piece under one of
 *   our top pieces (5b); a knight also captures an enemy top piece over our
 *   piece (5c)); a top piece moves over board-level pieces and stops at top
 *   pieces (LC-4: step down, superimpose any free piece, 5c/5d captures,
 *   5e for a knight on its own piece); pawns per LC-3/LC-4; en passant
 *   (5f) and en passant superimpose (LC-11); castling and castlock (LC-12);
 *   promotion anywhere on the last rank (LC-10).
 * - check (LC-7) by brute force: generate every pseudo-move of the opponent
 *   as if it were to move and see whether one of them captures the king.
 * - legality: the mover's king is not in check after the move, and a king
 *   move does not end next to the enemy king unless the mover ends at board
 *   level and the enemy king is on top of its own piece (LC-6).
 */

export type Colour = 'w' | 'b';
export type Kind = 'P' | 'N' | 'B' | 'R' | 'Q' | 'K';
export interface Piece {
  kind: Kind;
  colour: Colour;
}
export interface Cell {
  bottom: Piece | null;
  top: Piece | null;
}
export interface RefState {
  /** board[rank][file], rank 0 = rank 1. */
  board: Cell[][];
  turn: Colour;
  castling: string;
  ep: { file: number; rank: number } | null;
}
export interface RefMove {
  lan: string;
  /** Pieces this move removes from the board. */
  captured: Piece[];
  /** True when the moving piece is a king. */
  kingMove: boolean;
  apply(): RefState;
}

const FILES = 'abcdefgh';
const sq = (f: number, r: number): string => FILES[f]! + String(r + 1);
const inside = (f: number, r: number): boolean => f >= 0 && f < 8 && r >= 0 && r < 8;
const other = (c: Colour): Colour => (c === 'w' ? 'b' : 'w');

/** Reads an LFEN (assumed well-formed). */
export function refParse(lfen: string): RefState {
  const [placement, turn, castling, ep] = lfen.trim().split(/\s+/);
  const board: Cell[][] = [];
  for (let r = 0; r < 8; r++) {
    board.push([]);
    for (let f = 0; f < 8; f++) board[r]!.push({ bottom: null, top: null });
  }
  const piece = (ch: string): Piece => ({ kind: ch.toUpperCase() as Kind, colour: ch === ch.toUpperCase() ? 'w' : 'b' });
  const rows = placement!.split('/');
  for (let i = 0; i < 8; i++) {
    const r = 7 - i;
    let f = 0;
    const row = rows[i]!;
    for (let j = 0; j < row.length; j++) {
      const ch = row[j]!;
      if (ch >= '1' && ch <= '8') f += Number(ch);
      else if (ch === '(') {
        board[r]![f] = { bottom: piece(row[j + 1]!), top: piece(row[j + 2]!) };
        j += 3;
        f++;
      } else {
        board[r]![f] = { bottom: piece(ch), top: null };
        f++;
      }
    }
  }
  return {
    board,
    turn: turn as Colour,
    castling: castling === '-' ? '' : castling!,
    ep: ep === '-' ? null : { file: FILES.indexOf(ep![0]!), rank: Number(ep![1]) - 1 },
  };
}

/** LFEN placement + side + castling + en passant of a state. */
export function refLfen(s: RefState): string {
  const letter = (p: Piece): string => (p.colour === 'w' ? p.kind : p.kind.toLowerCase());
  const rows: string[] = [];
  for (let r = 7; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const c = s.board[r]![f]!;
      if (!c.bottom) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += c.top ? `(${letter(c.bottom)}${letter(c.top)})` : letter(c.bottom);
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return `${rows.join('/')} ${s.turn} ${s.castling || '-'} ${s.ep ? sq(s.ep.file, s.ep.rank) : '-'}`;
}

function copyBoard(b: Cell[][]): Cell[][] {
  return b.map((row) => row.map((c) => ({ bottom: c.bottom, top: c.top })));
}

const KNIGHT_JUMPS = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
];
const KING_STEPS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];
const DIAGONALS = KING_STEPS.slice(4);
const LINES = KING_STEPS.slice(0, 4);

function rayDirs(kind: Kind): number[][] {
  if (kind === 'B') return DIAGONALS;
  if (kind === 'R') return LINES;
  return KING_STEPS; // queen
}

/** Rights lost when the board-level piece on a home square moves or is captured there. */
function rightsAfter(castling: string, touched: string[]): string {
  let out = castling;
  for (const s of touched) {
    if (s === 'e1') out = out.replace('K', '').replace('Q', '');
    if (s === 'h1') out = out.replace('K', '');
    if (s === 'a1') out = out.replace('Q', '');
    if (s === 'e8') out = out.replace('k', '').replace('q', '');
    if (s === 'h8') out = out.replace('k', '');
    if (s === 'a8') out = out.replace('q', '');
  }
  return out;
}

/**
 * Every pseudo-move of the side to move. With `withCastling` false the
 * castling moves are left out (they never capture, so check tests skip them).
 */
export function refPseudoMoves(s: RefState, withCastling = true): RefMove[] {
  const moves: RefMove[] = [];
  const me = s.turn;
  const forward = me === 'w' ? 1 : -1;
  const lastRank = me === 'w' ? 7 : 0;

  /**
   * Adds a move of the piece on (f, r) (from the top when `fromTop`) to
   * (tf, tr). `land` decides what is left on the target square given the
   * (possibly promoted) mover: returns the new cell and the pieces captured.
   */
  const add = (
    f: number,
    r: number,
    fromTop: boolean,
    tf: number,
    tr: number,
    land: (mover: Piece, cell: Cell) => { cell: Cell; captured: Piece[]; onTop: boolean },
    extra?: (b: Cell[][]) => void,
    epAfter: { file: number; rank: number } | null = null,
  ): void => {
    const startCell = s.board[r]![f]!;
    const mover = fromTop ? startCell.top! : startCell.bottom!;
    const promos: (Kind | null)[] = mover.kind === 'P' && tr === lastRank ? ['Q', 'R', 'B', 'N'] : [null];
    for (const promo of promos) {
      const placed: Piece = promo ? { kind: promo, colour: me } : mover;
      const target = s.board[tr]![tf]!;
      const result = land(placed, target);
      const capturedNow = result.captured;
      const lan = `${mover.kind}${sq(f, r)}${capturedNow.length > 0 ? 'x' : '-'}${sq(tf, tr)}${promo ? '=' + promo : ''}${result.onTop ? '*' : ''}`;
      moves.push({
        lan,
        captured: capturedNow,
        kingMove: mover.kind === 'K',
        apply: () => {
          const b = copyBoard(s.board);
          if (fromTop) b[r]![f]!.top = null;
          else b[r]![f]!.bottom = null;
          b[tr]![tf] = result.cell;
          extra?.(b);
          const touched: string[] = [];
          if (!fromTop) touched.push(sq(f, r));
          if (target.bottom && result.cell.bottom !== target.bottom) touched.push(sq(tf, tr));
          return { board: b, turn: other(me), castling: rightsAfter(s.castling, touched), ep: epAfter };
        },
      });
    }
  };

  // Landing rules.
  const stepDown = (p: Piece): { cell: Cell; captured: Piece[]; onTop: boolean } => ({ cell: { bottom: p, top: null }, captured: [], onTop: false });
  const superimpose = (p: Piece, c: Cell): { cell: Cell; captured: Piece[]; onTop: boolean } => ({
    cell: { bottom: c.bottom, top: p },
    captured: [],
    onTop: true,
  });
  const takeAll = (p: Piece, c: Cell): { cell: Cell; captured: Piece[]; onTop: boolean } => ({
    cell: { bottom: p, top: null },
    captured: c.top ? [c.bottom!, c.top] : [c.bottom!],
    onTop: false,
  });
  const takeBottom = (p: Piece, c: Cell): { cell: Cell; captured: Piece[]; onTop: boolean } => ({
    cell: { bottom: p, top: c.top },
    captured: [c.bottom!],
    onTop: false,
  });
  const takeTop = (p: Piece, c: Cell): { cell: Cell; captured: Piece[]; onTop: boolean } => ({
    cell: { bottom: c.bottom, top: p },
    captured: [c.top!],
    onTop: true,
  });

  /** A free board-level piece meets the occupied cell c (LC-3, LC-5a/b/c). */
  const boardContact = (f: number, r: number, tf: number, tr: number, isKnight: boolean): void => {
    const c = s.board[tr]![tf]!;
    if (!c.top) {
      if (c.bottom!.colour === me) add(f, r, false, tf, tr, superimpose);
      else add(f, r, false, tf, tr, takeAll);
      return;
    }
    const bottomMine = c.bottom!.colour === me;
    const topMine = c.top.colour === me;
    if (!bottomMine && !topMine)
      add(f, r, false, tf, tr, takeAll); // enemy EQUAL stack
    else if (!bottomMine && topMine)
      add(f, r, false, tf, tr, takeBottom); // 5b
    else if (bottomMine && !topMine && isKnight) add(f, r, false, tf, tr, takeTop); // 5c
  };

  /** A top piece meets the cell c (LC-4, LC-5c/d/e). Returns true when c stops a ray. */
  const topContact = (f: number, r: number, tf: number, tr: number, knightOnOwn: boolean): boolean => {
    const c = s.board[tr]![tf]!;
    if (!c.bottom) {
      add(f, r, true, tf, tr, stepDown);
      return false;
    }
    if (!c.top) {
      add(f, r, true, tf, tr, superimpose);
      if (knightOnOwn && c.bottom.colour !== me) add(f, r, true, tf, tr, takeAll); // 5e
      return false;
    }
    if (c.top.colour !== me) {
      if (c.bottom.colour !== me)
        add(f, r, true, tf, tr, takeAll); // 5d
      else add(f, r, true, tf, tr, takeTop); // 5c
    }
    return true;
  };

  for (let r = 0; r < 8; r++) {
    for (let f = 0; f < 8; f++) {
      const cell = s.board[r]![f]!;
      if (cell.top) {
        if (cell.top.colour !== me) continue;
        const p = cell.top;
        if (p.kind === 'P') {
          const tr = r + forward;
          if (!inside(f, tr)) continue;
          const ahead = s.board[tr]![f]!;
          if (!ahead.bottom) add(f, r, true, f, tr, stepDown);
          else if (!ahead.top) add(f, r, true, f, tr, superimpose);
          for (const df of [-1, 1]) {
            const tf = f + df;
            if (!inside(tf, tr)) continue;
            const c = s.board[tr]![tf]!;
            if (!c.bottom) {
              add(f, r, true, tf, tr, stepDown);
              // LC-11: onto the passed square; the advanced pawn beside us goes back under us. When it
              // had superimposed two steps (LC-11 as amended) it is the top of its cell, and the piece
              // below it stays, free.
              if (s.ep && s.ep.file === tf && s.ep.rank === tr) {
                const beside = s.board[r]![tf]!;
                const advanced = beside.top ?? beside.bottom!;
                add(
                  f,
                  r,
                  true,
                  tf,
                  tr,
                  (pp) => ({ cell: { bottom: advanced, top: pp }, captured: [], onTop: true }),
                  (b) => {
                    b[r]![tf] = beside.top ? { bottom: beside.bottom, top: null } : { bottom: null, top: null };
                  },
                );
                // The LAN of both is the same square pair: the step down has no '*', this one has.
              }
            } else if (!c.top) {
              add(f, r, true, tf, tr, superimpose);
            } else if (c.top.colour !== me) {
              if (c.bottom.colour !== me) add(f, r, true, tf, tr, takeAll);
              else add(f, r, true, tf, tr, takeTop);
            }
          }
        } else if (p.kind === 'N' || p.kind === 'K') {
          const knightOnOwn = p.kind === 'N' && cell.bottom!.colour === me;
          for (const [df, dr] of p.kind === 'N' ? KNIGHT_JUMPS : KING_STEPS) {
            const tf = f + df!;
            const tr = r + dr!;
            if (inside(tf, tr)) topContact(f, r, tf, tr, knightOnOwn);
          }
        } else {
          for (const [df, dr] of rayDirs(p.kind)) {
            let tf = f + df!;
            let tr = r + dr!;
            while (inside(tf, tr)) {
              if (topContact(f, r, tf, tr, false)) break;
              tf += df!;
              tr += dr!;
            }
          }
        }
        continue;
      }
      const p = cell.bottom;
      if (!p || p.colour !== me) continue;
      // A free board-level piece.
      if (p.kind === 'P') {
        const tr = r + forward;
        if (!inside(f, tr)) continue;
        const ahead = s.board[tr]![f]!;
        if (!ahead.bottom) {
          add(f, r, false, f, tr, stepDown);
          const startRank = me === 'w' ? 1 : 6;
          if (r === startRank) {
            const tr2 = tr + forward;
            const two = s.board[tr2]![f]!;
            if (!two.bottom) add(f, r, false, f, tr2, stepDown, undefined, { file: f, rank: tr });
            // LC-11 as amended: the two-step superimposition is a two-step advance too.
            else if (two.bottom.colour === me && !two.top) add(f, r, false, f, tr2, superimpose, undefined, { file: f, rank: tr });
          }
        } else if (ahead.bottom.colour === me && !ahead.top) {
          add(f, r, false, f, tr, superimpose);
        }
        for (const df of [-1, 1]) {
          const tf = f + df;
          if (!inside(tf, tr)) continue;
          const c = s.board[tr]![tf]!;
          if (!c.bottom) {
            if (s.ep && s.ep.file === tf && s.ep.rank === tr) {
              // LC-5f; after a two-step superimposition (LC-11 as amended) the victim is the top of
              // its cell and the piece below it stays, free.
              const beside = s.board[r]![tf]!;
              const victim = beside.top ?? beside.bottom!;
              add(
                f,
                r,
                false,
                tf,
                tr,
                (pp) => ({ cell: { bottom: pp, top: null }, captured: [victim], onTop: false }),
                (b) => {
                  b[r]![tf] = beside.top ? { bottom: beside.bottom, top: null } : { bottom: null, top: null };
                },
              );
            }
            continue;
          }
          boardContact(f, r, tf, tr, false);
        }
      } else if (p.kind === 'N' || p.kind === 'K') {
        for (const [df, dr] of p.kind === 'N' ? KNIGHT_JUMPS : KING_STEPS) {
          const tf = f + df!;
          const tr = r + dr!;
          if (!inside(tf, tr)) continue;
          if (!s.board[tr]![tf]!.bottom) add(f, r, false, tf, tr, stepDown);
          else boardContact(f, r, tf, tr, p.kind === 'N');
        }
      } else {
        for (const [df, dr] of rayDirs(p.kind)) {
          let tf = f + df!;
          let tr = r + dr!;
          while (inside(tf, tr)) {
            if (!s.board[tr]![tf]!.bottom) add(f, r, false, tf, tr, stepDown);
            else {
              boardContact(f, r, tf, tr, false);
              break;
            }
            tf += df!;
            tr += dr!;
          }
        }
      }
    }
  }
  if (withCastling) moves.push(...refCastles(s));
  return moves;
}

function findKing(b: Cell[][], colour: Colour): { f: number; r: number; onTop: boolean } | null {
  for (let r = 0; r < 8; r++) {
    for (let f = 0; f < 8; f++) {
      const c = b[r]![f]!;
      if (c.top?.kind === 'K' && c.top.colour === colour) return { f, r, onTop: true };
      if (c.bottom?.kind === 'K' && c.bottom.colour === colour) return { f, r, onTop: false };
    }
  }
  return null;
}

/** LC-7 by brute force: can the opponent, moving now, capture the king of `colour`? */
export function refInCheck(s: RefState, colour: Colour): boolean {
  const asOpponent: RefState = { board: s.board, turn: other(colour), castling: '', ep: null };
  return refPseudoMoves(asOpponent, false).some((m) => m.captured.some((p) => p.kind === 'K' && p.colour === colour));
}

/** LC-6 after a king move of `colour`. */
function kingsOk(b: Cell[][], colour: Colour): boolean {
  const mine = findKing(b, colour)!;
  const theirs = findKing(b, other(colour));
  if (!theirs) return true;
  if (mine.f === theirs.f && mine.r === theirs.r) return true;
  if (Math.abs(mine.f - theirs.f) > 1 || Math.abs(mine.r - theirs.r) > 1) return true;
  const theirCell = b[theirs.r]![theirs.f]!;
  return !mine.onTop && theirs.onTop && theirCell.bottom!.colour === other(colour);
}

/** LC-12 castling and castlock (before the legality filter). */
function refCastles(s: RefState): RefMove[] {
  const me = s.turn;
  const r = me === 'w' ? 0 : 7;
  const out: RefMove[] = [];
  const cell = (f: number): Cell => s.board[r]![f]!;
  const k = cell(4);
  if (!(k.bottom?.kind === 'K' && k.bottom.colour === me && !k.top)) return out;
  for (const side of ['short', 'long'] as const) {
    const right = me === 'w' ? (side === 'short' ? 'K' : 'Q') : side === 'short' ? 'k' : 'q';
    if (!s.castling.includes(right)) continue;
    const rookFile = side === 'short' ? 7 : 0;
    const between = side === 'short' ? [5, 6] : [1, 2, 3];
    const pass = side === 'short' ? 5 : 3;
    const dest = side === 'short' ? 6 : 2;
    const rook = cell(rookFile);
    if (!(rook.bottom?.kind === 'R' && rook.bottom.colour === me && !rook.top)) continue;
    if (between.some((f) => cell(f).bottom)) continue;
    if (refInCheck(s, me)) continue;
    // The king on the passed square, free at board level, must not be capturable.
    const test = copyBoard(s.board);
    test[r]![pass] = { bottom: k.bottom, top: null };
    test[r]![4] = { bottom: null, top: null };
    if (refInCheck({ ...s, board: test }, me)) continue;
    for (const lock of [false, true]) {
      out.push({
        lan: (side === 'short' ? 'O-O' : 'O-O-O') + (lock ? '*' : ''),
        captured: [],
        kingMove: true,
        apply: () => {
          const b = copyBoard(s.board);
          b[r]![4] = { bottom: null, top: null };
          b[r]![rookFile] = { bottom: null, top: null };
          if (lock) b[r]![dest] = { bottom: k.bottom, top: rook.bottom };
          else {
            b[r]![dest] = { bottom: k.bottom, top: null };
            b[r]![side === 'short' ? 5 : 3] = { bottom: rook.bottom, top: null };
          }
          return { board: b, turn: other(me), castling: rightsAfter(s.castling, [sq(4, r)]), ep: null };
        },
      });
    }
  }
  return out;
}

/** Legal moves: pseudo-moves that leave the mover's king out of check (LC-7) and respect LC-6. */
export function refLegalMoves(s: RefState): { lan: string; after: RefState }[] {
  const out: { lan: string; after: RefState }[] = [];
  for (const m of refPseudoMoves(s)) {
    const after = m.apply();
    if (refInCheck(after, s.turn)) continue;
    if (m.kingMove && !kingsOk(after.board, s.turn)) continue;
    out.push({ lan: m.lan, after });
  }
  return out;
}

/** Reference perft. */
export function refPerft(s: RefState, depth: number): number {
  if (depth === 0) return 1;
  const moves = refLegalMoves(s);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) n += refPerft(m.after, depth - 1);
  return n;
}
