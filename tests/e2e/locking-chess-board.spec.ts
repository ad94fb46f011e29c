/**
 * Locking Chess edited on the shared Konva board through the Editor, as a
 * user against `castellan serve`: place pieces by clicking squares (a piece
 * dropped on a lone piece is superimposed, LC-2), undo / redo, zoom in with
 * the zoom bar and still hit the right square, the keyboard cursor (arrows
 * + Enter), drag the top piece off a stack, region copy / paste of a stack,
 * copy the LFEN (LC-13), set the goal in the inspector, and a validation
 * mark on the squares of two white kings (LC-1, `lc-king-count`).
 *
 * Every expected mirror and LFEN is hand-worked: the mirror lists `X:sq`
 * (White upper case, Black lower case) and stacks `(B/T):sq` (board level /
 * top), sorted by character code (`(` < upper case < lower case), then the
 * side to move; the LFEN writes ranks 8..1, a stack as `(BT)` (LC-13).
 */
import type { Page } from '@playwright/test';
import { test, expect } from './serve-fixture.js';

/** Square centre relative to the board element, from its live hooks (data-cell-size, data-origin-x / -y): valid at any zoom. */
async function squarePoint(page: Page, sq: string): Promise<{ x: number; y: number }> {
  const d = await page.getByTestId('board').evaluate((e) => ({
    h: Number((e as HTMLElement).dataset.boardHeight),
    c: Number((e as HTMLElement).dataset.cellSize),
    x: Number((e as HTMLElement).dataset.originX),
    y: Number((e as HTMLElement).dataset.originY),
  }));
  return { x: d.x + (sq.charCodeAt(0) - 97 + 0.5) * d.c, y: d.y + (d.h - Number(sq.slice(1)) + 0.5) * d.c };
}

async function clickSquare(page: Page, sq: string): Promise<void> {
  await page.getByTestId('board').click({ position: await squarePoint(page, sq) });
}

