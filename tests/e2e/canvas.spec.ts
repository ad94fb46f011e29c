/**
 * The canvas: copy / paste of a board region within and across levels,
 * rotate and undo, zoom and pan with correct clicks, the keyboard board
 * cursor (Locking Chess too), the minimap of a 16 x 16 board. Expected
 * boards are hand-worked from the sample files (not read from the app).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './serve-fixture.js';
import { pickFile } from './file-dialog.js';
import type { UnlockTheKingLevel } from '../../src-shared/model/level.js';

const LETTER: Record<string, string> = { king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N', pawn: 'P' };

/** The board-state mirror of a UK level: pieces and walls sorted, then the portal. */
function boardState(pieces: string[], walls: string[], portal: string): string {
  return [...pieces.slice().sort(), ...walls.map((w) => `W:${w}`).sort(), `portal:${portal}`].join(' ');
}
function stateOf(l: UnlockTheKingLevel): string {
  return boardState(
    l.pieces.map((p) => `${LETTER[p.role]}:${p.square}`),
    l.walls ?? [],
    l.portal,
  );
}

// Sample 01 "First Steps", hand-copied: 8x8, walls d4 e4, portal c3.
const FIRST_PIECES = ['K:a1', 'B:b2', 'P:a2', 'P:b1', 'R:h8', 'N:g1', 'Q:d8'];
const FIRST = boardState(FIRST_PIECES, ['d4', 'e4'], 'c3');

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

/** Square centre in page coordinates from the board's live data attributes (valid at any zoom / pan). */
async function geometry(page: Page) {
  const board = page.getByTestId('board');
  const box = (await board.boundingBox())!;
  const d = await board.evaluate((e) => ({
    h: Number((e as HTMLElement).dataset.boardHeight),
    c: Number((e as HTMLElement).dataset.cellSize),
    x: Number((e as HTMLElement).dataset.originX),
    y: Number((e as HTMLElement).dataset.originY),
  }));
  return {
    cell: d.c,
    at: (sq: string) => ({
      x: box.x + d.x + (sq.charCodeAt(0) - 97 + 0.5) * d.c,
      y: box.y + d.y + (d.h - Number(sq.slice(1)) + 0.5) * d.c,
    }),
  };
}

/** Moves the board's keyboard cursor to `sq` with the arrow keys (the board has the focus). */
async function cursorTo(page: Page, sq: string): Promise<void> {
  const board = page.getByTestId('board');
  const at = (await board.getAttribute('data-cursor'))!;
  const df = sq.charCodeAt(0) - at.charCodeAt(0);
  const dr = Number(sq.slice(1)) - Number(at.slice(1));
  for (let i = 0; i < Math.abs(df); i++) await page.keyboard.press(df > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr > 0 ? 'ArrowUp' : 'ArrowDown');
  await expect(board).toHaveAttribute('data-cursor', sq);
}

