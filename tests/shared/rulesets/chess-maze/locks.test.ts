/** CM-5 keys, CM-6 plates, CM-7 lock state per moving piece; hand-worked. */
import { describe, expect, it } from 'vitest';
import { cmLegalMoves, cmOutcome } from '../../../../src-shared/rulesets/chess-maze/index.js';
import { E, P, play, playLine, setup, targetsFrom } from './helpers.js';

describe('CM-5 keys', () => {
  // 5x2: rank 2: a2 king, b2 red key; rank 1: a1 rook, c1 red lock. Finish e2.
  const spec = () => ({
    width: 5,
    height: 2,
    pieces: [P('Ra1'), P('Ka2')],
    tiles: [
      { kind: 'key' as const, square: 'b2', color: 'red' as const },
      { kind: 'lock' as const, square: 'c1', color: 'red' as const },
    ],
    finish: 'e2',
  });

  it('CM-5 a closed lock stops the rook before the key is picked up', () => {
    const { pos, state } = setup(spec());
    expect(targetsFrom(pos, state, 'a1')).toEqual(['b1']);
  });

  it('CM-5 keys are global: the king picks the key up and the rook passes the lock', () => {
    const { pos, state } = setup(spec());
    const r = play(pos, state, 'Ka2-b2');
    expect(r.events).toEqual([{ type: 'picked-key', color: 'red', square: 'b2' }]);
    expect(r.state.keys).toBe(0b0010); // red = CM_COLORS[1]
    // The king left a2, so the rook may also go north.
    expect(targetsFrom(pos, r.state, 'a1')).toEqual(['a2', 'b1', 'c1', 'd1', 'e1']);
  });

  it('CM-5 keys are permanent: the lock stays open after the holder leaves; landing there again picks nothing', () => {
    const { pos, state } = setup(spec());
    const { state: s, events } = playLine(pos, state, ['Ka2-b2', 'Kb2-a2', 'Ka2-b2']);
    expect(events[1]).toEqual([]);
    expect(events[2]).toEqual([]);
    expect(s.keys).toBe(0b0010);
    expect(targetsFrom(pos, s, 'a1')).toEqual(['a2', 'b1', 'c1', 'd1', 'e1']);
    // While the king stood on a2 again (after move 2), the lock was still open.
    const mid = playLine(pos, state, ['Ka2-b2', 'Kb2-a2']).state;
    expect(targetsFrom(pos, mid, 'a1')).toEqual(['b1', 'c1', 'd1', 'e1']);
  });
});

describe('CM-6 plates', () => {
  // 5x2: red plate a2, red lock c1, rook a1, king b2. Finish e2.
  const spec = () => ({
    width: 5,
    height: 2,
    pieces: [P('Ra1'), P('Kb2')],
    tiles: [
      { kind: 'plate' as const, square: 'a2', color: 'red' as const },
      { kind: 'lock' as const, square: 'c1', color: 'red' as const },
    ],
    finish: 'e2',
  });

  it('CM-6 a player piece on a plate holds its colour open only while it stands there', () => {
    const { pos, state } = setup(spec());
    expect(targetsFrom(pos, state, 'a1')).toEqual(['a2', 'b1']);
    const on = play(pos, state, 'Kb2-a2').state;
    expect(targetsFrom(pos, on, 'a1')).toEqual(['b1', 'c1', 'd1', 'e1']);
    const off = play(pos, on, 'Ka2-b2').state;
    expect(targetsFrom(pos, off, 'a1')).toEqual(['a2', 'b1']);
  });

  it('CM-6 an enemy on a plate holds it; a captured enemy stops holding it', () => {
    // 3x3: a3 red lock, a2 red plate with an enemy pawn, rook a1, king b3. Finish c3.
    const { pos, state } = setup({
      width: 3,
      height: 3,
      pieces: [P('Ra1'), P('Kb3'), E('Pa2')],
      tiles: [
        { kind: 'lock', square: 'a3', color: 'red' },
        { kind: 'plate', square: 'a2', color: 'red' },
      ],
      finish: 'c3',
    });
    // King b3: a2 (capture), a3 (open: the enemy holds the plate), b2, c2, c3.
    expect(targetsFrom(pos, state, 'b3')).toEqual(['a2', 'a3', 'b2', 'c2', 'c3']);
    const s1 = play(pos, state, 'Ra1xa2').state;
    // Now only the rook holds the plate: open for the king, closed for the rook (CM-7).
    expect(targetsFrom(pos, s1, 'b3')).toEqual(['a3', 'b2', 'c2', 'c3']);
    expect(targetsFrom(pos, s1, 'a2')).toEqual(['a1', 'b2', 'c2']);
    const s2 = play(pos, s1, 'Ra2-b2').state;
    // Nobody holds red any more: the captured pawn does not.
    expect(targetsFrom(pos, s2, 'b3')).toEqual(['a2', 'c2', 'c3']);
  });

  it('CM-6 any plate of the colour holds it open', () => {
    // Two red plates a2 and e2; king on e2 holds red for the rook a1.
    const { pos, state } = setup({
      ...spec(),
      pieces: [P('Ra1'), P('Ke2')],
      tiles: [...spec().tiles, { kind: 'plate', square: 'e2', color: 'red' }],
      finish: 'c2',
    });
    expect(targetsFrom(pos, state, 'a1')).toEqual(['a2', 'b1', 'c1', 'd1', 'e1']);
  });
});

