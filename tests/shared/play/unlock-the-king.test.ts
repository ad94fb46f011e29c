/**
 * Unlock the King through the generic play session (src-shared/play/,
 * `unlockTheKing.play`): UK-6 the portal, UK-7 the par and the 2 x par
 * ceiling, UK-8 the score (the rulebook's examples), stars. Every expected
 * number is worked by hand from docs/rules/unlock-the-king.md.
 */
import { describe, expect, it } from 'vitest';
import type { UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { line, play, start } from './helpers.js';

/** 3 x 3: king a1, portal a3; the optimum is 2 (UK-4 king steps a1-a2-a3 or a1-b2-a3). */
const small: UnlockTheKingLevel = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'unlock-the-king',
  meta: { title: 'u' },
  board: { width: 3, height: 3 },
  walls: [],
  portal: 'a3',
  pieces: [{ role: 'king', square: 'a1' }],
};

/** 8 x 3: king a1, portal h1: the king needs 7 steps (seven files to cross): the rulebook's examples "with par 7". */
const corridor: UnlockTheKingLevel = { ...small, board: { width: 8, height: 3 }, portal: 'h1' };
const STRAIGHT = 'a1-b1 b1-c1 c1-d1 d1-e1 e1-f1 f1-g1 g1-h1';

describe('Unlock the King play (UK-6..UK-8)', () => {
  it('UK-6 the king reaching the portal wins; the par comparison in the status line', () => {
    let s = start(small, { par: 2 });
    expect(
      s
        .targets('a1')
        .map((t) => t.to)
        .sort(),
    ).toEqual(['a2', 'b1', 'b2']);
    s = line(s, 'a1-a2 a2-a3');
    expect(s.view.status).toEqual({ kind: 'won' });
    expect(s.view.statusText).toBe('You won in 2 moves — par 2: at par');
    expect(s.view.lastEvents).toEqual(['The king reached the portal']);
    expect(s.targets('a3')).toEqual([]);
    expect(s.play('a3', 'b3')).toBeNull();
  });

  it('UK-7 the attempt fails once the moves exceed the ceiling 2 x par', () => {
    let s = start(small, { par: 1 });
    expect(s.view.moveLimit).toBe(2);
    expect(s.view.moveLimitLabel).toBe('ceiling (2 × par)');
    s = line(s, 'a1-b1 b1-a1');
    expect(s.view.status.kind).toBe('playing');
    s = play(s, 'a1', 'b1');
    expect(s.view.status).toEqual({ kind: 'failed', reason: 'move-ceiling' });
    expect(s.view.statusText).toBe('Failed — move limit: over the ceiling of 2 moves (2 × par, UK-7)');
  });

  it('UK-7 with par 7 the ceiling is 14: an attempt of 15 moves fails, even if its last move frees the king (score 0)', () => {
    // Four times a1-a2-a1 (8 moves), then the seven steps to h1: the 15th move reaches the portal.
    let s = start(corridor, { par: 7 });
    for (let k = 0; k < 4; k++) s = line(s, 'a1-a2 a2-a1');
    s = line(s, 'a1-b1 b1-c1 c1-d1 d1-e1 e1-f1 f1-g1');
    expect(s.view.moves).toBe(14);
    expect(s.view.status.kind).toBe('playing');
    s = play(s, 'g1', 'h1');
    expect(s.view.status).toEqual({ kind: 'failed', reason: 'move-ceiling' });
    expect(s.view.statusText).toContain('over the ceiling of 14 moves');
    expect(s.view.score).toMatchObject({ total: 0, outcome: 'ceiling' });
    expect(s.view.stars).toBe(0);
  });

  it('UK-8 par 7, 7 moves, no undo: 1000 + 500 + 300 = 1800, three stars', () => {
    const s0 = start(corridor, { par: 7 });
    expect(s0.view.score).toBeNull();
    const s = line(s0, STRAIGHT);
    expect(s.view.score).toMatchObject({ total: 1800, counted: 7, outcome: 'escaped', detail: 'escape 1000 + par 500 + clean 300' });
    expect(s.view.stars).toBe(3);
  });

  it('UK-8 par 7, 9 moves with one undo on the way: 1000 − 2 x 25 = 950 (casual: the undo adds no move), two stars', () => {
    let s = start(corridor, { par: 7 }).play('a1', 'b1');
    if (!s || 'needChoice' in s) throw new Error('a1-b1');
    s = s.undo();
    s = line(s, 'a1-a2 a2-b2 b2-c2 c2-d2 d2-e2 e2-f2 f2-g2 g2-h2 h2-h1');
    expect(s.view.status).toEqual({ kind: 'won' });
    expect(s.view.counters).toMatchObject({ undos: 1, restarts: 0 });
    expect(s.view.score).toMatchObject({ total: 950, counted: 9, detail: 'escape 1000 − 50 over par' });
    expect(s.view.stars).toBe(2);
  });

  it('UK-8 one undo and a move over par: 1000 + 0 + 0 − 25 = 975', () => {
    // par 2; a1-b1 (undone), then a1-b1, b1-a2, a2-a3: 3 moves, one over par.
    let s = start(small, { par: 2 });
    s = play(s, 'a1', 'b1').undo();
    s = line(s, 'a1-b1 b1-a2 a2-a3');
    expect(s.view.status).toEqual({ kind: 'won' });
    expect(s.view.counters).toMatchObject({ undos: 1, restarts: 0 });
    expect(s.view.score).toMatchObject({ total: 975, counted: 3 });
  });

  it('UK-8 a restart removes the clean bonus: 1000 + 500 = 1500; UK-7 over the ceiling scores 0', () => {
    let s = start(small, { par: 2 });
    s = play(s, 'a1', 'b1').restart();
    s = line(s, 'a1-a2 a2-a3');
    expect(s.view.counters).toMatchObject({ undos: 0, restarts: 1 });
    expect(s.view.score).toMatchObject({ total: 1500 });
    const f = line(start(small, { par: 1 }), 'a1-b1 b1-a1 a1-b1');
    expect(f.view.score).toMatchObject({ total: 0, outcome: 'ceiling' });
  });

  it('UK-8 undo after a Restart brings the moves back; the restart and the undo both still count (no clean bonus)', () => {
    const s0 = start(small, { par: 2 });
    expect(s0.canUndo).toBe(false);
    expect(s0.undo()).toBe(s0);
    const s2 = line(s0, 'a1-b1 b1-b2');
    const restarted = s2.restart();
    expect(restarted.view.moves).toBe(0);
    expect(restarted.canUndo).toBe(true);
    const back = restarted.undo();
    expect(back.view.lans).toEqual(['Ka1-b1', 'Kb1-b2']);
    expect(back.view.counters).toMatchObject({ undos: 1, restarts: 1 });
    // b2 -> a3 wins in 3 moves against par 2: 1000 + 0 + 0 (undo and restart used) − 25 = 975.
    const won = play(back, 'b2', 'a3');
    expect(won.view.status).toEqual({ kind: 'won' });
    expect(won.view.score).toMatchObject({ total: 975 });
    // Undo goes on past the restart, move by move, to the very start.
    const first = back.undo();
    expect(first.view.lans).toEqual(['Ka1-b1']);
    expect(first.undo().canUndo).toBe(false);
    // A restart at the start is no step.
    expect(s0.restart()).toBe(s0);
  });

  it('stars: 3 at or under par, 2 within twice the par, 1 with the par unknown; the par unknown says so', () => {
    expect(line(start(corridor, { par: 7 }), STRAIGHT).view.stars).toBe(3);
    // The straight line against a (generous) par of 9: 7 moves, under par.
    expect(line(start(corridor, { par: 9 }), STRAIGHT).view.statusText).toBe('You won in 7 moves — par 9: 2 under par (the par is not optimal)');
    // par 4: 7 moves is within 2 x 4 = 8: two stars, 3 over par.
    const two = line(start(corridor, { par: 4 }), STRAIGHT);
    expect(two.view.stars).toBe(2);
    expect(two.view.statusText).toBe('You won in 7 moves — par 4: 3 over par');
    const unknown = line(start(corridor), STRAIGHT);
    expect(unknown.view.stars).toBe(1);
    expect(unknown.view.score).toBeNull();
    expect(unknown.view.statusText).toBe('You won in 7 moves (par unknown: solve the level to compare)');
  });

  it('UK-2 a blueprint without its king cannot be played; the document is never touched', () => {
    const bad: UnlockTheKingLevel = { ...small, pieces: [] };
    expect(() => start(bad)).toThrow();
    const before = JSON.stringify(corridor);
    const s = line(start(corridor, { par: 7 }), STRAIGHT);
    expect(JSON.stringify(corridor)).toBe(before);
    expect(s.view.doc).not.toBe(corridor);
    expect(s.view.doc.pieces).toEqual([{ role: 'king', square: 'h1' }]);
  });
});
