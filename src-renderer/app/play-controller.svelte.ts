/**
 * Playing the open document: a playtest on a copy of it (every ruleset,
 * play/index.ts `startPlay`) or a game against the ruleset's engine
 * (two-player rulesets, `startEnginePlay`; the engine's moves are worker
 * jobs, workers/job-runner.ts). Holds the play UI state (`PlaytestUi`: the
 * session, the picked piece, a pending move choice, the engine) that the
 * board and the play panels read; the document is never changed. Satisfies
 * the play panels' `PlayPanelContext`.
 */
import type { MoveSide } from '../../src-shared/display/move-list.js';
import type { EngineAnswer } from '../../src-shared/ruleset.js';
import { rulesetOf } from '../../src-shared/rulesets/index.js';
import type { EditableLevel } from '../editor/default-doc.js';
import type { Editor } from '../editor/editor.js';
import { startEnginePlay, startPlay } from '../play/index.js';
import type { PlayPanelContext, PlaytestUi } from '../play/module.js';
import type { PlaySession, PlaySide } from '../play/session.js';
import { keptJobs, runJob } from '../workers/job-runner.js';
import type { KeptJobs } from '../workers/kept-jobs.js';
import type { JobHandle } from '../workers/job-protocol.js';
import { PLAY_HINT_BUDGET, PlayHints } from '../play/hints.svelte.js';
import type { Notices } from './notices.svelte.js';
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

