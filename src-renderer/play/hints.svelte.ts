/**
 * Hints while playing in the editor: the shared hint tracker
 * (src-shared/play/hints.ts: the hint of each position as a job, the next
 * move cancels it) run on the editor's worker (`hint` jobs, workers/),
 * mirrored into Svelte state for the hint box, the move lists (the flag on
 * the move that lost the par) and the board (the next move shown on
 * request). No ruleset id here: the words come from the ruleset's goal.
 */
import type { Level } from '../../src-shared/model/level.js';
import { HintTracker, nextMoveSquares, type HintState } from '../../src-shared/play/hints.js';
import type { JobHandle } from '../workers/job-protocol.js';

export { hintText } from '../../src-shared/hint-text.js';
export { nextMoveSquares, type HintState } from '../../src-shared/play/hints.js';

/** Budget of one hint in the editor: states per search and wall time of all its searches. */
export const PLAY_HINT_BUDGET = { maxStates: 2_000_000, timeMs: 15_000 } as const;

/** Starts a hint job (the worker client in the app, a fake in tests). */
export type HintRunner = (level: Level, moves: string[]) => JobHandle<'hint'>;

/** The hint of the play session's current position, kept up to date by the play controller (reactive). */
export class PlayHints {
  state: HintState = $state.raw({ kind: 'off' });
  /** The next move is shown on the board (until the next move is played). */
  showNext = $state(false);
  /** The 0-based ply of the move that lost the par (the move lists flag it), or null. */
  lostPly: number | null = $state(null);
  private readonly tracker: HintTracker<Level>;

  constructor(run: HintRunner) {
    this.tracker = new HintTracker<Level>(run, () => {
      this.state = this.tracker.state;
      this.showNext = this.tracker.showNext;
      this.lostPly = this.tracker.lostPly;
    });
  }

  /** The position after `moves` from `start` is current (`HintTracker.track`; `wait`: the engine moves first). */
  track(start: Level, moves: readonly string[], wait = false): void {
    this.tracker.track(start, moves, wait);
  }

  /** Shows (or hides) the next optimal move on the board. */
  toggleNext(): void {
    this.tracker.toggleNext();
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
    this.tracker.stop();
  }
}
