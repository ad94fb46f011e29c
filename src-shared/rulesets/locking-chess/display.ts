/**
 * What a Locking Chess board shows (`RulesetDef.display`), read from the
 * LFEN `position` (LC-13; the informational `pieces` list is ignored): every
 * square's board-level piece, and on a stack (LC-2) the top piece drawn
 * smaller above it, the lower piece smaller and lower, and a lock mark in
 * the corner (the lower piece is locked). White light, Black dark. The
 * caption is the side to move.
 *
 * Text mirror: tokens sorted, `N:b1` (White upper case, Black lower case), a
 * stack `(P/n):e4` (board level / top), then `to-move:white|black`;
 * `invalid-position` when the LFEN does not parse (nothing is drawn then).
 * Screen readers: `white knight`, `white pawn locked under black knight`.
 */
import type { LockingChessLevel } from '../../model/level.js';
import type { BoardDisplay, GlyphArt, GlyphBox } from '../../display/glyph.js';
import { DisplayBuilder, PIECE_BOX } from '../../display/board-display.js';
import { pieceLetter } from '../orthodox/board.js';
import type { FenFields } from '../orthodox/fen.js';
import { parseLfenFields } from './lfen.js';
import { lcStack, name, type LcPiece } from './stacks.js';

/** Boxes of a stack (LC-2): the locked board-level piece low left, the top piece high right, the lock mark bottom-right. */
export const LC_STACK_BOXES: { bottom: GlyphBox; top: GlyphBox; lock: GlyphBox } = {
  bottom: { x: 0.03, y: 0.3, size: 0.64 },
  top: { x: 0.36, y: 0.02, size: 0.62 },
  lock: { x: 0.68, y: 0.68, size: 0.3 },
};

/** One token of the mirror: `N:b1`, a stack `(P/n):e4`; null for an empty square. */
export function lcToken(f: FenFields, sq: number): string | null {
  const b = f.bottom[sq]!;
  if (b === 0) return null;
  const t = f.top[sq]!;
  return t === 0 ? `${pieceLetter(b)}:${name(sq)}` : `(${pieceLetter(b)}/${pieceLetter(t)}):${name(sq)}`;
}

const said = (p: LcPiece): string => `${p.color} ${p.role}`;
const tone = (p: LcPiece): 'light' | 'dark' => (p.color === 'white' ? 'light' : 'dark');

/** The art of a Locking Chess piece: White light, Black dark. */
export function lcPieceArt(p: LcPiece): GlyphArt {
  return { kind: 'piece', role: p.role, tone: tone(p) };
}

/** The board display of a Locking Chess problem (module doc). Never throws. */
export function lcDisplay(level: LockingChessLevel): BoardDisplay {
  const width = 8;
  const height = 8;
  const r = parseLfenFields(typeof level.position === 'string' ? level.position : '');
  if (!r.ok) return { width, height, glyphs: [], legend: [], mirror: { state: 'invalid-position', detail: '' } };
  const f = r.value;
  const b = new DisplayBuilder(width, height);
  const tokens: string[] = [];
  for (let rank = 0; rank < 8; rank++) {
    for (let file = 0; file < 8; file++) {
      const sq = rank * 16 + file;
      const tok = lcToken(f, sq);
      if (!tok) continue;
      tokens.push(tok);
      const square = name(sq);
      const s = lcStack(f, square);
      const bottom = s.bottom!;
      b.legend({ kind: 'piece', role: 'king', tone: tone(bottom) }, bottom.color === 'white' ? 'White piece' : 'Black piece (dashed outline)');
      if (!s.top) {
        b.add(square, { layer: 'piece', art: lcPieceArt(bottom), label: said(bottom), item: 'piece', box: PIECE_BOX });
        continue;
      }
      const top = s.top;
      b.add(square, { layer: 'piece', art: lcPieceArt(bottom), label: `${said(bottom)} locked under ${said(top)}`, item: 'piece', box: LC_STACK_BOXES.bottom });
      b.add(square, { layer: 'piece', art: lcPieceArt(top), label: '', item: 'piece', box: LC_STACK_BOXES.top });
      b.add(square, { layer: 'badge', art: { kind: 'lock' }, label: '', box: LC_STACK_BOXES.lock });
      b.legend({ kind: 'piece', role: 'king', tone: tone(top) }, top.color === 'white' ? 'White piece' : 'Black piece (dashed outline)');
      b.legend({ kind: 'lock' }, 'Stack: the lower piece is locked under the top one (LC-2)');
    }
  }
  tokens.sort();
  const side = f.side === 0 ? 'white' : 'black';
  tokens.push(`to-move:${side}`);
  return {
    width,
    height,
    glyphs: b.glyphs(),
    legend: b.legendEntries(),
    mirror: { state: tokens.join(' '), detail: '' },
    caption: `${side === 'white' ? 'White' : 'Black'} to move`,
  };
}
