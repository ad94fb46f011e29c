/**
 * Orthodox move generator against the published perft suite
 * (chessprogramming wiki "Perft Results": independent facts, not program
 * output). The full start position to depth 5 runs here (under a second
 * on the 2-core machine; about 3 s before the hot path used local constants).
 *
 * Note: the published Kiwipete FEN has a black pawn on h3 (`2N2Q1p`) and
 * position 6 reads `.../P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10`; those are the
 * positions whose counts are published.
 */
import { describe, expect, it } from 'vitest';
import { Chess, perftDivide } from '../../../../src-shared/rulesets/orthodox/index.js';

function pos(fen: string): Chess {
  const r = Chess.fromFen(fen);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

const SUITE: { name: string; fen: string; counts: number[] }[] = [
  { name: 'start position', fen: Chess.START_FEN, counts: [20, 400, 8_902, 197_281, 4_865_609] },
  {
    name: 'Kiwipete (position 2)',
    fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -',
    counts: [48, 2_039, 97_862, 4_085_603],
  },
  { name: 'position 3', fen: '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -', counts: [14, 191, 2_812, 43_238, 674_624] },
  { name: 'position 4', fen: 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', counts: [6, 264, 9_467, 422_333] },
  { name: 'position 4 mirrored', fen: 'r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1', counts: [6, 264, 9_467, 422_333] },
  { name: 'position 5', fen: 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8', counts: [44, 1_486, 62_379, 2_103_487] },
  {
    name: 'position 6',
    fen: 'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
    counts: [46, 2_079, 89_890, 3_894_594],
  },
];

describe('orthodox perft (published counts)', () => {
  for (const { name, fen, counts } of SUITE) {
    it(`${name}: depths 1-${counts.length}`, () => {
      const p = pos(fen);
      counts.forEach((c, i) => expect(p.perft(i + 1), `${name} depth ${i + 1}`).toBe(c));
      // make/unmake leaves the position as it was
      expect(p.fen()).toBe(pos(fen).fen());
    }, 60_000);
  }

  it('divide of the start position at depth 1 lists the 20 moves with one node each', () => {
    const d = perftDivide(Chess.start(), 1);
    expect(d).toHaveLength(20);
    expect(d.every((x) => x.nodes === 1)).toBe(true);
    expect(d.map((x) => x.move)).toContain('Ng1-f3');
    expect(d.map((x) => x.move)).toContain('Pe2-e4');
  });

  it('divide at depth 3 sums to perft 3 (8,902); the published divide of e2e4 is 600', () => {
    const d = perftDivide(Chess.start(), 3);
    expect(d.reduce((s, x) => s + x.nodes, 0)).toBe(8_902);
    expect(d.find((x) => x.move === 'Pe2-e4')?.nodes).toBe(600);
  });
});
