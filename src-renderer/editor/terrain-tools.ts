/**
 * Terrain painting for every ruleset with a square feature that is painted
 * rather than placed: Chess Maze holes (CM-1), Unlock the King walls
 * (UK-1), King's Valley pillars (KV-1). One definition (`Terrain`) gives a
 * ruleset its brush (B), rectangle (R) and flood-fill (F) tools and the
 * paint-mode toggle (H, placement option `paint`: the feature or `floor`),
 * with the same labels, notices and hints everywhere.
 *
 * Painting never destroys: the ruleset's `paint` skips squares whose
 * content the feature may not cover (and says which); every gesture is ONE
 * undo step (a stroke merges, a rectangle and a fill are one edit).
 */
import { parseSquare, squareName } from '../../src-shared/model/square.js';
import type { LevelBase } from '../../src-shared/ruleset.js';
import { rectSquares, type Placement, type RulesetAction, type ToolContext, type ToolDef } from '../rulesets/ruleset-ui.js';
import type { Tx } from './doc-ops.js';

/** What one paint edit did. */
export interface PaintResult {
  /** Squares whose terrain changed. */
  changed: string[];
  /** Squares left alone because of what stands there (named in the notice). */
  skipped: string[];
  /** Other squares left alone, with the reason (KV-9: no pillar on the valley). */
  notes?: string[];
}

/** A ruleset's paintable feature. */
export interface Terrain<L extends LevelBase> {
  /** The `paint` placement value that paints the feature (`hole`, `wall`, `pillar`); `floor` paints it away. */
  feature: string;
  /** Its plural, for labels ("holes"). */
  features: string;
  /** What stops painting the feature on a square: "a piece or tile", and the plural "pieces or tiles". */
  blocker: string;
  blockers: string;
  /** The ruling of the feature (`CM-1`). */
  ruling: string;
  isFeature(doc: L, square: string): boolean;
  /** Paints `squares` with the feature (`mode` = feature) or floor; off-board squares are ignored. */
  paint(tx: Tx<L>, squares: readonly string[], mode: string): PaintResult;
}

/** Keys of the terrain tools and the paint-mode toggle (the same in every ruleset). */
export const TERRAIN_KEYS = { brush: 'B', rect: 'R', fill: 'F', toggle: 'H' } as const;

/**
 * Flood-fill region: the squares 4-connected to `start` whose feature state
 * equals `start`'s (all features, or all floor), on the board; what stands
 * on a square does not stop the flood. Empty when `start` is off the board.
 */
export function fillRegion<L extends LevelBase>(doc: L, start: string, isFeature: (doc: L, square: string) => boolean): string[] {
  const { width, height } = doc.board;
  const s = parseSquare(start);
  if (!s || s.file >= width || s.rank >= height) return [];
  const want = isFeature(doc, start);
  const seen = new Uint8Array(width * height);
  const out: string[] = [];
  const stack: [number, number][] = [[s.file, s.rank]];
  seen[s.rank * width + s.file] = 1;
  while (stack.length) {
    const [f, r] = stack.pop()!;
    out.push(squareName(f, r));
    for (const [df, dr] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      const nf = f + df;
      const nr = r + dr;
      if (nf < 0 || nr < 0 || nf >= width || nr >= height) continue;
      const k = nr * width + nf;
      if (seen[k] || isFeature(doc, squareName(nf, nr)) !== want) continue;
      seen[k] = 1;
      stack.push([nf, nr]);
    }
  }
  return out;
}

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

/** The brush, rectangle and fill tools of a terrain (module doc), in that order, in palette section `group`. */
export function terrainTools<L extends LevelBase>(t: Terrain<L>, group = 'Terrain'): ToolDef<L>[] {
  const mode = (p: Placement): string => (p['paint'] === t.feature ? t.feature : 'floor');
  const what = (p: Placement): string => (mode(p) === t.feature ? t.features : 'floor');
  const switches = `${TERRAIN_KEYS.toggle} switches floor / ${t.feature}`;
  const area = (ctx: ToolContext<L>, squares: readonly string[], label: string): void => {
    const r = ctx.edit(label, (tx) => t.paint(tx, squares, mode(ctx.placement)));
    const parts: string[] = [];
    if (r.skipped.length) {
      const list = r.skipped.length > 4 ? `${r.skipped.slice(0, 4).join(', ')} …` : r.skipped.join(', ');
      parts.push(`Skipped ${plural(r.skipped.length, 'square')} with ${t.blockers} (${list})`);
    }
    parts.push(...(r.notes ?? []));
    if (parts.length) ctx.notify(parts.join('. '), { tone: r.skipped.length ? 'refused' : 'info', ...(r.skipped[0] ? { square: r.skipped[0] } : {}) });
  };
  return [
    {
      id: 'brush',
      key: TERRAIN_KEYS.brush,
      label: 'Brush',
      group,
      icon: 'brush',
      testId: 'tool-brush',
      help: 'paint squares one by one (drag to paint a stroke)',
      paints: 'stroke',
      hint: (p) => `Brush: click or drag to paint ${what(p)} (${switches})`,
      apply(ctx, at) {
        const m = mode(ctx.placement);
        const r = ctx.edit(m === t.feature ? `Paint ${t.features}` : 'Paint floor', (tx) => t.paint(tx, [at], m));
        if (ctx.stroke) return;
        if (r.skipped.length) ctx.notify(`${at} holds ${t.blocker}: erase it before making a ${t.feature}`, { square: at, tone: 'refused' });
        else if (r.notes?.length) ctx.notify(r.notes.join('. '), { square: at, tone: 'info' });
      },
    },
    {
      id: 'rect',
      key: TERRAIN_KEYS.rect,
      label: 'Rectangle',
      group,
      icon: 'rect',
      testId: 'tool-rect',
      help: 'drag from corner to corner',
      paints: 'rect',
      hint: (p) => `Rectangle: drag from corner to corner to paint ${what(p)} (${switches})`,
      apply: (ctx, at, to = at) => area(ctx, rectSquares(at, to), mode(ctx.placement) === t.feature ? `Rectangle of ${t.features}` : 'Rectangle of floor'),
    },
    {
      id: 'fill',
      key: TERRAIN_KEYS.fill,
      label: 'Fill',
      group,
      icon: 'fill',
      testId: 'tool-fill',
      help: 'click to fill the connected area of the same terrain',
      paints: 'fill',
      hint: (p) =>
        `Fill: click to paint the connected ${mode(p) === t.feature ? `floor area as ${t.features}` : `${t.feature} area as floor`} (${TERRAIN_KEYS.toggle} switches)`,
      apply: (ctx, at) => area(ctx, fillRegion(ctx.doc, at, t.isFeature), mode(ctx.placement) === t.feature ? `Fill ${t.features}` : 'Fill floor'),
    },
  ];
}

/** The paint-mode toggle (H): the terrain tools paint the feature or floor. */
export function paintModeAction<L extends LevelBase>(t: Terrain<L>): RulesetAction<L> {
  return {
    id: 'toggle-paint',
    key: TERRAIN_KEYS.toggle,
    label: `Paint ${t.features} / floor`,
    description: `Terrain tools paint ${t.features} or floor (${t.ruling})`,
    run: (ctx) => ctx.setPlacement({ paint: ctx.placement['paint'] === t.feature ? 'floor' : t.feature }),
  };
}
