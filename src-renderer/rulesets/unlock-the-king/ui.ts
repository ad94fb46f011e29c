/**
 * Unlock the King's editing module (RulesetUi, ../ruleset-ui.ts): select
 * and erase; the terrain tools painting walls or floor (UK-1: brush B,
 * rectangle R, fill F; H switches); the six pieces on the digits with
 * colour (UK-2, cosmetic) and pawn facing / lateral (UK-4) as placement
 * options; the wall (W: click or paint) and the single portal (O, UK-6).
 * Toggles: C colour, D pawn facing, L lateral, H paint mode, each on the
 * selected piece when there is one, else on new pieces.
 */
import { FACINGS, ROLES, type Facing, type Role, type UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { unlockTheKing } from '../../../src-shared/rulesets/unlock-the-king/def.js';
import { ROLE_NAME } from '../../../src-shared/display/art/pieces.js';
import { paintModeAction, terrainTools, type Terrain } from '../../editor/terrain-tools.js';
import { eraseTool, PIECE_KEYS, replacedNotice, selectTool, type ActionContext, type RulesetAction, type RulesetUi, type ToolDef } from '../ruleset-ui.js';
import * as ops from './ops.js';
import type { UkPlacement } from './placement.js';
import UkToolIcon from './UkToolIcon.svelte';
import UkPaletteOptions from './UkPaletteOptions.svelte';
import UkSquare from './UkSquare.svelte';
import UkEmblem from './UkEmblem.svelte';

export type { UkPlacement } from './placement.js';

type L = UnlockTheKingLevel;

export const UK_PLACEMENT: UkPlacement = { color: 'ivory', facing: 'north', lateral: false, paint: 'wall' };

/** Walls as paintable terrain (UK-1): never over a piece or the portal (UK-6). */
export const UK_TERRAIN: Terrain<L> = {
  feature: 'wall',
  features: 'walls',
  blocker: 'a piece or the portal',
  blockers: 'pieces or the portal',
  ruling: 'UK-1',
  isFeature: ops.isWall,
  paint: ops.paintWalls,
};

const cap = (s: string): string => `${s[0]!.toUpperCase()}${s.slice(1)}`;

function pieceTool(role: Role): ToolDef<L> {
  return {
    id: role,
    key: PIECE_KEYS[role]!,
    label: ROLE_NAME[role],
    group: 'Pieces',
    drops: true,
    help: 'click to pick, drag onto the board to place',
    hint: () => `${cap(role)}: click a square to place a piece (C switches ivory / obsidian)`,
    apply(ctx, at) {
      const pl = ctx.placement as unknown as UkPlacement;
      replacedNotice(
        ctx,
        ctx.edit(`Place ${role}`, (tx) => ops.placePiece(tx, at, { role, color: pl.color, facing: pl.facing, lateral: pl.lateral })),
        at,
      );
      ctx.select(at);
    },
  };
}

const wallTool: ToolDef<L> = {
  id: 'wall',
  key: 'W',
  label: 'Wall',
  group: 'Board',
  drops: true,
  paints: 'stroke',
  dragsItems: true,
  help: 'click or paint; drag onto the board',
  hint: () => 'Wall: click a square (replaces what is there) or drag across empty squares to paint walls',
  apply(ctx, at) {
    if (ctx.stroke) {
      // A stroke paints empty squares only: it never replaces a piece or the portal.
      if (ops.topItem(ctx.doc, at) === null) ctx.edit('Paint walls', (tx) => ops.placeWall(tx, at));
      return;
    }
    replacedNotice(
      ctx,
      ctx.edit('Place wall', (tx) => ops.placeWall(tx, at)),
      at,
    );
    ctx.select(at);
  },
};

const portalTool: ToolDef<L> = {
  id: 'portal',
  key: 'O',
  label: 'Portal',
  group: 'Board',
  drops: true,
  help: 'the single exit square; drag onto the board',
  hint: () => 'Portal: click a square to move the single exit there',
  apply(ctx, at) {
    // UK-6: exactly one portal: placing it elsewhere moves it, and says so.
    const from = ctx.doc.portal;
    const replaced = ctx.edit('Place portal', (tx) => ops.placePortal(tx, at));
    replacedNotice(ctx, replaced, at, from && from !== at ? [`Moved the portal from ${from} to ${at}`] : []);
    ctx.select(at);
  },
};

const selectedPiece = (ctx: ActionContext<L>) => (ctx.selection ? ops.contentsAt(ctx.doc, ctx.selection).piece : undefined);
const nextFacing = (f: Facing): Facing => FACINGS[(FACINGS.indexOf(f) + 1) % FACINGS.length]!;
const placement = (ctx: ActionContext<L>): UkPlacement => ctx.placement as unknown as UkPlacement;
const editPiece = (ctx: ActionContext<L>, square: string, patch: ops.PiecePatch): boolean =>
  ctx.edit('Edit piece', (tx) => void ops.setPieceProps(tx, square, patch));

const ACTIONS: RulesetAction<L>[] = [
  {
    id: 'toggle-color',
    key: 'C',
    label: 'Toggle colour',
    description: 'Switch the colour of new pieces, or of the selected piece (UK-2)',
    run(ctx) {
      const p = selectedPiece(ctx);
      if (p) editPiece(ctx, p.square, { color: (p.color ?? 'ivory') === 'ivory' ? 'obsidian' : 'ivory' });
      else ctx.setPlacement({ color: placement(ctx).color === 'ivory' ? 'obsidian' : 'ivory' });
    },
  },
  {
    id: 'rotate-facing',
    key: 'D',
    label: 'Rotate pawn facing',
    description: 'Turn the pawn facing a quarter turn clockwise (UK-4)',
    run(ctx) {
      const p = selectedPiece(ctx);
      if (p?.role === 'pawn') editPiece(ctx, p.square, { facing: nextFacing(p.facing ?? 'north') });
      else ctx.setPlacement({ facing: nextFacing(placement(ctx).facing) });
    },
  },
  {
    id: 'toggle-lateral',
    key: 'L',
    label: 'Toggle pawn lateral',
    description: 'Let the pawn also step sideways (UK-4)',
    run(ctx) {
      const p = selectedPiece(ctx);
      if (p?.role === 'pawn') editPiece(ctx, p.square, { lateral: !(p.lateral ?? false) });
      else ctx.setPlacement({ lateral: !placement(ctx).lateral });
    },
  },
  paintModeAction(UK_TERRAIN),
];

export const unlockTheKingUi: RulesetUi<L> = {
  def: unlockTheKing,
  tools: [selectTool(), eraseTool((tx, sq) => void ops.eraseTop(tx, sq)), ...terrainTools(UK_TERRAIN), ...ROLES.map(pieceTool), wallTool, portalTool],
  actions: ACTIONS,
  placement: { ...UK_PLACEMENT },
  topItem: ops.topItem,
  moveItem: ops.moveItem,
  eraseTop: (tx, sq) => void ops.eraseTop(tx, sq),
  resize: { loss: ops.removedByResize, apply: ops.setBoardSize },
  summary: (doc) => `${doc.pieces.length} pieces · ${(doc.walls ?? []).length} walls`,
  components: { ToolIcon: UkToolIcon, PaletteOptions: UkPaletteOptions, SquareInspector: UkSquare, Emblem: UkEmblem },
};
