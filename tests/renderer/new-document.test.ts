/**
 * What New creates (app/new-document.ts): each ruleset's starts from its
 * module (an empty board at the chosen size, rulebook setups, sample-like
 * levels), a copy of the current level (resized with an anchor), and the
 * size rules of each ruleset. Expected boards and pars are hand-worked.
 */
import { describe, expect, it } from 'vitest';
import { buildNewDocument, CURRENT_TEMPLATE, defaultSize, newTemplates, sizeEditable } from '../../src-renderer/app/new-document.js';
import { rulesetUi } from '../../src-renderer/rulesets/index.js';
import type { ChessMazeLevel, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { RULESETS, solveLevel, validateRules } from '../../src-shared/rulesets/index.js';
import { redDoor, sampleLevel } from './fixtures.js';

const errors = (l: Parameters<typeof validateRules>[0]): string[] =>
  validateRules(l)
    .filter((i) => i.severity === 'error')
    .map((i) => i.code);

describe('New: templates', () => {
  it('every ruleset lists its starts; the copy of the current level only for a level of that ruleset', () => {
    const uk = RULESETS['unlock-the-king'];
    expect(newTemplates(uk, sampleLevel()).map((t) => t.id)).toEqual(['empty', 'starter', CURRENT_TEMPLATE]);
    expect(newTemplates(RULESETS['chess-maze'], sampleLevel()).map((t) => t.id)).toEqual(['empty', 'starter']);
    expect(newTemplates(RULESETS['kings-valley'], null).map((t) => t.id)).toEqual(['standard', 'retrieve', 'labyrinth', 'empty']);
    expect(newTemplates(RULESETS['locking-chess'], null).map((t) => t.id)).toEqual(['initial', 'starter']);
  });

  it('the size fields apply to a start of any size and to the copy, not to a setup (KV-1 Labyrinth is 7 x 7) nor to LC-1 boards', () => {
    const kv = RULESETS['kings-valley'];
    const [standard, , labyrinth, empty] = newTemplates(kv, null);
    expect(sizeEditable(kv, labyrinth, true)).toBe(false);
    expect(defaultSize(kv, labyrinth)).toEqual({ width: 7, height: 7 });
    expect(sizeEditable(kv, standard, true)).toBe(false);
    expect(sizeEditable(kv, empty, true)).toBe(true);
    const lc = RULESETS['locking-chess'];
    expect(sizeEditable(lc, newTemplates(lc, null)[0], false)).toBe(false);
    const uk = RULESETS['unlock-the-king'];
    expect(sizeEditable(uk, newTemplates(uk, sampleLevel())[2], true)).toBe(true);
  });
});

describe('New: documents', () => {
  it('UK-1 an empty blueprint at 4 x 5: the king in the middle of the bottom row, the portal above it on the top row', () => {
    const r = buildNewDocument(
      { ruleset: 'unlock-the-king', template: 'empty', size: { width: 4, height: 5 }, anchor: 'bottom-left', current: null },
      rulesetUi('unlock-the-king'),
    );
    const doc = r!.doc as UnlockTheKingLevel;
    expect(doc.board).toEqual({ width: 4, height: 5 });
    expect(doc.pieces).toEqual([{ role: 'king', square: 'c1', color: 'ivory' }]);
    expect(doc.portal).toBe('c5');
    expect(errors(doc)).toEqual([]);
    // The default (8 x 8) stays the e1 / e8 blueprint.
    expect(RULESETS['unlock-the-king'].newLevel()).toMatchObject({ portal: 'e8', pieces: [{ square: 'e1' }] });
  });

  it('CM-1 an empty maze takes any size; a 10 x 3 floor', () => {
    const r = buildNewDocument({ ruleset: 'chess-maze', template: 'empty', size: { width: 10, height: 3 }, anchor: 'bottom-left', current: null }, undefined);
    expect((r!.doc as ChessMazeLevel).board).toEqual({ width: 10, height: 3 });
  });

  it('the sample-like starts are valid and solve to their hand-worked optimum (UK-7 par 7, CM-12 par 4, LC-8 mate in 1)', () => {
    // UK: the king needs 6 moves (the diagonal a1..f6 crosses the d4 wall) after the bishop leaves b2: 7.
    const uk = RULESETS['unlock-the-king'].newLevel('starter');
    expect(errors(uk)).toEqual([]);
    expect(solveLevel(uk)).toMatchObject({ status: 'solved', length: 7 });
    // CM: the key on a6 (1), down to rank 3 (1), through the d3 lock (1), up to the finish f6 (1).
    const cm = RULESETS['chess-maze'].newLevel('starter');
    expect(errors(cm)).toEqual([]);
    expect(solveLevel(cm)).toMatchObject({ status: 'solved', length: 4 });
    const lc = RULESETS['locking-chess'].newLevel('starter');
    expect(errors(lc)).toEqual([]);
    expect(solveLevel(lc)).toMatchObject({ status: 'solved', length: 1 });
  });

  it('a copy of the current level keeps its content, gets "(copy)" and no draft; resized top-right it moves and reports what it cut', () => {
    const cur: UnlockTheKingLevel = { ...sampleLevel(), draft: true };
    const same = buildNewDocument(
      { ruleset: 'unlock-the-king', template: CURRENT_TEMPLATE, size: { width: 8, height: 8 }, anchor: 'bottom-left', current: cur },
      rulesetUi('unlock-the-king'),
    )!;
    expect(same.doc.meta.title).toBe('Novice 1 (copy)');
    expect('draft' in same.doc).toBe(false);
    expect((same.doc as UnlockTheKingLevel).pieces).toEqual(sampleLevel().pieces);
    // 8 x 8 -> 6 x 6 anchored top-right: shift -2 files, -2 ranks. e1 and e2 fall off; e4 -> c2, d4 -> b2, e8 -> c6.
    const cut = buildNewDocument(
      { ruleset: 'unlock-the-king', template: CURRENT_TEMPLATE, size: { width: 6, height: 6 }, anchor: 'top-right', current: cur },
      rulesetUi('unlock-the-king'),
    )!;
    const d = cut.doc as UnlockTheKingLevel;
    expect(cut.lost.sort()).toEqual(['ivory king on e1', 'ivory pawn on e2']);
    expect(d.pieces.map((p) => p.square)).toEqual(['c2']);
    expect(d.walls).toEqual(['b2']);
    expect(d.portal).toBe('c6');
    expect(cur).toEqual({ ...sampleLevel(), draft: true });
    // Another ruleset's level is no template of this one.
    expect(
      buildNewDocument(
        { ruleset: 'chess-maze', template: CURRENT_TEMPLATE, size: { width: 5, height: 5 }, anchor: 'bottom-left', current: sampleLevel() },
        undefined,
      ),
    ).toBeNull();
    expect(
      buildNewDocument(
        { ruleset: 'chess-maze', template: CURRENT_TEMPLATE, size: { width: 5, height: 5 }, anchor: 'bottom-left', current: redDoor() },
        undefined,
      )!.doc.board,
    ).toEqual(redDoor().board);
  });
});
