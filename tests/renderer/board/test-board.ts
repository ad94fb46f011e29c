/**
 * A headless board for tests, in the style of tldraw's `TestEditor`: the
 * board input's state machine (board/input/board-input.ts) wired to a real
 * headless Editor, the real action registry entries the board uses (the
 * Edit menu's and the canvas actions), a plain canvas view state and a
 * recording play controller, with no DOM. Tests feed pointer / key / wheel
 * events by square name or px and read the intents, the document, the
 * history and the view.
 *
 * Key events go the way the DOM sends them: the window's capture listener
 * first (board input `windowKeyDown`), then the board's own handler when
 * the board has the focus, then, unless consumed, the application's
 * shortcuts (the registry's `match`, as app/actions/keys.ts does).
 */
import { BoardInput } from '../../../src-renderer/board/input/board-input.js';
import { dispatchIntents, type BoardTarget } from '../../../src-renderer/board/input/dispatch.js';
import type { BoardIntent, BoardKey, BoardPointer, BoardWorld, InputResult } from '../../../src-renderer/board/input/events.js';
import { editActions, type EditActionContext } from '../../../src-renderer/app/actions/edit.js';
import { ActionRegistry } from '../../../src-renderer/editor/actions.js';
import { canvasActions, type CanvasView } from '../../../src-renderer/editor/canvas-actions.js';
import type { EditableLevel } from '../../../src-renderer/editor/default-doc.js';
import type { Editor } from '../../../src-renderer/editor/editor.js';
import { squareCentre, type BoardLayout } from '../../../src-renderer/editor/geometry.js';
import { viewLayout } from '../../../src-renderer/editor/viewport.js';
import { parseSquare } from '../../../src-shared/model/square.js';
import { editorOn } from '../fixtures.js';

/** The playtest as the fake play controller holds it. */
export interface FakePlay {
  picked: string | null;
  targets: { to: string }[];
  /** Squares of pieces the side to move may move. */
  movable: Set<string>;
}

/** Records the play controller's entry points the board calls (app/play-controller.svelte.ts). */
export class FakePlayer {
  play: (FakePlay & { session: { canUndo: boolean } }) | null = null;
  readonly calls: string[] = [];
  playPick(square: string | null): void {
    this.calls.push(`playPick ${square}`);
    if (this.play) this.play.picked = square;
  }
  playClick(square: string | null): void {
    this.calls.push(`playClick ${square}`);
  }
  playMove(from: string, to: string): boolean {
    this.calls.push(`playMove ${from} ${to}`);
    return true;
  }
  playUndo(): void {
    this.calls.push('playUndo');
  }
}

type Where = string | { x: number; y: number };
interface Mods {
  shift?: boolean;
  ctrl?: boolean;
  button?: number;
}

export class TestBoard {
  readonly editor: Editor<EditableLevel>;
  readonly canvas: CanvasView = { view: null, region: null, anchor: null, clip: null, pending: null };
  readonly actions = new ActionRegistry();
  readonly player = new FakePlayer();
  readonly input = new BoardInput();
  /** Every intent the input answered, in order. */
  readonly intents: BoardIntent[] = [];
  /** The DOM side: `capture 1`, `release 1`, `focus`, `focus from field`. */
  readonly dom: string[] = [];
  readonly flashes: string[] = [];
  /** Where the keyboard focus is: the board, a text field, or the page. */
  focus: 'board' | 'field' | 'page' = 'board';
  private time = 1000;
  private readonly target: BoardTarget;

  constructor(
    doc: EditableLevel,
    readonly stage = { width: 640, height: 560 },
  ) {
    this.editor = editorOn(doc);
    const app = this;
    const ctx = {
      canvas: this.canvas,
      get editor() {
        return app.editor;
      },
      get st() {
        return app.editor.state;
      },
      player: this.player,
      board: { layout: null as BoardLayout | null, focus: () => true },
      notices: { dismissToast: () => undefined },
      flash: (text: string) => void this.flashes.push(text),
    };
    Object.defineProperty(ctx.board, 'layout', { get: () => this.layout });
    // Undo reads only `play.session.canUndo` and `playUndo` of the play controller, which the fake has.
    this.actions.register(...editActions(ctx as unknown as EditActionContext), ...canvasActions(ctx));
    this.target = {
      editor: this.editor,
      canvas: this.canvas,
      player: this.player,
      actions: this.actions,
      flash: (text) => void this.flashes.push(text),
      dom: {
        capture: (id) => void this.dom.push(`capture ${id}`),
        release: (id) => void this.dom.push(`release ${id}`),
        focus: (leaveField) => {
          this.dom.push(leaveField ? 'focus from field' : 'focus');
          this.focus = 'board';
        },
      },
    };
  }

