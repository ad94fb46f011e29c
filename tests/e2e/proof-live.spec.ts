/**
 * "Proved means proved while you edit", end to end with a real `castellan serve`:
 * - Save As and Save (Ctrl+S) share one code path: a new blueprint whose par is
 *   below the optimum (UK-7) answers with the draft dialog from Save As too,
 *   never a Save As dialog stuck on "Saving…"; nothing is written.
 * - A long save always has a working Cancel and Esc (Save As included).
 * - The validation list shows the par checks (UK-7) and a problem's soundness
 *   (RULINGS P-1: short, cooked; positions of tests/shared/validation/p1-positions.ts)
 *   once the live proof is in, and a two-player position without a goal says so.
 * - The Why box leads with the try that comes closest (LC-8: the back-rank
 *   1. Ra8+ refuted by Kf7* alone, tests/shared/rulesets/locking-chess/why-closest.test.ts).
 * - A pasted LFEN without kings is accepted but never silently (LC-1, LC-13).
 *
 * Expected values are worked by hand: the new blueprint is the king on e1 and
 * the portal on e8 of an empty 8 x 8 board, so the king needs exactly 7 moves
 * (one square a move, UK-4), the optimum the live badge shows as "par 7".
 */
import { copyFileSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, repoRoot } from './serve-fixture.js';
import { goToFolder, pickFile } from './file-dialog.js';
import { BACKSTOP, KV_COOK, kv } from '../shared/validation/p1-positions.js';

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

/** New > Unlock the King: the king on e1, the portal on e8 (optimum 7, worked by hand). */
async function newBlueprint(page: Page): Promise<void> {
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-unlock-the-king').click();
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'unlock-the-king');
  await expect(page.getByTestId('file-name')).toHaveText('Untitled');
}

function levelFilesIn(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.level.json'));
}

test('UK-7 Save As of a new blueprint with par below the optimum answers with the draft dialog (as Ctrl+S does), never a stuck dialog', async ({
  page,
  serve,
}) => {
  await ready(page, serve.url);
  await newBlueprint(page);
  await page.getByTestId('meta-par').fill('3');
  await page.getByTestId('meta-par').press('Tab');
  const before = levelFilesIn(join(serve.workspace, 'unlock-the-king'));

  await page.keyboard.press('Control+s');
  const dlg = page.getByTestId('file-dialog');
  await expect(dlg).toBeVisible();
  await goToFolder(page, 'unlock-the-king');
  await page.getByTestId('save-as-path').fill('low-par');
  await page.getByTestId('save-as-ok').click();

  // The UK-7 draft dialog, worded from the par issue, and the Save As dialog gone (not "Saving (proving…)" for good).
  const draft = page.getByTestId('dialog-draft');
  await expect(draft).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('draft-reason')).toContainText('Par 3 is below the proven optimum 7 (UK-7)');
  await expect(page.getByTestId('dialog-save-as')).toHaveCount(0);
  // Cancel (don't save): nothing was written, the document stays dirty and untitled.
  await draft.getByTestId('draft-cancel').click();
  await expect(draft).toHaveCount(0);
  expect(levelFilesIn(join(serve.workspace, 'unlock-the-king')).sort()).toEqual(before.sort());
  expect(existsSync(join(serve.workspace, 'unlock-the-king', 'low-par.level.json'))).toBe(false);
  await expect(page.getByTestId('file-name')).toHaveText('Untitled');

  // Ctrl+S again: the same path, the same answer (the draft dialog), still nothing written.
  await page.keyboard.press('Control+s');
  await goToFolder(page, 'unlock-the-king');
  await page.getByTestId('save-as-path').fill('low-par');
  await page.getByTestId('save-as-ok').click();
  await expect(draft).toBeVisible({ timeout: 30_000 });
  // Esc closes it (Don't save).
  await page.keyboard.press('Escape');
  await expect(draft).toHaveCount(0);
  expect(existsSync(join(serve.workspace, 'unlock-the-king', 'low-par.level.json'))).toBe(false);
});

