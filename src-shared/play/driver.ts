/**
 * A play session being played: the state a player UI shows and the
 * actions it offers, over an immutable `PlaySession` (session.ts). Click-
 * click play (pick a piece, then one of its targets; a second click on it
 * drops it), a pending choice (CM-10 transform, LC promotion...), undo /
 * redo / restart, the side the person plays, the engine's replies in a
 * game against it, and the hint of each position. Used by the editor's
 * playtest (src-renderer/app/play-controller.svelte.ts mirrors `state` into
 * Svelte state) and by any other player; pure TS.
 *
 * The engine's reply and the hints are jobs (jobs.ts) the player starts
 * where it can: the editor in its worker, a plain player directly
 * (runners.ts). Every new step cancels a running engine reply; a reply that
 * comes back for another position than the current one is dropped.
 */
import type { EngineAnswer, LevelBase } from '../ruleset.js';
import type { EngineRunner, PlayJob } from './jobs.js';
import type { PlaySession, PlaySide, PlayTarget } from './session.js';

/** The engine's side of a game against it: thinking, its last answer, an error. */
export interface EngineUi {
  thinking: boolean;
  /** The engine's answer for its last move (its reasoning), or null. */
  last: EngineAnswer | null;
  error: string | null;
}

/** What a player shows: the session, the picked piece, a pending move choice, the engine. */
export interface PlayState<S extends PlaySession = PlaySession> {
  session: S;
  /** The piece picked to move (its square), or null. */
  picked: string | null;
  /** Legal targets of the picked piece. */
  targets: PlayTarget[];
  /** A move waiting for the player's choice among `choices` (the target's choice ids). */
  choice: { from: string; to: string; choices: string[] } | null;
  /** Against the engine: its state; null without an engine (both sides by hand, single-player). */
  engine: EngineUi | null;
}

/** Where the hints of the positions go (hints.ts `HintTracker`, or the editor's reactive `PlayHints`). */
export interface HintSink<L = LevelBase> {
  track(start: L, moves: readonly string[], wait?: boolean): void;
  stop(): void;
}

/** How a driver runs its background work and reports changes. */
export interface DriverOptions<S extends PlaySession> {
  /** Runs the engine's replies (needed for a game against the engine). */
  engine?: EngineRunner;
  /** Follows the positions with hints. */
  hints?: HintSink;
  /** Called with the new state after every change. */
  onChange?: (state: PlayState<S>) => void;
}

/** What a move attempt did: played, waiting for a choice, refused (not legal), or nothing (play stopped). */
export type MoveAttempt = 'moved' | 'choice' | 'illegal' | 'off';

const idleEngine = (): EngineUi => ({ thinking: false, last: null, error: null });

/** A session being played (module doc). */
export class PlayDriver<S extends PlaySession = PlaySession> {
  private s: PlayState<S>;
  private engineJob: PlayJob<EngineAnswer> | null = null;
  private stopped = false;

  constructor(
    session: S,
    private readonly opts: DriverOptions<S> = {},
  ) {
    this.s = { session, picked: null, targets: [], choice: null, engine: session.twoPlayer && session.user !== 'both' ? idleEngine() : null };
    this.syncHints();
    this.engineTurn();
  }

  /** The current state (a new object after every change). */
  get state(): PlayState<S> {
    return this.s;
  }

  get session(): S {
    return this.s.session;
  }

  private set(next: PlayState<S>): void {
    if (this.stopped) return;
    this.s = next;
    this.opts.onChange?.(next);
  }

  /** Settles when no engine reply is running (a game against the engine waits for its turn to end). */
  async settled(): Promise<void> {
    while (this.engineJob) await this.engineJob.promise;
  }

  // ------------------------------------------------------------------ moves

  /** Picks the piece on `square` (its legal targets highlighted); picking it again, an empty square or null drops the pick. */
  pick(square: string | null): void {
    const p = this.s;
    if (!square || square === p.picked || !p.session.isMovable(square)) {
      this.set({ ...p, picked: null, targets: [], choice: null });
      return;
    }
    this.set({ ...p, picked: square, targets: p.session.targets(square), choice: null });
  }

  /** A click on a square: the picked piece moves there if legal, else the click picks what is there. */
  click(square: string | null): MoveAttempt | 'picked' {
    const p = this.s;
    if (p.picked && square && p.targets.some((t) => t.to === square)) return this.move(p.picked, square);
    this.pick(square);
    return 'picked';
  }

