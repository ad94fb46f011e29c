/**
 * solve/why-text.ts: what the editor shows of an unsolvable answer's why
 * (the Solver panel's lines, the squares the board marks, the live badge's
 * one-line tooltip). Expected words are worked by hand from the why given.
 */
import { describe, expect, it } from 'vitest';
import { marksLabel, whyLine, whyOf, whySquares, whyView } from '../../../src-renderer/solve/why-text.js';
import { lineNotation } from '../../../src-shared/rulesets/index.js';
import { newLcLevel } from '../../../src-shared/rulesets/locking-chess/def.js';
import type { UnsolvableWhy } from '../../../src-shared/solver/types.js';

const sealed: UnsolvableWhy = {
  code: 'king-sealed',
  message: 'The king on a1 is sealed in by the immovable pawns on a2, b2 and b1: the portal h8 lies outside its region.',
  squares: ['a2', 'b2', 'b1'],
  ruling: 'UK-6',
};

describe('whyOf', () => {
  it('answers the why of an unsolvable answer, and null for every other answer or an unsolvable one without why', () => {
    expect(whyOf({ status: 'unsolvable', states: 1, why: sealed })).toBe(sealed);
    expect(whyOf({ status: 'unsolvable', states: 1 })).toBeNull();
    expect(whyOf({ status: 'solved', length: 1, moves: ['Ka1-a2'], states: 2, optimal: true })).toBeNull();
    expect(whyOf({ status: 'limit', states: 9, depth: 2, reason: 'time' })).toBeNull();
    expect(whyOf(null)).toBeNull();
    // A malformed why from an older host (no message) is not shown.
    expect(whyOf({ status: 'unsolvable', states: 1, why: { code: 'x' } as unknown as UnsolvableWhy })).toBeNull();
  });
});

describe('whySquares', () => {
  it('keeps well-formed square names once each, in order, and drops junk', () => {
    expect(whySquares(['c3', 'a1', 'c3', 'not-a-square', 7, '', 'z26'])).toEqual(['c3', 'a1', 'z26']);
    expect(whySquares(undefined)).toEqual([]);
  });
});

