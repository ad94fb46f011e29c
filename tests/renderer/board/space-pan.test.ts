import { describe, expect, it } from 'vitest';
import { spaceAction } from '../../../src-renderer/board/space-pan.js';

describe('Space+drag pans the board', () => {
  it('with the focus on the board (not in a field), Space pans', () => {
    expect(spaceAction({ inField: false, pointerOnBoard: false, lastBoardPointerMove: -Infinity, lastFieldKey: -Infinity })).toBe('pan');
  });
  it('right after typing in a field, once the pointer moved onto the board, Space takes the focus and pans', () => {
    expect(spaceAction({ inField: true, pointerOnBoard: true, lastBoardPointerMove: 1200, lastFieldKey: 1000 })).toBe('take-focus');
  });
  it('typing with the pointer resting on the board keeps the space in the field', () => {
    expect(spaceAction({ inField: true, pointerOnBoard: true, lastBoardPointerMove: 900, lastFieldKey: 1000 })).toBe('type');
    expect(spaceAction({ inField: true, pointerOnBoard: false, lastBoardPointerMove: 1200, lastFieldKey: 1000 })).toBe('type');
  });
});
