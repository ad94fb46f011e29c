/**
 * Copy / cut / paste of a rectangular board region (issue 9 item 3), pure
 * TS, never throws.
 *
 * A `RegionClip` holds everything square-based in the rectangle, with
 * squares made relative: `dx` = files right of the left edge, `dy` = rows
 * down from the top edge (so a paste puts the clip's top-left corner on the
 * target square). Per ruleset:
 * - Unlock the King: pieces (role, colour, pawn facing / lateral), walls,
 *   the portal (UK-1, UK-4, UK-6);
 * - Chess Maze: pieces (role, side, facing), holes, tiles (CM-1, CM-5..CM-11);
 * - King's Valley: pieces (king / soldier, side), pillars (KV-1);
 * - Locking Chess: not supported (`region-unsupported`): its board is the
 *   LFEN position, edited through its own board.
 *
 * Paste REPLACES the destination rectangle: its content is cleared first,
 * then the clip is written, so the result never mixes two squares' content
 * (a Chess Maze hole under a pasted piece and the like cannot happen). Two
 * things are never cleared: the Unlock the King portal (exactly one, UK-6:
 * it moves only when the clip brings one) and the King's Valley valley
 * (the board's centre, KV-1). Content that does not fit is dropped with a
 * note: squares off the board (the paste is clipped at the edge), a wall
 * on the kept portal (UK-6), a pillar on the valley (KV-9), and across
 * rulesets every kind the target does not have (walls, holes, pillars,
 * tiles, the portal; pieces convert between Unlock the King and Chess Maze,
 * King's Valley pieces convert to nothing and back).
 */
