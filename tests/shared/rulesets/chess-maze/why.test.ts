/**
 * Chess Maze "why unsolvable" (why.ts): hand-built levels whose cause is
 * evident on the board, and counterexamples where the cause does not hold.
 */
import { describe, expect, it } from 'vitest';
import type { CmTile } from '../../../../src-shared/model/level.js';
import { cmAllDeadEnds, cmPreSearchWhy, cmSearchProblem, cmSolveWithWhy, compileChessMaze } from '../../../../src-shared/rulesets/chess-maze/index.js';
import { solveBfs } from '../../../../src-shared/solver/bfs.js';
import { mulberry32, randomCmLevel } from '../../solver/generators.js';
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
    // The message names the movement rule at work, not only holes and the edge (this board has no hole).
    expect(why?.message).toMatch(/square colour/);
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

describe('pieces that never move, keys and plates out of reach (CM-3..CM-7)', () => {
  it('CM-4: a player pawn that can never move blocks the only way to the finish', () => {
    // 4 x 1: the north-facing pawn on c1 has no move on a one-rank board; the king a1 cannot pass it.
    const why = cmPreSearchWhy(cmPos({ width: 4, height: 1, pieces: [P('Ka1'), P('Pc1')], finish: 'd1' }));
    expect(why).toMatchObject({ code: 'blocked-by-frozen', ruling: 'CM-4', squares: ['c1', 'd1'] });
  });

  it('CM-4 counterexample: a pawn that can capture an enemy diagonally is not frozen', () => {
    // 4 x 2: pawn c1 faces north onto the hole c2 but can take the enemy on d2 (CM-3), freeing c1.
    const spec: CmSpec = { width: 4, height: 2, holes: ['c2', 'a2', 'b2'], pieces: [P('Ka1'), P('Pc1'), E('Nd2')], finish: 'd1' };
    expect(cmPreSearchWhy(cmPos(spec))).toBeUndefined();
    const r = solve(spec);
    // By hand: Pc1xd2, Ka1-b1, Kb1-c1, Kc1-d1: 4 moves.
    expect(r.status).toBe('solved');
    if (r.status === 'solved') expect(r.length).toBe(4);
  });

  // 5 x 2: rook a1; rank 1 b1 c1, a red lock d1, the finish e1; rank 2 a2 b2 c2, a blue lock d2
  // (no blue key or plate), the red key e2. The key is reached only through d2 (never open) or
  // from e1 (behind the red lock itself).
  const circular = (key: string): CmSpec => ({
    width: 5,
    height: 2,
    pieces: [P('Ra1')],
    tiles: [lock('d1'), lock('d2', 'blue'), { kind: 'key', square: key, color: 'red' }],
    finish: 'e1',
  });

  it('CM-5/CM-7: a lock whose key lies only behind never-open locks (or itself) never opens', () => {
    const why = cmPreSearchWhy(cmPos(circular('e2')));
    expect(why).toMatchObject({ code: 'lock-never-opens', ruling: 'CM-7', squares: ['d1', 'd2', 'e1'] });
    expect(why?.message).toContain('red key on e2');
    expect(why?.message).toContain('no blue key');
  });

  it('CM-5 counterexample: with the red key on c2 the rook fetches it', () => {
    // By hand: the rook must land on c2 (not on a rook line from a1) and then on e1 (not on one from c2): 4 moves.
    expect(cmPreSearchWhy(cmPos(circular('c2')))).toBeUndefined();
    const r = solve(circular('c2'));
    expect(r.status).toBe('solved');
    if (r.status === 'solved') expect(r.length).toBe(4);
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
    // 4 x 1: king a1, a red plate on b1, a red lock on c1, finish d1. The
    // king may stand on the plate but not ride it through its own lock
    // (CM-7), so it only has a1 and b1: 2 states by hand, none solves, and
    // it can always step back (no dead end).
    const spec: CmSpec = { width: 4, height: 1, pieces: [P('Ka1')], tiles: [{ kind: 'plate', square: 'b1', color: 'red' }, lock('c1')], finish: 'd1' };
    expect(cmPreSearchWhy(cmPos(spec))).toBeUndefined();
    expect(cmAllDeadEnds(cmPos(spec))).toBeUndefined();
    const r = solve(spec);
    expect(r.status).toBe('unsolvable');
    if (r.status !== 'unsolvable') return;
    expect(r.states).toBe(2);
    expect(r.why).toMatchObject({ code: 'exhaustive', squares: [] });
    expect(r.why?.message).toContain('2 states');
  });
});

describe('soundness against the plain BFS (CM-3..CM-13)', () => {
  it('CM-3..CM-13: on 400 random small levels (some locks left keyless), every cause agrees with exhaustive BFS', () => {
    const rand = mulberry32(23);
    const seen = new Map<string, number>();
    for (let i = 0; i < 400; i++) {
      let level = randomCmLevel(rand);
      // CM-15: drop the key of some levels, so locks that never open occur.
      if (rand() < 0.4) level = { ...level, tiles: (level.tiles ?? []).filter((t) => t.kind !== 'key') };
      const c = compileChessMaze(level);
      if (!c.ok) continue;
      const r = cmSolveWithWhy(c.value, { maxStates: 300_000 });
      const ref = solveBfs(cmSearchProblem(c.value), { maxStates: 300_000 });
      if (ref.status === 'limit' || r.status === 'limit') continue;
      expect(r.status, JSON.stringify(level)).toBe(ref.status);
      if (r.status === 'solved' && ref.status === 'solved') expect(r.length).toBe(ref.length);
      if (r.status === 'unsolvable' && r.why) {
        seen.set(r.why.code, (seen.get(r.why.code) ?? 0) + 1);
        if (r.why.code === 'move-limit') {
          const free = solveBfs(cmSearchProblem({ ...c.value, moveLimit: 0 }), { maxStates: 300_000 });
          expect(free.status === 'solved' && free.length, JSON.stringify(level)).toBe(r.why.optimumWithoutLimit);
          expect(r.why.optimumWithoutLimit!).toBeGreaterThan(c.value.moveLimit);
        }
      }
    }
    // The sample exercises the pre-search causes and the move-limit cause.
    expect(seen.get('lock-never-opens') ?? 0).toBeGreaterThan(0);
    expect(seen.get('move-limit') ?? 0).toBeGreaterThan(0);
  });
});
