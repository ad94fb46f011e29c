/**
 * UK-4 / UK-5 / UK-6 movement, hand-worked on small boards. Every expected
 * target list below was written out by hand from the rulebook, square by
 * square (comments show the reasoning).
 */
import { describe, expect, it } from 'vitest';
import { applyMove, compileUnlockTheKing, isSolved, legalMoves, moveToLan, parseLan } from '../../../../src-shared/rulesets/unlock-the-king/index.js';
import type { Facing } from '../../../../src-shared/model/level.js';
import { allLan, targetsOf, ukLevel, ukPos } from './helpers.js';

describe('UK-4 king', () => {
  it('UK-4 king steps one square in 8 directions, not onto a wall or a piece', () => {
    // 3x3: king b2, wall a1, rook c3. Neighbours a1(wall) a2 a3 b1 b3 c1 c2 c3(rook).
    const pos = ukPos({
      width: 3,
      height: 3,
      walls: ['a1'],
      portal: 'a3',
      pieces: [
        { role: 'king', square: 'b2' },
        { role: 'rook', square: 'c3' },
      ],
    });
    expect(targetsOf(pos, 0)).toEqual(['a2', 'a3', 'b1', 'b3', 'c1', 'c2']);
  });

  it('UK-4 king in a corner has three steps', () => {
    const pos = ukPos({ width: 3, height: 3, portal: 'c3', pieces: [{ role: 'king', square: 'a1' }] });
    expect(targetsOf(pos, 0)).toEqual(['a2', 'b1', 'b2']);
  });
});

describe('UK-4 rook', () => {
  it('UK-4 rook on a 4x4 board slides to the square before a wall, a piece and the edge', () => {
    // 4x4: rook b2, wall b4, king d2.
    // N: b3 (b4 wall). S: b1 (edge). E: c2 (d2 king). W: a2 (edge).
    const pos = ukPos({
      width: 4,
      height: 4,
      walls: ['b4'],
      portal: 'a4',
      pieces: [
        { role: 'king', square: 'd2' },
        { role: 'rook', square: 'b2' },
      ],
    });
    expect(targetsOf(pos, 1)).toEqual(['a2', 'b1', 'b3', 'c2']);
    // King d2: c1 c2 c3 d1 d3 (no e-file on a 4-wide board).
    expect(targetsOf(pos, 0)).toEqual(['c1', 'c2', 'c3', 'd1', 'd3']);
    expect(legalMoves(pos)).toHaveLength(9);
  });

  it('UK-4 rook on an open 5x5 file and rank reaches every square of both', () => {
    const pos = ukPos({
      width: 5,
      height: 5,
      portal: 'c3',
      pieces: [
        { role: 'king', square: 'e5' },
        { role: 'rook', square: 'a1' },
      ],
    });
    expect(targetsOf(pos, 1)).toEqual(['a2', 'a3', 'a4', 'a5', 'b1', 'c1', 'd1', 'e1']);
  });
});

describe('UK-4 bishop', () => {
  it('UK-4 bishop slides diagonally, stopping before a piece and a wall', () => {
    // 4x4: bishop b2, king a1, wall d4. NE: c3 (d4 wall). SE: c1. SW: a1 king. NW: a3.
    const pos = ukPos({
      width: 4,
      height: 4,
      walls: ['d4'],
      portal: 'a4',
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'bishop', square: 'b2' },
      ],
    });
    expect(targetsOf(pos, 1)).toEqual(['a3', 'c1', 'c3']);
  });
});

describe('UK-4 queen', () => {
  it('UK-4 queen slides in 8 directions (13 targets on a 5x5 with a wall and two pieces)', () => {
    // 5x5: queen c3, king a1, pawn e3, wall c5.
    // N c4 | NE d4 e5 | E d3 | SE d2 e1 | S c2 c1 | SW b2 | W b3 a3 | NW b4 a5
    const pos = ukPos({
      width: 5,
      height: 5,
      walls: ['c5'],
      portal: 'a5',
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'queen', square: 'c3' },
        { role: 'pawn', square: 'e3' },
      ],
    });
    expect(targetsOf(pos, 1)).toEqual(['a3', 'a5', 'b2', 'b3', 'b4', 'c1', 'c2', 'c4', 'd2', 'd3', 'd4', 'e1', 'e5']);
  });
});

describe('UK-4 knight', () => {
  it('UK-4 knight jumps only onto empty non-wall squares', () => {
    // 4x4: knight b1. Jumps: a3, c3 (wall), d2 (king).
    const pos = ukPos({
      width: 4,
      height: 4,
      walls: ['c3'],
      portal: 'd4',
      pieces: [
        { role: 'king', square: 'd2' },
        { role: 'knight', square: 'b1' },
      ],
    });
    expect(targetsOf(pos, 1)).toEqual(['a3']);
  });

  it('UK-4 knight jumps over surrounding pieces', () => {
    // 3x3: knight a1 boxed in by a2, b1, b2; jumps b3 and c2 still.
    const pos = ukPos({
      width: 3,
      height: 3,
      portal: 'c3',
      pieces: [
        { role: 'king', square: 'b2' },
        { role: 'knight', square: 'a1' },
        { role: 'rook', square: 'a2' },
        { role: 'pawn', square: 'b1', facing: 'east' },
      ],
    });
    expect(targetsOf(pos, 1)).toEqual(['b3', 'c2']);
  });
});

