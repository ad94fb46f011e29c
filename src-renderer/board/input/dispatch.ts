/**
 * Carries out the board input's intents (events.ts `BoardIntent`) on the
 * application, through narrow ports: the headless editor's gesture API
 * (tools apply, items move, rectangles paint; a stroke's merge key makes it
 * one undo step), the canvas view state (view, region, paste anchor), the
 * play controller's entry points (`playPick`, `playClick`, `playMove`), the
 * action registry for the key commands that edit the document (Delete,
 * place a paste) and the DOM side the Board component binds (pointer
 * capture, focus). No document edit happens here other than through the
 * editor and the registry.
 */
import type { Editor } from '../../editor/editor.js';
import { BACK_TO_EDITING } from '../../editor/editor.js';
import type { View } from '../../editor/viewport.js';
import type { BoardIntent } from './events.js';

/** What the intents act on. */
export interface BoardTarget {
  readonly editor: Pick<Editor, 'applyToolAt' | 'moveItem' | 'paintRect' | 'select' | 'setCursor' | 'keyboardEnter' | 'cancelCarry' | 'exitPreview'>;
  /** Canvas view state (app/canvas.svelte.ts): not history, not saved. */
  readonly canvas: { view: View | null; region: { from: string; to: string } | null; anchor: string | null };
  readonly player: { playPick(square: string | null): void; playClick(square: string | null): void; playMove(from: string, to: string): unknown };
  readonly actions: { run(id: string): boolean };
  /** Shows a short notice in the status bar. */
  flash(text: string): void;
  /** The DOM side (the Board component; tests record it). */
  readonly dom: { capture(pointerId: number): void; release(pointerId: number): void; focus(leaveField: boolean): void };
}

/** Carries out `intents` in order on `t`. */
export function dispatchIntents(t: BoardTarget, intents: readonly BoardIntent[]): void {
  for (const it of intents) dispatchOne(t, it);
}

function dispatchOne(t: BoardTarget, it: BoardIntent): void {
  switch (it.type) {
    case 'apply-tool':
      return t.editor.applyToolAt(it.square, it.mergeKey);
    case 'move':
      return void t.editor.moveItem(it.from, it.to, it.item);
    case 'rect':
      return t.editor.paintRect(it.from, it.to);
    case 'region':
      t.canvas.region = { from: it.from, to: it.to };
      return t.editor.select(null);
    case 'select':
      return t.editor.select(it.square);
    case 'cursor':
      return t.editor.setCursor(it.square);
    case 'clear-region':
      if (t.canvas.region) t.canvas.region = null;
      return;
    case 'view':
      t.canvas.view = it.view;
      return;
    case 'anchor':
      t.canvas.anchor = it.square;
      return;
    case 'action':
      return void t.actions.run(it.id);
    case 'leave-preview':
      t.editor.exitPreview();
      return t.flash(BACK_TO_EDITING);
    case 'cancel-carry':
      return t.editor.cancelCarry();
    case 'keyboard-enter':
      return t.editor.keyboardEnter();
    case 'play-pick':
      return t.player.playPick(it.square);
    case 'play-click':
      return t.player.playClick(it.square);
    case 'play-move':
      return void t.player.playMove(it.from, it.to);
    case 'capture':
      return t.dom.capture(it.pointerId);
    case 'release':
      return t.dom.release(it.pointerId);
    case 'focus':
      return t.dom.focus(it.leaveField);
  }
}
