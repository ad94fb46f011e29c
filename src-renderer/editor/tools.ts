/**
 * The pointer-gesture state machine (chessground style: the board feeds
 * pointer events in, this machine answers intents; it knows no rules and
 * never touches the document itself). It knows a tool only by its declared
 * painting behaviour (src-renderer/rulesets/ruleset-ui.ts `ToolGesture`),
 * never by its name.
 *
 * Gestures on the board:
 * - press + release on one square (no drag): `apply-tool` there (select,
 *   place the palette item, flood-fill);
 * - press on an occupied square + move > DRAG_THRESHOLD px: drag the top
 *   item; release on another square: ONE `move` intent; released off the
 *   board or on its own square: nothing;
 * - stroke tools (`paints: 'stroke'`: the eraser, the terrain brush; the
 *   wall / pillar tools, `dragsItems`, only when started on an empty
 *   square) paint: `apply-tool` for every new square under the pointer
 *   with one `mergeKey`, so the stroke is one undo step;
 * - rectangle tools (`paints: 'rect'`): press on a corner, release on the
 *   opposite corner: ONE `rect` intent (the live rectangle is the
 *   gesture's from/to);
 * - region selection (opt-in `regionSelect`, the board passes it for the
 *   select tool on an empty square or with Shift): press + move >
 *   DRAG_THRESHOLD px drags a rectangle, release: ONE `region` intent
 *   (copy / cut / paste, region.ts); a press without a move stays a click.
 */
import type { ToolGesture } from '../rulesets/ruleset-ui.js';

/** A tool id (one of the open ruleset's `RulesetUi.tools`). */
export type Tool = string;

/** What a click or drag grabs on a square: an item kind of the ruleset (`piece`, `wall`, a tile kind ...). */
export type ItemKind = string;

/** Pointer movement (px) before a press becomes a drag. */
export const DRAG_THRESHOLD = 4;

export interface PointerInput {
  /** Square under the pointer, or null off the board. */
  square: string | null;
  x: number;
  y: number;
}

export type Gesture =
  | { kind: 'idle' }
  | { kind: 'pressed'; square: string; item: ItemKind | null; x: number; y: number; region?: boolean }
  | { kind: 'region'; from: string; to: string }
  | { kind: 'dragging'; from: string; item: ItemKind; x: number; y: number; over: string | null }
  | { kind: 'painting'; last: string; strokeId: string }
  | { kind: 'rect'; from: string; to: string };

export type Intent =
  | { type: 'apply-tool'; square: string; mergeKey?: string }
  | { type: 'move'; from: string; to: string; item: ItemKind }
  | { type: 'rect'; from: string; to: string }
  | { type: 'region'; from: string; to: string }
  | { type: 'select'; square: string | null };

export interface Step {
  gesture: Gesture;
  intents: Intent[];
}

export const IDLE: Gesture = { kind: 'idle' };

/**
 * Pointer pressed. `item` is the top item on the pressed square (or null),
 * `strokeId` a fresh id used as merge key if this press starts a paint stroke.
 */
export function pointerDown(tool: ToolGesture, input: PointerInput, item: ItemKind | null, strokeId: string, opts: { regionSelect?: boolean } = {}): Step {
  if (!input.square) return { gesture: IDLE, intents: [{ type: 'select', square: null }] };
  if (tool.paints === 'stroke' && !(tool.dragsItems && item !== null)) {
    return {
      gesture: { kind: 'painting', last: input.square, strokeId },
      intents: [{ type: 'apply-tool', square: input.square, mergeKey: strokeId }],
    };
  }
  if (tool.paints === 'rect') return { gesture: { kind: 'rect', from: input.square, to: input.square }, intents: [] };
  if (opts.regionSelect) return { gesture: { kind: 'pressed', square: input.square, item: null, x: input.x, y: input.y, region: true }, intents: [] };
  return { gesture: { kind: 'pressed', square: input.square, item, x: input.x, y: input.y }, intents: [] };
}

/** Pointer moved (buttons held or not). */
export function pointerMove(g: Gesture, input: PointerInput): Step {
  switch (g.kind) {
    case 'pressed': {
      const dist = Math.hypot(input.x - g.x, input.y - g.y);
      if (g.region && dist > DRAG_THRESHOLD) return { gesture: { kind: 'region', from: g.square, to: input.square ?? g.square }, intents: [] };
      if (g.item && dist > DRAG_THRESHOLD) {
        return { gesture: { kind: 'dragging', from: g.square, item: g.item, x: input.x, y: input.y, over: input.square }, intents: [] };
      }
      return { gesture: g, intents: [] };
    }
    case 'dragging':
      return { gesture: { ...g, x: input.x, y: input.y, over: input.square }, intents: [] };
    case 'painting':
      if (input.square && input.square !== g.last) {
        return {
          gesture: { ...g, last: input.square },
          intents: [{ type: 'apply-tool', square: input.square, mergeKey: g.strokeId }],
        };
      }
      return { gesture: g, intents: [] };
    case 'region':
    case 'rect':
      // Off the board the rectangle keeps its last corner.
      if (input.square && input.square !== g.to) return { gesture: { ...g, to: input.square }, intents: [] };
      return { gesture: g, intents: [] };
    default:
      return { gesture: g, intents: [] };
  }
}

/** Pointer released. */
export function pointerUp(g: Gesture, input: PointerInput): Step {
  switch (g.kind) {
    case 'pressed':
      return { gesture: IDLE, intents: [{ type: 'apply-tool', square: g.square }] };
    case 'dragging': {
      const to = input.square;
      if (to && to !== g.from) return { gesture: IDLE, intents: [{ type: 'move', from: g.from, to, item: g.item }] };
      return { gesture: IDLE, intents: [] };
    }
    case 'rect':
      return { gesture: IDLE, intents: [{ type: 'rect', from: g.from, to: input.square ?? g.to }] };
    case 'region':
      return { gesture: IDLE, intents: [{ type: 'region', from: g.from, to: input.square ?? g.to }] };
    default:
      return { gesture: IDLE, intents: [] };
  }
}

/** Pointer cancelled (Escape, lost capture): abandon the gesture, nothing happens. */
export function pointerCancel(): Step {
  return { gesture: IDLE, intents: [] };
}