test('the draft dialog names a titled new level by its title, never "Untitled"', async ({ page, serve }) => {
  await ready(page, serve.url);
  await newBlueprint(page);
  await page.getByTestId('meta-title').fill('Low Gate');
  await page.getByTestId('meta-par').fill('3');
  await page.getByTestId('meta-par').press('Tab');
  await page.keyboard.press('Control+s');
  await goToFolder(page, 'unlock-the-king');
  await page.getByTestId('save-as-path').fill('low-gate');
  await page.getByTestId('save-as-ok').click();
  const draft = page.getByTestId('dialog-draft');
  await expect(draft).toBeVisible({ timeout: 30_000 });
  await expect(draft.locator('#dlg-draft-title')).toContainText(': Low Gate');
  await expect(draft.locator('#dlg-draft-title')).not.toContainText('Untitled');
  await draft.getByTestId('draft-cancel').click();
  await expect(draft).toHaveCount(0);
});

test('a long Save As proof has a working Esc: it cancels the proof and the draft dialog follows', async ({ page, serve }) => {
  test.setTimeout(90_000);
  // 40 pieces on 10 x 10: its proof takes the whole save cap (tests/e2e/save-proof.spec.ts).
  copyFileSync(join(repoRoot, 'tests/e2e/fixtures/slow-proof.level.json'), join(serve.workspace, 'unlock-the-king/90-slow-proof.level.json'));
  await ready(page, serve.url);
  await page.getByTestId('btn-open').click();
  await goToFolder(page, 'unlock-the-king');
  await page.locator('[data-testid=file-entry][data-path="unlock-the-king/90-slow-proof.level.json"]').dblclick();
  await expect(page.getByTestId('file-name')).toHaveText('90-slow-proof.level.json');

  await page.getByTestId('btn-save-as').click();
  await page.getByTestId('save-as-path').fill('slow-copy');
  await page.getByTestId('save-as-ok').click();
  const progress = page.getByTestId('save-progress');
  await expect(progress).toHaveAttribute('data-phase', 'proving');
  // While it proves, no modal dialog holds the page: the board and Cancel stay usable.
  await expect(page.getByTestId('dialog-save-as')).toHaveCount(0);
  await expect(page.getByTestId('save-cancel')).toBeEnabled();
  await page.keyboard.press('Escape');
  const draft = page.getByTestId('dialog-draft');
  await expect(draft).toBeVisible();
  await expect(draft).toHaveAttribute('data-code', 'cancelled');
  await expect(progress).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(draft).toHaveCount(0);
  expect(existsSync(join(serve.workspace, 'unlock-the-king', 'slow-copy.level.json'))).toBe(false);
});

test('UK-7 the validation list checks the par against the live proof: below the optimum an error, above it a warning', async ({ page, serve }) => {
  await ready(page, serve.url);
  await newBlueprint(page);
  const badge = page.getByTestId('live-badge');
  await expect(badge).toContainText('par 7', { timeout: 30_000 });
  const items = page.getByTestId('validation-item');

  await page.getByTestId('meta-par').fill('3');
  const low = page.locator('[data-testid=validation-item][data-code=uk-par-below-optimal]');
  await expect(low).toHaveAttribute('data-severity', 'error');
  await expect(low).toContainText('Par 3 is below the proven optimum of 7 moves');

  await page.getByTestId('meta-par').fill('9');
  const high = page.locator('[data-testid=validation-item][data-code=uk-par-above-optimal]');
  await expect(high).toHaveAttribute('data-severity', 'warning');
  await expect(high).toContainText('Par 9 is above the proven optimum of 7 moves');
  await expect(low).toHaveCount(0);

  await page.getByTestId('meta-par').fill('7');
  await expect(items).toHaveCount(0);
  await expect(page.getByTestId('validation-list')).toContainText('No problems');
});

/** Writes `level` into the workspace root and opens it from the Open dialog. */
async function openLevel(page: Page, workspace: string, name: string, level: unknown): Promise<void> {
  writeFileSync(join(workspace, name), `${JSON.stringify(level, null, 2)}\n`);
  await page.getByTestId('btn-open').click();
  await pickFile(page, name);
  await expect(page.getByTestId('file-name')).toHaveText(name);
}

