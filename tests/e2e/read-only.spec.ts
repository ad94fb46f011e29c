/**
 * Read-only files, end to end with a real `castellan serve`: a level the
 * user made read-only (chmod 0444) opens marked READ-ONLY; Save offers Save
 * As instead of writing; choosing the same file in Save As is refused at
 * once with the reason inline (the host refuses such a write too: see
 * tests/main/services/read-only.test.ts); the file's bytes and mode are
 * unchanged throughout. A copy saved
 * next to it is written normally.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './serve-fixture.js';
import { pickFile } from './file-dialog.js';

const LOCKED = 'unlock-the-king/02-open-court.level.json';

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

test('a read-only level opens marked, Save offers Save As, replacing it is refused and its bytes stay unchanged', async ({ page, serve }) => {
  test.setTimeout(90_000);
  const file = join(serve.workspace, LOCKED);
  chmodSync(file, 0o444);
  const before = sha256(file);
  try {
    await ready(page, serve.url);
    await page.getByTestId('btn-open').click();
    await pickFile(page, LOCKED);
    await expect(page.getByTestId('file-name')).toHaveText('02-open-court.level.json');
    await expect(page.getByTestId('read-only-chip')).toBeVisible();

    // Save on a read-only file: the Save As dialog, proposing a copy beside it.
    await page.keyboard.press('Control+s');
    const dlg = page.getByTestId('file-dialog');
    await expect(page.getByTestId('dialog-save-as')).toBeVisible();
    await expect(dlg).toHaveAttribute('data-path', 'unlock-the-king/02-open-court-copy.level.json');

    // Choosing the read-only file itself: refused at once (never "Replace?"); the dialog stays with the reason.
    await expect(page.locator('[data-testid=file-entry][data-path="unlock-the-king/02-open-court.level.json"]')).toHaveAttribute('data-readonly', 'true');
    await page.getByTestId('save-as-path').fill('02-open-court');
    await page.getByTestId('save-as-ok').click();
    await expect(page.getByTestId('save-as-error')).toContainText('read-only', { timeout: 60_000 });
    await expect(page.getByTestId('save-as-replace')).toHaveCount(0);
    expect(sha256(file)).toBe(before);
    expect(statSync(file).mode & 0o777).toBe(0o444);

    // A copy is written normally.
    await page.getByTestId('save-as-path').fill('02-open-court-copy');
    await page.getByTestId('save-as-ok').click();
    await expect(page.getByTestId('dialog-save-as')).toHaveCount(0, { timeout: 60_000 });
    // The dialog closes when the save starts (its progress is in the message strip): wait for the saved file's name.
    await expect(page.getByTestId('file-name')).toHaveText('02-open-court-copy.level.json', { timeout: 60_000 });
    const copy = join(serve.workspace, 'unlock-the-king', '02-open-court-copy.level.json');
    expect(existsSync(copy)).toBe(true);
    const saved = JSON.parse(readFileSync(copy, 'utf8')) as { meta: { title: string } };
    const original = JSON.parse(readFileSync(file, 'utf8')) as { meta: { title: string } };
    expect(saved.meta.title).toBe(original.meta.title);
    await expect(page.getByTestId('read-only-chip')).toHaveCount(0);
    expect(sha256(file)).toBe(before);
  } finally {
    chmodSync(file, 0o644);
  }
});
