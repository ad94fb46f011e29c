/**
 * Copy / cut / paste of a rectangular board region, generic over the
 * rulesets' square fields (src-shared/ruleset.ts `SquareFields`): pure TS,
 * never throws, no ruleset branch. Every function takes the ruleset module
 * as a value (default: the document's ruleset in the core registry), so a
 * ruleset defined in a test works the same.
 *
 * A `RegionClip` (format `castellan.region`, version 1) holds the square
 * items inside the rectangle with squares made relative: `dx` = files right
 * of the left edge, `dy` = rows down from the top edge (a paste puts the
 * clip's top-left corner on the target square). Item kinds map to the
 * clip's fields: `piece` -> `pieces` (its props flattened), `wall` /
 * `hole` / `pillar` -> `walls` / `holes` / `pillars` (bare squares),
 * `portal` -> `portal`, every other kind -> `tiles` (`{kind, ...props}`).
 * So an Unlock the King clip lists pieces, walls and the portal (UK-1,
 * UK-4, UK-6), a Chess Maze clip pieces, holes and tiles (CM-1,
 * CM-5..CM-11), a King's Valley clip pieces and pillars (KV-1), a Locking
 * Chess clip one piece per stack level (`level` bottom / top, LC-2), and
 * clips written before stay readable.
 *
 * Paste REPLACES the destination rectangle: its content is cleared first,
 * then the clip is written, so the result never mixes two squares'
 * content. Kinds the ruleset pins (`SquareFields.pinned`, the UK-6 portal)
 * are never cleared; they move only when the clip brings one. Content that
 * does not fit is dropped with a note: squares off the board (the paste is
 * clipped at the edge), items the ruleset refuses (`refuse`: a wall on the
 * kept portal, UK-6; a pillar on the valley, KV-9), and across rulesets
 * every item the target does not adopt (`adopt`: pieces convert between
 * Unlock the King and Chess Maze, everything else of another ruleset is
 * dropped). What the write cleared besides (`cleared`: Locking Chess
 * castling rights and en passant squares that no longer hold, LC-11 /
 * LC-12) is noted too.
 */
import { parseSquare, squareName } from '../../src-shared/model/square.js';
import type { AdoptedItem, LevelBase, RulesetDef, SquareItem } from '../../src-shared/ruleset.js';
import { rulesetOf } from '../../src-shared/rulesets/index.js';

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
  /** Ruleset id the region was copied from. */
  ruleset: string;
  /** Size in squares. */
  width: number;
  height: number;
  /** Items of kind `piece`: their props (UK: role/color/facing/lateral; CM: role/side/facing; KV: role/side; LC: role/color/level). */
  pieces: (Rel & Record<string, unknown>)[];
  /** Items of other kinds with props (Chess Maze tiles): `kind` and the props. */
  tiles: (Rel & Record<string, unknown>)[];
  walls: Rel[];
  holes: Rel[];
  pillars: Rel[];
  portal?: Rel;
}

export type RegionError = { ok: false; code: string; message: string };

/** The clip fields that hold bare squares of one item kind. */
const BARE_FIELDS = { wall: 'walls', hole: 'holes', pillar: 'pillars' } as const;

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

/** Number of things in a clip (pieces, tiles, walls, holes, pillars, portal). */
export function clipSize(c: RegionClip): number {
  return c.pieces.length + c.tiles.length + c.walls.length + c.holes.length + c.pillars.length + (c.portal ? 1 : 0);
}

/** Writes one item into the clip's fields (module doc). */
function addToClip(clip: RegionClip, at: Rel, it: SquareItem): void {
  const bare = Object.keys(it.props).length === 0;
  if (it.kind === 'piece') clip.pieces.push({ ...at, ...it.props });
  else if (bare && it.kind === 'portal') clip.portal = at;
  else if (bare && Object.hasOwn(BARE_FIELDS, it.kind)) clip[BARE_FIELDS[it.kind as keyof typeof BARE_FIELDS]].push(at);
  else clip.tiles.push({ ...at, kind: it.kind, ...it.props });
}

/** The clip's items with their relative squares, in field order: pieces, tiles, walls, holes, pillars, portal. */
function clipItems(clip: RegionClip): (Rel & { kind: string; props: Record<string, unknown> })[] {
  const out: (Rel & { kind: string; props: Record<string, unknown> })[] = [];
  for (const { dx, dy, ...props } of clip.pieces) out.push({ dx, dy, kind: 'piece', props });
  for (const { dx, dy, kind, ...props } of clip.tiles) if (typeof kind === 'string') out.push({ dx, dy, kind, props });
  for (const [kind, field] of Object.entries(BARE_FIELDS)) for (const { dx, dy } of clip[field]) out.push({ dx, dy, kind, props: {} });
  if (clip.portal) out.push({ dx: clip.portal.dx, dy: clip.portal.dy, kind: 'portal', props: {} });
  return out;
}

