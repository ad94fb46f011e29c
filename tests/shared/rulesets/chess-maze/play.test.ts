/**
 * CM-8 pick-ups, CM-9 spelling, CM-10 transforms, CM-11 finish, CM-12 move
 * limit and the CM-13 resolution order, on hand-worked corridors. Expected
 * events are written out by hand from the rulings.
 */
import { describe, expect, it } from 'vitest';
import type { CmTile } from '../../../../src-shared/model/level.js';
import { cmLegalMoves, cmOutcome, cmParseLan, cmPlay } from '../../../../src-shared/rulesets/chess-maze/index.js';
import { allLan, E, P, play, playLine, setup, targetsFrom } from './helpers.js';

const coin = (square: string): CmTile => ({ kind: 'coin', square });
const letter = (square: string, l: string): CmTile => ({ kind: 'letter', square, letter: l });
const transform = (square: string, ...allowed: ('knight' | 'bishop' | 'rook' | 'queen' | 'king')[]): CmTile => ({
  kind: 'transform',
  square,
  allowed,
});

describe('CM-8 collectibles', () => {
  // 5x1 corridor: rook a1, coin c1, finish e1, collect objective.
  const corridor = () => setup({ width: 5, height: 1, pieces: [P('Ra1')], tiles: [coin('c1')], finish: 'e1', objectives: { collect: true } });

  it('CM-8 a coin is picked up on landing, not when a slider passes over it', () => {
    const { pos, state } = corridor();
    const passed = play(pos, state, 'Ra1-d1');
    expect(passed.events).toEqual([]);
    expect(passed.state.picked).toEqual([false]);
    const landed = play(pos, passed.state, 'Rd1-c1');
    expect(landed.events).toEqual([{ type: 'picked-coin', square: 'c1' }]);
    expect(landed.state.picked).toEqual([true]);
    expect(play(pos, landed.state, 'Rc1-e1').events).toEqual([{ type: 'won' }]);
  });

  it('CM-8 a capture on a collectible picks it up (after the capture)', () => {
    const { pos, state } = setup({
      width: 5,
      height: 1,
      pieces: [P('Ra1'), E('Nc1')],
      tiles: [coin('c1')],
      finish: 'e1',
      objectives: { collect: true },
    });
    expect(play(pos, state, 'Ra1xc1').events).toEqual([
      { type: 'captured', piece: 1, role: 'knight', square: 'c1' },
      { type: 'picked-coin', square: 'c1' },
    ]);
  });

  it('CM-8 a piece starting on a coin has not picked it up; it must land there again', () => {
    const { pos, state } = setup({ width: 5, height: 1, pieces: [P('Rc1')], tiles: [coin('c1')], finish: 'e1', objectives: { collect: true } });
    expect(state.picked).toEqual([false]);
    const { state: s, events } = playLine(pos, state, ['Rc1-d1', 'Rd1-c1']);
    expect(events).toEqual([[], [{ type: 'picked-coin', square: 'c1' }]]);
    expect(s.picked).toEqual([true]);
  });

  it('CM-8 gems are picked up like coins but gate nothing', () => {
    const { pos, state } = setup({ width: 3, height: 1, pieces: [P('Ka1')], tiles: [{ kind: 'gem', square: 'b1' }], finish: 'c1' });
    const { state: s, events } = playLine(pos, state, ['Ka1-b1', 'Kb1-c1']);
    expect(events).toEqual([[{ type: 'picked-gem', square: 'b1' }], [{ type: 'won' }]]);
    expect(cmOutcome(s)).toEqual({ won: true });
  });
});

