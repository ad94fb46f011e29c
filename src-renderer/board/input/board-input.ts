/**
 * The board's input as a state machine over plain events (tldraw's tools
 * as state machines in spirit): the Board component feeds it pointer, key
 * and wheel events (events.ts, CSS px in the board container), it answers
 * intents (`BoardIntent`) and keeps what the drawing needs (`state`). It
 * never touches the document, the DOM or the application: dispatch.ts
 * carries the intents out, and the headless tests feed it events directly.
 *
 * What the pointer does is one activity at a time:
 * - `idle`: nothing pressed (hover and the paste anchor follow the pointer);
 * - `gesture`: an editing gesture of tools.ts (click, item drag, paint
 *   stroke with one merge key per press = ONE undo step, rectangle, region
 *   selection), started by the main button in edit mode;
 * - `pan`: Space + main button, or the middle button, drags the view;
 * - `press`: playtest, a movable piece pressed: a drag past DRAG_THRESHOLD
 *   px and a release on another square is one `play-move`; a click on the
 *   picked piece drops the pick.
 * A press during the solution preview only leaves it; a press while a paste
 * waits places it (a square) or cancels it (off the board).
 *
 * Keys on the board (the board has the focus; Mod / Alt chords are left to
 * the application's shortcuts, and during the solution preview every key
 * is, the arrows step through it): arrows move the cursor (Shift: extend a
 * region from where it was), revealing it when zoomed in; Enter and a Space
 * tap activate at the cursor (place / pick up / drop, the playtest click,
 * or place a waiting paste); Escape drops the region; Delete / Backspace run
 * the Delete action (the region, else the selected or cursor square).
 * Window keys: Space held arms the pan (space-pan.ts decides when a Space
 * typed in a field is meant for the board), Escape cancels a waiting paste.
 * The wheel zooms at the pointer.
 */
import { parseSquare, squareName } from '../../../src-shared/model/square.js';
import { squareAtPoint, type BoardLayout } from '../../editor/geometry.js';
import { DRAG_THRESHOLD, IDLE, pointerDown, pointerMove, pointerUp, type Gesture, type PointerInput } from '../../editor/tools.js';
import { clampView, revealSquare, viewOf, zoomAt } from '../../editor/viewport.js';
import { spaceAction } from '../space-pan.js';
import type { BoardIntent, BoardKey, BoardPointer, BoardWheel, BoardWorld, InputResult } from './events.js';

/** What the pointer is doing (module doc). */
export type Activity =
  | { kind: 'idle' }
  | { kind: 'gesture'; gesture: Gesture }
  | { kind: 'pan'; x: number; y: number; start: BoardLayout }
  | { kind: 'press'; square: string; x: number; y: number; dragging: boolean; wasPicked: boolean };

/** What the drawing reads of the input (an immutable snapshot, replaced on every change). */
export interface InputState {
  activity: Activity;
  /** The square under the pointer, or null. */
  hover: string | null;
  /** The pointer, px in the board container. */
  pointer: { x: number; y: number };
  /** Space is held: a main-button drag pans. */
  spaceHeld: boolean;
  /** The last board action came from the keyboard (the cursor is drawn and announced). */
  keyboardMode: boolean;
  /** The board has the keyboard focus. */
  focused: boolean;
}

const IDLE_ACTIVITY: Activity = { kind: 'idle' };
const ARROWS: Record<string, [number, number]> = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

function result(intents: BoardIntent[] = [], consume = false): InputResult {
  return { intents, consume };
}

/** The square under (x, y), or null off the board or right of the stage (the minimap's strip shows no squares). */
export function squareUnder(layout: BoardLayout, x: number, y: number): string | null {
  if (x >= layout.stageWidth) return null;
  const c = squareAtPoint(layout, x, y);
  return c ? squareName(c.file, c.rank) : null;
}

