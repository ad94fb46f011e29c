import { describe, expect, it } from 'vitest';
import type { UkPiece } from '../../../../src-shared/model/level.js';
import { compileUnlockTheKing, frozenPieces, ukSearchProblem, ukUnsolvableWhy } from '../../../../src-shared/rulesets/unlock-the-king/index.js';
import { solveBfs } from '../../../../src-shared/solver/bfs.js';
import { mulberry32, randomUkLevel } from '../../solver/generators.js';
import { solveLevel } from '../../../../src-shared/rulesets/index.js';
import { ukLevel, ukPos } from './helpers.js';

const K = (square: string): UkPiece => ({ role: 'king', square });
const Pw = (square: string, facing: 'north' | 'east' | 'south' | 'west', lateral = false): UkPiece => ({ role: 'pawn', square, facing, lateral });
const R = (square: string): UkPiece => ({ role: 'rook', square });
const N = (square: string): UkPiece => ({ role: 'knight', square });

/** Frozen flags as the squares of the frozen pieces, sorted. */
function frozenSquares(pieces: UkPiece[], walls: string[] = [], portal = 'h8'): string[] {
  const pos = ukPos({ pieces, walls, portal });
  const f = frozenPieces(pos);
  return pieces
    .filter((_, i) => f[i])
    .map((p) => p.square)
    .sort();
}

describe('frozen pieces (UK-4, UK-5)', () => {
  it('UK-4: a pawn facing the edge, or facing a wall, never moves', () => {
    expect(frozenSquares([K('e4'), Pw('a2', 'west'), Pw('c8', 'north'), Pw('d2', 'south')], ['d1'])).toEqual(['a2', 'c8', 'd2']);
  });

  it('UK-4: a pawn whose only step is onto a frozen pawn is frozen too (fixpoint)', () => {
    // b1 faces the edge; b2 steps south onto b1; b3 onto b2.
    expect(frozenSquares([K('e4'), Pw('b1', 'south'), Pw('b2', 'south'), Pw('b3', 'south')])).toEqual(['b1', 'b2', 'b3']);
  });

  it('UK-4: two pawns facing each other block each other for ever', () => {
    expect(frozenSquares([K('e4'), Pw('c3', 'north'), Pw('c4', 'south')])).toEqual(['c3', 'c4']);
  });

  it('UK-4 counterexample: a pawn blocked only by a pawn that can move away is not frozen', () => {
    // b1 faces east onto the empty c1: it can move, and then b2 can step to b1.
    expect(frozenSquares([K('e4'), Pw('b1', 'east'), Pw('b2', 'south')])).toEqual([]);
  });

  it('UK-4 counterexample: a lateral pawn with one free side square is not frozen', () => {
    expect(frozenSquares([K('e4'), Pw('a1', 'south', true)])).toEqual([]);
  });

  it('UK-4: a rook is frozen only when the first square of every ray is a wall, the edge or a frozen piece', () => {
    // Rook a1: north a2 wall, east b1 a frozen pawn (faces south, the edge).
    expect(frozenSquares([K('e4'), R('a1'), Pw('b1', 'south')], ['a2'])).toEqual(['a1', 'b1']);
    // Counterexample: b1 faces east (c1 empty), so the rook may later slide east.
    expect(frozenSquares([K('e4'), R('a1'), Pw('b1', 'east')], ['a2'])).toEqual([]);
  });

  it('UK-4: a knight jumps over anything, so only its landing squares matter', () => {
    // Knight a1 lands on b3 or c2 only; both hold pawns facing a wall.
    expect(frozenSquares([K('e5'), N('a1'), Pw('b3', 'north'), Pw('c2', 'north')], ['b4', 'c3'])).toEqual(['a1', 'b3', 'c2']);
    // Counterexample: c2's pawn can step to c3, so the knight may later jump to c2.
    expect(frozenSquares([K('e5'), N('a1'), Pw('b3', 'north'), Pw('c2', 'north')], ['b4'])).toEqual(['b3']);
  });
});