describe('CM-9 spelling', () => {
  // 5x2: rank 1: king a1, O b1, G c1, finish e1; rank 2: a spare O on d2. Word GO.
  const board = (spell?: string) =>
    setup({
      width: 5,
      height: 2,
      pieces: [P('Ka1')],
      tiles: [letter('b1', 'O'), letter('c1', 'G'), letter('d2', 'O')],
      finish: 'e1',
      ...(spell ? { objectives: { spell } } : {}),
    });

  it('CM-9 letters picked in word order spell it', () => {
    const { pos, state } = board('GO');
    const { state: s, events } = playLine(pos, state, ['Ka1-b2', 'Kb2-c1', 'Kc1-b1']);
    expect(events).toEqual([
      [],
      [{ type: 'picked-letter', letter: 'G', square: 'c1', spelled: 1 }],
      [{ type: 'picked-letter', letter: 'O', square: 'b1', spelled: 2 }],
    ]);
    expect(s.spelled).toBe(2);
    expect(cmOutcome(s)).toBe('playing');
  });

  it('CM-9 a letter out of order fails the attempt at once (misspelled)', () => {
    const { pos, state } = board('GO');
    const r = play(pos, state, 'Ka1-b1');
    expect(r.events).toEqual([
      { type: 'picked-letter', letter: 'O', square: 'b1', spelled: 0 },
      { type: 'failed', reason: 'misspelled' },
    ]);
    expect(cmOutcome(r.state)).toEqual({ failed: 'misspelled' });
    expect(cmLegalMoves(pos, r.state)).toEqual([]);
  });

  it('CM-9 any letter picked up after the word is complete fails (misspelled)', () => {
    const { pos, state } = board('GO');
    const s = playLine(pos, state, ['Ka1-b2', 'Kb2-c1', 'Kc1-b1', 'Kb1-c2']).state;
    const r = play(pos, s, 'Kc2-d2');
    expect(r.events).toEqual([
      { type: 'picked-letter', letter: 'O', square: 'd2', spelled: 2 },
      { type: 'failed', reason: 'misspelled' },
    ]);
    expect(cmOutcome(r.state)).toEqual({ failed: 'misspelled' });
  });

  it('CM-9 without a spell objective letters are picked up with no effect', () => {
    const { pos, state } = board();
    const r = play(pos, state, 'Ka1-b1');
    expect(r.events).toEqual([{ type: 'picked-letter', letter: 'O', square: 'b1', spelled: 0 }]);
    expect(r.state.picked).toEqual([true, false, false]);
    expect(r.state.spelled).toBe(0);
    expect(cmOutcome(r.state)).toBe('playing');
  });

  it('CM-9 a word with a repeated letter takes either tile for each occurrence', () => {
    // Word OO: b1 then d2 (or the other way round) both spell it.
    const { pos, state } = board('OO');
    const s = playLine(pos, state, ['Ka1-b1', 'Kb1-c2', 'Kc2-d2']).state;
    expect(s.spelled).toBe(2);
    expect(cmOutcome(s)).toBe('playing');
  });
});

