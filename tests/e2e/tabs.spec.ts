/**
 * Document tabs, end to end with a real `castellan serve`:
 * (b) two levels open in two tabs are edited and saved independently: each
 *     file on disk holds its own edit only, and each tab has its own undo
 *     history;
 * (d) closing a tab with unsaved changes asks once (Cancel keeps it,
 *     Discard closes it and leaves the file untouched); a clean tab closes
 *     at once (close button, middle-click);
 * and a reload restores the open tabs, the active one first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './serve-fixture.js';
import type { UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { pickFile } from './file-dialog.js';

const FIRST = 'unlock-the-king/01-first-steps.level.json';
const SECOND = 'unlock-the-king/02-open-court.level.json';

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

async function openFromDialog(page: Page, path: string): Promise<void> {
  await page.getByTestId('btn-open').click();
  const dlg = page.getByTestId('dialog-open');
  await pickFile(page, path);
  await expect(dlg).toHaveCount(0);
}

/** Pixel centre of a square on the board canvas (from the board's data attributes). */
async function squareAt(page: Page): Promise<(sq: string) => { x: number; y: number }> {
  const d = await page.getByTestId('board').evaluate((e) => ({
    h: Number((e as HTMLElement).dataset.boardHeight),
    c: Number((e as HTMLElement).dataset.cellSize),
    x: Number((e as HTMLElement).dataset.originX),
    y: Number((e as HTMLElement).dataset.originY),
  }));
  return (sq: string) => ({ x: d.x + (sq.charCodeAt(0) - 97 + 0.5) * d.c, y: d.y + (d.h - Number(sq.slice(1)) + 0.5) * d.c });
}

async function drag(page: Page, from: string, to: string): Promise<void> {
  const at = await squareAt(page);
  const board = page.getByTestId('board');
  await board.dragTo(board, { sourcePosition: at(from), targetPosition: at(to) });
}

function tab(page: Page, path: string) {
  return page.locator(`[data-testid=tab][data-path="${path}"]`);
}

function squaresOf(file: string): string[] {
  const l = JSON.parse(readFileSync(file, 'utf8')) as UnlockTheKingLevel;
  return l.pieces.map((p) => `${p.role}:${p.square}`).sort();
}

test('(b) two levels in two tabs: edited and saved independently, each with its own undo history', async ({ page, serve }) => {
  test.setTimeout(90_000);
  await ready(page, serve.url);
  await expect(page.getByTestId('file-name')).toHaveText('01-first-steps.level.json');
  await openFromDialog(page, SECOND);
  await expect(page.getByTestId('tab')).toHaveCount(2);
  await expect(tab(page, SECOND)).toHaveAttribute('aria-selected', 'true');
  const state = page.getByTestId('board-state');

  // Tab 2 (Open Court): the ivory rook b8 -> c8.
  await drag(page, 'b8', 'c8');
  await expect(state).toContainText('R:c8');
  await expect(tab(page, SECOND)).toHaveAttribute('data-state', 'dirty');
  await expect(tab(page, SECOND).getByTestId('tab-dirty')).toBeVisible();

  // Tab 1 (First Steps): the obsidian rook h8 -> h5; tab 2's edit is not here.
  await tab(page, FIRST).click();
  await expect(page.getByTestId('file-name')).toHaveText('01-first-steps.level.json');
  await expect(page.getByTestId('dirty-marker')).toHaveCount(0);
  await drag(page, 'h8', 'h5');
  await expect(state).toContainText('R:h5');
  // Undo in tab 1 undoes tab 1's edit only; redo brings it back.
  await page.getByTestId('btn-undo').click();
  await expect(state).toContainText('R:h8');
  await expect(page.getByTestId('btn-undo')).toBeDisabled();
  await page.getByTestId('btn-redo').click();
  await expect(state).toContainText('R:h5');

  // Ctrl+Tab goes to tab 2, whose edit and undo history are its own.
  await page.keyboard.press('Control+Tab');
  await expect(page.getByTestId('file-name')).toHaveText('02-open-court.level.json');
  await expect(state).toContainText('R:c8');
  await page.getByTestId('btn-undo').click();
  await expect(state).toContainText('R:b8');
  await expect(page.getByTestId('btn-undo')).toBeDisabled();
  await page.getByTestId('btn-redo').click();
  await expect(state).toContainText('R:c8');

  // Save tab 2 here, then tab 1 (Ctrl+Shift+Tab, Ctrl+S): each file holds its own edit.
  await page.getByTestId('btn-save').click();
  await expect(tab(page, SECOND)).toHaveAttribute('data-state', 'clean', { timeout: 60_000 });
  await page.keyboard.press('Control+Shift+Tab');
  await expect(page.getByTestId('file-name')).toHaveText('01-first-steps.level.json');
  await expect(tab(page, FIRST)).toHaveAttribute('data-state', 'dirty');
  await page.keyboard.press('Control+s');
  await expect(tab(page, FIRST)).toHaveAttribute('data-state', 'clean', { timeout: 60_000 });

  const first = squaresOf(join(serve.workspace, FIRST));
  const second = squaresOf(join(serve.workspace, SECOND));
  expect(first).toContain('rook:h5');
  expect(first).not.toContain('rook:h8');
  expect(second).toContain('rook:c8');
  expect(second).not.toContain('rook:b8');
  // Each edit landed in its own file only.
  expect(first).not.toContain('rook:c8');
  expect(second).not.toContain('rook:h5');
});

