/**
 * The renderer's ruleset contract (design: docs/dev/rulesets.md):
 * one `RulesetUi` per ruleset in `src-renderer/rulesets/<id>/ui.ts`, listed
 * once in `src-renderer/rulesets/index.ts` (`RULESET_UIS`). It is the
 * editing side of a ruleset: its palette tools (key, label, icon, hint,
 * painting behaviour and `apply`), its toggle actions, the defaults of its
 * placement options, the hooks the generic Editor needs (what a square's
 * top item is, moving, erasing, resizing, the goal) and its Svelte
 * components (tool icons, palette options, square inspector, settings,
 * legend, the New dialog's emblem). Names, nouns, blurbs and board limits
 * come from the core module `def` (src-shared/ruleset.ts `RulesetDef`).
 *
 * The generic parts (editor/editor.ts, editor/tools.ts, the palette, the
 * inspector, the menus, the controller's actions) know a ruleset only
 * through this contract, so a ruleset defined inside a test drives them the
 * same way. Nothing here imports the Editor or the controller: components
 * receive the narrow `UiContext`.
 */
import type { Component } from 'svelte';
import { parseSquare, squareName } from '../../src-shared/model/square.js';
import type { BoardRule, LevelBase, RulesetDef } from '../../src-shared/ruleset.js';
import type { ResizeAnchor, Shift } from '../editor/anchor.js';
import type { Tx } from '../editor/doc-ops.js';
import type { PushOptions } from '../editor/history.js';
import type { PlayView } from '../play/session.js';

/** Placement options of new items (colour, side, pawn facing, paint mode ...): plain JSON, keys owned by the ruleset. */
export type Placement = Readonly<Record<string, unknown>>;

/**
 * Outcome of a move: moved (`notes`: what else the move changed, shown as a
 * notice, e.g. a castling right cleared, LC-12), nothing to move (`refused`
 * absent), or refused with the reason shown to the user.
 */
export type MoveOutcome = { ok: true; notes?: string[] } | { ok: false; refused?: string };

/** How a tool paints with the pointer (editor/tools.ts gesture machine): a stroke over squares, a rectangle, or a flood fill (a click). */
export type PaintKind = 'stroke' | 'rect' | 'fill';

/** What the gesture machine reads of a tool: its declared painting behaviour, never its name. */
export interface ToolGesture {
  readonly paints?: PaintKind;
  /** With `paints: 'stroke'`: a press on an occupied square drags its item instead of painting (the wall and pillar tools). */
  readonly dragsItems?: boolean;
}

/**
 * Where a notice belongs and what it says about an edit: the board shows it
 * as a toast next to `square` (or at the board's edge without one); the
 * status bar keeps the line either way.
 * - `refused`: nothing changed (a move onto an occupied square, an illegal move);
 * - `replaced`: the edit removed or moved something ("Replaced coin on e4",
 *   "Moved the finish from a1 to h8"): one undo step brings it back;
 * - `info`: anything else worth a toast.
 */
export interface NoticeDetail {
  square?: string;
  tone: 'refused' | 'replaced' | 'info';
}

/** The narrow edit context a tool applies through (built by the Editor). */
export interface ToolContext<L extends LevelBase = LevelBase> {
  /** The document now (after earlier edits of this gesture). */
  readonly doc: L;
  readonly placement: Placement;
  /** True for a square of a paint stroke (the whole stroke is one undo step; strokes never replace content). */
  readonly stroke: boolean;
  /** Runs `fn` on a transaction as ONE history step labelled `label` (merged into the stroke's step); answers what `fn` returned. */
  edit<R>(label: string, fn: (tx: Tx<L>) => R): R;
  /** Shows a short user-facing notice ("Replaced ivory rook on e4"); with `detail`, also as a toast by the square. */
  notify(text: string, detail?: NoticeDetail): void;
  /** Selects a square (after a placement). */
  select(square: string): void;
}

/** One palette button of a tool that comes in variants (King's Valley: the white king and the black king are one tool, two buttons). */
export interface ToolVariant {
  readonly label: string;
  readonly testId: string;
  /** Placement options the button sets before picking the tool; it shows as pressed while they hold. */
  readonly placement: Placement;
  /** Tooltip text after the label and key. */
  readonly help?: string;
}

/** A palette tool. */
export interface ToolDef<L extends LevelBase = LevelBase> extends ToolGesture {
  /** Unique within the ruleset (`select`, `erase`, `rook`, `wall`, `brush` ...); the action id is `tool-<id>`. */
  readonly id: string;
  /** Bare-key shortcut ('' for none). */
  readonly key: string;
  readonly label: string;
  /** Palette section the button goes in ("Tools", "Terrain", "Pieces", ...), in order of first appearance. */
  readonly group: string;
  /** An Icon.svelte name for generic tools; absent: the module's `ToolIcon` component draws it. */
  readonly icon?: string;
  /** data-testid of its palette button (default `palette-<id>`). */
  readonly testId?: string;
  /** Tooltip text after the label and key ("click or paint to remove"). */
  readonly help?: string;
  /** The select tool: a click selects, a drag moves an item or selects a region. */
  readonly selects?: boolean;
  /** Can be dragged from the palette onto a board square (placed once there). */
  readonly drops?: boolean;
  readonly variants?: readonly ToolVariant[];
  /** One line for the message strip: what the tool does with the current placement options. */
  hint(placement: Placement): string;
  /** Applies the tool at `at` (a click, a stroke square, keyboard Enter); a rectangle tool paints `at`..`to`. */
  apply(ctx: ToolContext<L>, at: string, to?: string): void;
}

