/**
 * The Locking Chess proof game (game.ts) and the position's incremental
 * state: Zobrist keys equal a fresh computation after every make and
 * unmake, encode/decode round-trips, and terminal() agrees with outcome().
 */
import { describe, expect, it } from 'vitest';
import { LC_START_LFEN, LcGame, lcFromFields, parseLfen, type LcPosition } from '../../../../src-shared/rulesets/locking-chess/index.js';
import { TERMINAL_DRAW, TERMINAL_LOSS, TERMINAL_NONE } from '../../../../src-shared/solver/proof/index.js';
import { lc } from './helpers.js';

function rng(seed: number): () => number {
  let x = seed;
  return () => {
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
    return x / 0x80000000;
  };
}

function freshHash(p: LcPosition): [number, number] {
  const q = lcFromFields(p.fields());
  return [q.hashLo, q.hashHi];
}

describe('LcPosition incremental state and LcGame', () => {
  it('Zobrist keys and LFEN survive make/unmake along seeded random playouts', () => {
    const rnd = rng(99);
    for (let g = 0; g < 30; g++) {
      const r = parseLfen(LC_START_LFEN);
      if (!r.ok) throw new Error('start');
      const p = r.value;
      const history: string[] = [];
      for (let ply = 0; ply < 60; ply++) {
        const ms = p.legalMoves();
        if (ms.length === 0) break;
        history.push(p.lfen());
        p.make(ms[Math.floor(rnd() * ms.length)]!);
        expect([p.hashLo, p.hashHi]).toEqual(freshHash(p));
      }
      while (history.length > 0) {
        p.unmake();
        expect(p.lfen()).toBe(history.pop());
        expect([p.hashLo, p.hashHi]).toEqual(freshHash(p));
      }
    }
  });

  it('encode/decode round-trips positions with stacks, castling and en passant', () => {
    for (const t of ['4k3/8/8/2(NP)pP3/8/8/8/4K3 w - d6 7 2', 'r3k2r/8/8/2(pb)5/8/8/5P2/R3K2R b KQkq - 3 17', '8/8/8/3(kK)4/4P3/8/8/8 b - - 1 1']) {
      const g = new LcGame(lc(t));
      const buf = new Int32Array(g.stateWords);
      g.encode(buf);
      const h = [g.hashLo(), g.hashHi()];
      const other = new LcGame(lc(LC_START_LFEN));
      other.decode(buf);
      expect(other.pos.lfen().split(' ').slice(0, 5)).toEqual(t.split(' ').slice(0, 5));
      expect([other.hashLo(), other.hashHi()]).toEqual(h);
    }
  });

  it('terminal(): LC-8 mates are losses for the side to move, LC-9 stalemate/lockout/deadlock draws', () => {
    const t = (lfen: string): number => new LcGame(lc(lfen)).terminal();
    expect(t('7k/6Q1/5K2/8/8/8/8/8 b - - 0 1')).toBe(TERMINAL_LOSS); // checkmate
    expect(t('8/8/8/3(kK)4/4P3/8/8/8 b - - 1 1')).toBe(TERMINAL_LOSS); // lockmate
    expect(t('7(kr)/6K1/8/8/8/8/8/8 b - - 0 1')).toBe(TERMINAL_LOSS); // royal lockmate
    expect(t('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1')).toBe(TERMINAL_DRAW); // stalemate
    expect(t('(kB)7/8/8/8/8/8/8/4K3 b - - 0 1')).toBe(TERMINAL_DRAW); // lockout
    expect(t('7(rk)/8/5K2/8/8/8/8/RB6 b - - 0 1')).toBe(TERMINAL_DRAW); // deadlock
    expect(t(LC_START_LFEN)).toBe(TERMINAL_NONE);
  });
});
