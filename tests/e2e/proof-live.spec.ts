/**
 * "Proved means proved while you edit", end to end with a real `castellan serve`:
 * - Save As and Save (Ctrl+S) share one code path: a new blueprint whose par is
 *   below the optimum (UK-7) answers with the draft dialog from Save As too,
 *   never a Save As dialog stuck on "Saving…"; nothing is written.
 * - A long save always has a working Cancel and Esc (Save As included).
 * - The validation list shows the par checks (UK-7) once the live proof is in.
 *
 * Expected values are worked by hand: the new blueprint is the king on e1 and
 * the portal on e8 of an empty 8 x 8 board, so the king needs exactly 7 moves
 * (one square a move, UK-4), the optimum the live badge shows as "par 7".
 */
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, repoRoot } from './serve-fixture.js';
import { goToFolder } from './file-dialog.js';

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

/** New > Unlock the King: the king on e1, the portal on e8 (optimum 7, worked by hand). */
async function newBlueprint(page: Page): Promise<void> {
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-unlock-the-king').click();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'unlock-the-king');
  await expect(page.getByTestId('file-name')).toHaveText('Untitled');
}

function levelFilesIn(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.level.json'));
}

test('UK-7 Save As of a new blueprint with par below the optimum answers with the draft dialog (as Ctrl+S does), never a stuck dialog', async ({
  page,
  serve,
}) => {
  await ready(page, serve.url);
  await newBlueprint(page);
  await page.getByTestId('meta-par').fill('3');
  await page.getByTestId('meta-par').press('Tab');
  const before = levelFilesIn(join(serve.workspace, 'unlock-the-king'));

  await page.keyboard.press('Control+s');
  const dlg = page.getByTestId('file-dialog');
  await expect(dlg).toBeVisible();
  await goToFolder(page, 'unlock-the-king');
  await page.getByTestId('save-as-path').fill('low-par');
  await page.getByTestId('save-as-ok').click();

  // The UK-7 draft dialog, worded from the par issue, and the Save As dialog gone (not "Saving (proving…)" for good).
  const draft = page.getByTestId('dialog-draft');
  await expect(draft).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('draft-reason')).toContainText('Par 3 is below the proven optimum 7 (UK-7)');
  await expect(page.getByTestId('dialog-save-as')).toHaveCount(0);
  // Cancel (don't save): nothing was written, the document stays dirty and untitled.
  await draft.getByTestId('draft-cancel').click();
  await expect(draft).toHaveCount(0);
  expect(levelFilesIn(join(serve.workspace, 'unlock-the-king')).sort()).toEqual(before.sort());
  expect(existsSync(join(serve.workspace, 'unlock-the-king', 'low-par.level.json'))).toBe(false);
  await expect(page.getByTestId('file-name')).toHaveText('Untitled');

  // Ctrl+S again: the same path, the same answer (the draft dialog), still nothing written.
  await page.keyboard.press('Control+s');
  await goToFolder(page, 'unlock-the-king');
  await page.getByTestId('save-as-path').fill('low-par');
  await page.getByTestId('save-as-ok').click();
  await expect(draft).toBeVisible({ timeout: 30_000 });
  // Esc closes it (Don't save).
  await page.keyboard.press('Escape');
  await expect(draft).toHaveCount(0);
  expect(existsSync(join(serve.workspace, 'unlock-the-king', 'low-par.level.json'))).toBe(false);
});

test('a long Save As proof has a working Esc: it cancels the proof and the draft dialog follows', async ({ page, serve }) => {
  test.setTimeout(90_000);
  // 40 pieces on 10 x 10: its proof takes the whole save cap (tests/e2e/save-proof.spec.ts).
  copyFileSync(join(repoRoot, 'tests/e2e/fixtures/slow-proof.level.json'), join(serve.workspace, 'unlock-the-king/90-slow-proof.level.json'));
  await ready(page, serve.url);
  await page.getByTestId('btn-open').click();
  await goToFolder(page, 'unlock-the-king');
  await page.locator('[data-testid=file-entry][data-path="unlock-the-king/90-slow-proof.level.json"]').dblclick();
  await expect(page.getByTestId('file-name')).toHaveText('90-slow-proof.level.json');

  await page.getByTestId('btn-save-as').click();
  await page.getByTestId('save-as-path').fill('slow-copy');
  await page.getByTestId('save-as-ok').click();
  const progress = page.getByTestId('save-progress');
  await expect(progress).toHaveAttribute('data-phase', 'proving');
  // While it proves, no modal dialog holds the page: the board and Cancel stay usable.
  await expect(page.getByTestId('dialog-save-as')).toHaveCount(0);
  await expect(page.getByTestId('save-cancel')).toBeEnabled();
  await page.keyboard.press('Escape');
  const draft = page.getByTestId('dialog-draft');
  await expect(draft).toBeVisible();
  await expect(draft).toHaveAttribute('data-code', 'cancelled');
  await expect(progress).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(draft).toHaveCount(0);
  expect(existsSync(join(serve.workspace, 'unlock-the-king', 'slow-copy.level.json'))).toBe(false);
});

test('UK-7 the validation list checks the par against the live proof: below the optimum an error, above it a warning', async ({ page, serve }) => {
  await ready(page, serve.url);
  await newBlueprint(page);
  const badge = page.getByTestId('live-badge');
  await expect(badge).toContainText('par 7', { timeout: 30_000 });
  const items = page.getByTestId('validation-item');

  await page.getByTestId('meta-par').fill('3');
  const low = page.locator('[data-testid=validation-item][data-code=uk-par-below-optimal]');
  await expect(low).toHaveAttribute('data-severity', 'error');
  await expect(low).toContainText('Par 3 is below the proven optimum of 7 moves');

  await page.getByTestId('meta-par').fill('9');
  const high = page.locator('[data-testid=validation-item][data-code=uk-par-above-optimal]');
  await expect(high).toHaveAttribute('data-severity', 'warning');
  await expect(high).toContainText('Par 9 is above the proven optimum of 7 moves');
  await expect(low).toHaveCount(0);

  await page.getByTestId('meta-par').fill('7');
  await expect(items).toHaveCount(0);
  await expect(page.getByTestId('validation-list')).toContainText('No problems');
});
