/**
 * The native-reference bench puzzle (bench/levels/uk-native-ref.level.json):
 * 8x8, walls c3 f3 d4 e5 c6 f6 c2 f7, king a1, queen d1, rooks b1 g1,
 * bishops c1 f1, knights e1 h1, portal h8. Its cumulative BFS layer counts
 * from depth 0 are 1, 38, 725, 9,267 (then 89,293, 691,467, 4,475,864,
 * which the bench checks against the native C BFS).
 *
 * Depth 1, by hand (UK-4 movement, UK-5 every move ends on an empty
 * non-wall square; a move is one piece's one step, slide or jump, whatever
 * the distance): rank 1 is full, so
 * - king a1: a2, b2 (b1 is the rook) = 2;
 * - queen d1: up d2, d3 (d4 wall); up-right e2 (f3 wall); up-left c2 is a
 *   wall; left and right are pieces = 3;
 * - rook b1: b2..b8 (the b-file is empty) = 7; rook g1: g2..g8 = 7;
 * - bishop c1: up-left b2, a3; up-right d2, e3, f4, g5, h6 = 7;
 *   bishop f1: up-right g2, h3; up-left e2, d3, c4, b5, a6 = 7;
 * - knight e1: d3, g2 (c2 and f3 are walls) = 2; knight h1: f2, g3 = 2.
 * 2 + 3 + 14 + 14 + 4 = 37 moves to 37 different positions: 1 + 37 = 38.
 *
 * Depth 2: after each of the 37 first moves the number of legal moves
 * (same rules) sums to 1,383 two-move sequences (for example 45 after
 * Rb1-b8, 25 after Bf1-g2). Of those, 37 undo the first move (back to the
 * start) and 136 end on a depth-1 position (the same piece moving again
 * along the same line, as Rb1-b3-b5 = Rb1-b5, or the queen / bishop
 * reaching by two moves a square it reaches by one). The other 1,210
 * sequences reach 687 positions: 521 by two sequences (two different
 * pieces moving in either order), 165 by one (the second move needs or
 * excludes the first, or the same piece moves along two lines), and e3 by
 * the queen three ways (d2-e3, d3-e3, e2-e3). Identical pieces never merge
 * here (the bishops stand on different colours; no rook or knight reaches
 * its twin's position in two moves). 38 + 687 = 725. Worked with an
 * independent enumeration of the rules above, not with Castellan's code.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLevelText } from '../../src-shared/format/load.js';
import type { Level } from '../../src-shared/model/level.js';
import { compileUnlockTheKing } from '../../src-shared/rulesets/unlock-the-king/index.js';
import { ukSearchProblem } from '../../src-shared/rulesets/unlock-the-king/search.js';
import { solveBfs } from '../../src-shared/solver/bfs.js';
import { typedArrayBfs } from '../../bench/typed-bfs.js';

const LEVEL = join(import.meta.dirname, '../../bench/levels/uk-native-ref.level.json');
/** Cumulative states through depths 0..3 (see the file comment). */
const LAYERS_0_3 = [1, 38, 725, 9267];
/** The 37 first-ply moves worked by hand in the file comment. */
const FIRST_PLY = [
  'Ka1-a2', 'Ka1-b2',
  'Qd1-d2', 'Qd1-d3', 'Qd1-e2',
  'Rb1-b2', 'Rb1-b3', 'Rb1-b4', 'Rb1-b5', 'Rb1-b6', 'Rb1-b7', 'Rb1-b8',
  'Rg1-g2', 'Rg1-g3', 'Rg1-g4', 'Rg1-g5', 'Rg1-g6', 'Rg1-g7', 'Rg1-g8',
  'Bc1-b2', 'Bc1-a3', 'Bc1-d2', 'Bc1-e3', 'Bc1-f4', 'Bc1-g5', 'Bc1-h6',
  'Bf1-g2', 'Bf1-h3', 'Bf1-e2', 'Bf1-d3', 'Bf1-c4', 'Bf1-b5', 'Bf1-a6',
  'Ne1-d3', 'Ne1-g2', 'Nh1-f2', 'Nh1-g3',
]; // prettier-ignore

function problem(): ReturnType<typeof ukSearchProblem> {
  const parsed = parseLevelText(readFileSync(LEVEL, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error[0]!.message);
  const c = compileUnlockTheKing(parsed.value as Extract<Level, { ruleset: 'unlock-the-king' }>);
  if (!c.ok) throw new Error(c.error[0]!.message);
  return ukSearchProblem(c.value, { canonical: true });
}

describe('native-reference bench puzzle', () => {
  it('UK-4 UK-5: the start position has the 37 first-ply moves worked by hand', () => {
    const p = problem();
    const start = new Int32Array(p.stateWords);
    p.writeInitial(start);
    const out = new Int32Array(p.stateWords);
    const lans: string[] = [];
    p.expand(start, 0, out, (move) => {
      lans.push(p.moveToLan(start, 0, move));
      return false;
    });
    expect(lans.sort()).toEqual([...FIRST_PLY].sort());
  });

  it('UK-4 UK-5: Castellan BFS layer counts from depth 0 are 1, 38, 725, 9,267', () => {
    const layers: number[] = [];
    // One state more than depth 3 holds: depth 3 is complete when the limit stops the search in depth 4.
    const r = solveBfs(problem(), {
      maxStates: LAYERS_0_3[3]! + 1,
      progressEvery: Number.MAX_SAFE_INTEGER,
      onProgress: (q) => {
        layers[q.depth] = q.states;
      },
    });
    expect(r.status).toBe('limit');
    expect(layers).toEqual(LAYERS_0_3);
  });

  it('UK-4 UK-5: the bench typed-array BFS counts the same layers', () => {
    const r = typedArrayBfs(problem(), LAYERS_0_3[3]! + 1);
    expect(r.status).toBe('limit');
    expect(r.layers).toEqual(LAYERS_0_3);
  });

  const hasCc = spawnSync('cc', ['--version']).status === 0;
  it.skipIf(!hasCc)('UK-4 UK-5: the native C BFS (bench/native/uk-bfs.c) counts the same layers', () => {
    const bin = join(mkdtempSync(join(tmpdir(), 'castellan-native-test-')), 'uk-bfs');
    const b = spawnSync('cc', ['-O2', '-o', bin, join(import.meta.dirname, '../../bench/native/uk-bfs.c')], { encoding: 'utf8' });
    expect(b.status, b.stderr).toBe(0);
    const r = spawnSync(bin, [String(LAYERS_0_3[3]! + 1), '8', '8', 'h8', 'c3,f3,d4,e5,c6,f6,c2,f7', 'Ka1,Qd1,Rb1,Rg1,Bc1,Bf1,Ne1,Nh1'], { encoding: 'utf8' });
    const j = JSON.parse(r.stdout) as { status: string; layers: number[] };
    expect(j.status).toBe('limit');
    expect(j.layers).toEqual(LAYERS_0_3);
  });
});
