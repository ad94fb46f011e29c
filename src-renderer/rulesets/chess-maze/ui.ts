/**
 * Chess Maze's editing module (RulesetUi, ../ruleset-ui.ts): select and
 * erase; the terrain tools painting holes or floor (CM-1: brush B,
 * rectangle R, fill F; H switches); the six pieces on the digits with side
 * (CM-2) and pawn facing (CM-3) as placement options; the eight tile kinds
 * (CM-5..CM-11) with the colour, letter and allowed types of new tiles.
 * Toggles: H paint mode, X side, D pawn facing (on the selected piece when
 * there is one, else on new pieces).
 */
import { FACINGS, ROLES, TRANSFORM_TYPES, type ChessMazeLevel, type CmTileKind, type Facing, type Role } from '../../../src-shared/model/level.js';
import { chessMaze } from '../../../src-shared/rulesets/chess-maze/def.js';
import { ROLE_NAME } from '../../../src-shared/display/art/pieces.js';
import { TILE_HELP, TILE_NAME } from '../../../src-shared/display/art/tiles.js';
import { paintModeAction, terrainTools, type Terrain } from '../../editor/terrain-tools.js';
import { eraseTool, PIECE_KEYS, replacedNotice, selectTool, type ActionContext, type RulesetAction, type RulesetUi, type ToolDef } from '../ruleset-ui.js';
import * as ops from './ops.js';
import type { CmPlacement } from './placement.js';
import CmToolIcon from './CmToolIcon.svelte';
import CmPaletteOptions from './CmPaletteOptions.svelte';
import CmSquare from './CmSquare.svelte';
import CmObjectives from './CmObjectives.svelte';
import CmLegend from './CmLegend.svelte';
import CmEmblem from './CmEmblem.svelte';
import CmPlayStats from './CmPlayStats.svelte';

export type { CmPlacement } from './placement.js';

type L = ChessMazeLevel;

export const CM_PLACEMENT: CmPlacement = { side: 'player', facing: 'north', tileColor: 'blue', letter: 'A', allowed: [...TRANSFORM_TYPES], paint: 'hole' };

/** The tile tools in palette order (CM-5..CM-11). */
export const CM_TILE_TOOLS: readonly CmTileKind[] = ops.TILE_KINDS;

const TILE_KEYS: Record<CmTileKind, string> = { key: 'K', lock: 'L', plate: 'S', coin: 'C', gem: 'J', letter: 'A', transform: 'T', finish: 'G' };

const TILE_HINT: Record<CmTileKind, string> = {
  key: 'Key: click a square to place a key of the chosen colour (CM-5)',
  lock: 'Lock: click a square to place a lock of the chosen colour (CM-7)',
  plate: 'Plate: click a square to place a pressure plate of the chosen colour (CM-6)',
  coin: 'Coin: click a square to place a coin (CM-8)',
  gem: 'Gem: click a square to place a gem (CM-8)',
  letter: 'Letter: click a square to place the chosen letter (CM-9)',
  transform: 'Transform: click a square to place a transform tile with the chosen types (CM-10)',
  finish: 'Finish: click a square to move the single flag there (CM-11)',
};

/** Holes as paintable terrain (CM-1): a hole never goes under a piece or tile. */
export const CM_TERRAIN: Terrain<L> = {
  feature: 'hole',
  features: 'holes',
  blocker: 'a piece or tile',
  blockers: 'pieces or tiles',
  ruling: 'CM-1',
  isFeature: ops.isHole,
  paint: ops.paintSquares,
};

const placementOf = (p: unknown): CmPlacement => p as CmPlacement;
const cap = (s: string): string => `${s[0]!.toUpperCase()}${s.slice(1)}`;

function pieceTool(role: Role): ToolDef<L> {
  return {
    id: role,
    key: PIECE_KEYS[role]!,
    label: ROLE_NAME[role],
    group: 'Pieces',
    drops: true,
    help: 'click to pick, drag onto the board to place',
    hint: () => `${cap(role)}: click a square to place a piece of the chosen side (X switches player / enemy)`,
    apply(ctx, at) {
      const pl = placementOf(ctx.placement);
      replacedNotice(
        ctx,
        ctx.edit(`Place ${role}`, (tx) => ops.placePiece(tx, at, { role, side: pl.side, facing: pl.facing })),
        at,
      );
      ctx.select(at);
    },
  };
}