describe('CM-10 transforms', () => {
  it('CM-10 one listed type: the piece changes automatically, LAN has no suffix', () => {
    // 5x3 (so that the knight has moves afterwards): rook a1, knight-only tile c1.
    const { pos, state } = setup({ width: 5, height: 3, pieces: [P('Ra1')], tiles: [transform('c1', 'knight')], finish: 'e1' });
    expect(allLan(pos, state)).toEqual(['Ra1-a2', 'Ra1-a3', 'Ra1-b1', 'Ra1-c1', 'Ra1-d1', 'Ra1-e1']);
    expect(cmParseLan(pos, state, 'Ra1-c1=N')).toBeUndefined();
    const r = play(pos, state, 'Ra1-c1');
    expect(r.events).toEqual([{ type: 'transformed', piece: 0, from: 'rook', to: 'knight', square: 'c1' }]);
    expect(r.state.roles).toEqual(['knight']);
  });

  it('CM-10 sliding across a transform tile does nothing', () => {
    const { pos, state } = setup({ width: 5, height: 1, pieces: [P('Ra1')], tiles: [transform('c1', 'knight')], finish: 'e1' });
    const r = play(pos, state, 'Ra1-d1');
    expect(r.events).toEqual([]);
    expect(r.state.roles).toEqual(['rook']);
  });

  it('CM-10 one listed type equal to the piece: nothing happens', () => {
    const { pos, state } = setup({ width: 5, height: 1, pieces: [P('Ra1')], tiles: [transform('c1', 'rook')], finish: 'e1' });
    const r = play(pos, state, 'Ra1-c1');
    expect(r.events).toEqual([]);
    expect(r.state.roles).toEqual(['rook']);
  });

  it('CM-10 several listed types: one move per choice, written =X, keeping the type only when listed', () => {
    // 5x3: queen a1, knight/queen tile c1. Queen: a2 a3, b1 c1 d1 e1, b2 c3.
    const q = setup({ width: 5, height: 3, pieces: [P('Qa1')], tiles: [transform('c1', 'queen', 'knight')], finish: 'e1' });
    expect(allLan(q.pos, q.state)).toEqual(['Qa1-a2', 'Qa1-a3', 'Qa1-b1', 'Qa1-b2', 'Qa1-c1=N', 'Qa1-c1=Q', 'Qa1-c3', 'Qa1-d1', 'Qa1-e1']);
    expect(cmParseLan(q.pos, q.state, 'Qa1-c1')).toBeUndefined();
    const keep = play(q.pos, q.state, 'Qa1-c1=Q');
    expect(keep.events).toEqual([]);
    expect(keep.state.roles).toEqual(['queen']);
    const change = play(q.pos, q.state, 'Qa1-c1=N');
    expect(change.events).toEqual([{ type: 'transformed', piece: 0, from: 'queen', to: 'knight', square: 'c1' }]);
    expect(change.state.moves).toBe(1);
    // A rook on a knight/queen tile cannot stay a rook.
    const r = setup({ width: 5, height: 1, pieces: [P('Ra1')], tiles: [transform('c1', 'queen', 'knight')], finish: 'e1' });
    expect(allLan(r.pos, r.state).filter((l) => l.includes('c1'))).toEqual(['Ra1-c1=N', 'Ra1-c1=Q']);
    expect(cmParseLan(r.pos, r.state, 'Ra1-c1=R')).toBeUndefined();
  });

  it('CM-10 a pawn landing on a transform tile is transformed (never into a pawn); passing over with a double step is not', () => {
    // 5x1, pawn a1 facing east (its start square): b1 single, c1 double.
    const one = setup({ width: 5, height: 1, pieces: [P('Pa1', 'east')], tiles: [transform('b1', 'rook')], finish: 'e1' });
    expect(allLan(one.pos, one.state)).toEqual(['Pa1-b1', 'Pa1-c1']);
    const r = play(one.pos, one.state, 'Pa1-b1');
    expect(r.events).toEqual([{ type: 'transformed', piece: 0, from: 'pawn', to: 'rook', square: 'b1' }]);
    expect(targetsFrom(one.pos, r.state, 'b1')).toEqual(['a1', 'c1', 'd1', 'e1']); // now moves as a rook
    expect(play(one.pos, one.state, 'Pa1-c1').state.roles).toEqual(['pawn']);
    const many = setup({ width: 5, height: 1, pieces: [P('Pa1', 'east')], tiles: [transform('b1', 'bishop', 'knight')], finish: 'e1' });
    expect(allLan(many.pos, many.state)).toEqual(['Pa1-b1=B', 'Pa1-b1=N', 'Pa1-c1']);
  });

  it('CM-10 a transform tile stays and can be used again', () => {
    // 5x3: knight-only tile c2; rooks a2 and e2 (player).
    const { pos, state } = setup({ width: 5, height: 3, pieces: [P('Ra2'), P('Re2')], tiles: [transform('c2', 'knight')], finish: 'e3' });
    const { state: s, events } = playLine(pos, state, ['Ra2-c2', 'Nc2-a1', 'Re2-c2']);
    expect(events).toEqual([
      [{ type: 'transformed', piece: 0, from: 'rook', to: 'knight', square: 'c2' }],
      [],
      [{ type: 'transformed', piece: 1, from: 'rook', to: 'knight', square: 'c2' }],
    ]);
    expect(s.roles).toEqual(['knight', 'knight']);
  });
});

