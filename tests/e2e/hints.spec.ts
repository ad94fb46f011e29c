/**
 * Hints during a playtest (play/hints.svelte.ts, HintBox.svelte): on the
 * sample "First Steps" (Unlock the King, optimum from its stored proof),
 * the hint box shows the distance from the start; a wasteful rook move away
 * and back (UK-4) makes the distance larger than the optimum minus the moves
 * played and flags the move that lost the par in the move list; "Show next
 * move" marks the hinted move on the board (data-hint-move), and playing it
 * brings the distance down by one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './serve-fixture.js';
import { pickFile } from './file-dialog.js';
import type { UnlockTheKingLevel } from '../../src-shared/model/level.js';

const FIRST_STEPS = 'unlock-the-king/01-first-steps.level.json';

/** Page coordinates of a square's centre. */
async function pageSquare(page: Page): Promise<(sq: string) => { x: number; y: number }> {
  const board = page.getByTestId('board');
  const box = (await board.boundingBox())!;
  const d = await board.evaluate((e) => ({
    h: Number((e as HTMLElement).dataset.boardHeight),
    c: Number((e as HTMLElement).dataset.cellSize),
    x: Number((e as HTMLElement).dataset.originX),
    y: Number((e as HTMLElement).dataset.originY),
  }));
  return (sq: string) => ({ x: box.x + d.x + (sq.charCodeAt(0) - 97 + 0.5) * d.c, y: box.y + d.y + (d.h - Number(sq.slice(1)) + 0.5) * d.c });
}

async function move(page: Page, from: string, to: string): Promise<void> {
  const at = await pageSquare(page);
  const a = at(from);
  await page.mouse.click(a.x, a.y);
  await expect(page.getByTestId('board')).toHaveAttribute('data-picked', from);
  const b = at(to);
  await page.mouse.click(b.x, b.y);
}

test('hints in playtest: distance, a wasteful move flagged with the larger distance, the next move shown on the board', async ({ page, serve }) => {
  const level = JSON.parse(readFileSync(join(serve.workspace, FIRST_STEPS), 'utf8')) as UnlockTheKingLevel;
  const optimum = level.solution!.length;
  // The wasteful moves: the rook on h8 steps to h7 and back (UK-4); check h7 is empty in the sample.
  expect(level.pieces.find((p) => p.square === 'h8')?.role).toBe('rook');
  expect(level.pieces.some((p) => p.square === 'h7') || (level.walls ?? []).includes('h7')).toBe(false);

  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('btn-open').click();
  await pickFile(page, FIRST_STEPS);
  await expect(page.getByTestId('file-name')).toHaveText('01-first-steps.level.json');

  await page.getByTestId('btn-playtest').click();
  await expect(page.getByTestId('playtest-panel')).toBeVisible();
  const box = page.getByTestId('hint-box');
  await expect(box).toHaveAttribute('data-state', 'solvable', { timeout: 30_000 });
  await expect(box).toHaveAttribute('data-distance', String(optimum));
  await expect(page.getByTestId('hint-headline')).toHaveText(`${optimum} moves to the nearest win`);

  await move(page, 'h8', 'h7');
  await expect(page.getByTestId('playtest-moves')).toHaveAttribute('data-moves', '1');
  await move(page, 'h7', 'h8');
  await expect(page.getByTestId('playtest-moves')).toHaveAttribute('data-moves', '2');
  // Back at the start position after 2 moves: the distance is the optimum again, more than optimum - 2.
  await expect(box).toHaveAttribute('data-state', 'solvable', { timeout: 30_000 });
  await expect(box).toHaveAttribute('data-distance', String(optimum));
  const lost = Number(await box.getAttribute('data-lost-ply'));
  expect(lost === 1 || lost === 2).toBe(true);
  await expect(page.getByTestId('hint-lost')).toContainText(`Move ${lost} (${lost === 1 ? 'Rh8-h7' : 'Rh7-h8'}) lost the par`);
  await expect(page.locator('[data-testid="playtest-line"] li[data-lost="true"] span')).toHaveAttribute('data-n', String(lost));

  // Show the next move: the board marks its squares; playing it brings the distance down by one.
  const board = page.getByTestId('board');
  await expect(board).toHaveAttribute('data-hint-move', '');
  await page.getByTestId('hint-show-next').click();
  const next = (await box.getAttribute('data-next'))!;
  const m = /^[A-Z]([a-z]\d+)[-x]([a-z]\d+)/.exec(next)!;
  await expect(board).toHaveAttribute('data-hint-move', `${m[1]}-${m[2]}`);
  await expect(page.getByTestId('hint-next')).toHaveText(`next: ${next}`);
  // Shift+H hides it again, and shows it.
  await board.focus();
  await page.keyboard.press('Shift+H');
  await expect(board).toHaveAttribute('data-hint-move', '');
  await page.keyboard.press('Shift+H');
  await expect(board).toHaveAttribute('data-hint-move', `${m[1]}-${m[2]}`);

  await move(page, m[1]!, m[2]!);
  await expect(page.getByTestId('playtest-moves')).toHaveAttribute('data-moves', '3');
  await expect(board).toHaveAttribute('data-hint-move', '');
  await expect(box).toHaveAttribute('data-distance', String(optimum - 1), { timeout: 30_000 });
});

