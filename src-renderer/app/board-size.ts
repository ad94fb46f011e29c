/**
 * Resizing the board from the inspector, the content kept at the anchor the
 * user picked (editor/anchor.ts): at once when nothing falls off, else
 * after a confirm dialog that lists what the resize removes (the ruleset
 * module's `resize.loss`); either way ONE undo step, and a notice says
 * what happened: the new size, where the content stayed, and how many
 * items were removed (also as the board's toast, so a cut never goes
 * unnoticed).
 */
import { anchorWords, type ResizeAnchor } from '../editor/anchor.js';
import type { EditableLevel } from '../editor/default-doc.js';
import type { Editor, EditorState } from '../editor/editor.js';
import type { Notices } from '../shell/notices.svelte.js';

/** What a resize reads of the application. */
export interface ResizeContext {
  readonly editor: Pick<Editor<EditableLevel>, 'resizeLoss' | 'setBoardSize'>;
  readonly st: Pick<EditorState, 'doc'>;
  /** No resizing while a game is played. */
  readonly player: { readonly play: unknown };
  readonly notices: Pick<Notices, 'dialog' | 'flash'>;
}

function items(n: number): string {
  return `${n} item${n === 1 ? '' : 's'}`;
}

/**
 * The notice after a resize to `width` x `height` at `anchor` that removed
 * `lost` (notice texts of the module's `resize.loss`): "Board resized to
 * 5 × 3 (content kept at the bottom left): removed 3 items outside it:
 * ivory rook on e4, wall on d4, portal on e8" (the toast adds how to undo).
 */
export function resizeNotice(width: number, height: number, anchor: ResizeAnchor, lost: readonly string[]): string {
  const head = `Board resized to ${width} × ${height} (content kept at the ${anchorWords(anchor)})`;
  return lost.length ? `${head}: removed ${items(lost.length)} outside it: ${lost.join(', ')}` : head;
}

/**
 * Resizes the board to `width` x `height`, the content kept at `anchor`.
 * When pieces, walls, tiles or the portal would fall off the board, a
 * confirm dialog lists them first (one undo step if confirmed); `onCancel`
 * runs when the user keeps the board (the inspector resets its fields).
 */
export function requestResize(ctx: ResizeContext, width: number, height: number, anchor: ResizeAnchor, onCancel?: () => void): void {
  if (ctx.player.play) return;
  const { editor, notices } = ctx;
  const lost = editor.resizeLoss(width, height, anchor);
  const resize = (): void => {
    if (!editor.setBoardSize(width, height, anchor)) return;
    notices.flash(resizeNotice(width, height, anchor, lost), lost.length ? { tone: 'replaced' } : undefined);
  };
  if (lost.length === 0) {
    resize();
    return;
  }
  const { width: w0, height: h0 } = ctx.st.doc.board;
  notices.dialog = {
    kind: 'confirm',
    title: `Shrink the board to ${width} × ${height}?`,
    message: `Going from ${w0} × ${h0} to ${width} × ${height} with the content kept at the ${anchorWords(anchor)} removes ${lost.length === 1 ? 'this item' : `these ${lost.length} items`} outside the new board (Undo brings ${lost.length === 1 ? 'it' : 'them'} back):`,
    items: [...lost],
    okLabel: `Remove ${lost.length === 1 ? 'it' : `${lost.length} items`} and resize`,
    okId: 'confirm-resize',
    onOk: () => {
      notices.dialog = null;
      resize();
    },
    ...(onCancel ? { onCancel } : {}),
  };
}
