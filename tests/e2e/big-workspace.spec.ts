/**
 * A workspace of 20,000 level files, end to end with a real `castellan
 * serve` (the files are generated in the test's workspace, never
 * committed): the project explorer lists all of them (the old explorer
 * stopped at the host's first 2,000) with only a few dozen rows in the
 * page; scrolling to the end shows the last file; the filter searches in
 * the host and finds a file far beyond the first page; the Open dialog's
 * search finds one too.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './serve-fixture.js';

const FOLDERS = 20;
const PER = 1000;

/** `zz-rooms/set-01` .. `zz-rooms/set-20` (the last folders of the list), 1,000 tiny levels each: "Room 00001" .. "Room 20000". */
function writeRooms(ws: string): void {
  for (let f = 0; f < FOLDERS; f++) {
    const dir = join(ws, 'zz-rooms', `set-${String(f + 1).padStart(2, '0')}`);
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < PER; i++) {
      const id = String(f * PER + i + 1).padStart(5, '0');
      const doc = {
        format: 'castellan.level',
        version: 1,
        ruleset: 'unlock-the-king',
        meta: { title: `Room ${id}` },
        board: { width: 3, height: 3 },
        portal: 'c3',
        pieces: [{ role: 'king', square: 'a1' }],
      };
      writeFileSync(join(dir, `room-${id}.level.json`), JSON.stringify(doc) + '\n');
    }
  }
}

/** Level files and packs of the samples the fixture copied (besides the generated ones). */
function sampleCount(ws: string): number {
  let n = 0;
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name.startsWith('.') || e.name === 'zz-rooms') continue;
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.level.json') || e.name.endsWith('.pack.json')) n++;
    }
  };
  walk(ws);
  return n;
}

test('the explorer lists 20,000 files (windowed), scrolls to the last, and its filter (in the host) finds a file far down; so does the Open search', async ({
  page,
  serve,
}) => {
  test.setTimeout(600_000);
  writeRooms(serve.workspace);
  const total = FOLDERS * PER + sampleCount(serve.workspace);
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await page.keyboard.press('Control+b');
  const ex = page.getByTestId('explorer');
  await expect(ex).toBeVisible();
  const count = page.getByTestId('explorer-count');
  await expect(count).toHaveAttribute('data-total', String(total), { timeout: 300_000 });
  await expect(count).toHaveAttribute('data-listed', String(total), { timeout: 120_000 });
  const items = ex.getByTestId('explorer-item');
  expect(await items.count()).toBeLessThan(100);

  // To the end: the last file is there, and still a few dozen rows.
  await ex.locator('.ex-body').evaluate((el) => {
    el.scrollTop = el.scrollHeight;
    el.dispatchEvent(new Event('scroll'));
  });
  const last = ex.locator('[data-testid=explorer-item][data-path="zz-rooms/set-20/room-20000.level.json"]');
  await expect(last).toBeVisible();
  await expect(last).toContainText('Room 20000');
  expect(await items.count()).toBeLessThan(100);
  // ↑ from the last row walks up (the list follows the focus).
  await last.focus();
  await page.keyboard.press('ArrowUp');
  await expect(ex.locator('[data-testid=explorer-item][data-path="zz-rooms/set-20/room-19999.level.json"]')).toBeFocused();

  // The filter searches in the host: a file far beyond the first page.
  await page.getByTestId('explorer-filter').fill('Room 19876');
  await expect(count).toHaveAttribute('data-query', 'Room 19876', { timeout: 120_000 });
  await expect(items).toHaveCount(1);
  const found = ex.locator('[data-testid=explorer-item][data-path="zz-rooms/set-20/room-19876.level.json"]');
  await expect(found).toBeVisible();
  await found.click();
  await expect(page.getByTestId('file-name')).toHaveText('room-19876.level.json');

  // The Open dialog's search asks the host too.
  await page.getByTestId('btn-open').click();
  await page.getByTestId('file-search').fill('room-19990');
  await expect(page.locator('[data-testid=file-entry][data-path="zz-rooms/set-20/room-19990.level.json"]')).toBeVisible({ timeout: 120_000 });
  await page.getByTestId('open-cancel').click();
});
