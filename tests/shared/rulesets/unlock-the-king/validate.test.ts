/** Builder validation (UK-1, UK-2, UK-4, UK-5, UK-6) and the par check (UK-7). */
import { describe, expect, it } from 'vitest';
import { checkPar, validateUnlockTheKing } from '../../../../src-shared/rulesets/unlock-the-king/index.js';
import type { Role, UkPiece, UnlockTheKingLevel } from '../../../../src-shared/model/level.js';
import { hasErrors, type Issue } from '../../../../src-shared/validation/issue.js';
import { ukLevel } from './helpers.js';

const codes = (issues: Issue[]) => issues.map((i) => i.code).sort();
const find = (issues: Issue[], code: string) => issues.filter((i) => i.code === code);

/** The example blueprint of LEVEL-FORMAT-v1.md. */
const example = (): UnlockTheKingLevel => ({
  format: 'castellan.level',
  version: 1,
  ruleset: 'unlock-the-king',
  meta: { title: 'Novice 1' },
  board: { width: 8, height: 8 },
  walls: ['d4'],
  portal: 'e8',
  pieces: [
    { role: 'king', square: 'e1' },
    { role: 'rook', square: 'e4' },
    { role: 'pawn', square: 'e2', facing: 'east', lateral: false },
  ],
});

/** `n` pieces of `role` on squares a2, b2, ... (8x8; wraps to rank 3, 4). */
function many(role: Role, n: number, firstRank = 2): UkPiece[] {
  return Array.from({ length: n }, (_, i) => ({
    role,
    square: String.fromCharCode(97 + (i % 8)) + String(firstRank + Math.floor(i / 8)),
  }));
}