/** The board's input state machine (module doc). One per board. */
export class BoardInput {
  private s: InputState = { activity: IDLE_ACTIVITY, hover: null, pointer: { x: 0, y: 0 }, spaceHeld: false, keyboardMode: false, focused: false };
  /** A Space press on the board not (yet) used to pan: its release activates. */
  private spaceTap = false;
  /** Space went down and a pan used it (the release is no tap). */
  private spaceUsed = false;
  private pointerOnBoard = false;
  private lastBoardPointerMove = -Infinity;
  private lastFieldKey = -Infinity;
  /** Presses so far: each press's paint stroke gets its own merge key. */
  private strokes = 0;

  /** The current snapshot (replaced, never mutated). */
  get state(): InputState {
    return this.s;
  }

  /** The editing gesture in progress (IDLE when none). */
  get gesture(): Gesture {
    return this.s.activity.kind === 'gesture' ? this.s.activity.gesture : IDLE;
  }

  private set(patch: Partial<InputState>): void {
    this.s = { ...this.s, ...patch };
  }

  // ------------------------------------------------------------ pointer

  /** A button went down on the board. */
  pointerDown(p: BoardPointer, w: BoardWorld): InputResult {
    if (p.button === 1 || (p.button === 0 && this.s.spaceHeld)) {
      this.spaceUsed = true;
      this.set({ activity: { kind: 'pan', x: p.x, y: p.y, start: w.layout } });
      return result([{ type: 'capture', pointerId: p.pointerId }], true);
    }
    if (p.button !== 0) return result();
    this.set({ keyboardMode: false });
    const out: BoardIntent[] = [{ type: 'focus', leaveField: false }];
    const square = squareUnder(w.layout, p.x, p.y);
    if (w.pastePending && w.mode !== 'play') {
      // Placing a paste: a square takes it, a press off the board cancels.
      if (square) out.push({ type: 'anchor', square }, { type: 'action', id: 'region-paste-place' });
      else out.push({ type: 'action', id: 'region-paste-cancel' });
      return result(out);
    }
    if (w.play) return result([...out, ...this.playDown(p, square, w.play)]);
    if (w.mode === 'preview') {
      // Editing gestures never act while a solution is previewed: the press only leaves the preview.
      out.push({ type: 'leave-preview' });
      return result(out);
    }
    const item = square ? w.topItem(square) : null;
    out.push({ type: 'cancel-carry' }, { type: 'capture', pointerId: p.pointerId }, { type: 'clear-region' });
    const regionSelect = !!w.tool?.selects && (item === null || p.shift);
    const step = pointerDown(w.tool ?? {}, this.input(p, square), item, `stroke-${++this.strokes}`, { regionSelect });
    this.set({ activity: { kind: 'gesture', gesture: step.gesture } });
    out.push(...step.intents);
    return result(out);
  }

  /** Playtest press: move the picked piece to a target, pick a movable piece (a drag may follow), or drop the pick. */
  private playDown(p: BoardPointer, square: string | null, play: NonNullable<BoardWorld['play']>): BoardIntent[] {
    if (square && play.picked && play.targets.some((t) => t.to === square)) return [{ type: 'play-move', from: play.picked, to: square }];
    if (square && play.isMovable(square)) {
      const wasPicked = play.picked === square;
      this.set({ activity: { kind: 'press', square, x: p.x, y: p.y, dragging: false, wasPicked } });
      const out: BoardIntent[] = wasPicked ? [] : [{ type: 'play-pick', square }];
      return [...out, { type: 'capture', pointerId: p.pointerId }];
    }
    return [{ type: 'play-pick', square: null }];
  }

