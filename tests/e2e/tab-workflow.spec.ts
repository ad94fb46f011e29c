/**
 * The workflow around many open documents, end to end with a real
 * `castellan serve`: tabs keep a readable width and an overflow menu lists
 * them all (keyboard too); each close button is named after its tab's
 * title and sits outside the tab; "Focus the board" (Ctrl+Shift+B) and New
 * (Ctrl+N) are keys listed in Help > Keyboard Shortcuts and the command
 * palette; the message strip reads "Error (code parse): …" as a sentence;
 * the close question names an unsaved level by its title (the draft
 * dialog's name: tests/renderer/document-save.test.ts); Open under "All
 * files" takes the typed name as it is.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './serve-fixture.js';

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

/** New (the toolbar button) → Unlock the King: a new untitled blueprint in a tab of its own. */
async function newBlueprint(page: Page): Promise<void> {
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-unlock-the-king').click();
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('dialog-new')).toHaveCount(0);
}

/** The data-testid of the focused element ('' when none has one). */
function focusedTestId(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
}

test('ten tabs keep a readable width; the overflow menu lists every tab and works from the keyboard', async ({ page, serve }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1000, height: 800 });
  await ready(page, serve.url);
  for (let i = 0; i < 9; i++) await newBlueprint(page);
  await page.getByTestId('meta-title').fill('Zigzag Hall');
  await newBlueprint(page);
  const tabs = page.getByTestId('tab');
  await expect(tabs).toHaveCount(11);

  // No tab is squeezed to a letter or two: each keeps at least 110 px (the strip scrolls instead).
  const widths = await tabs.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
  expect(Math.min(...widths)).toBeGreaterThanOrEqual(110);
  // The active (last) tab is in view.
  await expect(tabs.last()).toBeInViewport();

  // The overflow menu, from the keyboard: Enter opens it on the active document.
  const button = page.getByTestId('tab-menu-button');
  await expect(button).toHaveAccessibleName('11 open tabs');
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Open documents' });
  await expect(menu).toBeVisible();
  const items = menu.getByRole('menuitemradio');
  await expect(items).toHaveCount(11);
  await expect(items.nth(0)).toContainText('First Steps');
  await expect(items.nth(10)).toHaveAttribute('aria-checked', 'true');
  await expect(items.nth(10)).toBeFocused();
  // Home, then Enter: the first tab is active, scrolled into view and focused.
  await page.keyboard.press('Home');
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('file-name')).toHaveText('01-first-steps.level.json');
  await expect(tabs.first()).toBeInViewport();
  await expect(tabs.first()).toBeFocused();

  // A letter jumps to the next title starting with it; Esc closes back to the button.
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(menu).toBeVisible();
  await page.keyboard.press('z');
  await expect(menu.getByRole('menuitemradio', { name: /Zigzag Hall/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
  // A click on an item activates its tab.
  await button.click();
  await menu.getByRole('menuitemradio', { name: /Zigzag Hall/ }).click();
  await expect(page.getByTestId('tab').and(page.locator('[aria-selected=true]'))).toContainText('Zigzag Hall');
});

test('close buttons are named after the tab title and are not inside the tab; Delete on a tab closes it', async ({ page, serve }) => {
  await ready(page, serve.url);
  await newBlueprint(page);
  await page.getByTestId('meta-title').fill('Gatehouse');
  await newBlueprint(page);
  await expect(page.getByTestId('tab')).toHaveText([/First Steps/, /Gatehouse/, /Untitled blueprint/]);
  await expect(page.getByRole('button', { name: 'Close First Steps' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Close Gatehouse' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Close Untitled blueprint' })).toHaveCount(1);
  // No button inside a tab, nor among the tablist's tabs.
  await expect(page.locator('[role=tab] button, [role=tablist] button')).toHaveCount(0);

  // Delete on the focused (clean) tab closes it; the keyboard stays on the tab bar.
  const last = page.getByTestId('tab').last();
  await last.focus();
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('tab')).toHaveCount(2);
  expect(await focusedTestId(page)).toBe('tab');
  // On the dirty Gatehouse tab, Delete asks first, naming the document by its title.
  await page.getByTestId('tab').last().focus();
  await page.keyboard.press('Delete');
  const dlg = page.getByTestId('dialog-close');
  await expect(dlg).toContainText('Save changes to Gatehouse?');
  await expect(dlg).not.toContainText('Untitled');
  await dlg.getByTestId('close-cancel').click();
  await expect(page.getByTestId('tab')).toHaveCount(2);
});

