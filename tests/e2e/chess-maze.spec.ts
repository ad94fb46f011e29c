/**
 * Chess Maze end to end, as a user against `castellan serve`:
 * build a small level from scratch (New → Chess Maze, size, a player rook,
 * a red key, a red lock, a coin, the finish, the collect objective), solve
 * it (par = the hand-worked optimum), playtest it to a win by clicking
 * squares, Save As (proved by the host pipeline), reopen it, and check the
 * file on disk.
 *
 * The level, 4 x 4 (a1 bottom-left):
 *   4  F  L  .  C      F finish a4, L red lock b4, C coin d4
 *   3  .  .  .  .
 *   2  .  .  .  .
 *   1  R  .  .  K      R player rook a1, K red key d1
 *      a  b  c  d
 * Hand-worked optimum (CM-3, CM-5, CM-7, CM-8, CM-11): the win lands on a4
 * with the coin, so the rook must land on d4 first; d4 is not on a1's rank
 * or file, so that takes two moves (a1-d1 picking the key, d1-d4 the
 * coin), and a third move d4-a4 passes b4, open thanks to the key: par 3.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './serve-fixture.js';
import { pickFile } from './file-dialog.js';
import type { ChessMazeLevel } from '../../src-shared/model/level.js';
import { levelHash } from '../../src-shared/format/level-hash.js';
import { replayStates } from '../../src-shared/rulesets/chess-maze/index.js';

async function boardGeometry(page: Page) {
  const d = await page.getByTestId('board').evaluate((e) => ({
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

async function clickSquare(page: Page, sq: string): Promise<void> {
  const at = await boardGeometry(page);
  await page.getByTestId('board').click({ position: at(sq) });
}

const BUILT = 'R:a1 coin:d4 finish:a4 key:red:d1 lock:red:b4';

test('Chess Maze: build from scratch, solve, playtest to a win, save as, reopen: the file matches', async ({ page, serve }) => {
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  const state = page.getByTestId('board-state');
  const board = page.getByTestId('board');

  // New → Chess Maze.
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-chess-maze').click();
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'chess-maze');
  await expect(state).toHaveText('');
  await page.getByTestId('meta-title').fill('E2E Key and Coin');

  // Size 4 x 4 (nothing to lose: no confirmation).
  await page.getByTestId('board-width').fill('4');
  await page.getByTestId('board-width').press('Enter');
  await page.getByTestId('board-height').fill('4');
  await page.getByTestId('board-height').press('Enter');
  await expect(page.getByTestId('dialog-confirm')).toHaveCount(0);
  await expect(board).toHaveAttribute('data-board-width', '4');
  await expect(board).toHaveAttribute('data-board-height', '4');

  // A player rook on a1.
  await expect(page.getByTestId('palette-side')).toHaveAttribute('data-side', 'player');
  await page.getByTestId('palette-rook').click();
  await clickSquare(page, 'a1');
  // Red key on d1, red lock on b4 (the colour picker applies to new keys / locks / plates).
  await page.getByTestId('tile-color-red').click();
  await page.getByTestId('palette-tile-key').click();
  await clickSquare(page, 'd1');
  await page.getByTestId('palette-tile-lock').click();
  await clickSquare(page, 'b4');
  // A coin on d4, the finish on a4, and the collect objective.
  await page.getByTestId('palette-tile-coin').click();
  await clickSquare(page, 'd4');
  await page.getByTestId('palette-tile-finish').click();
  await clickSquare(page, 'a4');
  await page.getByTestId('objective-collect').check();
  await expect(state).toHaveText(BUILT);
  await expect(page.getByTestId('board-state')).toHaveAttribute('data-detail', 'R:a1:player');
  // Live validation: no CM-14 error, no CM-15 warning.
  await expect(page.getByTestId('validation-item')).toHaveCount(0);

  // Solve: the optimum is 3 (hand-worked above).
  await page.getByTestId('btn-solve').click();
  await expect(page.getByTestId('solve-status')).toContainText('par 3', { timeout: 60_000 });
  await expect(page.getByTestId('solution-move')).toHaveCount(3);

  // Playtest to a win by clicking squares.
  const dirtyBefore = await page.getByTestId('app').getAttribute('data-dirty');
  await page.getByTestId('btn-playtest').click();
  await expect(page.getByTestId('playtest-panel')).toBeVisible();
  await expect(board).toHaveAttribute('data-mode', 'playtest');
  await expect(page.getByTestId('playtest-moves')).toHaveAttribute('data-moves', '0');
  await expect(page.getByTestId('playtest-keys')).toContainText('none');
  await expect(page.getByTestId('playtest-coins')).toContainText('0/1');
  await clickSquare(page, 'a1');
  await expect(board).toHaveAttribute('data-picked', 'a1');
  // Rook targets: a2, a3, a4 up the file; b1, c1, d1 along the rank.
  const targets = ((await board.getAttribute('data-targets')) ?? '').split(' ').sort();
  expect(targets).toEqual(['a2', 'a3', 'a4', 'b1', 'c1', 'd1']);
  await clickSquare(page, 'd1');
  await expect(page.getByTestId('playtest-moves')).toHaveAttribute('data-moves', '1');
  await expect(page.getByTestId('playtest-keys')).toHaveAttribute('data-keys', 'red');
  await expect(state).toHaveText('R:d1 coin:d4 finish:a4 lock:red:b4:open');
  await clickSquare(page, 'd1');
  await clickSquare(page, 'd4');
  await expect(page.getByTestId('playtest-coins')).toHaveAttribute('data-picked', '1');
  // Undo one move and play it again.
  await page.getByTestId('playtest-undo').click();
  await expect(page.getByTestId('playtest-moves')).toHaveAttribute('data-moves', '1');
  await expect(page.getByTestId('playtest-coins')).toHaveAttribute('data-picked', '0');
  await clickSquare(page, 'd1');
  await clickSquare(page, 'd4');
  await clickSquare(page, 'd4');
  await clickSquare(page, 'a4');
  await expect(page.getByTestId('playtest-status')).toContainText('won');
  await expect(page.getByTestId('playtest-status')).toContainText('You won in 3 moves — par 3: at par');
  await expect(page.getByTestId('playtest-status')).toHaveAttribute('data-status', 'won');
  // Restart goes back to the start position; leaving never changes the document.
  await page.getByTestId('playtest-restart').click();
  await expect(state).toHaveText('R:a1 coin:d4 finish:a4 key:red:d1 lock:red:b4');
  await clickSquare(page, 'a1');
  await clickSquare(page, 'a4');
  await page.getByTestId('btn-exit-playtest').click();
  await expect(page.getByTestId('playtest-panel')).toHaveCount(0);
  await expect(board).toHaveAttribute('data-mode', 'edit');
  await expect(state).toHaveText(BUILT);
  await expect(page.getByTestId('app')).toHaveAttribute('data-dirty', dirtyBefore ?? 'true');

  // Save As a new file: the host proves it (no draft).
  await page.getByTestId('btn-save-as').click();
  await expect(page.getByTestId('file-dialog')).toHaveAttribute('data-path', 'chess-maze/e2e-key-and-coin.level.json');
  await page.getByTestId('save-as-ok').click();
  await expect(page.getByTestId('dialog-save-as')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('dialog-draft')).toHaveCount(0);
  await expect(page.getByTestId('dirty-marker')).toHaveCount(0);
  await expect(page.getByTestId('file-name')).toHaveText('e2e-key-and-coin.level.json');
  expect(readdirSync(join(serve.workspace, 'chess-maze'))).toContain('e2e-key-and-coin.level.json');

  // Reopen it from the Open dialog (after opening something else).
  await page.getByTestId('btn-open').click();
  await pickFile(page, 'chess-maze/01-stepping-stones.level.json');
  await expect(page.getByTestId('file-name')).toHaveText('01-stepping-stones.level.json');
  await page.getByTestId('btn-open').click();
  await pickFile(page, 'chess-maze/e2e-key-and-coin.level.json');
  await expect(page.getByTestId('file-name')).toHaveText('e2e-key-and-coin.level.json');
  await expect(state).toHaveText(BUILT);
  await expect(page.getByTestId('objective-collect')).toBeChecked();
  await expect(page.getByTestId('solution-move')).toHaveCount(3);

  // The file on disk.
  const file = JSON.parse(readFileSync(join(serve.workspace, 'chess-maze', 'e2e-key-and-coin.level.json'), 'utf8')) as ChessMazeLevel;
  expect(file.ruleset).toBe('chess-maze');
  expect(file.meta.title).toBe('E2E Key and Coin');
  expect(file.board).toEqual({ width: 4, height: 4 });
  expect(file.pieces).toEqual([{ role: 'rook', square: 'a1', side: 'player' }]);
  expect([...(file.tiles ?? [])].sort((a, b) => a.square.localeCompare(b.square))).toEqual([
    { kind: 'finish', square: 'a4' },
    { kind: 'lock', square: 'b4', color: 'red' },
    { kind: 'key', square: 'd1', color: 'red' },
    { kind: 'coin', square: 'd4' },
  ]);
  expect(file.objectives).toEqual({ collect: true });
  expect(file.draft).toBeUndefined();
  expect(file.solution?.length).toBe(3);
  expect(file.solution?.optimal).toBe(true);
  expect(file.solution?.levelHash).toBe(levelHash(file));
  const replay = replayStates(file, file.solution!.moves);
  expect(replay.ok).toBe(true);
  if (replay.ok) expect(replay.value.states.at(-1)!.outcome).toEqual({ won: true });
});

test('Chess Maze editing: terrain tools, refused drops, enemy side, a transform choice and a failure in playtest', async ({ page, serve }) => {
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  const state = page.getByTestId('board-state');
  const board = page.getByTestId('board');
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-chess-maze').click();
  await page.getByTestId('new-create').click();
  await page.getByTestId('board-width').fill('5');
  await page.getByTestId('board-width').press('Enter');
  await page.getByTestId('board-height').fill('3');
  await page.getByTestId('board-height').press('Enter');
  const at = await boardGeometry(page);

  // Rectangle of holes b2..d3 (one step), then fill the hole area back to floor with G... via the palette.
  await page.getByTestId('tool-rect').click();
  await page.getByTestId('paint-hole').click();
  await board.dragTo(board, { sourcePosition: at('b3'), targetPosition: at('d2') });
  await expect(state).toHaveText('H:b2 H:b3 H:c2 H:c3 H:d2 H:d3');
  await page.getByTestId('tool-fill').click();
  await page.getByTestId('paint-floor').click();
  await clickSquare(page, 'c2');
  await expect(state).toHaveText('');
  await page.keyboard.press('Control+z');
  await expect(state).toHaveText('H:b2 H:b3 H:c2 H:c3 H:d2 H:d3');
  // Brush (keyboard B) paints floor back on c2.
  await page.getByTestId('board').focus();
  await page.keyboard.press('b');
  await expect(board).toHaveAttribute('data-tool', 'brush');
  await clickSquare(page, 'c2');
  await expect(state).toHaveText('H:b2 H:b3 H:c3 H:d2 H:d3');

  // Pieces: a player rook a1, an enemy knight e1 (the side toggle), a transform (rook/queen) on c1, the finish on e3.
  await page.getByTestId('palette-rook').click();
  await clickSquare(page, 'a1');
  await page.getByTestId('palette-side').click();
  await expect(page.getByTestId('palette-side')).toHaveAttribute('data-side', 'enemy');
  await page.getByTestId('palette-knight').click();
  await clickSquare(page, 'e1');
  await page.getByTestId('palette-tile-transform').click();
  for (const t of ['knight', 'bishop', 'king']) await page.getByTestId(`palette-allowed-${t}`).click();
  await clickSquare(page, 'c1');
  await page.getByTestId('palette-tile-finish').click();
  await clickSquare(page, 'e3');
  await expect(state).toHaveText('R:a1 n:e1 H:b2 H:b3 H:c3 H:d2 H:d3 finish:e3 transform:RQ:c1');

  // Drops never destroy: the rook onto the enemy, onto a hole: refused with a notice.
  await page.getByTestId('palette-select').click();
  await board.dragTo(board, { sourcePosition: at('a1'), targetPosition: at('e1') });
  await expect(page.getByTestId('notice')).toHaveText('e1 is occupied');
  await board.dragTo(board, { sourcePosition: at('a1'), targetPosition: at('b2') });
  await expect(page.getByTestId('notice')).toHaveText('b2 is a hole');
  await expect(state).toHaveText('R:a1 n:e1 H:b2 H:b3 H:c3 H:d2 H:d3 finish:e3 transform:RQ:c1');

  // Playtest: the rook stops on c1 (a choice tile): the picker asks rook or queen.
  await page.keyboard.press('p');
  await expect(page.getByTestId('playtest-panel')).toBeVisible();
  await clickSquare(page, 'a1');
  await clickSquare(page, 'c1');
  await expect(page.getByTestId('playtest-choice')).toBeVisible();
  await page.getByTestId('playtest-choice-queen').click();
  await expect(state).toHaveText('Q:c1 n:e1 H:b2 H:b3 H:c3 H:d2 H:d3 finish:e3 transform:RQ:c1');
  await expect(page.getByTestId('playtest-events')).toContainText('The rook became a queen');
  // Capture the enemy by dragging: the queen goes c1-e1 (d1 empty); the capture target is shown on pick.
  await clickSquare(page, 'c1');
  expect(((await board.getAttribute('data-targets')) ?? '').split(' ')).toContain('e1');
  await clickSquare(page, 'c1'); // a second click drops the pick
  await expect(board).toHaveAttribute('data-picked', '');
  await board.dragTo(board, { sourcePosition: at('c1'), targetPosition: at('e1') });
  await expect(state).toHaveText('Q:e1 H:b2 H:b3 H:c3 H:d2 H:d3 finish:e3 transform:RQ:c1');
  await page.getByTestId('btn-exit-playtest').click();
  await expect(state).toHaveText('R:a1 n:e1 H:b2 H:b3 H:c3 H:d2 H:d3 finish:e3 transform:RQ:c1');

  // A move limit of 1 makes the first non-winning move fail (CM-12).
  await page.getByTestId('objective-move-limit').fill('1');
  await page.getByTestId('objective-move-limit').press('Enter');
  await page.getByTestId('btn-playtest').click();
  await clickSquare(page, 'a1');
  await clickSquare(page, 'b1');
  await expect(page.getByTestId('playtest-status')).toContainText('move limit');
  await expect(page.getByTestId('playtest-status')).toHaveAttribute('data-status', 'move-limit');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('playtest-panel')).toHaveCount(0);

  // Live validation (CM-15): a lock with neither key nor plate is listed and marked on its square.
  await page.getByTestId('palette-tile-lock').click();
  await clickSquare(page, 'e2');
  const item = page.locator('[data-testid=validation-item][data-code=cm-lock-never-opens]');
  await expect(item).toHaveAttribute('data-severity', 'warning');
  await expect(item).toHaveAttribute('data-squares', 'e2');
  await expect(board).toHaveAttribute('data-issue-squares', 'warning:e2');
});