describe('validateUnlockTheKing', () => {
  it('accepts the LEVEL-FORMAT example with no issues', () => {
    expect(validateUnlockTheKing(example())).toEqual([]);
  });

  it('UK-1 board sizes 3..16 are accepted, 2 and 17 are errors', () => {
    const king = [{ role: 'king' as const, square: 'a1' }];
    expect(validateUnlockTheKing(ukLevel({ width: 3, height: 3, pieces: king }))).toEqual([]);
    expect(validateUnlockTheKing(ukLevel({ width: 16, height: 16, pieces: king }))).toEqual([]);
    expect(codes(validateUnlockTheKing(ukLevel({ width: 2, height: 8, pieces: king })))).toEqual(['uk-board-size']);
    expect(codes(validateUnlockTheKing(ukLevel({ width: 8, height: 17, portal: 'h8', pieces: king })))).toEqual(['uk-board-size']);
    const bad = validateUnlockTheKing(ukLevel({ width: 2, height: 8, pieces: king }));
    expect(bad[0]).toMatchObject({ severity: 'error', ruling: 'UK-1' });
  });

  it('UK-1 pieces, walls and portal must be on the board', () => {
    const issues = validateUnlockTheKing(
      ukLevel({
        width: 8,
        height: 8,
        walls: ['i1'],
        portal: 'a9',
        pieces: [
          { role: 'king', square: 'a1' },
          { role: 'rook', square: 'h9' },
        ],
      }),
    );
    expect(codes(issues)).toEqual(['uk-piece-off-board', 'uk-portal-off-board', 'uk-wall-off-board']);
    expect(find(issues, 'uk-piece-off-board')[0]).toMatchObject({ severity: 'error', square: 'h9', squares: ['h9'] });
    expect(find(issues, 'uk-wall-off-board')[0]!.square).toBe('i1');
    expect(find(issues, 'uk-portal-off-board')[0]!.square).toBe('a9');
  });

  it('UK-1 a piece on a wall and a duplicate wall are errors', () => {
    const issues = validateUnlockTheKing(
      ukLevel({
        walls: ['c3', 'c3', 'd5'],
        pieces: [
          { role: 'king', square: 'a1' },
          { role: 'knight', square: 'd5' },
        ],
      }),
    );
    expect(codes(issues)).toEqual(['uk-piece-on-wall', 'uk-wall-duplicate']);
    expect(find(issues, 'uk-piece-on-wall')[0]!.square).toBe('d5');
    expect(find(issues, 'uk-wall-duplicate')[0]!.square).toBe('c3');
  });

  it('UK-1 more than one physical set is a warning per role, not an error', () => {
    const king: UkPiece = { role: 'king', square: 'h1' };
    const within = ukLevel({
      walls: many('rook', 16, 5).map((p) => p.square), // 16 walls on ranks 5-6
      pieces: [
        king,
        ...many('rook', 4, 1).map((p, i) => ({ ...p, square: 'abcd'[i] + '1' })),
        ...many('pawn', 8),
        ...many('knight', 4, 3),
        ...many('bishop', 4, 4),
        { role: 'queen', square: 'f3' },
        { role: 'queen', square: 'g3' },
      ],
    });
    expect(validateUnlockTheKing(within)).toEqual([]);

    const over = ukLevel({
      walls: many('rook', 17, 5).map((p) => p.square), // 17 walls on ranks 5-7
      pieces: [
        king,
        ...many('rook', 5, 1).map((p, i) => ({ ...p, square: 'abcde'[i] + '1' })),
        ...many('pawn', 9), // a2..h2, a3
        ...many('knight', 5, 4).map((p, i) => ({ ...p, square: 'bcdef'[i] + '3' })),
        ...many('bishop', 5, 4).map((p, i) => ({ ...p, square: 'abcde'[i] + '4' })),
        { role: 'queen', square: 'f4' },
        { role: 'queen', square: 'g4' },
        { role: 'queen', square: 'h4' },
      ],
    });
    const issues = validateUnlockTheKing(over);
    expect(hasErrors(issues)).toBe(false);
    const warns = find(issues, 'uk-set-exceeded');
    expect(warns).toHaveLength(6);
    expect(warns.every((w) => w.severity === 'warning' && w.ruling === 'UK-1')).toBe(true);
    const rookWarn = warns.find((w) => w.message.includes('rooks'))!;
    expect(rookWarn.squares).toEqual(['a1', 'b1', 'c1', 'd1', 'e1']);
    expect(warns.find((w) => w.message.includes('walls'))!.squares).toHaveLength(17);
    expect(warns.find((w) => w.message.includes('queens'))!.squares).toEqual(['f4', 'g4', 'h4']);
  });

  it('UK-2 no king is an error', () => {
    const issues = validateUnlockTheKing(ukLevel({ pieces: [{ role: 'rook', square: 'a1' }] }));
    expect(codes(issues)).toEqual(['uk-king-count']);
    expect(issues[0]).toMatchObject({ severity: 'error', ruling: 'UK-2' });
    expect(issues[0]!.squares).toBeUndefined();
  });

  it('UK-2 two kings is an error naming both squares', () => {
    const issues = validateUnlockTheKing(
      ukLevel({
        pieces: [
          { role: 'king', square: 'a1' },
          { role: 'king', square: 'c3', color: 'obsidian' },
        ],
      }),
    );
    expect(codes(issues)).toEqual(['uk-king-count']);
    expect(issues[0]!.squares).toEqual(['a1', 'c3']);
    expect(issues[0]!.square).toBe('a1');
  });

  it('UK-4 facing or lateral on a non-pawn is an error; a bad pawn facing too', () => {
    const issues = validateUnlockTheKing(
      ukLevel({
        pieces: [
          { role: 'king', square: 'a1' },
          { role: 'rook', square: 'b1', facing: 'east' },
          { role: 'knight', square: 'c1', lateral: true },
          { role: 'pawn', square: 'd1', facing: 'up' as never },
          { role: 'pawn', square: 'e1', facing: 'west', lateral: true },
        ],
      }),
    );
    expect(codes(issues)).toEqual(['uk-pawn-facing', 'uk-pawn-option', 'uk-pawn-option']);
    expect(find(issues, 'uk-pawn-option').map((i) => i.square)).toEqual(['b1', 'c1']);
    expect(find(issues, 'uk-pawn-facing')[0]!.square).toBe('d1');
  });

  it('UK-1 a role Unlock the King does not have is an error', () => {
    const issues = validateUnlockTheKing(
      ukLevel({
        pieces: [
          { role: 'king', square: 'a1' },
          { role: 'soldier' as never, square: 'b1' },
        ],
      }),
    );
    expect(codes(issues)).toEqual(['uk-piece-role']);
  });

  it('UK-5 two pieces on one square is an error', () => {
    const issues = validateUnlockTheKing(
      ukLevel({
        pieces: [
          { role: 'king', square: 'a1' },
          { role: 'rook', square: 'd4' },
          { role: 'bishop', square: 'd4' },
        ],
      }),
    );
    expect(codes(issues)).toEqual(['uk-piece-overlap']);
    expect(issues[0]!.square).toBe('d4');
  });

  it('UK-6 a missing portal is an error', () => {
    const level = ukLevel({ pieces: [{ role: 'king', square: 'a1' }] }) as Partial<UnlockTheKingLevel>;
    delete level.portal;
    const issues = validateUnlockTheKing(level as UnlockTheKingLevel);
    expect(codes(issues)).toEqual(['uk-portal-missing']);
    expect(issues[0]!.ruling).toBe('UK-6');
  });

  it('UK-6 the portal may not be a wall', () => {
    const issues = validateUnlockTheKing(ukLevel({ walls: ['h8'], portal: 'h8', pieces: [{ role: 'king', square: 'a1' }] }));
    expect(codes(issues)).toEqual(['uk-portal-on-wall']);
    expect(issues[0]!.square).toBe('h8');
  });

  it("UK-6 the portal may not be the king's start square", () => {
    const issues = validateUnlockTheKing(ukLevel({ portal: 'e1', pieces: [{ role: 'king', square: 'e1' }] }));
    expect(codes(issues)).toEqual(['uk-portal-on-king']);
    expect(issues[0]!.square).toBe('e1');
  });

  it('UK-6 another piece may start on the portal', () => {
    const issues = validateUnlockTheKing(
      ukLevel({
        portal: 'e8',
        pieces: [
          { role: 'king', square: 'e1' },
          { role: 'rook', square: 'e8' },
        ],
      }),
    );
    expect(issues).toEqual([]);
  });

  it('never throws on a malformed document', () => {
    const junk = { ruleset: 'unlock-the-king', board: null, pieces: 'x', walls: 3 } as unknown as UnlockTheKingLevel;
    const issues = validateUnlockTheKing(junk);
    expect(codes(issues)).toEqual(['uk-board-size', 'uk-king-count', 'uk-portal-missing']);
  });
});

