/**
 * The playtest on the shared play session (src-shared/play/): Redo in a
 * game (Edit > Redo, Ctrl+Shift+Z / Ctrl+Y) takes an Undo back, also the
 * Undo of a Restart, and a new move drops what could be redone. On the
 * first sample blueprint, First Steps (Unlock the King).
 */
import type { Page } from '@playwright/test';
import { test, expect } from './serve-fixture.js';

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

/** Square centre in page coordinates from the board's live data attributes. */
async function clickSquare(page: Page, sq: string): Promise<void> {
  const board = page.getByTestId('board');
  const box = (await board.boundingBox())!;
  const d = await board.evaluate((e) => ({
    h: Number((e as HTMLElement).dataset.boardHeight),
    c: Number((e as HTMLElement).dataset.cellSize),
    x: Number((e as HTMLElement).dataset.originX),
    y: Number((e as HTMLElement).dataset.originY),
  }));
  const file = sq.charCodeAt(0) - 97;
  const rank = Number(sq.slice(1));
  await page.mouse.click(box.x + d.x + (file + 0.5) * d.c, box.y + d.y + (d.h - rank + 0.5) * d.c);
}

test('playtest Redo takes an Undo back (a move, and the Undo of a Restart); a new move drops the redo', async ({ page, serve }) => {
  await ready(page, serve.url);
  await page.getByTestId('btn-playtest').click();
  await expect(page.getByTestId('playtest-panel')).toBeVisible();
  const moves = page.getByTestId('playtest-moves');
  const line = page.getByTestId('playtest-line');
  // UK-4: Bb2-c1, then Ka1-b2.
  await clickSquare(page, 'b2');
  await clickSquare(page, 'c1');
  await clickSquare(page, 'a1');
  await clickSquare(page, 'b2');
  await expect(moves).toHaveAttribute('data-moves', '2');
  await page.keyboard.press('Control+z');
  await expect(moves).toHaveAttribute('data-moves', '1');
  await page.keyboard.press('Control+Shift+z');
  await expect(moves).toHaveAttribute('data-moves', '2');
  await expect(line).toContainText('Ka1-b2');
  // Restart, its Undo, then Ctrl+Y redoes the Restart.
  await page.getByTestId('playtest-restart').click();
  await expect(moves).toHaveAttribute('data-moves', '0');
  await page.keyboard.press('Control+z');
  await expect(moves).toHaveAttribute('data-moves', '2');
  await page.keyboard.press('Control+y');
  await expect(moves).toHaveAttribute('data-moves', '0');
  // Undo the Restart again and the king's move: a new move (Ng1-f3) drops what could be redone.
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await expect(moves).toHaveAttribute('data-moves', '1');
  await clickSquare(page, 'g1');
  await clickSquare(page, 'f3');
  await expect(moves).toHaveAttribute('data-moves', '2');
  await page.keyboard.press('Control+Shift+z');
  await expect(moves).toHaveAttribute('data-moves', '2');
  await expect(line).toContainText('Ng1-f3');
  await expect(line).not.toContainText('Ka1-b2');
  await page.getByTestId('btn-exit-playtest').click();
  await expect(page.getByTestId('playtest-panel')).toHaveCount(0);
});