test('P-1 King\'s Valley: the validation list says "short" and "cooked" once the live proof is in', async ({ page, serve }) => {
  await ready(page, serve.url);
  // Backstop as "win in 2": Kc1-c3 wins in 1.
  await openLevel(page, serve.workspace, 'p1-short.level.json', { ...kv(BACKSTOP, 2), meta: { title: 'Short' } });
  await expect(page.getByTestId('live-badge')).toContainText('1', { timeout: 30_000 });
  const short = page.locator('[data-testid=validation-item][data-code=problem-short]');
  await expect(short).toHaveAttribute('data-severity', 'warning');
  await expect(short).toContainText('win in 1 move (key Kc1-c3), fewer than the goal\'s "win in 2"');
  await expect(short).toHaveAttribute('data-squares', 'c1 c3');
  await expect(page.locator('[data-testid=validation-item][data-severity=error]')).toHaveCount(0);
  // As "win in 1" it is sound: the warning goes.
  await page.getByTestId('goal-moves').fill('1');
  await page.getByTestId('goal-moves').press('Enter');
  await expect(short).toHaveCount(0);
  await expect(page.getByTestId('validation-item')).toHaveCount(0);

  // Kc1-c3 and Sb1-b4 both win in 1: cooked.
  await openLevel(page, serve.workspace, 'p1-cook.level.json', { ...kv(KV_COOK, 1), meta: { title: 'Cook' } });
  const cook = page.locator('[data-testid=validation-item][data-code=problem-cooked]');
  await expect(cook).toHaveAttribute('data-severity', 'warning', { timeout: 30_000 });
  await expect(cook).toContainText('Kc1-c3, Sb1-b4');
});

test('KV-8 a King\'s Valley position without a goal is not "No problems": the list says Solve needs a goal', async ({ page, serve }) => {
  await ready(page, serve.url);
  await page.getByTestId('btn-open').click();
  await pickFile(page, 'kings-valley/setup-standard.level.json');
  await expect(page.getByTestId('file-name')).toHaveText('setup-standard.level.json');
  const note = page.locator('[data-testid=validation-item][data-code=goal-missing]');
  await expect(note).toHaveAttribute('data-severity', 'warning');
  await expect(note).toContainText('No "win in N" goal');
  await expect(page.getByTestId('validation-list')).not.toContainText('No problems');
});

test('LC-8 the Why box leads with the closest try: 1. Ra8+ refuted by Kf7* alone', async ({ page, serve }) => {
  await ready(page, serve.url);
  const level = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'locking-chess',
    meta: { title: 'Back rank' },
    board: { width: 8, height: 8 },
    position: '6k1/5ppp/8/4B3/8/3B4/8/R1K5 w - - 0 1',
    goal: { type: 'mate-in', moves: 1 },
  };
  await openLevel(page, serve.workspace, 'back-rank.level.json', level);
  await page.getByTestId('btn-solve').click();
  await expect(page.getByTestId('solve-status')).toHaveAttribute('data-status', 'unsolvable', { timeout: 60_000 });
  const first = page.getByTestId('why-refutation').first();
  await expect(first).toHaveAttribute('data-move', 'Ra1-a8');
  await expect(first).toHaveAttribute('data-defence', 'Kg8-f7*');
  await expect(first.getByTestId('why-refutation-text')).toHaveText('1. Ra8+ — refuted by 1... Kf7*');
  await expect(first.getByTestId('why-refutation-detail')).toContainText('the only defence that refutes it');
  await expect(page.getByTestId('why-message')).toContainText('closest first: Ra1-a8 is met by Kg8-f7*');
});

test('LC-1 / LC-13 a pasted LFEN without kings is accepted, never silently: the notice and the list name the problem', async ({ page, serve }) => {
  await ready(page, serve.url);
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-locking-chess').click();
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'locking-chess');
  await page.getByTestId('lfen-input').fill('8/8/8/8/8/8/8/8 w - - 0 1');
  await page.getByTestId('lfen-paste').click();
  await expect(page.getByTestId('notice')).toContainText('with 2 problems (see Validation): White must have exactly one king (found 0).');
  await expect(page.locator('[data-testid=validation-item][data-code=lc-king-count]')).toHaveCount(2);
  // Nine black pawns: a material warning with the pawns' squares.
  await page.getByTestId('lfen-input').fill('4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1');
  await page.getByTestId('lfen-paste').click();
  await expect(page.getByTestId('notice')).toContainText('Black has 9 pawns, more than the 8 of a set.');
  await expect(page.locator('[data-testid=validation-item][data-code=lc-pawn-count-high]')).toHaveAttribute('data-squares', 'a6 a7 b7 c7 d7 e7 f7 g7 h7');
});
