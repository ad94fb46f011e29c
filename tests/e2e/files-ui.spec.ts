/**
 * End to end checks of the designer's files in the browser editor: the
 * default Save As folder of every ruleset is a real folder of the served
 * workspace; Save As into a sub folder by name, and into a new folder made
 * in the browser file dialog (files on disk checked); the project explorer
 * lists the workspace with stored proof statuses and opens a level; the pack
 * grid opens a level on double-click. Runs against `castellan serve`
 * (serve-fixture.ts).
 *
 * The folder browsing, New folder and the explorer read the host's
 * workspace file methods (browse, makeFolder, workspaceSummary); the tests
 * marked "host methods" need a host that answers them.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { RULESET_LIST } from '../../src-shared/rulesets/index.js';
import { expect, repoRoot, test } from './serve-fixture.js';
import { goToFolder } from './file-dialog.js';

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

/** True when `dir` (absolute) holds at least one level file of `ruleset`. */
function holdsLevelOf(dir: string, ruleset: string): boolean {
  return readdirSync(dir).some(
    (n) => n.endsWith('.level.json') && (JSON.parse(readFileSync(join(dir, n), 'utf8')) as { ruleset?: string }).ruleset === ruleset,
  );
}

test('New > each ruleset > Save As proposes a real folder of the workspace holding that ruleset’s levels', async ({ page, serve }) => {
  await ready(page, serve.url);
  for (const def of RULESET_LIST) {
    await page.getByTestId('btn-new').click();
    await page.getByTestId(`new-ruleset-${def.id}`).click();
    await page.getByTestId('new-create').click();
    await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', def.id);
    await page.getByTestId('btn-save-as').click();
    const dlg = page.getByTestId('file-dialog');
    await expect(dlg).toBeVisible();
    await expect(page.locator('[data-testid=file-dialog] [data-testid=file-entry], [data-testid=file-empty]').first()).toBeVisible();
    const folder = (await dlg.getAttribute('data-folder')) ?? '';
    expect(existsSync(join(serve.workspace, folder)), `${def.id}: ${folder}`).toBe(true);
    expect(holdsLevelOf(join(serve.workspace, folder), def.id), `${def.id}: ${folder}`).toBe(true);
    // The proposed name is in that folder and ends in .level.json.
    expect(await dlg.getAttribute('data-path')).toMatch(new RegExp(`^${folder}/[^/]+\\.level\\.json$`));
    await page.getByTestId('save-as-cancel').click();
    await expect(dlg).toHaveCount(0);
  }
});

test('Save As by name: "sub/x" saves into an existing sub folder, a missing one is an inline error; the extension is added', async ({ page, serve }) => {
  await ready(page, serve.url);
  await page.getByTestId('btn-save-as').click();
  await goToFolder(page, '');
  await page.getByTestId('save-as-path').fill('nowhere/mine');
  await page.getByTestId('save-as-ok').click();
  await expect(page.getByTestId('save-as-error')).toContainText('nowhere/mine.level.json');
  await expect(page.getByTestId('save-as-error')).toContainText('no folder nowhere');
  expect(existsSync(join(serve.workspace, 'nowhere'))).toBe(false);
  await page.getByTestId('save-as-path').fill('unlock-the-king/by-name');
  await page.getByTestId('save-as-ok').click();
  await expect(page.getByTestId('dialog-save-as')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('file-name')).toHaveText('by-name.level.json');
  const saved = JSON.parse(readFileSync(join(serve.workspace, 'unlock-the-king', 'by-name.level.json'), 'utf8')) as { meta: { title: string } };
  expect(saved.meta.title).toBe('First Steps');
});

