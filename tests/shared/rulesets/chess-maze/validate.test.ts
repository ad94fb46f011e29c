/** Builder validation: CM-1 board, CM-14 errors, CM-15 warnings. */
import { describe, expect, it } from 'vitest';
import type { ChessMazeLevel, CmPiece, CmTile } from '../../../../src-shared/model/level.js';
import { compileChessMaze, validateChessMaze } from '../../../../src-shared/rulesets/chess-maze/index.js';
import type { Issue } from '../../../../src-shared/validation/issue.js';
import { cmLevel, E, P, type CmSpec } from './helpers.js';

const codes = (issues: Issue[]) => issues.map((i) => i.code).sort();
const find = (issues: Issue[], code: string) => issues.filter((i) => i.code === code);
/** Validates a 5x5 level: player knight a1 and finish e5 unless overridden. */
const check = (over: Partial<CmSpec> = {}) => validateChessMaze(cmLevel({ pieces: [P('Na1')], ...over }));

describe('CM-1 board', () => {
  it('CM-1 a minimal level has no issues', () => {
    expect(check()).toEqual([]);
  });

  it('CM-1 sizes 1..26 are accepted; 0 and 27 are errors', () => {
    expect(validateChessMaze(cmLevel({ width: 1, height: 2, pieces: [P('Ka1')], finish: 'a2' }))).toEqual([]);
    expect(validateChessMaze(cmLevel({ width: 26, height: 26, pieces: [P('Ka1')] }))).toEqual([]);
    const zero = validateChessMaze(cmLevel({ width: 0, height: 5, pieces: [P('Ka1')], finish: 'a2' }));
    expect(codes(zero)).toEqual(['cm-board-size']);
    expect(zero[0]).toMatchObject({ severity: 'error', ruling: 'CM-1' });
    expect(codes(validateChessMaze(cmLevel({ width: 5, height: 27, pieces: [P('Ka1')], finish: 'a2' })))).toEqual(['cm-board-size']);
  });

  it('CM-1 holes must be on the board; a duplicate hole is a warning', () => {
    const issues = check({ holes: ['f1', 'c3', 'c3'] });
    expect(codes(issues)).toEqual(['cm-hole-duplicate', 'cm-hole-off-board']);
    expect(find(issues, 'cm-hole-off-board')[0]).toMatchObject({ severity: 'error', square: 'f1' });
    expect(find(issues, 'cm-hole-duplicate')[0]).toMatchObject({ severity: 'warning', square: 'c3' });
  });
});

