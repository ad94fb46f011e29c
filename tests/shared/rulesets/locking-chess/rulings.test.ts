/**
 * Locking Chess rulings LC-1..LC-13 on hand-worked positions. Every
 * expected move list and outcome below was worked out by hand from the
 * rulebook and its rulings (docs/rules/locking-chess.md); comments give the reasoning.
 * LFEN stacks are `(XY)`: X board level, Y on top.
 */
import { describe, expect, it } from 'vitest';
import { lcMoveToSan, lcParseMove, lcSanList } from '../../../../src-shared/rulesets/locking-chess/index.js';
import { lans, lc, movesFrom, placement, play } from './helpers.js';

describe('LC-1 orthodox chess applies', () => {
  it('LC-1 the start position has the 20 orthodox moves plus 20 superimpositions (40)', () => {
    const p = lc('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(lans(p)).toEqual(
      [
        'Nb1-a3',
        'Nb1-c3',
        'Ng1-f3',
        'Ng1-h3',
        ...'abcdefgh'.split('').flatMap((f) => [`P${f}2-${f}3`, `P${f}2-${f}4`]),
        // LC-3: onto own free pieces by the capture pattern
        'Nb1-d2*',
        'Ng1-e2*',
        'Bc1-b2*',
        'Bc1-d2*',
        'Bf1-e2*',
        'Bf1-g2*',
        'Ra1-a2*',
        'Ra1-b1*',
        'Rh1-g1*',
        'Rh1-h2*',
        'Qd1-c1*',
        'Qd1-c2*',
        'Qd1-d2*',
        'Qd1-e2*',
        'Qd1-e1*', // LC-6: a side may lock its own king
        'Ke1-d1*',
        'Ke1-d2*',
        'Ke1-e2*',
        'Ke1-f2*',
        'Ke1-f1*',
      ].sort(),
    );
  });
});

describe('LC-2 stacks', () => {
  it('LC-2 a locked piece cannot move; the top piece of an EQUAL stack can', () => {
    // White rook a1 under a white knight: only the knight moves, stepping down to b3/c2.
    const p = lc('4k3/8/8/8/8/8/8/(RN)3K3 w - - 0 1');
    expect(movesFrom(p, 'a1')).toEqual(['Na1-b3', 'Na1-c2']);
  });

  it('LC-2 EQUAL and OPPOSITE stacks and the king states', () => {
    expect(lc('4k3/8/8/8/8/8/8/(KQ)7 w - - 0 1').kingState(0)).toBe('locked-equal');
    expect(lc('4k3/8/8/8/8/8/8/(Kq)7 w - - 0 1').kingState(0)).toBe('locked-opposite');
    expect(lc('4k3/8/8/8/8/8/8/(QK)7 w - - 0 1').kingState(0)).toBe('top-equal');
    expect(lc('4k3/8/8/8/8/8/8/(qK)7 w - - 0 1').kingState(0)).toBe('top-opposite');
    expect(lc('4k3/8/8/8/8/8/8/K7 w - - 0 1').kingState(0)).toBe('free');
  });
});

describe('LC-3 superimposing from board level', () => {
  it('LC-3 a pawn superimposes one ahead, two ahead (middle empty) or diagonally; it captures diagonally', () => {
    // e3 empty (push), e4 own bishop (two ahead, e3 empty), d3 own knight (diagonal), f3 black bishop (capture).
    const p = lc('4k3/8/8/8/4B3/3N1b2/4P3/4K3 w - - 0 1');
    expect(movesFrom(p, 'e2')).toEqual(['Pe2-d3*', 'Pe2-e3', 'Pe2-e4*', 'Pe2xf3']);
    expect(lcSanList(p, [lcParseMove(p, 'Pe2-d3*')!, lcParseMove(p, 'Pe2-e4*')!, lcParseMove(p, 'Pe2xf3')!])).toEqual(['ed3*', 'e4*', 'exf3']);
  });

  it('LC-3 no two-square superimposition when the middle square is occupied', () => {
    const p = lc('4k3/8/8/8/4B3/4N3/4P3/4K3 w - - 0 1');
    expect(movesFrom(p, 'e2')).toEqual(['Pe2-e3*']);
  });

  it('LC-3 board-level movers stop at the first piece; free board-level pieces never superimpose enemies', () => {
    // Rook d1: up to the black EQUAL stack d5 (capture, LC-5a); e1 own free king (superimpose).
    const p = lc('4k3/8/8/3(pb)4/8/8/8/3RK3 w - - 0 1');
    expect(movesFrom(p, 'd1')).toEqual(['Rd1-a1', 'Rd1-b1', 'Rd1-c1', 'Rd1-d2', 'Rd1-d3', 'Rd1-d4', 'Rd1-e1*', 'Rd1xd5']);
    // A black free pawn is captured, not superimposed.
    expect(movesFrom(lc('4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1'), 'd1')).toContain('Rd1xd5');
    expect(movesFrom(lc('4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1'), 'd1')).not.toContain('Rd1-d5*');
  });
});