describe('UK-7 checkPar', () => {
  it('UK-7 no par set: nothing to check (default par = optimal)', () => {
    expect(checkPar(undefined, 5, 'solved')).toEqual([]);
  });
  it('UK-7 par equal to the optimum is fine', () => {
    expect(checkPar(5, 5, 'solved')).toEqual([]);
  });
  it('UK-7 par below the optimum is an error', () => {
    const r = checkPar(4, 5, 'solved');
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ severity: 'error', code: 'uk-par-below-optimal', ruling: 'UK-7' });
  });
  it('UK-7 par above the optimum is a warning', () => {
    const r = checkPar(7, 5, 'solved');
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ severity: 'warning', code: 'uk-par-above-optimal', ruling: 'UK-7' });
  });
  it('UK-7 par that cannot be checked because the solve hit a limit is a warning', () => {
    expect(checkPar(5, undefined, 'limit')[0]).toMatchObject({ severity: 'warning', code: 'uk-par-unchecked' });
    expect(checkPar(5, undefined, 'cancelled')[0]).toMatchObject({ severity: 'warning', code: 'uk-par-unchecked' });
    expect(checkPar(undefined, undefined, 'limit')).toEqual([]);
  });
  it('UK-7 a par that is not a whole number is an error', () => {
    expect(checkPar(2.5, 3, 'solved')[0]).toMatchObject({ severity: 'error', code: 'uk-par-invalid' });
  });
});
