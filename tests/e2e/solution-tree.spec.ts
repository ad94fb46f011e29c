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

const LFEN = '8/8/7(nk)/5K2/8/8/3N4/8 w - - 0 1';

test('solution tree: solve a mate in 3, see the key and its variation, fold and unfold it', async ({ page, serve }) => {
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-locking-chess').click();
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