async function dragRegion(page: Page, from: string, to: string): Promise<void> {
  const g = await geometry(page);
  const a = g.at(from);
  const b = g.at(to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

async function clickSquare(page: Page, sq: string): Promise<void> {
  const p = (await geometry(page)).at(sq);
  await page.mouse.click(p.x, p.y);
}

test('copy a region, paste it elsewhere: one undo step, saved to disk', async ({ page, serve }) => {
  await ready(page, serve.url);
  const state = page.getByTestId('board-state');
  await expect(state).toHaveText(FIRST);
  const board = page.getByTestId('board');

  // Select g1..h2 by dragging from the empty h1 to g2 (select tool): the knight on g1 is in it.
  await dragRegion(page, 'h1', 'g2');
  await expect(board).toHaveAttribute('data-region', 'g2:h1');
  await page.keyboard.press('Control+c');

  // Ctrl+V shows the paste as a ghost; Escape cancels it, nothing changes.
  await page.keyboard.press('Control+v');
  await expect(board).toHaveAttribute('data-paste-pending', 'true');
  await page.keyboard.press('Escape');
  await expect(board).toHaveAttribute('data-paste-pending', 'false');
  await expect(state).toHaveText(FIRST);

  // Ctrl+V, then a click on e6 places the top-left corner there: the knight (1 row below the top) lands on e5.
  await page.keyboard.press('Control+v');
  await expect(board).toHaveAttribute('data-paste-pending', 'true');
  await clickSquare(page, 'e6');
  await expect(board).toHaveAttribute('data-paste-pending', 'false');
  await expect(state).toHaveText(boardState([...FIRST_PIECES, 'N:e5'], ['d4', 'e4'], 'c3'));
  await expect(board).toHaveAttribute('data-region', 'e6:f5');

  await page.keyboard.press('Control+z');
  await expect(state).toHaveText(FIRST);
  await page.keyboard.press('Control+Shift+z');
  await expect(state).toHaveText(boardState([...FIRST_PIECES, 'N:e5'], ['d4', 'e4'], 'c3'));

  await page.getByTestId('btn-save').click();
  await expect(page.getByTestId('dirty-marker')).toHaveCount(0, { timeout: 60_000 });
  const saved = JSON.parse(readFileSync(join(serve.workspace, 'unlock-the-king', '01-first-steps.level.json'), 'utf8')) as UnlockTheKingLevel;
  expect(saved.pieces.filter((p) => p.role === 'knight').map((p) => [p.square, p.color])).toEqual([
    ['g1', 'ivory'],
    ['e5', 'ivory'],
  ]);
});

test('the region clipboard outlives opening another level: paste into "Open Court" replaces the target rectangle', async ({ page, serve }) => {
  await ready(page, serve.url);
  await dragRegion(page, 'h1', 'g2');
  await page.keyboard.press('Control+c');

  await page.getByTestId('btn-open').click();
  await pickFile(page, 'unlock-the-king/02-open-court.level.json');
  await expect(page.getByTestId('file-name')).toHaveText('02-open-court.level.json');
  const court = JSON.parse(readFileSync(join(serve.workspace, 'unlock-the-king', '02-open-court.level.json'), 'utf8')) as UnlockTheKingLevel;
  const state = page.getByTestId('board-state');
  await expect(state).toHaveText(stateOf(court));

  // Top-left on d4: the 2x2 rectangle d4 e4 d3 e3 is replaced; its knight on e3 goes, the copied knight lands on d3.
  // Keyboard only: the cursor on d4, Ctrl+V, Enter pastes at the cursor.
  await clickSquare(page, 'd4');
  await page.keyboard.press('Control+v');
  await expect(page.getByTestId('board')).toHaveAttribute('data-paste-pending', 'true');
  await page.keyboard.press('Enter');
  const expected: UnlockTheKingLevel = structuredClone(court);
  expected.pieces = expected.pieces.filter((p) => p.square !== 'e3');
  expected.pieces.push({ role: 'knight', square: 'd3', color: 'ivory' });
  await expect(state).toHaveText(stateOf(expected));
  await page.keyboard.press('Control+z');
  await expect(state).toHaveText(stateOf(court));
});

test('rotate the level 90° clockwise: pieces move as hand-worked, undo restores, the par is proved unchanged on save', async ({ page, serve }) => {
  await ready(page, serve.url);
  const state = page.getByTestId('board-state');
  await expect(state).toHaveText(FIRST);
  await clickSquare(page, 'b2');
  await expect(page.getByTestId('board')).toHaveAttribute('data-cursor', 'b2');
  await page.getByTestId('btn-level-rotate-cw').click();
  // The cursor moves with the board: b2 -> b7, still on the bishop.
  await expect(page.getByTestId('board')).toHaveAttribute('data-cursor', 'b7');
  // (file, rank) -> (rank, 7 - file): a1->a8 b2->b7 a2->b8 b1->a7 h8->h1 g1->a2 d8->h5; walls d4->d5 e4->d4; portal c3->c6
  const ROTATED = boardState(['K:a8', 'B:b7', 'P:b8', 'P:a7', 'R:h1', 'N:a2', 'Q:h5'], ['d5', 'd4'], 'c6');
  await expect(state).toHaveText(ROTATED);
  await page.keyboard.press('Control+z');
  await expect(state).toHaveText(FIRST);
  await page.keyboard.press('Control+Shift+z');
  await expect(state).toHaveText(ROTATED);

  await page.getByTestId('btn-save').click();
  await expect(page.getByTestId('dirty-marker')).toHaveCount(0, { timeout: 60_000 });
  const saved = JSON.parse(readFileSync(join(serve.workspace, 'unlock-the-king', '01-first-steps.level.json'), 'utf8')) as UnlockTheKingLevel;
  // UK-4: pawn facings turn with the board: a2 north -> b8 east, b1 east -> a7 south.
  expect(saved.pieces.filter((p) => p.role === 'pawn').map((p) => [p.square, p.facing])).toEqual([
    ['b8', 'east'],
    ['a7', 'south'],
  ]);
  // UK-7: the optimum (3 moves in the original) is the same after a board symmetry.
  expect(saved.solution?.length).toBe(3);
});

test('zoom in and pan: a click still hits the square under the pointer; fit restores', async ({ page, serve }) => {
  await ready(page, serve.url);
  const board = page.getByTestId('board');
  const fitZoom = await board.getAttribute('data-zoom');
  const fitCell = Number(await board.getAttribute('data-cell-size'));

  // Wheel up over e5: zoom at the pointer, e5 stays under it.
  const e5 = (await geometry(page)).at('e5');
  await page.mouse.move(e5.x, e5.y);
  await page.mouse.wheel(0, -400);
  await expect.poll(async () => Number(await board.getAttribute('data-cell-size'))).toBeGreaterThan(fitCell);
  await page.mouse.click(e5.x, e5.y);
  await expect(board).toHaveAttribute('data-selection', 'e5');

  // Keyboard zoom, then click the wall d4 at its new place.
  await page.keyboard.press('Control+=');
  await clickSquare(page, 'd4');
  await expect(board).toHaveAttribute('data-selection', 'd4');
  expect(Number(await board.getAttribute('data-zoom'))).toBeGreaterThan(Number(fitZoom));

  // Middle-drag pans by the drag distance; clicks follow.
  const before = Number(await board.getAttribute('data-origin-x'));
  const d4 = (await geometry(page)).at('d4');
  await page.mouse.move(d4.x, d4.y);
  await page.mouse.down({ button: 'middle' });
  await page.mouse.move(d4.x - 40, d4.y, { steps: 4 });
  await page.mouse.up({ button: 'middle' });
  expect(Number(await board.getAttribute('data-origin-x'))).toBe(before - 40);
  await clickSquare(page, 'e4');
  await expect(board).toHaveAttribute('data-selection', 'e4');

  // Space + left drag pans too, even starting on the wall e4 (which a plain drag would move); the Space tap does not act.
  const beforeY = Number(await board.getAttribute('data-origin-y'));
  const e4 = (await geometry(page)).at('e4');
  await page.keyboard.down(' ');
  await page.mouse.move(e4.x, e4.y);
  await page.mouse.down();
  await page.mouse.move(e4.x, e4.y - 30, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.up(' ');
  expect(Number(await board.getAttribute('data-origin-y'))).toBe(beforeY - 30);
  await expect(page.getByTestId('board-state')).toHaveText(FIRST);
  await expect(board).toHaveAttribute('data-selection', 'e4');

  await page.keyboard.press('Control+0');
  await expect(board).toHaveAttribute('data-zoom', fitZoom!);
  await expect(page.getByTestId('zoom-level')).toHaveText(`${fitZoom}%`);
  await expect(page.getByTestId('status-zoom')).toHaveText(`Zoom ${fitZoom}% (fit)`);
});

test('keyboard cursor: arrows move it (announced), Enter places the palette piece, Delete removes it, Shift+arrows + Ctrl+X cut', async ({ page, serve }) => {
  await ready(page, serve.url);
  const state = page.getByTestId('board-state');
  const board = page.getByTestId('board');
  await clickSquare(page, 'c5');
  await page.getByTestId('palette-rook').click();
  await board.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await expect(board).toHaveAttribute('data-cursor', 'd6');
  await expect(page.getByTestId('board-cursor-live')).toContainText('d6: empty');
  await page.keyboard.press('Enter');
  await expect(state).toHaveText(boardState([...FIRST_PIECES, 'R:d6'], ['d4', 'e4'], 'c3'));
  await expect(page.getByTestId('board-cursor-live')).toContainText('d6: ivory rook');
  await page.keyboard.press('Delete');
  await expect(state).toHaveText(FIRST);

  // Shift+arrows from d8 (queen) to e8 select a region; Ctrl+X cuts it (one step).
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowUp');
  await expect(board).toHaveAttribute('data-cursor', 'd8');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(board).toHaveAttribute('data-region', 'd8:e8');
  await page.keyboard.press('Control+x');
  await expect(state).toHaveText(
    boardState(
      FIRST_PIECES.filter((p) => p !== 'Q:d8'),
      ['d4', 'e4'],
      'c3',
    ),
  );
  await page.keyboard.press('Control+z');
  await expect(state).toHaveText(FIRST);
});

test('a 16x16 board shows the minimap; pressing it moves the view', async ({ page, serve }) => {
  await ready(page, serve.url);
  await expect(page.getByTestId('minimap')).toHaveCount(0);
  for (const id of ['board-width', 'board-height']) {
    const f = page.getByTestId(id);
    await f.fill('16');
    await f.press('Enter');
  }
  const board = page.getByTestId('board');
  await expect(board).toHaveAttribute('data-board-width', '16');
  await expect(board).toHaveAttribute('data-board-height', '16');
  const mini = page.getByTestId('minimap');
  await expect(mini).toBeVisible();
  // Zoom in so only part of the board is in view, then press the minimap's bottom-right area.
  await board.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Control+=');
  const vp0 = (await mini.getAttribute('data-viewport'))!.split(' ').map(Number);
  expect(vp0[2]!).toBeLessThan(16);
  const box = (await mini.locator('svg').boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.9, box.y + box.height * 0.9);
  const vp1 = (await mini.getAttribute('data-viewport'))!.split(' ').map(Number);
  expect(vp1[0]!).toBeGreaterThan(vp0[0]!);
  expect(vp1[1]!).toBeGreaterThan(vp0[1]!);
});

test('Locking Chess: arrows move between squares, Enter places, Delete erases; only the left-right mirror is offered (LC-1)', async ({ page, serve }) => {
  await ready(page, serve.url);
  await page.getByTestId('btn-open').click();
  await pickFile(page, 'locking-chess/01-bishop-drop.level.json');
  await expect(page.getByTestId('file-name')).toHaveText('01-bishop-drop.level.json');
  const board = page.getByTestId('board');
  const cursor = page.getByTestId('board-cursor-live');
  // 8/3k4/4(PB)3/8/6K1/8/8/8 w - - 0 1: black king d7, white pawn under a white bishop on e6, white king g4.
  await page.getByTestId('palette-lc-white-rook').click();
  await board.focus();
  await expect(board).toHaveAttribute('data-cursor', 'a1');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await expect(board).toHaveAttribute('data-cursor', 'b2');
  await page.keyboard.press('Enter');
  await expect(cursor).toContainText('b2: white rook');
  await page.keyboard.press('Delete');
  await expect(cursor).toContainText('b2: empty');

  await expect(page.getByTestId('btn-level-rotate-cw')).toBeDisabled();
  await expect(page.getByTestId('btn-level-mirror-v')).toBeDisabled();
  await page.getByTestId('btn-level-mirror-h').click();
  await board.focus();
  await cursorTo(page, 'e7');
  await expect(cursor).toContainText('e7: black king');
  await cursorTo(page, 'd6');
  await expect(cursor).toContainText('d6: white pawn locked under white bishop');
  await cursorTo(page, 'b4');
  await expect(cursor).toContainText('b4: white king');
});

test('across rulesets: an Unlock the King region pasted into a Chess Maze keeps its pieces (player side) and says what was dropped', async ({
  page,
  serve,
}) => {
  await ready(page, serve.url);
  // First Steps a1..b2: king a1, bishop b2, pawn a2 (north), pawn b1 (east); plus the portal c3 in a1..c3.
  await dragRegion(page, 'c1', 'a3'); // c1 is empty: a region drag
  await expect(page.getByTestId('board')).toHaveAttribute('data-region', 'a3:c1');
  await page.keyboard.press('Control+c');

  await page.getByTestId('btn-open').click();
  await pickFile(page, 'chess-maze/01-stepping-stones.level.json');
  await expect(page.getByTestId('file-name')).toHaveText('01-stepping-stones.level.json');
  const state = page.getByTestId('board-state');
  const before = (await state.textContent())!.split(' ');
  expect(before).toContain('N:a1');
  expect(before).toContain('H:b2');

  // Centred on b2 (top-left a3) of the 5x5 maze: a3..c1 is replaced. a3 b3 c3 (holes) become floor; the knight on a1 goes;
  // pawn a2, bishop b2, king a1, pawn b1 land as they were; the portal is dropped (Chess Maze has none).
  await clickSquare(page, 'e1');
  await page.keyboard.press('Control+v');
  await clickSquare(page, 'b2');
  const cleared = new Set(['H:a3', 'H:b3', 'H:c3', 'H:b2', 'H:c1', 'N:a1']);
  const rest = before.filter((t) => !cleared.has(t) && !/^[KQRBNP]:/.test(t));
  await expect(state).toHaveText([...['K:a1', 'B:b2', 'P:a2', 'P:b1'].sort(), ...rest].join(' '));
  await expect(page.getByTestId('notice')).toContainText('Dropped 1 portal');
  await page.keyboard.press('Control+z');
  await expect(state).toHaveText(before.join(' '));
});