describe('UK-4 pawn', () => {
  const pawnAt = (facing: Facing | undefined, lateral: boolean | undefined, extra: { square: string; role: 'rook' }[] = [], walls: string[] = []) =>
    ukPos({
      width: 5,
      height: 5,
      walls,
      portal: 'e5',
      pieces: [
        { role: 'king', square: 'a1' },
        {
          role: 'pawn',
          square: 'c3',
          ...(facing !== undefined ? { facing } : {}),
          ...(lateral !== undefined ? { lateral } : {}),
        },
        ...extra,
      ],
    });

  it('UK-4 pawn with no facing faces north and steps north only', () => {
    expect(targetsOf(pawnAt(undefined, undefined), 1)).toEqual(['c4']);
  });
  it('UK-4 pawn facing north steps north only', () => {
    expect(targetsOf(pawnAt('north', false), 1)).toEqual(['c4']);
  });
  it('UK-4 pawn facing east steps east only', () => {
    expect(targetsOf(pawnAt('east', false), 1)).toEqual(['d3']);
  });
  it('UK-4 pawn facing south steps south only', () => {
    expect(targetsOf(pawnAt('south', false), 1)).toEqual(['c2']);
  });
  it('UK-4 pawn facing west steps west only', () => {
    expect(targetsOf(pawnAt('west', false), 1)).toEqual(['b3']);
  });
  it('UK-4 lateral pawn facing north also steps east and west', () => {
    expect(targetsOf(pawnAt('north', true), 1)).toEqual(['b3', 'c4', 'd3']);
  });
  it('UK-4 lateral pawn facing south also steps east and west', () => {
    expect(targetsOf(pawnAt('south', true), 1)).toEqual(['b3', 'c2', 'd3']);
  });
  it('UK-4 lateral pawn facing east also steps north and south', () => {
    expect(targetsOf(pawnAt('east', true), 1)).toEqual(['c2', 'c4', 'd3']);
  });
  it('UK-4 lateral pawn facing west also steps north and south', () => {
    expect(targetsOf(pawnAt('west', true), 1)).toEqual(['b3', 'c2', 'c4']);
  });
  it('UK-4 lateral pawn blocked ahead by a piece still steps sideways', () => {
    expect(targetsOf(pawnAt('north', true, [{ role: 'rook', square: 'c4' }]), 1)).toEqual(['b3', 'd3']);
  });
  it('UK-4 lateral pawn does not step onto a wall at its side', () => {
    expect(targetsOf(pawnAt('north', true, [], ['b3']), 1)).toEqual(['c4', 'd3']);
  });
  it('UK-4 pawn on the far edge has no forward move (no wrap, no promotion)', () => {
    const pos = ukPos({
      width: 5,
      height: 5,
      portal: 'e1',
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'pawn', square: 'c5' },
        { role: 'pawn', square: 'e3', facing: 'east' },
      ],
    });
    expect(targetsOf(pos, 1)).toEqual([]);
    expect(targetsOf(pos, 2)).toEqual([]);
  });
  it('UK-4 pawn has no double step, even from its start square', () => {
    const pos = ukPos({
      width: 5,
      height: 5,
      portal: 'e5',
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'pawn', square: 'c2' },
      ],
    });
    expect(targetsOf(pos, 1)).toEqual(['c3']);
  });
});

describe('UK-5 no captures', () => {
  it('UK-5 a piece next to a blocker has no move onto it; every move ends on an empty non-wall square', () => {
    // 3x3: king a1, rook a2 right above it, queen b1 right of it, wall b2.
    // King: a2 rook, b1 queen, b2 wall -> no moves.
    // Rook a2: N a3; E b2 wall; S a1 king -> [a3].
    // Queen b1: N b2 wall; NE c2; E c1; NW a2 rook; W a1 king -> [c1, c2].
    const pos = ukPos({
      width: 3,
      height: 3,
      walls: ['b2'],
      portal: 'c3',
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'rook', square: 'a2' },
        { role: 'queen', square: 'b1' },
      ],
    });
    expect(targetsOf(pos, 0)).toEqual([]);
    expect(targetsOf(pos, 1)).toEqual(['a3']);
    expect(targetsOf(pos, 2)).toEqual(['c1', 'c2']);
    expect(allLan(pos)).toEqual(['Qb1-c1', 'Qb1-c2', 'Ra2-a3']);
  });
});

