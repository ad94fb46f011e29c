/**
 * Where a King's Valley position's squares live (SquareFields, ruleset.ts):
 * pieces (`piece`: king / soldier, side, KV-1) and pillars (`pillar`). The
 * valley is the board's centre (KV-1), not an item: it follows the board,
 * and a pillar is never written onto it (KV-9). Content of other rulesets
 * is dropped (no `adopt`: King's Valley has no chess pieces).
 */
import type { KingsValleyLevel, KvPiece, KvSide } from '../../model/level.js';
import { parseSquare } from '../../model/square.js';
import type { SquareFields, SquareItem } from '../../ruleset.js';
import { item, keepAbsent, setOrDelete } from '../squares.js';
import { kvValleyIndex } from './validate.js';

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
  refuse(level, it) {
    const { width: w, height: h } = level.board;
    if (it.kind !== 'pillar' || w % 2 !== 1 || h % 2 !== 1) return undefined;
    const c = parseSquare(it.square);
    return c && c.rank * w + c.file === kvValleyIndex(w, h) ? 'no pillar on the valley (KV-9)' : undefined;
  },
};
