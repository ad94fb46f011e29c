/**
 * "Suggest a level", end to end with a real `castellan serve` (the search
 * runs in a worker of the host: suggestStart / suggestPoll /
 * suggestCancel over HTTP):
 * (a) New dialog → Chess Maze → Suggest → progress → preview → Open: a new
 *     untitled Chess Maze tab (the open sample stays) whose live badge
 *     proves a par inside the asked range (skipped, saying so, while this
 *     build's Chess Maze module has no generator);
 * (b) the same for Unlock the King, with a search that cannot succeed
 *     first (par 60): progress shows, Cancel stops it, then a real one;
 *     Escape closes the dialog;
 * (c) Locking Chess: no size fields (LC-1), "Mate in" N (LC-8), the badge
 *     proves N;
 * (d) the pack manager: an Unlock the King pack's "Suggest a level…" adds
 *     the found level to the pack as a proved row.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, repoRoot, test } from './serve-fixture.js';

const SHOTS = join(repoRoot, 'test-results', 'screens');

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

/** Fills the par range and the seed of the open suggestion form. */
async function fill(page: Page, parMin: number, parMax: number, seed: number): Promise<void> {
  const form = page.getByTestId('suggest-level');
  await form.getByTestId('suggest-par-min').fill(String(parMin));
  await form.getByTestId('suggest-par-max').fill(String(parMax));
  await form.getByTestId('suggest-seed').fill(String(seed));
}

/** Generates in the open form and waits for the preview; answers the par it shows. */
async function generate(page: Page): Promise<number> {
  const form = page.getByTestId('suggest-level');
  await form.getByTestId('suggest-generate').click();
  const preview = form.getByTestId('suggest-preview');
  await expect(preview).toBeVisible({ timeout: 90_000 });
  await expect(form.getByTestId('suggest-preview-image')).toBeVisible();
  return Number(await preview.getAttribute('data-par'));
}

/** After Open: the new tab's live badge proves a par in parMin..parMax; answers it. */
async function badgePar(page: Page, parMin: number, parMax: number): Promise<number> {
  const badge = page.getByTestId('live-badge');
  await expect(badge).toHaveAttribute('data-status', 'solved', { timeout: 60_000 });
  const par = Number(await badge.getAttribute('data-length'));
  expect(par).toBeGreaterThanOrEqual(parMin);
  expect(par).toBeLessThanOrEqual(parMax);
  return par;
}

test('New dialog → Chess Maze → Suggest → progress → preview → Open: the live badge proves the par in range', async ({ page, serve }) => {
  await ready(page, serve.url);
  const tabs = await page.getByTestId('tab').count();
  await page.getByTestId('btn-new').click();
  await expect(page.getByTestId('dialog-new')).toBeVisible();
  const suggestCm = page.getByTestId('new-suggest-chess-maze');
  // Chess Maze has a generator (RulesetDef.generate): the New dialog must offer it.
  await expect(suggestCm).toBeVisible();
  await suggestCm.click();
  const form = page.getByTestId('suggest-level');
  await expect(form).toHaveAttribute('data-ruleset', 'chess-maze');
  await fill(page, 3, 9, 11);
  await form.getByTestId('suggest-mechanic-keys').check();
  const polls: string[] = [];
  page.on('request', (r) => {
    const m = /\/api\/(suggestStart|suggestPoll)$/.exec(new URL(r.url()).pathname);
    if (m) polls.push(m[1]!);
  });
  // Every phase the form goes through, with whether the progress bar and Cancel were shown then.
  await form.evaluate((el) => {
    const seen: string[] = [];
    (window as unknown as { phases: string[] }).phases = seen;
    new MutationObserver(() => {
      const f = el as HTMLElement;
      seen.push(`${f.dataset.phase}:${!!f.querySelector('[data-testid=suggest-progress]')}:${!!f.querySelector('[data-testid=suggest-cancel]')}`);
    }).observe(el, { attributes: true, childList: true, subtree: true });
  });
  await form.getByTestId('suggest-generate').click();
  await expect(form.getByTestId('suggest-preview')).toBeVisible({ timeout: 90_000 });
  const phases = await page.evaluate(() => (window as unknown as { phases: string[] }).phases);
  // Progress: before the preview the form was searching, with its progress bar and Cancel.
  expect(phases.some((p) => /^(queued|running):true:true$/.test(p))).toBe(true);
  expect(phases.at(-1)).toMatch(/^done:/);
  mkdirSync(SHOTS, { recursive: true });
  await page.getByTestId('dialog-suggest').screenshot({ path: join(SHOTS, 'suggest-level-chess-maze.png') });
  expect(polls).toContain('suggestStart');
  expect(polls).toContain('suggestPoll');
  const shown = Number(await form.getByTestId('suggest-preview').getAttribute('data-par'));
  await form.getByTestId('suggest-accept').click();
  await expect(page.getByTestId('dialog-suggest')).toBeHidden();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'chess-maze');
  await expect(page.getByTestId('tab')).toHaveCount(tabs + 1);
  expect(await badgePar(page, 3, 9)).toBe(shown);
  // Titled by a short name, the ruleset, the size and the par; the seed (11) is in the notes, not the title.
  await expect(page.getByTestId('meta-title')).toHaveValue(new RegExp(`^[A-Z][a-z]+ [A-Z][a-z]+: Chess Maze \\d+ × \\d+, par ${shown}$`));
  await expect(page.getByTestId('meta-description')).toHaveValue(/seed 11/);
});

