/**
 * Locking Chess end to end on the shared board, as a user against
 * `castellan serve`: New → Locking Chess, paste an LFEN, set the
 * goal, Solve (mate in 1, the hand-worked key, lockmate), play the main
 * line against the engine to the mate, leave (the document is unchanged),
 * Save As (the host proves it; the file's solution hash matches).
 *
 * The position `(kr)7/8/1K6/8/8/7B/8/8 w - - 0 1`:
 *   8  (k/r) . . . . . . .   Black: king a8 at board level, locked under
 *   7   .    . . . . . . .          its own rook (an EQUAL stack, LC-2)
 *   6   .    K . . . . . .   White: Kb6, Bh3
 *   3   .    . . . . . . B
 *      a    b c d e f g h
 * Hand-worked (LC-2, LC-4, LC-5, LC-7, LC-8): the black king is locked, so
 * it cannot move; only the top rook moves. Bh3-g2 attacks a8 along the long
 * diagonal (f3 e4 d5 c6 b7 empty): check. The rook on a8 moves along the
 * a-file and the 8th rank only, so it can neither capture g2 nor stand on
 * the diagonal to block, nor lock the bishop; the king stays in check after
 * any rook move. No legal move in check with the king locked at board
 * level: lockmate (LC-8). No other white move checks a8 (the bishop reaches
 * only g2 of the diagonal; the white king may not end next to a board-level
 * king, LC-6), so the key is unique.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './serve-fixture.js';
import { goToFolder } from './file-dialog.js';
import type { LockingChessLevel } from '../../src-shared/model/level.js';
import { levelHash } from '../../src-shared/format/level-hash.js';

const LFEN = '(kr)7/8/1K6/8/8/7B/8/8 w - - 0 1';

/** Clicks the centre of `sq` on the Konva board (its data-cell-size / data-origin-* hooks; valid at any zoom). */
async function clickSquare(page: Page, sq: string): Promise<void> {
  const board = page.getByTestId('board');
  const d = await board.evaluate((e) => ({
    h: Number((e as HTMLElement).dataset.boardHeight),
    c: Number((e as HTMLElement).dataset.cellSize),
    x: Number((e as HTMLElement).dataset.originX),
    y: Number((e as HTMLElement).dataset.originY),
  }));
  await board.click({ position: { x: d.x + (sq.charCodeAt(0) - 97 + 0.5) * d.c, y: d.y + (d.h - Number(sq.slice(1)) + 0.5) * d.c } });
}