  /** Moves `from` → `to` (a drag or a click); a move that needs a choice opens it (`state.choice`). */
  move(from: string, to: string, choice?: string): MoveAttempt {
    if (this.stopped) return 'off';
    const p = this.s;
    const r = p.session.play(from, to, choice);
    if (r === null) return 'illegal';
    if ('needChoice' in r) {
      this.set({ ...p, picked: from, targets: p.session.targets(from), choice: { from, to, choices: r.needChoice } });
      return 'choice';
    }
    this.setSession(r as S);
    return 'moved';
  }

  /** Answers the pending choice with one of its choices. */
  choose(choice: string): MoveAttempt {
    const c = this.s.choice;
    return c ? this.move(c.from, c.to, choice) : 'off';
  }

  /** Drops the pending choice. */
  cancelChoice(): void {
    if (this.s.choice) this.set({ ...this.s, choice: null });
  }

  /** Esc: drops a pending choice, else the picked piece; false when there was nothing to drop (the player may leave). */
  escape(): boolean {
    if (this.s.choice) this.cancelChoice();
    else if (this.s.picked) this.pick(null);
    else return false;
    return true;
  }

  // ------------------------------------------------------------------ history and sides

  /** Undo: one move; against the engine, back to the person's previous turn (a running reply is cancelled). */
  undo(): void {
    this.cancelEngine();
    this.setSession(this.s.session.undoTurn() as S);
  }

  /** Redo: the step taken back; against the engine, up to the person's next turn. */
  redo(): void {
    this.cancelEngine();
    this.setSession(this.s.session.redoTurn() as S);
  }

  /** Back to the start as one undoable step. */
  restart(): void {
    this.cancelEngine();
    this.setSession(this.s.session.restart() as S);
  }

  /** The person takes `user` from this position (the engine the other side; `both`: no engine). Nothing in single-player sessions. */
  setSide(user: PlaySide): void {
    const s = this.s.session;
    if (!s.twoPlayer || s.user === user) return;
    this.cancelEngine();
    const next = s.withUser(user) as S;
    this.set({ session: next, picked: null, targets: [], choice: null, engine: user === 'both' ? null : idleEngine() });
    this.syncHints();
    this.engineTurn();
  }

  /** Play ends: the engine stops, the hints stop, no more changes are reported. */
  stop(): void {
    this.cancelEngine();
    this.opts.hints?.stop();
    this.stopped = true;
  }

  // ------------------------------------------------------------------ engine and hints

  private setSession(s: S, engineLast: EngineAnswer | null = null): void {
    const e = this.s.engine;
    this.set({ session: s, picked: null, targets: [], choice: null, engine: e ? { thinking: false, last: engineLast, error: null } : null });
    this.syncHints();
    this.engineTurn();
  }

  /** The hint follows the current position (it waits while the engine is about to move, unless `now`: the engine failed). */
  private syncHints(now = false): void {
    if (this.stopped) return;
    const s = this.s.session;
    this.opts.hints?.track(s.start, s.lans, !now && s.engineToMove && !!this.s.engine);
  }

  private cancelEngine(): void {
    const j = this.engineJob;
    this.engineJob = null;
    j?.cancel();
  }

  /** When the engine is to move, starts its reply and plays it when it comes back for this very position. */
  private engineTurn(): void {
    const p = this.s;
    const s = p.session;
    const req = s.engineRequest();
    const run = this.opts.engine;
    if (this.stopped || !p.engine || !req) return;
    this.cancelEngine();
    if (!run) {
      this.set({ ...p, engine: { ...p.engine, thinking: false, error: 'No engine to reply.' } });
      return;
    }
    const job = run(req);
    this.engineJob = job;
    this.set({ ...p, engine: { ...p.engine, thinking: true, error: null } });
    void job.promise.then((o) => {
      if (this.engineJob !== job) return;
      this.engineJob = null;
      const now = this.s;
      if (this.stopped || now.session !== s) return;
      if (o.kind === 'result') {
        const next = s.playEngine(o.result) as S | null;
        if (next) {
          this.setSession(next, o.result);
          return;
        }
        this.set({ ...now, engine: { thinking: false, last: null, error: `The engine answered an illegal move (${o.result.lan}).` } });
        this.syncHints(true);
      } else if (o.kind === 'error') {
        this.set({ ...now, engine: { thinking: false, last: null, error: o.message } });
        this.syncHints(true);
      }
    });
  }
}