describe('LC-4 top-piece movement', () => {
  // White rook on top of a white knight a1; a2 white pawn, a4 black knight, a5 black EQUAL stack (pawn + bishop).
  const LFEN = '4k3/8/8/(pb)7/n7/8/P7/(NR)3K3 w - - 0 1';

  it('LC-4 a top rook moves over board-level pieces of either colour and stops at top pieces', () => {
    // North: a2* (own), a3 (step down), a4* (a top rook superimposes an enemy, LC-5e), a5 x (EQUAL stack, LC-5d).
    // East: b1, c1, d1, f1, g1, h1 over the king; e1* would lock the king where the black top
    // bishop a5 (over b4, c3, d2) captures the stack (LC-7), so it is missing.
    expect(movesFrom(lc(LFEN), 'a1')).toEqual(['Ra1-a2*', 'Ra1-a3', 'Ra1-a4*', 'Ra1-b1', 'Ra1-c1', 'Ra1-d1', 'Ra1-f1', 'Ra1-g1', 'Ra1-h1', 'Ra1xa5']);
  });

  it('LC-4 the piece below is free again when the top piece leaves; LC-5d the capturer of an EQUAL stack lands at board level', () => {
    const p = play(lc(LFEN), 'Ra1xa5');
    expect(placement(p)).toBe('4k3/8/8/R7/n7/8/P7/N3K3');
  });

  it('LC-4 a top pawn steps down or superimposes straight or diagonally forward and captures diagonally', () => {
    // d4 white pawn on a white knight: c5 own bishop (superimpose), d5 black pawn (superimpose), e5 black EQUAL stack (capture).
    expect(movesFrom(lc('4k3/8/8/2Bp(nb)3/3(NP)4/8/8/4K3 w - - 0 1'), 'd4')).toEqual(['Pd4-c5*', 'Pd4-d5*', 'Pd4xe5']);
    // c5 black knight on a white bishop (capture the top, LC-5c), d5 a stack (no straight move), e5 empty (step down).
    expect(movesFrom(lc('4k3/8/8/2(Bn)(Pb)4/3(NP)4/8/8/4K3 w - - 0 1'), 'd4')).toEqual(['Pd4-e5', 'Pd4xc5*']);
  });
});

