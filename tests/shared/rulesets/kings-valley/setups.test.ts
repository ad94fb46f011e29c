/** KV-1 / KV-4 starting setups from the rulebook ("Starting positions", "Variant starting positions"). */
import { describe, expect, it } from 'vitest';
import type { KingsValleyLevel } from '../../../../src-shared/model/level.js';
import {
  kvSetupCopy,
  KV_LABYRINTH_SETUP,
  KV_RETRIEVE_THE_KING_SETUP,
  KV_STANDARD_SETUP,
  validateKingsValley,
} from '../../../../src-shared/rulesets/kings-valley/index.js';
import { checkLevelObject } from '../../../../src-shared/format/load.js';

const placement = (l: Readonly<KingsValleyLevel>): string[] => l.pieces.map((p) => `${p.side[0]}${p.role === 'king' ? 'K' : 'S'}${p.square}`).sort();

describe('starting setups', () => {
  it('KV-1 standard: five pieces each on the first row, kings in the middle, White to move', () => {
    expect(KV_STANDARD_SETUP.board).toEqual({ width: 5, height: 5 });
    expect(placement(KV_STANDARD_SETUP)).toEqual(['wSa1', 'wSb1', 'wKc1', 'wSd1', 'wSe1', 'bSa5', 'bSb5', 'bKc5', 'bSd5', 'bSe5'].sort());
    expect(KV_STANDARD_SETUP).toMatchObject({ sideToMove: 'white', startingSetup: true });
    expect(KV_STANDARD_SETUP.pillars).toBeUndefined();
  });

  it('KV-1 "Retrieve the King": soldiers as standard, kings swapped to the middle of the opposing row', () => {
    expect(placement(KV_RETRIEVE_THE_KING_SETUP)).toEqual(['wSa1', 'wSb1', 'bKc1', 'wSd1', 'wSe1', 'bSa5', 'bSb5', 'wKc5', 'bSd5', 'bSe5'].sort());
    expect(KV_RETRIEVE_THE_KING_SETUP).toMatchObject({ sideToMove: 'white', startingSetup: true });
  });

  it('KV-1 Labyrinth: 7x7, king + 6 soldiers each, pillars b3 b5 f3 f5', () => {
    expect(KV_LABYRINTH_SETUP.board).toEqual({ width: 7, height: 7 });
    expect([...KV_LABYRINTH_SETUP.pillars!].sort()).toEqual(['b3', 'b5', 'f3', 'f5']);
    const p = placement(KV_LABYRINTH_SETUP);
    expect(p).toHaveLength(14);
    expect(p).toEqual(expect.arrayContaining(['wKd1', 'bKd7', 'wSa1', 'wSg1', 'bSa7', 'bSg7']));
    expect(KV_LABYRINTH_SETUP.pieces.filter((x) => x.side === 'white' && x.role === 'soldier')).toHaveLength(6);
  });

  it('KV-9 the setups are valid documents with no builder issues', () => {
    for (const s of [KV_STANDARD_SETUP, KV_RETRIEVE_THE_KING_SETUP, KV_LABYRINTH_SETUP]) {
      expect(validateKingsValley(kvSetupCopy(s))).toEqual([]);
      expect(checkLevelObject(JSON.parse(JSON.stringify(s))).ok).toBe(true);
    }
  });

  it('the exported setups are frozen; kvSetupCopy gives an editable copy', () => {
    expect(Object.isFrozen(KV_STANDARD_SETUP)).toBe(true);
    expect(Object.isFrozen(KV_STANDARD_SETUP.pieces[0])).toBe(true);
    const c = kvSetupCopy(KV_STANDARD_SETUP);
    c.pieces[0]!.square = 'a2';
    expect(KV_STANDARD_SETUP.pieces[0]!.square).toBe('a1');
  });
});
