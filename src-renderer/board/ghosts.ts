/**
 * What the board draws for an item on the move, generically through the
 * ruleset module (RulesetDef `squares` and `display`):
 * - the drag ghost: the glyphs of the dragged item alone (the document with
 *   only that item, displayed), so an item drawn as a badge or in a corner
 *   slot is carried at full size;
 * - the paste ghost: the display of the document after the paste
 *   (editor/region.ts `pasteRegion`), restricted to the target rectangle.
 */
import type { Glyph } from '../../src-shared/display/glyph.js';
import type { LevelBase, RulesetDef } from '../../src-shared/ruleset.js';
import { parseSquare } from '../../src-shared/model/square.js';
import { displayLevel } from '../../src-shared/rulesets/index.js';
import type { EditableLevel } from '../editor/default-doc.js';
import { pasteRegion, type RegionClip, type RegionRect } from '../editor/region.js';

/** The glyphs of item `item` (an editor item kind) on `from`, drawn alone; the top-most such item when a square holds several. */
export function dragGhostGlyphs(def: RulesetDef | undefined, doc: LevelBase, from: string, item: string): Glyph[] {
  if (!def) return [];
  const mine = def.squares.items(doc).filter((i) => i.square === from && i.kind === item);
  const top = mine.at(-1);
  if (!top) return [];
  return def.display(def.squares.withItems(doc, [top])).glyphs.filter((g) => g.square === from && g.item === item);
}

/**
 * The paste of `clip` with its top-left on `at`: the target rectangle
 * (clipped at the board edge) and the glyphs the document would show there
 * after the paste (none when the paste is refused); null when `at` is off
 * the board.
 */
export function pasteGhost(doc: EditableLevel, clip: RegionClip, at: string): { rect: RegionRect; glyphs: Glyph[] } | null {
  const a = parseSquare(at);
  const { width, height } = doc.board;
  if (!a || a.file >= width || a.rank >= height) return null;
  const rect: RegionRect = {
    minFile: a.file,
    maxFile: Math.min(width - 1, a.file + clip.width - 1),
    maxRank: a.rank,
    minRank: Math.max(0, a.rank - clip.height + 1),
  };
  const r = pasteRegion(doc, clip, at);
  if (!r.ok) return { rect, glyphs: [] };
  const inside = (g: Glyph): boolean => g.file >= rect.minFile && g.file <= rect.maxFile && g.rank >= rect.minRank && g.rank <= rect.maxRank;
  return { rect, glyphs: displayLevel(r.doc).glyphs.filter(inside) };
}