describe('CM-14 builder errors', () => {
  it('CM-14 every entity on a playable square: pieces and tiles off the board or in a hole', () => {
    const issues = check({
      holes: ['b2', 'c3'],
      pieces: [P('Na1'), P('Rb2'), E('Qa6')],
      tiles: [
        { kind: 'coin', square: 'c3' },
        { kind: 'gem', square: 'f5' },
      ],
      objectives: { collect: true },
    });
    expect(codes(issues)).toEqual(['cm-piece-in-hole', 'cm-piece-off-board', 'cm-tile-in-hole', 'cm-tile-off-board']);
    expect(find(issues, 'cm-piece-in-hole')[0]).toMatchObject({ square: 'b2', ruling: 'CM-14' });
    expect(find(issues, 'cm-piece-off-board')[0]!.square).toBe('a6');
    expect(find(issues, 'cm-tile-in-hole')[0]!.square).toBe('c3');
    expect(find(issues, 'cm-tile-off-board')[0]!.square).toBe('f5');
  });

  it('CM-14 one piece per square', () => {
    const issues = check({ pieces: [P('Na1'), E('Ra1')] });
    expect(codes(issues)).toEqual(['cm-piece-overlap']);
    expect(issues[0]).toMatchObject({ severity: 'error', square: 'a1', ruling: 'CM-14' });
  });

  it('CM-14 at least one player piece', () => {
    expect(codes(check({ pieces: [E('Ra1')] }))).toEqual(['cm-player-missing']);
    expect(codes(check({ pieces: [] }))).toEqual(['cm-player-missing']);
  });

  it('CM-14 at most one collectible per square', () => {
    const issues = check({
      tiles: [
        { kind: 'letter', square: 'c3', letter: 'A' },
        { kind: 'gem', square: 'c3' },
      ],
      objectives: { spell: 'A' },
    });
    expect(codes(issues)).toEqual(['cm-collectible-overlap']);
    expect(issues[0]!.square).toBe('c3');
  });

  it('CM-14 at most one floor tile (lock or plate) per square', () => {
    const issues = check({
      tiles: [
        { kind: 'lock', square: 'c3', color: 'red' },
        { kind: 'plate', square: 'c3', color: 'red' },
      ],
    });
    expect(codes(issues)).toEqual(['cm-floor-overlap']);
  });

  it('CM-14 a transform square holds nothing else (a piece may start there)', () => {
    const shared = check({
      tiles: [
        { kind: 'transform', square: 'c3', allowed: ['queen'] },
        { kind: 'finish', square: 'c3' },
      ],
    });
    expect(codes(shared)).toEqual(['cm-transform-shares-square']);
    const withLock = check({
      tiles: [
        { kind: 'transform', square: 'c3', allowed: ['queen'] },
        { kind: 'lock', square: 'c3', color: 'red' },
        { kind: 'key', square: 'd4', color: 'red' },
      ],
    });
    expect(codes(withLock)).toEqual(['cm-transform-shares-square']);
    expect(check({ pieces: [P('Nc3')], tiles: [{ kind: 'transform', square: 'c3', allowed: ['queen'] }] })).toEqual([]);
  });

  it('CM-14 at most 5 transform squares', () => {
    const five: CmTile[] = ['a2', 'a3', 'a4', 'a5', 'b1'].map((square) => ({ kind: 'transform', square, allowed: ['rook'] }));
    expect(check({ tiles: five })).toEqual([]);
    const six = [...five, { kind: 'transform' as const, square: 'b2', allowed: ['rook' as const] }];
    const issues = check({ tiles: six });
    expect(codes(issues)).toEqual(['cm-transform-count']);
    expect(issues[0]!.squares).toHaveLength(6);
  });

  it('CM-10 a transform tile lists 1..5 distinct types, never pawn', () => {
    for (const allowed of [[], ['pawn'], ['rook', 'rook']]) {
      const level = cmLevel({ pieces: [P('Na1')], tiles: [{ kind: 'transform', square: 'c3', allowed } as unknown as CmTile] });
      expect(codes(validateChessMaze(level))).toEqual(['cm-transform-allowed']);
    }
  });

  it('CM-14 a key shares its square with no collectible, plate, finish or same-colour lock', () => {
    const key = { kind: 'key' as const, square: 'c3', color: 'red' as const };
    const redLock = { kind: 'lock' as const, square: 'd4', color: 'red' as const };
    const cases: [CmTile, Partial<CmSpec>][] = [
      [{ kind: 'coin', square: 'c3' }, { objectives: { collect: true } }],
      [{ kind: 'gem', square: 'c3' }, {}],
      [{ kind: 'letter', square: 'c3', letter: 'A' }, { objectives: { spell: 'A' } }],
      [{ kind: 'lock', square: 'c3', color: 'red' }, {}],
    ];
    for (const [other, extra] of cases) {
      const issues = check({ tiles: [key, other, redLock], ...extra });
      expect(codes(issues), other.kind).toEqual(['cm-key-shares-square']);
      expect(issues[0]).toMatchObject({ severity: 'error', square: 'c3', ruling: 'CM-14' });
    }
    expect(codes(check({ tiles: [key, redLock, { kind: 'finish', square: 'c3' }] }))).toEqual(['cm-key-shares-square']);
    // A plate of another colour on the key square (the key's own colour would also be key-and-plate).
    const plate = check({
      tiles: [key, redLock, { kind: 'plate', square: 'c3', color: 'blue' }, { kind: 'lock', square: 'b4', color: 'blue' }],
    });
    expect(codes(plate)).toEqual(['cm-key-shares-square']);
    // A lock of another colour may share the key's square.
    expect(check({ tiles: [key, redLock, { kind: 'lock', square: 'c3', color: 'blue' }, { kind: 'key', square: 'b4', color: 'blue' }] })).toEqual([]);
  });

  it('CM-14 at most one key per colour and at most one key per square', () => {
    const dup = check({
      tiles: [
        { kind: 'key', square: 'b2', color: 'red' },
        { kind: 'key', square: 'c3', color: 'red' },
        { kind: 'lock', square: 'd4', color: 'red' },
      ],
    });
    expect(codes(dup)).toEqual(['cm-key-color-duplicate']);
    expect(dup[0]!.squares).toEqual(['b2', 'c3']);
    const stacked = check({
      tiles: [
        { kind: 'key', square: 'c3', color: 'red' },
        { kind: 'key', square: 'c3', color: 'blue' },
        { kind: 'lock', square: 'd4', color: 'red' },
        { kind: 'lock', square: 'b4', color: 'blue' },
      ],
    });
    expect(codes(stacked)).toEqual(['cm-key-overlap']);
  });

  it('CM-14 a colour uses a key or plates, never both', () => {
    const issues = check({
      tiles: [
        { kind: 'key', square: 'b2', color: 'green' },
        { kind: 'plate', square: 'c3', color: 'green' },
        { kind: 'lock', square: 'd4', color: 'green' },
      ],
    });
    expect(codes(issues)).toEqual(['cm-color-key-and-plate']);
    expect(issues[0]!.squares).toEqual(['b2', 'c3']);
  });

  it('CM-14 exactly one finish', () => {
    const none = check({ finish: null });
    expect(codes(none)).toEqual(['cm-finish-count']);
    const two = check({
      tiles: [
        { kind: 'finish', square: 'e5' },
        { kind: 'finish', square: 'd5' },
      ],
    });
    expect(codes(two)).toEqual(['cm-finish-count']);
    expect(two[0]!.squares).toEqual(['e5', 'd5']);
  });

  it('CM-14 the finish does not start under any piece, player or enemy', () => {
    expect(codes(check({ finish: 'a1' }))).toEqual(['cm-finish-under-piece']);
    expect(codes(check({ pieces: [P('Na1'), E('Bc3')], finish: 'c3' }))).toEqual(['cm-finish-under-piece']);
  });

  it('CM-14 the finish may share its square with a coin, gem, letter, lock or plate', () => {
    const share = (t: CmTile, extra: Partial<CmSpec> = {}) => check({ tiles: [t, { kind: 'finish', square: 'c3' }], ...extra });
    expect(share({ kind: 'coin', square: 'c3' }, { objectives: { collect: true } })).toEqual([]);
    expect(share({ kind: 'gem', square: 'c3' })).toEqual([]);
    expect(share({ kind: 'letter', square: 'c3', letter: 'Z' }, { objectives: { spell: 'Z' } })).toEqual([]);
    expect(codes(share({ kind: 'lock', square: 'c3', color: 'red' }))).toEqual(['cm-lock-never-opens']); // a warning only
    expect(codes(share({ kind: 'plate', square: 'c3', color: 'red' }))).toEqual(['cm-plate-without-lock']); // a warning only
  });

  it('CM-14 the spell word is A-Z and all its letters, with repeats, have tiles', () => {
    const tiles: CmTile[] = [
      { kind: 'letter', square: 'b2', letter: 'G' },
      { kind: 'letter', square: 'c3', letter: 'O' },
    ];
    expect(check({ tiles, objectives: { spell: 'GO' } })).toEqual([]);
    const missing = check({ tiles, objectives: { spell: 'GOOD' } });
    expect(codes(missing)).toEqual(['cm-spell-letters-missing']);
    expect(missing[0]!.message).toContain('O');
    expect(missing[0]!.message).toContain('D');
    expect(codes(check({ tiles, objectives: { spell: 'go' } }))).toEqual(['cm-spell-word']);
    expect(codes(check({ tiles, objectives: { spell: '' } }))).toEqual(['cm-spell-word']);
  });

  it('CM-14 a move limit is a positive integer', () => {
    expect(check({ objectives: { moveLimit: 1 } })).toEqual([]);
    for (const moveLimit of [0, -3, 2.5]) {
      expect(codes(check({ objectives: { moveLimit } }))).toEqual(['cm-move-limit']);
    }
  });

  it('CM-14 malformed pieces and tiles get coded errors, never a throw', () => {
    const level = cmLevel({
      pieces: [
        P('Na1'),
        { role: 'soldier', square: 'b1', side: 'player' } as unknown as CmPiece,
        { role: 'rook', square: 'c1', side: 'white' } as unknown as CmPiece,
        { role: 'pawn', square: 'd1', side: 'player', facing: 'up' } as unknown as CmPiece,
      ],
      tiles: [
        { kind: 'portal', square: 'b2' } as unknown as CmTile,
        { kind: 'lock', square: 'c2', color: 'purple' } as unknown as CmTile,
        { kind: 'letter', square: 'd2', letter: 'ab' } as unknown as CmTile,
      ],
    });
    expect(codes(validateChessMaze(level))).toEqual([
      'cm-letter-invalid',
      'cm-letters-without-spell',
      'cm-pawn-facing',
      'cm-piece-role',
      'cm-piece-side',
      'cm-tile-color',
      'cm-tile-kind',
    ]);
    expect(codes(validateChessMaze({ ruleset: 'chess-maze' } as unknown as ChessMazeLevel))).toEqual(['cm-board-size', 'cm-finish-count', 'cm-player-missing']);
  });

  it('CM-14 a level with errors does not compile; warnings do not stop it', () => {
    const bad = compileChessMaze(cmLevel({ pieces: [P('Na1')], finish: 'a1' }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(codes(bad.error)).toEqual(['cm-finish-under-piece']);
    expect(compileChessMaze(cmLevel({ pieces: [P('Na1')], objectives: { capture: ['a1'] } })).ok).toBe(true);
  });
});

describe('CM-15 builder warnings', () => {
  it('CM-15 a lock colour with neither key nor plate is closed for ever', () => {
    const issues = check({
      tiles: [
        { kind: 'lock', square: 'c3', color: 'yellow' },
        { kind: 'lock', square: 'd3', color: 'yellow' },
      ],
    });
    expect(codes(issues)).toEqual(['cm-lock-never-opens']);
    expect(issues[0]).toMatchObject({ severity: 'warning', ruling: 'CM-15', squares: ['c3', 'd3'] });
  });

  it('CM-15 a plate colour with no lock', () => {
    const issues = check({ tiles: [{ kind: 'plate', square: 'c3', color: 'blue' }] });
    expect(codes(issues)).toEqual(['cm-plate-without-lock']);
    expect(issues[0]).toMatchObject({ severity: 'warning', square: 'c3' });
  });

  it('CM-15 coins without a collect objective', () => {
    const issues = check({ tiles: [{ kind: 'coin', square: 'c3' }] });
    expect(codes(issues)).toEqual(['cm-coins-without-collect']);
    expect(check({ tiles: [{ kind: 'coin', square: 'c3' }], objectives: { collect: true } })).toEqual([]);
  });

  it('CM-15 a piece starting on a collectible or key', () => {
    const issues = check({
      pieces: [P('Na1'), E('Rc3'), P('Kb2')],
      tiles: [
        { kind: 'coin', square: 'c3' },
        { kind: 'key', square: 'b2', color: 'red' },
        { kind: 'lock', square: 'd4', color: 'red' },
      ],
      objectives: { collect: true },
    });
    expect(codes(issues)).toEqual(['cm-piece-on-collectible', 'cm-piece-on-collectible']);
    expect(issues.map((i) => i.square).sort()).toEqual(['b2', 'c3']);
  });

  it('CM-15 an enemy starting on a plate holds it until captured', () => {
    const issues = check({
      pieces: [P('Na1'), E('Rc3'), P('Kb2')],
      tiles: [
        { kind: 'plate', square: 'c3', color: 'red' },
        { kind: 'plate', square: 'b2', color: 'red' },
        { kind: 'lock', square: 'd4', color: 'red' },
      ],
    });
    expect(codes(issues)).toEqual(['cm-enemy-on-plate']);
    expect(issues[0]!.square).toBe('c3');
  });

  it('CM-15 capture objectives are kept but not used', () => {
    const issues = check({ objectives: { capture: ['a1'] } });
    expect(codes(issues)).toEqual(['cm-capture-objective-unused']);
    expect(issues[0]).toMatchObject({ severity: 'warning', ruling: 'CM-15' });
  });

  it('CM-15 letters without a spell objective', () => {
    const issues = check({ tiles: [{ kind: 'letter', square: 'c3', letter: 'Q' }] });
    expect(codes(issues)).toEqual(['cm-letters-without-spell']);
    expect(issues[0]!.squares).toEqual(['c3']);
  });

  it('CM-3 a facing on a piece that is not a pawn is a warning', () => {
    const issues = check({ pieces: [{ role: 'knight', square: 'a1', side: 'player', facing: 'east' }] });
    expect(codes(issues)).toEqual(['cm-facing-not-pawn']);
    expect(issues[0]!.severity).toBe('warning');
  });
});
