/**
 * A play session being played (src-shared/play/driver.ts): click-click
 * play, a pending choice (CM-10), Esc, undo / redo / restart, the engine's
 * replies as cancellable jobs (a reply for an older position is dropped,
 * errors are shown), and the hints of each position through the rulesets'
 * hint hooks (hints.ts, runners.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ChessMazeLevel, KingsValleyLevel, UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import type { EngineAnswer, HintAnswer } from '../../../src-shared/ruleset.js';
import { unlockTheKing } from '../../../src-shared/rulesets/unlock-the-king/def.js';
import { PlayDriver, type PlayState } from '../../../src-shared/play/driver.js';
import { HintTracker } from '../../../src-shared/play/hints.js';
import type { EngineRunner, PlayJobOutcome } from '../../../src-shared/play/jobs.js';
import { directHints } from '../../../src-shared/play/runners.js';
import type { EngineRequest } from '../../../src-shared/play/session.js';
import { start } from './helpers.js';

const corridor: UnlockTheKingLevel = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'unlock-the-king',
  meta: { title: 'u' },
  board: { width: 8, height: 3 },
  walls: [],
  portal: 'h1',
  pieces: [{ role: 'king', square: 'a1' }],
};

const transform: ChessMazeLevel = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'chess-maze',
  meta: { title: 't' },
  board: { width: 3, height: 1 },
  pieces: [{ role: 'rook', square: 'a1', side: 'player' }],
  tiles: [
    { kind: 'transform', square: 'b1', allowed: ['knight', 'queen'] },
    { kind: 'finish', square: 'c1' },
  ],
};

const kv: KingsValleyLevel = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'kings-valley',
  meta: { title: 'k' },
  board: { width: 5, height: 5 },
  pieces: [
    { role: 'king', square: 'c1', side: 'white' },
    { role: 'soldier', square: 'a1', side: 'white' },
    { role: 'king', square: 'c5', side: 'black' },
    { role: 'soldier', square: 'e5', side: 'black' },
  ],
  sideToMove: 'white',
};

/** An engine whose replies the test settles by hand. */
function manualEngine(): { run: EngineRunner; jobs: { req: EngineRequest; settle: (o: PlayJobOutcome<EngineAnswer>) => void; cancelled: boolean }[] } {
  const jobs: { req: EngineRequest; settle: (o: PlayJobOutcome<EngineAnswer>) => void; cancelled: boolean }[] = [];
  return {
    jobs,
    run(req) {
      let settle!: (o: PlayJobOutcome<EngineAnswer>) => void;
      const promise = new Promise<PlayJobOutcome<EngineAnswer>>((r) => (settle = r));
      const rec = { req, settle, cancelled: false };
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
const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('PlayDriver: click-click play', () => {
  it('UK-4 a click picks a piece and shows its targets, a click on a target moves, a second click on the piece drops it; each change is reported', () => {
    const seen: PlayState[] = [];
    const d = new PlayDriver(start(corridor, { par: 7 }), { onChange: (s) => seen.push(s) });
    expect(d.click('a1')).toBe('picked');
    expect(d.state.picked).toBe('a1');
    expect(d.state.targets.map((t) => t.to).sort()).toEqual(['a2', 'b1', 'b2']);
    expect(d.click('a1')).toBe('picked');
    expect(d.state.picked).toBeNull();
    d.click('a1');
    expect(d.click('b1')).toBe('moved');
    expect(d.session.view.lans).toEqual(['Ka1-b1']);
    expect(d.state.picked).toBeNull();
    expect(d.move('b1', 'h3')).toBe('illegal');
    expect(seen.at(-1)).toBe(d.state);
    expect(seen.length).toBeGreaterThanOrEqual(4);
  });

  it('CM-10 a move onto a transform tile with several types waits for the choice; Esc drops the choice, then the pick', () => {
    const d = new PlayDriver(start(transform));
    d.click('a1');
    expect(d.click('b1')).toBe('choice');
    expect(d.state.choice).toEqual({ from: 'a1', to: 'b1', choices: ['knight', 'queen'] });
    expect(d.escape()).toBe(true);
    expect(d.state.choice).toBeNull();
    expect(d.state.picked).toBe('a1');
    expect(d.escape()).toBe(true);
    expect(d.state.picked).toBeNull();
    expect(d.escape()).toBe(false);
    d.click('a1');
    d.click('b1');
    expect(d.choose('knight')).toBe('moved');
    expect(d.session.view.lans).toEqual(['Ra1-b1=N']);
  });

  it('undo, redo and restart as one undoable step; stop ends the reports', () => {
    const seen: PlayState[] = [];
    const d = new PlayDriver(start(corridor), { onChange: (s) => seen.push(s) });
    d.move('a1', 'b1');
    d.move('b1', 'c1');
    d.restart();
    expect(d.session.view.moves).toBe(0);
    d.undo();
    expect(d.session.view.lans).toEqual(['Ka1-b1', 'Kb1-c1']);
    d.redo();
    expect(d.session.view.moves).toBe(0);
    d.undo();
    d.undo();
    expect(d.session.view.lans).toEqual(['Ka1-b1']);
    d.stop();
    const n = seen.length;
    d.move('b1', 'c1');
    expect(seen.length).toBe(n);
  });
});

describe('PlayDriver: the engine’s replies', () => {
  it('KV-8 the engine replies on its turn; Undo while it thinks cancels the reply; a reply for an older position is dropped', async () => {
    const e = manualEngine();
    const d = new PlayDriver(start(kv, { user: 'white' }), { engine: e.run });
    expect(e.jobs).toHaveLength(0);
    d.move('a1', 'a5');
    expect(d.state.engine?.thinking).toBe(true);
    expect(e.jobs[0]!.req.moves).toEqual(['Sa1-a5']);
    d.undo();
    expect(e.jobs[0]!.cancelled).toBe(true);
    expect(d.session.view.moves).toBe(0);
    expect(d.state.engine?.thinking).toBe(false);
    d.move('a1', 'a5');
    e.jobs[1]!.settle({ kind: 'result', result: { lan: 'Se5-e1', kind: 'defend', lossIn: null, horizon: 4, nodes: 9 } });
    await d.settled();
    expect(d.session.view.lans).toEqual(['Sa1-a5', 'Se5-e1']);
    expect(d.session.view.game?.by).toEqual(['user', 'engine']);
    expect(d.state.engine).toMatchObject({ thinking: false, last: { lan: 'Se5-e1' }, error: null });
    expect(d.session.view.game?.engineNote).toBe('Engine played Se5-e1: no forced win for you within 4 moves.');
  });

  it('an illegal reply or an engine error is shown, and play goes on by hand', async () => {
    const e = manualEngine();
    const d = new PlayDriver(start(kv, { user: 'white' }), { engine: e.run });
    d.move('a1', 'a5');
    e.jobs[0]!.settle({ kind: 'result', result: { lan: 'Kc5-c3', kind: 'any', nodes: 0 } });
    await tick();
    expect(d.state.engine?.error).toBe('The engine answered an illegal move (Kc5-c3).');
    d.undo();
    d.move('a1', 'a5');
    e.jobs[1]!.settle({ kind: 'error', message: 'out of memory' });
    await tick();
    expect(d.state.engine).toMatchObject({ thinking: false, error: 'out of memory' });
  });

  it('the side switch hands the move to the engine at once; both sides by hand stops it', async () => {
    const e = manualEngine();
    const d = new PlayDriver(start(kv), { engine: e.run });
    expect(d.state.engine).toBeNull();
    d.setSide('black');
    expect(d.state.engine?.thinking).toBe(true);
    d.setSide('both');
    expect(e.jobs[0]!.cancelled).toBe(true);
    expect(d.state.engine).toBeNull();
    expect(d.session.isMovable('a1')).toBe(true);
  });
});

describe('PlayDriver: hints', () => {
  it('UK-7 the hint of each position through the ruleset’s hint hook: the move that lost the par is flagged', async () => {
    // 8 x 3, king a1, portal h1: the optimum is 7 (seven files). Ka1-a2 leaves 7 more: 8 in all, the par is lost at move 1.
    const hints = new HintTracker(directHints(unlockTheKing, { maxStates: 100_000 }));
    const d = new PlayDriver(start(corridor, { par: 7 }), { hints });
    await hints.settled();
    expect(hints.state).toEqual({ kind: 'done', answer: { status: 'solvable', distance: 7, next: expect.any(String), lostAt: null } });
    d.move('a1', 'a2');
    expect(hints.state.kind).toBe('thinking');
    await hints.settled();
    const a = (hints.state as { answer: HintAnswer }).answer;
    expect(a).toMatchObject({ status: 'solvable', distance: 7, lostAt: { ply: 0, move: 'Ka1-a2', distanceBefore: 7, distanceAfter: 7 } });
    expect(hints.lostPly).toBe(0);
    hints.toggleNext();
    expect(hints.shown?.from).toBe('a2');
    d.undo();
    expect(hints.lostPly).toBeNull();
    d.stop();
    expect(hints.state.kind).toBe('off');
  });

  it('against the engine the hint waits for its reply', () => {
    const calls: string[][] = [];
    const hints = new HintTracker((_level, moves) => {
      calls.push(moves);
      return { promise: new Promise(() => {}), cancel: () => {} };
    });
    const e = manualEngine();
    const d = new PlayDriver(start(kv, { user: 'white' }), { engine: e.run, hints });
    expect(calls).toEqual([[]]);
    d.move('a1', 'a5');
    expect(hints.state.kind).toBe('waiting');
    expect(calls).toHaveLength(1);
  });
});
