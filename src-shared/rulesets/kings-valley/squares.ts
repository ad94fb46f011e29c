/**
 * Where a King's Valley position's squares live (SquareFields, ruleset.ts):
 * pieces (`piece`: king / soldier, side, KV-1) and pillars (`pillar`). The
 * valley is the board's centre (KV-1), not an item: it follows the board.
 */
import type { KingsValleyLevel, KvPiece, KvSide } from '../../model/level.js';
import type { SquareFields, SquareItem } from '../../ruleset.js';
import { item, keepAbsent, setOrDelete } from '../squares.js';

export const kvSquares: SquareFields<KingsValleyLevel> = {
  items(level) {
    const out: SquareItem[] = [];
    for (const p of level.pillars ?? []) out.push(item(p, 'pillar'));
    for (const p of level.pieces ?? []) out.push(item(p.square, 'piece', { role: p.role, side: p.side }));
    return out;
  },
  withItems(level, items) {
    const out: KingsValleyLevel = { ...level };
    const pillars: string[] = [];
    const pieces: KvPiece[] = [];
    for (const it of items) {
      if (it.kind === 'pillar') pillars.push(it.square);
      else if (it.kind === 'piece') pieces.push({ role: it.props['role'] as KvPiece['role'], square: it.square, side: it.props['side'] as KvSide });
    }
    out.pieces = pieces;
    setOrDelete(out, 'pillars', keepAbsent(level.pillars, pillars));
    return out;
  },
};
