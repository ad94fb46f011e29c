/**
 * What the board displays, derived from a document (the edited one, or a
 * preview frame): plain data the Konva layer draws, plus the text mirror
 * (`data-testid="board-state"`) read by tests and screen readers.
 * The board knows no rules: this module only reads positions.
 */
import type { Facing, Role, UkColor, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { parseSquare } from '../../src-shared/model/square.js';

export interface DisplayPiece {
  square: string;
  file: number;
  rank: number;
  role: Role;
  color: UkColor;
  /** Pawns only (UK-4). */
  facing?: Facing;
  lateral?: boolean;
}

export interface DisplayCell {
  square: string;
  file: number;
  rank: number;
}

export interface DisplayModel {
  width: number;
  height: number;
  pieces: DisplayPiece[];
  walls: DisplayCell[];
  portal: DisplayCell | null;
}

function cell(square: string, width: number, height: number): DisplayCell | null {
  const c = parseSquare(square);
  if (!c || c.file >= width || c.rank >= height) return null;
  return { square, file: c.file, rank: c.rank };
}

/** Pieces, walls and portal that lie on the board (off-board entries are skipped: validation reports them). */
export function displayModel(doc: UnlockTheKingLevel): DisplayModel {
  const { width, height } = doc.board;
  const pieces: DisplayPiece[] = [];
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
  const walls: DisplayCell[] = [];
  for (const w of doc.walls ?? []) {
    const c = cell(w, width, height);
    if (c) walls.push(c);
  }
  const portal = typeof doc.portal === 'string' ? cell(doc.portal, width, height) : null;
  return { width, height, pieces, walls, portal };
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

/**
 * The text mirror: `"K:e1 P:e2 R:e4 W:d4 portal:e8"` — piece tokens
 * (`<letter>:<square>`) sorted, then wall tokens (`W:<square>`) sorted, then
 * the portal. Colour, facing and lateral are in `boardStateDetail`.
 */
export function boardStateText(m: DisplayModel): string {
  const pieces = m.pieces.map((p) => `${ROLE_LETTER[p.role]}:${p.square}`).sort();
  const walls = m.walls.map((w) => `W:${w.square}`).sort();
  const out = [...pieces, ...walls];
  if (m.portal) out.push(`portal:${m.portal.square}`);
  return out.join(' ');
}

/**
 * Detailed mirror, one token per piece: `K:e1:ivory`, pawns
 * `P:e2:obsidian:east` plus `:lateral` when lateral. Sorted.
 */
export function boardStateDetail(m: DisplayModel): string {
  return m.pieces
    .map((p) => {
      let t = `${ROLE_LETTER[p.role]}:${p.square}:${p.color}`;
      if (p.role === 'pawn') t += `:${p.facing ?? 'north'}${p.lateral ? ':lateral' : ''}`;
      return t;
    })
    .sort()
    .join(' ');
}

/** Human sentence for screen readers: "King (ivory) on e1; ...". */
export function describeSquare(doc: UnlockTheKingLevel, square: string): string {
  const parts: string[] = [];
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

/** From/to squares of a LAN move (`Nb1-c3`, `Rd1xd7`, `Pe2-e4`), or null when it does not parse. */
export function lanSquares(lan: string): { from: string; to: string } | null {
  const m = /^[KQRBNPS]?([a-z][1-9][0-9]?)[-x]([a-z][1-9][0-9]?)/.exec(lan);
  return m ? { from: m[1]!, to: m[2]! } : null;
}
