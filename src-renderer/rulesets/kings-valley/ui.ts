/**
 * King's Valley's editing module (RulesetUi, ../ruleset-ui.ts): select and
 * erase; the terrain tools painting pillars or floor (KV-1: brush B,
 * rectangle R, fill F; H switches; never a pillar on the valley, KV-9);
 * the king (K) and soldier (S), one palette button per side (KV-1); the
 * pillar (X: click or paint). Toggles: C side (of the selected piece, else
 * of new pieces), H paint mode. The goal "win in N" (KV-8) is the generic
 * inspector's; side to move, starting setup and the KV-3 option are the
 * module's settings.
 */
import type { KingsValleyLevel, KvSide } from '../../../src-shared/model/level.js';
import { kingsValley } from '../../../src-shared/rulesets/kings-valley/def.js';
import { paintModeAction, terrainTools, type Terrain } from '../../editor/terrain-tools.js';
import { eraseTool, replacedNotice, selectTool, type RulesetAction, type RulesetUi, type ToolDef, type ToolVariant } from '../ruleset-ui.js';
import * as ops from './ops.js';
import type { KvPlacement } from './placement.js';
import KvToolIcon from './KvToolIcon.svelte';
import KvPaletteOptions from './KvPaletteOptions.svelte';
import KvSquare from './KvSquare.svelte';
import KvSettings from './KvSettings.svelte';
import KvLegend from './KvLegend.svelte';
import KvEmblem from './KvEmblem.svelte';

export type { KvPlacement } from './placement.js';

type L = KingsValleyLevel;

export const KV_PLACEMENT: KvPlacement = { kvSide: 'white', paint: 'pillar' };

/** Pillars as paintable terrain (KV-1): never on a piece, never on the valley (KV-9). */
export const KV_TERRAIN: Terrain<L> = {
  feature: 'pillar',
  features: 'pillars',
  blocker: 'a piece',
  blockers: 'pieces',
  ruling: 'KV-1',
  isFeature: ops.isPillar,
  paint: ops.paintPillars,
};

const SIDE_NAME: Record<KvSide, string> = { white: 'White', black: 'Black' };
const sideOf = (p: unknown): KvSide => (p as KvPlacement).kvSide;

function pieceTool(role: ops.KvRole, key: string, hint: string): ToolDef<L> {
  const variants: ToolVariant[] = (['white', 'black'] as const).map((side) => ({
    label: `${SIDE_NAME[side]} ${role}`,
    testId: `palette-kv-${role}-${side}`,
    placement: { kvSide: side },
    help: 'C switches side — click to pick, drag onto the board to place',
  }));
  return {
    id: role,
    key,
    label: role === 'king' ? 'King' : 'Soldier',
    group: 'Pieces',
    drops: true,
    variants,
    hint: () => hint,
    apply(ctx, at) {
      const side = sideOf(ctx.placement);
      replacedNotice(
        ctx,
        ctx.edit(`Place ${side} ${role}`, (tx) => ops.placePiece(tx, at, { role, side })),
        at,
      );
      ctx.select(at);
    },
  };
}

const pillarTool: ToolDef<L> = {
  id: 'pillar',
  key: 'X',
  label: 'Pillar',
  group: 'Board',
  drops: true,
  paints: 'stroke',
  dragsItems: true,
  help: 'click, or drag across empty squares to paint; drag onto the board',
  hint: () => 'Pillar: click a square (replaces what is there) or drag across empty squares to paint pillars (KV-1)',
  apply(ctx, at) {
    if (ctx.stroke) {
      if (ops.topItem(ctx.doc, at) === null) ctx.edit('Paint pillars', (tx) => ops.placePillar(tx, at));
      return;
    }
    replacedNotice(
      ctx,
      ctx.edit('Place pillar', (tx) => ops.placePillar(tx, at)),
      at,
    );
    ctx.select(at);
  },
};

const ACTIONS: RulesetAction<L>[] = [
  {
    id: 'toggle-color',
    key: 'C',
    label: 'Toggle side (white / black)',
    description: 'Switch the side of new kings and soldiers, or of the selected piece',
    run(ctx) {
      const k = ctx.selection ? ops.pieceAt(ctx.doc, ctx.selection) : undefined;
      if (k) ctx.edit('Edit piece', (tx) => void ops.setPieceProps(tx, k.square, { side: k.side === 'white' ? 'black' : 'white' }));
      else ctx.setPlacement({ kvSide: sideOf(ctx.placement) === 'white' ? 'black' : 'white' });
    },
  },
  paintModeAction(KV_TERRAIN),
];

export const kingsValleyUi: RulesetUi<L> = {
  def: kingsValley,
  tools: [
    selectTool(),
    eraseTool((tx, sq) => void ops.eraseTop(tx, sq)),
    ...terrainTools(KV_TERRAIN),
    pieceTool('king', 'K', 'King: click a square to place the king of the chosen side (C switches white / black; one king per side, KV-9)'),
    pieceTool('soldier', 'S', 'Soldier: click a square to place a soldier of the chosen side (C switches white / black)'),
    pillarTool,
  ],
  actions: ACTIONS,
  placement: { ...KV_PLACEMENT },
  topItem: ops.topItem,
  moveItem: ops.moveItem,
  eraseTop: (tx, sq) => void ops.eraseTop(tx, sq),
  resize: { anchor: 'middle-center', loss: ops.removedByResize, apply: ops.setBoardSize },
  setGoal: ops.setGoal,
  summary(doc) {
    const white = doc.pieces.filter((p) => p.side === 'white').length;
    return `${white} white · ${doc.pieces.length - white} black · ${(doc.pillars ?? []).length} pillars`;
  },
  playAgainstEngine: true,
  components: { ToolIcon: KvToolIcon, PaletteOptions: KvPaletteOptions, SquareInspector: KvSquare, Settings: KvSettings, Legend: KvLegend, Emblem: KvEmblem },
  // Playtest: both sides by hand; against the engine: the person on `side` (default the side to move, KV-8's attacker).
};