describe('CM-11 finish', () => {
  it('CM-11 landing on the flag wins when there are no dependencies; passing over it does not', () => {
    const { pos, state } = setup({ width: 5, height: 1, pieces: [P('Ra1')], finish: 'c1' });
    const over = play(pos, state, 'Ra1-d1');
    expect(over.events).toEqual([]);
    expect(cmOutcome(over.state)).toBe('playing');
    const on = play(pos, state, 'Ra1-c1');
    expect(on.events).toEqual([{ type: 'won' }]);
    expect(cmOutcome(on.state)).toEqual({ won: true });
    expect(cmLegalMoves(pos, on.state)).toEqual([]);
  });

  it('CM-11 with a collect objective the flag counts only after every coin', () => {
    // 2x2: king a1, coin a2, finish b1.
    const { pos, state } = setup({ width: 2, height: 2, pieces: [P('Ka1')], tiles: [coin('a2')], finish: 'b1', objectives: { collect: true } });
    const early = play(pos, state, 'Ka1-b1');
    expect(early.events).toEqual([]);
    expect(cmOutcome(early.state)).toBe('playing');
    const { state: s, events } = playLine(pos, early.state, ['Kb1-a2', 'Ka2-b1']);
    expect(events).toEqual([[{ type: 'picked-coin', square: 'a2' }], [{ type: 'won' }]]);
    expect(cmOutcome(s)).toEqual({ won: true });
  });

  it('CM-11 coins without a collect objective do not gate the flag', () => {
    const { pos, state } = setup({ width: 2, height: 2, pieces: [P('Ka1')], tiles: [coin('a2')], finish: 'b1' });
    expect(play(pos, state, 'Ka1-b1').events).toEqual([{ type: 'won' }]);
  });

  it('CM-11 a collect objective with no coins is met at once', () => {
    const { pos, state } = setup({ width: 2, height: 2, pieces: [P('Ka1')], finish: 'b1', objectives: { collect: true } });
    expect(play(pos, state, 'Ka1-b1').events).toEqual([{ type: 'won' }]);
  });

  it('CM-11 with a spell objective the flag counts only once the word is complete', () => {
    const { pos, state } = setup({ width: 2, height: 2, pieces: [P('Ka1')], tiles: [letter('a2', 'A')], finish: 'b1', objectives: { spell: 'A' } });
    const early = play(pos, state, 'Ka1-b1');
    expect(cmOutcome(early.state)).toBe('playing');
    const { events } = playLine(pos, early.state, ['Kb1-a2', 'Ka2-b1']);
    expect(events[1]).toEqual([{ type: 'won' }]);
  });
});

describe('CM-12 move limit', () => {
  const corridor = (finish: string, moveLimit: number) => setup({ width: 5, height: 1, pieces: [P('Ka1')], finish, objectives: { moveLimit } });

  it('CM-12 a win on move N counts', () => {
    const { pos, state } = corridor('d1', 3);
    const { state: s, events } = playLine(pos, state, ['Ka1-b1', 'Kb1-c1', 'Kc1-d1']);
    expect(events).toEqual([[], [], [{ type: 'won' }]]);
    expect(cmOutcome(s)).toEqual({ won: true });
  });

  it('CM-12 the attempt fails once the counter reaches N without a win', () => {
    const { pos, state } = corridor('e1', 3);
    const two = playLine(pos, state, ['Ka1-b1', 'Kb1-c1']).state;
    expect(cmOutcome(two)).toBe('playing');
    const r = play(pos, two, 'Kc1-d1');
    expect(r.events).toEqual([{ type: 'failed', reason: 'move-limit' }]);
    expect(r.state.moves).toBe(3);
    expect(cmOutcome(r.state)).toEqual({ failed: 'move-limit' });
    expect(cmLegalMoves(pos, r.state)).toEqual([]);
  });
});

