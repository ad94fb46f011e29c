/**
 * The foldable solution tree in the solve panel, as a user against
 * `castellan serve`: New → Locking Chess, paste the "climb aboard" problem
 * (resources sample 09), goal mate in 3, Solve; the tree shows the key with
 * its variation; fold and unfold it with the mouse and the keyboard.
 *
 * `8/8/7(nk)/5K2/8/8/3N4/8 w - - 0 1`: White Kf5, Nd2; Black's king on top
 * of its own knight on h6. 1. Kg6+ (point-blank check on the king on top,
 * LC-6) leaves Black one legal reply, Kg6* (the top king locks the white
 * king, LC-6): the tree's key row holds exactly one defence, and below its
 * answer Nf3 lie the knight's four moves (h6: f5 f7 g4 g8), each answered
 * by a mate; the checking key has no threat.
 */
import { test, expect } from './serve-fixture.js';
import { pickFile } from './file-dialog.js';
import type { Locator } from '@playwright/test';

const LFEN = '8/8/7(nk)/5K2/8/8/3N4/8 w - - 0 1';

test('solution tree: solve a mate in 3, see the key and its variation, fold and unfold it', async ({ page, serve }) => {
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-locking-chess').click();
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'locking-chess');
  await page.getByTestId('lfen-input').fill(LFEN);
  await page.getByTestId('lfen-paste').click();
  await expect(page.getByTestId('lfen-error')).toHaveCount(0);
  await page.getByTestId('goal-moves').fill('3');
  await page.getByTestId('goal-moves').press('Enter');
  await page.getByTestId('goal-moves').blur();
  await page.getByTestId('btn-solve').click();
  await expect(page.getByTestId('solve-status')).toContainText('mate in 3', { timeout: 60_000 });

  const tree = page.getByTestId('solution-tree');
  await expect(tree).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  const key = tree.getByTestId('tree-key');
  await expect(key.getByTestId('tree-move').first()).toHaveText('1. Kg6+!');
  await expect(tree.getByTestId('tree-threat')).toHaveCount(0);
  await expect(tree.getByRole('tree')).toBeVisible();
  await expect(key).toHaveAttribute('aria-expanded', 'true');

  // A click on a row shows its position on the board: after the key, Black to move.
  await key.locator('.row').first().click();
  await expect(page.getByTestId('board-state')).toContainText('K:g6');
  await expect(page.getByTestId('board-state')).toContainText('to-move:black');

  // One defence below the key, folded, with its answer in SAN.
  const top = tree.locator('[data-testid="tree-node"][data-id="k.0"]');
  await expect(top).toHaveAttribute('aria-expanded', 'false');
  await expect(top.getByTestId('tree-move').first()).toHaveText('1… Kg6* 2. Nf3');
  await expect(tree.getByTestId('tree-node')).toHaveCount(1);

  // Unfold with the mouse: the knight's four moves, each answered by a mate.
  await top.getByTestId('tree-toggle').first().click();
  await expect(top).toHaveAttribute('aria-expanded', 'true');
  const below = top.locator('[role="group"] [data-testid="tree-node"]');
  await expect(below).toHaveCount(4);
  await expect(below.locator('[data-testid="tree-move"]')).toHaveText([/^2… Nf5 3\. \S+#$/, /^2… Nf7 3\. \S+#$/, /^2… Ng4 3\. \S+#$/, /^2… Ng8 3\. \S+#$/]);
  await page.screenshot({ path: 'test-results/solution-tree.png' });

  // Fold with the keyboard (tree pattern: ← folds), unfold with →.
  await top.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(top).toHaveAttribute('aria-expanded', 'false');
  await expect(tree.getByTestId('tree-node')).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  await expect(top).toHaveAttribute('aria-expanded', 'true');
  await expect(below).toHaveCount(4);
  // ↑ goes to the key; ← folds the whole tree.
  await page.keyboard.press('ArrowUp');
  await expect(key).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(key).toHaveAttribute('aria-expanded', 'false');
  await expect(tree.getByTestId('tree-node')).toHaveCount(0);
});

/** Whether `row` lies wholly inside the visible part of the scroll box `list`. */
async function inView(list: Locator, row: Locator): Promise<boolean> {
  const box = await list.boundingBox();
  const r = await row.boundingBox();
  return !!box && !!r && r.y >= box.y - 1 && r.y + r.height <= box.y + box.height + 1;
}

test('solution tree keyboard: Home, End and the arrows keep the focused row scrolled into view; "1 variation" is singular', async ({ page, serve }) => {
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  // Sample 10 "Out of the Corner" (win in 4): 19 defences to the key, most with a dozen defences below them.
  await page.getByTestId('btn-open').click();
  await pickFile(page, 'kings-valley/10-out-of-the-corner.level.json');
  await expect(page.getByTestId('file-name')).toHaveText('10-out-of-the-corner.level.json');
  await page.getByTestId('btn-solve').click();
  const tree = page.getByTestId('solution-tree');
  await expect(tree).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  const list = tree.getByRole('tree');
  // What scrolls the tree: the solver panel under the board.
  const panel = page.getByRole('region', { name: 'Solver' });
  const key = tree.getByTestId('tree-key');
  const keyRow = key.locator('.row').first();

  // Unfold every defence to the key ("*" on the first one): far more rows than the box shows.
  const first = tree.locator('[data-testid="tree-node"][data-id="k.0"]');
  await first.locator('.row').first().click();
  await first.focus();
  await page.keyboard.press('*');
  await expect(tree.getByTestId('tree-node').nth(100)).toBeAttached();
  const scroll = await panel.evaluate((el) => ({ client: el.clientHeight, full: el.scrollHeight }));
  expect(scroll.full).toBeGreaterThan(2 * scroll.client);
  // One scrollbar: the tree does not scroll inside the scrolling panel.
  expect(await list.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);

  // End: the last row is focused and visible; the key row has scrolled out of view.
  await page.keyboard.press('End');
  const last = tree.locator('[role="treeitem"]').last();
  await expect(last).toBeFocused();
  expect(await inView(panel, last.locator('.row').first())).toBe(true);
  expect(await inView(panel, keyRow)).toBe(false);

  // Home: back to the key row, scrolled into view (the key's item holds the whole tree, its row is what must show).
  await page.keyboard.press('Home');
  await expect(key).toBeFocused();
  await expect.poll(() => inView(panel, keyRow)).toBe(true);
  await page.screenshot({ path: 'test-results/solution-tree-home.png' });

  // ↑ from the bottom, after End again: each step stays visible.
  await page.keyboard.press('End');
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowUp');
  const focused = tree.locator('[role="treeitem"]:focus > .row');
  await expect.poll(() => inView(panel, focused)).toBe(true);

  // Sample 05 "lock and release" (LC-6, mate in 2): the key Ra6* has exactly one defence, a3.
  await page.getByTestId('btn-open').click();
  await pickFile(page, 'locking-chess/05-lock-and-release.level.json');
  await expect(page.getByTestId('file-name')).toHaveText('05-lock-and-release.level.json');
  await page.getByTestId('btn-solve').click();
  await expect(tree).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  await expect(tree.getByTestId('tree-status')).toContainText(/^1 variation, /);
});
