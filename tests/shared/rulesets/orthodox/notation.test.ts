/** Orthodox LAN (RULINGS "Common") and SAN, hand-worked positions. */
import { describe, expect, it } from 'vitest';
import { Chess, moveToLan, moveToSan, parseMove, sanList } from '../../../../src-shared/rulesets/orthodox/index.js';

function pos(fen: string): Chess {
  const r = Chess.fromFen(fen);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

function play(c: Chess, ...moves: string[]): void {
  for (const t of moves) {
    const m = parseMove(c, t);
    if (m === undefined) throw new Error(`illegal ${t} in ${c.fen()}`);
    c.make(m);
  }
}

describe('orthodox notation', () => {
  it('LAN and SAN of the start position moves', () => {
    const c = Chess.start();
    const moves = c.legalMoves();
    const lans = moves.map((m) => moveToLan(c, m)).sort();
    expect(lans).toEqual(['Nb1-a3', 'Nb1-c3', 'Ng1-f3', 'Ng1-h3', ...'abcdefgh'.split('').flatMap((f) => [`P${f}2-${f}3`, `P${f}2-${f}4`])].sort());
    expect(sanList(c, moves).sort()).toEqual(['Na3', 'Nc3', 'Nf3', 'Nh3', ...'abcdefgh'.split('').flatMap((f) => [`${f}3`, `${f}4`])].sort());
  });

  it('parses LAN and SAN alike', () => {
    const c = Chess.start();
    expect(parseMove(c, 'e4')).toBe(parseMove(c, 'Pe2-e4'));
    expect(parseMove(c, 'e2-e4')).toBe(parseMove(c, 'Pe2-e4'));
    expect(parseMove(c, 'Nf3')).toBe(parseMove(c, 'Ng1-f3'));
    expect(parseMove(c, 'Ke1-e2')).toBeUndefined();
    expect(parseMove(c, 'nonsense')).toBeUndefined();
  });

  it('disambiguates by file, then rank', () => {
    // Knights b1 and f1 both reach d2; rooks a1 and a3 both reach a2.
    const c = pos('4k3/8/8/8/8/R7/8/RN2KN2 w - - 0 1');
    const sans = sanList(c, c.legalMoves());
    expect(sans).toContain('Nbd2');
    expect(sans).toContain('Nfd2');
    expect(sans).toContain('R1a2');
    expect(sans).toContain('R3a2');
    expect(sans).toContain('Nc3'); // only the b1 knight reaches c3
  });

  it('en passant, promotion, castling, check and mate marks', () => {
    const c = Chess.start();
    play(c, 'e4', 'a6', 'e5', 'd5');
    const ep = parseMove(c, 'exd6')!;
    expect(moveToLan(c, ep)).toBe('Pe5xd6');
    expect(moveToSan(c, ep)).toBe('exd6');
    expect(parseMove(c, 'Pe5xd6 e.p.')).toBe(ep);

    const p = pos('8/4P3/8/8/8/8/k7/4K3 w - - 0 1');
    expect(
      sanList(p, p.legalMoves())
        .filter((s) => s.startsWith('e8'))
        .sort(),
    ).toEqual(['e8=B', 'e8=N', 'e8=Q', 'e8=R']);
    expect(moveToLan(p, parseMove(p, 'e8=N')!)).toBe('Pe7-e8=N');

    const k = pos('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    const oo = parseMove(k, 'O-O')!;
    expect(moveToLan(k, oo)).toBe('O-O');
    expect(parseMove(k, '0-0')).toBe(oo);
    expect(parseMove(k, 'Ke1-g1')).toBe(oo);
    expect(moveToSan(k, parseMove(k, 'O-O-O')!)).toBe('O-O-O');
    expect(moveToSan(k, parseMove(k, 'Ra1xa8')!)).toBe('Rxa8+');

    // Fool's mate: 1.f3 e5 2.g4 Qh4#.
    const f = Chess.start();
    play(f, 'f3', 'e5', 'g4');
    const mate = parseMove(f, 'Qh4')!;
    expect(moveToLan(f, mate)).toBe('Qd8-h4');
    expect(moveToSan(f, mate)).toBe('Qh4#');
  });
});
