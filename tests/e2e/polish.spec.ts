/**
 * Nothing disappears silently, and the overlay / wording / rights / number
 * fixes, as a user against `castellan serve`:
 * - CM-14 a key placed on a coin replaces it with a toast next to the square
 *   naming the coin, and Ctrl+Z restores the coin and removes the key in one step;
 * - a 26 x 26 Chess Maze board: the minimap covers no square (a rook on z1 is
 *   drawn exactly like a rook on b1, pixel for pixel, and the minimap's box
 *   does not meet the board's);
 * - a move limit of 99999999999999999999 is refused visibly, the document keeps its value;
 * - a refused letter (é) goes back to the tile's letter with a note;
 * - a Locking Chess file claiming KQkq without rooks shows each right as an
 *   error, the boxes can be unticked, Copy leaves impossible rights out (LC-12);
 * - Space+drag right after typing in a field pans instead of selecting;
 * - Solve stops at the state cap of the Solver settings and names it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './serve-fixture.js';
import { pickFile } from './file-dialog.js';

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

async function newLevel(page: Page, ruleset: string): Promise<void> {
  await page.getByTestId('btn-new').click();
  await page.getByTestId(`new-ruleset-${ruleset}`).click();
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', ruleset);
}

async function geometry(page: Page) {
  const d = await page.getByTestId('board').evaluate((e) => ({
    h: Number((e as HTMLElement).dataset.boardHeight),
    c: Number((e as HTMLElement).dataset.cellSize),
    x: Number((e as HTMLElement).dataset.originX),
    y: Number((e as HTMLElement).dataset.originY),
  }));
  /** Top-left of a square inside the board container, and the cell size. */
  return (sq: string) => ({ x: d.x + (sq.charCodeAt(0) - 97) * d.c, y: d.y + (d.h - Number(sq.slice(1))) * d.c, c: d.c });
}

async function clickSquare(page: Page, sq: string): Promise<void> {
  const g = (await geometry(page))(sq);
  await page.getByTestId('board').click({ position: { x: g.x + g.c / 2, y: g.y + g.c / 2 } });
}

test('CM-14 a key on a coin: a toast by the square names the replaced coin; Ctrl+Z restores the coin and removes the key', async ({ page, serve }) => {
  await ready(page, serve.url);
  await newLevel(page, 'chess-maze');
  const state = page.getByTestId('board-state');
  await page.getByTestId('palette-tile-coin').click();
  await clickSquare(page, 'c3');
  await expect(state).toHaveText('coin:c3');
  await page.getByTestId('palette-tile-key').click();
  await clickSquare(page, 'c3');
  await expect(state).toHaveText('key:blue:c3');
  const toast = page.getByTestId('board-toast');
  await expect(toast).toHaveText(/Replaced coin on c3/);
  await expect(toast).toHaveAttribute('data-square', 'c3');
  await expect(toast).toHaveAttribute('role', 'status');
  await expect(page.getByTestId('notice')).toHaveText('Replaced coin on c3');
  // The toast sits next to c3, not over it.
  const g = (await geometry(page))('c3');
  const board = (await page.getByTestId('board').boundingBox())!;
  const t = (await toast.boundingBox())!;
  const sq = { x: board.x + g.x, y: board.y + g.y, w: g.c, h: g.c };
  expect(t.x >= sq.x + sq.w || t.x + t.width <= sq.x).toBe(true);
  expect(Math.abs(t.y + t.height / 2 - (sq.y + sq.h / 2))).toBeLessThan(g.c);
  await page.screenshot({ path: 'test-results/polish-toast.png' });
  await page.keyboard.press('Control+z');
  await expect(state).toHaveText('coin:c3');
  // The undo takes the toast with it (well before its own 4.5 s): it no longer invites a second Ctrl+Z.
  await expect(toast).toHaveCount(0, { timeout: 1_500 });
});