import type { ChessMazeLevel, CmPiece, CmTile, KingsValleyLevel, KvPiece, Ruleset, UkPiece, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { parseSquare, squareName } from '../../src-shared/model/square.js';
import type { EditableLevel } from './default-doc.js';
import { valleySquare } from './kv-ops.js';

/** The format tag of a clip written to the system clipboard as JSON. */
export const REGION_FORMAT = 'castellan.region';

/** A rectangle of squares, 0-based inclusive bounds. */
export interface RegionRect {
  minFile: number;
  maxFile: number;
  minRank: number;
  maxRank: number;
}

type Rel = { dx: number; dy: number };

export interface RegionClip {
  format: typeof REGION_FORMAT;
  version: 1;
  /** Ruleset the region was copied from. */
  ruleset: Ruleset;
  /** Size in squares. */
  width: number;
  height: number;
  /** Piece fields without `square` (UK: role/color/facing/lateral; CM: role/side/facing; KV: role/side). */
  pieces: (Rel & Record<string, unknown>)[];
  /** Chess Maze tiles without `square`. */
  tiles: (Rel & Record<string, unknown>)[];
  walls: Rel[];
  holes: Rel[];
  pillars: Rel[];
  portal?: Rel;
}

export type RegionError = { ok: false; code: string; message: string };

/** The rectangle spanned by two corner squares (either order), or null when a name does not parse. */
export function regionOf(a: string, b: string): RegionRect | null {
  const p = parseSquare(a);
  const q = parseSquare(b);
  if (!p || !q) return null;
  return { minFile: Math.min(p.file, q.file), maxFile: Math.max(p.file, q.file), minRank: Math.min(p.rank, q.rank), maxRank: Math.max(p.rank, q.rank) };
}

/** Squares of a rectangle, top row first, left to right. */
export function rectSquareNames(r: RegionRect): string[] {
  const out: string[] = [];
  for (let rank = r.maxRank; rank >= r.minRank; rank--) for (let f = r.minFile; f <= r.maxFile; f++) out.push(squareName(f, rank));
  return out;
}

function inRect(square: string, r: RegionRect): boolean {
  const c = parseSquare(square);
  return !!c && c.file >= r.minFile && c.file <= r.maxFile && c.rank >= r.minRank && c.rank <= r.maxRank;
}

function rel(square: string, r: RegionRect): Rel {
  const c = parseSquare(square)!;
  return { dx: c.file - r.minFile, dy: r.maxRank - c.rank };
}

function withoutSquare(o: object): Record<string, unknown> {
  const c: Record<string, unknown> = { ...o };
  delete c['square'];
  return c;
}

/** Number of things in a clip (pieces, tiles, walls, holes, pillars, portal). */
export function clipSize(c: RegionClip): number {
  return c.pieces.length + c.tiles.length + c.walls.length + c.holes.length + c.pillars.length + (c.portal ? 1 : 0);
}

/**
 * Copies everything square-based inside `rect` (module doc). Errors:
 * `region-unsupported` (Locking Chess), `region-off-board` (the rectangle
 * is not on the board).
 */
export function copyRegion(doc: EditableLevel, rect: RegionRect): { ok: true; clip: RegionClip } | RegionError {
  if (doc.ruleset === 'locking-chess') return { ok: false, code: 'region-unsupported', message: 'Copy and paste of regions is not available for Locking Chess positions' };
  const { width, height } = doc.board;
  if (rect.minFile < 0 || rect.minRank < 0 || rect.maxFile >= width || rect.maxRank >= height || rect.minFile > rect.maxFile || rect.minRank > rect.maxRank) {
    return { ok: false, code: 'region-off-board', message: 'The region is not on the board' };
  }
  const clip: RegionClip = {
    format: REGION_FORMAT,
    version: 1,
    ruleset: doc.ruleset,
    width: rect.maxFile - rect.minFile + 1,
    height: rect.maxRank - rect.minRank + 1,
    pieces: [],
    tiles: [],
    walls: [],
    holes: [],
    pillars: [],
  };
  const pieces = doc.pieces as { square: string }[];
  for (const p of pieces) if (inRect(p.square, rect)) clip.pieces.push({ ...rel(p.square, rect), ...withoutSquare(p) });
  if (doc.ruleset === 'unlock-the-king') {
    for (const w of doc.walls ?? []) if (inRect(w, rect)) clip.walls.push(rel(w, rect));
    if (inRect(doc.portal, rect)) clip.portal = rel(doc.portal, rect);
  } else if (doc.ruleset === 'chess-maze') {
    for (const h of doc.board.holes ?? []) if (inRect(h, rect)) clip.holes.push(rel(h, rect));
    for (const t of doc.tiles ?? []) if (inRect(t.square, rect)) clip.tiles.push({ ...rel(t.square, rect), ...withoutSquare(t) });
  } else {
    for (const p of doc.pillars ?? []) if (inRect(p, rect)) clip.pillars.push(rel(p, rect));
  }
  return { ok: true, clip };
}

/**
 * Removes everything square-based inside `rect` (a cut), except the Unlock
 * the King portal (exactly one, UK-6). Answers the new document and how many
 * things were removed. Locking Chess: `region-unsupported`.
 */
export function clearRegion(doc: EditableLevel, rect: RegionRect): { ok: true; doc: EditableLevel; removed: number } | RegionError {
  if (doc.ruleset === 'locking-chess') return { ok: false, code: 'region-unsupported', message: 'Copy and paste of regions is not available for Locking Chess positions' };
  let removed = 0;
  const keep = <T>(list: T[] | undefined, sq: (x: T) => string): T[] | undefined => {
    if (!list) return list;
    const out = list.filter((x) => !inRect(sq(x), rect));
    removed += list.length - out.length;
    return out;
  };
  if (doc.ruleset === 'unlock-the-king') {
    const out: UnlockTheKingLevel = { ...doc, pieces: keep(doc.pieces, (p) => p.square)! };
    if (doc.walls) out.walls = keep(doc.walls, (w) => w)!;
    return { ok: true, doc: out, removed };
  }
  if (doc.ruleset === 'chess-maze') {
    const out: ChessMazeLevel = { ...doc, board: { ...doc.board }, pieces: keep(doc.pieces, (p) => p.square)! };
    if (doc.board.holes) out.board.holes = keep(doc.board.holes, (h) => h)!;
    if (doc.tiles) out.tiles = keep(doc.tiles, (t) => t.square)!;
    return { ok: true, doc: out, removed };
  }
  const out: KingsValleyLevel = { ...doc, pieces: keep(doc.pieces, (p) => p.square)! };
  if (doc.pillars) out.pillars = keep(doc.pillars, (p) => p)!;
  return { ok: true, doc: out, removed };
}

const RULESET_NAME: Record<Ruleset, string> = {
  'unlock-the-king': 'Unlock the King',
  'chess-maze': 'Chess Maze',
  'kings-valley': "King's Valley",
  'locking-chess': 'Locking Chess',
};

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Converts a clip piece to the target ruleset's piece, or null when it has no equivalent (notes what was lost). */
function convertPiece(p: Record<string, unknown>, from: Ruleset, to: Ruleset, square: string, lost: Set<string>): UkPiece | CmPiece | KvPiece | null {
  const role = p['role'] as string;
  if (from === to) return { ...(p as object), square } as unknown as UkPiece;
  if (to === 'kings-valley' || from === 'kings-valley') return null;
  const facing = p['facing'] as UkPiece['facing'];
  if (to === 'chess-maze') {
    if (p['lateral'] === true) lost.add('lateral pawn steps (Chess Maze pawns have none, CM-3)');
    const out: CmPiece = { role: role as CmPiece['role'], square, side: 'player' };
    if (role === 'pawn' && facing) out.facing = facing;
    return out;
  }
  if (p['side'] === 'enemy') lost.add('enemy sides (every Unlock the King piece is the player’s, UK-3; enemies became obsidian)');
  const out: UkPiece = { role: role as UkPiece['role'], square, color: p['side'] === 'enemy' ? 'obsidian' : 'ivory' };
  if (role === 'pawn' && facing) out.facing = facing;
  return out;
}

export interface PasteResult {
  ok: true;
  doc: EditableLevel;
  /** Things written. */
  pasted: number;
  /** Things the destination rectangle held before (replaced). */
  replaced: number;
  /** User-facing notes: what was clipped or dropped, and why. */
  notes: string[];
}

/**
 * Pastes `clip` with its top-left square on `at` (module doc: the
 * destination rectangle is replaced, clipped at the board edge). Errors:
 * `region-unsupported` (Locking Chess target), `paste-off-board` (`at` is
 * not on the board), `paste-nothing` (nothing of the clip fits or exists
 * in the target ruleset).
 */
export function pasteRegion(doc: EditableLevel, clip: RegionClip, at: string): PasteResult | RegionError {
  if (doc.ruleset === 'locking-chess') return { ok: false, code: 'region-unsupported', message: 'Copy and paste of regions is not available for Locking Chess positions' };
  const a = parseSquare(at);
  const { width, height } = doc.board;
  if (!a || a.file >= width || a.rank >= height) return { ok: false, code: 'paste-off-board', message: `${at} is not on the board` };
  const target: RegionRect = {
    minFile: a.file,
    maxFile: Math.min(width - 1, a.file + clip.width - 1),
    maxRank: a.rank,
    minRank: Math.max(0, a.rank - clip.height + 1),
  };
  const notes: string[] = [];
  let off = 0;
  const place = (r: Rel): string | null => {
    const f = a.file + r.dx;
    const rank = a.rank - r.dy;
    if (f < 0 || f >= width || rank < 0 || rank >= height || f > 25 || rank > 25) {
      off++;
      return null;
    }
    return squareName(f, rank);
  };
  const cleared = clearRegion(doc, target);
  if (!cleared.ok) return cleared;
  const base = cleared.doc;
  const from = clip.ruleset;
  const to = doc.ruleset;
  const dropped = new Map<string, number>();
  const drop = (what: string, n = 1): void => void dropped.set(what, (dropped.get(what) ?? 0) + n);
  const lost = new Set<string>();
  let pasted = 0;

  const pieces: (UkPiece | CmPiece | KvPiece)[] = (base.pieces as (UkPiece | CmPiece | KvPiece)[]).slice();
  for (const p of clip.pieces) {
    const sq = place(p);
    if (!sq) continue;
    const { dx: _dx, dy: _dy, ...props } = p;
    const q = convertPiece(props, from, to, sq, lost);
    if (!q) {
      drop('piece');
      continue;
    }
    pieces.push(q);
    pasted++;
  }

  let out: EditableLevel;
  if (to === 'unlock-the-king') {
    const d = base as UnlockTheKingLevel;
    const u: UnlockTheKingLevel = { ...d, pieces: pieces as UkPiece[] };
    let portal = d.portal;
    if (clip.portal && from === 'unlock-the-king') {
      const sq = place(clip.portal);
      if (sq) {
        portal = sq;
        pasted++;
      }
    }
    u.portal = portal;
    const walls = (d.walls ?? []).slice();
    if (from === 'unlock-the-king') {
      for (const w of clip.walls) {
        const sq = place(w);
        if (!sq) continue;
        if (sq === portal) {
          notes.push(`The wall for ${sq} was not pasted: the portal stays there (UK-6)`);
          continue;
        }
        walls.push(sq);
        pasted++;
      }
    }
    if (d.walls || walls.length) u.walls = walls;
    out = u;
  } else if (to === 'chess-maze') {
    const d = base as ChessMazeLevel;
    const c: ChessMazeLevel = { ...d, board: { ...d.board }, pieces: pieces as CmPiece[] };
    if (from === 'chess-maze') {
      const holes = (d.board.holes ?? []).slice();
      for (const h of clip.holes) {
        const sq = place(h);
        if (!sq) continue;
        holes.push(sq);
        pasted++;
      }
      if (d.board.holes || holes.length) c.board.holes = holes;
      const tiles = (d.tiles ?? []).slice();
      for (const t of clip.tiles) {
        const sq = place(t);
        if (!sq) continue;
        const { dx: _dx, dy: _dy, ...props } = t;
        tiles.push({ ...props, square: sq } as unknown as CmTile);
        pasted++;
      }
      if (d.tiles || tiles.length) c.tiles = tiles;
    }
    out = c;
  } else {
    const d = base as KingsValleyLevel;
    const k: KingsValleyLevel = { ...d, pieces: pieces as KvPiece[] };
    if (from === 'kings-valley') {
      const valley = valleySquare(d.board.width, d.board.height);
      const pillars = (d.pillars ?? []).slice();
      for (const p of clip.pillars) {
        const sq = place(p);
        if (!sq) continue;
        if (sq === valley) {
          notes.push(`The pillar for ${sq} was not pasted: no pillar on the valley (KV-9)`);
          continue;
        }
        pillars.push(sq);
        pasted++;
      }
      if (d.pillars || pillars.length) k.pillars = pillars;
    }
    out = k;
  }

  if (from !== to) {
    if (clip.walls.length && to !== 'unlock-the-king') drop('wall', clip.walls.length);
    if (clip.portal && to !== 'unlock-the-king') drop('portal');
    if (clip.holes.length && to !== 'chess-maze') drop('hole', clip.holes.length);
    if (clip.tiles.length && to !== 'chess-maze') drop('tile', clip.tiles.length);
    if (clip.pillars.length && to !== 'kings-valley') drop('pillar', clip.pillars.length);
  }
  if (dropped.size) {
    const list = [...dropped].map(([what, n]) => plural(n, what)).join(', ');
    notes.push(`Dropped ${list}: ${RULESET_NAME[to]} has no such ${dropped.size === 1 && dropped.has('piece') ? 'pieces' : 'content'}`);
  }
  for (const l of lost) notes.push(`Dropped ${l}`);
  if (off) notes.push(`${plural(off, 'item')} fell off the board: the paste was clipped at the edge`);
  if (pasted === 0 && clipSize(clip) > 0) {
    return { ok: false, code: 'paste-nothing', message: `Nothing pasted. ${notes.join('. ')}` };
  }
  return { ok: true, doc: out, pasted, replaced: cleared.removed, notes };
}

/**
 * Reads a clip back from JSON text (the system clipboard): null unless it is
 * an object tagged `format: "castellan.region"`, version 1, with the clip's
 * arrays. Never throws.
 */
export function parseClip(text: string): RegionClip | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  if (o['format'] !== REGION_FORMAT || o['version'] !== 1) return null;
  const rs = o['ruleset'];
  if (rs !== 'unlock-the-king' && rs !== 'chess-maze' && rs !== 'kings-valley') return null;
  const int = (x: unknown): boolean => Number.isInteger(x) && (x as number) >= 0 && (x as number) <= 26;
  if (!int(o['width']) || !int(o['height']) || (o['width'] as number) < 1 || (o['height'] as number) < 1) return null;
  const rels = (x: unknown): boolean => Array.isArray(x) && x.every((e) => typeof e === 'object' && e !== null && int((e as Rel).dx) && int((e as Rel).dy));
  for (const k of ['pieces', 'tiles', 'walls', 'holes', 'pillars']) if (!rels(o[k])) return null;
  if (o['portal'] !== undefined && !rels([o['portal']])) return null;
  return v as RegionClip;
}