describe('LC-5 captures', () => {
  it('LC-5a a free board-level piece captures an enemy EQUAL stack whole', () => {
    expect(placement(play(lc('4k3/8/8/3(pb)4/8/8/8/3RK3 w - - 0 1'), 'Rd1xd5'))).toBe('4k3/8/8/3R4/8/8/8/4K3');
  });

  it('LC-5b a free board-level piece captures an enemy locked under its own top piece and is locked there', () => {
    const p = lc('4k3/8/8/8/4(pB)3/2N5/8/4K3 w - - 0 1');
    expect(movesFrom(p, 'c3')).toEqual(['Nc3-a2', 'Nc3-a4', 'Nc3-b1', 'Nc3-b5', 'Nc3-d1', 'Nc3-d5', 'Nc3-e2', 'Nc3xe4']);
    expect(placement(play(p, 'Nc3xe4'))).toBe('4k3/8/8/8/4(NB)3/8/8/4K3');
  });

  it('LC-5c the top of an OPPOSITE stack falls only to a top piece or a board-level knight', () => {
    // Black knight on a white pawn e4. The board-level rook e1 stops below it; the knight c3 captures it.
    const p = lc('k7/8/8/8/4(Pn)3/2N5/8/K3R3 w - - 0 1');
    expect(movesFrom(p, 'e1')).toEqual(['Re1-a1*', 'Re1-b1', 'Re1-c1', 'Re1-d1', 'Re1-e2', 'Re1-e3', 'Re1-f1', 'Re1-g1', 'Re1-h1']);
    expect(movesFrom(p, 'c3')).toEqual(['Nc3-a2', 'Nc3-a4', 'Nc3-b1', 'Nc3-b5', 'Nc3-d1', 'Nc3-d5', 'Nc3-e2', 'Nc3xe4*']);
    expect(placement(play(p, 'Nc3xe4*'))).toBe('k7/8/8/8/4(PN)3/8/8/K3R3');
    const q = lc('k7/8/8/8/4(Pn)3/2N5/8/K3R3 w - - 0 1');
    expect(lcMoveToSan(q, lcParseMove(q, 'Nc3xe4*')!)).toBe('Nxe4*');
    expect(lcMoveToSan(q, lcParseMove(q, 'Re1-a1*')!)).toBe('Ra1*');
    // A top bishop (on the white rook b1) captures it too and stays on top.
    expect(movesFrom(lc('k7/8/8/8/4(Pn)3/8/8/K(RB)6 w - - 0 1'), 'b1')).toEqual(['Bb1-a2', 'Bb1-c2', 'Bb1-d3', 'Bb1xe4*']);
  });

  it('LC-5e only a top knight standing on its own piece captures an enemy free piece', () => {
    // Knight on a white pawn d4: black bishop e6 can be captured or superimposed.
    expect(movesFrom(lc('4k3/8/4b3/8/3(PN)4/8/8/4K3 w - - 0 1'), 'd4')).toEqual([
      'Nd4-b3',
      'Nd4-b5',
      'Nd4-c2',
      'Nd4-c6',
      'Nd4-e2',
      'Nd4-e6*',
      'Nd4-f3',
      'Nd4-f5',
      'Nd4xe6',
    ]);
    // Knight on a black pawn d4 (OPPOSITE): superimpose only.
    expect(movesFrom(lc('4k3/8/4b3/8/3(pN)4/8/8/4K3 w - - 0 1'), 'd4')).toEqual([
      'Nd4-b3',
      'Nd4-b5',
      'Nd4-c2',
      'Nd4-c6',
      'Nd4-e2',
      'Nd4-e6*',
      'Nd4-f3',
      'Nd4-f5',
    ]);
  });

  it('LC-5f only a free board-level pawn captures en passant; LC-11 a top pawn superimposes en passant', () => {
    // Black d7-d5 passes the free white pawn e5 and the white pawn on top of the knight c5.
    const p = play(lc('4k3/3p4/8/2(NP)1P3/8/8/8/4K3 b - - 0 1'), 'Pd7-d5');
    expect(p.lfen()).toBe('4k3/8/8/2(NP)pP3/8/8/8/4K3 w - d6 0 2');
    expect(movesFrom(p, 'e5')).toEqual(['Pe5-e6', 'Pe5xd6']);
    expect(movesFrom(p, 'c5')).toEqual(['Pc5-b6', 'Pc5-c6', 'Pc5-d6', 'Pc5-d6*']);
    expect(placement(play(p.clone(), 'Pe5xd6'))).toBe('4k3/8/3P4/2(NP)5/8/8/8/4K3');
    // LC-11: the advanced pawn goes back to d6, locked under the white pawn; the knight c5 is free.
    expect(placement(play(p.clone(), 'Pc5-d6*'))).toBe('4k3/8/3(pP)4/2N1P3/8/8/8/4K3');
  });
});

