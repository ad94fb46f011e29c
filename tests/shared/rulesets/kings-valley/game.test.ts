/**
 * The proof search's typed-array game (game.ts) against the readable rules
 * (position.ts) on random positions and playouts: the same legal moves
 * (KV-2..KV-4), terminal verdicts (KV-5, KV-6), immediate wins, Zobrist keys
 * restored by undo and equal for equal positions, encode/decode.
 */
import { describe, expect, it } from 'vitest';
import {
  kvLegalMoves,
  kvMoveToLan,
  kvOutcome,
  kvPlay,
  kvProofGame,
  KV_BLACK_KING,
  KV_BLACK_SOLDIER,
  KV_EMPTY,
  KV_PILLAR,
  KV_WHITE_KING,
  KV_WHITE_SOLDIER,
  type KvGame,
  type KvPosition,
} from '../../../../src-shared/rulesets/kings-valley/index.js';
import { TERMINAL_LOSS, TERMINAL_NONE, TERMINAL_WIN } from '../../../../src-shared/solver/proof/index.js';
import { kvPos, lcg, randomKvLevel } from './helpers.js';
import { compileKingsValley } from '../../../../src-shared/rulesets/kings-valley/index.js';

function gameLans(g: KvGame): string[] {
  const buf = new Int32Array(g.maxMoves);
  const n = g.generate(buf, 0);
  return Array.from(buf.subarray(0, n), (m) => g.moveToLan(m)).sort();
}

function expectedTerminal(pos: KvPosition): number {
  const o = kvOutcome(pos);
  if (o.status !== 'won') return TERMINAL_NONE;
  return o.winner === pos.sideToMove ? TERMINAL_WIN : TERMINAL_LOSS;
}

/** Brute force: some legal move leaves the opponent lost (KV-5 / KV-6). */
function bruteImmediateWin(pos: KvPosition): boolean {
  return kvLegalMoves(pos).some((m) => {
    const o = kvPlay(pos, m).outcome;
    return o.status === 'won' && o.winner === pos.sideToMove;
  });
}

