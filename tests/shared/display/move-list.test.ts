/** Chess-style numbered move lists (src-shared/display/move-list.ts), hand-worked lines. */
import { describe, expect, it } from 'vitest';
import { moveLabel, moveListText, numberedMoves, pairLabel } from '../../../src-shared/display/move-list.js';

describe('chess-style move lists', () => {
  it('White first, even length: full pairs 1. w b 2. w b', () => {
    expect(moveListText(['Qc1-c8', 'Ka8-b8', 'Qc8-b7', 'Kb8-a8'])).toBe('1. Qc1-c8 Ka8-b8 2. Qc8-b7 Kb8-a8');
    expect(numberedMoves(['Qc1-c8', 'Ka8-b8'])).toEqual([{ number: 1, white: { index: 0, text: 'Qc1-c8' }, black: { index: 1, text: 'Ka8-b8' } }]);
  });

  it("White first, odd length: the last pair has only White's move", () => {
    // King's Valley sample 04 main line: the key, a defence, the valley (3 plies).
    expect(moveListText(['Sc2-c4', 'Kc5-a3', 'Kc1-c3'], 'white')).toBe('1. Sc2-c4 Kc5-a3 2. Kc1-c3');
    const pairs = numberedMoves(['Sc2-c4', 'Kc5-a3', 'Kc1-c3']);
    expect(pairs).toHaveLength(2);
    expect(pairs[1]).toEqual({ number: 2, white: { index: 2, text: 'Kc1-c3' } });
  });

  it('Black first: 1... b 2. w b, odd and even lengths', () => {
    expect(moveListText(['Ka8-b8'], 'black')).toBe('1... Ka8-b8');
    expect(moveListText(['Ka8-b8', 'Qc1-c8'], 'black')).toBe('1... Ka8-b8 2. Qc1-c8');
    expect(moveListText(['Ka8-b8', 'Qc1-c8', 'Kb8-a7'], 'black')).toBe('1... Ka8-b8 2. Qc1-c8 Kb8-a7');
    const pairs = numberedMoves(['Ka8-b8', 'Qc1-c8', 'Kb8-a7'], 'black');
    expect(pairs.map(pairLabel)).toEqual(['1...', '2.']);
    expect(pairs[0]).toEqual({ number: 1, black: { index: 0, text: 'Ka8-b8' } });
    expect(pairs[1]).toEqual({ number: 2, white: { index: 1, text: 'Qc1-c8' }, black: { index: 2, text: 'Kb8-a7' } });
  });

  it('a start move number other than 1 (an LFEN fullmove number), and the empty line', () => {
    expect(moveListText(['Nf6', 'Nc3'], 'black', 12)).toBe('12... Nf6 13. Nc3');
    expect(moveListText([], 'black')).toBe('');
    expect(numberedMoves([], 'white')).toEqual([]);
  });
});

describe('moveLabel: the number before one move of a line', () => {
  it('White first: 1. 1... 2.; Black first: 1... 2. 2...', () => {
    expect([0, 1, 2, 3].map((i) => moveLabel(i, 'white'))).toEqual(['1.', '1...', '2.', '2...']);
    expect([0, 1, 2].map((i) => moveLabel(i, 'black'))).toEqual(['1...', '2.', '2...']);
    expect(moveLabel(0, 'white', 12)).toBe('12.');
  });
});