describe('LC-6 kings', () => {
  it('LC-6 a top king may lock the enemy king; other king moves never end next to a free king', () => {
    // Black's free king d5 gives point-blank check to the white king on its pawn e4.
    const p = lc('8/8/8/3k4/4(PK)3/8/8/8 w - - 0 1');
    expect(p.inCheck()).toBe(true);
    // d4, e5 touch d5 (forbidden); d5* locks the black king.
    expect(lans(p)).toEqual(['Ke4-d3', 'Ke4-d5*', 'Ke4-e3', 'Ke4-f3', 'Ke4-f4', 'Ke4-f5']);
    // After Ke4-d5* the freed pawn e4 attacks the locked king (LC-5b): lockmate.
    play(p, 'Ke4-d5*');
    expect(p.lfen()).toBe('8/8/8/3(kK)4/4P3/8/8/8 b - - 1 1');
    expect(p.outcome()).toEqual({ status: 'mate', kind: 'lockmate', winner: 'white' });
  });

  it('LC-6 a board-level king may move next to an enemy king on top of its own piece (point-blank check)', () => {
    const p = lc('8/8/8/3(nk)4/5K2/8/8/8 w - - 0 1');
    expect(lans(p)).toEqual(['Kf4-e3', 'Kf4-e4', 'Kf4-e5', 'Kf4-f3', 'Kf4-f5', 'Kf4-g3', 'Kf4-g4', 'Kf4-g5']);
    play(p, 'Kf4-e5');
    expect(p.inCheck()).toBe(true); // the refugee black king is in point-blank check
    // Not next to a king on top of an enemy piece (OPPOSITE), nor next to a free king.
    expect(lans(lc('8/8/8/3(Nk)4/5K2/8/8/8 w - - 0 1'))).toEqual(['Kf4-e3', 'Kf4-f3', 'Kf4-f5', 'Kf4-g3', 'Kf4-g4', 'Kf4-g5']);
    expect(lans(lc('8/8/8/3k4/5K2/8/8/8 w - - 0 1'))).toEqual(['Kf4-e3', 'Kf4-f3', 'Kf4-f5', 'Kf4-g3', 'Kf4-g4', 'Kf4-g5']);
  });
});

describe('LC-7 check', () => {
  const check = (lfen: string): boolean => lc(lfen).inCheck();
  it('LC-7 a free king: board-level pieces and top knights on their own piece, not other top pieces', () => {
    expect(check('4k3/8/8/8/1(pb)6/8/8/4K3 w - - 0 1')).toBe(false); // top bishop b4: would superimpose
    expect(check('4k3/8/8/8/8/3(pn)4/8/4K3 w - - 0 1')).toBe(true); // LC-5e
    expect(check('4k3/8/8/8/8/3(Pn)4/8/4K3 w - - 0 1')).toBe(false); // knight on an enemy piece
  });
  it('LC-7 a king in an EQUAL stack (locked or on top): board-level and top pieces', () => {
    expect(check('4k3/8/8/8/1(pb)6/8/8/4(KQ)3 w - - 0 1')).toBe(true); // LC-5d
    expect(check('4k3/8/8/8/1b6/8/8/4(KQ)3 w - - 0 1')).toBe(true); // LC-5a
    expect(check('3r2k1/8/8/8/3(PK)4/8/8/8 w - - 0 1')).toBe(true); // LC-5a on a refugee king
  });
  it('LC-7 a king locked under an enemy piece: free board-level pieces only (LC-5b)', () => {
    expect(check('4k3/8/8/8/1b6/8/8/4(Kr)3 w - - 0 1')).toBe(true);
    expect(check('4k3/8/8/8/1(pb)6/8/8/4(Kr)3 w - - 0 1')).toBe(false);
  });
  it('LC-7 a king on top of an enemy piece: top pieces and board-level knights only (LC-5c)', () => {
    expect(check('4r1k1/8/8/8/4(pK)3/8/8/8 w - - 0 1')).toBe(false); // board-level rook e8
    expect(check('6k1/8/5n2/8/4(pK)3/8/8/8 w - - 0 1')).toBe(true); // board-level knight f6
    expect(check('4(nr)1k1/8/8/8/4(pK)3/8/8/8 w - - 0 1')).toBe(true); // top rook e8
  });
});