describe('UK-6 portal', () => {
  const spec = {
    width: 4,
    height: 4,
    portal: 'b4',
    pieces: [
      { role: 'king' as const, square: 'c3' },
      { role: 'rook' as const, square: 'a4' },
    ],
  };
  it('UK-6 other pieces may cross and stand on the portal', () => {
    // Rook a4 east: b4 (portal), c4, d4; south: a3 a2 a1.
    const pos = ukPos(spec);
    expect(targetsOf(pos, 1)).toEqual(['a1', 'a2', 'a3', 'b4', 'c4', 'd4']);
    const onPortal = applyMove(pos, parseLan(pos, 'Ra4-b4')!);
    expect(isSolved(onPortal)).toBe(false);
    // The portal is now occupied, so the king cannot enter it.
    expect(parseLan(onPortal, 'Kc3-b4')).toBeUndefined();
  });
  it('UK-6 solved the moment the king lands on the portal', () => {
    const pos = ukPos(spec);
    expect(isSolved(pos)).toBe(false);
    const next = applyMove(pos, parseLan(pos, 'Kc3-b4')!);
    expect(isSolved(next)).toBe(true);
  });
});

describe('LAN (RULINGS "Common")', () => {
  const pos = ukPos({
    width: 4,
    height: 4,
    walls: ['b4'],
    portal: 'a4',
    pieces: [
      { role: 'rook', square: 'b2' },
      { role: 'king', square: 'd2' },
      { role: 'knight', square: 'a1' },
      { role: 'pawn', square: 'c1' },
    ],
  });
  it('piece i of the position is level.pieces[i], whatever the king index', () => {
    expect(pos.king).toBe(1);
    expect(pos.pieces.map((p) => p.role)).toEqual(['rook', 'king', 'knight', 'pawn']);
  });
  it('writes letter, from, -, to for each role and never x', () => {
    expect(moveToLan(pos, { piece: 0, from: 5, to: 9 })).toBe('Rb2-b3');
    expect(moveToLan(pos, { piece: 1, from: 7, to: 11 })).toBe('Kd2-d3');
    expect(moveToLan(pos, { piece: 2, from: 0, to: 9 })).toBe('Na1-b3');
    expect(moveToLan(pos, { piece: 3, from: 2, to: 6 })).toBe('Pc1-c2');
    expect(allLan(pos).every((l) => /^[KQRBNP][a-d][1-4]-[a-d][1-4]$/.test(l))).toBe(true);
  });
  it('parses legal LAN back to the move', () => {
    expect(parseLan(pos, 'Rb2-b3')).toEqual({ piece: 0, from: 5, to: 9 });
    expect(parseLan(pos, 'Na1-b3')).toEqual({ piece: 2, from: 0, to: 9 });
    expect(parseLan(pos, 'Pc1-c2')).toEqual({ piece: 3, from: 2, to: 6 });
  });
  it('rejects captures, wrong letters, blocked and malformed moves', () => {
    expect(parseLan(pos, 'Rb2xb3')).toBeUndefined();
    expect(parseLan(pos, 'Qb2-b3')).toBeUndefined();
    expect(parseLan(pos, 'Rb2-b4')).toBeUndefined(); // wall
    expect(parseLan(pos, 'Rb2-d2')).toBeUndefined(); // king on d2
    expect(parseLan(pos, 'Rc2-c3')).toBeUndefined(); // no piece on c2
    expect(parseLan(pos, 'Pc1-c3')).toBeUndefined(); // no double step
    expect(parseLan(pos, 'Rb2-b9')).toBeUndefined(); // off board
    expect(parseLan(pos, 'hello')).toBeUndefined();
  });
  it('handles two-digit ranks on a 12x12 board', () => {
    const big = ukPos({
      width: 12,
      height: 12,
      portal: 'a1',
      pieces: [
        { role: 'king', square: 'l1' },
        { role: 'rook', square: 'a10' },
      ],
    });
    const mv = parseLan(big, 'Ra10-a12');
    expect(mv).toEqual({ piece: 1, from: 9 * 12, to: 11 * 12 });
    expect(moveToLan(big, mv!)).toBe('Ra10-a12');
  });
  it('applyMove returns a new position and leaves the old one unchanged', () => {
    const next = applyMove(pos, { piece: 0, from: 5, to: 9 });
    expect(pos.pieces[0]!.square).toBe(5);
    expect(next.pieces[0]!.square).toBe(9);
    expect(targetsOf(next, 0)).not.toEqual(targetsOf(pos, 0));
  });
  it('compileUnlockTheKing refuses an invalid blueprint with coded errors', () => {
    const r = compileUnlockTheKing(ukLevel({ width: 4, height: 4, portal: 'a4', pieces: [{ role: 'rook', square: 'a1' }] }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.map((i) => i.code)).toContain('uk-king-count');
  });
});