test('26 x 26 Chess Maze: the minimap covers no board square; a rook on z1 is drawn like a rook on b1 (pixel check)', async ({ page, serve }) => {
  await ready(page, serve.url);
  await newLevel(page, 'chess-maze');
  for (const id of ['board-width', 'board-height']) {
    const f = page.getByTestId(id);
    await f.fill('26');
    await f.press('Enter');
  }
  const board = page.getByTestId('board');
  await expect(board).toHaveAttribute('data-board-width', '26');
  await expect(board).toHaveAttribute('data-board-height', '26');
  await page.getByTestId('palette-rook').click();
  await clickSquare(page, 'z1');
  await clickSquare(page, 'b1');
  await expect(page.getByTestId('board-state')).toHaveText('R:b1 R:z1');
  // Select an empty square far away and move the pointer off the board: no selection or hover on b1 / z1.
  await page.getByTestId('palette-select').click();
  await clickSquare(page, 'm20');
  await page.mouse.move(2, 2);
  await expect(page.getByTestId('board-toast')).toHaveCount(0, { timeout: 10_000 });
  const mini = page.getByTestId('minimap');
  await expect(mini).toBeVisible();
  const bb = (await board.boundingBox())!;
  const mb = (await mini.boundingBox())!;
  const at = await geometry(page);
  const z1 = at('z1');
  const b1 = at('b1');
  const lastCol = at('z26');
  // Geometry: the minimap lies right of the board's last column, on every rank.
  expect(mb.x).toBeGreaterThanOrEqual(bb.x + lastCol.x + lastCol.c);
  // Pixels: the z1 square on screen equals the b1 square (same rook, same square colour), so nothing covers it.
  const shot = await page.screenshot({ clip: { x: bb.x, y: bb.y, width: bb.width, height: bb.height } });
  await page.screenshot({ path: 'test-results/polish-26x26.png' });
  // d1: an empty square of the same colour as b1 and z1 (24 and 2 files apart).
  const d1 = at('d1');
  const diff = await page.evaluate(
    async ({ png, a, b, e, c }) => {
      const img = await createImageBitmap(new Blob([new Uint8Array(png)], { type: 'image/png' }));
      const cv = new OffscreenCanvas(img.width, img.height);
      const ctx = cv.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const inset = 2;
      const size = Math.floor(c) - inset * 2;
      const px = (q: { x: number; y: number }): Uint8ClampedArray => ctx.getImageData(Math.round(q.x) + inset, Math.round(q.y) + inset, size, size).data;
      const pa = px(a);
      const pb = px(b);
      const pe = px(e);
      let off = 0;
      let drawn = 0;
      for (let i = 0; i < pa.length; i += 4) {
        const d = Math.abs(pa[i]! - pb[i]!) + Math.abs(pa[i + 1]! - pb[i + 1]!) + Math.abs(pa[i + 2]! - pb[i + 2]!);
        if (d > 60) off++;
        const de = Math.abs(pa[i]! - pe[i]!) + Math.abs(pa[i + 1]! - pe[i + 1]!) + Math.abs(pa[i + 2]! - pe[i + 2]!);
        if (de > 60) drawn++;
      }
      return { off, drawn, total: pa.length / 4 };
    },
    { png: [...shot], a: z1, b: b1, e: d1, c: z1.c },
  );
  // The rook is drawn on z1 (z1 differs from the empty d1 of the same colour) and z1 matches b1 almost everywhere (anti-aliasing aside).
  expect(diff.drawn / diff.total).toBeGreaterThan(0.05);
  expect(diff.off / diff.total).toBeLessThan(0.03);
});

test('a move limit beyond the safe integer range is refused visibly and not applied; a refused letter returns to the tile', async ({ page, serve }) => {
  await ready(page, serve.url);
  await newLevel(page, 'chess-maze');
  const limit = page.getByTestId('objective-move-limit');
  await limit.fill('12');
  await expect(limit).toHaveAttribute('data-doc-value', '12');
  await limit.fill('99999999999999999999');
  await expect(limit).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('objective-move-limit-error')).toContainText('at most 9007199254740991');
  await expect(limit).toHaveAttribute('data-doc-value', '12');
  await limit.press('Enter');
  await expect(limit).toHaveValue('12');
  await expect(page.getByTestId('objective-move-limit-refused')).toContainText('Not applied: "99999999999999999999"');
  await limit.fill('2.5');
  await limit.press('Enter');
  await expect(limit).toHaveAttribute('data-doc-value', '12');
  await expect(page.getByTestId('objective-move-limit-refused')).toContainText('Not applied: "2.5"');

  // A letter tile holding A; typing é is refused: the field shows A again, with a note.
  await page.getByTestId('palette-tile-letter').click();
  await clickSquare(page, 'b2');
  await expect(page.getByTestId('board-state')).toHaveText('letter:A:b2');
  const letter = page.getByTestId('insp-letter');
  await letter.fill('é');
  await expect(letter).toHaveValue('A');
  await expect(page.getByTestId('insp-letter-refused')).toContainText('"é" is not a letter A-Z (CM-9): kept A');
  await letter.fill('q');
  await expect(letter).toHaveValue('Q');
  await expect(page.getByTestId('board-state')).toHaveText('letter:Q:b2');
  await expect(page.getByTestId('insp-letter-refused')).toHaveCount(0);
});

