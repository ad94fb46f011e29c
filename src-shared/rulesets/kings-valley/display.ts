/**
 * What a King's Valley board shows (`RulesetDef.display`): the valley (the
 * centre square of an odd board, KV-1), pillars (KV-1) and the kings and
 * soldiers, White light with a solid outline, Black dark with a dashed
 * outline and a light dot (KV_SIDE_ART), so the sides differ by more than
 * colour. `marks.valley` names the valley; the caption is the side to move
 * (KV-4).
 *
 * Text mirror: `"K:c1 S:a1 k:c5 s:a5 X:b3 valley:c3 to-move:white"`: piece
 * tokens sorted (upper case White, lower case Black; K king, S soldier),
 * pillars `X:` sorted, the valley, the side to move; detail `K:c1:white`,
 * `S:a5:black`, sorted.
 */
import type { KingsValleyLevel, KvSide } from '../../model/level.js';
import { squareName } from '../../model/square.js';
import type { BoardDisplay, GlyphArt, Tone } from '../../display/glyph.js';
import { DisplayBuilder, PIECE_BOX, onBoardCell } from '../../display/board-display.js';

/** How each side is drawn (KV-1): tone, and Black's dot. */
export const KV_SIDE_ART: Record<KvSide, { tone: Tone; dot: boolean }> = {
  white: { tone: 'light', dot: false },
  black: { tone: 'dark', dot: true },
};

/** The valley (KV-1): the centre square of an odd board (`c3` on 5 x 5), null on an even side. */
export function kvValleySquare(width: number, height: number): string | null {
  if (width % 2 !== 1 || height % 2 !== 1 || width < 1 || height < 1) return null;
  return squareName((width - 1) / 2, (height - 1) / 2);
}

/** A piece token of the mirror: `K:c1` white king, `k:c5` black king, `S:a1` / `s:a5` soldiers. */
export function kvPieceToken(p: { role: string; side: string; square: string }): string {
  const l = p.role === 'king' ? 'K' : 'S';
  return `${p.side === 'black' ? l.toLowerCase() : l}:${p.square}`;
}

/** The art of a KV piece (KV-1): king or soldier, White light, Black dark with its dot. */
export function kvPieceArt(p: { role: string; side: string }): GlyphArt {
  const look = KV_SIDE_ART[p.side === 'black' ? 'black' : 'white'];
  return { kind: 'piece', role: p.role === 'king' ? 'king' : 'soldier', tone: look.tone, ...(look.dot ? { dot: true } : {}) };
}

/** The board display of a King's Valley level (module doc). Never throws. */
export function kvDisplay(level: KingsValleyLevel): BoardDisplay {
  const { width, height } = level.board;
  const b = new DisplayBuilder(width, height);
  const valley = kvValleySquare(width, height);
  if (valley && b.add(valley, { layer: 'terrain', art: { kind: 'valley' }, label: 'the valley', read: 2 })) {
    b.legend({ kind: 'valley' }, 'The valley: a king that stops here wins (KV-5)');
  }
  const pillars: string[] = [];
  for (const s of level.pillars ?? []) {
    if (pillars.includes(`X:${s}`) || !b.add(s, { layer: 'terrain', art: { kind: 'pillar' }, label: 'pillar', item: 'pillar', read: 0 })) continue;
    pillars.push(`X:${s}`);
    b.legend({ kind: 'pillar' }, 'Pillar: blocks like a piece (KV-1)');
  }
  const pieces: string[] = [];
  const detail: string[] = [];
  for (const p of level.pieces ?? []) {
    if (!onBoardCell(p.square, width, height)) continue;
    const role = p.role === 'king' ? 'king' : 'soldier';
    const side: KvSide = p.side === 'black' ? 'black' : 'white';
    b.add(p.square, { layer: 'piece', art: kvPieceArt(p), label: `${p.side} ${p.role}`, item: 'piece', read: 1, box: PIECE_BOX });
    pieces.push(kvPieceToken({ role, side, square: p.square }));
    detail.push(`${role === 'king' ? 'K' : 'S'}:${p.square}:${side}`);
    b.legend(kvPieceArt(p), `${side === 'white' ? 'White' : 'Black'} ${role}${side === 'black' ? ' (dashed, dot)' : ''}`);
  }
  const toMove: KvSide = level.sideToMove === 'black' ? 'black' : 'white';
  const state = [...pieces.sort(), ...pillars.sort()];
  if (valley) state.push(`valley:${valley}`);
  state.push(`to-move:${toMove}`);
  return {
    width,
    height,
    glyphs: b.glyphs(),
    legend: b.legendEntries(),
    ...(valley ? { marks: { valley } } : {}),
    mirror: { state: state.join(' '), detail: detail.sort().join(' ') },
    caption: `${toMove === 'white' ? 'White' : 'Black'} to move`,
  };
}