test('Locking Chess: paste an LFEN, solve the lockmate in 1, play the main line against the engine, save', async ({ page, serve }) => {
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  const state = page.getByTestId('board-state');

  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-locking-chess').click();
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'locking-chess');
  // The start position (LC-1), both palettes.
  await expect(state).toContainText('N:b1');
  await expect(state).toContainText('n:g8');
  await expect(page.getByTestId('palette-lc-white-knight')).toBeVisible();
  await expect(page.getByTestId('palette-lc-black-pawn')).toBeVisible();

  // A bad paste names the code and the character position; nothing changes.
  await page.getByTestId('lfen-input').fill('(kr7/8/1K6/8/8/7B/8/8 w - - 0 1');
  await page.getByTestId('lfen-paste').click();
  await expect(page.getByTestId('lfen-error')).toHaveAttribute('data-code', 'lc-lfen-syntax');
  await expect(page.getByTestId('lfen-error')).toContainText(/character \d+|position \d+|at \d+/i);
  await expect(state).toContainText('N:b1');

  // Paste the problem.
  await page.getByTestId('lfen-input').fill(LFEN);
  await page.getByTestId('lfen-paste').click();
  await expect(page.getByTestId('lfen-error')).toHaveCount(0);
  await expect(state).toHaveText('(k/r):a8 B:h3 K:b6 to-move:white');
  await expect(page.getByTestId('lc-side-to-move')).toHaveValue('white');
  await expect(page.getByTestId('lc-castling-K')).toBeDisabled();
  await page.getByTestId('lfen-copy').click();
  await expect(page.getByTestId('lfen-output')).toHaveValue(LFEN);

  // Goal: mate in 1; Solve.
  await page.getByTestId('goal-moves').fill('1');
  await page.getByTestId('goal-moves').press('Enter');
  await page.getByTestId('goal-moves').blur();
  await page.getByTestId('btn-solve').click();
  await expect(page.getByTestId('solve-status')).toContainText('mate in 1', { timeout: 30_000 });
  await expect(page.getByTestId('solve-mate-type')).toHaveText('lockmate');
  await expect(page.getByTestId('solve-keys')).toHaveAttribute('data-keys', 'Bh3-g2');
  await expect(page.getByTestId('solve-cook')).toHaveCount(0);
  // Step through the main line on the board.
  await page.getByTestId('solution-move').first().click();
  await expect(state).toHaveText('(k/r):a8 B:g2 K:b6 to-move:black');
  await page.getByTestId('step-first').click();
  await expect(state).toHaveText('(k/r):a8 B:h3 K:b6 to-move:white');

  // Play the main line against the engine.
  await page.getByTestId('btn-play-engine').click();
  const status = page.getByTestId('play-status');
  await expect(status).toContainText('White to move: your move');
  await clickSquare(page, 'h3');
  await expect(page.getByTestId('board')).toHaveAttribute('data-targets', /(^| )g2( |$)/);
  await clickSquare(page, 'g2');
  await expect(status).toContainText('Lockmate');
  await expect(status).toHaveAttribute('data-outcome', 'lockmate');
  await expect(state).toHaveText('(k/r):a8 B:g2 K:b6 to-move:black');
  await page.screenshot({ path: 'test-results/locking-chess-play.png' });
  await page.getByTestId('play-undo').click();
  await expect(state).toHaveText('(k/r):a8 B:h3 K:b6 to-move:white');
  await page.getByTestId('btn-exit-playtest').click();
  await expect(state).toHaveText('(k/r):a8 B:h3 K:b6 to-move:white');

  // Save As: the host proves it (saved at the workspace root).
  await page.getByTestId('btn-save-as').click();
  await goToFolder(page, '');
  await page.getByTestId('save-as-path').fill('e2e-lockmate.level.json');
  await page.getByTestId('save-as-ok').click();
  await expect(page.getByTestId('dialog-save-as')).toHaveCount(0, { timeout: 60_000 });
  // The proof runs first (progress in the message strip), then the host writes the file.
  await expect(page.getByTestId('file-name')).toHaveText('e2e-lockmate.level.json', { timeout: 60_000 });
  const file = JSON.parse(readFileSync(join(serve.workspace, 'e2e-lockmate.level.json'), 'utf8')) as LockingChessLevel;
  expect(file.ruleset).toBe('locking-chess');
  expect(file.position).toBe(LFEN);
  expect(file.goal).toEqual({ type: 'mate-in', moves: 1 });
  expect(file.solution?.moves).toEqual(['Bh3-g2']);
  expect(file.solution?.levelHash).toBe(levelHash(file));
});

test('Locking Chess editor: stacks by dropping a piece on a piece, inspector levels, castling kept consistent', async ({ page, serve }) => {
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  const state = page.getByTestId('board-state');
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-locking-chess').click();
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('lc-castling-K')).toBeChecked();
  // Drop a black knight onto the white pawn e2: a stack (P/n).
  await page.getByTestId('palette-lc-black-knight').click();
  await clickSquare(page, 'e2');
  await expect(state).toContainText('(P/n):e2');
  // Inspector: remove the top; the pawn is free again.
  await page.getByTestId('palette-select').click();
  await clickSquare(page, 'e2');
  await expect(page.getByTestId('lc-level-top')).toHaveValue('black-knight');
  await page.getByTestId('lc-remove-top').click();
  await expect(state).toContainText('P:e2');
  // Erase the rook h1: the K right is cleared and disabled (LC-12).
  await page.getByTestId('palette-erase').click();
  await clickSquare(page, 'h1');
  await expect(page.getByTestId('lc-castling-K')).not.toBeChecked();
  await expect(page.getByTestId('lc-castling-K')).toBeDisabled();
  await expect(page.getByTestId('lc-castling-Q')).toBeChecked();
  await page.getByTestId('btn-undo').click();
  await expect(state).toContainText('R:h1');
  await page.screenshot({ path: 'test-results/locking-chess-editor.png' });
});
