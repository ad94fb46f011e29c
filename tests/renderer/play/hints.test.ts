/**
 * Play hints in the editor (play/hints.svelte.ts): the hint box's words,
 * the next move's squares, the job life cycle (a new move cancels the
 * running hint), and the worker's `hint` job (workers/job-handler.ts) on a
 * hand-worked blueprint.
 */
import { describe, expect, it } from 'vitest';
import { PlayHints, hintText, nextMoveSquares } from '../../../src-renderer/play/hints.svelte.js';
import type { HintAnswer } from '../../../src-shared/ruleset.js';
import type { Level } from '../../../src-shared/model/level.js';
import type { JobHandle, JobMessage, JobOutcome } from '../../../src-renderer/workers/job-protocol.js';
import { handleJob } from '../../../src-renderer/workers/job-handler.js';
import { unlockTheKing } from '../../../src-shared/rulesets/unlock-the-king/def.js';
import { kingsValley } from '../../../src-shared/rulesets/kings-valley/def.js';

const par = unlockTheKing.goal;
const inN = kingsValley.goal;

describe('hintText', () => {
  it('single-player: the distance in moves; the move that lost the par named with its number and notation', () => {
    const a: HintAnswer = { status: 'solvable', distance: 5, next: 'Ka2-b3', lostAt: { ply: 1, move: 'Rh8-h7', distanceBefore: 3, distanceAfter: 4 } };
    expect(hintText(a, par, undefined, ['Bb2-c1', 'Rh8-h7'])).toEqual({
      headline: '5 moves to the nearest win',
      // 3 to go before the move: a move on an optimal line would have left 3 - 1 = 2.
      lost: 'Move 2 (Rh8-h7) lost the par: 3 moves to go before it, 4 after it (the best move there would have left 2 moves to go)',
    });
  });

  it('the par in words: one move to go before the losing move means the best move would have finished the game', () => {
    const lostAt = { ply: 0, move: 'Sa1-a5', distanceBefore: 1, distanceAfter: 1 };
    const single: HintAnswer = { status: 'solvable', distance: 1, next: 'Ka2-b3', lostAt };
    expect(hintText(single, par, undefined, ['Sa1-a5']).lost).toBe(
      'Move 1 (Sa1-a5) lost the par: 1 move to go before it, 1 after it (the best move there would have solved it)',
    );
    const two: HintAnswer = { status: 'solvable', distance: 1, next: 'Kc1-c3', lostAt };
    expect(hintText(two, inN, 'white', ['Sa1-a5']).lost).toBe(
      'Move 1 (Sa1-a5) lost the par: 1 move to go before it, 1 after it (the best move there would have won at once)',
    );
  });

  it('no longer solvable names the move that made it so', () => {
    const a: HintAnswer = { status: 'unsolvable', distance: null, next: null, lostAt: { ply: 3, move: 'Pa2-a3', distanceBefore: 2, distanceAfter: null } };
    expect(hintText(a, par, undefined, ['a', 'b', 'c', 'Pa2-a3'])).toEqual({ headline: 'No longer solvable since move 4 (Pa2-a3)', lost: null });
  });

  it('KV-8: a two-player hint speaks of the attacker forcing the goal’s verb', () => {
    const a: HintAnswer = { status: 'solvable', distance: 1, next: 'Kc1-c3', lostAt: null };
    expect(hintText(a, inN, 'white', [])).toEqual({ headline: 'White forces a win in 1 move', lost: null });
    expect(hintText({ status: 'solved', distance: 0, next: null, lostAt: null }, inN, 'white', []).headline).toBe('White has won');
  });
});

describe('nextMoveSquares', () => {
  it('reads from and to of the LAN next move; none without a next move or when solved', () => {
    expect(nextMoveSquares({ status: 'solvable', distance: 2, next: 'Nb1-c3', lostAt: null })).toEqual({ from: 'b1', to: 'c3' });
    expect(nextMoveSquares({ status: 'solved', distance: 0, next: null, lostAt: null })).toBeNull();
    expect(nextMoveSquares(null)).toBeNull();
  });
});

