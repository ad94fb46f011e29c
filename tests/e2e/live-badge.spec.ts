/**
 * The live badge: the editor re-solves in the background a
 * moment after each edit and shows the answer in the toolbar, without the
 * Solve button. Open a sample: `par N` equal to its stored (proved) solution;
 * wall the king in with one paint stroke: `unsolvable`; undo: `par N` again.
 * The explicit Solve panel is left alone throughout.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, repoRoot } from './serve-fixture.js';
import { pickFile } from './file-dialog.js';
import type { UnlockTheKingLevel } from '../../src-shared/model/level.js';

const OPEN_COURT = 'unlock-the-king/02-open-court.level.json';
const SHOTS = join(repoRoot, 'test-results', 'screens');

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

test('live badge: par of the opened sample, unsolvable after walling the king in, par again after undo', async ({ page, serve }) => {
  const level = JSON.parse(readFileSync(join(serve.workspace, OPEN_COURT), 'utf8')) as UnlockTheKingLevel;
  const par = level.solution!.length;
  const king = level.pieces.find((p) => p.role === 'king')!.square;
  expect(king, 'the sample has its king on g1').toBe('g1');
  // The stroke below paints empty squares only: check they are empty in the sample.
  const taken = new Set([...level.pieces.map((p) => p.square), ...(level.walls ?? []), level.portal]);
  const ring = ['h1', 'h3', 'g3', 'g2', 'f2', 'f1'];
  for (const sq of ring) expect(taken.has(sq), `${sq} is empty in the sample`).toBe(false);
  expect(
    level.pieces.some((p) => p.square === 'h2'),
    'h2 holds a piece (the stroke passes over it)',
  ).toBe(true);

  // The live badge: the background solve runs in the host's worker pool (solveStart/solvePoll over HTTP).
  const hostSolves: string[] = [];
  page.on('request', (r) => {
    const m = /\/api\/(solveStart|solvePoll)$/.exec(new URL(r.url()).pathname);
    if (m) hostSolves.push(m[1]!);
  });
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('btn-open').click();
  await pickFile(page, OPEN_COURT);
  await expect(page.getByTestId('file-name')).toHaveText('02-open-court.level.json');

  const badge = page.getByTestId('live-badge');
  await expect(badge).toHaveAttribute('data-status', 'solved', { timeout: 30_000 });
  await expect(badge).toHaveText(`par ${par}`);
  await expect(badge).toHaveAttribute('data-length', String(par));
  expect(hostSolves).toContain('solveStart');
  expect(hostSolves).toContain('solvePoll');
  mkdirSync(SHOTS, { recursive: true });
  await page.locator('header.toolbar').screenshot({ path: join(SHOTS, 'live-badge-par.png') });

  // One paint stroke (one undo step) of walls around g1 and h2: the king's
  // wall-bounded region is {g1, h2}, so the portal can never be reached (UK-6).
  await page.getByTestId('palette-wall').click();
  const at = await pageSquare(page);
  const start = at('h1');
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (const sq of ['h2', ...ring.slice(1)]) {
    const p = at(sq);
    await page.mouse.move(p.x, p.y, { steps: 6 });
  }
  await page.mouse.up();
  for (const sq of ring) await expect(page.getByTestId('board-state')).toContainText(`W:${sq}`);

  await expect(badge).toHaveAttribute('data-status', 'unsolvable', { timeout: 30_000 });
  await expect(badge).toHaveText('unsolvable');
  await page.locator('header.toolbar').screenshot({ path: join(SHOTS, 'live-badge-unsolvable.png') });
  // The Solve panel was not run.
  await expect(page.getByTestId('solve-status')).toHaveAttribute('data-status', 'idle');

  await page.keyboard.press('Control+z');
  for (const sq of ring) await expect(page.getByTestId('board-state')).not.toContainText(`W:${sq}`);
  await expect(badge).toHaveAttribute('data-status', 'solved', { timeout: 30_000 });
  await expect(badge).toHaveText(`par ${par}`);
  await expect(page.getByTestId('solve-status')).toHaveAttribute('data-status', 'idle');
  await expect(page.getByTestId('dirty-marker')).toHaveCount(0);
});

test('live badge: a builder error shows invalid at once, without a worker answer', async ({ page, serve }) => {
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  const badge = page.getByTestId('live-badge');
  await expect(badge).toHaveAttribute('data-status', 'solved', { timeout: 30_000 });
  // Erase the king (UK-3: exactly one king): invalid.
  await page.getByTestId('palette-erase').click();
  const at = await pageSquare(page);
  const a1 = at('a1');
  await page.mouse.click(a1.x, a1.y);
  await expect(page.getByTestId('board-state')).not.toContainText('K:a1');
  await expect(badge).toHaveAttribute('data-status', 'invalid');
  await expect(badge).toHaveText('invalid');
  await page.keyboard.press('Control+z');
  await expect(badge).toHaveAttribute('data-status', 'solved');
});