/** What a toggle action may do (built by the controller from the Editor). */
export interface ActionContext<L extends LevelBase = LevelBase> {
  readonly doc: L;
  readonly selection: string | null;
  readonly placement: Placement;
  setPlacement(patch: Placement): void;
  /** One history step (see Editor.edit); false when nothing changed. */
  edit(label: string, fn: (tx: Tx<L>) => void, opts?: PushOptions): boolean;
}

/** A ruleset's toggle (colour, side, pawn facing, paint mode): an action with a bare key, in the Edit menu. */
export interface RulesetAction<L extends LevelBase = LevelBase> {
  /** Action id; rulesets share an id for the same kind of toggle (`rotate-facing`). */
  readonly id: string;
  readonly key: string;
  readonly label: string;
  readonly description: string;
  run(ctx: ActionContext<L>): void;
}

/** The narrow view of the Editor that ruleset components use. */
export interface EditorPort {
  edit<L>(label: string, fn: (tx: Tx<L>) => void, opts?: PushOptions): boolean;
  setPlacement(patch: Placement): void;
  setTool(id: string): void;
  eraseSelection(): boolean;
  sealHistory(): void;
}

/** What ruleset components receive as `app` (the controller satisfies it). */
export interface UiContext {
  readonly editor: EditorPort;
  readonly st: { readonly doc: LevelBase; readonly tool: string; readonly placement: Placement; readonly selection: string | null };
  /** Shows a short notice in the status bar. */
  flash(text: string): void;
  /** The bare key of a tool of the open document's ruleset ('' when none). */
  toolKey(id: string): string;
}

export interface ToolIconProps {
  tool: string;
  placement: Placement;
  size: number;
}

export interface PaletteOptionsProps {
  app: UiContext;
  /** The palette section the options follow (a tool group), or `end` after the last one. */
  section: string;
}

/** The ruleset's Svelte components (all optional). */
export interface RulesetComponents<L extends LevelBase = LevelBase> {
  /** Draws the palette icon of a tool without an `icon` name (pieces, tiles, walls ...). */
  ToolIcon?: Component<ToolIconProps>;
  /** Placement options and help under the palette sections. */
  PaletteOptions?: Component<PaletteOptionsProps>;
  /** The inspector of the selected square. */
  SquareInspector?: Component<{ app: UiContext; doc: L; square: string }>;
  /** Level settings under the generic fields (objectives, side to move ...). */
  Settings?: Component<{ app: UiContext; doc: L }>;
  /** Shown in the palette column while playing (what pieces and squares mean). */
  Legend?: Component<Record<string, never>>;
  /** The New dialog's art for the ruleset, or for one of its `def.starts`. */
  Emblem?: Component<{ start?: string }>;
  /** The ruleset's own rows of the playtest panel (`<dt>` / `<dd>` pairs from the session view's `info`: Chess Maze keys, coins, letters, plates). */
  PlayStats?: Component<{ view: PlayView }>;
}

/** One ruleset, as the editor sees it. */
export interface RulesetUi<L extends LevelBase = LevelBase> {
  readonly def: RulesetDef<L>;
  /** Every tool, in palette order. */
  readonly tools: readonly ToolDef<L>[];
  readonly actions: readonly RulesetAction<L>[];
  /** Default placement options. */
  readonly placement: Placement;
  /** What a click or drag grabs on `square` (a kind of SquareFields item), or null. */
  topItem(doc: L, square: string): string | null;
  /** Moves the `item` on `from` to `to`; never destroys (a move onto an occupied square is refused with a reason). */
  moveItem(tx: Tx<L>, from: string, to: string, item: string): MoveOutcome;
  /** Removes the top item of `square`. */
  eraseTop(tx: Tx<L>, square: string): void;
  /**
   * Board resizing; absent: the board size is fixed (LC-1: 8 x 8). The
   * editor turns the user's anchor (editor/anchor.ts, a 3 x 3 picker) into
   * the `shift` of the content.
   */
  readonly resize?: {
    /** The anchor the picker starts on (default `bottom-left`: a1 stays; King's Valley: `middle-center`, the valley stays central, KV-1). */
    readonly anchor?: ResizeAnchor;
    /** What a resize to `width` x `height` with the content moved by `shift` would remove, as notice text (empty: nothing). */
    loss(doc: L, width: number, height: number, shift: Shift): string[];
    apply(tx: Tx<L>, width: number, height: number, shift: Shift): void;
  };
  /** Writes the "in N" goal (`def.goal.kind === 'in-n'`), or none with undefined. */
  setGoal?(tx: Tx<L>, moves: number | undefined): void;
  /** One line under the inspector ("2 pieces · 3 walls"). */
  summary?(doc: L): string;
  /** The shared play panel offers a game against the engine (the vs Engine button). */
  readonly playAgainstEngine?: boolean;
  readonly components: RulesetComponents<L>;
  /** Labels of the generator's mechanics in "Suggest a level" (suggest/): see `SuggestChoices`. */
  readonly suggest?: SuggestChoices;
}

