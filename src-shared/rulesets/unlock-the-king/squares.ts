/**
 * Where an Unlock the King blueprint's squares live (SquareFields,
 * ruleset.ts): pieces (`piece`: role, colour, pawn facing / lateral, UK-2,
 * UK-4), walls (`wall`, UK-1) and the portal (`portal`, UK-6: exactly one,
 * so a region clear keeps it, and a wall never goes onto it). Chess Maze
 * pieces convert (`adopt`): enemies become obsidian (UK-3: every piece is
 * the player's); other content of other rulesets is dropped.
 */
import type { Facing, Role, UkColor, UkPiece, UnlockTheKingLevel } from '../../model/level.js';
import { mapFacing } from '../../model/symmetry.js';
import type { AdoptedItem, SquareFields, SquareItem } from '../../ruleset.js';
import { item, keepAbsent, setOrDelete } from '../squares.js';

export const ukSquares: SquareFields<UnlockTheKingLevel> = {
  items(level) {
    const out: SquareItem[] = [];
    for (const w of level.walls ?? []) out.push(item(w, 'wall'));
    if (typeof level.portal === 'string') out.push(item(level.portal, 'portal'));
    for (const p of level.pieces ?? []) out.push(item(p.square, 'piece', { role: p.role, color: p.color, facing: p.facing, lateral: p.lateral }));
    return out;
  },
  withItems(level, items) {
    const out: UnlockTheKingLevel = { ...level };
    const walls: string[] = [];
    const pieces: UkPiece[] = [];
    for (const it of items) {
      if (it.kind === 'wall') walls.push(it.square);
      else if (it.kind === 'portal') out.portal = it.square;
      else if (it.kind === 'piece') {
        const p: UkPiece = { role: it.props['role'] as Role, square: it.square };
        if (it.props['color'] !== undefined) p.color = it.props['color'] as UkColor;
        if (it.props['facing'] !== undefined) p.facing = it.props['facing'] as Facing;
        if (it.props['lateral'] !== undefined) p.lateral = it.props['lateral'] as boolean;
        pieces.push(p);
      }
    }
    out.pieces = pieces;
    setOrDelete(out, 'walls', keepAbsent(level.walls, walls));
    return out;
  },
  pinned: ['portal'],
  refuse(level, it) {
    return it.kind === 'wall' && it.square === level.portal ? 'the portal stays there (UK-6)' : undefined;
  },
  adopt(it, from): AdoptedItem | null {
    if (from !== 'chess-maze' || it.kind !== 'piece') return null;
    const enemy = it.props['side'] === 'enemy';
    const role = it.props['role'];
    const out = item(it.square, 'piece', { role, color: enemy ? 'obsidian' : 'ivory', facing: role === 'pawn' ? it.props['facing'] : undefined });
    return enemy ? { item: out, lost: 'enemy sides (every Unlock the King piece is the player’s, UK-3; enemies became obsidian)' } : { item: out };
  },
  turn(it, sym, w, h) {
    if (it.kind !== 'piece' || it.props['role'] !== 'pawn') return it;
    const before = (it.props['facing'] as Facing | undefined) ?? 'north';
    const after = mapFacing(sym, before, w, h);
    // An absent facing means north (UK-4): it stays absent while it still is north.
    if (it.props['facing'] === undefined && after === 'north') return it;
    return { ...it, props: { ...it.props, facing: after } };
  },
};
