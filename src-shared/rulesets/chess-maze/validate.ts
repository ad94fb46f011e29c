/**
 * Builder validation of a Chess Maze level: the CM-14 errors and CM-15
 * warnings (plus the CM-1 board bounds and well-formedness of pieces and
 * tiles that the JSON Schema also checks, so that a document that skipped
 * the schema still gets coded issues instead of a crash).
 */
import { CM_COLORS, CM_SIDES, FACINGS, ROLES, TRANSFORM_TYPES, type ChessMazeLevel, type CmColor } from '../../model/level.js';
import { parseSquare, squareIndex } from '../../model/square.js';
import { issue, type Issue } from '../../validation/issue.js';

/** CM-1 board bounds (each dimension). */
export const CM_MIN_SIZE = 1;
export const CM_MAX_SIZE = 26;
/** CM-14: at most this many transform squares per board. */
export const CM_MAX_TRANSFORMS = 5;

const TILE_KINDS = ['lock', 'plate', 'key', 'transform', 'coin', 'gem', 'letter', 'finish'] as const;
type Kind = (typeof TILE_KINDS)[number];
const COLLECTIBLE: ReadonlySet<string> = new Set(['coin', 'gem', 'letter']);
const FLOOR: ReadonlySet<string> = new Set(['lock', 'plate', 'transform']);
const COLORED: ReadonlySet<string> = new Set(['lock', 'plate', 'key']);

function isValidSize(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= CM_MIN_SIZE && n <= CM_MAX_SIZE;
}

function wellFormed(name: unknown): name is string {
  return typeof name === 'string' && parseSquare(name) !== undefined;
}

const sq = (name: unknown): { squares?: string[] } => (wellFormed(name) ? { squares: [name] } : {});

interface TileRec {
  i: number;
  kind: Kind;
  square: string;
  color?: CmColor;
}

/** What the checks of `validateChessMaze` share: the issue list they append to and the board's geometry. */
interface CmCheck {
  out: Issue[];
  /** The board size is valid (square names are only resolved then). */
  boardOk: boolean;
  w: number;
  h: number;
  /** Index of a square name on the board, -1 when malformed, off the board or the size is invalid. */
  indexOf: (name: unknown) => number;
}

/** Pieces as read from the level, and the piece indices standing on each square index. */
interface PieceScan {
  pieces: unknown[];
  pieceAt: Map<number, number[]>;
}

/** Tiles as read from the level: per square index, all of them (off-board ones included) and the letter tiles per letter. */
interface TileScan {
  tilesAt: Map<number, TileRec[]>;
  all: TileRec[];
  letterCount: Map<string, number>;
}

