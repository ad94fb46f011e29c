/**
 * Hints while playing (a playtest, a game against the engine, a player
 * page): after each move, the hint of the position (`RulesetDef.hint`,
 * src-shared/hint.ts: the distance to the nearest win, one optimal next
 * move, the move that lost the par) runs as a job (jobs.ts: the editor's
 * worker, or directly), so a player never waits for it; the next move
 * cancels it. `HintTracker` holds that state for the hint box, the move
 * lists (the flag on the move that lost the par) and the board (the next
 * move shown on request). Pure TS; `changed` tells a UI to redraw.
 */
import type { HintAnswer } from '../ruleset.js';
import { lanSquares } from '../model/square.js';
import type { HintRunner, PlayJob, PlayJobOutcome } from './jobs.js';

/** Where the hint of the current position stands. */
export type HintState =
  | { kind: 'off' }
  /** The engine is about to move: the hint waits for its reply. */
  | { kind: 'waiting' }
  | { kind: 'thinking' }
  | { kind: 'done'; answer: HintAnswer }
  | { kind: 'error'; message: string };

/** The squares of the hinted next move (board marks), or null when there is none to show. */
export function nextMoveSquares(answer: HintAnswer | null): { from: string; to: string } | null {
  if (!answer || !answer.next) return null;
  if (answer.status !== 'solvable' && answer.status !== 'unsolvable') return null;
  return lanSquares(answer.next);
}

/** The hint of a play session's current position (module doc). `L`: the level type the runner takes. */
export class HintTracker<L = unknown> {
  state: HintState = { kind: 'off' };
  /** The next move is shown on the board (until the next move is played). */
  showNext = false;
  /** The 0-based ply of the move that lost the par (the move lists flag it), or null. */
  lostPly: number | null = null;
  private job: PlayJob<HintAnswer> | null = null;
  private key = '';

  constructor(
    private readonly run: HintRunner<L>,
    /** Called after every change of `state`, `showNext` or `lostPly`. */
    private readonly changed: () => void = () => {},
  ) {}

  /**
   * The position after `moves` from `start` is current: cancels the
   * previous job and starts one for it (`wait`: the engine moves first, no
   * job until its reply). The next-move mark is dropped; the lost-par flag
   * stays while the new hint is computed when the line still holds it. The
   * same position again keeps its answer (or its running job).
   */
  track(start: L, moves: readonly string[], wait = false): void {
    const key = JSON.stringify(moves);
    if (key === this.key && (this.job || this.state.kind === 'done')) return;
    this.cancel();
    this.key = key;
    this.showNext = false;
    if (this.lostPly !== null && this.lostPly >= moves.length) this.lostPly = null;
    if (wait) {
      this.state = { kind: 'waiting' };
      this.changed();
      return;
    }
    const job = this.run(start, [...moves]);
    this.job = job;
    this.state = { kind: 'thinking' };
    this.changed();
    void job.promise.then((o: PlayJobOutcome<HintAnswer>) => {
      if (this.job !== job) return;
      this.job = null;
      if (o.kind === 'result') {
        this.state = { kind: 'done', answer: o.result };
        this.lostPly = o.result.lostAt?.ply ?? null;
      } else if (o.kind === 'error') this.state = { kind: 'error', message: o.message };
      this.changed();
    });
  }

  /** Settles when the running hint (if any) has answered. */
  async settled(): Promise<void> {
    while (this.job) await this.job.promise;
  }

  /** Shows (or hides) the next optimal move on the board. */
  toggleNext(): void {
    this.showNext = !this.showNext && this.nextMove() !== null;
    this.changed();
  }

  /** The next move's squares when the hint has one. */
  nextMove(): { from: string; to: string } | null {
    return this.state.kind === 'done' ? nextMoveSquares(this.state.answer) : null;
  }

  /** What the board marks: the next move while it is shown, else null. */
  get shown(): { from: string; to: string } | null {
    return this.showNext ? this.nextMove() : null;
  }

  /** Play ended: no hint any more. */
  stop(): void {
    this.cancel();
    this.key = '';
    this.state = { kind: 'off' };
    this.showNext = false;
    this.lostPly = null;
    this.changed();
  }

  private cancel(): void {
    const j = this.job;
    this.job = null;
    j?.cancel();
  }
}
