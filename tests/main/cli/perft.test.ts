/**
 * `castellan perft`: node counts from the published orthodox
 * perft suite and hand-counted Locking Chess positions, `--divide`, and
 * exit 1 with a clear message on bad input.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/cli/main.js';

async function perft(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(['perft', ...args], { out: (t) => void (out += t), err: (t) => void (err += t), errIsTTY: false });
  return { code, out, err };
}

describe('castellan perft', () => {
  it('orthodox start position depth 3 = 8,902 (published)', async () => {
    expect(await perft('--rules', 'orthodox', '--depth', '3')).toEqual({ code: 0, out: '8902\n', err: '' });
  });

  it('orthodox --fen: Kiwipete depth 2 = 2,039 (published)', async () => {
    const r = await perft('--rules', 'orthodox', '--depth', '2', '--fen', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -');
    expect(r).toEqual({ code: 0, out: '2039\n', err: '' });
  });

  it('--divide prints LAN: nodes per move, sorted, then the total', async () => {
    const r = await perft('--rules', 'orthodox', '--depth', '1', '--divide', '--fen', '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1');
    // Rook a1: a2..a8 (7) and b1..d1 (3); king e1: d2, e2, f1, f2 (d1 and O-O-O as well).
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      [
        'Ke1-d1',
        'Ke1-d2',
        'Ke1-e2',
        'Ke1-f1',
        'Ke1-f2',
        'O-O-O',
        'Ra1-a2',
        'Ra1-a3',
        'Ra1-a4',
        'Ra1-a5',
        'Ra1-a6',
        'Ra1-a7',
        'Ra1-a8',
        'Ra1-b1',
        'Ra1-c1',
        'Ra1-d1',
      ]
        .map((m) => `${m}: 1\n`)
        .join('') + 'total: 16\n',
    );
  });

  it('locking start position depth 1 = 40 (20 orthodox moves + 20 superimpositions, LC-3)', async () => {
    expect(await perft('--rules', 'locking', '--depth', '1')).toEqual({ code: 0, out: '40\n', err: '' });
  });

  it('locking --fen with stacks and --divide (LC-6 point-blank position)', async () => {
    const r = await perft('--rules', 'locking', '--depth', '1', '--divide', '--fen', '8/8/8/3k4/4(PK)3/8/8/8 w - - 0 1');
    expect(r.out).toBe(['Ke4-d3', 'Ke4-d5*', 'Ke4-e3', 'Ke4-f3', 'Ke4-f4', 'Ke4-f5'].map((m) => `${m}: 1\n`).join('') + 'total: 6\n');
  });

  it('exit 1 with a clear message on a bad FEN/LFEN, rules or depth', async () => {
    const bad = await perft('--rules', 'orthodox', '--depth', '2', '--fen', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1');
    expect(bad.code).toBe(1);
    expect(bad.out).toBe('');
    expect(bad.err).toMatch(/^castellan: invalid FEN \(fen-syntax\): FEN character 43: unexpected "X"/);
    const lfen = await perft('--rules', 'locking', '--depth', '2', '--fen', '4k3/8/8/8/8/8/8/4K3 w K - 0 1');
    expect(lfen.code).toBe(1);
    expect(lfen.err).toMatch(/^castellan: invalid LFEN \(lc-castling e1 h1\): Castling right "K"/);
    const rules = await perft('--rules', 'chess', '--depth', '2');
    expect(rules.code).toBe(1);
    expect(rules.err).toBe('castellan: --rules must be "orthodox" or "locking" (got "chess")\n');
    expect((await perft('--rules', 'orthodox', '--depth', '0')).code).toBe(1);
    expect((await perft('--rules', 'orthodox', '--depth', '99')).code).toBe(1);
  });
});