describe('LC-8 mates (the side to move loses) and their names', () => {
  it('LC-8 checkmate: free king', () => {
    // h8 king: g8, h7 covered by the queen g7; g7 itself is guarded by the king f6 (LC-6).
    expect(lc('7k/6Q1/5K2/8/8/8/8/8 b - - 0 1').outcome()).toEqual({ status: 'mate', kind: 'checkmate', winner: 'white' });
  });

  it('LC-8 lockmate: king locked at board level (EQUAL stack under its own pawn, knight check)', () => {
    // Knight f6 attacks h7 (LC-5a). The top pawn h7 cannot go to g6 (own top) nor h6 (a stack);
    // the bishop g6 cannot reach f6; leaving h7 would still leave a free king in check.
    expect(lc('8/7(kp)/5N(pb)(PP)/8/8/8/8/K7 b - - 0 1').outcome()).toEqual({ status: 'mate', kind: 'lockmate', winner: 'white' });
  });

  it('LC-8 refugee mate: king on top of its own piece', () => {
    // Rook a8 captures the stack h8 along rank 8 (LC-5a); g8 is covered, g7/h7 hold black tops.
    expect(lc('R6(rk)/6(pp)(pp)/8/8/8/8/8/K7 b - - 0 1').outcome()).toEqual({ status: 'mate', kind: 'refugee-mate', winner: 'white' });
  });

  it('LC-8 royal mate: point-blank check of a refugee king by the enemy king', () => {
    // g8, h7 touch the free white king; Kh8-g7* (locking it) is met by the knight e6 (LC-5c).
    expect(lc('7(rk)/6K1/4N3/8/8/8/8/8 b - - 0 1').outcome()).toEqual({ status: 'mate', kind: 'royal-mate', winner: 'white' });
  });

  it('LC-8 royal lockmate: the enemy king checks a locked king', () => {
    // The rook cannot leave: the king below would be a free king next to the white king.
    expect(lc('7(kr)/6K1/8/8/8/8/8/8 b - - 0 1').outcome()).toEqual({ status: 'mate', kind: 'royal-lockmate', winner: 'white' });
  });
});

describe('LC-9 draws', () => {
  it('LC-9 lockout: king locked under an enemy piece, no check, no move', () => {
    expect(lc('(kB)7/8/8/8/8/8/8/4K3 b - - 0 1').outcome()).toEqual({ status: 'draw', reason: 'lockout' });
  });

  it('LC-9 stalemate', () => {
    expect(lc('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1').outcome()).toEqual({ status: 'draw', reason: 'stalemate' });
  });

  it('LC-9 deadlock: the refugee king has one move and it allows mate in 1', () => {
    // g7 touches the free king f6, h7 is covered by the bishop b1: only Kh8-g8, then Ra1-a8 mates
    // (f8 covered, f7/g7 touch f6, h7 covered, Kg8-h8* and Rh8-g8* leave the king capturable).
    const p = lc('7(rk)/8/5K2/8/8/8/8/RB6 b - - 0 1');
    expect(lans(p)).toEqual(['Kh8-g8']);
    play(p, 'Kh8-g8', 'Ra1-a8');
    expect(p.outcome()).toEqual({ status: 'mate', kind: 'checkmate', winner: 'white' });
    expect(lc('7(rk)/8/5K2/8/8/8/8/RB6 b - - 0 1').outcome()).toEqual({ status: 'draw', reason: 'deadlock' });
  });

  it('LC-9 orthodox draws: kings only, fifty moves, threefold repetition', () => {
    expect(lc('4k3/8/8/8/8/8/8/4K3 w - - 0 1').outcome()).toEqual({ status: 'draw', reason: 'insufficient-material' });
    expect(lc('4k3/8/8/8/8/8/8/R3K3 w - - 100 90').outcome()).toEqual({ status: 'draw', reason: 'fifty-move' });
    const p = lc('4k3/8/8/8/8/8/8/R3K3 w - - 0 1');
    play(p, 'Ra2', 'Kd8', 'Ra1', 'Ke8', 'Ra2', 'Kd8', 'Ra1', 'Ke8');
    expect(p.outcome()).toEqual({ status: 'draw', reason: 'repetition' });
  });

  it('LC-9 K + B v K is not dead in Locking Chess: the king on its bishop locks the enemy king, the freed bishop mates', () => {
    const p = lc('8/8/8/3k4/2(BK)5/8/8/8 w - - 0 1');
    expect(p.outcome()).toEqual({ status: 'ongoing' });
    play(p, 'Kc4-d5*');
    expect(p.outcome()).toEqual({ status: 'mate', kind: 'lockmate', winner: 'white' });
  });
});