export class PlayController implements PlayPanelContext {
  /** The running playtest, or null while editing. */
  play: PlaytestUi | null = $state.raw(null);
  private engineJob: JobHandle<'engine-move'> | null = null;
  /**
   * The hint of the current position (a job per move on one worker kept for the play session, whose
   * hint memo answers a move along a known line without a search; the hint box, move lists and board read it).
   */
  readonly hints = new PlayHints((level, moves) => {
    this.hintJobs ??= keptJobs();
    return this.hintJobs.run({ kind: 'hint', level, moves, opts: PLAY_HINT_BUDGET });
  });
  private hintJobs: KeptJobs | null = null;
  /** The start of the line being played (what the hint job replays from). */
  private hintStart: EditableLevel | null = null;

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
    const r = startPlay(this.ctx.st.doc, this.playPar());
    if (!r.ok) {
      const n = r.error.length;
      this.ctx.notices.flash(`Cannot playtest: fix ${n} error${n === 1 ? '' : 's'} first (${r.error[0]?.message ?? ''})`);
      return;
    }
    this.ctx.editor.exitPreview();
    this.ctx.editor.cancelCarry();
    this.play = { session: r.value, picked: null, targets: [], choice: null, engine: null };
    this.hintStart = this.ctx.st.doc;
    this.syncHints();
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
    const r = startEnginePlay(d, side);
    if (!r.ok) {
      const n = r.error.length;
      this.ctx.notices.flash(`Cannot play: fix ${n} error${n === 1 ? '' : 's'} first (${r.error[0]?.message ?? ''})`);
      return;
    }
    this.ctx.editor.exitPreview();
    this.ctx.editor.cancelCarry();
    this.play = { session: r.value, picked: null, targets: [], choice: null, engine: { thinking: false, last: null, error: null } };
    this.hintStart = d;
    this.syncHints();
    this.engineTurn();
  }

  /** Against the engine: the person takes `user` from this position (the engine the other side; `both`: no engine). */
  setPlaySide(user: PlaySide): void {
    const p = this.play;
    const game = p?.session.game;
    if (!p || !game || game.user === user) return;
    this.cancelEngine();
    const next = game.withUser(user);
    if (next.game?.user !== user) return;
    this.play = { session: next, picked: null, targets: [], choice: null, engine: user === 'both' ? null : { thinking: false, last: null, error: null } };
    this.syncHints();
    this.engineTurn();
  }

  /** Leaves the playtest; the document is exactly as before (the session played a copy). */
  exitPlaytest(): void {
    this.cancelEngine();
    this.hints.stop();
    this.hintJobs?.close();
    this.hintJobs = null;
    this.play = null;
  }

  /** The hint follows the current position (it waits while the engine is about to move, unless `now`: the engine failed). */
  private syncHints(now = false): void {
    const s = this.play?.session;
    const start = s?.game?.start ?? this.hintStart;
    if (!s || !start) return;
    this.hints.track(start, s.view.lans, !now && !!s.game?.engineToMove && !!this.play?.engine);
  }

  private setSession(s: PlaySession, engineLast: EngineAnswer | null = null): void {
    const e = this.play?.engine;
    this.play = { session: s, picked: null, targets: [], choice: null, engine: e ? { thinking: false, last: engineLast, error: null } : null };
    this.syncHints();
    this.engineTurn();
  }

  private cancelEngine(): void {
    const j = this.engineJob;
    this.engineJob = null;
    j?.cancel();
  }

  /** When the engine is to move, runs the ruleset's engine in a worker job (`engine-move`) and plays its answer. */
  private engineTurn(): void {
    const p = this.play;
    const s = p?.session;
    const game = s?.game;
    if (!p || !s || !game || !game.engineToMove || !p.engine) return;
    this.cancelEngine();
    const job = runJob({ kind: 'engine-move', level: game.start, moves: [...s.view.lans], ...(game.engineOptions ? { opts: game.engineOptions } : {}) });
    this.engineJob = job;
    this.play = { ...p, engine: { ...p.engine, thinking: true, error: null } };
    void job.promise.then((o) => {
      if (this.engineJob !== job) return;
      this.engineJob = null;
      const now = this.play;
      if (!now || now.session !== s) return;
      if (o.kind === 'result') {
        const next = game.playEngine(o.result);
        if (next) {
          this.setSession(next, o.result);
          return;
        }
        this.play = { ...now, engine: { thinking: false, last: null, error: `The engine answered an illegal move (${o.result.lan}).` } };
        this.syncHints(true);
      } else if (o.kind === 'error') {
        this.play = { ...now, engine: { thinking: false, last: null, error: o.message } };
        this.syncHints(true);
      }
    });
  }

  /** Picks the piece on `square` (its legal targets get highlighted); picking it again or an empty square drops the pick. */
  playPick(square: string | null): void {
    const p = this.play;
    if (!p) return;
    if (!square || square === p.picked || !p.session.isMovable(square)) {
      this.play = { ...p, picked: null, targets: [], choice: null };
      return;
    }
    this.play = { ...p, picked: square, targets: p.session.targets(square), choice: null };
  }

  /** A click on the board while playtesting: move the picked piece there if legal, else pick what is there. */
  playClick(square: string | null): void {
    const p = this.play;
    if (!p) return;
    if (p.picked && square && p.targets.some((t) => t.to === square)) {
      this.playMove(p.picked, square);
      return;
    }
    this.playPick(square);
  }

  /** Moves `from` → `to` (a drag or a click); opens the choice picker when the move needs a choice (CM-10 transform, LC promotion...). */
  playMove(from: string, to: string, choice?: string): boolean {
    const p = this.play;
    if (!p) return false;
    const r = p.session.play(from, to, choice);
    if (r === null) {
      if (from !== to) this.ctx.notices.flash(`${to} is not a legal move for that piece`, { square: to, tone: 'refused' });
      return false;
    }
    if ('needChoice' in r) {
      this.play = { ...p, picked: from, targets: p.session.targets(from), choice: { from, to, choices: r.needChoice } };
      return false;
    }
    this.setSession(r);
    return true;
  }

  /** Answers the choice picker with one of its choices. */
  playChoose(choice: string): void {
    const c = this.play?.choice;
    if (c) this.playMove(c.from, c.to, choice);
  }

  playCancelChoice(): void {
    const p = this.play;
    if (p?.choice) this.play = { ...p, choice: null };
  }

  /** Undo in play: one move; against the engine, back to the person's previous turn. */
  playUndo(): void {
    const p = this.play;
    if (!p) return;
    this.cancelEngine();
    const game = p.session.game;
    this.setSession(game ? game.undoTurn() : p.session.undo());
  }

  playRestart(): void {
    const p = this.play;
    if (!p) return;
    this.cancelEngine();
    this.setSession(p.session.restart());
  }

  /** Esc while playing: drops a pending choice, else the picked piece, else leaves the game. */
  escape(): void {
    const p = this.play;
    if (!p) return;
    if (p.choice) this.playCancelChoice();
    else if (p.picked) this.playPick(null);
    else this.exitPlaytest();
  }
}
