/**
 * Locking Chess's editing module (RulesetUi, ../ruleset-ui.ts): select,
 * erase (the uppermost piece of a stack first) and the six pieces on the
 * digits, one palette button per colour; dropping a piece onto a lone piece
 * superimposes it (LC-2, ops.ts `dropPiece`). Every edit rewrites the LFEN
 * `position` and keeps castling rights and the en passant square
 * consistent with the board (LC-11, LC-12).
 *
 * Locking Chess still edits in its own workspace (components/lc:
 * LcWorkspace / LcBoard, `ownWorkspace`), which edits through the Editor
 * with these ops; the tools serve the Editor and the shared board.
 */
import type { LockingChessLevel } from '../../../src-shared/model/level.js';
import { lockingChess } from '../../../src-shared/rulesets/locking-chess/def.js';
import { ROLE_NAME } from '../../../src-shared/display/art/pieces.js';
import { eraseTool, PIECE_KEYS, selectTool, type RulesetUi, type ToolDef } from '../ruleset-ui.js';
import * as lc from './ops.js';
import LcToolIcon from './LcToolIcon.svelte';
import LcEmblem from './LcEmblem.svelte';

type L = LockingChessLevel;

/** Placement options of new Locking Chess pieces. */
export interface LcPlacement {
  /** Colour of new pieces. */
  lcColor: lc.LcColor;
}

export const LC_PLACEMENT: LcPlacement = { lcColor: 'white' };

function pieceTool(role: lc.LcRole): ToolDef<L> {
  return {
    id: role,
    key: PIECE_KEYS[role]!,
    label: ROLE_NAME[role],
    group: 'Pieces',
    drops: true,
    variants: (['white', 'black'] as const).map((color) => ({
      label: `${color} ${role}`,
      testId: `palette-lc-${color}-${role}`,
      placement: { lcColor: color },
      help: 'click a square (on a piece: superimpose it)',
    })),
    hint: () => `${ROLE_NAME[role]}: click a square to place it; on a piece it is superimposed and the lower one is locked (LC-2)`,
    apply(ctx, at) {
      const color = (ctx.placement as unknown as LcPlacement).lcColor;
      ctx.edit(`Place ${color} ${role}`, (tx) => lc.dropPiece(tx, at, { color, role }));
      ctx.select(at);
    },
  };
}

export const lockingChessUi: RulesetUi<L> = {
  def: lockingChess,
  tools: [selectTool(), eraseTool((tx, sq) => void lc.eraseTop(tx, sq)), ...lc.LC_ROLES.map(pieceTool)],
  actions: [],
  placement: { ...LC_PLACEMENT },
  topItem(doc, square) {
    const f = lc.lcFields(doc);
    return f && lc.lcStack(f, square).bottom ? 'piece' : null;
  },
  moveItem(tx, from, to, item) {
    if (item !== 'piece') return { ok: false };
    const f = lc.lcFields(tx.doc);
    if (!f || from === to || !lc.lcStack(f, from).bottom) return { ok: false };
    return lc.movePiece(tx, from, to) ? { ok: true } : { ok: false, refused: `${to} holds a full stack (LC-2)` };
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
    return `${pieces} pieces · ${stacks} stacks`;
  },
  ownWorkspace: true,
  components: { ToolIcon: LcToolIcon, Emblem: LcEmblem },
};
