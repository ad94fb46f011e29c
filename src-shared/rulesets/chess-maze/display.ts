/**
 * What a Chess Maze board shows (`RulesetDef.display`): holes (CM-1),
 * pieces (CM-2: player light, enemy dark with the "×" badge; CM-3 pawns with
 * their facing arrow) and tiles (CM-5..CM-11) in three layers:
 * - floor tiles (lock, plate, transform) fill their square;
 * - items (key, coin, gem, letter, finish) share the rest: one item fills
 *   the square, several take the four corner slots;
 * - items under a piece become small badges on a dark backing along the
 *   square's bottom edge, drawn above the piece.
 * Locks whose colour is in `openColors` are drawn open (CM-5 / CM-6:
 * playtest and solution preview).
 *
 * Text mirror: piece tokens sorted (player upper case `N:a1`, enemy lower
 * case `n:e5`), then holes `H:c3` sorted, then tile tokens sorted
 * (`key:red:b3`, `lock:red:d4` plus `:open`, `letter:A:c4`,
 * `transform:NQ:d2`, `coin:c5`, `finish:e4`); detail: `N:a1:player`,
 * `P:b2:enemy:south`, sorted.
 */
import {
  TRANSFORM_TYPES,
  type ChessMazeLevel,
  type CmColor,
  type CmSide,
  type CmTile,
  type CmTileKind,
  type Facing,
  type Role,
  type TransformType,
} from '../../model/level.js';
import type { BoardDisplay, DisplayOptions, GlyphArt, GlyphBox } from '../../display/glyph.js';
import { DisplayBuilder, PIECE_BOX, ROLE_LETTER, onBoardCell } from '../../display/board-display.js';
import { TILE_NAME, TRANSFORM_LETTER } from '../../display/art/tiles.js';

/** Drawing / grabbing order, top first: what a press on a square grabs after the piece. */
export const CM_TILE_TOP_ORDER: readonly CmTileKind[] = ['finish', 'key', 'coin', 'gem', 'letter', 'lock', 'plate', 'transform'];

/** Tiles that fill their square under everything else. */
const FLOOR: ReadonlySet<CmTileKind> = new Set(['lock', 'plate', 'transform']);

/** Corner slots of several items on one square (top-left, bottom-right, top-right, bottom-left). */
const SLOTS: readonly GlyphBox[] = [
  { x: 0, y: 0, size: 0.54 },
  { x: 0.46, y: 0.46, size: 0.54 },
  { x: 0.46, y: 0, size: 0.54 },
  { x: 0, y: 0.46, size: 0.54 },
];

/** Badge box of the i-th item under a piece. */
const badgeBox = (i: number): GlyphBox => ({ x: i * 0.3, y: 0.66, size: 0.34 });

function tileToken(t: CmTile, open: boolean): string {
  switch (t.kind) {
    case 'key':
    case 'plate':
      return `${t.kind}:${t.color}:${t.square}`;
    case 'lock':
      return `lock:${t.color}:${t.square}${open ? ':open' : ''}`;
    case 'letter':
      return `letter:${t.letter}:${t.square}`;
    case 'transform':
      return `transform:${(t.allowed ?? []).map((a) => TRANSFORM_LETTER[a]).join('')}:${t.square}`;
    default:
      return `${t.kind}:${t.square}`;
  }
}