/**
 * How "Suggest a level" names a ruleset's generator mechanics (the ids of
 * `RulesetDef.generateMechanics`): a label and the ruling of each; an id
 * without one shows as itself.
 */
export interface SuggestChoices {
  readonly mechanics?: readonly { readonly id: string; readonly label: string; readonly ruling: string }[];
}

/** Finds the module of a document (the Editor's resolver); undefined for a ruleset without one. */
export type RulesetResolver<L extends LevelBase = LevelBase> = (doc: L) => RulesetUi<L> | undefined;

/** Starts a playtest in every ruleset (P playtest). */
export const PLAYTEST_KEY = 'P';

/** The bare-key shortcut of each tool, by tool id. */
export function toolKeys(ui: { readonly tools: readonly { id: string; key: string }[] }): Record<string, string> {
  return Object.fromEntries(ui.tools.map((t) => [t.id, t.key]));
}

/** Every bare key of a ruleset's non-tool actions, by action id: the generic playtest key and the module's toggles. */
export function bareActionKeys(ui: { readonly actions: readonly { id: string; key: string }[] }): Record<string, string> {
  return { playtest: PLAYTEST_KEY, ...Object.fromEntries(ui.actions.map((a) => [a.id, a.key])) };
}

/** True when a board side of `n` squares is allowed by the ruleset's board rule (UK-1, CM-1, KV-9 odd, LC-1). */
export function sideAllowed(board: BoardRule, n: number): boolean {
  return Number.isInteger(n) && n >= board.min && n <= board.max && (board.sideAllowed?.(n) ?? true);
}

/** True when `square` lies on a `width` x `height` board. */
export function squareOnBoard(square: string, width: number, height: number): boolean {
  const c = parseSquare(square);
  return !!c && c.file < width && c.rank < height;
}

/** The squares of the rectangle spanned by two corners (inclusive), bottom row first; empty when a name does not parse. */
export function rectSquares(a: string, b: string): string[] {
  const p = parseSquare(a);
  const q = parseSquare(b);
  if (!p || !q) return [];
  const out: string[] = [];
  for (let r = Math.min(p.rank, q.rank); r <= Math.max(p.rank, q.rank); r++) {
    for (let f = Math.min(p.file, q.file); f <= Math.max(p.file, q.file); f++) out.push(squareName(f, r));
  }
  return out;
}

/** The select tool every ruleset has (V): a click selects, a drag moves an item or, from an empty square, selects a region. */
export function selectTool<L extends LevelBase>(group = 'Tools'): ToolDef<L> {
  return {
    id: 'select',
    key: 'V',
    label: 'Select',
    group,
    icon: 'select',
    help: 'click to inspect, drag to move',
    selects: true,
    hint: () => 'Select: click a square to inspect it; drag an item to move it (never onto an occupied square)',
    apply: (ctx, at) => ctx.select(at),
  };
}

/** The eraser every ruleset has (E): a click or a stroke removes the top item of each square (`ui.eraseTop`). */
export function eraseTool<L extends LevelBase>(eraseTop: (tx: Tx<L>, square: string) => void, group = 'Tools'): ToolDef<L> {
  return {
    id: 'erase',
    key: 'E',
    label: 'Erase',
    group,
    icon: 'erase',
    help: 'click or paint to remove the top item',
    paints: 'stroke',
    hint: () => 'Erase: click or drag across squares to remove the top item',
    apply: (ctx, at) => void ctx.edit('Erase', (tx) => eraseTop(tx, at)),
  };
}

/**
 * The notice of a placement on `square` that replaced, moved or cleared
 * something, so nothing disappears silently: "Replaced ivory rook on e4,
 * wall on d4", then each of `also` as a sentence ("Moved the finish from a1
 * to h8"; "Cleared castling right K (LC-12)"), as a `replaced` toast by the
 * square. Nothing when both lists are empty.
 */
export function replacedNotice(
  ctx: { notify(text: string, detail?: NoticeDetail): void },
  replaced: readonly string[],
  square?: string,
  also: readonly string[] = [],
): void {
  const parts = [...(replaced.length ? [`Replaced ${replaced.join(', ')}`] : []), ...also];
  if (parts.length) ctx.notify(parts.join('. '), { tone: 'replaced', ...(square ? { square } : {}) });
}

/** The chess pieces on the digits 1..6 (king ... pawn) in every ruleset that has them. */
export const PIECE_KEYS: Readonly<Record<string, string>> = { king: '1', queen: '2', rook: '3', bishop: '4', knight: '5', pawn: '6' };
