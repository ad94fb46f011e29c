/**
 * A pack of 10,000 levels in the pack manager, end to end with a real
 * `castellan serve`: the pack is generated in the test's workspace (never
 * committed), opens, and the grid and the list keep only the rows on
 * screen in the page (a few dozen elements, not 10,000), the grid reads
 * thumbnails only for those tiles; scrolling to the end shows the last
 * level; the filter finds a level far down; sorting, keyboard selection
 * (End / Home / arrows) and drag-to-reorder keep working; Verify shows its
 * progress over the 10,000 and Cancel stops it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './serve-fixture.js';

const N = 10_000;
const FILES = 'abcdefghij';
const name = (i: number): string => `levels/l${String(i + 1).padStart(5, '0')}.level.json`;

/**
 * Pack folder `packs/big` of `n` Unlock the King levels titled "Level 00001"..:
 * a king walking a 10x10 board a1 -> j10, each with its own walls on ranks 5
 * and 6 (the bits of its number), so no two are alike.
 */
function writeBigPack(ws: string, n: number): void {
  const dir = join(ws, 'packs/big');
  mkdirSync(join(dir, 'levels'), { recursive: true });
  const levels: { file: string }[] = [];
  for (let i = 0; i < n; i++) {
    const walls: string[] = [];
    for (let b = 0; b < 20; b++) if ((i >> b) & 1) walls.push(`${FILES[b % 10]}${b < 10 ? 5 : 6}`);
    const doc = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'unlock-the-king',
      meta: { title: `Level ${String(i + 1).padStart(5, '0')}` },
      board: { width: 10, height: 10 },
      portal: 'j10',
      walls,
      pieces: [{ role: 'king', square: 'a1' }],
    };
    writeFileSync(join(dir, name(i)), JSON.stringify(doc) + '\n');
    levels.push({ file: name(i) });
  }
  writeFileSync(
    join(dir, 'pack.json'),
    JSON.stringify({ format: 'castellan.pack', version: 1, title: 'Ten thousand', ruleset: 'unlock-the-king', levels }, null, 2) + '\n',
  );
}

function packOrder(ws: string): string[] {
  return (JSON.parse(readFileSync(join(ws, 'packs/big/pack.json'), 'utf8')) as { levels: { file: string }[] }).levels.map((e) => e.file);
}

async function openBig(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('btn-packs').click();
  await page.getByTestId('pack-view-grid').click();
  await page.getByTestId('pack-open-path-toggle').click();
  await page.getByTestId('pack-open-path').fill('packs/big');
  await page.getByTestId('pack-open-path-go').click();
  await expect(page.getByTestId('pack-title')).toHaveText('Ten thousand', { timeout: 120_000 });
}

/** Scrolls the element with `testid` to `top` px (or the end) as a user's wheel would. */
async function scrollTo(page: Page, testid: string, top: number | 'end'): Promise<void> {
  await page.getByTestId(testid).evaluate((el, t) => {
    el.scrollTop = t === 'end' ? el.scrollHeight : t;
    el.dispatchEvent(new Event('scroll'));
  }, top);
}

