/**
 * End to end, as a user: `castellan serve` on a copy of the samples, the
 * editor in Chromium. Open the first sample, move a piece, undo, redo, solve,
 * step through the solution, save, reload, and check the file on disk.
 */
import { readFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, repoRoot } from './serve-fixture.js';
import type { UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { levelHash } from '../../src-shared/format/level-hash.js';
import { compileUnlockTheKing, legalMoves } from '../../src-shared/rulesets/unlock-the-king/index.js';
import { replayMoves, solveLevelReference } from '../../src-shared/rulesets/index.js';
import { indexToSquare } from '../../src-shared/model/square.js';

const LETTER: Record<string, string> = { king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N', pawn: 'P' };

/** The editor's board-state mirror for a document: `K:e1 R:e4 ... W:d4 portal:e8` (pieces, walls sorted). */
function expectedBoardState(level: UnlockTheKingLevel): string {
  const pieces = level.pieces.map((p) => `${LETTER[p.role]}:${p.square}`).sort();
  const walls = (level.walls ?? []).map((w) => `W:${w}`).sort();
  return [...pieces, ...walls, `portal:${level.portal}`].join(' ');
}

async function boardGeometry(page: Page) {
  const board = page.getByTestId('board');
  const d = await board.evaluate((e) => ({
    h: Number((e as HTMLElement).dataset.boardHeight),
    c: Number((e as HTMLElement).dataset.cellSize),
    x: Number((e as HTMLElement).dataset.originX),
    y: Number((e as HTMLElement).dataset.originY),
  }));
  return (sq: string) => ({
    x: d.x + (sq.charCodeAt(0) - 97 + 0.5) * d.c,
    y: d.y + (d.h - Number(sq.slice(1)) + 0.5) * d.c,
  });
}

test('open a sample, edit, undo/redo, solve, step, save, reload: the file matches', async ({ page, serve }) => {
  const firstFile = join(serve.workspace, 'unlock-the-king', '01-first-steps.level.json');
  const original = JSON.parse(readFileSync(firstFile, 'utf8')) as UnlockTheKingLevel;

  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('file-name')).toContainText('01-first-steps');
  const state = page.getByTestId('board-state');
  await expect(state).toHaveText(expectedBoardState(original));
  await expect(page.getByTestId('dirty-marker')).toHaveCount(0);

  // A legal, reversible move of a non-pawn piece keeps the blueprint solvable.
  const pos = compileUnlockTheKing(original);
  if (!pos.ok) throw new Error('sample does not compile');
  const move = legalMoves(pos.value).find((m) => original.pieces[m.piece]!.role !== 'pawn' && m.piece !== 0)!;
  expect(move, 'the first sample has a movable non-pawn piece').toBeDefined();
  const from = indexToSquare(move.from, original.board.width);
  const to = indexToSquare(move.to, original.board.width);
  const moved: UnlockTheKingLevel = structuredClone(original);
  moved.pieces[move.piece]!.square = to;

  const at = await boardGeometry(page);
  const board = page.getByTestId('board');
  await board.dragTo(board, { sourcePosition: at(from), targetPosition: at(to) });
  await expect(state).toHaveText(expectedBoardState(moved));
  await expect(page.getByTestId('dirty-marker')).toHaveCount(1);

  await page.keyboard.press('Control+z');
  await expect(state).toHaveText(expectedBoardState(original));
  await page.keyboard.press('Control+Shift+z');
  await expect(state).toHaveText(expectedBoardState(moved));
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+y');
  await expect(state).toHaveText(expectedBoardState(moved));

  // Solve: the par shown is the optimum of the edited blueprint.
  const expected = solveLevelReference(moved);
  if (expected.status !== 'solved') throw new Error(`edited sample should be solvable, got ${expected.status}`);
  await page.getByTestId('btn-solve').click();
  await expect(page.getByTestId('solve-status')).toContainText(`par ${expected.length}`, { timeout: 60_000 });
  const lans = await page.getByTestId('solution-move').allTextContents();
  expect(lans).toHaveLength(expected.length);
  // Whatever optimal line the UI shows must be legal and reach the portal.
  const frames = replayMoves(
    moved,
    lans.map((s) => s.trim()),
  );
  expect(frames.ok).toBe(true);
  if (!frames.ok) return;
  const last = frames.value[frames.value.length - 1] as UnlockTheKingLevel;
  expect(last.pieces[0]!.square).toBe(moved.portal);

  await page.getByTestId('step-next').click();
  await expect(state).toHaveText(expectedBoardState(frames.value[1] as UnlockTheKingLevel));
  await page.getByTestId('step-last').click();
  await expect(state).toHaveText(expectedBoardState(last));
  await page.getByTestId('step-prev').click();
  await expect(state).toHaveText(expectedBoardState(frames.value[frames.value.length - 2] as UnlockTheKingLevel));
  await page.getByTestId('step-first').click();
  await expect(state).toHaveText(expectedBoardState(moved));

  // Save through the host pipeline: proved, written atomically, solution stored.
  await page.getByTestId('btn-save').click();
  await expect(page.getByTestId('dirty-marker')).toHaveCount(0, { timeout: 60_000 });
  const saved = JSON.parse(readFileSync(firstFile, 'utf8')) as UnlockTheKingLevel;
  expect(saved.pieces.map((p) => p.square)).toEqual(moved.pieces.map((p) => p.square));
  expect(saved.meta).toEqual(original.meta);
  expect(saved.draft).toBeUndefined();
  expect(saved.solution?.length).toBe(expected.length);
  expect(saved.solution?.levelHash).toBe(levelHash(saved));
  const savedFrames = replayMoves(saved, saved.solution!.moves);
  expect(savedFrames.ok).toBe(true);

  // Reload: the editor reopens the file and shows exactly what was saved.
  await page.reload();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await expect(state).toHaveText(expectedBoardState(saved));
  await expect(page.getByTestId('dirty-marker')).toHaveCount(0);

  // The README's screenshot: the saved blueprint, solved, first move shown.
  await page.getByTestId('btn-solve').click();
  await expect(page.getByTestId('solve-status')).toContainText(`par ${expected.length}`, { timeout: 60_000 });
  await page.getByTestId('step-next').click();
  mkdirSync(join(repoRoot, 'docs/images'), { recursive: true });
  await page.screenshot({ path: join(repoRoot, 'docs/images/editor.png') });
});