describe('why unsolvable: king sealed, portal blocked (UK-4..UK-6)', () => {
  it('UK-4: a king sealed by pawns that can never move is unsolvable, naming the pawns', () => {
    const why = ukUnsolvableWhy(ukPos({ pieces: [K('a1'), Pw('a2', 'west'), Pw('b1', 'south'), Pw('b2', 'south')], portal: 'h8' }));
    expect(why?.code).toBe('king-sealed');
    expect(why?.ruling).toBe('UK-4');
    expect(why?.squares).toEqual(['b1', 'a2', 'b2']);
    expect(why?.message).toContain('a2');
    expect(why?.message).toContain('UK-4');
  });

  it('UK-4: pawns frozen in facing pairs seal the king; only the bordering pawns are named', () => {
    const pieces = [K('a1'), Pw('a2', 'north'), Pw('a3', 'south'), Pw('b1', 'east'), Pw('c1', 'west'), Pw('b2', 'north'), Pw('b3', 'south')];
    const why = ukUnsolvableWhy(ukPos({ pieces, portal: 'h8' }));
    expect(why?.code).toBe('king-sealed');
    expect(why?.squares).toEqual(['b1', 'a2', 'b2']);
  });

  it('UK-5: walls alone seal the king', () => {
    const why = ukUnsolvableWhy(ukPos({ pieces: [K('a1')], walls: ['a2', 'b1', 'b2'], portal: 'h8' }));
    expect(why).toMatchObject({ code: 'king-sealed', ruling: 'UK-5', squares: ['b1', 'a2', 'b2'] });
  });

  it('UK-6: a rook that can never move, standing on the portal, blocks it', () => {
    const why = ukUnsolvableWhy(ukPos({ pieces: [K('a1'), R('h8')], walls: ['g8', 'h7'], portal: 'h8' }));
    expect(why).toMatchObject({ code: 'portal-blocked', ruling: 'UK-6', squares: ['h8'] });
  });

  it('UK-6 counterexample: a rook on the portal that can slide away is no proof', () => {
    expect(ukUnsolvableWhy(ukPos({ pieces: [K('a1'), R('h8')], walls: ['g8'], portal: 'h8' }))).toBeUndefined();
  });

  it('UK-4 counterexample: a seal with one pawn that can step aside is no proof, and the level solves', () => {
    // a2 and b1 face the edge (frozen); b2 faces east onto c2 and can move.
    // Optimum by hand: Pb2-c2, then the king's 7 diagonal steps a1-b2-...-h8 (c2 is off that line).
    const level = ukLevel({ pieces: [K('a1'), Pw('a2', 'west'), Pw('b1', 'south'), Pw('b2', 'east')], portal: 'h8' });
    const pos = ukPos({ pieces: level.pieces, portal: 'h8' });
    expect(ukUnsolvableWhy(pos)).toBeUndefined();
    const r = solveLevel(level);
    expect(r.status).toBe('solved');
    if (r.status === 'solved') expect(r.length).toBe(8);
  });

  it('UK-4: the solve answers a king sealed by immovable pawns unsolvable in under a second, whatever else is on the board', () => {
    // The sealed corner plus a full set of free pieces: a state space far
    // beyond any search budget (the search alone stops at a limit).
    const pieces: UkPiece[] = [
      K('a1'),
      Pw('a2', 'west'),
      Pw('b1', 'south'),
      Pw('b2', 'south'),
      { role: 'queen', square: 'd4' },
      { role: 'queen', square: 'e5' },
      R('c6'),
      R('f3'),
      R('g7'),
      R('d8'),
      { role: 'bishop', square: 'c4' },
      { role: 'bishop', square: 'f6' },
      { role: 'bishop', square: 'e2' },
      { role: 'bishop', square: 'b6' },
      N('g2'),
      N('h5'),
      N('a6'),
      N('e7'),
    ];
    const r = solveLevel(ukLevel({ pieces, portal: 'h8' }));
    expect(r.status).toBe('unsolvable');
    if (r.status === 'unsolvable') {
      expect(r.why?.code).toBe('king-sealed');
      expect(r.why?.squares).toEqual(['b1', 'a2', 'b2']);
      // Proved before any search (a state count, not a wall time: speed targets live in the benchmarks).
      expect(r.states).toBeLessThanOrEqual(1);
    }
  });
});

describe('soundness against the plain BFS (UK-4..UK-6)', () => {
  it('UK-4..UK-6: on 1000 random small blueprints, every cause found is confirmed unsolvable by exhaustive BFS', () => {
    const rand = mulberry32(17);
    let found = 0;
    let frozenBased = 0;
    for (let i = 0; i < 1000; i++) {
      const level = randomUkLevel(rand);
      const c = compileUnlockTheKing(level);
      if (!c.ok) continue;
      const why = ukUnsolvableWhy(c.value);
      if (!why) continue;
      found++;
      if (why.ruling !== 'UK-5') frozenBased++;
      const ref = solveBfs(ukSearchProblem(c.value), { maxStates: 300_000 });
      expect(ref.status === 'unsolvable' || ref.status === 'limit', JSON.stringify(level)).toBe(true);
    }
    // The sample must exercise the analysis (random pawns facing walls and edges seal kings).
    expect(found).toBeGreaterThan(5);
    expect(frozenBased).toBeGreaterThan(0);
  });
});
