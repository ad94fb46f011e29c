/**
 * Verify tells the truth, end to end with a real `castellan serve`:
 * (a) the shipped Citadel Codex (50 blueprints, about 26 s of CPU to verify
 *     with the difficulty counts) verifies 50 of 50 in the pack manager,
 *     even on a busy 2-core machine: each level's caps count from the start
 *     of its own solve, never the wait for a worker; the caps are shown.
 * (b) levels that stop at a cap are offered "Re-verify the limits with a
 *     longer cap": only those run again, with the caps the user picks. The
 *     first verify is given a small state cap by rewriting its request on
 *     the way to the host (the editor asks the host's defaults); the
 *     re-verify goes through untouched.
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, repoRoot, test } from './serve-fixture.js';

async function openPack(page: Page, url: string, path: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('btn-packs').click();
  await page.getByTestId('pack-view-list').click();
  await page.getByTestId('pack-open-path-toggle').click();
  await page.getByTestId('pack-open-path').fill(path);
  await page.getByTestId('pack-open-path-go').click();
}

test('the Citadel Codex verifies 50 of 50 in the editor; the caps per level are shown', async ({ page, serve }) => {
  // One run of the whole Codex: minutes on a loaded 2-core machine.
  test.setTimeout(20 * 60_000);
  cpSync(join(repoRoot, 'resources/packs/citadel-codex'), join(serve.workspace, 'packs/codex'), { recursive: true });
  await openPack(page, serve.url, 'packs/codex');
  await expect(page.getByTestId('pack-title')).toHaveText('The Citadel Codex');
  await page.getByTestId('pack-verify').click();
  const progress = page.getByTestId('pack-verify-progress');
  await expect(progress).toHaveAttribute('data-total', '50');
  await expect(page.getByTestId('pack-verify-caps')).toContainText('1 min and 20,000,000 states per level');
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 19 * 60_000 });
  await expect(progress).toHaveAttribute('data-done', '50');
  await expect(page.locator('[data-testid=pack-row][data-status="limit"]')).toHaveCount(0);
  await expect(page.locator('[data-testid=pack-row][data-status="proved"]')).toHaveCount(50);
  await expect(page.getByTestId('pack-summary')).toHaveText('all 50 levels proved');
  await expect(page.getByTestId('pack-reverify')).toHaveCount(0);
});

test('levels stopped at a cap are re-verified alone with a longer cap the user picks', async ({ page, serve }) => {
  test.setTimeout(300_000);
  // Four Codex blueprints: two small (stored proofs: 204 and 641 states) and two deep ones (166,719 and 169,074 states).
  const codex = join(repoRoot, 'resources/packs/citadel-codex/levels');
  const dir = join(serve.workspace, 'packs/four');
  mkdirSync(join(dir, 'levels'), { recursive: true });
  const files = ['01-blueprint.level.json', '05-blueprint.level.json', '36-blueprint.level.json', '40-blueprint.level.json'];
  for (const f of files) cpSync(join(codex, f), join(dir, 'levels', f));
  const manifest = { format: 'castellan.pack', version: 1, title: 'Four', ruleset: 'unlock-the-king', levels: files.map((f) => ({ file: `levels/${f}` })) };
  writeFileSync(join(dir, 'pack.json'), JSON.stringify(manifest, null, 2) + '\n');

  const sent: Record<string, unknown>[] = [];
  await page.route('**/api/packVerifyStart', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    // The first (whole-pack) verify gets a cap of 3,000 states per level.
    const req = body['levels'] === undefined ? { ...body, maxStates: 3000 } : body;
    sent.push(req);
    await route.continue({ postData: JSON.stringify(req) });
  });
  await openPack(page, serve.url, 'packs/four');
  await expect(page.getByTestId('pack-title')).toHaveText('Four');
  await page.getByTestId('pack-verify').click();
  const progress = page.getByTestId('pack-verify-progress');
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 240_000 });
  await expect(page.getByTestId('pack-verify-caps')).toContainText('1 min and 3,000 states per level');
  // The two deep blueprints stop at the 3,000-state cap.
  const limited = page.locator('[data-testid=pack-row][data-status="limit"]');
  await expect(page.locator('[data-testid=pack-row][data-index="2"]')).toHaveAttribute('data-status', 'limit');
  await expect(page.locator('[data-testid=pack-row][data-index="3"]')).toHaveAttribute('data-status', 'limit');
  const positions = (await limited.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-index'))))).sort();
  await expect(page.getByTestId('pack-reverify-count')).toContainText(`${positions.length} level`);
  // The longer caps offered start above the ones used; pick 20,000,000 states and 2 min.
  await expect(page.getByTestId('pack-reverify-states')).toHaveValue('20000000');
  await page.getByTestId('pack-reverify-time').selectOption('120000');
  await page.getByTestId('pack-reverify-limits').click();
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 240_000 });
  await expect(progress).toHaveAttribute('data-total', String(positions.length));
  expect(sent[1]).toMatchObject({ path: 'packs/four', maxStates: 20_000_000, timeMs: 120_000 });
  expect([...(sent[1]!['levels'] as number[])].sort()).toEqual(positions);
  await expect(page.getByTestId('pack-verify-caps')).toContainText('2 min and 20,000,000 states per level');
  await expect(limited).toHaveCount(0);
  await expect(page.getByTestId('pack-summary')).toHaveText('all 4 levels proved');
  await expect(page.getByTestId('pack-reverify')).toHaveCount(0);
});
