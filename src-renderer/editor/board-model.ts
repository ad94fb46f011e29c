/**
 * What the board displays, derived from a document (the edited one, a
 * preview frame, or a playtest position): plain data the Konva layers draw,
 * plus the text mirror (`data-testid="board-state"`) read by tests and
 * screen readers. The board knows no rules: this module only reads
 * positions.
 */
import type { CmColor, CmSide, CmTileKind, Facing, KvPiece, KvSide, Role, TransformType, UkColor } from '../../src-shared/model/level.js';
import { parseSquare } from '../../src-shared/model/square.js';
import type { EditableLevel, EditableRuleset } from './default-doc.js';
import { TILE_TOP_ORDER } from '../rulesets/chess-maze/ops.js';
import { valleySquare } from '../rulesets/kings-valley/ops.js';
import { lcBoardState, lcDescribeSquare } from '../rulesets/locking-chess/ops.js';

export interface DisplayCell {
  square: string;
  file: number;
  rank: number;
}

export interface DisplayPiece extends DisplayCell {
  role: Role;
  /** UK-2 colour; Chess Maze pieces: `ivory` for players, `obsidian` for enemies (their base look). */
  color: UkColor;
  /** Chess Maze only (CM-2). */
  side?: CmSide;
  /** Pawns only (UK-4, CM-3). */
  facing?: Facing;
  /** UK pawns only. */
  lateral?: boolean;
}

/** A Chess Maze tile on the board (CM-5..CM-11). */
export interface DisplayTile extends DisplayCell {
  kind: CmTileKind;
  color?: CmColor;
  letter?: string;
  allowed?: TransformType[];
  /** Locks in a playtest: open (key held or a plate of the colour held, CM-5/CM-6). */
  open?: boolean;
}

/** A King's Valley piece (KV-1): king or soldier, white or black. */
export interface DisplayKvPiece extends DisplayCell {
  role: KvPiece['role'];
  side: KvSide;
}

export interface DisplayModel {
  ruleset: EditableRuleset;
  width: number;
  height: number;
  pieces: DisplayPiece[];
  /** UK-1 walls. */
  walls: DisplayCell[];
  /** UK-6 portal. */
  portal: DisplayCell | null;
  /** CM-1 holes. */
  holes: DisplayCell[];
  /** CM tiles, drawing order bottom first (floor tiles, then keys, collectibles, the finish). */
  tiles: DisplayTile[];
  /** King's Valley pieces (the chess `pieces` list stays empty). */
  kvPieces: DisplayKvPiece[];
  /** KV-1 pillars. */
  pillars: DisplayCell[];
  /** KV-1 the valley (centre square), null on other rulesets or an even side. */
  valley: DisplayCell | null;
  /** KV side to move (KV-4), undefined on other rulesets. */
  sideToMove?: KvSide;
  /** Locking Chess: the LFEN (LC-13) the stacks are read from. */
  lcPosition?: string;
}

export interface DisplayOptions {
  /** Lock colours to draw open (playtest). */
  openColors?: ReadonlySet<CmColor>;
}

function cell(square: string, width: number, height: number): DisplayCell | null {
  const c = parseSquare(square);
  if (!c || c.file >= width || c.rank >= height) return null;
  return { square, file: c.file, rank: c.rank };
}

