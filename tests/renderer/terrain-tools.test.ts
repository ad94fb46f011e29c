/**
 * Terrain tools for every ruleset (editor/terrain-tools.ts): brush,
 * rectangle and fill paint Unlock the King walls (UK-1) and King's Valley
 * pillars (KV-1) like Chess Maze holes, never over a piece or the portal,
 * never a pillar on the valley (KV-9); each gesture is one undo step.
 * Expected boards are hand-worked.
 */
import { describe, expect, it } from 'vitest';
import type { KingsValleyLevel, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { toolKeys, bareActionKeys } from '../../src-renderer/rulesets/ruleset-ui.js';
import { RULESET_UIS } from '../../src-renderer/rulesets/index.js';
import { editorOn, sampleLevel } from './fixtures.js';

const sorted = (xs: readonly string[] | undefined): string[] => [...(xs ?? [])].sort();

/** 5 x 5 blueprint: walls c1 c2 c3 b3 a3 fence off a1 b1 a2 b2; king a1, portal e5. */
function fenced(): UnlockTheKingLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'fenced' },
    board: { width: 5, height: 5 },
    walls: ['c1', 'c2', 'c3', 'b3', 'a3'],
    portal: 'e5',
    pieces: [{ role: 'king', square: 'a1', color: 'ivory' }],
  };
}

/** 5 x 5 problem: white king a1, black soldier c4, no pillars; the valley is c3 (KV-1). */
function valley(): KingsValleyLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'kings-valley',
    meta: { title: 'v' },
    board: { width: 5, height: 5 },
    sideToMove: 'white',
    pieces: [
      { role: 'king', square: 'a1', side: 'white' },
      { role: 'soldier', square: 'c4', side: 'black' },
    ],
  };
}

describe('Unlock the King walls as terrain (UK-1, UK-6)', () => {
  it('the terrain keys are those of Chess Maze: B brush, R rectangle, F fill, H walls / floor', () => {
    const k = toolKeys(RULESET_UIS['unlock-the-king']);
    expect([k['brush'], k['rect'], k['fill']]).toEqual(['B', 'R', 'F']);
    expect(bareActionKeys(RULESET_UIS['unlock-the-king'])['toggle-paint']).toBe('H');
  });

  it('UK-1 a wall rectangle c3..e5 on the sample walls the empty squares, skips the rook on e4; one undo step', () => {
    const e = editorOn(sampleLevel());
    const notices: string[] = [];
    e.onNotice((t) => notices.push(t));
    e.setTool('rect');
    e.paintRect('c3', 'e5');
    // c3 d3 e3 c4 (d4 already a wall, e4 the rook) c5 d5 e5
    expect((e.doc as UnlockTheKingLevel).walls).toEqual(['d4', 'c3', 'd3', 'e3', 'c4', 'c5', 'd5', 'e5']);
    expect(notices).toEqual(['Skipped 1 square with pieces or the portal (e4)']);
    expect(e.state.undoLabel).toBe('Rectangle of walls');
    e.undo();
    expect(e.doc).toEqual(sampleLevel());
    expect(e.state.canUndo).toBe(false);
  });

  it('UK-6 a wall rectangle over the portal leaves the portal; floor mode removes walls', () => {
    const e = editorOn(sampleLevel());
    e.setPlacement({ paint: 'wall' });
    e.paintRect('d8', 'f8');
    expect((e.doc as UnlockTheKingLevel).walls).toEqual(['d4', 'd8', 'f8']);
    expect((e.doc as UnlockTheKingLevel).portal).toBe('e8');
    e.setPlacement({ paint: 'floor' });
    e.paintRect('a4', 'h8');
    expect((e.doc as UnlockTheKingLevel).walls).toEqual([]);
    e.undo();
    e.undo();
    expect(e.doc).toEqual(sampleLevel());
  });

  it('UK-1 a wall fill from b2 walls the fenced corner a1 b1 a2 b2 except the king on a1; a floor fill from c2 removes the connected fence; one step each', () => {
    const e = editorOn(fenced());
    const notices: string[] = [];
    e.onNotice((t) => notices.push(t));
    e.setTool('fill');
    e.applyToolAt('b2');
    expect(sorted((e.doc as UnlockTheKingLevel).walls)).toEqual(['a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3']);
    expect(notices).toEqual(['Skipped 1 square with pieces or the portal (a1)']);
    expect(e.state.undoLabel).toBe('Fill walls');
    e.undo();
    expect(e.doc).toEqual(fenced());
    e.setPlacement({ paint: 'floor' });
    e.applyToolAt('c2');
    expect((e.doc as UnlockTheKingLevel).walls).toEqual([]);
    expect(e.state.undoLabel).toBe('Fill floor');
    e.undo();
    expect(e.doc).toEqual(fenced());
  });

  it('UK-1 a brush stroke is one step and never covers a piece; the H toggle switches walls / floor', () => {
    const e = editorOn(sampleLevel());
    e.setTool('brush');
    for (const sq of ['e3', 'e4', 'e5']) e.applyToolAt(sq, 'stroke-1');
    expect((e.doc as UnlockTheKingLevel).walls).toEqual(['d4', 'e3', 'e5']);
    e.undo();
    expect(e.doc).toEqual(sampleLevel());
    const toggle = RULESET_UIS['unlock-the-king'].actions.find((a) => a.id === 'toggle-paint')!;
    toggle.run({ doc: e.doc as UnlockTheKingLevel, selection: null, placement: e.state.placement, setPlacement: (p) => e.setPlacement(p), edit: () => false });
    expect(e.state.placement['paint']).toBe('floor');
  });
});

describe("King's Valley pillars as terrain (KV-1, KV-9)", () => {
  it('KV-9 a pillar fill covers the empty board but skips the pieces and the valley; one undo step', () => {
    const e = editorOn(valley());
    const notices: string[] = [];
    e.onNotice((t) => notices.push(t));
    e.setTool('fill');
    e.applyToolAt('e5');
    const all: string[] = [];
    for (const f of 'abcde') for (let r = 1; r <= 5; r++) all.push(`${f}${r}`);
    expect(sorted((e.doc as KingsValleyLevel).pillars)).toEqual(all.filter((s) => !['a1', 'c4', 'c3'].includes(s)).sort());
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^Skipped 2 squares with pieces \((a1, c4|c4, a1)\)\. No pillar on the valley c3 \(KV-9\)$/);
    expect(e.state.undoLabel).toBe('Fill pillars');
    e.undo();
    expect(e.doc).toEqual(valley());
  });

  it('KV-9 a pillar rectangle b2..d3 skips the valley c3; floor mode takes pillars away again', () => {
    const e = editorOn(valley());
    e.paintRect('b2', 'd3');
    expect((e.doc as KingsValleyLevel).pillars).toEqual(['b2', 'c2', 'd2', 'b3', 'd3']);
    e.setPlacement({ paint: 'floor' });
    e.paintRect('a1', 'e5');
    expect((e.doc as KingsValleyLevel).pillars).toBeUndefined();
    e.undo();
    e.undo();
    expect(e.doc).toEqual(valley());
  });
});