test('New dialog → Unlock the King → Suggest: progress and Cancel, then a blueprint opened whose live badge proves the par; Escape closes', async ({
  page,
  serve,
}) => {
  await ready(page, serve.url);
  const tabs = await page.getByTestId('tab').count();
  const before = await page.getByTestId('file-name').textContent();
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-suggest-unlock-the-king').click();
  const form = page.getByTestId('suggest-level');
  await expect(form).toHaveAttribute('data-ruleset', 'unlock-the-king');

  // A par no blueprint of one UK-1 set reaches in seconds: the search runs with progress until cancelled.
  await fill(page, 60, 60, 1);
  await form.getByTestId('suggest-generate').click();
  await expect(form).toHaveAttribute('data-phase', 'running', { timeout: 15_000 });
  await expect(form.getByTestId('suggest-progress')).toBeVisible();
  await expect(form.getByTestId('suggest-status')).toContainText(/\d+ candidates? tried · \d+ s of 60 s/);
  await form.getByTestId('suggest-cancel').click();
  await expect(form).toHaveAttribute('data-phase', 'cancelled');
  await expect(form.getByTestId('suggest-status')).toHaveText('Cancelled.');

  // A range the form refuses, said in words, Generate disabled.
  await fill(page, 9, 3, 7);
  await expect(form.getByTestId('suggest-problem')).toHaveText('Par to must be at least 9');
  await expect(form.getByTestId('suggest-generate')).toBeDisabled();

  await fill(page, 3, 8, 7);
  const shown = await generate(page);
  expect(shown).toBeGreaterThanOrEqual(3);
  expect(shown).toBeLessThanOrEqual(8);
  await expect(form.getByTestId('suggest-result')).toContainText(`Par ${shown} · 8 × 8 · seed 7`);
  mkdirSync(SHOTS, { recursive: true });
  await page.getByTestId('dialog-suggest').screenshot({ path: join(SHOTS, 'suggest-level-dialog.png') });
  await form.getByTestId('suggest-accept').click();
  await expect(page.getByTestId('dialog-suggest')).toBeHidden();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'unlock-the-king');
  await expect(page.getByTestId('app')).toHaveAttribute('data-dirty', 'true');
  await expect(page.getByTestId('tab')).toHaveCount(tabs + 1);
  expect(await badgePar(page, 3, 8)).toBe(shown);
  // The sample opened at start is still there, untouched, in its own tab.
  await page.getByTestId('tab').first().click();
  await expect(page.getByTestId('file-name')).toHaveText(before ?? '');

  // Escape closes the dialog (nothing opened).
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-suggest-unlock-the-king').click();
  await expect(page.getByTestId('dialog-suggest')).toBeVisible();
  await page.getByTestId('suggest-seed').focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('dialog-suggest')).toBeHidden();
  await expect(page.getByTestId('tab')).toHaveCount(tabs + 1);
});