describe('LC-10 promotion', () => {
  it('LC-10 a top pawn promotes stepping down, superimposing (the piece below stays locked) or capturing', () => {
    const p = lc('3r1(nb)1k/4(NP)3/8/8/8/8/8/K7 w - - 0 1');
    expect(movesFrom(p, 'e7')).toEqual(['Q', 'R', 'B', 'N'].flatMap((x) => [`Pe7-e8=${x}`, `Pe7-d8=${x}*`, `Pe7xf8=${x}`]).sort());
    expect(placement(play(p, 'Pe7-d8=Q*'))).toBe('3(rQ)1(nb)1k/4N3/8/8/8/8/8/K7');
  });

  it('LC-10 a board-level pawn capturing under LC-5b on the last rank promotes and stays locked', () => {
    const p = lc('3(rB)3k/4P3/8/8/8/8/8/K7 w - - 0 1');
    expect(movesFrom(p, 'e7')).toEqual(['Q', 'R', 'B', 'N'].flatMap((x) => [`Pe7-e8=${x}`, `Pe7xd8=${x}`]).sort());
    expect(placement(play(p, 'Pe7xd8=N'))).toBe('3(NB)3k/8/8/8/8/8/8/K7');
  });

  it('LC-10 a board-level pawn superimposing its own piece on the last rank promotes on top', () => {
    expect(movesFrom(lc('4N2k/4P3/8/8/8/8/8/K7 w - - 0 1'), 'e7')).toEqual(['Pe7-e8=B*', 'Pe7-e8=N*', 'Pe7-e8=Q*', 'Pe7-e8=R*']);
  });
});

