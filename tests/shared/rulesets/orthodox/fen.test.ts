/** FEN read/write and the semantic checks of Chess.fromFen. */
import { describe, expect, it } from 'vitest';
import { Chess } from '../../../../src-shared/rulesets/orthodox/index.js';

function codes(fen: string): string[] {
  const r = Chess.fromFen(fen);
  return r.ok ? [] : r.error.map((i) => i.code);
}

function firstMessage(fen: string): string {
  const r = Chess.fromFen(fen);
  return r.ok ? '' : r.error[0]!.message;
}

describe('FEN', () => {
  it('round-trips the start position and published positions', () => {
    for (const fen of [
      Chess.START_FEN,
      'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
      'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
      'rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3',
    ]) {
      const r = Chess.fromFen(fen);
      expect(r.ok && r.value.fen()).toBe(fen);
    }
  });

  it('defaults the clocks to 0 1 when only four fields are given', () => {
    const r = Chess.fromFen('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -');
    expect(r.ok && r.value.fen()).toBe('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1');
  });

  it('after 1.e4 the FEN has the en passant square e3 and Black to move', () => {
    const c = Chess.start();
    const m = c.legalMoves().find((x) => (x & 0x7f) === 0x14 && ((x >>> 7) & 0x7f) === 0x34)!;
    c.make(m);
    expect(c.fen()).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
    c.unmake();
    expect(c.fen()).toBe(Chess.START_FEN);
  });

  it('names the character position of a syntax error', () => {
    // 'x' is character 5 (1-based).
    expect(firstMessage('rnbqxbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')).toMatch(/^FEN character 5: unexpected "x"/);
    // rank 8 has 9 squares: the overflowing '1' is character 9.
    expect(firstMessage('rnbqkbnr1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')).toMatch(/^FEN character 9: rank 8 has more than 8 squares/);
    // side field 'x' starts at character 45.
    expect(firstMessage('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1')).toMatch(/^FEN character 45: the side to move/);
    expect(firstMessage('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq')).toMatch(/en passant field/);
    expect(firstMessage('8/8/8 w - - 0 1')).toMatch(/only 3 ranks/);
    expect(codes('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkK - 0 1')).toEqual(['fen-syntax']);
    expect(codes('(Pn)7/8/8/8/8/8/8/K6k w - - 0 1')).toEqual(['fen-syntax']);
  });

  it('rejects positions that cannot be played', () => {
    expect(codes('8/8/8/8/8/8/8/K7 w - - 0 1')).toEqual(['fen-king-count']);
    expect(codes('k6P/8/8/8/8/8/8/K7 w - - 0 1')).toEqual(['fen-pawn-rank']);
    expect(codes('k7/8/8/8/8/8/8/K6R w K - 0 1')).toEqual(['fen-castling']);
    expect(codes('k7/8/8/8/8/8/8/K7 w - e6 0 1')).toEqual(['fen-en-passant']);
    // Black in check with White to move.
    expect(codes('k7/8/8/8/8/8/8/KR6 w - - 0 1').length).toBe(0);
    expect(codes('k7/8/8/8/8/8/8/RK6 w - - 0 1')).toEqual(['fen-opponent-in-check']);
  });
});
