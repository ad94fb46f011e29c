/**
 * Playing the open document: a playtest on a copy of it (every ruleset,
 * play/index.ts `startPlay`) or a game against the ruleset's engine
 * (two-player rulesets, `startEnginePlay`). The game itself is the shared
 * driver (src-shared/play/driver.ts: click-click play, choices, undo /
 * redo / restart, the engine's replies, the hints) with the engine's
 * replies and the hints run as worker jobs (workers/job-runner.ts); this
 * controller mirrors its state (`PlaytestUi`) into Svelte state for the
 * board and the play panels, and says why a move or a start is refused.
 * The document is never changed. Satisfies the play panels'
 * `PlayPanelContext`.
 */
import type { MoveSide } from '../../src-shared/display/move-list.js';
import { PlayDriver } from '../../src-shared/play/driver.js';
import type { EngineRunner } from '../../src-shared/play/jobs.js';
import { rulesetOf } from '../../src-shared/rulesets/index.js';
import type { Issue, Result } from '../../src-shared/validation/issue.js';
import type { EditableLevel } from '../editor/default-doc.js';
import type { Editor } from '../editor/editor.js';
import { startEnginePlay, startPlay } from '../play/index.js';
import type { PlayPanelContext, PlaytestUi } from '../play/module.js';
import type { PlaySession, PlaySide } from '../play/session.js';
import { keptJobs, runJob } from '../workers/job-runner.js';
import type { KeptJobs } from '../workers/kept-jobs.js';
import { PLAY_HINT_BUDGET, PlayHints } from '../play/hints.svelte.js';
import type { Notices } from '../shell/notices.svelte.js';
import type { SolveState } from './solve-controller.svelte.js';

/** What play reads of the application. */
export interface PlayContext {
  readonly editor: Pick<Editor<EditableLevel>, 'exitPreview' | 'cancelCarry'>;
  readonly st: { readonly doc: EditableLevel };
  /** levelHash of the open document (a proven optimum counts as the par only for this hash). */
  readonly currentHash: string | null;
  readonly solver: { readonly solve: SolveState };
  readonly notices: Pick<Notices, 'flash'>;
}

/** The engine's replies as worker jobs (`engine-move`). */
const workerEngine: EngineRunner = (req) =>
  runJob({ kind: 'engine-move', level: req.level as EditableLevel, moves: req.moves, ...(req.opts ? { opts: req.opts } : {}) });

export class PlayController implements PlayPanelContext {
  /** The running playtest, or null while editing. */
  play: PlaytestUi | null = $state.raw(null);
  /**
   * The stored or solved solution is shown under the board while playing:
   * off at the start of every game (it would give the answer away), the
   * solver panel's "Show solution" turns it on.
   */
  solutionShown = $state(false);
  /**
   * The hint of the current position (a job per move on one worker kept for the play session, whose
   * hint memo answers a move along a known line without a search; the hint box, move lists and board read it).
   */
  readonly hints = new PlayHints((level, moves) => {
    this.hintJobs ??= keptJobs();
    return this.hintJobs.run({ kind: 'hint', level, moves, opts: PLAY_HINT_BUDGET });
  });
  private hintJobs: KeptJobs | null = null;
  private driver: PlayDriver<PlaySession> | null = null;

  constructor(private readonly ctx: PlayContext) {}

  /**
   * The par the playtest compares a win with: the level's par, else the
   * optimum proven for exactly this document (this session's solve, or the
   * stored solution when its level hash matches); null when unknown.
   */
  playPar(): number | null {
    const d = this.ctx.st.doc;
    const hash = this.ctx.currentHash;
    if (typeof d.par === 'number') return d.par;
    const s = this.ctx.solver.solve;
    if (s.kind === 'done' && s.result.status === 'solved' && s.hash === hash) return s.result.length;
    if (d.solution && d.solution.levelHash === hash && typeof d.solution.length === 'number') return d.solution.length;
    return null;
  }

