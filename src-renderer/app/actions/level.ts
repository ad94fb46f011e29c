/**
 * The Level menu's solve and play actions (menu-model.ts MENU_PLACEMENT
 * places them): Solve / Cancel Solve, Playtest, Play against the engine,
 * Exit / Restart Playtest, and the solution preview's steps. The whole-level
 * rotate / mirror commands (editor/canvas-actions.ts) join them.
 */
import type { Action } from '../../editor/actions.js';
import type { Editor, EditorState } from '../../editor/editor.js';
import { PLAYTEST_KEY, type RulesetUi } from '../../rulesets/ruleset-ui.js';
import type { PlayController } from '../play-controller.svelte.js';
import type { PlayHints } from '../../play/hints.svelte.js';
import type { SolveController } from '../solve-controller.svelte.js';

/** What the level actions read of the application. */
export interface LevelActionContext {
  readonly editor: Pick<Editor, 'exitPreview'>;
  readonly st: Pick<EditorState, 'preview'>;
  /** The open document's module (does it offer a game against the engine). */
  readonly ui: Pick<RulesetUi, 'playAgainstEngine'>;
  readonly solver: Pick<SolveController, 'solve' | 'solution' | 'runSolve' | 'cancelSolve' | 'stepTo' | 'stepBy' | 'stepLast'>;
  readonly player: Pick<PlayController, 'play' | 'startPlaytest' | 'startPlayEngine' | 'exitPlaytest' | 'playRestart'> & {
    /** Play hints: Show next move marks the hinted move on the board. */
    readonly hints?: Pick<PlayHints, 'toggleNext' | 'nextMove' | 'showNext'>;
  };
}

/** The Level menu's solve, play and preview actions over `ctx`. */
export function levelActions(ctx: LevelActionContext): Action[] {
  const { solver: s, player: p } = ctx;
  const running = (): boolean => s.solve.kind === 'running';
  const solved = (): boolean => !!s.solution;
  return [
    { id: 'solve', label: 'Solve', shortcuts: ['Mod+Enter'], enabled: () => !running(), run: () => s.runSolve() },
    { id: 'cancel-solve', label: 'Cancel', enabled: running, run: () => s.cancelSolve() },
    { id: 'playtest', label: 'Playtest', shortcuts: [PLAYTEST_KEY, 'Shift+P'], enabled: () => !p.play, run: () => p.startPlaytest() },
    {
      id: 'play-engine',
      label: 'Play against the engine',
      enabled: () => !!ctx.ui.playAgainstEngine,
      visible: () => !!ctx.ui.playAgainstEngine,
      run: () => p.startPlayEngine(),
    },
    { id: 'exit-playtest', label: 'Back to editing', enabled: () => !!p.play, run: () => p.exitPlaytest() },
    { id: 'playtest-restart', label: 'Restart', enabled: () => !!p.play, run: () => p.playRestart() },
    {
      id: 'hint-next',
      label: 'Show next move',
      shortcuts: ['Shift+H'],
      enabled: () => !!p.play && (!!p.hints?.showNext || !!p.hints?.nextMove()),
      run: () => p.hints?.toggleNext(),
    },
    { id: 'step-first', label: 'First position', enabled: solved, run: () => s.stepTo(0) },
    { id: 'step-prev', label: 'Previous move', enabled: solved, run: () => s.stepBy(-1) },
    { id: 'step-next', label: 'Next move', enabled: solved, run: () => s.stepBy(1) },
    { id: 'step-last', label: 'Last position', enabled: solved, run: () => s.stepLast() },
    { id: 'exit-preview', label: 'Back to editing', enabled: () => !!ctx.st.preview, run: () => ctx.editor.exitPreview() },
  ];
}
