/**
 * Per-ruleset editor description: names, board size limits, the palette's
 * tools and their keyboard shortcuts, and where Save As suggests files.
 * The edit operations live in uk-ops.ts / cm-ops.ts, the palette and
 * inspector components in components/uk and components/cm, the board
 * layers in board-model.ts / board-draw.ts; editor.ts dispatches on
 * `doc.ruleset`.
 *
 * Shortcuts never clash within a ruleset (tests/renderer/rulesets.test.ts,
 * tests/renderer/shell.test.ts). Issue 9: B brush, E erase, R rectangle,
 * F fill, V select, P playtest wherever the tool exists, so every ruleset
 * puts the six chess pieces on the digits 1..6 (king 1 ... pawn 6); the
 * remaining letters go to walls, tiles and toggles.
 */
import { ROLES, type CmTileKind, type Role } from '../../src-shared/model/level.js';
import type { EditableRuleset } from './default-doc.js';
import type { Tool } from './tools.js';

export interface RulesetInfo {
  id: EditableRuleset;
  /** Display name ("Unlock the King"). */
  name: string;
  /** What one document is called ("blueprint", "level"). */
  noun: string;
  /** Board side limits (UK-1 3..16, CM-1 1..26). */
  sizeMin: number;
  sizeMax: number;
  /** Ruling that sets the limits. */
  sizeRuling: string;
  /** Workspace folder Save As suggests. */
  folder: string;
  /** Every tool of the ruleset. */
  tools: readonly Tool[];
  /** Bare-key shortcut per tool (shown in the palette). */
  toolKeys: Readonly<Partial<Record<Tool, string>>>;
  /** One-line description for the New dialog. */
  blurb: string;
}

/** The six chess pieces on the digits (every ruleset that has them). */
export const PIECE_KEYS: Record<Role, string> = { king: '1', queen: '2', rook: '3', bishop: '4', knight: '5', pawn: '6' };

const UK_KEYS: Partial<Record<Tool, string>> = {
  select: 'V',
  ...PIECE_KEYS,
  wall: 'W',
  portal: 'O',
  erase: 'E',
};

export const CM_TILE_TOOLS: readonly CmTileKind[] = ['key', 'lock', 'plate', 'coin', 'gem', 'letter', 'transform', 'finish'];

const CM_KEYS: Partial<Record<Tool, string>> = {
  select: 'V',
  erase: 'E',
  brush: 'B',
  rect: 'R',
  fill: 'F',
  ...PIECE_KEYS,
  key: 'K',
  lock: 'L',
  plate: 'S',
  coin: 'C',
  gem: 'J',
  letter: 'A',
  transform: 'T',
  finish: 'G',
};

const KV_KEYS: Partial<Record<Tool, string>> = {
  select: 'V',
  erase: 'E',
  king: 'K',
  soldier: 'S',
  pillar: 'X',
};

/** King's Valley: the key that switches the side of new pieces (or of the selected piece). */
export const KV_TOGGLE_KEYS = { side: 'C' } as const;

export const RULESETS_INFO: Record<EditableRuleset, RulesetInfo> = {
  'unlock-the-king': {
    id: 'unlock-the-king',
    name: 'Unlock the King',
    noun: 'blueprint',
    sizeMin: 3,
    sizeMax: 16,
    sizeRuling: 'UK-1',
    folder: 'unlock-the-king/',
    tools: ['select', ...ROLES, 'wall', 'portal', 'erase'],
    toolKeys: UK_KEYS,
    blurb: 'Slide pieces out of the way until the king reaches the portal. No captures.',
  },
  'chess-maze': {
    id: 'chess-maze',
    name: 'Chess Maze',
    noun: 'level',
    sizeMin: 1,
    sizeMax: 26,
    sizeRuling: 'CM-1',
    folder: 'chess-maze/',
    tools: ['select', 'erase', 'brush', 'rect', 'fill', ...ROLES, ...CM_TILE_TOOLS],
    toolKeys: CM_KEYS,
    blurb: 'Reach the flag through holes, locks, keys, plates and transforms; collect coins, spell words.',
  },
  'kings-valley': {
    id: 'kings-valley',
    name: "King's Valley",
    noun: 'problem',
    sizeMin: 5,
    sizeMax: 9,
    sizeRuling: 'KV-9',
    folder: 'kings-valley/',
    tools: ['select', 'king', 'soldier', 'pillar', 'erase'],
    toolKeys: KV_KEYS,
    blurb: 'Two players slide pieces to the edge; bring your king to the centre valley. Win-in-N problems, play against the engine.',
  },
  'locking-chess': {
    id: 'locking-chess',
    name: 'Locking Chess',
    noun: 'problem',
    sizeMin: 8,
    sizeMax: 8,
    sizeRuling: 'LC-1',
    folder: 'locking-chess/',
    tools: ['select', ...ROLES, 'erase'],
    toolKeys: { select: 'V', ...PIECE_KEYS, erase: 'E' },
    blurb: 'Chess where pieces stack: superimpose, lock, lockmate. Mate-in-N problems from an LFEN, play against the engine.',
  },
};

/** King's Valley board sides are odd (KV-1, KV-9). */
export function sizeAllowed(id: EditableRuleset, n: number): boolean {
  const r = RULESETS_INFO[id];
  return Number.isInteger(n) && n >= r.sizeMin && n <= r.sizeMax && (id !== 'kings-valley' || n % 2 === 1);
}

/** Keys of the ruleset-specific toggles (not tools). */
export const CM_TOGGLE_KEYS = { paintMode: 'H', side: 'X', facing: 'D' } as const;

/** Unlock the King toggles: C colour, D turns a pawn (same key as Chess Maze), L lateral. */
export const UK_TOGGLE_KEYS = { color: 'C', facing: 'D', lateral: 'L' } as const;

/** Starts a playtest in every ruleset (issue 9: P playtest). */
export const PLAYTEST_KEY = 'P';

/**
 * Every bare-key (no Mod/Ctrl/Alt) shortcut of a non-tool action, per
 * ruleset, keyed by action id. The controller's actions read their keys
 * from here, so the uniqueness test sees exactly what the keyboard does.
 */
export const BARE_ACTION_KEYS: Record<EditableRuleset, Readonly<Record<string, string>>> = {
  'unlock-the-king': { playtest: PLAYTEST_KEY, 'toggle-color': UK_TOGGLE_KEYS.color, 'rotate-facing': UK_TOGGLE_KEYS.facing, 'toggle-lateral': UK_TOGGLE_KEYS.lateral },
  'chess-maze': { playtest: PLAYTEST_KEY, 'toggle-paint': CM_TOGGLE_KEYS.paintMode, 'toggle-side': CM_TOGGLE_KEYS.side, 'rotate-facing': CM_TOGGLE_KEYS.facing },
  'kings-valley': { playtest: PLAYTEST_KEY, 'toggle-color': KV_TOGGLE_KEYS.side },
  'locking-chess': { playtest: PLAYTEST_KEY },
};

/** The bare key of a non-tool action in `ruleset` ('' when it has none there). */
export function actionKey(ruleset: EditableRuleset, actionId: string): string {
  return BARE_ACTION_KEYS[ruleset]?.[actionId] ?? '';
}

export function rulesetInfo(id: EditableRuleset): RulesetInfo {
  return RULESETS_INFO[id];
}
