/**
 * Levels as text in the editor, end to end on a real `castellan serve`:
 * (a) Edit > Copy level as code puts the open level's code on the
 *     clipboard (it decodes to the same levelHash as the file); Ctrl+V of
 *     it opens the level in a new tab; a code with a changed character is
 *     refused with its code, and no tab opens;
 * (b) Pack > Import collection from clipboard reads a collection with a bad
 *     line into a new pack: the good levels in order with their tier, the
 *     bad line named with its number and reason; Export as collection gives
 *     the pack back as codes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { decodeLevelCode, encodeLevelCode } from '../../src-shared/format/level-code.js';
import { levelHash } from '../../src-shared/format/level-hash.js';
import { parseLevelText } from '../../src-shared/format/load.js';
import type { Level } from '../../src-shared/model/level.js';
import { expect, test } from './serve-fixture.js';

const FIRST = 'unlock-the-king/01-first-steps.level.json';
const SECOND = 'unlock-the-king/02-open-court.level.json';

function levelAt(ws: string, rel: string): Level {
  const r = parseLevelText(readFileSync(join(ws, rel), 'utf8'));
  if (!r.ok) throw new Error(rel);
  return r.value;
}

function codeOf(level: Level): string {
  const c = encodeLevelCode(level);
  if (!c.ok) throw new Error('no code');
  return c.value;
}

async function ready(page: Page, url: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

const readClipboard = (page: Page): Promise<string> => page.evaluate(() => navigator.clipboard.readText());
const writeClipboard = (page: Page, text: string): Promise<void> => page.evaluate((t) => navigator.clipboard.writeText(t), text);

test('Edit > Copy level as code, then Ctrl+V opens the level in a new tab; a changed code is refused with its code', async ({ page, serve }) => {
  await ready(page, serve.url);
  await expect(page.getByTestId('tab')).toHaveCount(1);
  await page.getByTestId('menu-edit').click();
  await page.getByTestId('menuitem-copy-level-code').click();
  await expect(page.getByTestId('notice')).toContainText('Copied the level code');
  const code = await readClipboard(page);
  expect(code).toMatch(/^CST1\.[A-Za-z0-9_-]+$/);
  const decoded = decodeLevelCode(code);
  expect(decoded.ok && levelHash(decoded.value)).toBe(levelHash(levelAt(serve.workspace, FIRST)));

  // A changed character: refused, with the checksum's code; nothing opens.
  const changed = code.slice(0, 12) + (code[12] === 'A' ? 'B' : 'A') + code.slice(13);
  await writeClipboard(page, changed);
  await page.getByTestId('board').focus();
  await page.keyboard.press('Control+v');
  await expect(page.getByTestId('error-banner')).toHaveAttribute('data-code', 'level-code-checksum');
  await expect(page.getByTestId('tab')).toHaveCount(1);

  // The code of another level (Open Court): Ctrl+V opens it in a new, active, unsaved tab.
  await writeClipboard(page, codeOf(levelAt(serve.workspace, SECOND)));
  await page.getByTestId('board').focus();
  await page.keyboard.press('Control+v');
  await expect(page.getByTestId('tab')).toHaveCount(2);
  await expect(page.getByTestId('meta-title')).toHaveValue('Open Court');
  await expect(page.getByTestId('board')).not.toHaveAttribute('data-paste-pending', 'true');

  // And the copied code of First Steps opens it again in a third tab.
  await writeClipboard(page, code);
  await page.getByTestId('board').focus();
  await page.keyboard.press('Control+v');
  await expect(page.getByTestId('tab')).toHaveCount(3);
  await expect(page.getByTestId('meta-title')).toHaveValue('First Steps');
});

test('Pack > Import collection from clipboard: the good entries become a new pack in order, the bad line is named', async ({ page, serve }) => {
  await ready(page, serve.url);
  const first = levelAt(serve.workspace, FIRST);
  const second = levelAt(serve.workspace, SECOND);
  const collection = ['; two levels and a bad line', 'Pack: Pasted Pack', 'Tier: Novice', codeOf(second), 'this is no level', codeOf(first), ''].join('\n');
  await writeClipboard(page, collection);
  await page.getByTestId('menu-pack').click();
  await page.getByTestId('menuitem-pack-import-collection').click();
  await expect(page.getByTestId('pack-manager')).toBeVisible();
  await expect(page.getByTestId('pack-import-text')).toHaveValue(collection);
  await expect(page.getByTestId('pack-import-path')).toHaveValue('packs/pasted-pack');
  await page.getByTestId('pack-import').click();

  await expect(page.getByTestId('pack-title')).toHaveText('Pasted Pack');
  await expect(page.getByTestId('pack-error')).toContainText('Line 5:');
  await expect(page.getByTestId('pack-error')).toContainText('collection-entry');
  await expect(page.getByTestId('pack-message')).toContainText('Imported 2 levels');
  const pack = JSON.parse(readFileSync(join(serve.workspace, 'packs/pasted-pack/pack.json'), 'utf8')) as {
    title: string;
    levels: { file: string; tier?: string }[];
  };
  expect(pack.title).toBe('Pasted Pack');
  expect(pack.levels.map((e) => e.tier)).toEqual(['Novice', 'Novice']);
  expect(pack.levels.map((e) => levelHash(levelAt(join(serve.workspace, 'packs/pasted-pack'), e.file)))).toEqual([levelHash(second), levelHash(first)]);

  // Export as collection: the pack's two levels as codes, in order, with their tier, on the clipboard.
  await writeClipboard(page, '');
  await page.getByTestId('pack-export-collection').click();
  await expect(page.getByTestId('pack-message')).toContainText('Exported 2 levels as a collection');
  const text = await readClipboard(page);
  expect(text).toContain('Pack: Pasted Pack\nTier: Novice\n');
  const codes = text.split('\n').filter((l) => l.startsWith('CST1.'));
  expect(
    codes.map((c) => {
      const d = decodeLevelCode(c);
      return d.ok ? levelHash(d.value) : d.error[0]?.code;
    }),
  ).toEqual([levelHash(second), levelHash(first)]);
});
