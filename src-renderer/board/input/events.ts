/**
 * The board input's vocabulary: the plain events it is fed (pointer, key,
 * wheel, in CSS px relative to the board container's top-left, with no DOM
 * objects), what it reads of the application at each event (`BoardWorld`),
 * and the intents it answers (`BoardIntent`). board-input.ts is the state
 * machine over them; dispatch.ts carries the intents out. Types only.
 */
import type { BoardLayout } from '../../editor/geometry.js';
import type { Intent } from '../../editor/tools.js';
import type { View } from '../../editor/viewport.js';
import type { ToolGesture } from '../../rulesets/ruleset-ui.js';

/** A pointer event on the board (PointerEvent, reduced). */
export interface BoardPointer {
  /** CSS px from the board container's top-left. */
  x: number;
  y: number;
  /** PointerEvent.button: 0 main, 1 middle, 2 secondary (-1 for moves). */
  button: number;
  /** Shift held (Shift+drag selects a region from anywhere). */
  shift: boolean;
  pointerId: number;
  /** Event time, ms, on any one clock shared with `BoardKey.time`. */
  time: number;
}

/** A key event (KeyboardEvent, reduced). */
export interface BoardKey {
  /** KeyboardEvent.key (' ' for Space). */
  key: string;
  shift: boolean;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  /** Auto-repeat of a held key. */
  repeat: boolean;
  /** The event's target is a text field, a select or a button (the window listeners read it). */
  inField: boolean;
  /** Event time, ms (see `BoardPointer.time`). */
  time: number;
}

/** A wheel event over the board (WheelEvent, reduced). */
export interface BoardWheel {
  x: number;
  y: number;
  deltaY: number;
  /** WheelEvent.deltaMode: 0 pixels, 1 lines, 2 pages. */
  deltaMode: number;
  /** Over one of the board's own controls (minimap, zoom bar, choice picker): not a zoom, the page keeps it. */
  onControl: boolean;
}

/** The playtest as the board input sees it (the play controller's `play`, reduced). */
export interface BoardPlay {
  /** The picked piece's square, or null. */
  readonly picked: string | null;
  /** The picked piece's legal targets. */
  readonly targets: readonly { readonly to: string }[];
  /** A piece the side to move may move stands on `square`. */
  isMovable(square: string): boolean;
}

/** What the board input reads of the application at each event. */
export interface BoardWorld {
  /** The board's geometry as drawn (squares <-> px); `stageWidth` is where squares end (the minimap's strip is right of it). */
  readonly layout: BoardLayout;
  /** `play`: a playtest or a game; `preview`: a solution is shown (no play); `edit`: the document. */
  readonly mode: 'edit' | 'preview' | 'play';
  /** The keyboard cursor's square. */
  readonly cursor: string;
  /** The selected square, or null. */
  readonly selection: string | null;
  /** A keyboard pick-up is in progress (Enter picked an item up). */
  readonly carrying: boolean;
  /** The selected region as the board shows it (null when none or not on this board). */
  readonly region: { readonly from: string; readonly to: string } | null;
  /** A paste waits for its place (after Mod+V). */
  readonly pastePending: boolean;
  /** The current tool's gesture behaviour (undefined: the document's ruleset has no tools). */
  readonly tool: (ToolGesture & { readonly selects?: boolean }) | undefined;
  /** The item kind a press on `square` grabs (the editor's `topItem`), or null. */
  topItem(square: string): string | null;
  /** The playtest, or null while editing. */
  readonly play: BoardPlay | null;
}

/**
 * The registry actions the board runs (app/actions, editor/canvas-actions):
 * every document edit the board's keys make goes through them.
 */
export type BoardActionId = 'erase-selection' | 'region-paste-place' | 'region-paste-cancel';

/**
 * What the board input asks for. The editor gestures of tools.ts
 * (`apply-tool`, `move`, `rect`, `region`: set the region and clear the
 * square selection, `select`), and:
 * - `cursor`: move the keyboard cursor; `clear-region`; `view`: zoom / pan
 *   (null: fit); `anchor`: where a pending paste goes;
 * - `action`: run a registry action (Delete, place or cancel a paste);
 * - `leave-preview`: a press during the solution preview only leaves it
 *   ("Back to editing"); `cancel-carry`, `keyboard-enter`: the editor's
 *   keyboard pick-up and drop;
 * - `play-pick`, `play-click`, `play-move`: the play controller's entry
 *   points of the same names;
 * - `capture`, `release`, `focus`: the DOM side (pointer capture, the
 *   keyboard focus to the board; `leaveField`: from a text field).
 */
export type BoardIntent =
  | Intent
  | { type: 'cursor'; square: string }
  | { type: 'clear-region' }
  | { type: 'view'; view: View | null }
  | { type: 'anchor'; square: string }
  | { type: 'action'; id: BoardActionId }
  | { type: 'leave-preview' }
  | { type: 'cancel-carry' }
  | { type: 'keyboard-enter' }
  | { type: 'play-pick'; square: string | null }
  | { type: 'play-click'; square: string }
  | { type: 'play-move'; from: string; to: string }
  | { type: 'capture'; pointerId: number }
  | { type: 'release'; pointerId: number }
  | { type: 'focus'; leaveField: boolean };

/**
 * The answer to one event: the intents, in order, and whether the event is
 * consumed (the DOM binding calls preventDefault; for the board's own key
 * events also stopPropagation, so the application's shortcuts do not see
 * the key as well).
 */
export interface InputResult {
  intents: BoardIntent[];
  consume: boolean;
}