describe('whyView', () => {
  it('UK-6: a sealed king lists the message, the ruling and the pawns’ squares, with no optimum, refutations or exhaustive line', () => {
    const v = whyView(sealed, 40, 'state');
    expect(v).toEqual({
      code: 'king-sealed',
      message: sealed.message,
      ruling: 'UK-6',
      squares: ['a2', 'b2', 'b1'],
      optimum: '',
      refutations: [],
      exhaustive: '',
    });
  });

  it('CM-12: a move-limit cause says the optimum without the limit, in the right number', () => {
    const why: UnsolvableWhy = { code: 'move-limit', message: 'The move limit 5 is below the optimum.', squares: [], ruling: 'CM-12', optimumWithoutLimit: 6 };
    expect(whyView(why, 100, 'state').optimum).toBe('Optimum without the move limit: 6 moves (CM-12)');
    expect(whyView({ ...why, optimumWithoutLimit: 1 }, 100, 'state').optimum).toBe('Optimum without the move limit: 1 move (CM-12)');
  });

  it('exhaustive: no cause found says how many states (positions) the search covered', () => {
    const why: UnsolvableWhy = { code: 'exhaustive', message: 'No cause found.', squares: [], ruling: '' };
    expect(whyView(why, 1234, 'state').exhaustive).toBe('Exhaustive: 1,234 states searched, no single cause found');
    expect(whyView(why, 1, 'position').exhaustive).toBe('Exhaustive: 1 position searched, no single cause found');
    expect(whyView(why, 1, 'state').ruling).toBe('');
  });

  it('LC-13: refuted first moves are written in the ruleset’s notation with move numbers from the side to move', () => {
    const doc = newLcLevel();
    const why: UnsolvableWhy = {
      code: 'refuted',
      message: 'Every first move has a refutation.',
      squares: [],
      ruling: 'LC-8',
      refutations: [
        { move: 'Pe2-e4', defence: 'Pe7-e5' },
        { move: 'Pd2-d4', defence: 'Pd7-d5' },
      ],
    };
    const v = whyView(why, 10, 'position', 'white', (line) => lineNotation(doc, line));
    expect(v.refutations.map((r) => r.text)).toEqual(['1. e4 — refuted by 1... e5', '1. d4 — refuted by 1... d5']);
    expect(v.refutations[0]).toMatchObject({ move: 'Pe2-e4', defence: 'Pe7-e5' });
    // Black to move at the start: the first move is 1..., its refutation 2.
    const b = whyView({ ...why, refutations: [{ move: 'Ka8-b8', defence: 'Qc1-c8' }] }, 10, 'position', 'black');
    expect(b.refutations[0]!.text).toBe('1... Ka8-b8 — refuted by 2. Qc1-c8');
    // Old answers without the closeness fields: no detail, no line.
    expect(b.refutations[0]).toMatchObject({ detail: '', line: '' });
  });

  it('LC-8: how close each try comes (its refuting defences, a mate in N + 1) and its refutation line, numbered, in SAN (LC-13)', () => {
    // The back-rank try of tests/shared/rulesets/locking-chess/why-closest.test.ts, written by hand:
    // 1. Ra8+ Kf7* (the only defence) 2. Bc4+ Ke7; and a quiet move refuted by three defences.
    const doc = { ...newLcLevel(), position: '6k1/5ppp/8/4B3/8/3B4/8/R1K5 w - - 0 1' };
    const why: UnsolvableWhy = {
      code: 'refuted',
      message: 'No mate in 2: every first move has a refuting defence (LC-8), closest first: …',
      squares: [],
      ruling: 'LC-8',
      refutations: [
        { move: 'Ra1-a8', defence: 'Kg8-f7*', defences: 1, winIn: 3, line: ['Ra1-a8', 'Kg8-f7*', 'Bd3-c4', 'Kf7-e7'] },
        { move: 'Kc1-d1', defence: 'Kg8-f7*', defences: 3 },
      ],
    };
    const v = whyView(why, 10, 'position', 'white', (line) => lineNotation(doc, line));
    expect(v.refutations.map((r) => [r.text, r.detail, r.line])).toEqual([
      ['1. Ra8+ — refuted by 1... Kf7*', 'the only defence that refutes it; would mate in 3', '1. Ra8+ Kf7* 2. Bc4+ Ke7'],
      ['1. Kd1 — refuted by 1... Kf7*', '3 defences refute it', ''],
    ]);
  });
});

describe('whyLine', () => {
  it('is the message and the ruling on one line, line breaks folded', () => {
    expect(whyLine({ message: 'The lock on c3 never opens:\nno red key.', ruling: 'CM-7' })).toBe('The lock on c3 never opens: no red key. (CM-7)');
    expect(whyLine({ message: 'No cause found.', ruling: '' })).toBe('No cause found.');
    expect(whyLine(null)).toBe('');
  });

  it('does not repeat a ruling the message already names, but does add one it names only as part of another id', () => {
    expect(whyLine({ message: 'No mate in 1: every first move has a refuting defence (LC-8): Ke1-d1 is met by Kh8-g7.', ruling: 'LC-8' })).toBe(
      'No mate in 1: every first move has a refuting defence (LC-8): Ke1-d1 is met by Kh8-g7.',
    );
    expect(whyLine({ message: 'Sealed in (UK-4 movement, UK-5 no captures).', ruling: 'UK-5' })).toBe('Sealed in (UK-4 movement, UK-5 no captures).');
    expect(whyLine({ message: 'See CM-12.', ruling: 'CM-1' })).toBe('See CM-12. (CM-1)');
    expect(whyLine({ message: 'See XCM-7.', ruling: 'CM-7' })).toBe('See XCM-7. (CM-7)');
  });
});

describe('marksLabel', () => {
  it('names the marked squares for screen readers, nothing for none', () => {
    expect(marksLabel(['a2', 'b2'])).toBe('Marked by the solver: a2, b2.');
    expect(marksLabel([])).toBe('');
  });
});