/**
 * Builder validation of a Chess Maze level. Never throws; tolerates
 * malformed input (missing arrays, bad names) by reporting it. Every issue
 * cites its ruling in `ruling` and, where it concerns squares, lists them
 * in `squares` (first one in `square`).
 *
 * Errors:
 * - `cm-board-size` (CM-1) width or height not an integer 1..26.
 * - `cm-hole-off-board`, `cm-piece-off-board`, `cm-tile-off-board` (CM-1/CM-14) malformed or off-board square.
 * - `cm-piece-in-hole`, `cm-tile-in-hole` (CM-14) an entity on a hole.
 * - `cm-piece-role` (CM-3), `cm-piece-side` (CM-2), `cm-pawn-facing` (CM-3) malformed piece fields.
 * - `cm-piece-overlap` (CM-14) two or more pieces on one square.
 * - `cm-player-missing` (CM-14) no player piece.
 * - `cm-tile-kind`, `cm-tile-color` (CM-5/CM-6), `cm-letter-invalid` (CM-9),
 *   `cm-transform-allowed` (CM-10: 1..5 distinct of knight/bishop/rook/queen/king) malformed tiles.
 * - `cm-collectible-overlap` (CM-14) more than one coin/gem/letter on a square.
 * - `cm-floor-overlap` (CM-14) more than one lock/plate on a square.
 * - `cm-transform-shares-square` (CM-14) a transform square holding any other tile.
 * - `cm-transform-count` (CM-14) more than 5 transform squares.
 * - `cm-key-overlap` (CM-14) more than one key on a square.
 * - `cm-key-shares-square` (CM-14) a key with a collectible, plate, finish or same-colour lock.
 * - `cm-key-color-duplicate` (CM-14) more than one key of a colour.
 * - `cm-color-key-and-plate` (CM-14) a colour with both a key and plates.
 * - `cm-finish-count` (CM-14) not exactly one finish.
 * - `cm-finish-under-piece` (CM-14) the finish on a piece's start square.
 * - `cm-spell-word` (CM-9/CM-14) the spell word is not A-Z letters.
 * - `cm-spell-letters-missing` (CM-14) letters of the word (with repeats) without enough tiles.
 * - `cm-move-limit` (CM-12/CM-14) a move limit that is not a positive integer.
 *
 * Warnings:
 * - `cm-lock-never-opens` (CM-15) a lock colour with neither key nor plate.
 * - `cm-plate-without-lock` (CM-15) a plate colour with no lock.
 * - `cm-coins-without-collect` (CM-15) coins but no collect objective.
 * - `cm-piece-on-collectible` (CM-15) a piece starting on a coin, gem, letter or key.
 * - `cm-enemy-on-plate` (CM-15) an enemy starting on a plate.
 * - `cm-capture-objective-unused` (CM-15) a capture objective.
 * - `cm-letters-without-spell` (CM-15) letter tiles but no spell objective.
 * - `cm-hole-duplicate` (CM-1) a hole listed more than once.
 * - `cm-facing-not-pawn` (CM-3) a facing on a piece that is not a pawn (ignored).
 */
export function validateChessMaze(level: ChessMazeLevel): Issue[] {
  const out: Issue[] = [];
  const board = (level as { board?: { width?: unknown; height?: unknown; holes?: unknown } }).board;
  const ctx = checkBoardSize(out, board);
  const holeSet = checkHoles(ctx, board?.holes);
  const pieceScan = checkPieces(ctx, level, holeSet);
  const tileScan = checkTiles(ctx, level, holeSet);
  checkTileSharing(ctx, tileScan.tilesAt);
  checkTileCounts(ctx, tileScan.all, pieceScan.pieceAt);
  checkObjectives(ctx, level, tileScan);
  checkPiecesOnTiles(ctx, pieceScan, tileScan.tilesAt);
  return out;
}

/** CM-1: the board's width and height (`cm-board-size`); answers the geometry the other checks use. */
function checkBoardSize(out: Issue[], board: { width?: unknown; height?: unknown } | undefined): CmCheck {
  const width = board?.width;
  const height = board?.height;
  const boardOk = isValidSize(width) && isValidSize(height);
  if (!boardOk) {
    out.push(
      issue(
        'error',
        'cm-board-size',
        `The board must be ${CM_MIN_SIZE}..${CM_MAX_SIZE} squares in each direction (got ${String(width)} x ${String(height)}).`,
        { ruling: 'CM-1', pointer: '/board' },
      ),
    );
  }
  const w = boardOk ? width : 0;
  const h = boardOk ? height : 0;
  const indexOf = (name: unknown): number => (boardOk && typeof name === 'string' ? squareIndex(name, w, h) : -1);
  return { out, boardOk, w, h, indexOf };
}

