/**
 * Unlocking metrics of Unlock the King solves: the fewest / most non-king
 * moves over all optimal solutions (SolveMetrics.taggedMovesMin / Max via
 * the UK `moveTag`), checked on hand-worked blueprints and against an
 * independent labelled-position BFS and a brute-force enumeration of every
 * optimal solution; and the frozen-king check `kingBoxedByPieces`.
 */
import { describe, expect, it } from 'vitest';
import { compileUnlockTheKing, kingBoxedByPieces, legalMoves, applyMove, type UkPosition } from '../../../../src-shared/rulesets/unlock-the-king/index.js';
import { ukSolve } from '../../../../src-shared/rulesets/unlock-the-king/search.js';
import { ukReplay } from '../../../../src-shared/rulesets/unlock-the-king/replay.js';
import { mulberry32, randomUkLevel, ukEnumerateOptimal, ukReferenceUnlocking } from '../../solver/generators.js';
import { ukPos, type LevelSpec } from './helpers.js';

function unlocking(spec: LevelSpec): [number, number, number] {
  const r = ukSolve(ukPos(spec));
  if (r.status !== 'solved') throw new Error('not solved: ' + r.status);
  return [r.length, r.metrics!.taggedMovesMin!, r.metrics!.taggedMovesMax!];
}

/** Fewest king-only moves from the start to the portal (other pieces stand still), -1 when none: plain BFS over king squares. */
function kingOnlyDistance(pos: UkPosition): number {
  let layer = [pos];
  const seen = new Set([pos.pieces[pos.king]!.square]);
  for (let d = 0; layer.length > 0; d++) {
    const next: UkPosition[] = [];
    for (const p of layer) {
      if (p.pieces[p.king]!.square === p.portal) return d;
      for (const m of legalMoves(p)) {
        if (m.piece !== p.king || seen.has(m.to)) continue;
        seen.add(m.to);
        next.push(applyMove(p, m));
      }
    }
    layer = next;
  }
  return -1;
}

const rookB1 = (walls: string[]): LevelSpec => ({
  width: 3,
  height: 3,
  walls,
  portal: 'c1',
  pieces: [
    { role: 'king', square: 'a1' },
    { role: 'rook', square: 'b1' },
  ],
});

describe('UK unlocking metrics (hand-worked)', () => {
  it('UK-4 a lone king needs no unlocking: a1 -> c3 on 3x3 is 2 king moves, 0 non-king', () => {
    expect(unlocking({ width: 3, height: 3, portal: 'c3', pieces: [{ role: 'king', square: 'a1' }] })).toEqual([2, 0, 0]);
  });

  it('UK-5 walls a2 b2: the rook on b1 must go b1-c1 and then off c1, so every optimal solution has exactly 2 rook moves of 4', () => {
    expect(unlocking(rookB1(['a2', 'b2']))).toEqual([4, 2, 2]);
  });

  it('UK-5 wall b2 only: the king detour a1-a2-b3-c2-c1 (0 unlocking) ties the rook clearing (2 unlocking): 4 moves, 0..2', () => {
    expect(unlocking(rookB1(['b2']))).toEqual([4, 0, 2]);
  });
});

describe('UK frozen-king check kingBoxedByPieces', () => {
  it('UK-5 true when the only way to the portal runs through a piece (walls a2 b2, rook b1)', () => {
    expect(kingBoxedByPieces(ukPos(rookB1(['a2', 'b2'])))).toBe(true);
  });
  it('UK-4 false when the king can walk round the piece (wall b2 only)', () => {
    expect(kingBoxedByPieces(ukPos(rookB1(['b2'])))).toBe(false);
  });
  it('UK-6 true when a piece stands on the portal, even with an open board', () => {
    expect(
      kingBoxedByPieces(
        ukPos({
          pieces: [
            { role: 'king', square: 'a1' },
            { role: 'knight', square: 'h8' },
          ],
        }),
      ),
    ).toBe(true);
  });
  it('UK-5 true when walls alone seal the king (unsolvable)', () => {
    expect(kingBoxedByPieces(ukPos({ width: 3, height: 3, walls: ['a2', 'b2', 'b1'], portal: 'c3', pieces: [{ role: 'king', square: 'a1' }] }))).toBe(true);
  });
});

describe('UK unlocking metrics against a labelled BFS and brute force (generated blueprints)', () => {
  it('UK-4..UK-7: 200 generated blueprints: min / max non-king moves match both references; the boxed check agrees with king-only play', () => {
    const rand = mulberry32(9090);
    let compared = 0;
    let enumerated = 0;
    let spread = 0;
    let forced = 0;
    let boxed = 0;
    for (let n = 0; n < 200; n++) {
      const level = randomUkLevel(rand);
      const c = compileUnlockTheKing(level);
      expect(c.ok).toBe(true);
      if (!c.ok) continue;
      const pos = c.value;
      const label = JSON.stringify({ board: level.board, walls: level.walls, portal: level.portal, pieces: level.pieces });
      const isBoxed = kingBoxedByPieces(pos);
      const kd = kingOnlyDistance(pos);
      expect(isBoxed, label).toBe(kd < 0);
      if (isBoxed) boxed++;
      const a = ukSolve(pos);
      if (a.status !== 'solved') continue;
      const ref = ukReferenceUnlocking(pos, 100_000);
      if (!ref.complete) continue;
      compared++;
      expect(ref.optimum, label).toBe(a.length);
      const min = a.metrics?.taggedMovesMin;
      const max = a.metrics?.taggedMovesMax;
      expect([min, max], label).toEqual([ref.minOther, ref.maxOther]);
      // Independent of both: a king-only line exists exactly when not boxed, and is optimal exactly when min = 0.
      expect(min === 0, label).toBe(kd === a.length);
      // The line the solver returns is one of the optimal solutions: its non-king count lies in [min, max].
      const frames = ukReplay(level, a.moves);
      expect(frames.ok, label).toBe(true);
      const others = a.moves.filter((m) => !m.startsWith('K')).length;
      expect(others, label).toBeGreaterThanOrEqual(min!);
      expect(others, label).toBeLessThanOrEqual(max!);
      const all = ukEnumerateOptimal(pos, ref, 50_000);
      if (all) {
        enumerated++;
        expect([Math.min(...all), Math.max(...all)], label).toEqual([min, max]);
      }
      if (min! < max!) spread++;
      if (min! >= 1) forced++;
    }
    // The sample must exercise the interesting cases, not only lone-king walks.
    expect(compared).toBeGreaterThan(150);
    expect(enumerated).toBeGreaterThan(150);
    expect(spread).toBeGreaterThanOrEqual(8);
    expect(forced).toBeGreaterThanOrEqual(15);
    expect(boxed).toBeGreaterThanOrEqual(15);
  });
});
