/**
 * Resizing the board from the inspector: at once when nothing falls off,
 * else after a confirm dialog that lists what the resize removes (the
 * ruleset module's `resize.loss`); either way one undo step.
 */
import type { EditableLevel } from '../editor/default-doc.js';
import type { Editor, EditorState } from '../editor/editor.js';
import type { Notices } from './notices.svelte.js';

/** What a resize reads of the application. */
export interface ResizeContext {
  readonly editor: Pick<Editor<EditableLevel>, 'resizeLoss' | 'setBoardSize'>;
  readonly st: Pick<EditorState, 'doc'>;
  /** No resizing while a game is played. */
  readonly player: { readonly play: unknown };
  readonly notices: Pick<Notices, 'dialog'>;
}

/**
 * Resizes the board to `width` x `height`. When pieces, walls, tiles or
 * the portal would fall off the board, a confirm dialog lists them first
 * (one undo step if confirmed); `onCancel` runs when the user keeps the
 * board (the inspector resets its fields).
 */
export function requestResize(ctx: ResizeContext, width: number, height: number, onCancel?: () => void): void {
  if (ctx.player.play) return;
  const { editor, notices } = ctx;
  const lost = editor.resizeLoss(width, height);
  if (lost.length === 0) {
    editor.setBoardSize(width, height);
    return;
  }
  const { width: w0, height: h0 } = ctx.st.doc.board;
  notices.dialog = {
    kind: 'confirm',
    title: `Shrink the board to ${width} × ${height}?`,
    message: `Going from ${w0} × ${h0} to ${width} × ${height} removes ${lost.length === 1 ? 'this item' : `these ${lost.length} items`} outside the new board (Undo brings ${lost.length === 1 ? 'it' : 'them'} back):`,
    items: lost,
    okLabel: `Remove ${lost.length === 1 ? 'it' : `${lost.length} items`} and resize`,
    okId: 'confirm-resize',
    onOk: () => {
      notices.dialog = null;
      editor.setBoardSize(width, height);
    },
    ...(onCancel ? { onCancel } : {}),
  };
}
