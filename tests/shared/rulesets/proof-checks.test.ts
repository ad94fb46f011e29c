/**
 * The proof checks in one place (rulesets/proof-checks.ts `proofIssues`):
 * RULINGS P-1 (short and cooked "win / mate in N" problems are warnings),
 * and the par checks each par ruleset answers through its `checkPar` hook
 * (UK-7; Chess Maze's par read the same way).
 *
 * Positions: p1-positions.ts (worked by hand there).
 */
import { describe, expect, it } from 'vitest';
import type { ChessMazeLevel, Level, UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import { RULESETS, rulesetOf, solveLevel, validateDocument } from '../../../src-shared/rulesets/index.js';
import { factsOfAnswer, proofIssues, storedProofFacts } from '../../../src-shared/rulesets/proof-checks.js';
import { BACKSTOP, KV_COOK, LC_ONE_ROOK, LC_TWO_ROOKS, kv, lc } from '../validation/p1-positions.js';

/** The proof checks of a level against its own fresh proof. */
function checked(level: Level): { code: string; severity: string; message: string; squares?: string[]; ruling?: string }[] {
  const facts = factsOfAnswer(solveLevel(level));
  expect(facts?.status).toBe('solved');
  return proofIssues(level, facts!, rulesetOf(level)).map((i) => ({
    code: i.code,
    severity: i.severity,
    message: i.message,
    ...(i.squares ? { squares: i.squares } : {}),
    ...(i.ruling ? { ruling: i.ruling } : {}),
  }));
}

describe('P-1 King\'s Valley "win in N"', () => {
  it('P-1 King\'s Valley sound: Backstop as "win in 1" has no warning', () => {
    expect(checked(kv(BACKSTOP, 1))).toEqual([]);
  });

  it('P-1 King\'s Valley short: Backstop as "win in 2" wins in 1 (problem-short, a warning with the length and the key)', () => {
    const issues = checked(kv(BACKSTOP, 2));
    expect(issues).toEqual([
      {
        code: 'problem-short',
        severity: 'warning',
        message: 'Short: White forces a win in 1 move (key Kc1-c3), fewer than the goal\'s "win in 2".',
        squares: ['c1', 'c3'],
        ruling: 'P-1',
      },
    ]);
  });

  it("P-1 King's Valley cooked: Kc1-c3 and Sb1-b4 both win in 1 (problem-cooked, a warning with both keys)", () => {
    const issues = checked(kv(KV_COOK, 1));
    expect(issues).toEqual([
      {
        code: 'problem-cooked',
        severity: 'warning',
        message: 'Cooked: 2 first moves force the win in 1 move: Kc1-c3, Sb1-b4.',
        squares: ['c1', 'c3', 'b1', 'b4'],
        ruling: 'P-1',
      },
    ]);
  });

  it('P-1 short and cooked are warnings, never errors: the level stays valid', () => {
    const l = kv(KV_COOK, 2);
    const all = checked(l);
    expect(all.map((i) => i.code)).toEqual(['problem-short', 'problem-cooked']);
    expect(all.every((i) => i.severity === 'warning')).toBe(true);
  });
});

describe('P-1 Locking Chess "mate in N"', () => {
  it('P-1 Locking Chess sound: Ra1-a8 the only mate in 1', () => {
    expect(checked(lc(LC_ONE_ROOK, 1))).toEqual([]);
  });

  it('P-1 Locking Chess short: the same position as "mate in 2" mates in 1 (problem-short; the key in SAN, LC-13)', () => {
    expect(checked(lc(LC_ONE_ROOK, 2))).toEqual([
      {
        code: 'problem-short',
        severity: 'warning',
        message: 'Short: White forces a mate in 1 move (key Ra8#), fewer than the goal\'s "mate in 2".',
        squares: ['a1', 'a8'],
        ruling: 'P-1',
      },
    ]);
  });

  it('P-1 Locking Chess cooked: Ra1-a8 and Rb1-b8 both mate in 1 (problem-cooked)', () => {
    expect(checked(lc(LC_TWO_ROOKS, 1))).toEqual([
      {
        code: 'problem-cooked',
        severity: 'warning',
        message: 'Cooked: 2 first moves force the mate in 1 move: Ra8#, Rb8#.',
        squares: ['a1', 'a8', 'b1', 'b8'],
        ruling: 'P-1',
      },
    ]);
  });
});

describe('P-1 from a stored proof (validateDocument, castellan validate)', () => {
  it('P-1 a stored current solution that is shorter than N is reported; its stored keys report a cook', () => {
    const l = kv(KV_COOK, 2);
    l.solution = { moves: ['Kc1-c3'], length: 1, optimal: true, states: 1, solver: 'test', levelHash: levelHash(l), keys: ['Kc1-c3', 'Sb1-b4'] };
    expect(validateDocument(l).issues.map((i) => [i.severity, i.code])).toEqual([
      ['warning', 'problem-short'],
      ['warning', 'problem-cooked'],
    ]);
    // Without stored keys (files proved before they were stored) only the length is known.
    delete l.solution.keys;
    expect(validateDocument(l).issues.map((i) => i.code)).toEqual(['problem-short']);
  });

  it('a stale stored solution is no proof: storedProofFacts answers none', () => {
    const l = kv(BACKSTOP, 2);
    l.solution = { moves: ['Kc1-c3'], length: 1, optimal: true, states: 1, solver: 'test', levelHash: 'sha256:' + '0'.repeat(64) };
    expect(storedProofFacts(l)).toEqual({ status: 'none' });
  });
});

describe('the par checks come from the ruleset (RulesetDef.checkPar)', () => {
  const uk: UnlockTheKingLevel = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'u' },
    board: { width: 3, height: 3 },
    portal: 'c3',
    pieces: [{ role: 'king', square: 'a1' }],
  };
  it('UK-7 below the optimum an error, above it a warning, unchecked without a proof', () => {
    const def = RULESETS['unlock-the-king'];
    // 3 x 3, king a1, portal c3: Ka1-b2, Kb2-c3, optimum 2 (hand-worked).
    expect(proofIssues({ ...uk, par: 1 }, { status: 'solved', length: 2 }, def).map((i) => [i.severity, i.code, i.ruling])).toEqual([
      ['error', 'uk-par-below-optimal', 'UK-7'],
    ]);
    expect(proofIssues({ ...uk, par: 3 }, { status: 'solved', length: 2 }, def).map((i) => [i.severity, i.code])).toEqual([
      ['warning', 'uk-par-above-optimal'],
    ]);
    expect(proofIssues({ ...uk, par: 2 }, { status: 'solved', length: 2 }, def)).toEqual([]);
    expect(proofIssues({ ...uk, par: 2 }, { status: 'none' }, def).map((i) => [i.severity, i.code])).toEqual([['warning', 'uk-par-unchecked']]);
    expect(proofIssues(uk, { status: 'none' }, def)).toEqual([]);
  });

  it('Chess Maze asks its own hook: its codes are cm-par-*, never the Unlock the King ones', () => {
    const cm: ChessMazeLevel = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'chess-maze',
      meta: { title: 'c' },
      board: { width: 3, height: 1 },
      par: 1,
      pieces: [{ role: 'rook', square: 'a1', side: 'player' }],
      tiles: [{ kind: 'finish', square: 'c1' }],
    } as ChessMazeLevel;
    // A rook a1 and the flag on c1 of a 3 x 1 board: Ra1-c1 wins in 1 move, so par 1 is the optimum; par 0 is not allowed by the schema.
    expect(checked({ ...cm, par: 1 } as Level)).toEqual([]);
    expect(checked({ ...cm, par: 2 } as Level).map((i) => [i.severity, i.code])).toEqual([['warning', 'cm-par-above-optimal']]);
  });
});
