/**
 * CM-2 / CM-3 / CM-4 movement, hand-worked on small boards. Every expected
 * target list was written out square by square from the rulebook (the
 * comments give the reasoning), never copied from program output.
 */
import { describe, expect, it } from 'vitest';
import type { Facing } from '../../../../src-shared/model/level.js';
import { cmLegalMoves, cmMoveToLan } from '../../../../src-shared/rulesets/chess-maze/index.js';
import { allLan, E, P, play, setup, targetsFrom } from './helpers.js';

describe('CM-2 sides', () => {
  it('CM-2 only player pieces move; enemies never move', () => {
    // 3x3: player king a1, enemy rook c3, enemy knight a3. Finish c1.
    const { pos, state } = setup({
      width: 3,
      height: 3,
      pieces: [P('Ka1'), E('Rc3'), E('Na3')],
      finish: 'c1',
    });
    // King a1: a2, b1, b2 (all empty).
    expect(allLan(pos, state)).toEqual(['Ka1-a2', 'Ka1-b1', 'Ka1-b2']);
  });

  it('CM-2 no turn cycle: any player piece may move, the same one twice in a row', () => {
    // 4x2: king a1, rook d1, finish a2 (the king could reach it; we do not play that).
    const { pos, state } = setup({ width: 4, height: 2, pieces: [P('Ka1'), P('Rd1')], finish: 'a2' });
    const movers = new Set(allLan(pos, state).map((l) => l.slice(0, 3)));
    expect([...movers].sort()).toEqual(['Ka1', 'Rd1']);
    const s1 = play(pos, state, 'Rd1-c1').state;
    const s2 = play(pos, s1, 'Rc1-b1').state; // the rook again
    expect(s2.squares).toEqual([0, 1]); // king a1 = 0, rook b1 = 1
    expect(s2.moves).toBe(2);
  });
});

describe('CM-3 movement of each role', () => {
  it('CM-3 king steps one square in 8 directions, not into a hole or onto a friend; onto an enemy captures', () => {
    // 3x3: king b2, hole a1, friendly rook c3, enemy knight a3, finish c1.
    // Neighbours: a1 hole, a2, a3 enemy (capture), b1, b3, c1, c2, c3 friend.
    const { pos, state } = setup({ width: 3, height: 3, holes: ['a1'], pieces: [P('Kb2'), P('Rc3'), E('Na3')], finish: 'c1' });
    expect(targetsFrom(pos, state, 'b2')).toEqual(['a2', 'a3', 'b1', 'b3', 'c1', 'c2']);
    expect(allLan(pos, state)).toContain('Kb2xa3');
  });

  it('CM-3/CM-4 knight jumps over holes, locks and pieces, but lands on no hole, closed lock or friend', () => {
    // 5x5 knight c3. Jump targets: a2 a4 b1 b5 d1 d5 e2 e4.
    // b1 hole (no), a4 closed red lock (no key, no plate: no), d5 friend (no),
    // e2 enemy (capture). Everything around c3 is blocked (holes b3 b4 c2 d2
    // d3 d4, closed lock c4, friendly pawn b2): knights jump over all of it.
    const { pos, state } = setup({
      holes: ['b1', 'b3', 'b4', 'c2', 'd2', 'd3', 'd4'],
      pieces: [P('Nc3'), P('Qd5'), P('Pb2'), E('Be2')],
      tiles: [
        { kind: 'lock', square: 'a4', color: 'red' },
        { kind: 'lock', square: 'c4', color: 'red' },
      ],
    });
    expect(targetsFrom(pos, state, 'c3')).toEqual(['a2', 'b5', 'd1', 'e2', 'e4']);
    expect(allLan(pos, state)).toContain('Nc3xe2');
  });

  it('CM-3/CM-4 rook slides, stops before a hole and a friend, captures the first enemy but cannot pass it', () => {
    // 5x5 rook b3. N: b4, then b5 hole. S: b2, then b1 friend. W: a3.
    // E: c3, d3 enemy (capture), not e3 behind it.
    const { pos, state } = setup({ holes: ['b5'], pieces: [P('Rb3'), P('Kb1'), E('Nd3')] });
    expect(targetsFrom(pos, state, 'b3')).toEqual(['a3', 'b2', 'b4', 'c3', 'd3']);
    const r = play(pos, state, 'Rb3xd3');
    expect(r.state.alive).toEqual([true, true, false]);
    expect(r.events).toEqual([{ type: 'captured', piece: 2, role: 'knight', square: 'd3' }]);
  });

  it('CM-3/CM-4 bishop slides diagonally: hole stops, enemy captured, friend blocks', () => {
    // 5x5 bishop c3. NW: b4 hole. NE: d4, e5. SE: d2 enemy (capture), not e1.
    // SW: b2, then a1 friend. Finish e1.
    const { pos, state } = setup({ holes: ['b4'], pieces: [P('Bc3'), P('Ka1'), E('Pd2')], finish: 'e1' });
    expect(targetsFrom(pos, state, 'c3')).toEqual(['b2', 'd2', 'd4', 'e5']);
  });

  it('CM-3 queen combines rook and bishop rays (a hole stops the diagonal)', () => {
    // 3x3 queen a1, hole b2. N: a2 a3. E: b1 c1. NE: b2 hole.
    const { pos, state } = setup({ width: 3, height: 3, holes: ['b2'], pieces: [P('Qa1')], finish: 'c3' });
    expect(targetsFrom(pos, state, 'a1')).toEqual(['a2', 'a3', 'b1', 'c1']);
  });
});

