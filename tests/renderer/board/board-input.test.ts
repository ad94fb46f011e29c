/**
 * The board's input, headless (TestBoard: the state machine with a real
 * Editor and the real Delete / canvas actions): pointer, key and wheel
 * events in, intents and the resulting document, history and view out.
 * Expected documents are worked by hand from the fixtures (UK-1 walls,
 * UK-6 the pinned portal, CM-1 holes).
 */
import { describe, expect, it, vi } from 'vitest';
import type { ChessMazeLevel, UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { DRAG_THRESHOLD } from '../../../src-renderer/editor/tools.js';
import { redDoor, sampleLevel } from '../fixtures.js';
import { TestBoard } from './test-board.js';

const uk = (b: TestBoard): UnlockTheKingLevel => b.doc as UnlockTheKingLevel;
const pieceSquares = (b: TestBoard): string[] =>
  uk(b)
    .pieces.map((p) => p.square)
    .sort();

describe('Delete: one action, regions included', () => {
  it('a region dragged with the select tool and Delete on the board empty the region as ONE undo step; the portal stays (UK-6)', () => {
    const b = new TestBoard(sampleLevel());
    // From the empty a3 to f8: the rook e4, the wall d4 and the portal e8 are inside; the king e1 and pawn e2 are not.
    b.drag(['a3', 'c5', 'f8']);
    expect(b.canvas.region).toEqual({ from: 'a3', to: 'f8' });
    expect(b.editor.state.canUndo).toBe(false);
    b.key('Delete');
    expect(b.intentsOf('action')).toEqual([{ type: 'action', id: 'erase-selection' }]);
    expect(pieceSquares(b)).toEqual(['e1', 'e2']);
    expect(uk(b).walls ?? []).toEqual([]);
    expect(uk(b).portal).toBe('e8');
    expect(b.undoAll()).toBe(1);
    expect(b.doc).toEqual(sampleLevel());
  });

  it('Delete from outside the board (the page, the Edit menu) empties the region too', () => {
    const b = new TestBoard(sampleLevel());
    b.drag(['a3', 'f5']);
    b.focus = 'page';
    b.key('Delete');
    expect(pieceSquares(b)).toEqual(['e1', 'e2']);
    expect(uk(b).walls ?? []).toEqual([]);
    expect(b.undoAll()).toBe(1);
  });

  it('without a region, Delete on the board removes the top item of the cursor square (arrows move the cursor and select)', () => {
    const b = new TestBoard(sampleLevel());
    for (let i = 0; i < 4; i++) b.key('ArrowRight');
    for (let i = 0; i < 3; i++) b.key('ArrowUp');
    expect(b.editor.state.cursor).toBe('e4');
    expect(b.editor.state.selection).toBe('e4');
    b.key('Delete');
    expect(pieceSquares(b)).toEqual(['e1', 'e2']);
    expect(b.undoAll()).toBe(1);
  });

  it('during the solution preview a board press or Delete only leaves the preview', () => {
    const b = new TestBoard(sampleLevel());
    b.editor.select('e4');
    b.editor.startPreview(['e4-e5'], [sampleLevel(), sampleLevel()], 'solver');
    b.click('e4');
    expect(b.intentsOf('leave-preview')).toHaveLength(1);
    expect(b.flashes).toContain('Back to editing');
    expect(b.editor.state.preview).toBeNull();
    b.editor.startPreview(['e4-e5'], [sampleLevel(), sampleLevel()], 'solver');
    b.key('Delete');
    expect(b.editor.state.preview).toBeNull();
    expect(b.doc).toEqual(sampleLevel());
    expect(b.editor.state.canUndo).toBe(false);
  });
});

describe('edit gestures', () => {
  it('a brush stroke across five squares paints five holes as ONE undo step (CM-1); a second stroke is a second step', () => {
    const b = new TestBoard(redDoor());
    b.editor.setTool('brush');
    b.drag(['a2', 'b2', 'c2', 'd2', 'e2']);
    expect((b.doc as ChessMazeLevel).board.holes?.slice().sort()).toEqual(['a2', 'b2', 'c2', 'c3', 'd2', 'e2']);
    const paints = b.intentsOf('apply-tool');
    expect(paints.map((i) => i.square)).toEqual(['a2', 'b2', 'c2', 'd2', 'e2']);
    expect(new Set(paints.map((i) => i.mergeKey)).size).toBe(1);
    b.drag(['a4', 'b4']);
    expect(b.undoAll()).toBe(2);
    expect(b.doc).toEqual(redDoor());
  });

  it('a drag of a piece is ONE move step; released on its own square it does nothing', () => {
    const b = new TestBoard(sampleLevel());
    b.drag(['e4', 'e5', 'e6']);
    expect(b.intentsOf('move')).toEqual([{ type: 'move', from: 'e4', to: 'e6', item: 'piece' }]);
    expect(pieceSquares(b)).toEqual(['e1', 'e2', 'e6']);
    b.drag(['e6', 'f6', 'e6']);
    expect(pieceSquares(b)).toEqual(['e1', 'e2', 'e6']);
    expect(b.undoAll()).toBe(1);
  });

  it('a gesture captures the pointer on the press and releases it on the release', () => {
    const b = new TestBoard(sampleLevel());
    b.drag(['e4', 'e5']);
    expect(b.dom).toEqual(['focus', 'capture 1', 'release 1']);
  });

  it('Enter with the select tool picks the item up and a second Enter drops it at the cursor: one move step', () => {
    const b = new TestBoard(sampleLevel());
    b.editor.setCursor('e4');
    b.key('Enter');
    expect(b.editor.state.carrying).toEqual({ from: 'e4', item: 'piece' });
    b.key('ArrowUp');
    b.key('ArrowUp');
    b.key('Enter');
    expect(pieceSquares(b)).toEqual(['e1', 'e2', 'e6']);
    expect(b.undoAll()).toBe(1);
  });

  it('a rectangle tool drag is ONE rect step: holes on every square of a2..c4 that holds nothing (CM-1: the key on b3 stays)', () => {
    const b = new TestBoard(redDoor());
    b.editor.setTool('rect');
    b.drag(['a2', 'b3', 'c4']);
    expect(b.intentsOf('rect')).toEqual([{ type: 'rect', from: 'a2', to: 'c4' }]);
    expect((b.doc as ChessMazeLevel).board.holes?.slice().sort()).toEqual(['a2', 'a3', 'a4', 'b2', 'b4', 'c2', 'c3', 'c4']);
    expect(b.undoAll()).toBe(1);
  });

  it('Shift+drag from an occupied square selects a region instead of moving the piece', () => {
    const b = new TestBoard(sampleLevel());
    b.drag(['e4', 'f5', 'g6'], { shift: true });
    expect(b.canvas.region).toEqual({ from: 'e4', to: 'g6' });
    expect(b.intentsOf('move')).toEqual([]);
    expect(pieceSquares(b)).toEqual(['e1', 'e2', 'e4']);
  });

  it('Shift+arrows extend a region from where the cursor was; Escape drops it', () => {
    const b = new TestBoard(sampleLevel());
    b.key('ArrowRight');
    b.key('ArrowUp', { shift: true });
    b.key('ArrowUp', { shift: true });
    expect(b.canvas.region).toEqual({ from: 'b1', to: 'b3' });
    expect(b.editor.state.selection).toBeNull();
    b.key('Escape');
    expect(b.canvas.region).toBeNull();
  });
});

describe('pan and zoom', () => {
  it('the wheel zooms at the pointer: the board point under it stays put (within a pixel: sizes are whole px), and the page does not scroll', () => {
    const b = new TestBoard(sampleLevel());
    const c3 = b.at('c3');
    const p = { x: c3.x + 7, y: c3.y - 5 };
    for (const delta of [-300, -300, 200]) {
      const l0 = b.layout;
      const fx = (p.x - l0.originX) / l0.cell;
      const fy = (p.y - l0.originY) / l0.cell;
      expect(b.wheel(p, delta).consume).toBe(true);
      const l1 = b.layout;
      expect(l1.cell === l0.cell).toBe(false);
      expect(Math.abs(l1.originX + fx * l1.cell - p.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(l1.originY + fy * l1.cell - p.y)).toBeLessThanOrEqual(1);
    }
    expect(b.editor.state.canUndo).toBe(false);
  });

  it('zoomed in, the view follows the keyboard cursor so its square stays wholly in view', () => {
    const b = new TestBoard(sampleLevel());
    // 100 px squares, a1's top-left at (30, 400): rank 1 and files a..f are in the 640 x 560 stage, g (x 630..730) is not.
    b.canvas.view = { cell: 100, originX: 30, originY: -300, boardWidth: 8, boardHeight: 8 };
    for (let i = 0; i < 5; i++) b.key('ArrowRight');
    expect(b.editor.state.cursor).toBe('f1');
    expect(b.intentsOf('view')).toEqual([]);
    b.key('ArrowRight');
    expect(b.editor.state.cursor).toBe('g1');
    // g1 = file 6: its right edge at originX + 700 must be at most 640 - 8 (the reveal margin).
    expect(b.layout.originX + 700).toBe(632);
  });

  it('the wheel over the board controls (minimap, zoom bar) is left to them', () => {
    const b = new TestBoard(sampleLevel());
    const r = b.input.wheel({ ...b.at('c3'), deltaY: -300, deltaMode: 0, onControl: true }, b.world);
    expect(r).toEqual({ intents: [], consume: false });
  });

  it('Ctrl+0 fits the board again (the board leaves Mod chords to the application shortcuts)', () => {
    const b = new TestBoard(sampleLevel());
    b.wheel('c3', -400);
    expect(b.canvas.view).not.toBeNull();
    b.key('0', { ctrl: true });
    expect(b.canvas.view).toBeNull();
  });

  it('Space + drag pans by the pointer travel and edits nothing; a Space tap (no drag) activates at the cursor', () => {
    const b = new TestBoard(sampleLevel());
    const l0 = b.layout;
    const from = b.at('e4');
    b.keyDown(' ');
    expect(b.input.state.spaceHeld).toBe(true);
    b.down(from);
    b.move({ x: from.x + 20, y: from.y + 10 });
    b.move({ x: from.x + 40, y: from.y + 25 });
    expect(b.input.state.activity.kind).toBe('pan');
    b.up({ x: from.x + 40, y: from.y + 25 });
    b.keyUp(' ');
    expect(b.input.state.spaceHeld).toBe(false);
    expect([b.layout.originX - l0.originX, b.layout.originY - l0.originY]).toEqual([40, 25]);
    expect(b.intentsOf('keyboard-enter')).toEqual([]);
    expect(b.intentsOf('apply-tool')).toEqual([]);
    expect(b.doc).toEqual(sampleLevel());
    // A tap: the select tool at the cursor (a1, empty) selects it.
    b.key(' ');
    expect(b.intentsOf('keyboard-enter')).toHaveLength(1);
    expect(b.editor.state.selection).toBe('a1');
  });

  it('a middle-button drag pans from anywhere', () => {
    const b = new TestBoard(sampleLevel());
    const l0 = b.layout;
    const from = b.at('e4');
    expect(b.down(from, { button: 1 }).consume).toBe(true);
    b.move({ x: from.x - 30, y: from.y + 12 });
    b.up({ x: from.x - 30, y: from.y + 12 }, { button: 1 });
    expect([b.layout.originX - l0.originX, b.layout.originY - l0.originY]).toEqual([-30, 12]);
    expect(pieceSquares(b)).toEqual(['e1', 'e2', 'e4']);
  });

  it('a Space typed in a text field stays there, unless the pointer moved onto the board since the last key typed: then the board takes the focus and pans', () => {
    const b = new TestBoard(sampleLevel());
    b.focus = 'field';
    b.keyDown('a');
    b.keyDown(' ');
    expect(b.input.state.spaceHeld).toBe(false);
    expect(b.dom).toEqual([]);
    b.keyUp(' ');
    b.move('c3');
    b.keyDown(' ');
    expect(b.dom).toEqual(['focus from field']);
    expect(b.focus).toBe('board');
    expect(b.input.state.spaceHeld).toBe(true);
  });
});

describe('paste', () => {
  it('Ctrl+V shows the clip; a click places it centred on the square (one undo step); Escape cancels the next one', async () => {
    const b = new TestBoard(sampleLevel());
    // The 2 x 2 region d3..e4: the wall d4 and the rook e4 on its top row.
    b.drag(['d3', 'e4']);
    b.key('c', { ctrl: true });
    expect(b.canvas.clip).not.toBeNull();
    b.key('v', { ctrl: true });
    await vi.waitFor(() => expect(b.canvas.pending).not.toBeNull());
    b.move('b7');
    expect(b.canvas.anchor).toBe('b7');
    b.click('b7');
    // Centred on b7 with an even side leaning to the top-left: top-left b7, so the wall lands on b7 and the rook on c7.
    expect(b.canvas.pending).toBeNull();
    expect(uk(b).walls?.slice().sort()).toEqual(['b7', 'd4']);
    expect(pieceSquares(b)).toEqual(['c7', 'e1', 'e2', 'e4']);
    expect(b.undoAll()).toBe(1);
    b.key('v', { ctrl: true });
    await vi.waitFor(() => expect(b.canvas.pending).not.toBeNull());
    b.key('Escape');
    expect(b.canvas.pending).toBeNull();
    expect(b.flashes).toContain('Paste cancelled');
    expect(b.doc).toEqual(sampleLevel());
  });
});

describe('playtest press and drag (the play controller entry points)', () => {
  const playing = (b: TestBoard): void => {
    b.player.play = { picked: null, targets: [], movable: new Set(['e1', 'e2', 'e4']), session: { canUndo: false } };
  };

  it('a press picks a movable piece; a drag past the threshold and a release on another square is ONE playMove', () => {
    const b = new TestBoard(sampleLevel());
    playing(b);
    const e2 = b.at('e2');
    b.down(e2);
    b.move({ x: e2.x, y: e2.y - DRAG_THRESHOLD });
    expect(b.input.state.activity).toMatchObject({ kind: 'press', dragging: false });
    b.move('e3');
    expect(b.input.state.activity).toMatchObject({ kind: 'press', square: 'e2', dragging: true });
    b.up('e4');
    expect(b.player.calls).toEqual(['playPick e2', 'playMove e2 e4']);
    expect(b.dom).toEqual(['focus', 'capture 1', 'release 1']);
    expect(b.doc).toEqual(sampleLevel());
  });

  it('a click on the picked piece drops the pick; a press on a target moves there; a press elsewhere drops the pick', () => {
    const b = new TestBoard(sampleLevel());
    playing(b);
    b.click('e4');
    b.click('e4');
    expect(b.player.calls).toEqual(['playPick e4', 'playPick null']);
    b.click('e4');
    b.player.play!.targets = [{ to: 'e5' }, { to: 'e6' }];
    b.click('e6');
    b.click('a5');
    expect(b.player.calls.slice(2)).toEqual(['playPick e4', 'playMove e4 e6', 'playPick null']);
  });

  it('a drag released on its own square moves nothing; Enter is the play click at the cursor; Delete edits nothing', () => {
    const b = new TestBoard(sampleLevel());
    playing(b);
    b.drag(['e2', 'f2', 'e2']);
    expect(b.player.calls).toEqual(['playPick e2']);
    b.editor.setCursor('e2');
    b.key('Enter');
    b.key('Delete');
    expect(b.player.calls).toEqual(['playPick e2', 'playClick e2']);
    expect(b.doc).toEqual(sampleLevel());
  });
});
