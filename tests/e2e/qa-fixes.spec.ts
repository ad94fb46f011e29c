/**
 * Defects found by a new-user QA pass (issues 5 and 9), each pinned by a
 * test: typing in the pack manager's "New pack…" form, Esc and focus of the
 * pack manager, adding a level file that already lies in the pack folder,
 * and the arrow keys right after Solve.
 */
import { cpSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, repoRoot, test } from './serve-fixture.js';
import { pickFile } from './file-dialog.js';

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

async function openLevel(page: Page, path: string): Promise<void> {
  await page.getByTestId('btn-open').click();
  await pickFile(page, path);
  await expect(page.getByTestId('file-name')).toHaveText(path.split('/').pop()!);
}

test('pack manager: typing a new pack title keeps the form open and never reaches the editor shortcuts; Esc closes the panel', async ({ page, serve }) => {
  cpSync(join(repoRoot, 'resources/packs/citadel-codex'), join(serve.workspace, 'packs/codex'), { recursive: true });
  await ready(page, serve.url);
  const board = page.getByTestId('board');
  await expect(board).toHaveAttribute('data-tool', 'select');
  await page.keyboard.press('Control+Shift+K');
  const panel = page.getByTestId('pack-manager');
  await expect(panel).toBeVisible();
  // Opening moves the focus into the panel.
  await expect(panel).toBeFocused();
  // The pack list arrives (the workspace has the Codex), then the user opens "New pack…" and types.
  await expect(page.locator('[data-testid=pack-select] option[value="packs/codex"]')).toHaveCount(1);
  await page.getByTestId('pack-new-toggle').click();
  await page.getByTestId('pack-new-title').click();
  await page.keyboard.type('QA Wall Pack', { delay: 30 });
  await expect(page.getByTestId('pack-new-title')).toHaveValue('QA Wall Pack');
  await expect(page.getByTestId('pack-new-path')).toBeVisible();
  // W is the wall tool, Q/A/P would be others: none of the typed letters switched the tool.
  await expect(board).toHaveAttribute('data-tool', 'select');
  // Esc from the field closes the panel.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  // Esc also closes it when the focus is outside the panel (on the page itself).
  await page.keyboard.press('Control+Shift+K');
  await expect(panel).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

test('pack manager: "Add current document" lists a file already in the pack folder as it is, and refuses it twice', async ({ page, serve }) => {
  const codex = join(serve.workspace, 'packs/codex');
  cpSync(join(repoRoot, 'resources/packs/citadel-codex'), codex, { recursive: true });
  // A level file inside the pack folder that the pack does not list yet.
  cpSync(join(serve.workspace, 'unlock-the-king/01-first-steps.level.json'), join(codex, 'levels/extra.level.json'));
  const before = readdirSync(join(codex, 'levels')).length;
  await ready(page, serve.url);
  await openLevel(page, 'packs/codex/levels/extra.level.json');
  await page.getByTestId('btn-packs').click();
  await page.getByTestId('pack-view-list').click();
  await page.getByTestId('pack-select').selectOption('packs/codex');
  await page.getByTestId('pack-open').click();
  await expect(page.getByTestId('pack-row')).toHaveCount(50);
  await page.getByTestId('pack-add-current').click();
  await expect(page.getByTestId('pack-row')).toHaveCount(51);
  const pack = JSON.parse(readFileSync(join(codex, 'pack.json'), 'utf8')) as { levels: { file: string }[] };
  expect(pack.levels[50]!.file).toBe('levels/extra.level.json');
  expect(readdirSync(join(codex, 'levels')).length).toBe(before);
  // Adding it again is refused with a clear message; nothing is copied.
  await page.getByTestId('pack-add-current').click();
  await expect(page.getByTestId('pack-error')).toContainText('already level #51');
  await expect(page.getByTestId('pack-row')).toHaveCount(51);
  expect(readdirSync(join(codex, 'levels')).length).toBe(before);
});

test('arrow keys step through the solution right after Solve (focus still on the Solve button)', async ({ page, serve }) => {
  await ready(page, serve.url);
  await openLevel(page, 'unlock-the-king/02-open-court.level.json');
  await page.getByTestId('btn-solve').click();
  await expect(page.getByTestId('solve-status')).toHaveAttribute('data-status', 'solved', { timeout: 60_000 });
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[data-testid=solution-move][data-index="1"]')).toHaveAttribute('aria-current', 'step');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[data-testid=solution-move][data-index="2"]')).toHaveAttribute('aria-current', 'step');
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('[data-testid=solution-move][data-index="1"]')).toHaveAttribute('aria-current', 'step');
});