describe('LC-11 en passant superimpose', () => {
  it('LC-11 the rulebook example: ...a4, b4-a3 esp locks the pawn on a3', () => {
    const p = play(lc('4k3/8/8/8/1(np)6/8/P7/4K3 w - - 0 1'), 'Pa2-a4');
    expect(movesFrom(p, 'b4')).toEqual(['Pb4-a3', 'Pb4-a3*', 'Pb4-b3', 'Pb4-c3']);
    play(p, 'Pb4-a3*');
    expect(p.lfen()).toBe('4k3/8/8/8/1n6/(Pp)7/8/4K3 w - - 0 2');
  });

  it('LC-11 a two-step superimposition sets the en passant square; a free board-level pawn captures the top pawn, freeing the piece below (perft 2: 54)', () => {
    const start = '4k3/8/8/8/4Kp2/8/4P3/8 w - - 0 1';
    const p = play(lc(start), 'Pe2-e4*');
    // The pawn passed e3 and stands on top of its own king: e3 is the en passant square.
    expect(p.lfen()).toBe('4k3/8/8/8/4(KP)p2/8/8/8 b - e3 0 1');
    expect(lc(p.lfen()).lfen()).toBe(p.lfen()); // LFEN accepts and writes it
    expect(movesFrom(p, 'f4')).toEqual(['Pf4-f3', 'Pf4xe3']);
    // The white pawn is taken off the king's top; the king is free again.
    expect(play(p.clone(), 'Pf4xe3').lfen()).toBe('4k3/8/8/8/4K3/4p3/8/8 w - - 0 2');
    // The hand count: 53 without the capture, 54 with it.
    expect(lc(start).perft(2)).toBe(54);
  });

  it('LC-11 after a two-step superimposition an enemy top pawn en-passant-superimposes it, freeing both pieces below (perft 2: 73)', () => {
    const start = '4k3/8/8/8/3(Np)K3/8/4P3/8 w - - 0 1';
    const p = play(lc(start), 'Pe2-e4*');
    expect(p.lfen()).toBe('4k3/8/8/8/3(Np)(KP)3/8/8/8 b - e3 0 1');
    expect(movesFrom(p, 'd4')).toContain('Pd4-e3*');
    // The white pawn goes back to e3, locked under the black pawn; the knight d4 and the king e4 are free.
    expect(play(p.clone(), 'Pd4-e3*').lfen()).toBe('4k3/8/8/8/3NK3/4(Pp)3/8/8 w - - 0 2');
    expect(lc(start).perft(2)).toBe(73);
  });

  it('LC-11 the rulebook example with a superimposing pawn: Pa2-a4* then Pb4-a3*', () => {
    const p = play(lc('7k/8/8/8/N(np)6/8/P7/7K w - - 0 1'), 'Pa2-a4*');
    expect(p.lfen()).toBe('7k/8/8/8/(NP)(np)6/8/8/7K b - a3 0 1');
    expect(movesFrom(p, 'b4')).toContain('Pb4-a3*');
    expect(play(p.clone(), 'Pb4-a3*').lfen()).toBe('7k/8/8/8/Nn6/(Pp)7/8/7K w - - 0 2');
  });

  it('LC-11 as amended leaves perft from the start unchanged (40 / 1,594 / 69,992 / 3,049,790)', () => {
    // A two-step superimposition from the start needs a piece of one's own on the fourth rank, and
    // no en passant capture arises within four plies, so the published start counts stand.
    const start = lc('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect([1, 2, 3, 4].map((d) => start.perft(d))).toEqual([40, 1_594, 69_992, 3_049_790]);
  }, 60_000);

  it('LC-11 only on the very next move', () => {
    const p = play(lc('4k3/3p4/8/2(NP)1P3/8/8/8/4K3 b - - 0 1'), 'Pd7-d5', 'Ke1-e2', 'Ke8-f7');
    expect(movesFrom(p, 'c5')).toEqual(['Pc5-b6', 'Pc5-c6', 'Pc5-d6']);
    expect(movesFrom(p, 'e5')).toEqual(['Pe5-e6']);
  });
});

describe('LC-12 castlock', () => {
  it('LC-12 castling and castlock; no castlock where an enemy top piece captures the EQUAL stack', () => {
    // The black bishop on top at c5 reaches g1 over the board-level pawn f2: O-O* is illegal, O-O is not
    // (a top bishop cannot capture a free king).
    const p = lc('4k3/8/8/2(pb)5/8/8/5P2/R3K2R w KQ - 0 1');
    expect(lans(p).filter((x) => x.startsWith('O-O'))).toEqual(['O-O', 'O-O-O', 'O-O-O*']);
    expect(p.clone().lfen()).toBe('4k3/8/8/2(pb)5/8/8/5P2/R3K2R w KQ - 0 1');
    expect(play(p, 'O-O-O*').lfen()).toBe('4k3/8/8/2(pb)5/8/8/5P2/2(KR)4R b - - 1 1');
  });

  it('LC-12 castlock checks a king on top of its own piece on the rook file', () => {
    const p = lc('6(rk)1/6p1/8/8/8/8/6P1/4K2R w K - 0 1');
    expect(lans(p).filter((x) => x.startsWith('O-O'))).toEqual(['O-O', 'O-O*']);
    expect(lcMoveToSan(p, lcParseMove(p, 'O-O*')!)).toBe('O-O*+');
    expect(lcParseMove(p, 'Ke1-g1*')).toBe(lcParseMove(p, 'O-O*'));
    play(p, 'O-O*');
    expect(placement(p)).toBe('6(rk)1/6p1/8/8/8/8/6P1/6(KR)1');
    expect(p.inCheck()).toBe(true);
  });
});
