/**
 * The desktop session in the browser host: recent files in
 * the Open dialog, the last session reopened (reload and a new tab), and
 * opening a level by dropping its file on the window.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './serve-fixture.js';
import { pickFile } from './file-dialog.js';

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

async function openFromDialog(page: Page, path: string): Promise<void> {
  await page.getByTestId('btn-open').click();
  const dlg = page.getByTestId('dialog-open');
  await expect(dlg).toBeVisible();
  await pickFile(page, path);
  await expect(dlg).toHaveCount(0);
}

const SECOND = 'unlock-the-king/02-open-court.level.json';
const MAZE = 'chess-maze/01-stepping-stones.level.json';

test('recent files: the Open dialog lists the files opened, most recent first; Clear empties it', async ({ page, serve }) => {
  await ready(page, serve.url);
  await expect(page.getByTestId('file-name')).toHaveText('01-first-steps.level.json');
  await openFromDialog(page, SECOND);
  await expect(page.getByTestId('file-name')).toHaveText('02-open-court.level.json');
  await openFromDialog(page, MAZE);
  await expect(page.getByTestId('file-name')).toHaveText('01-stepping-stones.level.json');

  await page.getByTestId('btn-open').click();
  const recent = page.getByTestId('recent-files');
  await expect(recent).toBeVisible();
  const items = recent.getByTestId('recent-file-item');
  await expect(items).toHaveCount(3);
  expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-path')))).toEqual([MAZE, SECOND, 'unlock-the-king/01-first-steps.level.json']);
  // A recent entry opens its file.
  await items.nth(1).click();
  await expect(page.getByTestId('file-name')).toHaveText('02-open-court.level.json');
  // The host keeps the list in <workspace>/.castellan/session.json.
  const stored = (): { recent: string[]; lastFile: string } =>
    JSON.parse(readFileSync(join(serve.workspace, '.castellan', 'session.json'), 'utf8')) as { recent: string[]; lastFile: string };
  await expect.poll(() => stored().recent.slice(0, 2)).toEqual([SECOND, MAZE]);
  await expect.poll(() => stored().lastFile).toBe(SECOND);

  await page.getByTestId('btn-open').click();
  await page.getByTestId('recent-clear').click();
  await expect(page.getByTestId('recent-files')).toHaveCount(0);
  await page.getByTestId('open-cancel').click();
});

test('the last session reopens: after a reload and in a new tab, the file that was open comes back', async ({ browser, serve }) => {
  const page = await browser.newPage();
  await ready(page, serve.url);
  await openFromDialog(page, MAZE);
  await expect(page.getByTestId('file-name')).toHaveText('01-stepping-stones.level.json');
  await page.reload();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('file-name')).toHaveText('01-stepping-stones.level.json');
  await page.close();
  // A new tab has no per-tab memory: the host's last session decides.
  const again = await browser.newPage();
  await ready(again, serve.url);
  await expect(again.getByTestId('file-name')).toHaveText('01-stepping-stones.level.json');
  await again.close();
});

/** Drops a file with `text` named `name` on the board, as the OS would (a synthetic DataTransfer). */
async function dropFile(page: Page, name: string, text: string): Promise<void> {
  await page.getByTestId('board').evaluate(
    (el, { name, text }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], name, { type: 'application/json' }));
      el.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: dt }));
      el.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
    },
    { name, text },
  );
}

test('dropping a level file opens it as an unsaved document; a broken file shows an error', async ({ page, serve }) => {
  await ready(page, serve.url);
  await expect(page.getByTestId('file-name')).toHaveText('01-first-steps.level.json');
  const text = readFileSync(join(serve.workspace, 'chess-maze', '03-sentries.level.json'), 'utf8');
  const title = (JSON.parse(text) as { meta: { title: string } }).meta.title;
  await dropFile(page, '03-sentries.level.json', text);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'chess-maze');
  await expect(page.getByTestId('file-name')).toHaveText('Untitled');
  await expect(page.getByTestId('dirty-marker')).toHaveCount(1);
  await expect(page).toHaveTitle(new RegExp(`Untitled`));
  expect(title.length).toBeGreaterThan(0);

  // Dropping over unsaved work asks first; a file that is not a level is refused with a message.
  await dropFile(page, 'notes.level.json', '{"format": "castellan.level", "ruleset": ');
  const confirm = page.getByTestId('dialog-confirm');
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('alert')).toContainText('not a valid level file');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'chess-maze');

  const uk = readFileSync(join(serve.workspace, 'unlock-the-king', '02-open-court.level.json'), 'utf8');
  await dropFile(page, '02-open-court.level.json', uk);
  await expect(confirm).toBeVisible();
  await confirm.getByTestId('confirm-discard').click();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'unlock-the-king');
  await expect(page.getByTestId('file-name')).toHaveText('Untitled');
});
