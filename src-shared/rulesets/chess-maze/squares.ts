/**
 * Where a Chess Maze level's squares live (SquareFields, ruleset.ts):
 * holes (`hole`, CM-1), pieces (`piece`: role, side, pawn facing, CM-2 /
 * CM-3), tiles (kind = the tile kind: key, lock, plate, transform, coin,
 * gem, letter, finish with their colour / letter / allowed types, CM-5..
 * CM-11). The capture objective's squares (CM-11) are not board content:
 * they move with a board symmetry (`mapOther`). Unlock the King pieces
 * convert to player pieces (`adopt`, CM-2), losing lateral pawn steps
 * (CM-3); other content of other rulesets is dropped.
 */
import type { ChessMazeLevel, CmPiece, CmSide, CmTile, Facing, Role } from '../../model/level.js';
import { mapFacing } from '../../model/symmetry.js';
import type { AdoptedItem, SquareFields, SquareItem } from '../../ruleset.js';
import { item, keepAbsent, setOrDelete } from '../squares.js';

export const cmSquares: SquareFields<ChessMazeLevel> = {
  items(level) {
    const out: SquareItem[] = [];
    for (const h of level.board.holes ?? []) out.push(item(h, 'hole'));
    for (const t of level.tiles ?? []) {
      const { kind, square, ...props } = t;
      out.push(item(square, kind, props));
    }
    for (const p of level.pieces ?? []) out.push(item(p.square, 'piece', { role: p.role, side: p.side, facing: p.facing }));
    return out;
  },
  withItems(level, items) {
    const holes: string[] = [];
    const tiles: CmTile[] = [];
    const pieces: CmPiece[] = [];
    for (const it of items) {
      if (it.kind === 'hole') holes.push(it.square);
      else if (it.kind === 'piece') {
        const p: CmPiece = { role: it.props['role'] as Role, square: it.square, side: it.props['side'] as CmSide };
        if (it.props['facing'] !== undefined) p.facing = it.props['facing'] as Facing;
        pieces.push(p);
      } else tiles.push({ kind: it.kind, square: it.square, ...it.props } as CmTile);
    }
    const board: ChessMazeLevel['board'] = { ...level.board };
    setOrDelete(board, 'holes', keepAbsent(level.board.holes, holes));
    const out: ChessMazeLevel = { ...level, board, pieces };
    setOrDelete(out, 'tiles', keepAbsent(level.tiles, tiles));
    return out;
  },
  adopt(it, from): AdoptedItem | null {
    if (from !== 'unlock-the-king' || it.kind !== 'piece') return null;
    const role = it.props['role'];
    const out = item(it.square, 'piece', { role, side: 'player', facing: role === 'pawn' ? it.props['facing'] : undefined });
    return it.props['lateral'] === true ? { item: out, lost: 'lateral pawn steps (Chess Maze pawns have none, CM-3)' } : { item: out };
  },
  mapOther(level, map) {
    const capture = level.objectives?.capture;
    return capture ? { ...level, objectives: { ...level.objectives, capture: capture.map(map) } } : level;
  },
  turn(it, sym, w, h) {
    if (it.kind !== 'piece' || (it.props['role'] !== 'pawn' && it.props['facing'] === undefined)) return it;
    const before = (it.props['facing'] as Facing | undefined) ?? 'north';
    const after = mapFacing(sym, before, w, h);
    // An absent facing means north (CM-3): it stays absent while it still is north.
    if (it.props['facing'] === undefined && after === 'north') return it;
    return { ...it, props: { ...it.props, facing: after } };
  },
};