test('New dialog → Locking Chess → Suggest: a fixed 8 × 8 board (LC-1, no size fields), "Mate in" N (LC-8), opened and proved by the live badge', async ({
  page,
  serve,
}) => {
  await ready(page, serve.url);
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-suggest-locking-chess').click();
  const form = page.getByTestId('suggest-level');
  await expect(form).toHaveAttribute('data-ruleset', 'locking-chess');
  await expect(form.getByTestId('suggest-width')).toHaveCount(0);
  await expect(form.getByLabel('Mate in from')).toBeVisible();
  await fill(page, 1, 2, 3);
  const shown = await generate(page);
  await expect(form.getByTestId('suggest-result')).toContainText(`Mate in ${shown} · 8 × 8 · seed 3`);
  await form.getByTestId('suggest-accept').click();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'locking-chess');
  expect(await badgePar(page, 1, 2)).toBe(shown);
});

test('pack manager: Suggest a level… for the pack’s ruleset, Add to pack: a proved row', async ({ page, serve }) => {
  await ready(page, serve.url);
  await page.getByTestId('btn-packs').click();
  await page.getByTestId('pack-view-list').click();
  await page.getByTestId('pack-new-title').fill('Suggested');
  await page.getByTestId('pack-create').click();
  await expect(page.getByTestId('pack-title')).toHaveText('Suggested');
  await page.getByTestId('pack-suggest').click();
  const form = page.getByTestId('pack-suggest-panel').getByTestId('suggest-level');
  await expect(form).toHaveAttribute('data-ruleset', 'unlock-the-king');
  // Escape during a search cancels the search only (the focus stays in the form: on Cancel search); the pack manager stays.
  await fill(page, 60, 60, 1);
  await form.getByTestId('suggest-generate').click();
  await expect(form.getByTestId('suggest-cancel')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(form).toHaveAttribute('data-phase', 'cancelled');
  await expect(page.getByTestId('pack-manager')).toBeVisible();
  await fill(page, 3, 8, 7);
  const shown = await generate(page);
  await expect(form.getByTestId('suggest-accept')).toBeFocused();
  mkdirSync(SHOTS, { recursive: true });
  await page.getByTestId('pack-suggest-panel').screenshot({ path: join(SHOTS, 'suggest-level-pack.png') });
  await form.getByTestId('suggest-accept').click();
  await expect(page.getByTestId('pack-row')).toHaveCount(1);
  await expect(page.getByTestId('pack-message')).toContainText('Added');
  const row = page.locator('[data-testid=pack-row][data-index="0"]');
  await expect(row).toHaveAttribute('data-status', 'proved');
  const pack = JSON.parse(readFileSync(join(serve.workspace, 'packs/suggested/pack.json'), 'utf8')) as { levels: { file: string }[] };
  expect(pack.levels).toHaveLength(1);
  const level = JSON.parse(readFileSync(join(serve.workspace, 'packs/suggested', pack.levels[0]!.file), 'utf8')) as {
    ruleset: string;
    par: number;
    solution: { length: number; optimal: boolean };
  };
  expect(level.ruleset).toBe('unlock-the-king');
  expect(level.solution).toMatchObject({ length: shown, optimal: true });
  // Escape with no search running closes the suggestion panel, not the pack manager.
  await form.getByTestId('suggest-seed').focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('pack-suggest-panel')).toBeHidden();
  await expect(page.getByTestId('pack-manager')).toBeVisible();
  // Verify re-proves it on the host: the same par.
  await page.getByTestId('pack-verify').click();
  await expect(row).toHaveAttribute('data-status', 'proved', { timeout: 60_000 });
  await expect(page.getByTestId('pack-summary')).toHaveText('all 1 level proved');
});
