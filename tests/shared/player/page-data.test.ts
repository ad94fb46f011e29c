/**
 * The player page's embedded data (src-shared/player/page-data.ts): what
 * the exporter writes and the page reads back. A level's par is its `par`,
 * else the length of its current stored solution (a stale one does not
 * count: its hash is another level's); solutions only when the designer
 * lets players see them; the JSON text is safe inside a `<script>`
 * element; data that is not a page's is refused with `player-data` and a
 * pointer, never a crash.
 */
import { describe, expect, it } from 'vitest';
import { playerPageData, readPlayerPageData, scriptJson } from '../../../src-shared/player/page-data.js';
import type { UnlockTheKingLevel } from '../../../src-shared/model/level.js';

const level = (extra: Partial<UnlockTheKingLevel> = {}): UnlockTheKingLevel => ({
  format: 'castellan.level',
  version: 1,
  ruleset: 'unlock-the-king',
  meta: { title: 'Two steps' },
  board: { width: 3, height: 3 },
  portal: 'c3',
  pieces: [{ role: 'king', square: 'a1' }],
  ...extra,
});
// Hand-worked: Ka1-b2, Kb2-c3 (UK-4, UK-6); the hashes are labels here, compared only for equality.
const solved = (hash: string): UnlockTheKingLevel =>
  level({ solution: { moves: ['Ka1-b2', 'Kb2-c3'], length: 2, optimal: true, states: 3, solver: 'test', levelHash: hash } });
const pack = { title: 'P', ruleset: 'unlock-the-king' as const };

describe('player page data', () => {
  it('par: the level par, else the current solution length, else null; solutions only when shown and current', () => {
    const d = playerPageData(
      pack,
      [
        { level: solved('sha256:a'), title: 'current', hash: 'sha256:a' },
        { level: solved('sha256:old'), title: 'stale', hash: 'sha256:b' },
        { level: level({ par: 5 }), title: 'par only', hash: 'sha256:c', tier: 'Novice' },
        // A solution not proved optimal is no proven optimum.
        { level: { ...solved('sha256:d'), solution: { ...solved('sha256:d').solution!, optimal: false } }, title: 'unproved', hash: 'sha256:d' },
      ],
      { solutions: true },
    );
    expect(d.levels.map((l) => l.par)).toEqual([2, null, 5, null]);
    expect(d.levels.map((l) => l.solution)).toEqual([['Ka1-b2', 'Kb2-c3'], undefined, undefined, ['Ka1-b2', 'Kb2-c3']]);
    expect(d.levels[2]!.tier).toBe('Novice');
    expect(d.levels[0]!.level).not.toHaveProperty('solution');
    const hidden = playerPageData(pack, [{ level: solved('sha256:a'), title: 'x', hash: 'sha256:a' }], { solutions: false });
    expect(hidden.levels[0]!.solution).toBeUndefined();
    expect(hidden.solutions).toBe(false);
    expect(readPlayerPageData(JSON.parse(JSON.stringify(d)))).toEqual({ ok: true, value: d });
  });

  it('scriptJson cannot end or comment out its script element and reads back the same', () => {
    const v = { t: '</script><!-- & \u2028 >' };
    const text = scriptJson(v);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(v);
  });

  it('refuses what is not a page of levels with player-data and a pointer', () => {
    const good = playerPageData(pack, [{ level: level(), title: 'x', hash: 'h' }], { solutions: true });
    const cases: [unknown, string][] = [
      [null, ''],
      [[], ''],
      [{ ...good, format: 'castellan.pack' }, '/format'],
      [{ ...good, ruleset: 'draughts' }, '/ruleset'],
      [{ ...good, storageKey: '' }, '/storageKey'],
      [{ ...good, levels: {} }, '/levels'],
      [{ ...good, levels: [{ ...good.levels[0], par: -1 }] }, '/levels/0/par'],
      [{ ...good, levels: [{ ...good.levels[0], level: { ...level(), ruleset: 'chess-maze' } }] }, '/levels/0/level'],
      [{ ...good, levels: [{ ...good.levels[0], solution: [1, 2] }] }, '/levels/0/solution'],
    ];
    for (const [value, pointer] of cases) {
      const r = readPlayerPageData(value);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error[0]).toMatchObject({ code: 'player-data', pointer });
    }
  });
});