/** CM-1: the holes (`cm-hole-off-board`, `cm-hole-duplicate`); answers the set of hole square indices. */
function checkHoles(ctx: CmCheck, holeList: unknown): Set<number> {
  const { out, boardOk, w, h, indexOf } = ctx;
  const holes: unknown[] = Array.isArray(holeList) ? holeList : [];
  const holeSet = new Set<number>();
  holes.forEach((name, i) => {
    const idx = indexOf(name);
    if (idx < 0) {
      if (boardOk) {
        out.push(
          issue('error', 'cm-hole-off-board', `Hole ${String(name)} is not a square of the ${w}x${h} board.`, {
            ruling: 'CM-1',
            pointer: `/board/holes/${i}`,
            ...sq(name),
          }),
        );
      }
      return;
    }
    if (holeSet.has(idx)) {
      out.push(
        issue('warning', 'cm-hole-duplicate', `Hole ${String(name)} is listed more than once.`, {
          ruling: 'CM-1',
          pointer: `/board/holes/${i}`,
          squares: [name as string],
        }),
      );
    }
    holeSet.add(idx);
  });
  return holeSet;
}

/** CM-2/CM-3/CM-14: each piece's fields and square, overlaps and the player piece. */
function checkPieces(ctx: CmCheck, level: ChessMazeLevel, holeSet: ReadonlySet<number>): PieceScan {
  const { out, boardOk, w, h, indexOf } = ctx;
  const pieces: unknown[] = Array.isArray(level.pieces) ? level.pieces : [];
  const pieceAt = new Map<number, number[]>();
  let players = 0;
  pieces.forEach((raw, i) => {
    const p = (raw ?? {}) as { role?: unknown; square?: unknown; side?: unknown; facing?: unknown };
    const s = p.square;
    if (typeof p.role !== 'string' || !(ROLES as readonly string[]).includes(p.role)) {
      out.push(
        issue('error', 'cm-piece-role', `Piece ${i + 1} has role ${String(p.role)}; Chess Maze pieces are king, queen, rook, bishop, knight or pawn.`, {
          ruling: 'CM-3',
          pointer: `/pieces/${i}/role`,
          ...sq(s),
        }),
      );
    }
    if (typeof p.side !== 'string' || !(CM_SIDES as readonly string[]).includes(p.side)) {
      out.push(
        issue('error', 'cm-piece-side', `Piece ${i + 1} has side ${String(p.side)}; a piece is a player or an enemy piece.`, {
          ruling: 'CM-2',
          pointer: `/pieces/${i}/side`,
          ...sq(s),
        }),
      );
    } else if (p.side === 'player') {
      players++;
    }
    if (p.facing !== undefined) {
      if (p.role === 'pawn') {
        if (!(FACINGS as readonly unknown[]).includes(p.facing)) {
          out.push(
            issue('error', 'cm-pawn-facing', `The pawn on ${String(s)} faces ${String(p.facing)}; a pawn faces north, east, south or west.`, {
              ruling: 'CM-3',
              pointer: `/pieces/${i}/facing`,
              ...sq(s),
            }),
          );
        }
      } else if (typeof p.role === 'string') {
        out.push(
          issue('warning', 'cm-facing-not-pawn', `The ${p.role} on ${String(s)} has a facing, which only pawns use; it is ignored.`, {
            ruling: 'CM-3',
            pointer: `/pieces/${i}/facing`,
            ...sq(s),
          }),
        );
      }
    }
    const idx = indexOf(s);
    if (idx < 0) {
      if (boardOk) {
        out.push(
          issue('error', 'cm-piece-off-board', `Piece ${i + 1} is on ${String(s)}, not a square of the ${w}x${h} board.`, {
            ruling: 'CM-14',
            pointer: `/pieces/${i}/square`,
            ...sq(s),
          }),
        );
      }
      return;
    }
    const list = pieceAt.get(idx) ?? [];
    list.push(i);
    pieceAt.set(idx, list);
    if (holeSet.has(idx)) {
      out.push(
        issue('error', 'cm-piece-in-hole', `A piece stands on the hole at ${String(s)}; every piece must be on a playable square.`, {
          ruling: 'CM-14',
          pointer: `/pieces/${i}/square`,
          squares: [s as string],
        }),
      );
    }
  });
  for (const [, list] of pieceAt) {
    if (list.length > 1) {
      const s = (pieces[list[0]!] as { square: string }).square;
      out.push(
        issue('error', 'cm-piece-overlap', `${list.length} pieces stand on ${s}; a square holds at most one piece.`, {
          ruling: 'CM-14',
          pointer: `/pieces/${list[1]!}/square`,
          squares: [s],
        }),
      );
    }
  }
  if (players === 0) {
    out.push(issue('error', 'cm-player-missing', 'The level needs at least one player piece.', { ruling: 'CM-14', pointer: '/pieces' }));
  }
  return { pieces, pieceAt };
}