/** Pieces, walls, portal, holes and tiles that lie on the board (off-board entries are skipped: validation reports them). */
export function displayModel(doc: EditableLevel, opts: DisplayOptions = {}): DisplayModel {
  const { width, height } = doc.board;
  const pieces: DisplayPiece[] = [];
  const walls: DisplayCell[] = [];
  const holes: DisplayCell[] = [];
  const tiles: DisplayTile[] = [];
  const kvPieces: DisplayKvPiece[] = [];
  const pillars: DisplayCell[] = [];
  let portal: DisplayCell | null = null;
  // Locking Chess draws its stacks from `position` (components/lc/LcBoard.svelte, rulesets/locking-chess/ops.ts `lcBoardState`).
  if (doc.ruleset === 'locking-chess') return { ruleset: doc.ruleset, width, height, pieces, walls, portal, holes, tiles, kvPieces, pillars, valley: null, lcPosition: doc.position };
  if (doc.ruleset === 'kings-valley') {
    for (const p of doc.pieces ?? []) {
      const c = cell(p.square, width, height);
      if (c) kvPieces.push({ ...c, role: p.role === 'king' ? 'king' : 'soldier', side: p.side === 'black' ? 'black' : 'white' });
    }
    for (const s of doc.pillars ?? []) {
      const c = cell(s, width, height);
      if (c && !pillars.some((x) => x.square === s)) pillars.push(c);
    }
    const v = valleySquare(width, height);
    const valley = v ? cell(v, width, height) : null;
    return { ruleset: doc.ruleset, width, height, pieces, walls, portal, holes, tiles, kvPieces, pillars, valley, sideToMove: doc.sideToMove === 'black' ? 'black' : 'white' };
  }
  if (doc.ruleset === 'chess-maze') {
    for (const p of doc.pieces ?? []) {
      const c = cell(p.square, width, height);
      if (!c) continue;
      const side = p.side === 'enemy' ? 'enemy' : 'player';
      const d: DisplayPiece = { ...c, role: p.role, color: side === 'enemy' ? 'obsidian' : 'ivory', side };
      if (p.role === 'pawn') d.facing = p.facing ?? 'north';
      pieces.push(d);
    }
    for (const h of doc.board.holes ?? []) {
      const c = cell(h, width, height);
      if (c && !holes.some((x) => x.square === h)) holes.push(c);
    }
    for (const t of doc.tiles ?? []) {
      const c = cell(t.square, width, height);
      if (!c) continue;
      const d: DisplayTile = { ...c, kind: t.kind };
      if (t.kind === 'key' || t.kind === 'lock' || t.kind === 'plate') d.color = t.color;
      if (t.kind === 'letter') d.letter = t.letter;
      if (t.kind === 'transform') d.allowed = t.allowed.slice();
      if (t.kind === 'lock' && opts.openColors?.has(t.color)) d.open = true;
      tiles.push(d);
    }
    tiles.sort((a, b) => TILE_TOP_ORDER.indexOf(b.kind) - TILE_TOP_ORDER.indexOf(a.kind));
  } else {
    for (const p of doc.pieces ?? []) {
      const c = cell(p.square, width, height);
      if (!c) continue;
      const d: DisplayPiece = { ...c, role: p.role, color: p.color ?? 'ivory' };
      if (p.role === 'pawn') {
        d.facing = p.facing ?? 'north';
        d.lateral = p.lateral ?? false;
      }
      pieces.push(d);
    }
    for (const w of doc.walls ?? []) {
      const c = cell(w, width, height);
      if (c) walls.push(c);
    }
    portal = typeof doc.portal === 'string' ? cell(doc.portal, width, height) : null;
  }
  return { ruleset: doc.ruleset, width, height, pieces, walls, portal, holes, tiles, kvPieces, pillars, valley: null };
}

/** A King's Valley piece token: `K:c1` white king, `k:c5` black king, `S:a1` / `s:a5` soldiers. */
export function kvPieceToken(p: { role: KvPiece['role']; side: KvSide; square: string }): string {
  const l = p.role === 'king' ? 'K' : 'S';
  return `${p.side === 'black' ? l.toLowerCase() : l}:${p.square}`;
}

/** LAN piece letters (RULINGS "Common"). */
export const ROLE_LETTER: Record<Role, string> = {
  king: 'K',
  queen: 'Q',
  rook: 'R',
  bishop: 'B',
  knight: 'N',
  pawn: 'P',
};

const TT_LETTER: Record<TransformType, string> = { knight: 'N', bishop: 'B', rook: 'R', queen: 'Q', king: 'K' };

/** One tile's mirror token: `key:red:b3`, `lock:red:d4` (`:open` in a playtest), `letter:A:c4`, `transform:NQ:d2`, `coin:c5`, `finish:e4`. */
export function tileToken(t: DisplayTile): string {
  switch (t.kind) {
    case 'key':
    case 'plate':
      return `${t.kind}:${t.color}:${t.square}`;
    case 'lock':
      return `lock:${t.color}:${t.square}${t.open ? ':open' : ''}`;
    case 'letter':
      return `letter:${t.letter}:${t.square}`;
    case 'transform':
      return `transform:${(t.allowed ?? []).map((a) => TT_LETTER[a]).join('')}:${t.square}`;
    default:
      return `${t.kind}:${t.square}`;
  }
}

/**
 * The text mirror.
 * Unlock the King: `"K:e1 P:e2 R:e4 W:d4 portal:e8"` — piece tokens
 * (`<letter>:<square>`) sorted, then wall tokens (`W:<square>`) sorted, then
 * the portal.
 * King's Valley: piece tokens sorted (`K:c1` white king, `k:c5` black
 * king, `S:` / `s:` soldiers), pillars `X:b3` sorted, the valley
 * `valley:c3`, the side to move `to-move:white`.
 * Chess Maze: piece tokens sorted (player upper case `N:a1`, enemy lower
 * case `n:e5`), then holes `H:c3` sorted, then tile tokens (`tileToken`)
 * sorted: `"N:a1 r:e5 H:c3 coin:c5 finish:e4 key:red:b3 lock:red:d4"`.
 * Colour, facing and lateral are in `boardStateDetail`.
 */