test('LC-12 a file claiming KQkq without rooks: each right is an error, can be unticked, and Copy leaves impossible rights out', async ({ page, serve }) => {
  writeFileSync(
    join(serve.workspace, 'locking-chess', 'claims.level.json'),
    JSON.stringify({
      format: 'castellan.level',
      version: 1,
      ruleset: 'locking-chess',
      meta: { title: 'Claims' },
      board: { width: 8, height: 8 },
      position: '4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1',
    }),
  );
  await ready(page, serve.url);
  await page.getByTestId('btn-open').click();
  await pickFile(page, 'locking-chess/claims.level.json');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'locking-chess');
  for (const [letter, squares] of [
    ['K', 'e1 h1'],
    ['Q', 'e1 a1'],
    ['k', 'e8 h8'],
    ['q', 'e8 a8'],
  ] as const) {
    await expect(page.getByTestId(`lc-castling-error-${letter}`)).toHaveAttribute('data-squares', squares);
    await expect(page.getByTestId(`lc-castling-${letter}`)).toBeChecked();
    await expect(page.getByTestId(`lc-castling-${letter}`)).toBeEnabled();
  }
  await page.getByTestId('lfen-copy').click();
  await expect(page.getByTestId('lfen-output')).toHaveValue('4k3/8/8/8/8/8/8/4K3 w - - 0 1');
  await expect(page.getByTestId('notice')).toContainText('without the impossible castling rights KQkq (LC-12)');
  await page.getByTestId('lc-castling-Q').uncheck();
  await expect(page.getByTestId('lc-castling-Q')).not.toBeChecked();
  await expect(page.getByTestId('lc-castling-Q')).toBeDisabled();
  await expect(page.getByTestId('lc-castling-error-Q')).toHaveCount(0);
  await expect(page.getByTestId('lc-castling-K')).toBeChecked();
  await page.getByTestId('lc-settings').screenshot({ path: 'test-results/polish-lc-rights.png' });
});

test('Space+drag right after typing in a form field pans the board instead of selecting a region', async ({ page, serve }) => {
  await ready(page, serve.url);
  const board = page.getByTestId('board');
  await page.getByTestId('meta-title').fill('Typed');
  await page.getByTestId('meta-title').press('End');
  await page.keyboard.type('!');
  const bb = (await board.boundingBox())!;
  const x0 = Number(await board.getAttribute('data-origin-x'));
  // The pointer moves onto the board after typing; Space is held there and the board dragged.
  await page.mouse.move(bb.x + bb.width / 2, bb.y + bb.height / 2);
  await page.keyboard.down(' ');
  await page.mouse.down();
  await page.mouse.move(bb.x + bb.width / 2 - 60, bb.y + bb.height / 2 + 10, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.up(' ');
  await expect(board).toHaveAttribute('data-region', '');
  expect(Number(await board.getAttribute('data-origin-x'))).toBeLessThan(x0);
  await expect(page.getByTestId('meta-title')).toHaveValue('Typed!');
});

test('Solve stops at the state cap of the Solver settings and the panel names the cap', async ({ page, serve }) => {
  await ready(page, serve.url);
  await page.getByTestId('btn-solve-settings').click();
  const dlg = page.getByTestId('dialog-solve-settings');
  await expect(dlg).toBeVisible();
  await expect(page.getByTestId('solve-setting-time')).toHaveValue('60');
  await expect(page.getByTestId('solve-setting-states')).toHaveValue('20000000');
  await page.getByTestId('solve-setting-states').fill('12');
  await expect(page.getByTestId('solve-setting-states-error')).toBeVisible();
  await expect(page.getByTestId('solve-settings-save')).toBeDisabled();
  await page.getByTestId('solve-setting-states').fill('1000');
  await dlg.screenshot({ path: 'test-results/polish-solve-settings.png' });
  await page.getByTestId('solve-settings-save').click();
  await expect(dlg).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('castellan.solve-settings.v1'))).toBe('{"timeS":60,"maxStates":1000}');
  await page.getByTestId('btn-open').click();
  await pickFile(page, 'unlock-the-king/12-grandmasters-knot.level.json');
  await expect(page.getByTestId('file-name')).toHaveText('12-grandmasters-knot.level.json');
  await page.getByTestId('btn-solve').click();
  const status = page.getByTestId('solve-status');
  await expect(status).toHaveAttribute('data-status', 'limit', { timeout: 60_000 });
  await expect(status).toContainText('stopped by the state cap (1,000 states)');
  await expect(status).toContainText('Raise the state cap in Solver settings');
  await expect(page.getByTestId('solve-cap')).toHaveAttribute('data-reason', 'states');
  await page.locator('.solve-panel').screenshot({ path: 'test-results/polish-solve-limit.png' });
});