/** CM-5/CM-6/CM-9/CM-10/CM-14: each tile's kind, colour, letter, allowed types and square. */
function checkTiles(ctx: CmCheck, level: ChessMazeLevel, holeSet: ReadonlySet<number>): TileScan {
  const { out, boardOk, w, h, indexOf } = ctx;
  const tiles: unknown[] = Array.isArray(level.tiles) ? level.tiles : [];
  const tilesAt = new Map<number, TileRec[]>();
  const all: TileRec[] = [];
  const letterCount = new Map<string, number>();
  tiles.forEach((raw, i) => {
    const t = (raw ?? {}) as { kind?: unknown; square?: unknown; color?: unknown; letter?: unknown; allowed?: unknown };
    const s = t.square;
    if (typeof t.kind !== 'string' || !(TILE_KINDS as readonly string[]).includes(t.kind)) {
      out.push(
        issue('error', 'cm-tile-kind', `Tile ${i + 1} has kind ${String(t.kind)}, which Chess Maze does not use.`, {
          ruling: 'CM-14',
          pointer: `/tiles/${i}/kind`,
          ...sq(s),
        }),
      );
      return;
    }
    const kind = t.kind as Kind;
    let ok = true;
    if (COLORED.has(kind) && !(CM_COLORS as readonly unknown[]).includes(t.color)) {
      ok = false;
      out.push(
        issue('error', 'cm-tile-color', `The ${kind} on ${String(s)} has colour ${String(t.color)}; colours are blue, red, yellow and green.`, {
          ruling: kind === 'plate' ? 'CM-6' : 'CM-5',
          pointer: `/tiles/${i}/color`,
          ...sq(s),
        }),
      );
    }
    if (kind === 'letter') {
      if (typeof t.letter !== 'string' || !/^[A-Z]$/.test(t.letter)) {
        ok = false;
        out.push(
          issue(
            'error',
            'cm-letter-invalid',
            `The letter tile on ${String(s)} holds ${JSON.stringify(t.letter)}; a letter tile holds one capital letter A-Z.`,
            {
              ruling: 'CM-9',
              pointer: `/tiles/${i}/letter`,
              ...sq(s),
            },
          ),
        );
      } else {
        letterCount.set(t.letter, (letterCount.get(t.letter) ?? 0) + 1);
      }
    }
    if (kind === 'transform') {
      const a = t.allowed;
      const good =
        Array.isArray(a) &&
        a.length >= 1 &&
        a.length <= 5 &&
        a.every((x) => (TRANSFORM_TYPES as readonly unknown[]).includes(x)) &&
        new Set(a).size === a.length;
      if (!good) {
        ok = false;
        out.push(
          issue(
            'error',
            'cm-transform-allowed',
            `The transform tile on ${String(s)} must list 1..5 distinct types from knight, bishop, rook, queen, king (never pawn).`,
            { ruling: 'CM-10', pointer: `/tiles/${i}/allowed`, ...sq(s) },
          ),
        );
      }
    }
    const idx = indexOf(s);
    if (idx < 0) {
      if (boardOk) {
        out.push(
          issue('error', 'cm-tile-off-board', `The ${kind} tile ${i + 1} is on ${String(s)}, not a square of the ${w}x${h} board.`, {
            ruling: 'CM-14',
            pointer: `/tiles/${i}/square`,
            ...sq(s),
          }),
        );
      }
      // Still counted for finish-count / key-colour / transform-count rules below.
      all.push({ i, kind, square: String(s), ...(ok && COLORED.has(kind) ? { color: t.color as CmColor } : {}) });
      return;
    }
    if (holeSet.has(idx)) {
      out.push(
        issue('error', 'cm-tile-in-hole', `The ${kind} on ${String(s)} sits in a hole; every tile must be on a playable square.`, {
          ruling: 'CM-14',
          pointer: `/tiles/${i}/square`,
          squares: [s as string],
        }),
      );
    }
    const rec: TileRec = { i, kind, square: s as string, ...(COLORED.has(kind) && ok ? { color: t.color as CmColor } : {}) };
    all.push(rec);
    const list = tilesAt.get(idx) ?? [];
    list.push(rec);
    tilesAt.set(idx, list);
  });
  return { tilesAt, all, letterCount };
}

