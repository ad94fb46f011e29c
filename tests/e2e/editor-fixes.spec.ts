/**
 * End to end checks of the QA defects fixed in the Unlock the King editor
 * (each test fails on the editor before its fix): Save As replace prompt and
 * inline errors, edits during the solution preview, drops onto occupied
 * squares, shrink confirmation, reload reopens the edited file, the draft
 * dialog's reason, the par field, host error display, the Open list and a
 * stable board size. Runs against `castellan serve` (serve-fixture.ts).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './serve-fixture.js';
import { goToFolder, pickFile } from './file-dialog.js';

const FIRST = 'K:a1 B:b2 P:a2 P:b1 R:h8 N:g1 Q:d8'.split(' ').sort().join(' ') + ' W:d4 W:e4 portal:c3';

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('board-state')).toHaveText(FIRST);
}

async function boardGeometry(page: Page) {
  const d = await page.getByTestId('board').evaluate((e) => ({
    h: Number((e as HTMLElement).dataset.boardHeight),
    c: Number((e as HTMLElement).dataset.cellSize),
    x: Number((e as HTMLElement).dataset.originX),
    y: Number((e as HTMLElement).dataset.originY),
  }));
  return (sq: string) => ({
    x: d.x + (sq.charCodeAt(0) - 97 + 0.5) * d.c,
    y: d.y + (d.h - Number(sq.slice(1)) + 0.5) * d.c,
  });
}

async function drag(page: Page, from: string, to: string): Promise<void> {
  const at = await boardGeometry(page);
  const board = page.getByTestId('board');
  await board.dragTo(board, { sourcePosition: at(from), targetPosition: at(to) });
}

test('QA #1 Save As asks before replacing an existing file, and keeps the dialog open on host errors', async ({ page, serve }) => {
  await ready(page, serve.url);
  const target = join(serve.workspace, 'unlock-the-king', '02-open-court.level.json');
  const before = readFileSync(target, 'utf8');

  await page.getByTestId('btn-save-as').click();
  const dlg = page.getByTestId('dialog-save-as');
  // Names typed with a folder are relative to the dialog's folder: start at the workspace root.
  await goToFolder(page, '');
  await page.getByTestId('save-as-path').fill('unlock-the-king/02-open-court.level.json');
  await page.getByTestId('save-as-ok').click();
  await expect(page.getByTestId('save-as-replace')).toContainText('Replace 02-open-court.level.json?');
  expect(readFileSync(target, 'utf8')).toBe(before);

  // Choose another name: back to editing the path, nothing written.
  await page.getByTestId('save-as-back').click();
  await expect(page.getByTestId('save-as-replace')).toHaveCount(0);
  await expect(page.getByTestId('save-as-path')).toHaveValue('unlock-the-king/02-open-court.level.json');

  // A missing folder: the dialog stays open with the typed path and the error inline (no top banner).
  await page.getByTestId('save-as-path').fill('no-such-folder/mine.level.json');
  await page.getByTestId('save-as-ok').click();
  await expect(page.getByTestId('save-as-error')).toContainText('no-such-folder/mine.level.json');
  await expect(dlg).toBeVisible();
  await expect(page.getByTestId('save-as-path')).toHaveValue('no-such-folder/mine.level.json');
  await expect(page.getByTestId('error-banner')).toHaveCount(0);

  // Replace, confirmed: the file now holds this level.
  await page.getByTestId('save-as-path').fill('unlock-the-king/02-open-court.level.json');
  await page.getByTestId('save-as-ok').click();
  await page.getByTestId('save-as-replace-ok').click();
  await expect(dlg).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('file-name')).toHaveText('02-open-court.level.json');
  const saved = JSON.parse(readFileSync(target, 'utf8')) as { meta: { title: string } };
  expect(saved.meta.title).toBe('First Steps');
});

test('QA #2 during the solution preview a board press or Delete only leaves the preview', async ({ page, serve }) => {
  await ready(page, serve.url);
  const board = page.getByTestId('board');
  const state = page.getByTestId('board-state');
  await page.getByTestId('step-next').click();
  await expect(board).toHaveAttribute('data-mode', 'preview');
  await expect(state).not.toHaveText(FIRST); // frame 1: the bishop stands on c1

  // Press where the preview shows the bishop: nothing is moved or selected, the preview ends.
  const at = await boardGeometry(page);
  await board.click({ position: at('c1') });
  await expect(board).toHaveAttribute('data-mode', 'edit');
  await expect(page.getByTestId('notice')).toHaveText('Back to editing');
  await expect(state).toHaveText(FIRST);
  await expect(page.getByTestId('dirty-marker')).toHaveCount(0);

  // A drag during the preview does not move anything either.
  await page.getByTestId('step-next').click();
  await board.dragTo(board, { sourcePosition: at('c1'), targetPosition: at('c5') });
  await expect(state).toHaveText(FIRST);
  await expect(page.getByTestId('dirty-marker')).toHaveCount(0);

  // Delete during the preview: leaves it, erases nothing.
  await board.click({ position: at('h8') }); // select the rook (editing)
  await page.getByTestId('step-next').click();
  await expect(board).toHaveAttribute('data-mode', 'preview');
  await page.keyboard.press('Delete');
  await expect(board).toHaveAttribute('data-mode', 'edit');
  await expect(state).toHaveText(FIRST);
  await expect(page.getByTestId('dirty-marker')).toHaveCount(0);
});

test('QA #3 drops never destroy: onto a piece or wall refused; onto the portal kept; palette replaces with a notice (one undo)', async ({ page, serve }) => {
  await ready(page, serve.url);
  const state = page.getByTestId('board-state');
  const notice = page.getByTestId('notice');

  await drag(page, 'h8', 'd8');
  await expect(notice).toHaveText('d8 is occupied');
  await expect(state).toHaveText(FIRST);
  await drag(page, 'd4', 'e4');
  await expect(notice).toHaveText('e4 is occupied');
  await drag(page, 'g1', 'a1');
  await expect(notice).toHaveText('a1 is occupied');
  await expect(state).toHaveText(FIRST);
  await expect(page.getByTestId('dirty-marker')).toHaveCount(0);

  // UK-6: a piece may stand on the portal; the portal stays.
  await drag(page, 'g1', 'c3');
  await expect(state).toContainText('N:c3');
  await expect(state).toContainText('portal:c3');
  await page.keyboard.press('Control+z');
  await expect(state).toHaveText(FIRST);

  // Palette drag onto an occupied square: explicit replacement, named, one undo step.
  const at = await boardGeometry(page);
  const box = (await page.getByTestId('board').boundingBox())!;
  const src = (await page.getByTestId('palette-rook').boundingBox())!;
  await page.mouse.move(src.x + src.width / 2, src.y + src.height / 2);
  await page.mouse.down();
  await page.mouse.move(src.x + 40, src.y + 10, { steps: 4 });
  const t = at('b2');
  await page.mouse.move(box.x + t.x, box.y + t.y, { steps: 8 });
  await page.mouse.up();
  await expect(notice).toHaveText('Replaced obsidian bishop on b2');
  await expect(state).toContainText('R:b2');
  await expect(state).not.toContainText('B:b2');
  await page.keyboard.press('Control+z');
  await expect(state).toHaveText(FIRST);
});

test('QA #4 shrinking the board asks first, listing what falls off; cancel keeps everything, OK is one undo step', async ({ page, serve }) => {
  await ready(page, serve.url);
  const state = page.getByTestId('board-state');
  const width = page.getByTestId('board-width');
  await width.fill('6');
  await width.press('Enter');
  const dlg = page.getByTestId('dialog-confirm');
  await expect(dlg).toBeVisible();
  await expect(page.getByTestId('confirm-items').locator('li')).toHaveText(['obsidian rook on h8', 'ivory knight on g1']);
  await page.getByTestId('confirm-cancel').click();
  await expect(dlg).toHaveCount(0);
  await expect(width).toHaveValue('8');
  await expect(state).toHaveText(FIRST);
  await expect(page.getByTestId('board')).toHaveAttribute('data-board-width', '8');

  await width.fill('6');
  await width.press('Enter');
  await page.getByTestId('confirm-resize').click();
  await expect(page.getByTestId('board')).toHaveAttribute('data-board-width', '6');
  await expect(state).not.toContainText('R:h8');
  await expect(state).not.toContainText('N:g1');
  await page.getByTestId('board').focus();
  await page.keyboard.press('Control+z');
  await expect(state).toHaveText(FIRST);
  await expect(width).toHaveValue('8');

  // Growing never asks.
  await width.fill('10');
  await width.press('Enter');
  await expect(page.getByTestId('dialog-confirm')).toHaveCount(0);
  await expect(page.getByTestId('board')).toHaveAttribute('data-board-width', '10');
});

test('QA #5 a reload reopens the file being edited (falls back to the first sample when it is gone)', async ({ page, serve }) => {
  await ready(page, serve.url);
  await page.getByTestId('btn-open').click();
  await pickFile(page, 'unlock-the-king/05-narrow-hall.level.json');
  await expect(page.getByTestId('file-name')).toHaveText('05-narrow-hall.level.json');
  await page.reload();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('file-name')).toHaveText('05-narrow-hall.level.json');

  // The remembered file disappears: the reload opens the first sample, without an error.
  const gone = join(serve.workspace, 'unlock-the-king', '05-narrow-hall.level.json');
  writeFileSync(gone + '.bak', readFileSync(gone));
  const { unlinkSync } = await import('node:fs');
  unlinkSync(gone);
  await page.reload();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('file-name')).toHaveText('01-first-steps.level.json');
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
});

test('QA #6 the draft dialog words the reason from the issues: a par below the optimum is not "breaks builder rules"', async ({ page, serve }) => {
  await ready(page, serve.url);
  await page.getByTestId('meta-par').fill('1');
  await page.getByTestId('btn-save').click();
  const reason = page.getByTestId('draft-reason');
  await expect(reason).toContainText('Par 1 is below the proven optimum 3 (UK-7)', { timeout: 60_000 });
  await expect(reason).not.toContainText('builder rules');
  await expect(page.getByTestId('dialog-draft')).not.toContainText('cannot prove a par');
});

test('QA #7 the par field shows invalid input and keeps field and document consistent', async ({ page, serve }) => {
  await ready(page, serve.url);
  const par = page.getByTestId('meta-par');
  for (const bad of ['0', '-3', '2.5']) {
    await par.fill(bad);
    await expect(par).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('meta-par-error')).toContainText('par must be a whole number >= 1');
    await expect(par).toHaveAttribute('data-doc-value', '');
  }
  await expect(page.getByTestId('dirty-marker')).toHaveCount(0);
  await par.fill('5');
  await expect(par).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByTestId('meta-par-error')).toHaveCount(0);
  await expect(par).toHaveAttribute('data-doc-value', '5');
  await par.fill('0');
  await expect(par).toHaveAttribute('data-doc-value', '5');
  await par.press('Tab');
  // Leaving an invalid field shows the document's value again.
  await expect(par).toHaveValue('5');
  await expect(par).toHaveAttribute('aria-invalid', 'false');
  await par.fill('');
  await expect(par).toHaveAttribute('data-doc-value', '');
  await expect(par).toHaveAttribute('aria-invalid', 'false');
});

test('QA #8 host errors show the workspace path once, not the server path twice', async ({ page, serve }) => {
  writeFileSync(join(serve.workspace, 'unlock-the-king', 'broken.level.json'), '{bad');
  await ready(page, serve.url);
  await page.getByTestId('btn-open').click();
  await pickFile(page, 'unlock-the-king/broken.level.json');
  const banner = page.getByTestId('error-banner');
  await expect(banner).toContainText('unlock-the-king/broken.level.json is not valid JSON');
  await expect(banner).not.toContainText(serve.workspace);
  // The issue repeats the message: no second copy.
  await expect(page.getByTestId('error-details')).toHaveCount(0);
  const text = (await banner.textContent()) ?? '';
  expect(text.split('not valid JSON').length - 1).toBe(2); // "… is not valid JSON: The file is not valid JSON at …" once
});

test('QA #9 the Open list is left-aligned, one line per file, grouped by folder; the board keeps its size when messages appear', async ({ page, serve }) => {
  await ready(page, serve.url);
  const board = page.getByTestId('board');
  const size0 = await board.boundingBox();
  const cell0 = await board.getAttribute('data-cell-size');

  await page.getByTestId('btn-open').click();
  // The Open dialog's search lists matches from the whole workspace, one line each with its folder.
  await page.getByTestId('file-search').fill('grandmasters');
  const item = page.locator('[data-testid=file-entry][data-path="unlock-the-king/12-grandmasters-knot.level.json"]');
  await expect(item).toHaveText('unlock-the-king/12-grandmasters-knot.level.json');
  const style = await item.evaluate((e) => {
    const cs = getComputedStyle(e);
    return { align: cs.textAlign, justify: cs.justifyContent, h: e.getBoundingClientRect().height };
  });
  expect(style.align).toBe('left');
  expect(style.justify).toBe('flex-start');
  expect(style.h).toBeLessThan(36); // one line
  // One folder entry per folder of the workspace at its root (the samples are all in folders).
  await page.getByTestId('file-search').fill('');
  await goToFolder(page, '');
  const folders = readdirSync(serve.workspace, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== '.castellan') // the host's own state folder is never listed
    .map((d) => `${d.name}/`)
    .sort();
  await expect(page.locator('[data-testid=file-entry][data-kind=folder] .e-name')).toHaveText(folders);
  await page.getByTestId('open-cancel').click();

  // An error message, a long solver result and a draft strip: the board stage keeps its size.
  writeFileSync(join(serve.workspace, 'unlock-the-king', 'broken.level.json'), '{bad');
  await page.getByTestId('btn-open').click();
  await pickFile(page, 'unlock-the-king/broken.level.json');
  await expect(page.getByTestId('error-banner')).toBeVisible();
  expect(await board.boundingBox()).toEqual(size0);
  await page.getByTestId('error-dismiss').click();
  await page.getByTestId('btn-open').click();
  await pickFile(page, 'unlock-the-king/12-grandmasters-knot.level.json');
  await expect(page.getByTestId('file-name')).toHaveText('12-grandmasters-knot.level.json');
  const cell12 = await board.getAttribute('data-cell-size');
  await page.getByTestId('btn-solve').click();
  await expect(page.getByTestId('solve-status')).toHaveAttribute('data-status', 'solved', { timeout: 60_000 });
  expect(await page.getByTestId('solution-move').count()).toBeGreaterThan(20); // a long move list
  expect(await board.boundingBox()).toEqual(size0);
  expect(await board.getAttribute('data-cell-size')).toBe(cell12);
  expect(cell0).not.toBeNull();
});
