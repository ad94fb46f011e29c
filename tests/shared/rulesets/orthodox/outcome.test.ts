/** Orthodox mate, stalemate and draw helpers (FIDE 5.1, 5.2, 9.2, 9.3). */
import { describe, expect, it } from 'vitest';
import { Chess, parseMove } from '../../../../src-shared/rulesets/orthodox/index.js';

function pos(fen: string): Chess {
  const r = Chess.fromFen(fen);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

function play(c: Chess, ...moves: string[]): void {
  for (const t of moves) c.make(parseMove(c, t)!);
}

describe('orthodox outcome', () => {
  it("checkmate after fool's mate: Black wins", () => {
    const c = Chess.start();
    play(c, 'f3', 'e5', 'g4', 'Qh4');
    expect(c.inCheck()).toBe(true);
    expect(c.outcome()).toEqual({ status: 'checkmate', winner: 'black' });
  });

  it('stalemate: Black king h8, White queen f7, king g6, Black to move', () => {
    expect(pos('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1').outcome()).toEqual({ status: 'draw', reason: 'stalemate' });
  });

  it('insufficient material: K v K, K+N v K, K+B v K, same-coloured bishops; not K+N+N... with a pawn', () => {
    expect(pos('k7/8/8/8/8/8/8/K7 w - - 0 1').isInsufficientMaterial()).toBe(true);
    expect(pos('k7/8/8/8/8/8/8/KN6 w - - 0 1').isInsufficientMaterial()).toBe(true);
    expect(pos('k7/8/8/8/8/8/8/KB6 w - - 0 1').isInsufficientMaterial()).toBe(true);
    // bishops c1 (dark) and f8 (dark)
    expect(pos('k4b2/8/8/8/8/8/8/K1B5 w - - 0 1').isInsufficientMaterial()).toBe(true);
    // bishops c1 (dark) and c8 (light)
    expect(pos('k1b5/8/8/8/8/8/8/K1B5 w - - 0 1').isInsufficientMaterial()).toBe(false);
    expect(pos('k7/8/8/8/8/8/8/KNN5 w - - 0 1').isInsufficientMaterial()).toBe(false);
    expect(pos('k7/8/8/8/8/8/P7/K7 w - - 0 1').isInsufficientMaterial()).toBe(false);
  });

  it('fifty-move rule at 100 halfmoves', () => {
    expect(pos('k7/8/8/8/8/8/8/KR6 w - - 99 80').isFiftyMoveDraw()).toBe(false);
    const c = pos('k7/8/8/8/8/8/8/KR6 w - - 99 80');
    play(c, 'Rb2');
    expect(c.isFiftyMoveDraw()).toBe(true);
    expect(c.outcome()).toEqual({ status: 'draw', reason: 'fifty-move' });
  });

  it('threefold repetition by knight shuffles', () => {
    const c = Chess.start();
    play(c, 'Nf3', 'Nf6', 'Ng1', 'Ng8');
    expect(c.repetitionCount()).toBe(2);
    play(c, 'Nf3', 'Nf6', 'Ng1', 'Ng8');
    expect(c.repetitionCount()).toBe(3);
    expect(c.outcome()).toEqual({ status: 'draw', reason: 'repetition' });
  });
});
