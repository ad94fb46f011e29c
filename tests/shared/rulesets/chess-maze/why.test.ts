/**
 * Chess Maze "why unsolvable" (why.ts): hand-built levels whose cause is
 * evident on the board, and counterexamples where the cause does not hold.
 */
import { describe, expect, it } from 'vitest';
import type { CmTile } from '../../../../src-shared/model/level.js';
import { cmAllDeadEnds, cmPreSearchWhy } from '../../../../src-shared/rulesets/chess-maze/index.js';
import { solveLevel } from '../../../../src-shared/rulesets/index.js';
import { cmLevel, cmPos, E, P, type CmSpec } from './helpers.js';

const lock = (square: string, color: 'red' | 'blue' = 'red'): CmTile => ({ kind: 'lock', square, color });
const letter = (square: string, l: string): CmTile => ({ kind: 'letter', square, letter: l });

function solve(spec: CmSpec) {
  return solveLevel(cmLevel(spec));
}

describe('never-open locks (CM-7, CM-15)', () => {
  // A 5 x 1 corridor: rook a1, a red lock on d1 with no red key or plate, finish e1.
  const corridor: CmSpec = { width: 5, height: 1, pieces: [P('Ra1')], tiles: [lock('d1')], finish: 'e1' };

  it('CM-7: a keyless, plateless lock before the finish blocks every route; why names the lock, then the finish', () => {
    const r = solve(corridor);
    expect(r.status).toBe('unsolvable');
    if (r.status !== 'unsolvable') return;
    expect(r.why).toMatchObject({ code: 'lock-never-opens', ruling: 'CM-7', squares: ['d1', 'e1'] });
    expect(r.why?.message).toContain('red lock on d1');
  });

  it('CM-7 counterexample: a red plate holds the lock open while another piece stands on it', () => {
    // 5 x 2: a red plate on a2, off the rook's path; the king can step onto it.
    const spec: CmSpec = {
      width: 5,
      height: 2,
      pieces: [P('Ra1'), P('Kb2')],
      tiles: [lock('d1'), { kind: 'plate', square: 'a2', color: 'red' }],
      finish: 'e1',
    };
    expect(cmPreSearchWhy(cmPos(spec))).toBeUndefined();
    const r = solve(spec);
    // By hand: Kb2-a2 (onto the plate), then Ra1-e1 slides through the open lock: 2 moves.
    expect(r.status).toBe('solved');
    if (r.status === 'solved') expect(r.length).toBe(2);
  });

  it('CM-7 counterexample: a red key opens it', () => {
    const spec: CmSpec = { width: 5, height: 2, pieces: [P('Ra1')], tiles: [lock('d1'), { kind: 'key', square: 'a2', color: 'red' }], finish: 'e1' };
    expect(cmPreSearchWhy(cmPos(spec))).toBeUndefined();
    const r = solve(spec);
    // By hand: Ra1-a2 (key), Ra2-a1, Ra1-e1 — or Ra2-e2, Re2-e1: 3 moves either way.
    expect(r.status).toBe('solved');
    if (r.status === 'solved') expect(r.length).toBe(3);
  });

  it('CM-4: a knight jumps over never-open locks; only landing on one is ruled out', () => {
    // 3 x 3: knight a1 jumps to c2 (the finish) over red locks on b1 and b2.
    const spec: CmSpec = { width: 3, height: 3, pieces: [P('Na1')], tiles: [lock('b1'), lock('b2')], finish: 'c2' };
    expect(cmPreSearchWhy(cmPos(spec))).toBeUndefined();
    const r = solve(spec);
    expect(r.status).toBe('solved');
    if (r.status === 'solved') expect(r.length).toBe(1);
  });

  it('CM-7: a knight whose every route lands on a never-open lock is blocked', () => {
    // Knight graph on 3 x 3: a1-b3, a1-c2, b3-c1, c2-a3, a3-b1, b1-c3, c3-a2, a2-c1 (b2 isolated).
    // Locks on b3 and c2 cut a1 off from everything (with them open: a1-b3-c1-a2-c3).
    const spec: CmSpec = { width: 3, height: 3, pieces: [P('Na1')], tiles: [lock('b3'), lock('c2')], finish: 'c3' };
    const why = cmPreSearchWhy(cmPos(spec));
    expect(why).toMatchObject({ code: 'lock-never-opens', ruling: 'CM-7', squares: ['c2', 'b3', 'c3'] });
  });

  it('CM-7: a piece starting on a never-open lock is stuck for ever', () => {
    const spec: CmSpec = { width: 3, height: 1, pieces: [P('Ra1')], tiles: [lock('a1')], finish: 'c1' };
    expect(cmPreSearchWhy(cmPos(spec))?.code).toBe('lock-never-opens');
  });
});