/** A fake hint runner: records jobs; each is settled by the test. */
function fakeRunner(): {
  run: (level: Level, moves: string[]) => JobHandle<'hint'>;
  jobs: { moves: string[]; settle: (o: JobOutcome<'hint'>) => void; cancelled: boolean }[];
} {
  const jobs: { moves: string[]; settle: (o: JobOutcome<'hint'>) => void; cancelled: boolean }[] = [];
  return {
    jobs,
    run(_level, moves) {
      let settle!: (o: JobOutcome<'hint'>) => void;
      const promise = new Promise<JobOutcome<'hint'>>((r) => (settle = r));
      const rec = { moves, settle, cancelled: false };
      jobs.push(rec);
      return {
        promise,
        cancel: () => {
          rec.cancelled = true;
          settle({ kind: 'cancelled' });
        },
      };
    },
  };
}

const level = { ruleset: 'unlock-the-king' } as unknown as Level;
const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('PlayHints', () => {
  it('a new move cancels the running hint; the answer of the current one is kept, with its lost-par ply', async () => {
    const f = fakeRunner();
    const h = new PlayHints(f.run);
    h.track(level, []);
    expect(h.state.kind).toBe('thinking');
    h.track(level, ['Rh8-h7']);
    expect(f.jobs[0]!.cancelled).toBe(true);
    f.jobs[1]!.settle({
      kind: 'result',
      ms: 1,
      result: { status: 'solvable', distance: 3, next: 'Rh7-h8', lostAt: { ply: 0, move: 'Rh8-h7', distanceBefore: 3, distanceAfter: 3 } },
    });
    await tick();
    expect(h.state).toMatchObject({ kind: 'done', answer: { distance: 3 } });
    expect(h.lostPly).toBe(0);
    expect(h.shown).toBeNull();
    h.toggleNext();
    expect(h.shown).toEqual({ from: 'h7', to: 'h8' });
    // The next move drops the mark; undoing to the start drops the flag of a move no longer played.
    h.track(level, []);
    expect(h.shown).toBeNull();
    expect(h.lostPly).toBeNull();
  });

  it('the same position again (a side switch) keeps its answer without a new job', async () => {
    const f = fakeRunner();
    const h = new PlayHints(f.run);
    h.track(level, ['Ka1-b2']);
    f.jobs[0]!.settle({ kind: 'result', ms: 1, result: { status: 'solvable', distance: 1, next: 'Kb2-a3', lostAt: null } });
    await tick();
    h.track(level, ['Ka1-b2']);
    expect(f.jobs).toHaveLength(1);
    expect(h.state).toMatchObject({ kind: 'done', answer: { distance: 1 } });
  });

  it('waits (no job) while the engine is to move; stop() ends everything', () => {
    const f = fakeRunner();
    const h = new PlayHints(f.run);
    h.track(level, ['Sa1-a5'], true);
    expect(h.state.kind).toBe('waiting');
    expect(f.jobs).toHaveLength(0);
    h.track(level, ['Sa1-a5', 'Ke5-b5']);
    h.stop();
    expect(f.jobs[0]!.cancelled).toBe(true);
    expect(h.state.kind).toBe('off');
  });
});

describe('hint job (worker side)', () => {
  // 3 x 3: king a1, wall b1, portal a3; optimum 2 (UK-4 king steps). Ka1-a2 first leaves 2 more: par lost at ply 0.
  const uk = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 't' },
    board: { width: 3, height: 3 },
    walls: ['b1'],
    portal: 'a3',
    pieces: [{ role: 'king', square: 'a1', color: 'ivory' }],
  } as unknown as Level;

  it('UK-4: answers the hint of the position after the moves', () => {
    const posted: JobMessage[] = [];
    handleJob({ kind: 'hint', level: uk, moves: ['Ka1-b2'] }, (m) => posted.push(m));
    expect(posted[0]).toMatchObject({ type: 'result', result: { status: 'solvable', distance: 1, next: 'Kb2-a3', lostAt: null } });
  });

  it('UK-4: a move that does not replay comes back invalid', () => {
    const posted: JobMessage[] = [];
    handleJob({ kind: 'hint', level: uk, moves: ['Ka1-c3'] }, (m) => posted.push(m));
    expect(posted[0]).toMatchObject({ type: 'invalid' });
  });
});