function unsupported(doc: LevelBase): RegionError {
  return { ok: false, code: 'region-unsupported', message: `Copy and paste of regions is not available for ${String(doc.ruleset)} documents` };
}

/**
 * Copies every square item inside `rect` (module doc). Errors:
 * `region-unsupported` (no module for the document's ruleset),
 * `region-off-board` (the rectangle is not on the board).
 */
export function copyRegion<L extends LevelBase>(
  doc: L,
  rect: RegionRect,
  def: RulesetDef<L> | undefined = rulesetOf(doc) as RulesetDef<L> | undefined,
): { ok: true; clip: RegionClip } | RegionError {
  if (!def) return unsupported(doc);
  const { width, height } = doc.board;
  if (rect.minFile < 0 || rect.minRank < 0 || rect.maxFile >= width || rect.maxRank >= height || rect.minFile > rect.maxFile || rect.minRank > rect.maxRank) {
    return { ok: false, code: 'region-off-board', message: 'The region is not on the board' };
  }
  const clip: RegionClip = {
    format: REGION_FORMAT,
    version: 1,
    ruleset: def.id,
    width: rect.maxFile - rect.minFile + 1,
    height: rect.maxRank - rect.minRank + 1,
    pieces: [],
    tiles: [],
    walls: [],
    holes: [],
    pillars: [],
  };
  for (const it of def.squares.items(doc)) if (inRect(it.square, rect)) addToClip(clip, rel(it.square, rect), it);
  return { ok: true, clip };
}

/** A cut's result: the new document, how many items went, and what the ruleset cleared besides (LC-12 castling rights). */
export interface ClearResult<L> {
  ok: true;
  doc: L;
  removed: number;
  notes: string[];
}

/**
 * Removes every square item inside `rect` (a cut), except the kinds the
 * ruleset pins (the UK-6 portal). Answers the new document, how many items
 * were removed and the ruleset's notes on what else it cleared.
 * `region-unsupported` without a module.
 */