describe('CM-3 pawns', () => {
  // 5x5, pawn c3 on its start square, enemies on all four diagonals b2 b4 d2 d4.
  const cases: [Facing, string[]][] = [
    // forward single + double, diagonal-forward captures only
    ['north', ['b4', 'c4', 'c5', 'd4']],
    ['east', ['d2', 'd3', 'd4', 'e3']],
    ['south', ['b2', 'c1', 'c2', 'd2']],
    ['west', ['a3', 'b2', 'b3', 'b4']],
  ];
  for (const [facing, expected] of cases) {
    it(`CM-3 pawn facing ${facing}: one or two steps forward from its start, captures diagonally forward only`, () => {
      const { pos, state } = setup({ pieces: [P('Pc3', facing), E('Nb2'), E('Nb4'), E('Nd2'), E('Nd4')] });
      expect(targetsFrom(pos, state, 'c3')).toEqual(expected);
    });
  }

  it('CM-3 pawn facing defaults to north', () => {
    const { pos, state } = setup({ pieces: [P('Pc2')] });
    expect(targetsFrom(pos, state, 'c2')).toEqual(['c3', 'c4']);
  });

  it('CM-3 double step only from the square the pawn started the level on', () => {
    const { pos, state } = setup({ pieces: [P('Pc1')] });
    expect(targetsFrom(pos, state, 'c1')).toEqual(['c2', 'c3']);
    const s1 = play(pos, state, 'Pc1-c2').state;
    expect(targetsFrom(pos, s1, 'c2')).toEqual(['c3']); // c4 would be a double step
  });

  it('CM-3 a double step that starts the level elsewhere is still from the start square (any rank)', () => {
    // Start squares are per level, not rank 2: pawn on c4 facing south doubles to c2.
    const { pos, state } = setup({ pieces: [P('Pc4', 'south')] });
    expect(targetsFrom(pos, state, 'c4')).toEqual(['c2', 'c3']);
  });

  it('CM-3 blocked first square: no forward move at all (a pawn never captures forward)', () => {
    const enemy = setup({ pieces: [P('Pc2'), E('Rc3')] });
    expect(targetsFrom(enemy.pos, enemy.state, 'c2')).toEqual([]);
    const friend = setup({ pieces: [P('Pc2'), P('Rc3')] });
    expect(targetsFrom(friend.pos, friend.state, 'c2')).toEqual([]);
    const hole = setup({ holes: ['c3'], pieces: [P('Pc2')] });
    expect(targetsFrom(hole.pos, hole.state, 'c2')).toEqual([]);
    const lock = setup({ pieces: [P('Pc2')], tiles: [{ kind: 'lock', square: 'c3', color: 'red' }] });
    expect(targetsFrom(lock.pos, lock.state, 'c2')).toEqual([]);
  });

  it('CM-3 blocked second square: single step only', () => {
    const enemy = setup({ pieces: [P('Pc2'), E('Rc4')] });
    expect(targetsFrom(enemy.pos, enemy.state, 'c2')).toEqual(['c3']);
    const hole = setup({ holes: ['c4'], pieces: [P('Pc2')] });
    expect(targetsFrom(hole.pos, hole.state, 'c2')).toEqual(['c3']);
    const lock = setup({ pieces: [P('Pc2')], tiles: [{ kind: 'lock', square: 'c4', color: 'red' }] });
    expect(targetsFrom(lock.pos, lock.state, 'c2')).toEqual(['c3']);
  });

  it('CM-3/CM-7 the double step may pass and land on locks that are open for the pawn', () => {
    // Red locks c3 and c4, red plate a1 held by a player king: open for the pawn.
    const { pos, state } = setup({
      pieces: [P('Pc2'), P('Ka1')],
      tiles: [
        { kind: 'lock', square: 'c3', color: 'red' },
        { kind: 'lock', square: 'c4', color: 'red' },
        { kind: 'plate', square: 'a1', color: 'red' },
      ],
    });
    expect(targetsFrom(pos, state, 'c2')).toEqual(['c3', 'c4']);
  });

  it('CM-3 no promotion: a pawn on the last rank (or edge it faces) has no forward move', () => {
    const north = setup({ pieces: [P('Pc5')], finish: 'a1' });
    expect(targetsFrom(north.pos, north.state, 'c5')).toEqual([]);
    const east = setup({ pieces: [P('Pe3', 'east')], finish: 'a1' });
    expect(targetsFrom(east.pos, east.state, 'e3')).toEqual([]);
  });

  it('CM-3 diagonal-forward only to capture an enemy: not onto an empty square or a friend', () => {
    // Pawn c2 north: b3 enemy (capture), d3 friend (no), forward c3 c4.
    const { pos, state } = setup({ pieces: [P('Pc2'), P('Nd3'), E('Bb3')] });
    expect(targetsFrom(pos, state, 'c2')).toEqual(['b3', 'c3', 'c4']);
    expect(allLan(pos, state)).toContain('Pc2xb3');
    const empty = setup({ pieces: [P('Pc2')] });
    expect(targetsFrom(empty.pos, empty.state, 'c2')).toEqual(['c3', 'c4']);
  });

  it('CM-3 no en passant: an enemy beside the pawn is not capturable', () => {
    const { pos, state } = setup({ pieces: [P('Pc2'), E('Pb2'), E('Pd2')] });
    expect(targetsFrom(pos, state, 'c2')).toEqual(['c3', 'c4']);
  });
});