  get doc(): EditableLevel {
    return this.editor.state.doc;
  }

  /** The board's geometry now (the canvas view in the stage). */
  get layout(): BoardLayout {
    const { width, height } = this.doc.board;
    return viewLayout(this.canvas.view, this.stage.width, this.stage.height, width, height);
  }

  /** What the input reads (the Board component's `world`). */
  get world(): BoardWorld {
    const st = this.editor.state;
    const p = this.player.play;
    return {
      layout: this.layout,
      mode: p ? 'play' : st.preview ? 'preview' : 'edit',
      cursor: st.cursor,
      selection: st.selection,
      carrying: !!st.carrying,
      region: p ? null : this.canvas.region,
      pastePending: !!this.canvas.pending,
      tool: this.editor.tool,
      topItem: (sq) => this.editor.topItem(sq),
      play: p ? { picked: p.picked, targets: p.targets, isMovable: (sq) => p.movable.has(sq) } : null,
    };
  }

  /** Centre of `square` in px (the current layout). */
  at(square: string): { x: number; y: number } {
    const c = parseSquare(square);
    if (!c) throw new Error(`bad square ${square}`);
    return squareCentre(this.layout, c.file, c.rank);
  }

  private pt(where: Where, m: Mods = {}): BoardPointer {
    const p = typeof where === 'string' ? this.at(where) : where;
    this.time += 16;
    return { x: p.x, y: p.y, button: m.button ?? 0, shift: !!m.shift, pointerId: 1, time: this.time };
  }

  private run(r: InputResult): InputResult {
    this.intents.push(...r.intents);
    dispatchIntents(this.target, r.intents);
    return r;
  }

  down(where: Where, m: Mods = {}): InputResult {
    return this.run(this.input.pointerDown(this.pt(where, m), this.world));
  }

  move(where: Where, m: Mods = {}): InputResult {
    return this.run(this.input.pointerMove(this.pt(where, { button: -1, ...m }), this.world));
  }

  up(where: Where, m: Mods = {}): InputResult {
    return this.run(this.input.pointerUp(this.pt(where, m), this.world));
  }

  /** Press on the first square, move through the rest (with a halfway point between each two), release on the last. */
  drag(squares: string[], m: Mods = {}): void {
    const [first, ...rest] = squares;
    this.down(first!, m);
    let prev = this.at(first!);
    for (const sq of rest) {
      const next = this.at(sq);
      this.move({ x: (prev.x + next.x) / 2, y: (prev.y + next.y) / 2 }, m);
      this.move(sq, m);
      prev = next;
    }
    this.up(squares.at(-1)!, m);
  }

  /** Press and release on one square (a click). */
  click(where: Where, m: Mods = {}): void {
    this.down(where, m);
    this.up(where, m);
  }

  wheel(where: Where, deltaY: number): InputResult {
    const p = typeof where === 'string' ? this.at(where) : where;
    return this.run(this.input.wheel({ x: p.x, y: p.y, deltaY, deltaMode: 0, onControl: false }, this.world));
  }

  private keyOf(key: string, m: Mods, repeat = false): BoardKey {
    this.time += 16;
    return { key, shift: !!m.shift, ctrl: !!m.ctrl, meta: false, alt: false, repeat, inField: this.focus === 'field', time: this.time };
  }

  /** A key pressed and released where the focus is (module doc: window, board, then the application's shortcuts). */
  key(key: string, m: Mods = {}): void {
    this.keyDown(key, m);
    this.keyUp(key, m);
  }

  keyDown(key: string, m: Mods = {}, repeat = false): void {
    const k = this.keyOf(key, m, repeat);
    if (this.run(this.input.windowKeyDown(k, this.world)).consume) return;
    if (this.focus === 'board' && this.run(this.input.keyDown(k, this.world)).consume) return;
    const a = this.actions.match({ key, ctrlKey: k.ctrl, metaKey: false, shiftKey: k.shift, altKey: false }, this.focus === 'field');
    if (a) this.actions.run(a.id);
  }

  keyUp(key: string, m: Mods = {}): void {
    const k = this.keyOf(key, m);
    this.run(this.input.windowKeyUp(k));
    if (this.focus === 'board') this.run(this.input.keyUp(k, this.world));
  }

  /** The intents of `type` answered so far. */
  intentsOf<T extends BoardIntent['type']>(type: T): Extract<BoardIntent, { type: T }>[] {
    return this.intents.filter((i): i is Extract<BoardIntent, { type: T }> => i.type === type);
  }

  /** Undoes until nothing is left; answers how many steps there were. */
  undoAll(): number {
    let n = 0;
    while (this.editor.undo()) n++;
    return n;
  }
}