function tileTool(kind: CmTileKind): ToolDef<L> {
  return {
    id: kind,
    key: TILE_KEYS[kind],
    label: TILE_NAME[kind],
    group: 'Tiles',
    testId: `palette-tile-${kind}`,
    drops: true,
    help: TILE_HELP[kind],
    hint: () => TILE_HINT[kind],
    apply(ctx, at) {
      const pl = placementOf(ctx.placement);
      const r = ctx.edit(`Place ${kind}`, (tx) => {
        const moved = ops.movedByPlacement(tx.doc, at, kind);
        return { replaced: ops.placeTile(tx, at, { kind, color: pl.tileColor, letter: pl.letter, allowed: pl.allowed }), moved };
      });
      replacedNotice(ctx, r.replaced, at, r.moved);
      ctx.select(at);
    },
  };
}

const selectedPiece = (ctx: ActionContext<L>) => (ctx.selection ? ops.pieceAt(ctx.doc, ctx.selection) : undefined);
const editPiece = (ctx: ActionContext<L>, square: string, patch: ops.CmPiecePatch): boolean =>
  ctx.edit('Edit piece', (tx) => void ops.setPieceProps(tx, square, patch));
const nextFacing = (f: Facing): Facing => FACINGS[(FACINGS.indexOf(f) + 1) % FACINGS.length]!;

const ACTIONS: RulesetAction<L>[] = [
  paintModeAction(CM_TERRAIN),
  {
    id: 'toggle-side',
    key: 'X',
    label: 'Toggle side (player / enemy)',
    description: 'Switch new pieces, or the selected piece, between player and enemy (CM-2)',
    run(ctx) {
      const p = selectedPiece(ctx);
      if (p) editPiece(ctx, p.square, { side: p.side === 'player' ? 'enemy' : 'player' });
      else ctx.setPlacement({ side: placementOf(ctx.placement).side === 'player' ? 'enemy' : 'player' });
    },
  },
  {
    id: 'rotate-facing',
    key: 'D',
    label: 'Rotate pawn facing',
    description: 'Turn the pawn facing a quarter turn clockwise (CM-3)',
    run(ctx) {
      const p = selectedPiece(ctx);
      if (p?.role === 'pawn') editPiece(ctx, p.square, { facing: nextFacing(p.facing ?? 'north') });
      else ctx.setPlacement({ facing: nextFacing(placementOf(ctx.placement).facing) });
    },
  },
];

export const chessMazeUi: RulesetUi<L> = {
  def: chessMaze,
  tools: [selectTool(), eraseTool((tx, sq) => void ops.eraseTop(tx, sq)), ...terrainTools(CM_TERRAIN), ...ROLES.map(pieceTool), ...CM_TILE_TOOLS.map(tileTool)],
  actions: ACTIONS,
  placement: { ...CM_PLACEMENT, allowed: [...CM_PLACEMENT.allowed] },
  topItem: ops.topItem,
  moveItem: ops.moveItem,
  eraseTop: (tx, sq) => void ops.eraseTop(tx, sq),
  resize: { loss: ops.removedByResize, apply: ops.setBoardSize },
  summary(doc) {
    const players = doc.pieces.filter((p) => p.side === 'player').length;
    return `${players} player · ${doc.pieces.length - players} enemy · ${(doc.tiles ?? []).length} tiles · ${(doc.board.holes ?? []).length} holes`;
  },
  components: {
    ToolIcon: CmToolIcon,
    PaletteOptions: CmPaletteOptions,
    SquareInspector: CmSquare,
    Settings: CmObjectives,
    Legend: CmLegend,
    Emblem: CmEmblem,
    PlayStats: CmPlayStats,
  },
  suggest: {
    mechanics: [
      { id: 'keys', label: 'Keys and locks', ruling: 'CM-5' },
      { id: 'plates', label: 'Plates', ruling: 'CM-6' },
      { id: 'transforms', label: 'Transform tiles', ruling: 'CM-10' },
      { id: 'coins', label: 'Coins', ruling: 'CM-8' },
      { id: 'spell', label: 'Spell a word', ruling: 'CM-9' },
      { id: 'enemies', label: 'Enemy pieces', ruling: 'CM-2' },
      { id: 'move-limit', label: 'Move limit', ruling: 'CM-12' },
    ],
  },
};