describe('CM-4 blocking', () => {
  it('CM-4 holes stop slider rays but not knights', () => {
    // 5x1 corridor with a hole on c1: rook a1 reaches b1 only; on a 5x3 board a
    // knight a1 jumps to c2 and b3 regardless of holes b1 b2 a2.
    const rook = setup({ width: 5, height: 1, holes: ['c1'], pieces: [P('Ra1')], finish: 'e1' });
    expect(targetsFrom(rook.pos, rook.state, 'a1')).toEqual(['b1']);
    const knight = setup({ width: 5, height: 3, holes: ['a2', 'b1', 'b2'], pieces: [P('Na1')], finish: 'e3' });
    expect(targetsFrom(knight.pos, knight.state, 'a1')).toEqual(['b3', 'c2']);
  });

  it('CM-4 an enemy on a closed lock cannot be captured and blocks the ray', () => {
    // Rook a1 on 5x1; enemy on c1 which is a closed red lock (no key, no plate).
    const { pos, state } = setup({
      width: 5,
      height: 1,
      pieces: [P('Ra1'), E('Nc1')],
      tiles: [{ kind: 'lock', square: 'c1', color: 'red' }],
      finish: 'e1',
    });
    expect(targetsFrom(pos, state, 'a1')).toEqual(['b1']);
    // A pawn cannot capture it diagonally either.
    const pawn = setup({ pieces: [P('Pb2'), E('Nc3')], tiles: [{ kind: 'lock', square: 'c3', color: 'red' }] });
    expect(targetsFrom(pawn.pos, pawn.state, 'b2')).toEqual(['b3', 'b4']);
  });

  it('CM-4 an enemy on an open lock can be captured', () => {
    // Same corridor with a red key picked... simpler: red plate held by a second piece.
    const { pos, state } = setup({
      width: 5,
      height: 2,
      pieces: [P('Ra1'), E('Nc1'), P('Ka2')],
      tiles: [
        { kind: 'lock', square: 'c1', color: 'red' },
        { kind: 'plate', square: 'a2', color: 'red' },
      ],
      finish: 'e2',
    });
    expect(targetsFrom(pos, state, 'a1')).toEqual(['b1', 'c1']);
    const mv = cmLegalMoves(pos, state).find((m) => m.to === 2)!;
    expect(mv.capture).toBe(1);
    expect(cmMoveToLan(pos, state, mv)).toBe('Ra1xc1');
  });
});