describe('CM-7 lock state per moving piece', () => {
  it('CM-7 a piece cannot ride its own plate onto the lock', () => {
    // 3x2: king a1 on a red plate, red lock b1. King: a2, b2 (b1 closed for it).
    const { pos, state } = setup({
      width: 3,
      height: 2,
      pieces: [P('Ka1')],
      tiles: [
        { kind: 'plate', square: 'a1', color: 'red' },
        { kind: 'lock', square: 'b1', color: 'red' },
      ],
      finish: 'c2',
    });
    expect(targetsFrom(pos, state, 'a1')).toEqual(['a2', 'b2']);
  });

  it('CM-7 a slider on a plate cannot pass its own lock; a second holder opens it', () => {
    // 4x3: rook a1 on red plate, red lock b1. Alone: a2 a3 only.
    const tiles = [
      { kind: 'plate' as const, square: 'a1', color: 'red' as const },
      { kind: 'lock' as const, square: 'b1', color: 'red' as const },
      { kind: 'plate' as const, square: 'd3', color: 'red' as const },
    ];
    const alone = setup({ width: 4, height: 3, pieces: [P('Ra1'), P('Kd2')], tiles, finish: 'c3' });
    expect(targetsFrom(alone.pos, alone.state, 'a1')).toEqual(['a2', 'a3']);
    // King d2 steps onto the second red plate d3: now the rook may cross b1.
    const s = play(alone.pos, alone.state, 'Kd2-d3').state;
    expect(targetsFrom(alone.pos, s, 'a1')).toEqual(['a2', 'a3', 'b1', 'c1', 'd1']);
  });

  it('CM-7 a piece on a lock that closes for it is stuck; an occupied lock is occupied', () => {
    // 3x2: king a1 on red plate; rook c1 on a red lock (open: the king holds red).
    const { pos, state } = setup({
      width: 3,
      height: 2,
      pieces: [P('Ka1'), P('Rc1')],
      tiles: [
        { kind: 'plate', square: 'a1', color: 'red' },
        { kind: 'lock', square: 'c1', color: 'red' },
      ],
      finish: 'b2',
    });
    expect(targetsFrom(pos, state, 'c1')).toEqual(['b1', 'c2']);
    const s = play(pos, state, 'Ka1-a2').state; // the king leaves the plate
    expect(targetsFrom(pos, s, 'c1')).toEqual([]); // stuck
    expect(cmOutcome(s)).toBe('playing'); // the king can still move
    // The king cannot land on the occupied lock square (nor could it before).
    expect(targetsFrom(pos, s, 'a2')).toEqual(['a1', 'b1', 'b2']);
  });

  it('CM-7 a piece that starts on a lock closed for ever has no moves', () => {
    const { pos, state } = setup({
      width: 3,
      height: 1,
      pieces: [P('Qa1')],
      tiles: [{ kind: 'lock', square: 'a1', color: 'green' }],
      finish: 'c1',
    });
    expect(cmLegalMoves(pos, state)).toEqual([]);
  });

  it('CM-7 lock state is judged before the move: the plate holder moving off does not open or close the lock for itself', () => {
    // 4x2: rook a2 on the only red plate; red lock a1 below it and b2 beside.
    // Moving off the plate does not help: b2 and a1 are closed for the rook.
    const { pos, state } = setup({
      width: 4,
      height: 2,
      pieces: [P('Ra2')],
      tiles: [
        { kind: 'plate', square: 'a2', color: 'red' },
        { kind: 'lock', square: 'b2', color: 'red' },
        { kind: 'lock', square: 'a1', color: 'red' },
      ],
      finish: 'd1',
    });
    expect(targetsFrom(pos, state, 'a2')).toEqual([]);
  });
});