test('a pack of 10,000 levels: windowed grid and list, scroll to the end, filter, sort, keyboard, drag to reorder, verify and cancel', async ({
  page,
  serve,
}) => {
  test.setTimeout(600_000);
  writeBigPack(serve.workspace, N);
  await openBig(page, serve.url);
  await expect(page.getByTestId('pack-summary')).toContainText(`0 of ${N} proved`);

  // Grid: 10,000 levels, a few dozen tiles in the page, thumbnails only for those.
  const grid = page.getByTestId('pack-grid');
  await expect(grid).toHaveAttribute('data-total', String(N));
  await expect(page.locator('[data-testid=pack-tile][data-index="0"]')).toBeVisible();
  const tiles = page.getByTestId('pack-tile');
  expect(await tiles.count()).toBeLessThan(80);
  await expect(page.locator('[data-testid=pack-tile] [data-testid=thumb][data-loaded=true]').first()).toBeVisible({ timeout: 60_000 });
  expect(await page.locator('[data-testid=thumb]').count()).toBeLessThan(80);
  // To the end of the grid: the last level is there, still a few dozen tiles.
  await scrollTo(page, 'pack-grid', 'end');
  await expect(page.locator(`[data-testid=pack-tile][data-index="${N - 1}"]`)).toBeVisible();
  expect(await tiles.count()).toBeLessThan(80);

  // List: the same, with rows.
  await page.getByTestId('pack-view-list').click();
  const rows = page.getByTestId('pack-row');
  await expect(page.getByTestId('pack-rows')).toHaveAttribute('data-total', String(N));
  await expect(page.locator('[data-testid=pack-row][data-index="0"]')).toBeVisible();
  expect(await rows.count()).toBeLessThan(80);
  await scrollTo(page, 'pack-rows-scroll', 'end');
  const last = page.locator(`[data-testid=pack-row][data-index="${N - 1}"]`);
  await expect(last).toBeVisible();
  await expect(last.getByTestId('pack-row-title')).toContainText('Level 10000');
  expect(await rows.count()).toBeLessThan(80);
  // Half way down by scrolling: row 5000 or so is on screen, nothing far away is.
  await scrollTo(page, 'pack-rows-scroll', 5000 * 40);
  await expect(page.locator('[data-testid=pack-row][data-index="0"]')).toHaveCount(0);
  expect(await rows.count()).toBeLessThan(80);

  // The filter finds a level far down (it is the only one shown), and by its position.
  await page.getByTestId('pack-filter').fill('Level 09876');
  await expect(rows).toHaveCount(1);
  await expect(page.locator('[data-testid=pack-row][data-index="9875"]')).toBeVisible();
  await expect(page.getByTestId('pack-filter-count')).toHaveText('1 of 10,000');
  await page.getByTestId('pack-filter').fill('#9999');
  await expect(page.locator('[data-testid=pack-row][data-index="9998"]')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await page.getByTestId('pack-filter').fill('');

  // Sort by title, descending: "Level 10000" first; back to the pack order.
  await page.getByTestId('pack-sort').selectOption('title');
  await page.getByTestId('pack-sort-dir').click();
  await expect(rows.first()).toHaveAttribute('data-index', String(N - 1));
  await page.getByTestId('pack-sort').selectOption('order');
  await scrollTo(page, 'pack-rows-scroll', 0);
  await expect(rows.first()).toHaveAttribute('data-index', '0');

  // Keyboard: End selects and shows the last level, Home the first, ↓ the next.
  await page.locator('[data-testid=pack-row][data-index="0"]').focus();
  await page.keyboard.press('End');
  await expect(page.locator(`[data-testid=pack-row][data-index="${N - 1}"]`)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(page.locator('[data-testid=pack-row][data-index="0"]')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-testid=pack-row][data-index="1"]')).toBeFocused();
  await page.keyboard.press('PageDown');
  const afterPage = Number(await page.locator('[data-testid=pack-row]:focus').getAttribute('data-index'));
  expect(afterPage).toBeGreaterThan(2);

  // Drag the second row onto the first: pack.json follows.
  await scrollTo(page, 'pack-rows-scroll', 0);
  await page.locator('[data-testid=pack-row][data-index="1"]').dragTo(page.locator('[data-testid=pack-row][data-index="0"]'));
  await expect.poll(() => packOrder(serve.workspace).slice(0, 2), { timeout: 120_000 }).toEqual([name(1), name(0)]);
  await expect(page.locator('[data-testid=pack-row][data-index="0"]')).toHaveAttribute('data-name', name(1), { timeout: 120_000 });
  // Alt+↓ on the last row's neighbour moves it to the end, far below the first screen.
  await scrollTo(page, 'pack-rows-scroll', 'end');
  await page.locator(`[data-testid=pack-row][data-index="${N - 2}"]`).focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => packOrder(serve.workspace).slice(-2), { timeout: 120_000 }).toEqual([name(N - 1), name(N - 2)]);
  await expect(page.locator(`[data-testid=pack-row][data-index="${N - 1}"]`)).toBeFocused({ timeout: 120_000 });
  expect(await rows.count()).toBeLessThan(80);

  // Verify the 10,000 levels: progress, the caps, then Cancel (the levels not verified keep their stored status).
  await page.getByTestId('pack-verify').click();
  const progress = page.getByTestId('pack-verify-progress');
  await expect(progress).toHaveAttribute('data-total', String(N), { timeout: 120_000 });
  await expect(page.getByTestId('pack-verify-caps')).toContainText('per level');
  await expect.poll(async () => Number(await progress.getAttribute('data-done')), { timeout: 120_000 }).toBeGreaterThan(10);
  await page.getByTestId('pack-verify-cancel').click();
  await expect(progress).toHaveAttribute('data-state', 'cancelled');
  await expect(page.locator('[data-testid=pack-row][data-status="pending"]')).toHaveCount(0);
  await scrollTo(page, 'pack-rows-scroll', 0);
  await expect(page.locator('[data-testid=pack-row][data-index="0"]')).toHaveAttribute('data-status', 'draft');
});
