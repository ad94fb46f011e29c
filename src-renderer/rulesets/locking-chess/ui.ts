/**
 * Locking Chess's editing module (RulesetUi, ../ruleset-ui.ts) on the
 * shared board: select, erase (the uppermost piece of a stack first) and
 * the six pieces on the digits, one palette button per colour; dropping a
 * piece onto a lone piece superimposes it (LC-2, ops.ts `dropPiece`), a
 * drag moves the uppermost piece (ops.ts `movePiece`). Toggle: C switches
 * the colour of the selected square's uppermost piece, else of new pieces.
 * Every edit rewrites the LFEN `position` and keeps castling rights and
 * the en passant square consistent with the board (LC-11, LC-12). The goal
 * "mate in N" (LC-8) is the generic inspector's; the square's two levels
 * (LcSquare), the side to move, castling, en passant and the LFEN
 * paste / copy (LcSettings) are the module's. The board is fixed at 8 x 8
 * (LC-1: no `resize`). Played against the engine (play.ts).
 */
import type { LockingChessLevel } from '../../../src-shared/model/level.js';
import { lockingChess } from '../../../src-shared/rulesets/locking-chess/def.js';
import { lcSquares } from '../../../src-shared/rulesets/locking-chess/squares.js';
import { ROLE_NAME } from '../../../src-shared/display/art/pieces.js';
import { eraseTool, PIECE_KEYS, replacedNotice, selectTool, type RulesetAction, type RulesetUi, type ToolDef } from '../ruleset-ui.js';
import * as lc from './ops.js';
import LcToolIcon from './LcToolIcon.svelte';
import LcEmblem from './LcEmblem.svelte';
import LcPaletteOptions from './LcPaletteOptions.svelte';
import LcSquare from './LcSquare.svelte';
import LcSettings from './LcSettings.svelte';
import LcLegend from './LcLegend.svelte';

import type { LcPlacement } from './placement.js';

type L = LockingChessLevel;

export type { LcPlacement } from './placement.js';

export const LC_PLACEMENT: LcPlacement = { lcColor: 'white' };

const colorOf = (p: unknown): lc.LcColor => (p as LcPlacement).lcColor;

function pieceTool(role: lc.LcRole): ToolDef<L> {
  return {
    id: role,
    key: PIECE_KEYS[role]!,
    label: ROLE_NAME[role],
    group: 'Pieces',
    drops: true,
    variants: (['white', 'black'] as const).map((color) => ({
      label: `${color === 'white' ? 'White' : 'Black'} ${role}`,
      testId: `palette-lc-${color}-${role}`,
      placement: { lcColor: color },
      help: 'click a square (on a piece: superimpose it)',
    })),
    hint: () => `${ROLE_NAME[role]}: click a square to place it; on a piece it is superimposed and the lower one is locked (LC-2)`,
    apply(ctx, at) {
      const color = colorOf(ctx.placement);
      // LC-2: a drop on a full stack replaces its top; a board edit may clear rights (LC-12) or en passant (LC-11): say so.
      const before = ctx.doc;
      const replaced = ctx.edit(`Place ${color} ${role}`, (tx) => (lc.dropPiece(tx, at, { color, role }) ? lc.replacedByDrop(before, at) : []));
      replacedNotice(ctx, replaced, at, ctx.doc === before ? [] : lcSquares.cleared!(before, ctx.doc));
      ctx.select(at);
    },
  };
}

const ACTIONS: RulesetAction<L>[] = [
  {
    id: 'toggle-color',
    key: 'C',
    label: 'Toggle colour (white / black)',
    description: "Switch the colour of the selected square's uppermost piece, or of new pieces",
    run(ctx) {
      const sq = ctx.selection;
      const f = sq ? lc.lcFields(ctx.doc) : null;
      if (sq && f && lc.lcStack(f, sq).bottom) ctx.edit('Switch colour', (tx) => void lc.toggleColor(tx, sq));
      else ctx.setPlacement({ lcColor: colorOf(ctx.placement) === 'white' ? 'black' : 'white' });
    },
  },
];

export const lockingChessUi: RulesetUi<L> = {
  def: lockingChess,
  tools: [selectTool(), eraseTool((tx, sq) => void lc.eraseTop(tx, sq)), ...lc.LC_ROLES.map(pieceTool)],
  actions: ACTIONS,
  placement: { ...LC_PLACEMENT },
  topItem(doc, square) {
    const f = lc.lcFields(doc);
    return f && lc.lcStack(f, square).bottom ? 'piece' : null;
  },
  moveItem(tx, from, to, item) {
    if (item !== 'piece') return { ok: false };
    const f = lc.lcFields(tx.doc);
    if (!f || from === to || !lc.lcStack(f, from).bottom) return { ok: false };
    const before = tx.doc;
    if (!lc.movePiece(tx, from, to)) return { ok: false, refused: `${to} holds a full stack (LC-2)` };
    // LC-11 / LC-12: a move may clear a castling right or the en passant square: say so.
    const notes = lcSquares.cleared!(before, tx.doc);
    return notes.length ? { ok: true, notes } : { ok: true };
  },
  eraseTop: (tx, sq) => void lc.eraseTop(tx, sq),
  setGoal: lc.setGoal,
  summary(doc) {
    const f = lc.lcFields(doc);
    if (!f) return 'the position does not parse (LFEN, LC-13)';
    let pieces = 0;
    let stacks = 0;
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88 || f.bottom[sq] === 0) continue;
      pieces += f.top[sq] === 0 ? 1 : 2;
      if (f.top[sq] !== 0) stacks++;
    }
    return `${pieces} piece${pieces === 1 ? '' : 's'} · ${stacks} stack${stacks === 1 ? '' : 's'}`;
  },
  playAgainstEngine: true,
  components: { ToolIcon: LcToolIcon, PaletteOptions: LcPaletteOptions, SquareInspector: LcSquare, Settings: LcSettings, Legend: LcLegend, Emblem: LcEmblem },
  // Playtest: both sides by hand; against the engine (Level > Play against the engine): the person on `side` (default the side to move).
};