test('Save As into a new folder made in the browser file dialog (host methods)', async ({ page, serve }) => {
  await ready(page, serve.url);
  await page.getByTestId('btn-save-as').click();
  await goToFolder(page, 'unlock-the-king');
  await page.getByTestId('file-new-folder').click();
  // A bad name is refused inline before anything is asked of the host.
  await page.getByTestId('file-new-folder-name').fill('a/b');
  await page.getByTestId('file-new-folder-ok').click();
  await expect(page.getByTestId('file-new-folder-error')).toContainText('cannot hold');
  await page.getByTestId('file-new-folder-name').fill('drafts');
  await page.getByTestId('file-new-folder-name').press('Enter');
  const dlg = page.getByTestId('file-dialog');
  await expect(dlg).toHaveAttribute('data-folder', 'unlock-the-king/drafts');
  expect(existsSync(join(serve.workspace, 'unlock-the-king', 'drafts'))).toBe(true);
  await expect(page.getByTestId('file-empty')).toBeVisible();
  await page.getByTestId('save-as-path').fill('in-new-folder');
  await expect(dlg).toHaveAttribute('data-path', 'unlock-the-king/drafts/in-new-folder.level.json');
  await page.getByTestId('save-as-ok').click();
  await expect(page.getByTestId('dialog-save-as')).toHaveCount(0, { timeout: 60_000 });
  // The dialog closes when the save starts (its progress is in the message strip): wait for the saved file's name.
  await expect(page.getByTestId('file-name')).toHaveText('in-new-folder.level.json', { timeout: 60_000 });
  const file = join(serve.workspace, 'unlock-the-king', 'drafts', 'in-new-folder.level.json');
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { ruleset: string; meta: { title: string }; solution?: { length: number } };
  expect(saved.meta.title).toBe('First Steps');
  expect(saved.solution?.length).toBeGreaterThan(0);
  // The folder is now a recent place of the next dialog, and the file is listed in it.
  await page.getByTestId('btn-save-as').click();
  await expect(dlg).toHaveAttribute('data-folder', 'unlock-the-king/drafts');
  await expect(page.locator('[data-testid=file-entry][data-path="unlock-the-king/drafts/in-new-folder.level.json"]')).toBeVisible();
  await expect(page.locator('[data-testid=file-place][data-path="unlock-the-king/drafts"]')).toBeVisible();
});

test('the project explorer lists the workspace with stored statuses and opens a level; the board area shrinks (host methods)', async ({ page, serve }) => {
  const src = JSON.parse(readFileSync(join(serve.workspace, 'unlock-the-king', '01-first-steps.level.json'), 'utf8')) as {
    walls?: string[];
    solution: { length: number };
    meta: { title: string };
  };
  mkdirSync(join(serve.workspace, 'e2e'));
  const put = (name: string, doc: unknown): void =>
    writeFileSync(join(serve.workspace, 'e2e', name), typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2) + '\n');
  put('a-proved.level.json', { ...src, meta: { ...src.meta, title: 'Proved one' } });
  // A wall added after the proof: the stored levelHash no longer matches.
  put('b-stale.level.json', { ...src, meta: { ...src.meta, title: 'Stale one' }, walls: [...(src.walls ?? []), 'h1'] });
  const { solution: _s, ...unproved } = src;
  put('c-draft.level.json', { ...unproved, meta: { ...src.meta, title: 'Draft one' }, draft: true });
  put('d-invalid.level.json', '{bad');

  await ready(page, serve.url);
  const board0 = (await page.getByTestId('board').boundingBox())!;
  await page.keyboard.press('Control+b');
  const ex = page.getByTestId('explorer');
  await expect(ex).toBeVisible();
  const row = (name: string) => ex.locator(`[data-testid=explorer-item][data-path="e2e/${name}"]`);
  await expect(row('a-proved.level.json')).toHaveAttribute('data-status', 'proved');
  await expect(row('a-proved.level.json').getByTestId('explorer-status')).toHaveText(`proved par ${src.solution.length}`);
  await expect(row('b-stale.level.json').getByTestId('explorer-status')).toHaveText('stale');
  await expect(row('c-draft.level.json').getByTestId('explorer-status')).toHaveText('draft');
  await expect(row('d-invalid.level.json').getByTestId('explorer-status')).toHaveText('invalid');
  // The status colours (StatusBadge): green for proved, red for invalid, a dashed border for a draft.
  await expect(row('a-proved.level.json').getByTestId('explorer-status')).toHaveCSS('color', 'rgb(198, 242, 211)');
  await expect(row('d-invalid.level.json').getByTestId('explorer-status')).toHaveCSS('color', 'rgb(255, 209, 207)');
  await expect(row('c-draft.level.json').getByTestId('explorer-status')).toHaveCSS('border-top-style', 'dashed');
  await expect(row('a-proved.level.json')).toContainText('Proved one');
  // Every sample folder is listed.
  for (const d of readdirSync(serve.workspace, { withFileTypes: true }).filter((x) => x.isDirectory() && !x.name.startsWith('.'))) {
    await expect(ex.locator(`[data-testid=explorer-group][data-folder="${d.name}"]`)).toHaveCount(1);
  }
  // Thumbnails are drawn for the rows on screen only (lazily): the last folder's rows wait until scrolled to.
  const lastGroup = ex.getByTestId('explorer-group').last();
  const lastThumb = lastGroup.getByTestId('thumb').last();
  await expect(lastThumb).toHaveAttribute('data-loaded', 'false');
  await lastThumb.scrollIntoViewIfNeeded();
  await expect(lastThumb).toHaveAttribute('data-loaded', 'true');
  await row('a-proved.level.json').scrollIntoViewIfNeeded();
  await expect(row('a-proved.level.json').getByTestId('thumb')).toHaveAttribute('data-loaded', 'true');
  // The invalid file has no picture.
  await expect(row('d-invalid.level.json').getByTestId('thumb')).toHaveAttribute('data-loaded', 'false');
  // The board is not covered: it moved right of the explorer and shrank.
  const exBox = (await ex.boundingBox())!;
  const board1 = (await page.getByTestId('board').boundingBox())!;
  expect(board1.x).toBeGreaterThanOrEqual(exBox.x + exBox.width);
  expect(board1.width).toBeLessThanOrEqual(board0.width);
  // The filter narrows the list; Enter opens the level.
  await page.getByTestId('explorer-filter').fill('stale one');
  await expect(ex.getByTestId('explorer-item')).toHaveCount(1);
  await row('b-stale.level.json').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('file-name')).toHaveText('b-stale.level.json');
  await expect(row('b-stale.level.json')).toHaveAttribute('aria-current', 'true');
  // Open or closed is remembered.
  await page.reload();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await expect(ex).toBeVisible();
  await page.keyboard.press('Control+b');
  await expect(ex).toHaveCount(0);
});