  /** The pointer moved over the board (buttons held or not). */
  pointerMove(p: BoardPointer, w: BoardWorld): InputResult {
    this.pointerOnBoard = true;
    this.lastBoardPointerMove = p.time;
    const a = this.s.activity;
    if (a.kind === 'pan') {
      const v = viewOf(a.start);
      const view = clampView({ ...v, originX: v.originX + p.x - a.x, originY: v.originY + p.y - a.y }, w.layout.stageWidth, w.layout.stageHeight);
      return result([{ type: 'view', view }]);
    }
    const square = squareUnder(w.layout, p.x, p.y);
    const out: BoardIntent[] = square && square !== this.s.hover ? [{ type: 'anchor', square }] : [];
    const patch: Partial<InputState> = { pointer: { x: p.x, y: p.y } };
    if (square !== this.s.hover) patch.hover = square;
    if (a.kind === 'press') {
      if (!a.dragging && Math.hypot(p.x - a.x, p.y - a.y) > DRAG_THRESHOLD) patch.activity = { ...a, dragging: true };
    } else if (a.kind === 'gesture') {
      const step = pointerMove(a.gesture, this.input(p, square));
      if (step.gesture !== a.gesture) patch.activity = { kind: 'gesture', gesture: step.gesture };
      out.push(...step.intents);
    }
    this.set(patch);
    return result(out);
  }

  /** A button went up: the gesture, pan or playtest press ends. */
  pointerUp(p: BoardPointer, w: BoardWorld): InputResult {
    const a = this.s.activity;
    const out: BoardIntent[] = [{ type: 'release', pointerId: p.pointerId }];
    this.set({ activity: IDLE_ACTIVITY });
    const square = squareUnder(w.layout, p.x, p.y);
    if (a.kind === 'press') {
      if (a.dragging) {
        if (square && square !== a.square) out.push({ type: 'play-move', from: a.square, to: square });
      } else if (a.wasPicked) {
        out.push({ type: 'play-pick', square: null });
      }
    } else if (a.kind === 'gesture') {
      out.push(...pointerUp(a.gesture, this.input(p, square)).intents);
    }
    return result(out);
  }

  /** The pointer was cancelled (lost capture, a touch turned into a scroll): whatever was going on ends, nothing happens. */
  pointerCancel(): InputResult {
    this.set({ activity: IDLE_ACTIVITY });
    return result();
  }

  /** The pointer left the board. */
  pointerLeave(): InputResult {
    this.pointerOnBoard = false;
    if (this.s.hover !== null) this.set({ hover: null });
    return result();
  }

  private input(p: BoardPointer, square: string | null): PointerInput {
    return { square, x: p.x, y: p.y };
  }

  // ------------------------------------------------------------ wheel

  /** Wheel (or Ctrl+wheel: a trackpad pinch) over the board: zoom at the pointer, the point under it stays put. */
  wheel(e: BoardWheel, w: BoardWorld): InputResult {
    if (e.onControl) return result();
    const unit = e.deltaMode === 1 ? 0.05 : e.deltaMode === 2 ? 1 : 0.0015;
    const factor = Math.max(0.5, Math.min(2, Math.exp(-e.deltaY * unit)));
    if (factor === 1) return result([], true);
    return result([{ type: 'view', view: zoomAt(w.layout, factor, e.x, e.y) }], true);
  }

  // ------------------------------------------------------------ keys

  /** The board gained (true) or lost the keyboard focus. */
  focusChanged(focused: boolean): void {
    if (focused !== this.s.focused) this.set({ focused });
  }

  /** A key went down with the board focused (module doc). */
  keyDown(k: BoardKey, w: BoardWorld): InputResult {
    if (k.ctrl || k.meta || k.alt || w.mode === 'preview') return result();
    const d = ARROWS[k.key];
    if (d) return result(this.arrow(d, k.shift, w), true);
    if (k.key === 'Enter') {
      this.set({ keyboardMode: true });
      if (w.pastePending && w.mode !== 'play')
        return result(
          [
            { type: 'anchor', square: w.cursor },
            { type: 'action', id: 'region-paste-place' },
          ],
          true,
        );
      return result(this.activate(w), true);
    }
    if (k.key === ' ') {
      // Space acts on release, unless it was held to pan with the pointer.
      if (!k.repeat) this.spaceTap = true;
      return result([], true);
    }
    if (k.key === 'Escape' && w.region) return result([{ type: 'clear-region' }], true);
    if ((k.key === 'Delete' || k.key === 'Backspace') && w.mode !== 'play') {
      this.set({ keyboardMode: true });
      const out: BoardIntent[] = !w.region && !w.selection ? [{ type: 'select', square: w.cursor }] : [];
      return result([...out, { type: 'action', id: 'erase-selection' }], true);
    }
    return result();
  }