describe('KvGame agrees with the rules API', () => {
  it('uses the same cell codes (game.ts keeps local copies)', () => {
    expect([KV_EMPTY, KV_WHITE_SOLDIER, KV_WHITE_KING, KV_BLACK_SOLDIER, KV_BLACK_KING, KV_PILLAR]).toEqual([0, 1, 2, 3, 4, 5]);
    expect([TERMINAL_NONE, TERMINAL_LOSS, TERMINAL_WIN]).toEqual([0, 1, 2]);
  });

  it('KV-2..KV-6 moves, terminal verdicts and immediate wins on random playouts', () => {
    const rnd = lcg(6);
    let positions = 0;
    let wins = 0;
    for (let t = 0; t < 120; t++) {
      const size = [5, 5, 7, 9][Math.floor(rnd() * 4)]!;
      const level = randomKvLevel(rnd, { size, perSide: 1 + Math.floor(rnd() * (size === 5 ? 5 : 8)), pillars: Math.floor(rnd() * 4) });
      const c = compileKingsValley(level);
      if (!c.ok) continue;
      let pos = c.value;
      const g = kvProofGame(pos);
      const played: number[] = [];
      const hashes: [number, number][] = [];
      for (let ply = 0; ply < 12; ply++) {
        positions++;
        const term = g.terminal();
        expect(term).toBe(expectedTerminal(pos));
        if (term !== TERMINAL_NONE) break;
        const lans = kvLegalMoves(pos)
          .map((m) => kvMoveToLan(pos, m))
          .sort();
        expect(gameLans(g)).toEqual(lans);
        const iw = bruteImmediateWin(pos);
        if (iw) wins++;
        expect(g.immediateWin()).toBe(iw);
        // play a random move in both
        const buf = new Int32Array(g.maxMoves);
        const n = g.generate(buf, 0);
        const m = buf[Math.floor(rnd() * n)]!;
        const lan = g.moveToLan(m);
        const mv = kvLegalMoves(pos).find((x) => kvMoveToLan(pos, x) === lan)!;
        hashes.push([g.hashLo(), g.hashHi()]);
        g.play(m);
        played.push(m);
        pos = kvPlay(pos, mv).position;
        expect(Array.from(g.cells)).toEqual(Array.from(pos.cells));
        expect(g.stm).toBe(pos.sideToMove === 'white' ? 0 : 1);
      }
      // undo restores every earlier key
      for (let i = played.length - 1; i >= 0; i--) {
        g.undo(played[i]!);
        expect([g.hashLo(), g.hashHi()]).toEqual(hashes[i]);
      }
      expect(Array.from(g.cells)).toEqual(Array.from(c.value.cells));
    }
    expect(positions).toBeGreaterThan(500);
    expect(wins).toBeGreaterThan(20); // the immediate-win path was exercised
  });

  it('equal positions reached by different move orders have equal keys; side to move changes the key', () => {
    // Ka1-e1 then Ke5-a5 vs Ke5-a5 ... needs alternation: use two quiet soldier moves each.
    const pos = kvPos({ white: 'Ka1 Sb3', black: 'Ke5 Sd3' });
    const g = kvProofGame(pos);
    const keyAfter = (lans: string[]): string => {
      const moves: number[] = [];
      for (const lan of lans) {
        const buf = new Int32Array(g.maxMoves);
        const n = g.generate(buf, 0);
        const m = Array.from(buf.subarray(0, n)).find((x) => g.moveToLan(x) === lan);
        if (m === undefined) throw new Error(lan);
        g.play(m);
        moves.push(m);
      }
      const k = `${g.hashLo()},${g.hashHi()}`;
      for (let i = moves.length - 1; i >= 0; i--) g.undo(moves[i]!);
      return k;
    };
    // Sb3 N: b4 b5 -> b5; Sb3 S: b2 b1 -> b1. Sd3 N: d4 -> d4? d5 free: d4 d5 -> d5; Sd3 S: d2 d1 -> d1.
    const a = keyAfter(['Sb3-b5', 'Sd3-d5', 'Sb5-b1', 'Sd5-d1']);
    const b = keyAfter(['Sb3-b1', 'Sd3-d1']);
    expect(a).toBe(b);
    expect(keyAfter(['Sb3-b1'])).not.toBe(keyAfter([]));
  });

  it('KV-4 the first-move flag is in the full key but not in the repetition key', () => {
    const flagged = kvProofGame(kvPos({ white: 'Kc1 Sa1', black: 'Kc5 Sa5', startingSetup: true }));
    const plain = kvProofGame(kvPos({ white: 'Kc1 Sa1', black: 'Kc5 Sa5' }));
    expect([flagged.repLo(), flagged.repHi()]).toEqual([plain.hashLo(), plain.hashHi()]);
    expect([flagged.hashLo(), flagged.hashHi()]).not.toEqual([plain.hashLo(), plain.hashHi()]);
    expect([plain.repLo(), plain.repHi()]).toEqual([plain.hashLo(), plain.hashHi()]);
    // KV-4: soldier moves only. Sa1 N a2 a3 a4 | a5 -> a4; NE b2 c3 d4 e5 -> e5; E b1 | c1 -> b1.
    expect(gameLans(flagged)).toEqual(['Sa1-a4', 'Sa1-b1', 'Sa1-e5']);
    const buf = new Int32Array(flagged.maxMoves);
    flagged.generate(buf, 0);
    const before = [flagged.hashLo(), flagged.hashHi()];
    flagged.play(buf[0]!);
    expect(flagged.flag).toBe(0);
    flagged.undo(buf[0]!);
    expect(flagged.flag).toBe(1);
    expect([flagged.hashLo(), flagged.hashHi()]).toEqual(before);
  });

  it('encode / decode round-trips the position, side to move and flag', () => {
    const g = kvProofGame(kvPos({ white: 'Kc1 Sa1', black: 'Kc5 Sa5', startingSetup: true, toMove: 'black' }));
    const buf = new Int32Array(g.stateWords);
    g.encode(buf);
    // Decoded into a game built from another 5x5 position with as many pieces: same keys, moves and state.
    const other = kvProofGame(kvPos({ white: 'Ka1 Sb1', black: 'Ke5 Sd5' }));
    other.decode(buf);
    expect([other.hashLo(), other.hashHi(), other.stm, other.flag]).toEqual([g.hashLo(), g.hashHi(), 1, 1]);
    expect(Array.from(other.cells)).toEqual(Array.from(g.cells));
    expect(gameLans(other)).toEqual(gameLans(g));
    // Black, first move, soldiers only: Sa5 S a4 a3 a2 | a1 -> a2; SE b4 c3 d2 e1 -> e1; E b5 | c5 -> b5.
    expect(gameLans(other)).toEqual(['Sa5-a2', 'Sa5-b5', 'Sa5-e1']);
    // A state the game cannot represent is refused, not half-applied.
    expect(() => kvProofGame(kvPos({ white: 'Ka1', black: 'Ke5' })).decode(buf)).toThrow(RangeError);
    expect(() => kvProofGame(kvPos({ white: 'Ka1 Sb1', black: 'Ke5 Sd5', pillars: ['e1'] })).decode(buf)).toThrow(RangeError);
  });
});