/** CM-14: what may share a square (collectibles, floor tiles, transforms, keys). */
function checkTileSharing(ctx: CmCheck, tilesAt: ReadonlyMap<number, TileRec[]>): void {
  const { out } = ctx;
  for (const list of tilesAt.values()) {
    const s = list[0]!.square;
    const col = list.filter((t) => COLLECTIBLE.has(t.kind));
    if (col.length > 1) {
      out.push(
        issue('error', 'cm-collectible-overlap', `${s} holds ${col.length} collectibles (${col.map((t) => t.kind).join(', ')}); a square holds at most one.`, {
          ruling: 'CM-14',
          pointer: `/tiles/${col[1]!.i}`,
          squares: [s],
        }),
      );
    }
    const transforms = list.filter((t) => t.kind === 'transform');
    if (transforms.length > 0 && list.length > 1) {
      out.push(
        issue('error', 'cm-transform-shares-square', `The transform square ${s} holds other tiles too; a transform square holds nothing else.`, {
          ruling: 'CM-14',
          pointer: `/tiles/${list.find((t) => t !== transforms[0])!.i}`,
          squares: [s],
        }),
      );
    } else {
      const floors = list.filter((t) => FLOOR.has(t.kind));
      if (floors.length > 1) {
        out.push(
          issue(
            'error',
            'cm-floor-overlap',
            `${s} holds ${floors.length} floor tiles (${floors.map((t) => t.kind).join(', ')}); a square has at most one lock, plate or transform.`,
            {
              ruling: 'CM-14',
              pointer: `/tiles/${floors[1]!.i}`,
              squares: [s],
            },
          ),
        );
      }
    }
    const keys = list.filter((t) => t.kind === 'key');
    if (keys.length > 1) {
      out.push(
        issue('error', 'cm-key-overlap', `${s} holds ${keys.length} keys; a square holds at most one key.`, {
          ruling: 'CM-14',
          pointer: `/tiles/${keys[1]!.i}`,
          squares: [s],
        }),
      );
    }
    for (const k of keys) {
      const clash = list.filter(
        (t) => COLLECTIBLE.has(t.kind) || t.kind === 'plate' || t.kind === 'finish' || (t.kind === 'lock' && k.color !== undefined && t.color === k.color),
      );
      if (clash.length > 0) {
        out.push(
          issue(
            'error',
            'cm-key-shares-square',
            `The ${k.color !== undefined ? `${k.color} ` : ''}key on ${s} shares its square with ${clash.map((t) => (t.kind === 'lock' ? `a ${String(t.color)} lock` : `a ${t.kind}`)).join(', ')}.`,
            { ruling: 'CM-14', pointer: `/tiles/${k.i}`, squares: [s] },
          ),
        );
      }
    }
  }
}

