/**
 * What an Unlock the King board shows (`RulesetDef.display`): walls (UK-1),
 * the portal (UK-6) and the pieces, ivory light and obsidian dark (UK-2),
 * pawns with their facing arrow and lateral side arrows (UK-4). Off-board
 * entries are left out (validation reports them).
 *
 * Text mirror: `"K:e1 P:e2 R:e4 W:d4 portal:e8"`: piece tokens
 * (`<letter>:<square>`) sorted, then wall tokens (`W:<square>`) sorted, then
 * the portal; detail `"K:e1:ivory P:e2:ivory:east R:e4:ivory"`: one token
 * per piece, sorted, pawns with their facing and `:lateral`.
 */
import type { Facing, Role, UkColor, UnlockTheKingLevel } from '../../model/level.js';
import type { BoardDisplay, GlyphArt } from '../../display/glyph.js';
import { DisplayBuilder, PIECE_BOX, ROLE_LETTER, onBoardCell } from '../../display/board-display.js';

/** Tone of each UK-2 colour. */
export const UK_TONE = { ivory: 'light', obsidian: 'dark' } as const satisfies Record<UkColor, 'light' | 'dark'>;

/** The art of a UK piece: tone from its colour (UK-2, default ivory), pawns with facing (default north) and lateral arrows (UK-4). */
export function ukPieceArt(p: { role: Role; color?: UkColor | undefined; facing?: Facing | undefined; lateral?: boolean | undefined }): GlyphArt {
  const tone = UK_TONE[p.color === 'obsidian' ? 'obsidian' : 'ivory'];
  return p.role === 'pawn'
    ? { kind: 'piece', role: p.role, tone, facing: p.facing ?? 'north', lateral: p.lateral ?? false }
    : { kind: 'piece', role: p.role, tone };
}

/** The board display of an Unlock the King level. Never throws. */
export function ukDisplay(level: UnlockTheKingLevel): BoardDisplay {
  const { width, height } = level.board;
  const b = new DisplayBuilder(width, height);
  const pieces: string[] = [];
  const detail: string[] = [];
  for (const p of level.pieces ?? []) {
    if (!onBoardCell(p.square, width, height)) continue;
    const color: UkColor = p.color === 'obsidian' ? 'obsidian' : 'ivory';
    const pawn = p.role === 'pawn';
    const facing: Facing = p.facing ?? 'north';
    const lateral = pawn && (p.lateral ?? false);
    const art = ukPieceArt(p);
    const label = `${p.color ?? 'ivory'} ${p.role}${pawn ? ` facing ${facing}${lateral ? ', lateral' : ''}` : ''}`;
    b.add(p.square, { layer: 'piece', art, label, item: 'piece', read: 0, box: PIECE_BOX });
    const letter = ROLE_LETTER[p.role] ?? '?';
    pieces.push(`${letter}:${p.square}`);
    detail.push(`${letter}:${p.square}:${p.color ?? 'ivory'}${pawn ? `:${facing}${lateral ? ':lateral' : ''}` : ''}`);
    b.legend({ kind: 'piece', role: 'king', tone: UK_TONE[color] }, color === 'ivory' ? 'Ivory piece' : 'Obsidian piece (dashed outline)');
    if (pawn) b.legend({ kind: 'piece', role: 'pawn', tone: 'light', facing: 'north' }, 'Pawn: the arrow is its facing (UK-4)');
    if (lateral) b.legend({ kind: 'piece', role: 'pawn', tone: 'light', facing: 'north', lateral: true }, 'Lateral pawn: also moves sideways (UK-4)');
  }
  const walls: string[] = [];
  for (const w of level.walls ?? []) {
    if (!b.add(w, { layer: 'terrain', art: { kind: 'wall' }, label: 'wall', item: 'wall', read: 1 })) continue;
    walls.push(`W:${w}`);
    b.legend({ kind: 'wall' }, 'Wall (UK-1)');
  }
  const state = [...pieces.sort(), ...walls.sort()];
  if (typeof level.portal === 'string' && b.add(level.portal, { layer: 'mark', art: { kind: 'portal' }, label: 'portal', item: 'portal', read: 2 })) {
    state.push(`portal:${level.portal}`);
    b.legend({ kind: 'portal' }, 'Portal: bring the king here (UK-6)');
  }
  return { width, height, glyphs: b.glyphs(), legend: b.legendEntries(), mirror: { state: state.join(' '), detail: detail.sort().join(' ') } };
}