  /** A key went up with the board focused: the release of a Space tap activates. */
  keyUp(k: BoardKey, w: BoardWorld): InputResult {
    if (k.key !== ' ') return result();
    const tap = this.spaceTap && !this.spaceUsed;
    this.spaceTap = false;
    if (!tap || w.mode === 'preview') return result();
    this.set({ keyboardMode: true });
    return result(this.activate(w), true);
  }

  /** Enter or a Space tap at the cursor: the playtest click, else the editor's place / pick up / drop. */
  private activate(w: BoardWorld): BoardIntent[] {
    return w.play ? [{ type: 'play-click', square: w.cursor }] : [{ type: 'keyboard-enter' }];
  }

  /** An arrow key: the cursor moves one square (clamped to the board); Shift extends a region from where it was. */
  private arrow([df, dr]: [number, number], shift: boolean, w: BoardWorld): BoardIntent[] {
    this.set({ keyboardMode: true });
    const l = w.layout;
    const c = parseSquare(w.cursor) ?? { file: 0, rank: 0 };
    const file = Math.min(l.width - 1, Math.max(0, c.file + df));
    const rank = Math.min(l.height - 1, Math.max(0, c.rank + dr));
    const to = squareName(file, rank);
    const editing = !w.play && !w.carrying;
    const out: BoardIntent[] =
      shift && editing
        ? [
            { type: 'cursor', square: to },
            { type: 'region', from: w.region?.from ?? w.cursor, to },
          ]
        : [{ type: 'clear-region' }, { type: 'cursor', square: to }, ...(editing ? [{ type: 'select' as const, square: to }] : [])];
    // Zoomed in: the view follows the cursor.
    const view = revealSquare(l, file, rank);
    if (view) out.push({ type: 'view', view });
    return out;
  }

  /**
   * A key went down anywhere in the window (capture phase, before the board
   * and the application see it): Escape cancels a waiting paste; Space arms
   * the pan (from a text field only when the pointer moved onto the board
   * since the last key typed there: then the focus comes to the board,
   * `focus` with `leaveField`, and no space is typed).
   */
  windowKeyDown(k: BoardKey, w: BoardWorld): InputResult {
    const out: BoardIntent[] = k.key === 'Escape' && w.pastePending ? [{ type: 'action', id: 'region-paste-cancel' }] : [];
    if (k.key !== ' ') {
      if (k.inField) this.lastFieldKey = k.time;
      return result(out);
    }
    if (this.s.spaceHeld) return result(out);
    const act = spaceAction({
      inField: k.inField,
      pointerOnBoard: this.pointerOnBoard,
      lastBoardPointerMove: this.lastBoardPointerMove,
      lastFieldKey: this.lastFieldKey,
    });
    if (act === 'type') return result(out);
    this.spaceUsed = false;
    this.set({ spaceHeld: true });
    if (act === 'take-focus') return result([...out, { type: 'focus', leaveField: true }], true);
    return result(out);
  }

  /** A key went up anywhere in the window: releasing Space disarms the pan. */
  windowKeyUp(k: BoardKey): InputResult {
    if (k.key === ' ' && this.s.spaceHeld) this.set({ spaceHeld: false });
    return result();
  }

  /** The window lost the focus: a held Space is forgotten. */
  windowBlur(): InputResult {
    if (this.s.spaceHeld) this.set({ spaceHeld: false });
    return result();
  }
}