export function clearRegion<L extends LevelBase>(
  doc: L,
  rect: RegionRect,
  def: RulesetDef<L> | undefined = rulesetOf(doc) as RulesetDef<L> | undefined,
): ClearResult<L> | RegionError {
  if (!def) return unsupported(doc);
  const sq = def.squares;
  const pinned = new Set(sq.pinned ?? []);
  const all = sq.items(doc);
  const keep = all.filter((it) => !inRect(it.square, rect) || pinned.has(it.kind));
  const out = sq.withItems(doc, keep);
  return { ok: true, doc: out, removed: all.length - keep.length, notes: sq.cleared?.(doc, out) ?? [] };
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What a paste left out, counted by reason. */
export interface PasteDrops {
  /** Items that fell off the board (the paste was clipped at the edge). */
  offBoard: number;
  /** Items the target ruleset refused where they landed (`refuse`: a wall on the kept portal, UK-6; a pillar on the valley, KV-9). */
  refused: number;
  /** Items of another ruleset the target has no notion of (no `adopt`). */
  foreign: number;
}

export interface PasteResult<L = LevelBase> {
  ok: true;
  doc: L;
  /** Things written. */
  pasted: number;
  /** Things the destination rectangle held before (replaced). */
  replaced: number;
  /** What was left out, by reason. */
  dropped: PasteDrops;
  /** User-facing notes: what was clipped, dropped or cleared, and why. */
  notes: string[];
}

/** How many items a paste left out in all. */
export function droppedCount(d: PasteDrops): number {
  return d.offBoard + d.refused + d.foreign;
}

/**
 * Pastes `clip` with its top-left square on `at` (module doc: the
 * destination rectangle is replaced, clipped at the board edge). Errors:
 * `region-unsupported` (no module), `paste-off-board` (`at` is not on the
 * board), `paste-nothing` (nothing of the clip fits or exists in the
 * target ruleset; the message says why).
 */
export function pasteRegion<L extends LevelBase>(
  doc: L,
  clip: RegionClip,
  at: string,
  def: RulesetDef<L> | undefined = rulesetOf(doc) as RulesetDef<L> | undefined,
): PasteResult<L> | RegionError {
  if (!def) return unsupported(doc);
  const sq = def.squares;
  const a = parseSquare(at);
  const { width, height } = doc.board;
  if (!a || a.file >= width || a.rank >= height) return { ok: false, code: 'paste-off-board', message: `${at} is not on the board` };
  const target: RegionRect = {
    minFile: a.file,
    maxFile: Math.min(width - 1, a.file + clip.width - 1),
    maxRank: a.rank,
    minRank: Math.max(0, a.rank - clip.height + 1),
  };
  const place = (r: Rel): string | null => {
    const f = a.file + r.dx;
    const rank = a.rank - r.dy;
    if (f < 0 || f >= width || rank < 0 || rank >= height || f > 25 || rank > 25) return null;
    return squareName(f, rank);
  };
  const cleared = clearRegion(doc, target, def);
  if (!cleared.ok) return cleared;
  const base = cleared.doc;
  const same = clip.ruleset === def.id;
  const notes: string[] = [];
  const dropped = new Map<string, number>();
  const lost = new Set<string>();
  let off = 0;

  const placed: SquareItem[] = [];
  for (const c of clipItems(clip)) {
    const square = place(c);
    const it: SquareItem = { square: square ?? '', kind: c.kind, props: c.props };
    const adopted: AdoptedItem | null = same ? { item: it } : (sq.adopt?.(it, clip.ruleset) ?? null);
    if (!adopted) {
      dropped.set(c.kind, (dropped.get(c.kind) ?? 0) + 1);
      continue;
    }
    if (!square) {
      off++;
      continue;
    }
    if (adopted.lost) lost.add(adopted.lost);
    placed.push({ ...adopted.item, square });
  }

  // Pinned kinds first (a pasted portal replaces the kept one), then the rest is checked against that board.
  let pasted = 0;
  let refused = 0;
  const accept = (level: L, list: SquareItem[]): SquareItem[] =>
    list.filter((it) => {
      const why = sq.refuse?.(level, it);
      if (why) {
        notes.push(`The ${it.kind} for ${it.square} was not pasted: ${why}`);
        refused++;
      } else pasted++;
      return !why;
    });
  const add = (level: L, list: SquareItem[]): L => (list.length ? sq.withItems(level, [...sq.items(level), ...list]) : level);
  const pinned = new Set(sq.pinned ?? []);
  const mid = add(
    base,
    accept(
      base,
      placed.filter((it) => pinned.has(it.kind)),
    ),
  );
  const out = add(
    mid,
    accept(
      mid,
      placed.filter((it) => !pinned.has(it.kind)),
    ),
  );

  if (dropped.size) {
    const list = [...dropped].map(([what, n]) => plural(n, what)).join(', ');
    notes.push(`Dropped ${list}: ${def.name} has no such ${dropped.size === 1 && dropped.has('piece') ? 'pieces' : 'content'}`);
  }
  for (const l of lost) notes.push(`Dropped ${l}`);
  if (off) notes.push(`${plural(off, 'item')} fell off the board: the paste was clipped at the edge`);
  notes.push(...(sq.cleared?.(doc, out) ?? []));
  const foreign = [...dropped.values()].reduce((a, b) => a + b, 0);
  if (pasted === 0 && clipSize(clip) > 0) {
    return { ok: false, code: 'paste-nothing', message: `Nothing pasted. ${notes.join('. ')}` };
  }
  return { ok: true, doc: out, pasted, replaced: cleared.removed, dropped: { offBoard: off, refused, foreign }, notes };
}

/**
 * Reads a clip back from JSON text (the system clipboard): null unless it is
 * an object tagged `format: "castellan.region"`, version 1, with a ruleset
 * id, a size of 1..26 squares and the clip's arrays of relative squares.
 * Never throws.
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
  if (typeof rs !== 'string' || !/^[a-z0-9-]{1,64}$/.test(rs)) return null;
  const int = (x: unknown): boolean => Number.isInteger(x) && (x as number) >= 0 && (x as number) <= 26;
  if (!int(o['width']) || !int(o['height']) || (o['width'] as number) < 1 || (o['height'] as number) < 1) return null;
  const rels = (x: unknown): boolean => Array.isArray(x) && x.every((e) => typeof e === 'object' && e !== null && int((e as Rel).dx) && int((e as Rel).dy));
  for (const k of ['pieces', 'tiles', 'walls', 'holes', 'pillars']) if (!rels(o[k])) return null;
  if (o['portal'] !== undefined && !rels([o['portal']])) return null;
  return v as RegionClip;
}
