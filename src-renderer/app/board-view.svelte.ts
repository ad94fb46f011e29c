/**
 * Where the board is on screen: its element and the geometry the Board
 * component last laid out (cell size, origin, zoom), so palette drops and
 * the zoom commands can turn a pointer position into a square.
 */
import { squareAtPoint, type BoardLayout } from '../editor/geometry.js';
import { squareName } from '../../src-shared/model/square.js';

export class BoardView {
  /** Board geometry as last laid out by the Board component (for palette drops and zoom). */
  layout: BoardLayout | null = $state.raw(null);
  /** The board's element (set by the Board component while it is mounted). */
  el: HTMLElement | null = null;

  /**
   * Moves the keyboard focus to the board (the "Focus the board" command):
   * on the next task, so a menu or the command palette that ran the command
   * gives focus back first. Answers whether there is a board to focus.
   */
  focus(): boolean {
    if (!this.el) return false;
    setTimeout(() => this.el?.focus(), 0);
    return true;
  }

  /** Square under a viewport point, using the board element and its layout; null off the board. */
  squareAtClient(clientX: number, clientY: number): string | null {
    const el = this.el;
    const l = this.layout;
    if (!el || !l) return null;
    const r = el.getBoundingClientRect();
    const c = squareAtPoint(l, clientX - r.left, clientY - r.top);
    return c ? squareName(c.file, c.rank) : null;
  }
}
