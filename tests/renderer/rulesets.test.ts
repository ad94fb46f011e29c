import { describe, expect, it } from 'vitest';
import { RULESET_UI_LIST, RULESET_UIS } from '../../src-renderer/rulesets/index.js';
import { bareActionKeys, toolKeys } from '../../src-renderer/rulesets/ruleset-ui.js';
import { isEditable } from '../../src-renderer/editor/default-doc.js';
import { newCmLevel } from '../../src-shared/rulesets/chess-maze/def.js';
import { newUkLevel } from '../../src-shared/rulesets/unlock-the-king/def.js';
import { RULESETS } from '../../src-shared/rulesets/index.js';

const isEditableCm = RULESETS['chess-maze'].isEditable;
import { validateDocument } from '../../src-shared/rulesets/index.js';

describe('per-ruleset editor descriptions', () => {
  it('every tool has a shortcut, and no two tools or toggles share a key within a ruleset', () => {
    // Other bare keys used by actions in each ruleset (the playtest key and the module's toggles, bareActionKeys).
    for (const ui of RULESET_UI_LIST) {
      const keys = ui.tools.map((t) => t.key);
      expect(
        keys.every((k) => typeof k === 'string' && k.length === 1),
        ui.def.id,
      ).toBe(true);
      const all = [...keys, ...Object.values(bareActionKeys(ui))];
      expect(new Set(all).size, `${ui.def.id}: ${all.join(' ')}`).toBe(all.length);
    }
  });

  it('Chess Maze keys: B brush, R rectangle, F fill; pieces on the digits so P can playtest', () => {
    const k = toolKeys(RULESET_UIS['chess-maze']);
    expect([k['brush'], k['rect'], k['fill']]).toEqual(['B', 'R', 'F']);
    expect([k['king'], k['queen'], k['rook'], k['bishop'], k['knight'], k['pawn']]).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(Object.values(k)).not.toContain('P');
  });

  it('CM-1 UK-1 board size limits', () => {
    expect([RULESETS['chess-maze'].board.min, RULESETS['chess-maze'].board.max]).toEqual([1, 26]);
    expect([RULESETS['unlock-the-king'].board.min, RULESETS['unlock-the-king'].board.max]).toEqual([3, 16]);
  });

  it('new documents pass the schema; a new maze is editable and asks for a player piece and a finish (CM-14)', () => {
    expect(isEditable(newUkLevel())).toBe(true);
    const m = newCmLevel();
    expect(isEditableCm(m)).toBe(true);
    const v = validateDocument(m);
    expect(v.level).toBeDefined();
    expect(
      v.issues
        .filter((i) => i.severity === 'error')
        .map((i) => i.code)
        .sort(),
    ).toEqual(['cm-finish-count', 'cm-player-missing']);
  });
});
