/**
 * Locking Chess problem generator (`castellan generate --ruleset
 * locking-chess`): seeded random sparse positions, White to move, no
 * castling rights and no en passant square, sometimes with a stack (LC-2:
 * an EQUAL or OPPOSITE superimposition), proved "mate in exactly N" (any
 * LC-8 win) with a unique key (the search and what "qualifies" means:
 * ../generate-in-n.ts). Positions are written as LFEN (LC-13) and must pass
 * the builder rules with no error or warning (validate.ts: one king a
 * side, no pawn on the first or last rank, the side not to move not in
 * check, the game not already over), so every problem is a legal position.
 */
import { ROLES, type LockingChessLevel, type Role } from '../../model/level.js';
import type { GenerateRequest, GeneratedLevel } from '../../ruleset.js';
import { generateInN } from '../generate-in-n.js';
import type { Rng } from '../rng.js';
import { solveLockingChess } from './solve.js';
import { validateLockingChess } from './validate.js';

/** One square's content: board-level piece and top piece (FEN letters, White upper case), or ''. */
interface Cell {
  bottom: string;
  top: string;
}

const LETTER: Readonly<Record<Role, string>> = { king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N', pawn: 'P' };

/** Attacking roles used when the request names none. */
export const LC_DEFAULT_ROLES: readonly Role[] = ['queen', 'rook', 'bishop', 'knight', 'pawn'];
const DEFENDER_ROLES: readonly Role[] = ['pawn', 'pawn', 'knight', 'bishop', 'rook'];

/** The piece field of an LFEN as 64 cells, a8 first (rank 8 to 1, file a to h). */
function parseBoard(lfen: string): Cell[] {
  const cells: Cell[] = [];
  const field = lfen.split(' ')[0] ?? '';
  for (let i = 0; i < field.length; i++) {
    const c = field[i]!;
    if (c === '/') continue;
    if (c >= '1' && c <= '8') for (let k = Number(c); k > 0; k--) cells.push({ bottom: '', top: '' });
    else if (c === '(') {
      cells.push({ bottom: field[i + 1]!, top: field[i + 2]! });
      i += 3;
    } else cells.push({ bottom: c, top: '' });
  }
  return cells;
}

/** LFEN (LC-13) of 64 cells, White to move, no castling, no en passant. */
function writeBoard(cells: readonly Cell[]): string {
  const rows: string[] = [];
  for (let r = 0; r < 8; r++) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const c = cells[r * 8 + f]!;
      if (!c.bottom) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += c.top ? `(${c.bottom}${c.top})` : c.bottom;
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return `${rows.join('/')} w - - 0 1`;
}

/** A pawn may not stand on the first or last rank (cells index 0..7 = rank 8, 56..63 = rank 1). */
const pawnOk = (letter: string, idx: number): boolean => letter.toUpperCase() !== 'P' || (idx >= 8 && idx < 56);

/**
 * Generates up to `req.count` Locking Chess "mate in N" problems (N in
 * [parMin, parMax], LC-8) with a single key and no mate in fewer than N.
 * `req.pieces`: the roles White's extra pieces are drawn from (default
 * queen, rook, bishop, knight, pawn; `king` is always there and ignored in
 * the list). Black gets 0 to 3 minor pieces, rooks or pawns. The board is
 * 8 x 8 (LC-1). Budgets: `maxStates` nodes per proof (default 60,000),
 * `steps`, `climbs` (../generate-in-n.ts). Reproducible for a seed.
 */
export function generateLcLevels(req: GenerateRequest): GeneratedLevel<LockingChessLevel>[] {
  const roles = (req.pieces ?? LC_DEFAULT_ROLES).filter((r): r is Role => (ROLES as readonly string[]).includes(r) && r !== 'king');
  const attackers = roles.length ? roles : LC_DEFAULT_ROLES;
  const emptyIdx = (cells: readonly Cell[]): number[] => cells.map((c, i) => (c.bottom ? -1 : i)).filter((i) => i >= 0);
  const place = (cells: Cell[], rand: Rng, letter: string): void => {
    const free = emptyIdx(cells).filter((i) => pawnOk(letter, i));
    if (free.length) cells[rand.pick(free)]!.bottom = letter;
  };
  /** Puts `letter` on top of a random lone non-king piece (LC-2), when there is one. */
  const stack = (cells: Cell[], rand: Rng, letter: string): void => {
    const bases = cells.map((c, i) => (c.bottom && !c.top && c.bottom.toUpperCase() !== 'K' && pawnOk(letter, i) ? i : -1)).filter((i) => i >= 0);
    if (bases.length) cells[rand.pick(bases)]!.top = letter;
  };
  const level = (cells: readonly Cell[]): LockingChessLevel => ({
    format: 'castellan.level',
    version: 1,
    ruleset: 'locking-chess',
    meta: { title: 'Generated' },
    board: { width: 8, height: 8 },
    position: writeBoard(cells),
  });

  const random = (rand: Rng): LockingChessLevel => {
    const cells: Cell[] = Array.from({ length: 64 }, () => ({ bottom: '', top: '' }));
    // Black's king mostly on an edge, where mates are near.
    const edge: number[] = [];
    for (let i = 0; i < 64; i++) if (i < 8 || i % 8 === 0 || i % 8 === 7) edge.push(i);
    cells[rand() < 0.75 ? rand.pick(edge) : rand.int(0, 63)]!.bottom = 'k';
    place(cells, rand, 'K');
    for (let n = rand.int(1, 3); n > 0; n--) place(cells, rand, LETTER[rand.pick(attackers)]);
    for (let n = rand.int(0, 3); n > 0; n--) place(cells, rand, LETTER[rand.pick(DEFENDER_ROLES)].toLowerCase());
    if (rand() < 0.5) {
      const white = rand() < 0.7;
      stack(cells, rand, white ? LETTER[rand.pick(attackers)] : LETTER[rand.pick(DEFENDER_ROLES)].toLowerCase());
    }
    return level(cells);
  };
  const mutate = (src: LockingChessLevel, rand: Rng): LockingChessLevel => {
    const cells = parseBoard(src.position);
    const occupied = cells.map((c, i) => (c.bottom ? i : -1)).filter((i) => i >= 0);
    const k = rand.int(0, 5);
    if (k <= 2) {
      // Move one piece (a lone piece, or the top of a stack) to an empty square.
      const from = rand.pick(occupied);
      const c = cells[from]!;
      const free = emptyIdx(cells);
      const letter = c.top || c.bottom;
      const to = free.filter((i) => pawnOk(letter, i));
      if (to.length) {
        if (c.top) c.top = '';
        else c.bottom = '';
        cells[rand.pick(to)]!.bottom = letter;
      }
    } else if (k === 3) {
      if (occupied.length < 8) place(cells, rand, rand() < 0.6 ? LETTER[rand.pick(attackers)] : LETTER[rand.pick(DEFENDER_ROLES)].toLowerCase());
    } else if (k === 4) {
      const removable = occupied.filter((i) => cells[i]!.bottom.toUpperCase() !== 'K' || cells[i]!.top);
      if (removable.length) {
        const c = cells[rand.pick(removable)]!;
        if (c.top) c.top = '';
        else c.bottom = '';
      }
    } else {
      const stacked = occupied.filter((i) => cells[i]!.top);
      if (stacked.length) cells[rand.pick(stacked)]!.top = '';
      else stack(cells, rand, rand() < 0.7 ? LETTER[rand.pick(attackers)] : LETTER[rand.pick(DEFENDER_ROLES)].toLowerCase());
    }
    return level(cells);
  };
  return generateInN<LockingChessLevel>(
    req,
    {
      random,
      mutate,
      withGoal: (l, n) => ({ ...l, goal: { type: 'mate-in', moves: n } }),
      valid: (l) => validateLockingChess(l).length === 0,
      solve: (l, opts) => solveLockingChess(l, opts),
      key: (l) => `${l.position} ${l.goal?.moves}`,
    },
    60_000,
  );
}