test('the pack grid shows the levels as thumbnails with status; a double-click opens one', async ({ page, serve }) => {
  cpSync(join(repoRoot, 'resources/packs/citadel-codex'), join(serve.workspace, 'packs/codex'), { recursive: true });
  const pack = JSON.parse(readFileSync(join(serve.workspace, 'packs/codex/pack.json'), 'utf8')) as { levels: { file: string }[] };
  await ready(page, serve.url);
  await page.getByTestId('btn-packs').click();
  await page.getByTestId('pack-select').selectOption('packs/codex');
  await page.getByTestId('pack-open').click();
  const tiles = page.getByTestId('pack-tile');
  await expect(tiles).toHaveCount(pack.levels.length);
  await expect(page.getByTestId('pack-row')).toHaveCount(0);
  await expect(tiles.nth(0).getByTestId('pack-tile-status')).toHaveText(/^proved par \d+$/);
  // The same proved colour as in the explorer (one StatusBadge).
  await expect(tiles.nth(0).getByTestId('pack-tile-status')).toHaveCSS('color', 'rgb(198, 242, 211)');
  await expect(tiles.nth(0).getByTestId('thumb')).toHaveAttribute('data-loaded', 'true');
  // Arrow keys walk the grid; Enter opens too (checked on the third, double-click on the second).
  await tiles.nth(1).dblclick();
  await expect(page.getByTestId('pack-manager')).toBeHidden();
  await expect(page.getByTestId('file-name')).toHaveText(pack.levels[1]!.file.split('/').pop()!);
  await page.getByTestId('btn-packs').click();
  await tiles.nth(1).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tiles.nth(2)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('file-name')).toHaveText(pack.levels[2]!.file.split('/').pop()!);
  // The list view is still there, and the choice is remembered.
  await page.getByTestId('btn-packs').click();
  await page.getByTestId('pack-view-list').click();
  await expect(page.getByTestId('pack-row')).toHaveCount(pack.levels.length);
});

test('the file dialog shows the folder asked for last: a slow listing of the first folder never replaces the root the user went to', async ({
  page,
  serve,
}) => {
  await ready(page, serve.url);
  // The dialog opens in the current file's folder (unlock-the-king); that first listing answers 2 s late.
  let first = true;
  await page.route('**/api/browse', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { dir?: string };
    if (first && body.dir === 'unlock-the-king') {
      first = false;
      await new Promise((r) => setTimeout(r, 2000));
    }
    await route.continue();
  });
  await page.getByTestId('btn-open').click();
  const dlg = page.getByTestId('file-dialog');
  await dlg.locator('[data-testid=file-place][data-role=root]').click();
  await expect(dlg).toHaveAttribute('data-folder', '');
  await expect(dlg.locator('[data-testid=file-entry][data-path="kings-valley"]')).toBeVisible();
  // After the late answer has come: still the root.
  await page.waitForTimeout(2500);
  await expect(dlg).toHaveAttribute('data-folder', '');
  await expect(dlg.locator('[data-testid=file-entry][data-path="kings-valley"]')).toBeVisible();
});
