/**
 * Space-to-pan on the board (hold Space, drag with the left button), when
 * the keyboard focus is still in a form field the designer just typed in:
 * a Space pressed there types a space, unless the pointer has moved onto the
 * board since the last key typed in the field, which says the designer has
 * turned to the board; then Space takes the focus to the board and pans
 * (instead of the drag making a region selection). A pointer resting on the
 * board while typing never steals a space from the field. Pure.
 */

/** What the board knows when Space goes down (times in ms, any one clock). */
export interface SpaceDown {
  /** The key event's target is a text field, a select or a button. */
  inField: boolean;
  /** The pointer is over the board now. */
  pointerOnBoard: boolean;
  /** When the pointer last moved over the board (-Infinity: never). */
  lastBoardPointerMove: number;
  /** When a key was last typed in a form field (-Infinity: never). */
  lastFieldKey: number;
}

/**
 * What Space does: `pan` (the board has the focus: hold to pan), `take-focus`
 * (the focus leaves the field for the board, no space is typed, hold to
 * pan) or `type` (the field keeps the key).
 */
export function spaceAction(s: SpaceDown): 'pan' | 'take-focus' | 'type' {
  if (!s.inField) return 'pan';
  return s.pointerOnBoard && s.lastBoardPointerMove > s.lastFieldKey ? 'take-focus' : 'type';
}