/** A pointer drag on the board from one square to another (past the drag threshold). */
async function drag(page: Page, from: string, to: string): Promise<void> {
  const box = (await page.getByTestId('board').boundingBox())!;
  const a = await squarePoint(page, from);
  const b = await squarePoint(page, to);
  await page.mouse.move(box.x + a.x, box.y + a.y);
  await page.mouse.down();
  await page.mouse.move(box.x + (a.x + b.x) / 2, box.y + (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(box.x + b.x, box.y + b.y, { steps: 4 });
  await page.mouse.up();
}

/** Moves the keyboard cursor to `sq` with the arrow keys (the board has the focus). */
async function cursorTo(page: Page, sq: string): Promise<void> {
  const board = page.getByTestId('board');
  const at = (await board.getAttribute('data-cursor'))!;
  const df = sq.charCodeAt(0) - at.charCodeAt(0);
  const dr = Number(sq.slice(1)) - Number(at.slice(1));
  for (let i = 0; i < Math.abs(df); i++) await page.keyboard.press(df > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr > 0 ? 'ArrowUp' : 'ArrowDown');
  await expect(board).toHaveAttribute('data-cursor', sq);
}

test('Locking Chess on the Konva board: stack by clicking, undo / redo, zoom, keyboard cursor, drag, region paste, copy LFEN, goal, validation marks', async ({
  page,
  serve,
}) => {
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  const state = page.getByTestId('board-state');
  const board = page.getByTestId('board');

  // New → Locking Chess, then an empty board (no castling rights, LC-12) from a pasted LFEN.
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-locking-chess').click();
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'locking-chess');
  await expect(board).toHaveAttribute('data-board-width', '8');
  await expect(page.getByTestId('board-width')).toBeDisabled(); // LC-1: 8 x 8
  await page.getByTestId('lfen-input').fill('8/8/8/8/8/8/8/8 w - - 0 1');
  await page.getByTestId('lfen-paste').click();
  await expect(state).toHaveText('to-move:white');

  // Place by clicking the Konva board.
  await page.getByTestId('palette-lc-white-king').click();
  await clickSquare(page, 'e1');
  await page.getByTestId('palette-lc-black-king').click();
  await clickSquare(page, 'e8');
  await page.getByTestId('palette-lc-white-rook').click();
  await clickSquare(page, 'a1');
  await page.getByTestId('palette-lc-white-pawn').click();
  await clickSquare(page, 'd4');
  await expect(state).toHaveText('K:e1 P:d4 R:a1 k:e8 to-move:white');
  // A white bishop dropped on the lone pawn d4 is superimposed: the pawn is locked (LC-2).
  await page.getByTestId('palette-lc-white-bishop').click();
  await clickSquare(page, 'd4');
  await expect(state).toHaveText('(P/B):d4 K:e1 R:a1 k:e8 to-move:white');
  await expect(page.getByTestId('lc-lock-state')).toHaveAttribute('data-state', 'equal');
  await expect(page.getByTestId('lc-level-bottom')).toHaveValue('white-pawn');
  await expect(page.getByTestId('lc-level-top')).toHaveValue('white-bishop');

  // Undo takes the bishop off again, redo puts it back.
  await page.getByTestId('btn-undo').click();
  await expect(state).toHaveText('K:e1 P:d4 R:a1 k:e8 to-move:white');
  await page.getByTestId('btn-redo').click();
  await expect(state).toHaveText('(P/B):d4 K:e1 R:a1 k:e8 to-move:white');

  // Zoom in three steps with the zoom bar (about the centre: e5 stays in view), then click e5.
  const zoom0 = Number(await board.getAttribute('data-zoom'));
  const cell0 = Number(await board.getAttribute('data-cell-size'));
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
  await expect.poll(async () => Number(await board.getAttribute('data-zoom'))).toBeGreaterThan(zoom0);
  expect(Number(await board.getAttribute('data-cell-size'))).toBeGreaterThan(cell0 * 1.5);
  await page.getByTestId('palette-lc-black-knight').click();
  await clickSquare(page, 'e5');
  await expect(state).toHaveText('(P/B):d4 K:e1 R:a1 k:e8 n:e5 to-move:white');
  await page.getByTestId('zoom-fit').click();
  await expect(board).toHaveAttribute('data-cell-size', String(cell0));

  // The keyboard cursor: arrows to c3, Enter places the palette piece there.
  await page.getByTestId('palette-lc-white-queen').click();
  await board.focus();
  await cursorTo(page, 'c3');
  await page.keyboard.press('Enter');
  await expect(state).toHaveText('(P/B):d4 K:e1 Q:c3 R:a1 k:e8 n:e5 to-move:white');

  // A drag moves the uppermost piece: the bishop leaves the stack, the pawn is free again (LC-2).
  await page.getByTestId('palette-select').click();
  await drag(page, 'd4', 'f4');
  await expect(state).toHaveText('B:f4 K:e1 P:d4 Q:c3 R:a1 k:e8 n:e5 to-move:white');
  await page.getByTestId('btn-undo').click();
  await expect(state).toHaveText('(P/B):d4 K:e1 Q:c3 R:a1 k:e8 n:e5 to-move:white');

  // Region copy / paste: d5..e4 (from the empty d5) holds the stack d4 and the knight e5; pasted with its top-left on a7.
  await drag(page, 'd5', 'e4');
  await expect(board).toHaveAttribute('data-region', 'd5:e4');
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await clickSquare(page, 'a7');
  await expect(state).toHaveText('(P/B):a6 (P/B):d4 K:e1 Q:c3 R:a1 k:e8 n:b7 n:e5 to-move:white');
  await page.keyboard.press('Control+z');
  await expect(state).toHaveText('(P/B):d4 K:e1 Q:c3 R:a1 k:e8 n:e5 to-move:white');

  // Copy LFEN (LC-13).
  await page.getByTestId('lfen-copy').click();
  await expect(page.getByTestId('lfen-output')).toHaveValue('4k3/8/8/4n3/3(PB)4/2Q5/8/R3K3 w - - 0 1');

  // The goal in the generic inspector: mate in 2 (LC-8).
  await page.getByTestId('goal-moves').fill('2');
  await page.getByTestId('goal-moves').press('Enter');
  await expect(page.getByTestId('goal-moves')).toHaveAttribute('data-doc-value', '2');
  await expect(page.getByTestId('solve-status')).toContainText('mate in 2');

  // A second white king on h1: lc-king-count names both squares, and the board marks them.
  await page.getByTestId('palette-lc-white-king').click();
  await clickSquare(page, 'h1');
  const kings = page.locator('[data-testid=validation-item][data-code=lc-king-count]');
  await expect(kings).toHaveCount(1);
  await expect(kings).toHaveAttribute('data-squares', 'e1 h1');
  await expect(board).toHaveAttribute('data-issue-squares', /(^| )error:e1( |$)/);
  await expect(board).toHaveAttribute('data-issue-squares', /(^| )error:h1( |$)/);
  await page.screenshot({ path: 'test-results/locking-chess-board.png' });
});
