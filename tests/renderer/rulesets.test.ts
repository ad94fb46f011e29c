import { describe, expect, it } from 'vitest';
import { BARE_ACTION_KEYS, RULESETS_INFO } from '../../src-renderer/editor/rulesets.js';
import { isEditable, newCmLevel, newUkLevel } from '../../src-renderer/editor/default-doc.js';
import { RULESETS } from '../../src-shared/rulesets/index.js';

const isEditableCm = RULESETS['chess-maze'].isEditable;
import { validateDocument } from '../../src-shared/rulesets/index.js';

describe('per-ruleset editor descriptions', () => {
  it('every tool has a shortcut, and no two tools or toggles share a key within a ruleset', () => {
    // Other bare keys used by actions in each ruleset (controller.svelte.ts reads them from BARE_ACTION_KEYS).
    const extra = Object.fromEntries(Object.entries(BARE_ACTION_KEYS).map(([id, keys]) => [id, Object.values(keys)])) as Record<string, string[]>;
    for (const info of Object.values(RULESETS_INFO)) {
      const keys = info.tools.map((t) => info.toolKeys[t]);
      expect(keys.every((k) => typeof k === 'string' && k.length === 1), info.id).toBe(true);
      const all = [...keys, ...(extra[info.id] ?? [])];
      expect(new Set(all).size, `${info.id}: ${all.join(' ')}`).toBe(all.length);
    }
  });

  it('Chess Maze keys (issue 9): B brush, R rectangle, F fill; pieces on the digits so P can playtest', () => {
    const k = RULESETS_INFO['chess-maze'].toolKeys;
    expect([k.brush, k.rect, k.fill]).toEqual(['B', 'R', 'F']);
    expect([k.king, k.queen, k.rook, k.bishop, k.knight, k.pawn]).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(Object.values(k)).not.toContain('P');
  });

  it('CM-1 UK-1 board size limits', () => {
    expect([RULESETS_INFO['chess-maze'].sizeMin, RULESETS_INFO['chess-maze'].sizeMax]).toEqual([1, 26]);
    expect([RULESETS_INFO['unlock-the-king'].sizeMin, RULESETS_INFO['unlock-the-king'].sizeMax]).toEqual([3, 16]);
  });

  it('new documents pass the schema; a new maze is editable and asks for a player piece and a finish (CM-14)', () => {
    expect(isEditable(newUkLevel())).toBe(true);
    const m = newCmLevel();
    expect(isEditableCm(m)).toBe(true);
    const v = validateDocument(m);
    expect(v.level).toBeDefined();
    expect(v.issues.filter((i) => i.severity === 'error').map((i) => i.code).sort()).toEqual(['cm-finish-count', 'cm-player-missing']);
  });
});
