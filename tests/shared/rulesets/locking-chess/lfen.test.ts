/** LC-13 LFEN read/write and the playability checks; LAN/SAN with `*`. */
import { describe, expect, it } from 'vitest';
import { lcMoveToSan, lcParseMove, lcSanList, parseLfen } from '../../../../src-shared/rulesets/locking-chess/index.js';
import { lc } from './helpers.js';

function errors(lfen: string): { code: string; message: string; squares?: string[] }[] {
  const r = parseLfen(lfen);
  return r.ok ? [] : r.error.map((i) => ({ code: i.code, message: i.message, ...(i.squares ? { squares: i.squares } : {}) }));
}

describe('LC-13 LFEN', () => {
  it('LC-13 round-trips stacks (X board level, Y top), side, castling, en passant and clocks', () => {
    for (const t of [
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      '8/8/8/3(kK)4/4P3/8/8/8 b - - 1 1',
      '4k3/8/8/2(NP)pP3/8/8/8/4K3 w - d6 0 2',
      'r3k2r/8/8/2(pb)5/8/8/5P2/R3K2R w KQkq - 3 17',
      '(Bn)(bN)5(kq)/8/8/8/8/8/8/1(KQ)6 b - - 0 40',
    ]) {
      expect(lc(t).lfen()).toBe(t);
    }
    expect(lc('4k3/8/8/8/8/8/8/4K3 w - -').lfen()).toBe('4k3/8/8/8/8/8/8/4K3 w - - 0 1');
  });

  it('LC-13 syntax errors name the character position', () => {
    expect(errors('4k3/8/8/8/4(Pn3/8/8/4K3 w - - 0 1')).toEqual([{ code: 'lc-lfen-syntax', message: 'LFEN character 15: expected ")" closing the stack.' }]);
    expect(errors('(P)7/8/8/8/8/8/8/K6k w - - 0 1')[0]!.message).toBe('LFEN character 3: expected the top piece letter of the stack (PNBRQKpnbrqk).');
    expect(errors('4k3/8/8/8/8/8/8/4K2X w - - 0 1')[0]!.message).toMatch(/^LFEN character 20: unexpected "X"/);
    expect(errors('4k3/8/8/8/8/8/8/4K3 white - - 0 1')[0]!.message).toMatch(/^LFEN character 21: the side to move/);
    expect(errors('')[0]!.code).toBe('lc-lfen-syntax');
  });

  it('LC-13 playability errors with codes and squares', () => {
    expect(errors('8/8/8/8/8/8/8/K7 w - - 0 1')).toEqual([{ code: 'lc-king-count', message: 'Black must have exactly one king (found 0).' }]);
    expect(errors('k7/8/8/8/8/8/8/K(kK)6 w - - 0 1').map((e) => [e.code, e.squares])).toEqual([
      ['lc-king-count', ['a1', 'b1']],
      ['lc-king-count', ['b1', 'a8']],
    ]);
    // A king on top of a piece counts.
    expect(errors('8/8/8/3(pk)4/8/8/8/K7 w - - 0 1')).toEqual([]);
    expect(errors('4k3/8/8/8/8/8/8/(KP)7 w - - 0 1').map((e) => [e.code, e.squares])).toEqual([['lc-pawn-rank', ['a1']]]);
    // Castling: the king must be the board-level piece of e1 (a locked king keeps its right).
    expect(errors('4k3/8/8/8/8/8/8/4(RK)2R w K - 0 1').map((e) => e.code)).toEqual(['lc-castling']);
    expect(errors('4k3/8/8/8/8/8/8/4(KN)2R w K - 0 1')).toEqual([]);
    // En passant: the pawn that advanced must be free at board level.
    expect(errors('4k3/8/8/3(pn)4/8/8/8/4K3 w - d6 0 1').map((e) => [e.code, e.squares])).toEqual([['lc-en-passant', ['d6']]]);
    expect(errors('4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1')).toEqual([]);
    expect(errors('4k3/8/8/3p4/8/8/8/4K3 b - d6 0 1').map((e) => e.code)).toEqual(['lc-en-passant']);
    // The side not to move in check (LC-7).
    expect(errors('4k3/8/8/8/8/8/8/4R1K1 w - - 0 1').map((e) => [e.code, e.squares])).toEqual([['lc-opponent-in-check', ['e8']]]);
  });
});

describe('Locking Chess SAN and LAN parsing', () => {
  it('SAN of superimpositions carries `*`; `#` for any LC-8 mate', () => {
    const p = lc('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    const sans = lcSanList(p, p.legalMoves());
    for (const s of ['Nd2*', 'Ne2*', 'Bb2*', 'Rg1*', 'Qe1*', 'Ke2*', 'e4', 'Nf3']) expect(sans).toContain(s);
    const q = lc('8/8/8/3k4/4(PK)3/8/8/8 w - - 0 1');
    expect(lcMoveToSan(q, lcParseMove(q, 'Ke4-d5*')!)).toBe('Kd5*#');
  });

  it('SAN disambiguates a board-level and a top knight reaching the same square', () => {
    // Knight c3 (board level) and knight e3 (on a white pawn) both step onto d5 and d1.
    const p = lc('4k3/8/8/8/8/2N1(PN)3/8/4K3 w - - 0 1');
    const sans = lcSanList(p, p.legalMoves());
    for (const s of ['Ncd5', 'Ned5', 'Ncd1', 'Ned1', 'Ne2']) expect(sans).toContain(s);
  });

  it('parses LAN, SAN and their variants', () => {
    const p = lc('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(lcParseMove(p, 'Nd2*')).toBe(lcParseMove(p, 'Nb1-d2*'));
    expect(lcParseMove(p, 'e2-e4')).toBe(lcParseMove(p, 'Pe2-e4'));
    expect(lcParseMove(p, 'Nb1-d2')).toBeUndefined(); // d2 holds a pawn: only the superimposition exists
    const q = lc('4N2k/4P3/8/8/8/8/8/K7 w - - 0 1');
    expect(lcParseMove(q, 'Pe7-e8*=Q')).toBe(lcParseMove(q, 'Pe7-e8=Q*'));
    expect(lcParseMove(q, 'e8=Q*')).toBe(lcParseMove(q, 'Pe7-e8=Q*'));
  });
});