const BLOCK_THEN_SLIDE = 'kings-valley/07-block-then-slide-home.level.json';

test("hints against the engine (King's Valley): the forced win's length, then 'no longer solvable' naming the move that lost it", async ({ page, serve }) => {
  const level = JSON.parse(readFileSync(join(serve.workspace, BLOCK_THEN_SLIDE), 'utf8')) as {
    goal: { moves: number };
    solution: { length: number };
    pieces: { role: string; square: string; side: string }[];
  };
  const at = (sq: string): string | undefined => level.pieces.find((p) => p.square === sq)?.role;
  // KV-2: the black king on e3 slides west over d3 and stops on the valley c3 before the white soldier on b3
  // (KV-5: it wins) unless White blocks the third rank first. Sb4-a3 (one step south-west to the edge) does not.
  expect([at('e3'), at('d3'), at('c3'), at('b3'), at('b4'), at('a3')]).toEqual(['king', undefined, undefined, 'soldier', 'soldier', undefined]);

  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('btn-open').click();
  await pickFile(page, BLOCK_THEN_SLIDE);
  await page.getByTestId('btn-play-engine').click();
  await expect(page.getByTestId('playtest-panel')).toBeVisible();
  const box = page.getByTestId('hint-box');
  await expect(box).toHaveAttribute('data-state', 'solvable', { timeout: 30_000 });
  await expect(box).toHaveAttribute('data-distance', String(level.solution.length));
  await expect(page.getByTestId('hint-headline')).toHaveText(`White forces a win in ${level.solution.length} moves`);

  await move(page, 'b4', 'a3');
  await expect(box).toHaveAttribute('data-state', 'unsolvable', { timeout: 30_000 });
  await expect(page.getByTestId('hint-headline')).toHaveText('No longer solvable since move 1 (Sb4-a3)');
  await expect(page.locator('[data-testid="play-move"][data-index="1"]')).toHaveAttribute('data-lost', 'true');
});

test('hints for Locking Chess name the next move in SAN (LC-13), as the move list does', async ({ page, serve }) => {
  // Sample 05 "lock and release": 1. Ra6*! (LC-6: the rook on b6 locks the black king on a6) a3 2. Ra7#.
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('btn-open').click();
  await pickFile(page, 'locking-chess/05-lock-and-release.level.json');
  await page.getByTestId('btn-play-engine').click();
  await expect(page.getByTestId('playtest-panel')).toBeVisible();
  const box = page.getByTestId('hint-box');
  await expect(box).toHaveAttribute('data-state', 'solvable', { timeout: 30_000 });
  await expect(box).toHaveAttribute('data-next', 'Rb6-a6*');
  await page.getByTestId('hint-show-next').click();
  await expect(page.getByTestId('hint-next')).toHaveText('next: Ra6*');
});
