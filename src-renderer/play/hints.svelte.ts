/**
 * Hints while playing (a playtest or a game against the engine): after each
 * move, the hint of the position (`RulesetDef.hint`, src-shared/hint.ts:
 * the distance to the nearest win, the next optimal move, the move that
 * lost the optimum) is computed in a worker job (`hint`, workers/), so the
 * board never waits; the next move cancels it. `PlayHints` holds that state
 * for the hint box, the move lists (the flag on the move that lost the par)
 * and the board (the next move shown on request). No ruleset id here: the
 * words come from the ruleset's goal (`RulesetDef.goal`).
 */
import type { HintAnswer } from '../../src-shared/ruleset.js';
export { hintText } from '../../src-shared/hint-text.js';
import { lanSquares } from '../../src-shared/model/square.js';
import type { Level } from '../../src-shared/model/level.js';
import type { JobHandle, JobOutcome } from '../workers/job-protocol.js';

/** Budget of one hint in the editor: states per search and wall time of all its searches. */
export const PLAY_HINT_BUDGET = { maxStates: 2_000_000, timeMs: 15_000 } as const;

/** Where the hint of the current position stands. */
export type HintState =
  | { kind: 'off' }
  /** The engine is about to move: the hint waits for its reply. */
  | { kind: 'waiting' }
  | { kind: 'thinking' }
  | { kind: 'done'; answer: HintAnswer }
  | { kind: 'error'; message: string };

/** Starts a hint job (the worker client in the app, a fake in tests). */
export type HintRunner = (level: Level, moves: string[]) => JobHandle<'hint'>;

/** The squares of the hinted next move (board marks), or null when there is none to show. */
export function nextMoveSquares(answer: HintAnswer | null): { from: string; to: string } | null {
  if (!answer || !answer.next) return null;
  if (answer.status !== 'solvable' && answer.status !== 'unsolvable') return null;
  return lanSquares(answer.next);
}

/** The hint of the play session's current position, kept up to date by the play controller. */
export class PlayHints {
  state: HintState = $state.raw({ kind: 'off' });
  /** The next move is shown on the board (until the next move is played). */
  showNext = $state(false);
  /** The 0-based ply of the move that lost the par (the move lists flag it), or null. */
  lostPly: number | null = $state(null);
  private job: JobHandle<'hint'> | null = null;
  private key = '';

  constructor(private readonly run: HintRunner) {}

  /**
   * The position after `moves` from `start` is current: cancels the
   * previous job and starts one for it (`wait`: the engine moves first, no
   * job until its reply). The next-move mark is dropped; the lost-par flag
   * stays while the new hint is computed when the line still holds it.
   */
  track(start: Level, moves: readonly string[], wait = false): void {
    const key = JSON.stringify(moves);
    if (key === this.key && (this.job || this.state.kind === 'done')) return; // same position: the hint stands
    this.cancel();
    this.key = key;
    this.showNext = false;
    if (this.lostPly !== null && this.lostPly >= moves.length) this.lostPly = null;
    if (wait) {
      this.state = { kind: 'waiting' };
      return;
    }
    const job = this.run(start, [...moves]);
    this.job = job;
    this.state = { kind: 'thinking' };
    void job.promise.then((o: JobOutcome<'hint'>) => {
      if (this.job !== job) return;
      this.job = null;
      if (o.kind === 'result') {
        this.state = { kind: 'done', answer: o.result };
        this.lostPly = o.result.lostAt?.ply ?? null;
      } else if (o.kind === 'error') this.state = { kind: 'error', message: o.message };
    });
  }

  /** Shows (or hides) the next optimal move on the board. */
  toggleNext(): void {
    this.showNext = !this.showNext && this.nextMove() !== null;
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
  }

  private cancel(): void {
    const j = this.job;
    this.job = null;
    j?.cancel();
  }
}