/** CM-14/CM-15: board-wide counts: keys and plates per colour, locks that never open, transforms, the finish. */
function checkTileCounts(ctx: CmCheck, all: readonly TileRec[], pieceAt: ReadonlyMap<number, number[]>): void {
  const { out, indexOf } = ctx;
  const byColor = (kind: Kind, c: CmColor) => all.filter((t) => t.kind === kind && t.color === c);
  for (const c of CM_COLORS) {
    const keys = byColor('key', c);
    const plates = byColor('plate', c);
    const locks = byColor('lock', c);
    if (keys.length > 1) {
      out.push(
        issue('error', 'cm-key-color-duplicate', `There are ${keys.length} ${c} keys; a level has at most one key per colour.`, {
          ruling: 'CM-14',
          pointer: `/tiles/${keys[1]!.i}`,
          squares: keys.map((t) => t.square).filter(wellFormed),
        }),
      );
    }
    if (keys.length > 0 && plates.length > 0) {
      out.push(
        issue('error', 'cm-color-key-and-plate', `Colour ${c} has both a key and pressure plates; a colour uses a key or plates, never both.`, {
          ruling: 'CM-14',
          pointer: `/tiles/${plates[0]!.i}`,
          squares: [...keys, ...plates].map((t) => t.square).filter(wellFormed),
        }),
      );
    }
    if (locks.length > 0 && keys.length === 0 && plates.length === 0) {
      out.push(
        issue('warning', 'cm-lock-never-opens', `The ${c} lock${locks.length > 1 ? 's stay' : ' stays'} closed for ever: there is no ${c} key or plate.`, {
          ruling: 'CM-15',
          pointer: `/tiles/${locks[0]!.i}`,
          squares: locks.map((t) => t.square).filter(wellFormed),
        }),
      );
    }
    if (plates.length > 0 && locks.length === 0) {
      out.push(
        issue('warning', 'cm-plate-without-lock', `The ${c} plate${plates.length > 1 ? 's open' : ' opens'} nothing: there is no ${c} lock.`, {
          ruling: 'CM-15',
          pointer: `/tiles/${plates[0]!.i}`,
          squares: plates.map((t) => t.square).filter(wellFormed),
        }),
      );
    }
  }
  const transformSquares = new Set(all.filter((t) => t.kind === 'transform').map((t) => t.square));
  if (transformSquares.size > CM_MAX_TRANSFORMS) {
    out.push(
      issue('error', 'cm-transform-count', `The level has ${transformSquares.size} transform squares; at most ${CM_MAX_TRANSFORMS} are allowed.`, {
        ruling: 'CM-14',
        pointer: '/tiles',
        squares: [...transformSquares].filter(wellFormed),
      }),
    );
  }
  const finishes = all.filter((t) => t.kind === 'finish');
  if (finishes.length !== 1) {
    out.push(
      issue(
        'error',
        'cm-finish-count',
        finishes.length === 0
          ? 'The level needs exactly one finish (flag); it has none.'
          : `The level needs exactly one finish (flag); it has ${finishes.length}.`,
        { ruling: 'CM-14', pointer: '/tiles', squares: finishes.map((t) => t.square).filter(wellFormed) },
      ),
    );
  }
  for (const f of finishes) {
    const idx = indexOf(f.square);
    if (idx >= 0 && pieceAt.has(idx)) {
      out.push(
        issue('error', 'cm-finish-under-piece', `The finish ${f.square} is under a piece at the start; the finish cannot start under any piece.`, {
          ruling: 'CM-14',
          pointer: `/tiles/${f.i}`,
          squares: [f.square],
        }),
      );
    }
  }
}

