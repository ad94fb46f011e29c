/**
 * Solution trees as chess-problem text (format/tree-text.ts) on a tree
 * written by hand: numbering by attacker moves, `!` / `?` / `#` marks,
 * duals, cook, tries, and the depth / line / dual clipping with "...".
 */
import { describe, expect, it } from 'vitest';
import type { SolutionTree, TreeDefence } from '../../../src-shared/ruleset.js';
import { treeLines } from '../../../src-shared/format/tree-text.js';

const leaf = (d: string, a: string, duals: string[] = []): TreeDefence => ({
  defence: { lan: d },
  answer: { lan: a },
  mate: true,
  duals: duals.map((lan) => ({ lan })),
  next: [],
});

const TREE: SolutionTree = {
  n: 3,
  key: { lan: 'Rb6-a6*', san: 'Ra6*' },
  keys: ['Rb6-a6*', 'Rb6-b8'],
  cook: true,
  threat: { lan: 'Ra6-a7', san: 'Ra7#' },
  variations: [
    {
      defence: { lan: 'Pa4-a3', san: 'a3' },
      answer: { lan: 'Ra6-a5', san: 'Ra5+' },
      mate: false,
      duals: [],
      next: [leaf('Pa3-a2', 'Ra5-a7', ['X1', 'X2', 'X3'])],
    },
    { defence: { lan: 'Kh1-h2' }, answer: { lan: 'Ra6-h6' }, mate: true, duals: [], next: [] },
  ],
  tries: [{ move: { lan: 'Rb6-b7', san: 'Rb7' }, refutation: { lan: 'Ka6xb7', san: 'Kxb7' } }],
  nodes: 10,
};

describe('solution tree text', () => {
  it('KV-8 / LC-8: key, threat, cook, numbered defences with answers (# when they win at once), duals and tries', () => {
    expect(treeLines(TREE)).toEqual([
      { depth: 0, text: '1. Ra6*! (threat: 2. Ra7#)' },
      { depth: 0, text: 'Cook: also Rb6-b8' },
      { depth: 1, text: '1... a3 2. Ra5+' },
      { depth: 2, text: '2... Pa3-a2 3. Ra5-a7# (dual: 3. X1, 3. X2, 3. X3)' },
      { depth: 1, text: '1... Kh1-h2 2. Ra6-h6#' },
      { depth: 0, text: 'Tries: 1. Rb7? Kxb7!' },
    ]);
  });

  it('clips: below maxDepth, after maxLines and beyond maxDuals, with "..." or a count', () => {
    const lines = treeLines(TREE, { maxDepth: 1, maxDuals: 1 }).map((l) => l.text);
    expect(lines.slice(2, 5)).toEqual(['1... a3 2. Ra5+', '...', '1... Kh1-h2 2. Ra6-h6#']);
    expect(treeLines(TREE, { maxDuals: 1 })[3]!.text).toBe('2... Pa3-a2 3. Ra5-a7# (dual: 3. X1, +2 more)');
    const one = treeLines(TREE, { maxLines: 1, san: false }).map((l) => l.text);
    expect(one).toEqual(['1. Rb6-a6*! (threat: 2. Ra6-a7)', 'Cook: also Rb6-b8', '1... Pa4-a3 2. Ra6-a5', '...', 'Tries: 1. Rb6-b7? Ka6xb7!']);
  });
});
