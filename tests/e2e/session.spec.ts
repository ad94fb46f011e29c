/**
 * The desktop session in the browser host: recent files in
 * the Open dialog, the last session reopened (reload, a new window, a
 * restart of the host: every tab, kept with the host), and opening levels
 * by dropping their files on the window (each in a tab of its own).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { repoRoot, startServe, stopped, test, expect } from './serve-fixture.js';
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
const KV = 'kings-valley/01-backstop.level.json';

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

test('every tab of the last session comes back in a new window and after a restart: order, active tab, unsaved work; a vanished file is skipped with a notice', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const workspace = mkdtempSync(join(tmpdir(), 'castellan-e2e-'));
  cpSync(join(repoRoot, 'resources/levels'), workspace, { recursive: true });
  let host = await startServe(workspace);
  const stop = async (): Promise<void> => {
    const gone = stopped(host.child);
    host.child.kill('SIGTERM');
    await gone;
  };
  try {
    const page = await browser.newPage();
    await ready(page, host.url);
    await openFromDialog(page, SECOND);
    await openFromDialog(page, MAZE);
    await openFromDialog(page, KV);
    // A new document, edited (unsaved: it comes back from its autosave).
    await page.getByTestId('btn-new').click();
    await page.getByTestId('new-ruleset-unlock-the-king').click();
    await page.getByTestId('new-create').click();
    await page.getByTestId('meta-title').fill('My unsaved blueprint');
    await page.getByTestId('meta-title').press('Enter');
    await expect(page.getByTestId('autosave-status')).toBeVisible({ timeout: 10_000 });
    await page.locator('[data-testid=tab][data-path="unlock-the-king/02-open-court.level.json"]').click();
    const titles = [/First Steps/, /Open Court/, /Stepping Stones/, /Backstop/, /My unsaved blueprint/];
    await expect(page.getByTestId('tab')).toHaveText(titles);
    await page.close();

    // A new window has no memory of its own: the host's last session decides.
    const again = await browser.newPage();
    await ready(again, host.url);
    await expect(again.getByTestId('tab')).toHaveText(titles);
    await expect(again.getByTestId('file-name')).toHaveText('02-open-court.level.json');
    await expect(again.getByTestId('tab').nth(4)).toHaveAttribute('data-state', 'dirty');
    await expect(again.getByTestId('dialog-recovery')).toHaveCount(0);
    await again.close();

    // A restart of the host, with one of the files deleted meanwhile.
    await stop();
    rmSync(join(workspace, MAZE));
    host = await startServe(workspace);
    const restarted = await browser.newPage();
    await ready(restarted, host.url);
    await expect(restarted.getByTestId('tab')).toHaveText([/First Steps/, /Open Court/, /Backstop/, /My unsaved blueprint/]);
    await expect(restarted.getByTestId('file-name')).toHaveText('02-open-court.level.json');
    // A notice, not an error (the message strip's warning colours, a status for screen readers).
    await expect(restarted.getByTestId('error-banner')).toHaveCount(0);
    const notice = restarted.getByTestId('strip-notice');
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(notice).toContainText('01-stepping-stones.level.json');
    await expect(notice).toContainText('Not reopened');

    // The active tab's file goes: its left neighbour becomes the active tab.
    await restarted.locator(`[data-testid=tab][data-path="${KV}"]`).click();
    await expect(restarted.getByTestId('file-name')).toHaveText('01-backstop.level.json');
    await restarted.close();
    rmSync(join(workspace, KV));
    const later = await browser.newPage();
    await ready(later, host.url);
    await expect(later.getByTestId('tab')).toHaveText([/First Steps/, /Open Court/, /My unsaved blueprint/]);
    await expect(later.getByTestId('file-name')).toHaveText('02-open-court.level.json');
    await expect(later.getByTestId('strip-notice')).toContainText('01-backstop.level.json, open when you left, no longer exists');
    await later.close();
  } finally {
    if (host.child.exitCode === null && host.child.signalCode === null) await stop();
    rmSync(workspace, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
});

/** Drops files (`name`, `text`) on the board at once, as the OS would (a synthetic DataTransfer). */
async function dropFiles(page: Page, files: { name: string; text: string }[]): Promise<void> {
  await page.getByTestId('board').evaluate((el, files) => {
    const dt = new DataTransfer();
    for (const f of files) dt.items.add(new File([f.text], f.name, { type: 'application/json' }));
    el.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: dt }));
    el.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
  }, files);
}

test('dropping several level files opens each in a tab of its own; the clean active tab stays; what is refused is named', async ({ page, serve }) => {
  await ready(page, serve.url);
  await expect(page.getByTestId('tab')).toHaveCount(1);
  const level = (p: string): string => readFileSync(join(serve.workspace, p), 'utf8');
  await dropFiles(page, [
    { name: '03-sentries.level.json', text: level('chess-maze/03-sentries.level.json') },
    { name: 'notes.txt', text: 'hello' },
    { name: '02-walled-in.level.json', text: level('kings-valley/02-walled-in.level.json') },
    { name: 'broken.level.json', text: '{"format": ' },
  ]);
  // The clean First Steps tab is kept; the two levels follow it, in the order dropped, unsaved; the last one is active.
  await expect(page.getByTestId('tab')).toHaveText([/First Steps/, /Sentries/, /Walled In/]);
  await expect(page.getByTestId('tab').nth(0)).toHaveAttribute('data-path', 'unlock-the-king/01-first-steps.level.json');
  await expect(page.getByTestId('tab').nth(1)).toHaveAttribute('data-state', 'dirty');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'kings-valley');
  const banner = page.getByTestId('error-banner');
  await expect(banner).toContainText('2 of 4 dropped files were not opened');
  await expect(banner).toContainText('notes.txt');
  await expect(banner).toContainText('broken.level.json');
  await expect(page.getByTestId('dialog-confirm')).toHaveCount(0);
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

  // A file that is not a level is refused with a message.
  await dropFile(page, 'notes.level.json', '{"format": "castellan.level", "ruleset": ');
  const confirm = page.getByTestId('dialog-confirm');
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('alert')).toContainText('not a valid level file');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'chess-maze');

  // Dropping over unsaved work replaces nothing: the level gets a tab of its own (nothing to ask), the unsaved tab stays.
  const uk = readFileSync(join(serve.workspace, 'unlock-the-king', '02-open-court.level.json'), 'utf8');
  await dropFile(page, '02-open-court.level.json', uk);
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'unlock-the-king');
  await expect(page.getByTestId('tab')).toHaveText([/First Steps/, new RegExp(title), /Open Court/]);
  await expect(page.getByTestId('tab').nth(1)).toHaveAttribute('data-state', 'dirty');
  await expect(page.getByTestId('file-name')).toHaveText('Untitled');
});
