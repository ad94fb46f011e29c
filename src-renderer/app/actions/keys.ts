/**
 * The keyboard outside text fields and the board's own keys: the global
 * keydown (an open dialog takes Escape; arrow keys step through a solution;
 * everything else goes to the actions registry) and the Escape action, which
 * backs out of one thing at a time: the dialog, a panel over the editor
 * (the pack manager), the game, a running solve, the proof of a running save
 * (Save or Save As: the draft dialog follows, as with its Cancel), a carried
 * item, the preview, the validation highlight.
 */
import type { Action, ActionRegistry } from '../../editor/actions.js';
import type { Editor, EditorState } from '../../editor/editor.js';
import type { DocumentSession } from '../document-session.svelte.js';
import type { Notices } from '../../shell/notices.svelte.js';
import type { PlayController } from '../play-controller.svelte.js';
import type { SolveController } from '../solve-controller.svelte.js';

/** What the keyboard reads of the application. */
export interface KeyContext {
  readonly actions: Pick<ActionRegistry, 'match' | 'run'>;
  /** Shortcuts use Cmd instead of Ctrl. */
  readonly isMac: boolean;
  /** Esc handlers of panels over the editor; one answering true took the key. */
  readonly escapeHandlers: ReadonlySet<() => boolean>;
  readonly notices: Pick<Notices, 'dialog' | 'closeDialog'>;
  readonly editor: Pick<Editor, 'cancelCarry' | 'exitPreview' | 'clearHighlight'>;
  readonly st: Pick<EditorState, 'carrying' | 'preview' | 'highlight'>;
  readonly solver: Pick<SolveController, 'solve' | 'solution' | 'cancelSolve' | 'stepTo' | 'stepBy' | 'stepLast'>;
  readonly player: Pick<PlayController, 'play' | 'escape'>;
  /** The active tab's save: Esc cancels its proof. */
  readonly session: Pick<DocumentSession, 'saving' | 'cancelProof'>;
}

/** Escape: backs out of the innermost thing going on (module doc). */
export function escape(ctx: KeyContext): void {
  if (ctx.notices.dialog) {
    ctx.notices.closeDialog();
    return;
  }
  // Panels over the editor (the pack manager) close before anything else happens.
  for (const h of ctx.escapeHandlers) if (h()) return;
  if (ctx.player.play) {
    ctx.player.escape();
    return;
  }
  if (ctx.solver.solve.kind === 'running') {
    ctx.solver.cancelSolve();
    return;
  }
  if (ctx.session.saving?.phase === 'proving') {
    ctx.session.cancelProof();
    return;
  }
  const st = ctx.st;
  if (st.carrying) {
    ctx.editor.cancelCarry();
    return;
  }
  if (st.preview) {
    ctx.editor.exitPreview();
    return;
  }
  if (st.highlight.length) ctx.editor.clearHighlight();
}

/** The Escape action (no menu; left out of the command palette). */
export function keyActions(ctx: KeyContext): Action[] {
  return [{ id: 'escape', label: 'Cancel / exit', shortcuts: ['Escape'], run: () => escape(ctx) }];
}

function consume(ev: KeyboardEvent, fn: () => void): void {
  ev.preventDefault();
  fn();
}

/** Global keydown: dialogs first, then preview stepping, then the actions registry. */
export function handleKey(ctx: KeyContext, ev: KeyboardEvent): void {
  const t = ev.target as HTMLElement | null;
  const typing = !!t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
  if (ctx.notices.dialog) {
    if (ev.key === 'Escape') {
      ev.preventDefault();
      ctx.notices.closeDialog();
    }
    return;
  }
  const s = ctx.solver;
  const plain = !ev.ctrlKey && !ev.metaKey && !ev.altKey;
  // Arrow keys step through the solution while it is previewed, when focus is in the solver panel, or right
  // after Solve (focus on the page or a plain button, e.g. Solve itself; the board's own arrows move its cursor).
  const inSolver = !!t?.closest?.('.solve-panel') && !!s.solution;
  const free =
    !!s.solution &&
    (!t ||
      t === document.body ||
      (t.tagName === 'BUTTON' && !t.closest?.('[role=menubar],[role=menu],[role=listbox],[role=radiogroup],[role=toolbar][data-arrows]')));
  if ((ctx.st.preview || inSolver || free) && !typing && plain && !ctx.player.play) {
    const k = ev.key;
    if (k === 'ArrowLeft' || k === 'ArrowUp') return consume(ev, () => s.stepBy(-1));
    if (k === 'ArrowRight' || k === 'ArrowDown') return consume(ev, () => s.stepBy(1));
    if (k === 'Home') return consume(ev, () => s.stepTo(0));
    if (k === 'End') return consume(ev, () => s.stepLast());
  }
  const a = ctx.actions.match(ev, typing, ctx.isMac);
  if (a) {
    // Text fields edit the document through the editor, so Ctrl+Z there is the editor's undo too.
    ev.preventDefault();
    ctx.actions.run(a.id);
  }
}
