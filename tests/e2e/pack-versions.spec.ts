/**
 * Versions… of a pack, end to end with a real `castellan serve`: every
 * change of a pack keeps the pack.json it replaced, the pack manager lists
 * those versions, and restoring one writes it back as a normal change
 * (pack.json on disk follows; the manifest it replaced is a version in
 * turn; Undo in the panel takes the restore back).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './serve-fixture.js';

const FIRST = 'unlock-the-king/01-first-steps.level.json';

function levelsOnDisk(ws: string): string[] {
  const p = JSON.parse(readFileSync(join(ws, 'packs/versions/pack.json'), 'utf8')) as { levels: { file: string }[] };
  return p.levels.map((e) => e.file);
}

async function chooseVersion(page: Page, index: number, expected: RegExp): Promise<void> {
  await page.getByTestId('pack-versions').click();
  const items = page.getByTestId('pack-version-item');
  await expect(items.first()).toBeVisible();
  await items.nth(index).click();
  await expect(page.getByTestId('pack-version-chosen')).toContainText(expected);
  await page.getByTestId('pack-version-restore').click();
  await expect(page.getByTestId('pack-versions-panel')).toHaveCount(0);
}

test('a pack keeps the pack.json its changes replaced; Versions… restores one, and Undo takes the restore back', async ({ page, serve }) => {
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('btn-packs').click();
  await expect(page.getByTestId('pack-manager')).toBeVisible();

  await page.getByTestId('pack-new-title').fill('Versions');
  await expect(page.getByTestId('pack-new-path')).toHaveValue('packs/versions');
  await page.getByTestId('pack-create').click();
  await expect(page.getByTestId('pack-title')).toHaveText('Versions');

  // A new pack has no earlier versions.
  await page.getByTestId('pack-versions').click();
  await expect(page.getByTestId('pack-versions-empty')).toBeVisible();
  await page.getByTestId('pack-versions-close').click();

  // Adding a level replaces the empty manifest: that one becomes a version.
  await page.getByTestId('pack-add-file-select').selectOption(FIRST);
  await page.getByTestId('pack-add-file').click();
  await expect.poll(() => levelsOnDisk(serve.workspace)).toEqual(['levels/first-steps.level.json']);

  // Restore the empty manifest.
  await chooseVersion(page, 0, /Versions · 0 levels/);
  await expect(page.getByTestId('pack-message')).toContainText('Restored the pack.json');
  await expect.poll(() => levelsOnDisk(serve.workspace)).toEqual([]);

  // The manifest the restore replaced (one level) is now the newest version.
  await chooseVersion(page, 0, /Versions · 1 level\b/);
  await expect.poll(() => levelsOnDisk(serve.workspace)).toEqual(['levels/first-steps.level.json']);

  // Undo in the panel takes the last restore back.
  await page.getByTestId('pack-undo').click();
  await expect.poll(() => levelsOnDisk(serve.workspace)).toEqual([]);
});

test('a pack change whose backup cannot be kept is made, and the pack manager says the previous pack.json was not kept', async ({ page, serve }) => {
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('btn-packs').click();
  await page.getByTestId('pack-new-title').fill('Versions');
  await page.getByTestId('pack-create').click();
  await expect(page.getByTestId('pack-title')).toHaveText('Versions');
  await expect(page.getByTestId('pack-backup-warning')).toHaveCount(0);
  // A file where the backup folder of packs/versions/pack.json would go.
  mkdirSync(join(serve.workspace, '.castellan', 'backups'), { recursive: true });
  writeFileSync(join(serve.workspace, '.castellan', 'backups', 'packs'), 'in the way\n');
  await page.getByTestId('pack-add-file-select').selectOption(FIRST);
  await page.getByTestId('pack-add-file').click();
  await expect.poll(() => levelsOnDisk(serve.workspace)).toEqual(['levels/first-steps.level.json']);
  await expect(page.getByTestId('pack-backup-warning')).toBeVisible();
});
