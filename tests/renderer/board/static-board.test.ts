/**
 * The board's cached static bitmap (board/static-board.ts): drawn again
 * only when what it shows changes (a new display, the theme, the faded
 * item), on zoom or a new pixel ratio; a pan only moves it. Drawn on a
 * recording surface (no canvas under Node).
 */
import { describe, expect, it } from 'vitest';
import { MAX_BITMAP_SIDE, StaticBoard, type BitmapContext, type BitmapSurface, type StaticContent } from '../../../src-renderer/board/static-board.js';
import type { BoardLayout } from '../../../src-renderer/editor/geometry.js';
import { sameGlyphs } from '../../../src-renderer/board/glyph-draw.js';
import type { Glyph } from '../../../src-shared/display/glyph.js';
import { BOARD_COLORS } from '../../../src-renderer/shell/theme.js';

/** A surface whose 2D context counts the squares filled. */
function surface(): BitmapSurface & { rects: number } {
  const s = { width: 0, height: 0, rects: 0, getContext: () => ctx };
  const noop = (): void => undefined;
  const ctx: BitmapContext = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    lineCap: 'butt',
    lineJoin: 'miter',
    globalAlpha: 1,
    font: '',
    textAlign: 'left',
    textBaseline: 'alphabetic',
    save: noop,
    restore: noop,
    translate: noop,
    scale: noop,
    fillRect: () => void s.rects++,
    fillText: noop,
    setLineDash: noop,
    fill: noop,
    stroke: noop,
    setTransform: noop,
    clearRect: noop,
  };
  return s;
}

const layout = (over: Partial<BoardLayout> = {}): BoardLayout => ({
  width: 8,
  height: 8,
  cell: 40,
  originX: 100,
  originY: 50,
  stageWidth: 640,
  stageHeight: 560,
  ...over,
});
const content = (theme: 'dark' | 'light' = 'dark'): StaticContent => ({ colors: BOARD_COLORS[theme], glyphs: [] });

/** What the static layer does in a frame: where the picture goes, then the picture (drawn first when it changed). */
function show(board: StaticBoard, l: BoardLayout, c: StaticContent, ratio: number): { place: unknown; redrawn: boolean } {
  const before = board.draws;
  const { place } = board.update(l, c, ratio);
  if (place) board.image();
  return { place, redrawn: board.draws > before };
}

describe('glyph lists', () => {
  const rook = (square: string): Glyph => ({
    square,
    file: 0,
    rank: 0,
    layer: 'piece',
    art: { kind: 'piece', role: 'rook', tone: 'light' },
    item: 'piece',
    label: 'rook',
  });
  it('two displays of the same pieces draw the same; a moved or recoloured piece does not', () => {
    expect(sameGlyphs([rook('a1'), rook('b1')], [rook('a1'), rook('b1')])).toBe(true);
    expect(sameGlyphs([rook('a1')], [rook('a2')])).toBe(false);
    expect(sameGlyphs([rook('a1')], [{ ...rook('a1'), art: { kind: 'piece', role: 'rook', tone: 'dark' } }])).toBe(false);
    expect(sameGlyphs([rook('a1')], [rook('a1'), rook('b1')])).toBe(false);
  });
});

describe('static board bitmap', () => {
  it('is the board and its 6 px frame at the device pixel ratio, drawn once; a pan only moves it', () => {
    const s = surface();
    const board = new StaticBoard(s);
    const c = content();
    const first = show(board, layout(), c, 2);
    expect(first).toEqual({ place: { x: 94, y: 44, width: 332, height: 332 }, redrawn: true });
    expect([s.width, s.height]).toEqual([664, 664]);
    // The frame, then the 64 squares.
    expect(s.rects).toBe(65);
    const panned = show(board, layout({ originX: 160, originY: 20 }), c, 2);
    expect(panned).toEqual({ place: { x: 154, y: 14, width: 332, height: 332 }, redrawn: false });
    expect(board.draws).toBe(1);
  });

  it('is drawn again for a new display, a theme change, a zoom or another pixel ratio', () => {
    const board = new StaticBoard(surface());
    const c = content();
    show(board, layout(), c, 1);
    expect(show(board, layout(), { ...c }, 1).redrawn).toBe(true);
    const light = content('light');
    expect(show(board, layout(), light, 1).redrawn).toBe(true);
    expect(show(board, layout({ cell: 48 }), light, 1).redrawn).toBe(true);
    expect(show(board, layout({ cell: 48 }), light, 2).redrawn).toBe(true);
    expect(show(board, layout({ cell: 48, originX: 0 }), light, 2).redrawn).toBe(false);
    expect(board.draws).toBe(5);
  });

  it('update only says what changes: the drawing waits for the frame that shows it (image)', () => {
    const board = new StaticBoard(surface());
    expect(board.update(layout(), content(), 1).changed).toBe(true);
    expect(board.update(layout(), content('light'), 1).changed).toBe(true);
    expect(board.draws).toBe(0);
    board.image();
    board.image();
    expect(board.draws).toBe(1);
  });

  it('a board too big for one bitmap is drawn only where it is in view, and again when the view moves', () => {
    const s = surface();
    const board = new StaticBoard(s);
    // 26 x 26 squares of 320 px: 8332 px a side, over MAX_BITMAP_SIDE.
    const big = layout({ width: 26, height: 26, cell: 320, originX: -1000, originY: -2000 });
    expect(26 * 320 + 12).toBeGreaterThan(MAX_BITMAP_SIDE);
    const c = content();
    const r = show(board, big, c, 1);
    expect(r).toEqual({ place: { x: 0, y: 0, width: 640, height: 560 }, redrawn: true });
    // In view (x 0..640, y 0..560): files 3..5 (x -40..920) and rows 6..7 (y -80..560), 3 x 2 squares, and the frame.
    expect(s.rects).toBe(1 + 6);
    expect(show(board, { ...big, originX: -1010 }, c, 1).redrawn).toBe(true);
    expect(show(board, { ...big, originX: -1010 }, c, 1).redrawn).toBe(false);
  });

  it('with an OffscreenCanvas the picture is handed on as an ImageBitmap, the previous one freed', () => {
    const s = surface();
    const made: { closed: boolean }[] = [];
    const withTransfer = Object.assign(s, {
      transferToImageBitmap: () => {
        const b = { closed: false, close: () => void (b.closed = true) };
        made.push(b);
        return b as unknown as ImageBitmap;
      },
    });
    const board = new StaticBoard(withTransfer);
    expect(board.image()).toBe(withTransfer);
    show(board, layout(), content(), 1);
    expect(board.image()).toBe(made[0]);
    show(board, layout(), content('light'), 1);
    expect(board.image()).toBe(made[1]);
    expect(made.map((b) => b.closed)).toEqual([true, false]);
    board.dispose();
    expect(made[1]!.closed).toBe(true);
  });

  it('nothing is drawn when no part of the board is in view', () => {
    const board = new StaticBoard(surface());
    const off = layout({ width: 26, height: 26, cell: 320, originX: 700 });
    expect(board.update(off, content(), 1)).toEqual({ place: null, changed: false });
    expect(board.draws).toBe(0);
  });
});