/** CM-9/CM-12/CM-14/CM-15: the objectives (spell word and its letters, move limit, coins, capture). */
function checkObjectives(ctx: CmCheck, level: ChessMazeLevel, tiles: TileScan): void {
  const { all, letterCount } = tiles;
  const { out } = ctx;
  const obj = ((level as { objectives?: unknown }).objectives ?? {}) as {
    collect?: unknown;
    spell?: unknown;
    moveLimit?: unknown;
    capture?: unknown;
  };
  const letters = all.filter((t) => t.kind === 'letter');
  if (obj.spell !== undefined) {
    if (typeof obj.spell !== 'string' || !/^[A-Z]+$/.test(obj.spell)) {
      out.push(
        issue('error', 'cm-spell-word', `The spell word ${JSON.stringify(obj.spell)} must be one or more capital letters A-Z.`, {
          ruling: 'CM-14',
          pointer: '/objectives/spell',
        }),
      );
    } else {
      const need = new Map<string, number>();
      for (const ch of obj.spell) need.set(ch, (need.get(ch) ?? 0) + 1);
      const missing: string[] = [];
      for (const [ch, n] of need) {
        const have = letterCount.get(ch) ?? 0;
        if (have < n) missing.push(n - have > 1 ? `${n - have} x ${ch}` : ch);
      }
      if (missing.length > 0) {
        out.push(
          issue('error', 'cm-spell-letters-missing', `The word ${obj.spell} needs letter tiles that the board lacks: ${missing.join(', ')}.`, {
            ruling: 'CM-14',
            pointer: '/objectives/spell',
          }),
        );
      }
    }
  } else if (letters.length > 0) {
    out.push(
      issue(
        'warning',
        'cm-letters-without-spell',
        `${letters.length} letter tile${letters.length > 1 ? 's have' : ' has'} no spell objective; picking ${letters.length > 1 ? 'them' : 'it'} up does nothing.`,
        {
          ruling: 'CM-15',
          pointer: '/tiles',
          squares: letters.map((t) => t.square).filter(wellFormed),
        },
      ),
    );
  }
  if (obj.moveLimit !== undefined) {
    const m = obj.moveLimit;
    if (typeof m !== 'number' || !Number.isInteger(m) || m < 1) {
      out.push(
        issue('error', 'cm-move-limit', `The move limit ${String(m)} must be a positive whole number.`, {
          ruling: 'CM-12',
          pointer: '/objectives/moveLimit',
        }),
      );
    }
  }
  const coins = all.filter((t) => t.kind === 'coin');
  if (coins.length > 0 && obj.collect !== true) {
    out.push(
      issue(
        'warning',
        'cm-coins-without-collect',
        `${coins.length} coin${coins.length > 1 ? 's' : ''} but no collect objective; coins then count for nothing.`,
        {
          ruling: 'CM-15',
          pointer: '/objectives',
          squares: coins.map((t) => t.square).filter(wellFormed),
        },
      ),
    );
  }
  if (obj.capture !== undefined) {
    out.push(
      issue('warning', 'cm-capture-objective-unused', 'The capture objective is kept in the file but not used in play.', {
        ruling: 'CM-15',
        pointer: '/objectives/capture',
      }),
    );
  }
}

/** CM-15: pieces starting on a collectible, a key or (enemies) a plate. */
function checkPiecesOnTiles(ctx: CmCheck, scan: PieceScan, tilesAt: ReadonlyMap<number, TileRec[]>): void {
  const { pieces, pieceAt } = scan;
  const { out } = ctx;
  for (const [idx, list] of pieceAt) {
    const here = tilesAt.get(idx) ?? [];
    for (const pi of list) {
      const p = pieces[pi] as { role?: unknown; side?: unknown; square: string };
      const pick = here.find((t) => COLLECTIBLE.has(t.kind) || t.kind === 'key');
      if (pick) {
        out.push(
          issue(
            'warning',
            'cm-piece-on-collectible',
            `The ${String(p.side)} ${String(p.role)} starts on the ${pick.kind} at ${p.square}; it is not picked up until a player piece lands there.`,
            { ruling: 'CM-15', pointer: `/pieces/${pi}`, squares: [p.square] },
          ),
        );
      }
      const plate = here.find((t) => t.kind === 'plate');
      if (plate && p.side === 'enemy') {
        out.push(
          issue(
            'warning',
            'cm-enemy-on-plate',
            `The enemy ${String(p.role)} starts on the ${String(plate.color)} plate at ${p.square}; it holds it until captured.`,
            {
              ruling: 'CM-15',
              pointer: `/pieces/${pi}`,
              squares: [p.square],
            },
          ),
        );
      }
    }
  }
}
