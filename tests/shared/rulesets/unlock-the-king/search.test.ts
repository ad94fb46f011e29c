/**
 * unlock-the-king/search.ts: the packed state and its successors. The
 * reference is the position API (legalMoves + applyMove, itself checked
 * against an independent generator in solve.test.ts): every legal move
 * gives one successor, whose fields are the moved position's squares, slot
 * 0 the king, and in canonical mode each group of identical pieces (UK-4:
 * same role, pawns also same facing and lateral flag) sorted ascending.
 * Fields are decoded here from the documented packing (b bits per slot,
 * LSB first across Int32 words), not with the module's own reader.
 */
import { describe, expect, it } from 'vitest';
import type { UkPiece } from '../../../../src-shared/model/level.js';
import { applyMove, legalMoves, ukSearchProblem, type UkPosition } from '../../../../src-shared/rulesets/unlock-the-king/index.js';
import { ukPos } from './helpers.js';

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Field `s` of `bits` bits of the state at buf[off..] (LSB-first packing). */
function field(buf: Int32Array, off: number, s: number, bits: number): number {
  let v = 0;
  for (let k = 0; k < bits; k++) {
    const bit = s * bits + k;
    if ((buf[off + (bit >>> 5)]! >>> (bit & 31)) & 1) v |= 1 << k;
  }
  return v;
}

/** A position's expected key: squares per slot, groups sorted (canonical) or in slot order. */
function expectedKey(q: UkPosition, slotPiece: readonly number[], groupStart: readonly number[], groupEnd: readonly number[]): string {
  const sq: number[] = [];
  for (let s = 0; s < slotPiece.length;) {
    const part = [];
    for (let i = groupStart[s]!; i < groupEnd[s]!; i++) part.push(q.pieces[slotPiece[i]!]!.square);
    part.sort((a, b) => a - b);
    sq.push(...part);
    s = groupEnd[s]!;
  }
  return sq.join(',');
}

const ROLES = ['queen', 'rook', 'bishop', 'knight', 'pawn'] as const;

/** A random legal blueprint on `size` x `size` with `n` pieces, drawn from few kinds so that groups of 2 and 3 occur. */
function randomPosition(rand: () => number, size: number, n: number): UkPosition {
  const sq: string[] = [];
  for (let r = 0; r < size; r++) for (let f = 0; f < size; f++) sq.push(String.fromCharCode(97 + f) + String(r + 1));
  for (let i = sq.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [sq[i], sq[j]] = [sq[j]!, sq[i]!];
  }
  const pieces: UkPiece[] = [{ role: 'king', square: sq[0]! }];
  for (let i = 1; i < n; i++) {
    const role = ROLES[Math.floor(rand() * 3) + (rand() < 0.5 ? 2 : 0)]!;
    pieces.push(role === 'pawn' ? { role, square: sq[i]!, facing: rand() < 0.5 ? 'north' : 'east', lateral: rand() < 0.3 } : { role, square: sq[i]! });
  }
  const walls = sq.slice(n, n + Math.floor(size / 2));
  return ukPos({ width: size, height: size, walls, portal: sq[n + Math.floor(size / 2)]!, pieces });
}

function checkSuccessors(pos: UkPosition, canonical: boolean): { words: number; groups: number[] } {
  const p = ukSearchProblem(pos, { canonical });
  const { bits, stateWords, slotPiece, groupStart, groupEnd } = p.layout;
  const buf = new Int32Array(stateWords);
  const out = new Int32Array(stateWords);
  p.writeInitial(buf);
  expect(expectedKey(pos, slotPiece, groupStart, groupEnd)).toBe(slotPiece.map((_, s) => field(buf, 0, s, bits)).join(','));
  const got: string[] = [];
  let strayBits = 0;
  p.expand(buf, 0, out, () => {
    got.push(slotPiece.map((_, s) => field(out, 0, s, bits)).join(','));
    // Bits above the last field stay zero.
    for (let bit = slotPiece.length * bits; bit < stateWords * 32; bit++) strayBits += (out[bit >>> 5]! >>> (bit & 31)) & 1;
    return false;
  });
  expect(strayBits).toBe(0);
  const want = legalMoves(pos).map((m) => expectedKey(applyMove(pos, m), slotPiece, groupStart, groupEnd));
  expect(got.sort()).toEqual(want.sort());
  const groups = slotPiece.map((_, s) => groupEnd[s]! - groupStart[s]!);
  return { words: stateWords, groups };
}

describe('Unlock the King search problem: successors', () => {
  it('UK-4 UK-5: one successor per legal move, in one, two and three words, raw and canonical (single pieces, pairs and groups of three)', () => {
    const rand = mulberry32(4242);
    const seen = new Set<string>();
    // 4x4 (4 bits): 5-7 pieces in one word; 8x8 (6 bits): 6-10 pieces in one or two words, 11-14 in three.
    const shapes: [number, number][] = [
      [4, 5],
      [4, 7],
      [8, 6],
      [8, 8],
      [8, 10],
      [8, 12],
      [8, 14],
    ];
    for (const [size, n] of shapes) {
      for (let k = 0; k < 6; k++) {
        let pos = randomPosition(rand, size, n);
        for (let step = 0; step < 4; step++) {
          for (const canonical of [false, true]) {
            const { words, groups } = checkSuccessors(pos, canonical);
            seen.add(`w${words}`);
            if (canonical) for (const g of groups) seen.add(`g${Math.min(g, 3)}`);
          }
          const moves = legalMoves(pos);
          if (moves.length === 0) break;
          pos = applyMove(pos, moves[Math.floor(rand() * moves.length)]!);
        }
      }
    }
    // The sample covers every path of the generator.
    expect([...seen].sort()).toEqual(['g1', 'g2', 'g3', 'w1', 'w2', 'w3']);
  });
});