  /** Starts a playtest on a copy of the document (play/index.ts `startPlay`; refused with a notice while it has builder errors). */
  startPlaytest(): void {
    if (this.play) return;
    this.begin(startPlay(this.ctx.st.doc, this.playPar()), 'Cannot playtest');
  }

  /**
   * Plays against the engine on a copy of the document (two-player
   * rulesets, play/index.ts `startEnginePlay`). The person takes `side`
   * (default: the side to move, the attacker of a "win / mate in N"); the
   * ruleset's engine plays the other side in a worker job. Refused with a
   * notice while the document has builder errors; nothing happens in a
   * ruleset without an engine.
   */
  startPlayEngine(side?: MoveSide): void {
    const d = this.ctx.st.doc;
    if (!rulesetOf(d)?.engine) return;
    if (this.play) this.exitPlaytest();
    this.begin(startEnginePlay(d, side), 'Cannot play');
  }

  private begin(r: Result<PlaySession, Issue[]>, refused: string): void {
    if (!r.ok) {
      const n = r.error.length;
      this.ctx.notices.flash(`${refused}: fix ${n} error${n === 1 ? '' : 's'} first (${r.error[0]?.message ?? ''})`);
      return;
    }
    this.ctx.editor.exitPreview();
    this.ctx.editor.cancelCarry();
    this.solutionShown = false;
    this.driver?.stop();
    const driver: PlayDriver<PlaySession> = new PlayDriver(r.value, {
      engine: workerEngine,
      hints: this.hints,
      onChange: (s) => {
        if (this.driver === driver) this.play = s;
      },
    });
    this.driver = driver;
    this.play = driver.state;
  }

  /** Against the engine: the person takes `user` from this position (the engine the other side; `both`: no engine). */
  setPlaySide(user: PlaySide): void {
    this.driver?.setSide(user);
  }

  /** Leaves the playtest; the document is exactly as before (the session played a copy). */
  exitPlaytest(): void {
    this.driver?.stop();
    this.driver = null;
    this.hints.stop();
    this.hintJobs?.close();
    this.hintJobs = null;
    this.play = null;
  }

  /** Picks the piece on `square` (its legal targets get highlighted); picking it again or an empty square drops the pick. */
  playPick(square: string | null): void {
    this.driver?.pick(square);
  }

  /** A click on the board while playtesting: move the picked piece there if legal, else pick what is there. */
  playClick(square: string | null): void {
    const p = this.play;
    if (p?.picked && square && p.targets.some((t) => t.to === square)) this.playMove(p.picked, square);
    else this.playPick(square);
  }

  /** Moves `from` → `to` (a drag or a click); opens the choice picker when the move needs a choice (CM-10 transform, LC promotion...). */
  playMove(from: string, to: string, choice?: string): boolean {
    const r = this.driver?.move(from, to, choice) ?? 'off';
    if (r === 'illegal' && from !== to) this.ctx.notices.flash(`${to} is not a legal move for that piece`, { square: to, tone: 'refused' });
    return r === 'moved';
  }

  /** Answers the choice picker with one of its choices. */
  playChoose(choice: string): void {
    const c = this.play?.choice;
    if (c) this.playMove(c.from, c.to, choice);
  }

  playCancelChoice(): void {
    this.driver?.cancelChoice();
  }

  /** Undo in play: one move; against the engine, back to the person's previous turn. */
  playUndo(): void {
    this.driver?.undo();
  }

  /** Redo in play: the move (or Restart) taken back last; against the engine, up to the person's next turn. */
  playRedo(): void {
    this.driver?.redo();
  }

  /** Shows or hides the solution under the board while playing (a spoiler, hidden at first). */
  toggleSolution(): void {
    this.solutionShown = !this.solutionShown;
  }

  /** Back to the start; the restart is one step of the play history (Undo brings the moves back). */
  playRestart(): void {
    this.driver?.restart();
  }

  /** Esc while playing: drops a pending choice, else the picked piece, else leaves the game. */
  escape(): void {
    if (this.driver && !this.driver.escape()) this.exitPlaytest();
  }
}
