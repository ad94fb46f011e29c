/**
 * The pack manager, end to end with a real `castellan serve` on a
 * temp copy of resources/levels:
 * (a) create a pack, add workspace levels (one of them stale: its walls were
 *     edited after the proof), reorder by drag and by Alt+Down (pack.json on
 *     disk follows; Ctrl+Z in the panel undoes), verify (progress, then
 *     every status: the stale level flagged), export (refused for the stale
 *     level until forced; files on disk; a second export to the same place
 *     refuses to overwrite);
 * (b) render the current level to SVG and PNG; add the current document
 *     and the same file again (flagged as a duplicate); suggest a blueprint
 *     (opens as a new unsaved Unlock the King document);
 * (c) the Citadel Codex copied into the workspace is listed and opens with
 *     50 proved levels in four UK-9 tiers;
 * (d) the Difficulty column reads each level's stored solution.metrics, and
 *     Sort by difficulty + Apply order writes the easiest-first order.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { expect, repoRoot, test } from './serve-fixture.js';

const FIRST = 'unlock-the-king/01-first-steps.level.json';
const SECOND = 'unlock-the-king/02-open-court.level.json';

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

function packOrder(ws: string, dir: string): string[] {
  const p = JSON.parse(readFileSync(join(ws, dir, 'pack.json'), 'utf8')) as { levels: { file: string }[] };
  return p.levels.map((e) => e.file);
}

async function addFile(page: Page, path: string, count: number): Promise<void> {
  await page.getByTestId('pack-add-file-select').selectOption(path);
  await page.getByTestId('pack-add-file').click();
  await expect(page.getByTestId('pack-row')).toHaveCount(count);
}

test('create a pack, add levels, reorder by drag, verify with progress, export (refused, forced, never overwritten)', async ({ page, serve }) => {
  // A stale level: 01-first-steps with a wall added after its proof (its stored levelHash no longer matches).
  const first = JSON.parse(readFileSync(join(serve.workspace, FIRST), 'utf8')) as UnlockTheKingLevel;
  const stale: UnlockTheKingLevel = { ...first, meta: { ...first.meta, title: 'Edited Steps' }, walls: [...(first.walls ?? []), 'h1'] };
  writeFileSync(join(serve.workspace, 'edited-steps.level.json'), JSON.stringify(stale, null, 2) + '\n');

  await ready(page, serve.url);
  await page.getByTestId('btn-packs').click();
  await page.getByTestId('pack-view-list').click();
  const pm = page.getByTestId('pack-manager');
  await expect(pm).toBeVisible();

  // Create.
  await page.getByTestId('pack-new-title').fill('E2E Pack');
  await expect(page.getByTestId('pack-new-path')).toHaveValue('packs/e2e-pack');
  await page.getByTestId('pack-create').click();
  await expect(page.getByTestId('pack-title')).toHaveText('E2E Pack');
  expect(JSON.parse(readFileSync(join(serve.workspace, 'packs/e2e-pack/pack.json'), 'utf8'))).toMatchObject({
    title: 'E2E Pack',
    ruleset: 'unlock-the-king',
    levels: [],
  });

  // Add three workspace files.
  await addFile(page, FIRST, 1);
  await addFile(page, SECOND, 2);
  await addFile(page, 'edited-steps.level.json', 3);
  expect(packOrder(serve.workspace, 'packs/e2e-pack')).toEqual([
    'levels/first-steps.level.json',
    'levels/open-court.level.json',
    'levels/edited-steps.level.json',
  ]);
  // Stored statuses, read from the files alone: the edited copy is stale.
  await expect(page.locator('[data-testid=pack-row][data-index="2"]')).toHaveAttribute('data-status', 'stale');
  await expect(page.locator('[data-testid=pack-row][data-index="0"] [data-testid=pack-status]')).toHaveText('proved par 3');

  // Reorder by drag: the third row onto the first.
  await page.locator('[data-testid=pack-row][data-index="2"]').dragTo(page.locator('[data-testid=pack-row][data-index="0"]'));
  await expect
    .poll(() => packOrder(serve.workspace, 'packs/e2e-pack'))
    .toEqual(['levels/edited-steps.level.json', 'levels/first-steps.level.json', 'levels/open-court.level.json']);
  await expect(page.locator('[data-testid=pack-row][data-index="0"]')).toHaveAttribute('data-name', 'levels/edited-steps.level.json');

  // Keyboard alternative: Alt+Down moves the focused row; Ctrl+Z in the panel undoes it (the editor's document is untouched).
  await page.locator('[data-testid=pack-row][data-index="0"]').focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => packOrder(serve.workspace, 'packs/e2e-pack')[1]).toBe('levels/edited-steps.level.json');
  await expect(page.locator('[data-testid=pack-row][data-index="1"]')).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect.poll(() => packOrder(serve.workspace, 'packs/e2e-pack')[0]).toBe('levels/edited-steps.level.json');
  await expect(page.getByTestId('app')).toHaveAttribute('data-dirty', 'false');

  // Tier of the second row.
  await page.locator('[data-testid=pack-row][data-index="1"] [data-testid=pack-tier]').selectOption('Novice');
  await expect
    .poll(() => (JSON.parse(readFileSync(join(serve.workspace, 'packs/e2e-pack/pack.json'), 'utf8')) as { levels: { tier?: string }[] }).levels[1]?.tier)
    .toBe('Novice');

  // Verify: progress, then each level's status.
  await page.getByTestId('pack-verify').click();
  const progress = page.getByTestId('pack-verify-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(progress).toHaveAttribute('data-done', '3');
  await expect(page.locator('[data-testid=pack-row]')).toHaveCount(3);
  const statuses = await page.locator('[data-testid=pack-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')));
  expect(statuses).toEqual(['stale', 'proved', 'proved']);
  await expect(page.locator('[data-testid=pack-row][data-index="1"] [data-testid=pack-status]')).toHaveText('proved par 3');
  await expect(page.getByTestId('pack-summary')).toHaveText('2 of 3 proved: 1 stale');

  // Export: refused for the stale level unless forced.
  await expect(page.getByTestId('pack-export-out')).toHaveValue('packs/e2e-pack-export');
  await page.getByTestId('pack-export').click();
  await expect(page.getByTestId('dialog-confirm')).toBeVisible();
  await expect(page.getByTestId('dialog-confirm')).toContainText('Edited Steps: stale');
  await page.getByTestId('pack-export-force').click();
  await expect(page.getByTestId('pack-message')).toContainText('Exported 3 levels');
  const out = join(serve.workspace, 'packs/e2e-pack-export');
  expect(packOrder(serve.workspace, 'packs/e2e-pack-export')).toHaveLength(3);
  expect(readdirSync(join(out, 'levels')).sort()).toEqual(['01-edited-steps.level.json', '02-first-steps.level.json', '03-open-court.level.json']);
  const before = readFileSync(join(out, 'pack.json'), 'utf8');

  // A second export to the same place refuses to overwrite.
  await page.getByTestId('pack-export').click();
  await page.getByTestId('pack-export-force').click();
  await expect(page.getByTestId('pack-error')).toHaveAttribute('data-code', 'conflict');
  await expect(page.getByTestId('pack-error')).toContainText('already exists');
  expect(readFileSync(join(out, 'pack.json'), 'utf8')).toBe(before);

  // The single-file form.
  await page.getByTestId('pack-export-out').fill('packs/e2e.pack.json');
  await page.getByTestId('pack-export').click();
  await page.getByTestId('pack-export-force').click();
  await expect(page.getByTestId('pack-message')).toContainText('(1 file)');
  expect(existsSync(join(serve.workspace, 'packs/e2e.pack.json'))).toBe(true);

  // Remove keeps the file on disk.
  await page.locator('[data-testid=pack-row][data-index="2"] [data-testid=pack-row-remove]').click();
  await expect(page.getByTestId('pack-row')).toHaveCount(2);
  expect(existsSync(join(serve.workspace, 'packs/e2e-pack/levels/open-court.level.json'))).toBe(true);
  await page.screenshot({ path: join(repoRoot, 'test-results', 'screens', 'pack-manager.png') });

  // pack.json changed by another program: the next change answers a conflict (nothing written); Reload shows theirs.
  const packJson = join(serve.workspace, 'packs/e2e-pack/pack.json');
  const theirs = JSON.parse(readFileSync(packJson, 'utf8')) as { levels: unknown[] };
  theirs.levels.reverse();
  const theirText = JSON.stringify(theirs, null, 2) + '\n';
  writeFileSync(packJson, theirText);
  await page.locator('[data-testid=pack-row][data-index="0"]').focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(page.getByTestId('pack-error')).toHaveAttribute('data-code', 'conflict');
  expect(readFileSync(packJson, 'utf8')).toBe(theirText);
  await page.getByTestId('pack-reload').click();
  await expect(page.locator('[data-testid=pack-row][data-index="0"]')).toHaveAttribute('data-name', 'levels/first-steps.level.json');
  // The exported single file opens read-only (by path): its three levels, as exported.
  await page.getByTestId('pack-open-path-toggle').click();
  await page.getByTestId('pack-open-path').fill('packs/e2e.pack.json');
  await page.getByTestId('pack-open-path-go').click();
  await expect(page.getByTestId('pack-open-view')).toHaveAttribute('data-form', 'file');
  await expect(page.getByTestId('pack-row')).toHaveCount(3);
  await expect(page.getByTestId('pack-row-remove')).toHaveCount(0);
  expect(await page.locator('[data-testid=pack-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')))).toEqual([
    'stale',
    'proved',
    'proved',
  ]);
  // Esc closes the panel.
  await page.locator('[data-testid=pack-row][data-index="0"]').focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('pack-manager')).toBeHidden();
});

test('render the current level (SVG, PNG, never overwriting) and suggest a blueprint', async ({ page, serve }) => {
  await ready(page, serve.url);
  await page.getByTestId('btn-packs').click();
  await page.getByTestId('pack-view-list').click();
  await page.getByTestId('render-out').fill('shot.svg');
  await page.getByTestId('render-level').click();
  await expect(page.getByTestId('pack-message')).toContainText('Wrote shot.svg');
  expect(readFileSync(join(serve.workspace, 'shot.svg'), 'utf8')).toMatch(/<svg/);
  await page.getByTestId('render-level').click();
  await expect(page.getByTestId('pack-error')).toHaveAttribute('data-code', 'conflict');
  await page.getByTestId('render-out').fill('shot.png');
  await page.getByTestId('render-level').click();
  await expect(page.getByTestId('pack-message')).toContainText('Wrote shot.png');
  expect(readFileSync(join(serve.workspace, 'shot.png')).subarray(1, 4).toString('latin1')).toBe('PNG');

  // Add the current document (the first sample, opened at start) and the same file again: the copy is a duplicate.
  await page.getByTestId('pack-new-title').fill('Dups');
  await page.getByTestId('pack-create').click();
  await expect(page.getByTestId('pack-title')).toHaveText('Dups');
  await page.getByTestId('pack-add-current').click();
  await expect(page.getByTestId('pack-row')).toHaveCount(1);
  await addFile(page, FIRST, 2);
  await expect(page.locator('[data-testid=pack-row][data-index="1"]')).toHaveAttribute('data-status', 'duplicate');
  await expect(page.locator('[data-testid=pack-row][data-index="1"] [data-testid=pack-status]')).toHaveText('duplicate of #1');
  expect(packOrder(serve.workspace, 'packs/dups')).toEqual(['levels/first-steps.level.json', 'levels/first-steps-2.level.json']);

  // Suggest from the New dialog's "Suggest a level…" panel (the pack manager's own panel adds to the pack instead).
  // One suggest entry in the pack manager: the pack's "Suggest a level…" panel, not the old Unlock the King-only button.
  await expect(page.getByTestId('pack-suggest')).toBeVisible();
  await expect(page.getByTestId('suggest-blueprint')).toHaveCount(0);
  await page.getByTestId('pack-close').click();
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-suggest-unlock-the-king').click();
  await page.getByTestId('suggest-level').getByTestId('suggest-generate').click();
  await page.getByTestId('suggest-level').getByTestId('suggest-accept').click({ timeout: 60_000 });
  await expect(page.getByTestId('pack-manager')).toBeHidden({ timeout: 60_000 });
  await expect(page.getByTestId('app')).toHaveAttribute('data-dirty', 'true');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'unlock-the-king');
  await expect(page.getByTestId('notice')).toContainText('Suggested blueprint');
});

test('the Citadel Codex in the workspace is listed and opens with 50 proved levels in UK-9 tiers', async ({ page, serve }) => {
  cpSync(join(repoRoot, 'resources/packs/citadel-codex'), join(serve.workspace, 'packs/codex'), { recursive: true });
  await ready(page, serve.url);
  await page.getByTestId('btn-packs').click();
  await page.getByTestId('pack-view-list').click();
  await page.getByTestId('pack-select').selectOption('packs/codex');
  await page.getByTestId('pack-open').click();
  await expect(page.getByTestId('pack-title')).toHaveText('The Citadel Codex');
  await expect(page.getByTestId('pack-row')).toHaveCount(50);
  await expect(page.getByTestId('pack-summary')).toHaveText('all 50 levels proved');
  // UK-9: Novice 1-12, Journeyman 13-25, Master 26-37, Grandmaster 38-50.
  await expect(page.locator('[data-testid=pack-row][data-index="11"] [data-testid=pack-tier]')).toHaveValue('Novice');
  await expect(page.locator('[data-testid=pack-row][data-index="12"] [data-testid=pack-tier]')).toHaveValue('Journeyman');
  await expect(page.locator('[data-testid=pack-row][data-index="49"] [data-testid=pack-tier]')).toHaveValue('Grandmaster');
  // Verify shows its progress while it runs; Cancel stops it and the unverified levels keep their stored status.
  await page.getByTestId('pack-verify').click();
  const progress = page.getByTestId('pack-verify-progress');
  await expect(progress).toHaveAttribute('data-state', 'running');
  await expect(progress).toHaveAttribute('data-total', '50');
  await page.getByTestId('pack-verify-cancel').click();
  await expect(progress).toHaveAttribute('data-state', 'cancelled');
  await expect(page.locator('[data-testid=pack-row][data-status="pending"]')).toHaveCount(0);
  // Sort by par, descending: the view changes, the pack does not until "Apply order".
  await page.getByTestId('pack-sort').selectOption('par');
  await page.getByTestId('pack-sort-dir').click();
  const pars = await page.locator('[data-testid=pack-row] [data-testid=pack-par]').allTextContents();
  const nums = pars.map(Number);
  expect(nums).toEqual([...nums].sort((a, b) => b - a));
  expect(packOrder(serve.workspace, 'packs/codex')[0]).toBe('levels/01-blueprint.level.json');
  // Open a level in the editor.
  await page.getByTestId('pack-sort').selectOption('order');
  await page.locator('[data-testid=pack-row][data-index="0"]').dblclick();
  await expect(page.getByTestId('pack-manager')).toBeHidden();
  await expect(page.getByTestId('file-name')).toHaveText('01-blueprint.level.json');
});

test('the Difficulty column shows stored metrics; Sort by difficulty then Apply order writes the easiest-first order', async ({ page, serve }) => {
  // Two proved workspace levels given hand-made metrics (not covered by the level hash, so the proofs stay current):
  // the first needs more unlocking, so it is the harder one whatever its par.
  const withUnlocking = (file: string, n: number): UnlockTheKingLevel => {
    const l = JSON.parse(readFileSync(join(serve.workspace, file), 'utf8')) as UnlockTheKingLevel;
    return { ...l, solution: { ...l.solution!, metrics: { taggedMovesMin: n, taggedMovesMax: n } } };
  };
  const hard = withUnlocking(FIRST, 3);
  const easy = withUnlocking(SECOND, 1);
  const dir = join(serve.workspace, 'packs/diff');
  mkdirSync(join(dir, 'levels'), { recursive: true });
  writeFileSync(join(dir, 'levels/hard.level.json'), JSON.stringify(hard, null, 2) + '\n');
  writeFileSync(join(dir, 'levels/easy.level.json'), JSON.stringify(easy, null, 2) + '\n');
  const manifest = {
    format: 'castellan.pack',
    version: 1,
    title: 'Diff',
    ruleset: 'unlock-the-king',
    levels: [{ file: 'levels/hard.level.json' }, { file: 'levels/easy.level.json' }],
  };
  writeFileSync(join(dir, 'pack.json'), JSON.stringify(manifest, null, 2) + '\n');

  await ready(page, serve.url);
  await page.getByTestId('btn-packs').click();
  await page.getByTestId('pack-view-list').click();
  await page.getByTestId('pack-select').selectOption('packs/diff');
  await page.getByTestId('pack-open').click();
  await expect(page.getByTestId('pack-title')).toHaveText('Diff');
  const diff = page.locator('[data-testid=pack-row] [data-testid=pack-difficulty]');
  await expect(diff).toHaveText([`unlocking 3 · par ${hard.solution!.length}`, `unlocking 1 · par ${easy.solution!.length}`]);
  await page.getByTestId('pack-sort').selectOption('difficulty');
  await expect(page.locator('[data-testid=pack-row]').first()).toHaveAttribute('data-name', 'levels/easy.level.json');
  expect(packOrder(serve.workspace, 'packs/diff')).toEqual(['levels/hard.level.json', 'levels/easy.level.json']);
  await page.getByTestId('pack-apply-order').click();
  await expect.poll(() => packOrder(serve.workspace, 'packs/diff')).toEqual(['levels/easy.level.json', 'levels/hard.level.json']);
  // The grid view shows the same measure on each tile, in the applied order.
  await page.getByTestId('pack-view-grid').click();
  await expect(page.getByTestId('pack-tile-difficulty')).toHaveText([
    `unlocking 1 · par ${easy.solution!.length}`,
    `unlocking 3 · par ${hard.solution!.length}`,
  ]);
});
