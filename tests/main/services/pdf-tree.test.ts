/**
 * The pack PDF's answer-key tree (services/pdf-tree.ts): two-player problems
 * get their tree lines, single-player puzzles and positions without a goal
 * none, a problem with no win in N a note.
 * Hand-worked (tests/shared/rulesets/locking-chess/tree.test.ts): resources
 * sample 05 is 1. Ra6*! (threat 2. Ra7#) 1... a3 2. Ra7#.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Level } from '../../../src-shared/model/level.js';
import { pdfTreeLines } from '../../../src-main/services/pdf-tree.js';

const load = (p: string): Level => JSON.parse(readFileSync(p, 'utf8')) as Level;

describe('pack PDF solution trees', () => {
  it('LC-8: a mate in 2 prints its key with the threat and the variation', () => {
    const lines = pdfTreeLines(load('resources/levels/locking-chess/05-lock-and-release.level.json'));
    expect(lines?.slice(0, 2)).toEqual([
      { depth: 0, text: '1. Ra6*! (threat: 2. Ra7#)' },
      { depth: 1, text: '1... a3 2. Ra7#' },
    ]);
  });

  it('KV-8: no tree for a puzzle with a par or a position without a goal; a note when there is no win in N', () => {
    const ukFile = readdirSync('resources/levels/unlock-the-king').filter((f) => f.endsWith('.level.json'))[0]!;
    const uk = load(`resources/levels/unlock-the-king/${ukFile}`);
    expect(pdfTreeLines(uk)).toBeNull();
    expect(pdfTreeLines(load('resources/levels/kings-valley/setup-standard.level.json'))).toBeNull();
    // Sample 04 wins in 2, not in 1 (its key Sc2-c4 does not reach the valley).
    const short = { ...load('resources/levels/kings-valley/04-change-sides.level.json'), goal: { type: 'win-in', moves: 1 } } as Level;
    expect(pdfTreeLines(short)?.[0]?.text).toMatch(/^\(no solution tree: No forced win in 1/);
  });
});
