/**
 * The Edit menu's own actions (menu-model.ts MENU_PLACEMENT places them):
 * Undo (in a game: the last move), Redo (in a game: the move taken back).
 * The ruleset toggles (app/ruleset-actions.ts), Delete and the region
 * commands (editor/canvas-actions.ts) join them in the same menu.
 */
import type { Action } from '../../editor/actions.js';
import type { Editor, EditorState } from '../../editor/editor.js';
import type { Notices } from '../../shell/notices.svelte.js';
import type { PlayController } from '../play-controller.svelte.js';

/** What the edit actions read of the application. */
export interface EditActionContext {
  readonly editor: Pick<Editor, 'undo' | 'redo'>;
  readonly st: Pick<EditorState, 'canUndo' | 'canRedo'>;
  readonly player: Pick<PlayController, 'play' | 'playUndo' | 'playRedo'>;
  /** The board's toast goes with undo/redo: it was about the step just taken back ("… · Ctrl+Z undoes"). */
  readonly notices: Pick<Notices, 'dismissToast'>;
}

/** The Edit menu's actions over `ctx`. */
export function editActions(ctx: EditActionContext): Action[] {
  // `ctx.editor` is read at each use: it is the active tab's editor.
  const { player: p } = ctx;
  return [
    {
      id: 'undo',
      label: 'Undo',
      shortcuts: ['Mod+Z'],
      enabled: () => (p.play ? p.play.session.canUndo : ctx.st.canUndo),
      run: () => {
        ctx.notices.dismissToast();
        if (p.play) p.playUndo();
        else void ctx.editor.undo();
      },
    },
    {
      id: 'redo',
      label: 'Redo',
      shortcuts: ['Mod+Shift+Z', 'Mod+Y'],
      enabled: () => (p.play ? p.play.session.canRedo : ctx.st.canRedo),
      run: () => {
        ctx.notices.dismissToast();
        if (p.play) p.playRedo();
        else ctx.editor.redo();
      },
    },
  ];
}