test('(d) closing a tab with unsaved changes asks once; a clean tab closes at once', async ({ page, serve }) => {
  await ready(page, serve.url);
  const firstBytes = readFileSync(join(serve.workspace, FIRST));
  await openFromDialog(page, SECOND);
  await expect(page.getByTestId('tab')).toHaveCount(2);

  // A clean tab closes at once (its close button is named after the tab's title).
  const close2 = page.getByRole('button', { name: 'Close Open Court' });
  await expect(close2).toBeVisible();
  await close2.click();
  await expect(page.getByTestId('tab')).toHaveCount(1);
  await expect(page.getByTestId('dialog-close')).toHaveCount(0);
  await expect(page.getByTestId('file-name')).toHaveText('01-first-steps.level.json');

  // A dirty tab asks: Cancel keeps it as it is.
  await drag(page, 'h8', 'h5');
  await expect(tab(page, FIRST)).toHaveAttribute('data-state', 'dirty');
  await page.locator(`[data-testid=tab-close][data-path="${FIRST}"]`).click();
  const dlg = page.getByTestId('dialog-close');
  await expect(dlg).toHaveCount(1);
  await expect(dlg).toContainText('01-first-steps.level.json');
  await dlg.getByTestId('close-cancel').click();
  await expect(dlg).toHaveCount(0);
  await expect(tab(page, FIRST)).toHaveAttribute('data-state', 'dirty');
  await expect(page.getByTestId('board-state')).toContainText('R:h5');

  // Ctrl+W asks the same, once; Discard closes the tab without a second question and leaves the file alone.
  await page.keyboard.press('Control+w');
  await expect(dlg).toHaveCount(1);
  await dlg.getByTestId('close-discard').click();
  await expect(dlg).toHaveCount(0);
  await expect(page.getByTestId('dialog-confirm')).toHaveCount(0);
  await expect(tab(page, FIRST)).toHaveCount(0);
  // The last tab closed: a new untitled document of the same ruleset takes its place.
  await expect(page.getByTestId('tab')).toHaveCount(1);
  await expect(page.getByTestId('file-name')).toHaveText('Untitled');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'unlock-the-king');
  expect(readFileSync(join(serve.workspace, FIRST)).equals(firstBytes)).toBe(true);

  // Middle-click closes a clean tab.
  await openFromDialog(page, SECOND);
  await expect(page.getByTestId('tab')).toHaveCount(1); // the pristine untitled tab was replaced
  await openFromDialog(page, FIRST);
  await expect(page.getByTestId('tab')).toHaveCount(2);
  await tab(page, SECOND).click({ button: 'middle' });
  await expect(page.getByTestId('tab')).toHaveCount(1);
  await expect(tab(page, FIRST)).toHaveCount(1);
});

test('a reload restores the open tabs, the active one first; Open of an open file focuses its tab', async ({ page, serve }) => {
  await ready(page, serve.url);
  await openFromDialog(page, SECOND);
  await openFromDialog(page, 'chess-maze/01-stepping-stones.level.json');
  await tab(page, SECOND).click();
  await expect(page.getByTestId('tab')).toHaveCount(3);
  await page.reload();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('tab')).toHaveCount(3);
  await expect(page.getByTestId('tab')).toHaveText([/First Steps/, /Open Court/, /Stepping Stones/]);
  await expect(tab(page, SECOND)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('file-name')).toHaveText('02-open-court.level.json');
  // Opening a file that is open already brings its tab forward (no second tab).
  await openFromDialog(page, FIRST);
  await expect(page.getByTestId('tab')).toHaveCount(3);
  await expect(tab(page, FIRST)).toHaveAttribute('aria-selected', 'true');
});
