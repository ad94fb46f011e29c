/**
 * Terrain tools in every ruleset that paints terrain: Unlock the King
 * walls (UK-1) and King's Valley pillars (KV-1) with the rectangle (R) and
 * fill (F) tools and the H toggle, as in Chess Maze; one undo step each.
 * Expected boards are hand-worked from the sample files.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './serve-fixture.js';

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

async function at(page: Page, sq: string): Promise<{ x: number; y: number }> {
  const board = page.getByTestId('board');
  const box = (await board.boundingBox())!;
  const d = await board.evaluate((e) => ({
    h: Number((e as HTMLElement).dataset.boardHeight),
    c: Number((e as HTMLElement).dataset.cellSize),
    x: Number((e as HTMLElement).dataset.originX),
    y: Number((e as HTMLElement).dataset.originY),
  }));
  return { x: box.x + d.x + (sq.charCodeAt(0) - 97 + 0.5) * d.c, y: box.y + d.y + (d.h - Number(sq.slice(1)) + 0.5) * d.c };
}

async function drag(page: Page, from: string, to: string): Promise<void> {
  const a = await at(page, from);
  const b = await at(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

async function click(page: Page, sq: string): Promise<void> {
  const p = await at(page, sq);
  await page.mouse.click(p.x, p.y);
}

/** The board-state mirror of a UK level: pieces and walls sorted, then the portal. */
function ukState(walls: string[]): string {
  const pieces = ['K:a1', 'B:b2', 'P:a2', 'P:b1', 'R:h8', 'N:g1', 'Q:d8'];
  return [...pieces.sort(), ...walls.map((w) => `W:${w}`).sort(), 'portal:c3'].join(' ');
}

test('Unlock the King walls: a rectangle fences a corner, a fill walls it in, H + fill clears the fence; one undo step each', async ({ page, serve }) => {
  await ready(page, serve.url);
  // Sample 01 "First Steps": 8x8, walls d4 e4, portal c3.
  const state = page.getByTestId('board-state');
  const board = page.getByTestId('board');
  await expect(state).toHaveText(ukState(['d4', 'e4']));
  await board.focus();
  await page.keyboard.press('r');
  await expect(board).toHaveAttribute('data-tool', 'rect');
  await drag(page, 'a6', 'c6');
  await drag(page, 'c7', 'c8');
  const fence = ['d4', 'e4', 'a6', 'b6', 'c6', 'c7', 'c8'];
  await expect(state).toHaveText(ukState(fence));
  // The fenced corner a7 a8 b7 b8 (bounded by the fence and the board edge) fills with walls in one step.
  await page.keyboard.press('f');
  await click(page, 'a8');
  await expect(state).toHaveText(ukState([...fence, 'a7', 'a8', 'b7', 'b8']));
  await page.keyboard.press('Control+z');
  await expect(state).toHaveText(ukState(fence));
  // H: the terrain tools paint floor; a fill from c6 takes the whole connected fence away, not d4 e4.
  await board.focus();
  await page.keyboard.press('h');
  await expect(page.getByTestId('paint-floor')).toHaveAttribute('aria-checked', 'true');
  await click(page, 'c6');
  await expect(state).toHaveText(ukState(['d4', 'e4']));
  await page.keyboard.press('Control+z');
  await expect(state).toHaveText(ukState(fence));
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await expect(state).toHaveText(ukState(['d4', 'e4']));
});

test("King's Valley pillars: a fill covers the empty board but skips the king and the valley (KV-9); one undo step", async ({ page, serve }) => {
  await ready(page, serve.url);
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-kings-valley').click();
  await page.getByTestId('new-setup-empty').click();
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'kings-valley');
  const state = page.getByTestId('board-state');
  await page.getByTestId('palette-kv-king-white').click();
  await click(page, 'a1');
  await expect(state).toHaveText('K:a1 valley:c3 to-move:white');
  await page.getByTestId('tool-fill').click();
  await click(page, 'e5');
  const pillars: string[] = [];
  for (const f of 'abcde') for (let r = 1; r <= 5; r++) if (`${f}${r}` !== 'a1' && `${f}${r}` !== 'c3') pillars.push(`X:${f}${r}`);
  await expect(state).toHaveText(['K:a1', ...pillars.sort(), 'valley:c3', 'to-move:white'].join(' '));
  await expect(page.getByTestId('notice')).toHaveText('Skipped 1 square with pieces (a1). No pillar on the valley c3 (KV-9)');
  await page.keyboard.press('Control+z');
  await expect(state).toHaveText('K:a1 valley:c3 to-move:white');
});