describe('CM-13 resolution order', () => {
  it('CM-13 capture, then transform', () => {
    const { pos, state } = setup({ width: 5, height: 1, pieces: [P('Ra1'), E('Bc1')], tiles: [transform('c1', 'queen')], finish: 'e1' });
    expect(play(pos, state, 'Ra1xc1').events).toEqual([
      { type: 'captured', piece: 1, role: 'bishop', square: 'c1' },
      { type: 'transformed', piece: 0, from: 'rook', to: 'queen', square: 'c1' },
    ]);
  });

  it('CM-13 capture, then key', () => {
    const { pos, state } = setup({
      width: 5,
      height: 1,
      pieces: [P('Ra1'), E('Bc1')],
      tiles: [{ kind: 'key', square: 'c1', color: 'blue' }],
      finish: 'e1',
    });
    expect(play(pos, state, 'Ra1xc1').events).toEqual([
      { type: 'captured', piece: 1, role: 'bishop', square: 'c1' },
      { type: 'picked-key', color: 'blue', square: 'c1' },
    ]);
  });

  it('CM-13 the last coin on the flag: picked up, then the finish check wins', () => {
    const { pos, state } = setup({ width: 3, height: 1, pieces: [P('Ra1')], tiles: [coin('c1')], finish: 'c1', objectives: { collect: true } });
    expect(play(pos, state, 'Ra1-c1').events).toEqual([{ type: 'picked-coin', square: 'c1' }, { type: 'won' }]);
  });

  it('CM-13 the last letter on the flag wins; a wrong letter on the flag fails before the finish check', () => {
    const right = setup({ width: 3, height: 1, pieces: [P('Ra1')], tiles: [letter('c1', 'A')], finish: 'c1', objectives: { spell: 'A' } });
    expect(play(right.pos, right.state, 'Ra1-c1').events).toEqual([{ type: 'picked-letter', letter: 'A', square: 'c1', spelled: 1 }, { type: 'won' }]);
    const wrong = setup({
      width: 3,
      height: 1,
      pieces: [P('Ra1')],
      tiles: [letter('c1', 'B'), letter('b1', 'A')],
      finish: 'c1',
      objectives: { spell: 'AB' },
    });
    const r = play(wrong.pos, wrong.state, 'Ra1-c1');
    expect(r.events).toEqual([
      { type: 'picked-letter', letter: 'B', square: 'c1', spelled: 0 },
      { type: 'failed', reason: 'misspelled' },
    ]);
    expect(cmOutcome(r.state)).toEqual({ failed: 'misspelled' });
  });

  it('CM-13 a win on the last allowed move beats the move-limit failure', () => {
    const { pos, state } = setup({ width: 5, height: 1, pieces: [P('Ra1')], finish: 'e1', objectives: { moveLimit: 1 } });
    const r = play(pos, state, 'Ra1-e1');
    expect(r.events).toEqual([{ type: 'won' }]);
    expect(cmOutcome(r.state)).toEqual({ won: true });
  });

  it('CM-13 a misspelling on the last allowed move is reported as misspelled, not move-limit', () => {
    const { pos, state } = setup({
      width: 5,
      height: 1,
      pieces: [P('Ra1')],
      tiles: [letter('c1', 'B'), letter('b1', 'A')],
      finish: 'e1',
      objectives: { spell: 'AB', moveLimit: 1 },
    });
    expect(cmOutcome(play(pos, state, 'Ra1-c1').state)).toEqual({ failed: 'misspelled' });
  });

  it('CM-13 dead end after a capture: no player piece can move', () => {
    // 5x3: pawn c2 (north) captures on d3, the last rank: no forward move, no diagonal.
    const { pos, state } = setup({ width: 5, height: 3, pieces: [P('Pc2'), E('Nd3')], finish: 'a3' });
    const r = play(pos, state, 'Pc2xd3');
    expect(r.events).toEqual([
      { type: 'captured', piece: 1, role: 'knight', square: 'd3' },
      { type: 'failed', reason: 'dead-end' },
    ]);
    expect(cmOutcome(r.state)).toEqual({ failed: 'dead-end' });
  });

  it('CM-13 the move-limit check comes before the dead-end check', () => {
    const { pos, state } = setup({ width: 5, height: 3, pieces: [P('Pc2'), E('Nd3')], finish: 'a3', objectives: { moveLimit: 1 } });
    expect(play(pos, state, 'Pc2xd3').events).toEqual([
      { type: 'captured', piece: 1, role: 'knight', square: 'd3' },
      { type: 'failed', reason: 'move-limit' },
    ]);
  });

  it('CM-13 a dead end after an ordinary move; a piece that still has moves elsewhere prevents it', () => {
    const lone = setup({ width: 5, height: 3, pieces: [P('Pc2')], finish: 'a3' });
    expect(play(lone.pos, lone.state, 'Pc2-c3').events).toEqual([{ type: 'failed', reason: 'dead-end' }]);
    const two = setup({ width: 5, height: 3, pieces: [P('Pc2'), P('Ka1')], finish: 'a3' });
    expect(play(two.pos, two.state, 'Pc2-c3').events).toEqual([]);
  });

  it('CM-13 the dead-end check never runs before the first move', () => {
    // A lone rook on a lock that never opens: no move at all, yet still playing.
    const { pos, state } = setup({ width: 3, height: 1, pieces: [P('Ra1')], tiles: [{ kind: 'lock', square: 'a1', color: 'yellow' }], finish: 'c1' });
    expect(cmLegalMoves(pos, state)).toEqual([]);
    expect(cmOutcome(state)).toBe('playing');
  });

  it('CM-13 playing on after the attempt ended changes nothing', () => {
    const { pos, state } = setup({ width: 5, height: 1, pieces: [P('Ra1')], finish: 'c1' });
    const won = play(pos, state, 'Ra1-c1').state;
    const again = cmPlay(pos, won, { piece: 0, from: 2, to: 3, capture: -1 });
    expect(again.state).toBe(won);
    expect(again.events).toEqual([]);
  });
});