test('Ctrl+Shift+B focuses the board from anywhere, Ctrl+N opens New; both are in the shortcuts sheet and the palette', async ({ page, serve }) => {
  await ready(page, serve.url);
  // From a text field: one key, and the board's own keys work at once.
  await page.getByTestId('meta-title').focus();
  await page.keyboard.press('Control+Shift+B');
  await expect(page.getByTestId('board')).toBeFocused();
  const cursor = await page.getByTestId('board').getAttribute('data-cursor');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('board')).not.toHaveAttribute('data-cursor', cursor ?? '');

  await page.getByTestId('btn-open').focus();
  await page.keyboard.press('Control+n');
  await expect(page.getByTestId('dialog-new')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('dialog-new')).toHaveCount(0);

  // Help > Keyboard Shortcuts lists both.
  await page.keyboard.press('F1');
  const sheet = page.getByTestId('shortcuts-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('shortcut-focus-board')).toHaveAttribute('data-keys', 'Mod+Shift+B');
  await expect(sheet.getByTestId('shortcut-focus-board')).toContainText('Focus the board');
  await expect(sheet.getByTestId('shortcut-new')).toHaveAttribute('data-keys', 'Mod+N');
  await sheet.getByTestId('shortcuts-close').click();

  // The command palette runs it too (the palette gives focus back first, then the board takes it).
  await page.getByTestId('btn-open').focus();
  await page.keyboard.press('Control+k');
  await page.getByTestId('cmdk-input').fill('focus the board');
  await expect(page.getByTestId('cmdk-item-focus-board')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('command-palette')).toHaveCount(0);
  await expect(page.getByTestId('board')).toBeFocused();
});

/** Drops one file on the board, as the OS would (a synthetic DataTransfer). */
async function dropFile(page: Page, name: string, text: string): Promise<void> {
  await page.getByTestId('board').evaluate(
    (el, { name, text }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], name, { type: 'application/json' }));
      el.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
    },
    { name, text },
  );
}

test('the message strip reads as a sentence with the code apart: "Error (code parse): …"', async ({ page, serve }) => {
  await ready(page, serve.url);
  await dropFile(page, 'broken.level.json', '{"format": ');
  const banner = page.getByTestId('error-banner');
  await expect(banner).toBeVisible();
  const text = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();
  // What is read out (the text) and what is seen (innerText) are the same sentence.
  expect(text(await banner.textContent())).toMatch(/^Error \(code parse\): broken\.level\.json is not a valid level file\./);
  expect(text(await banner.evaluate((e) => (e as HTMLElement).innerText))).toMatch(/^Error \(code parse\): broken\.level\.json is not a valid level file\./);
  await expect(banner.locator('code')).toHaveText('parse');
});

test('Open under "All files" asks for the name as typed, without adding .level.json', async ({ page, serve }) => {
  mkdirSync(join(serve.workspace, 'unlock-the-king/copies'));
  copyFileSync(join(serve.workspace, 'unlock-the-king/02-open-court.level.json'), join(serve.workspace, 'unlock-the-king/copies/court.json'));
  await ready(page, serve.url);
  await page.getByTestId('btn-open').click();
  const dlg = page.getByTestId('file-dialog');
  await expect(dlg).toBeVisible();
  await page.getByTestId('file-filter').selectOption('all');
  // The dialog shows the open file's folder (unlock-the-king).
  await page.getByTestId('open-path').fill('copies/court.json');
  await expect(dlg).toHaveAttribute('data-path', 'unlock-the-king/copies/court.json');
  await page.getByTestId('open-ok').click();
  // What is asked for is the file typed (this host opens level files only, and says so naming it).
  const banner = page.getByTestId('error-banner');
  await expect(banner).toHaveAttribute('data-code', 'forbidden');
  await expect(banner).toContainText('"court.json"');
  // Under "Levels" the extension is still added.
  await page.getByTestId('btn-open').click();
  await page.getByTestId('file-filter').selectOption('level');
  await page.getByTestId('open-path').fill('copies/court');
  await expect(page.getByTestId('file-dialog')).toHaveAttribute('data-path', 'unlock-the-king/copies/court.level.json');
});