export function boardStateText(m: DisplayModel): string {
  if (m.ruleset === 'locking-chess') return lcBoardState(m.lcPosition ?? '');
  if (m.ruleset === 'kings-valley') {
    // King's Valley: `K:c1 S:a1 k:c5 s:a5 X:b3 valley:c3 to-move:white`.
    const out = [...m.kvPieces.map(kvPieceToken).sort(), ...m.pillars.map((p) => `X:${p.square}`).sort()];
    if (m.valley) out.push(`valley:${m.valley.square}`);
    out.push(`to-move:${m.sideToMove ?? 'white'}`);
    return out.join(' ');
  }
  if (m.ruleset === 'chess-maze') {
    const pieces = m.pieces.map((p) => `${p.side === 'enemy' ? ROLE_LETTER[p.role].toLowerCase() : ROLE_LETTER[p.role]}:${p.square}`).sort();
    const holes = m.holes.map((h) => `H:${h.square}`).sort();
    const tiles = m.tiles.map(tileToken).sort();
    return [...pieces, ...holes, ...tiles].join(' ');
  }
  const pieces = m.pieces.map((p) => `${ROLE_LETTER[p.role]}:${p.square}`).sort();
  const walls = m.walls.map((w) => `W:${w.square}`).sort();
  const out = [...pieces, ...walls];
  if (m.portal) out.push(`portal:${m.portal.square}`);
  return out.join(' ');
}

/**
 * Detailed mirror, one token per piece, sorted. Unlock the King:
 * `K:e1:ivory`, pawns `P:e2:obsidian:east` plus `:lateral` when lateral.
 * Chess Maze: `N:a1:player`, `P:b2:enemy:south`. King's Valley:
 * `K:c1:white`, `S:a5:black`.
 */
export function boardStateDetail(m: DisplayModel): string {
  if (m.ruleset === 'kings-valley') return m.kvPieces.map((p) => `${p.role === 'king' ? 'K' : 'S'}:${p.square}:${p.side}`).sort().join(' ');
  return m.pieces
    .map((p) => {
      if (m.ruleset === 'chess-maze') {
        let t = `${ROLE_LETTER[p.role]}:${p.square}:${p.side ?? 'player'}`;
        if (p.role === 'pawn') t += `:${p.facing ?? 'north'}`;
        return t;
      }
      let t = `${ROLE_LETTER[p.role]}:${p.square}:${p.color}`;
      if (p.role === 'pawn') t += `:${p.facing ?? 'north'}${p.lateral ? ':lateral' : ''}`;
      return t;
    })
    .sort()
    .join(' ');
}

/** Human sentence for screen readers: "e1: ivory king" / "c3: hole" / "b3: player knight, red key". */
export function describeSquare(doc: EditableLevel, square: string): string {
  const parts: string[] = [];
  if (doc.ruleset === 'locking-chess') return `${square}: ${lcDescribeSquare(doc, square)}`;
  if (doc.ruleset === 'kings-valley') {
    if ((doc.pillars ?? []).includes(square)) parts.push('pillar');
    const p = (doc.pieces ?? []).find((x) => x.square === square);
    if (p) parts.push(`${p.side} ${p.role}`);
    if (valleySquare(doc.board.width, doc.board.height) === square) parts.push('the valley');
    return `${square}: ${parts.length ? parts.join(', ') : 'empty'}`;
  }
  if (doc.ruleset === 'chess-maze') {
    if ((doc.board.holes ?? []).includes(square)) parts.push('hole');
    const p = (doc.pieces ?? []).find((x) => x.square === square);
    if (p) parts.push(`${p.side} ${p.role}${p.role === 'pawn' ? ` facing ${p.facing ?? 'north'}` : ''}`);
    for (const t of (doc.tiles ?? []).filter((x) => x.square === square)) {
      if (t.kind === 'key' || t.kind === 'lock' || t.kind === 'plate') parts.push(`${t.color} ${t.kind}`);
      else if (t.kind === 'letter') parts.push(`letter ${t.letter}`);
      else if (t.kind === 'transform') parts.push(`transform to ${t.allowed.join(' or ')}`);
      else parts.push(t.kind);
    }
    return `${square}: ${parts.length ? parts.join(', ') : 'empty'}`;
  }
  const p = (doc.pieces ?? []).find((x) => x.square === square);
  if (p) {
    let s = `${p.color ?? 'ivory'} ${p.role}`;
    if (p.role === 'pawn') s += ` facing ${p.facing ?? 'north'}${p.lateral ? ', lateral' : ''}`;
    parts.push(s);
  }
  if ((doc.walls ?? []).includes(square)) parts.push('wall');
  if (doc.portal === square) parts.push('portal');
  return `${square}: ${parts.length ? parts.join(', ') : 'empty'}`;
}

/** From/to squares of a LAN move (`Nb1-c3`, `Rd1xd7`, `Pe2-e4`, `Qa1-a5=N`), or null when it does not parse. */
export function lanSquares(lan: string): { from: string; to: string } | null {
  const m = /^[KQRBNPS]?([a-z][1-9][0-9]?)[-x]([a-z][1-9][0-9]?)/.exec(lan);
  return m ? { from: m[1]!, to: m[2]! } : null;
}