describe('unreachable targets (CM-8, CM-9, CM-11)', () => {
  it('CM-11: a finish no piece can ever land on, even with every lock open', () => {
    // A bishop on a1 moves on dark squares only; the finish b1 is light.
    const why = cmPreSearchWhy(cmPos({ width: 3, height: 3, pieces: [P('Ba1')], finish: 'b1' }));
    expect(why).toMatchObject({ code: 'finish-unreachable', ruling: 'CM-11', squares: ['b1'] });
  });

  it('CM-11: a coin the collect objective requires that no piece can land on', () => {
    const spec: CmSpec = { width: 3, height: 3, pieces: [P('Ba1')], tiles: [{ kind: 'coin', square: 'a2' }], finish: 'c3', objectives: { collect: true } };
    expect(cmPreSearchWhy(cmPos(spec))).toMatchObject({ code: 'coin-unreachable', ruling: 'CM-11', squares: ['a2'] });
    // Counterexample: without the collect objective the coin does not matter (Ba1-c3: 1 move).
    const free = solve({ ...spec, objectives: {} });
    expect(free.status).toBe('solved');
  });

  it('CM-9: a letter of the word that no piece can land on', () => {
    const spec: CmSpec = { width: 3, height: 3, pieces: [P('Ba1')], tiles: [letter('b2', 'A'), letter('b3', 'B')], finish: 'c3', objectives: { spell: 'AB' } };
    expect(cmPreSearchWhy(cmPos(spec))).toMatchObject({ code: 'letter-unreachable', ruling: 'CM-9', squares: ['b3'] });
  });

  it('CM-9: every route to the first letter lands on a wrong letter first', () => {
    // 5 x 1: a king steps a1-b1-c1-d1; b1 holds B, d1 holds A, the word is AB.
    const spec: CmSpec = { width: 5, height: 1, pieces: [P('Ka1')], tiles: [letter('b1', 'B'), letter('d1', 'A')], finish: 'e1', objectives: { spell: 'AB' } };
    const r = solve(spec);
    expect(r.status).toBe('unsolvable');
    if (r.status === 'unsolvable') expect(r.why).toMatchObject({ code: 'spell-blocked', ruling: 'CM-9', squares: ['b1', 'd1'] });
  });

  it('CM-8 counterexample: a rook slides over the wrong letter without picking it up', () => {
    // By hand: Ra1-d1 (A), Rd1-b1 (B), Rb1-e1 (finish over the picked A): 3 moves, the 3 landings needed.
    const spec: CmSpec = { width: 5, height: 1, pieces: [P('Ra1')], tiles: [letter('b1', 'B'), letter('d1', 'A')], finish: 'e1', objectives: { spell: 'AB' } };
    expect(cmPreSearchWhy(cmPos(spec))).toBeUndefined();
    const r = solve(spec);
    expect(r.status).toBe('solved');
    if (r.status === 'solved') expect(r.length).toBe(3);
  });
});

describe('after the search: move limit, dead ends, exhaustive (CM-12, CM-13)', () => {
  it('CM-12: a move limit one below the optimum answers the optimum without it', () => {
    // 5 x 1: a king needs 4 steps a1-e1 (the hand-worked optimum); the limit is 3.
    const r = solve({ width: 5, height: 1, pieces: [P('Ka1')], finish: 'e1', objectives: { moveLimit: 3 } });
    expect(r.status).toBe('unsolvable');
    if (r.status !== 'unsolvable') return;
    expect(r.why).toMatchObject({ code: 'move-limit', ruling: 'CM-12', optimumWithoutLimit: 4 });
    expect(r.why?.message).toContain('4');
  });

  it('CM-12 counterexample: with the limit at the optimum the level solves', () => {
    const r = solve({ width: 5, height: 1, pieces: [P('Ka1')], finish: 'e1', objectives: { moveLimit: 4 } });
    expect(r.status).toBe('solved');
  });

  it('CM-13: every line ends in a dead end', () => {
    // 1 x 4: pawn a1 facing north; an enemy on a3 blocks it after Pa1-a2
    // (no double step onto an occupied square, no forward capture, CM-3).
    const spec: CmSpec = { width: 1, height: 4, pieces: [P('Pa1'), E('Ra3')], finish: 'a4' };
    expect(cmPreSearchWhy(cmPos(spec))).toBeUndefined();
    expect(cmAllDeadEnds(cmPos(spec))).toEqual({ longest: 1, positions: 1 });
    const r = solve(spec);
    expect(r.status).toBe('unsolvable');
    if (r.status === 'unsolvable') expect(r.why).toMatchObject({ code: 'dead-ends', ruling: 'CM-13' });
  });

  it('CM-13 counterexample: a king that can walk back and forth never dead-ends; the answer is exhaustive', () => {
    // 4 x 1: king a1, a north-facing player pawn on c1 that can never move
    // (the board has one rank), finish d1. The king only has a1 and b1:
    // 2 states by hand, none solves.
    const spec: CmSpec = { width: 4, height: 1, pieces: [P('Ka1'), P('Pc1')], finish: 'd1' };
    expect(cmAllDeadEnds(cmPos(spec))).toBeUndefined();
    const r = solve(spec);
    expect(r.status).toBe('unsolvable');
    if (r.status !== 'unsolvable') return;
    expect(r.states).toBe(2);
    expect(r.why).toMatchObject({ code: 'exhaustive', squares: [] });
    expect(r.why?.message).toContain('2 states');
  });
});