function tileLabel(t: CmTile): string {
  if (t.kind === 'key' || t.kind === 'lock' || t.kind === 'plate') return `${t.color} ${t.kind}`;
  if (t.kind === 'letter') return `letter ${t.letter}`;
  if (t.kind === 'transform') return `transform to ${(t.allowed ?? []).join(' or ')}`;
  return t.kind;
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function legendLabel(t: CmTile, open: boolean): string {
  switch (t.kind) {
    case 'key':
      return `${cap(t.color)} key: opens its locks (CM-5)`;
    case 'lock':
      return open ? `${cap(t.color)} lock, open` : `${cap(t.color)} lock (CM-7)`;
    case 'plate':
      return `${cap(t.color)} plate: open while held (CM-6)`;
    case 'transform':
      return `Transform: ${(t.allowed ?? []).map((a) => TRANSFORM_LETTER[a]).join(' ')} (CM-10)`;
    case 'letter':
      return 'Letter (CM-9)';
    case 'finish':
      return 'Finish flag (CM-11)';
    default:
      return `${TILE_NAME[t.kind] ?? t.kind} (CM-8)`;
  }
}

/** The art of a CM piece: player light, enemy dark with the "×" badge (CM-2); pawns with their facing (CM-3, default north). */
export function cmPieceArt(p: { role: Role; side?: CmSide | undefined; facing?: Facing | undefined }): GlyphArt {
  const enemy = p.side === 'enemy';
  return {
    kind: 'piece',
    role: p.role,
    tone: enemy ? 'dark' : 'light',
    ...(enemy ? { enemy } : {}),
    ...(p.role === 'pawn' ? { facing: p.facing ?? 'north' } : {}),
  };
}

/** The art of a tile (`open`: a lock drawn open, CM-5 / CM-6); a transform tile without types shows all five. */
export function cmTileArt(
  t: { kind: CmTileKind; color?: CmColor | undefined; letter?: string | undefined; allowed?: readonly TransformType[] | undefined },
  open = false,
): GlyphArt {
  const art: GlyphArt = { kind: 'tile', tile: t.kind };
  if ((t.kind === 'key' || t.kind === 'lock' || t.kind === 'plate') && t.color) art.color = t.color;
  if (t.kind === 'letter' && t.letter !== undefined) art.letter = t.letter;
  if (t.kind === 'transform') art.allowed = (t.allowed ?? TRANSFORM_TYPES).slice();
  if (open) art.open = true;
  return art;
}

function tileArt(t: CmTile, open: boolean): GlyphArt {
  return cmTileArt({ ...t, ...(t.kind === 'transform' ? { allowed: t.allowed ?? [] } : {}) }, open);
}

/** The board display of a Chess Maze level (module doc). Never throws. */
export function cmDisplay(level: ChessMazeLevel, opts: DisplayOptions = {}): BoardDisplay {
  const { width, height } = level.board;
  const b = new DisplayBuilder(width, height);
  const holes: string[] = [];
  for (const h of level.board.holes ?? []) {
    if (holes.includes(`H:${h}`) || !b.add(h, { layer: 'terrain', art: { kind: 'hole' }, label: 'hole', read: 0 })) continue;
    holes.push(`H:${h}`);
    b.legend({ kind: 'hole' }, 'Hole (CM-1)');
  }
  const pieces: string[] = [];
  const detail: string[] = [];
  const occupied = new Set<string>();
  for (const p of level.pieces ?? []) {
    if (!onBoardCell(p.square, width, height)) continue;
    const enemy = p.side === 'enemy';
    const pawn = p.role === 'pawn';
    const facing: Facing = p.facing ?? 'north';
    const art = cmPieceArt(p);
    const side = enemy ? 'enemy' : 'player';
    b.add(p.square, { layer: 'piece', art, label: `${side} ${p.role}${pawn ? ` facing ${facing}` : ''}`, item: 'piece', read: 1, box: PIECE_BOX });
    occupied.add(p.square);
    const letter = ROLE_LETTER[p.role] ?? '?';
    pieces.push(`${enemy ? letter.toLowerCase() : letter}:${p.square}`);
    detail.push(`${letter}:${p.square}:${side}${pawn ? `:${facing}` : ''}`);
    b.legend(
      { kind: 'piece', role: 'knight', tone: enemy ? 'dark' : 'light', ...(enemy ? { enemy } : {}) },
      enemy ? 'Enemy piece ×: capture it (CM-2)' : 'Player piece (CM-2)',
    );
    if (pawn) b.legend({ kind: 'piece', role: 'pawn', tone: 'light', facing: 'north' }, 'Pawn: the arrow is its facing (CM-3)');
  }
  // Tiles in drawing order (bottom first), each square's list in that order.
  const tiles = (level.tiles ?? [])
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => onBoardCell(t.square, width, height))
    .sort((x, y) => CM_TILE_TOP_ORDER.indexOf(y.t.kind) - CM_TILE_TOP_ORDER.indexOf(x.t.kind));
  const bySquare = new Map<string, { t: CmTile; i: number }[]>();
  for (const e of tiles) {
    const list = bySquare.get(e.t.square) ?? [];
    list.push(e);
    bySquare.set(e.t.square, list);
  }
  const tokens: string[] = [];
  for (const { t, i } of tiles) {
    const open = t.kind === 'lock' && (opts.openColors?.has(t.color) ?? false);
    tokens.push(tileToken(t, open));
    const spec = { art: tileArt(t, open), label: tileLabel(t), item: t.kind, read: 2 + i };
    b.legend(tileArt(t, open), legendLabel(t, open));
    if (FLOOR.has(t.kind)) {
      b.add(t.square, { ...spec, layer: 'floor' });
      continue;
    }
    const items = bySquare.get(t.square)!.filter((e) => !FLOOR.has(e.t.kind));
    const k = items.findIndex((e) => e.i === i);
    if (occupied.has(t.square)) b.add(t.square, { ...spec, layer: 'badge', box: badgeBox(k), backed: true });
    else b.add(t.square, { ...spec, layer: 'item', ...(items.length > 1 ? { box: SLOTS[k % SLOTS.length]! } : {}) });
  }
  return {
    width,
    height,
    glyphs: b.glyphs(),
    legend: b.legendEntries(),
    mirror: { state: [...pieces.sort(), ...holes.sort(), ...tokens.sort()].join(' '), detail: detail.sort().join(' ') },
  };
}
