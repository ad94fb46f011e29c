/**
 * Creating and sizing, pasting and playtesting as a designer meets them
 * first, against `castellan serve`: New with a board size (within the
 * ruleset's limits, refused sizes explained) and a list of starts; resize
 * with a nine-way anchor, what it cuts counted; number fields that keep
 * the typed text and say why it was refused; a paste centred under the
 * pointer with a toast counting what it dropped; a playtest Restart that
 * Undo takes back; the solution hidden while playing. Expected boards are
 * hand-worked from the sample "First Steps" (8 x 8: K a1, B b2, P a2,
 * P b1, R h8, N g1, Q d8, walls d4 e4, portal c3).
 */
import type { Page } from '@playwright/test';
import { test, expect } from './serve-fixture.js';
import { pickFile } from './file-dialog.js';

/** The board-state mirror of a UK level: pieces and walls sorted, then the portal. */
function ukState(pieces: string[], walls: string[], portal: string): string {
  return [...pieces.slice().sort(), ...walls.map((w) => `W:${w}`).sort(), `portal:${portal}`].join(' ');
}
const FIRST_PIECES = ['K:a1', 'B:b2', 'P:a2', 'P:b1', 'R:h8', 'N:g1', 'Q:d8'];
const FIRST = ukState(FIRST_PIECES, ['d4', 'e4'], 'c3');

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

/** Square centre in page coordinates from the board's live data attributes. */
async function at(page: Page, sq: string): Promise<{ x: number; y: number }> {
  const board = page.getByTestId('board');
  const box = (await board.boundingBox())!;
  const d = await board.evaluate((e) => ({
    h: Number((e as HTMLElement).dataset.boardHeight),
    c: Number((e as HTMLElement).dataset.cellSize),
    x: Number((e as HTMLElement).dataset.originX),
    y: Number((e as HTMLElement).dataset.originY),
  }));
  const file = sq.charCodeAt(0) - 97;
  const rank = Number(sq.slice(1));
  return { x: box.x + d.x + (file + 0.5) * d.c, y: box.y + d.y + (d.h - rank + 0.5) * d.c };
}

async function clickSquare(page: Page, sq: string): Promise<void> {
  const p = await at(page, sq);
  await page.mouse.click(p.x, p.y);
}

async function dragRegion(page: Page, from: string, to: string): Promise<void> {
  const a = await at(page, from);
  const b = await at(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

test('New offers a board size within the ruleset’s limits, explains a refused size, and lists the ruleset’s starts and a copy of the current level', async ({
  page,
  serve,
}) => {
  await ready(page, serve.url);
  const state = page.getByTestId('board-state');
  const board = page.getByTestId('board');
  await expect(state).toHaveText(FIRST);

  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-unlock-the-king').click();
  const dlg = page.getByTestId('dialog-new-start');
  await expect(dlg).toBeVisible();
  // The starts of Unlock the King (from its ruleset module) and the copy of the open level.
  await expect(page.getByTestId('new-setup-empty')).toBeChecked();
  await expect(page.getByTestId('new-setup-starter')).toBeVisible();
  await expect(page.getByTestId('new-setup-current')).toBeVisible();
  await expect(dlg.getByRole('radio')).toHaveCount(3);
  // The range is shown and tied to the fields (UK-1: 3 to 16).
  await expect(page.getByTestId('new-size-range')).toContainText('3 to 16 squares (UK-1)');
  await expect(page.getByTestId('new-width')).toHaveAttribute('aria-describedby', /new-size-range/);

  // 99 is refused inline with its reason; the typed text stays; Create waits for a valid size.
  await page.getByTestId('new-width').fill('99');
  await expect(page.getByTestId('new-width-error')).toContainText('99 is above 16');
  await expect(page.getByTestId('new-width')).toHaveValue('99');
  await expect(page.getByTestId('new-width')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('new-create')).toBeDisabled();
  // Leaving the field in the dialog keeps the text and its reason (Create still waits).
  await page.getByTestId('new-height').click();
  await expect(page.getByTestId('new-width')).toHaveValue('99');
  await expect(page.getByTestId('new-width-error')).toContainText('99 is above 16');
  await expect(page.getByTestId('new-create')).toBeDisabled();
  await page.getByTestId('new-width').fill('5');
  await page.getByTestId('new-height').fill('4');
  await page.getByTestId('new-create').click();
  // 5 x 4: the king in the middle of the bottom row (c1), the portal above it on the top row (c4).
  await expect(board).toHaveAttribute('data-board-width', '5');
  await expect(board).toHaveAttribute('data-board-height', '4');
  await expect(state).toHaveText('K:c1 portal:c4');

  // A setup keeps its own size: the Labyrinth is 7 x 7 (KV-1).
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-kings-valley').click();
  await page.getByTestId('new-setup-labyrinth').check();
  await expect(page.getByTestId('new-width')).toBeDisabled();
  await expect(page.getByTestId('new-width')).toHaveValue('7');
  // An empty valley takes odd sides only (KV-9): 6 is refused, 9 is fine.
  await page.getByTestId('new-setup-empty').check();
  await page.getByTestId('new-width').fill('6');
  await expect(page.getByTestId('new-width-error')).toContainText('odd');
  await page.getByTestId('new-width').fill('9');
  await page.getByTestId('new-height').fill('9');
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'kings-valley');
  await expect(board).toHaveAttribute('data-board-width', '9');
  await expect(page.getByTestId('board')).toHaveAttribute('data-valley', 'e5');

  // A copy of the current level: back to First Steps, New > Unlock the King > Copy, grown to 10 x 10 around the top right.
  await page.getByTestId('tab').first().click();
  await expect(state).toHaveText(FIRST);
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-unlock-the-king').click();
  await page.getByTestId('new-setup-current').check();
  await expect(page.getByTestId('new-width')).toHaveValue('8');
  await page.getByTestId('new-width').fill('10');
  await page.getByTestId('new-height').fill('10');
  await page.getByTestId('dialog-new-start').getByTestId('resize-anchor-top-right').check();
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('meta-title')).toHaveValue('First Steps (copy)');
  // Every square two files right and two ranks up.
  await expect(state).toHaveText(ukState(['K:c3', 'B:d4', 'P:c4', 'P:d3', 'R:j10', 'N:i3', 'Q:f10'], ['f6', 'g6'], 'e5'));
});

test('board size fields show their range and say why 0, -1, 2, 99 and 1e3 are refused; resize keeps the content at the chosen anchor, one undo step, and counts what it cuts', async ({
  page,
  serve,
}) => {
  await ready(page, serve.url);
  const state = page.getByTestId('board-state');
  const board = page.getByTestId('board');
  await expect(state).toHaveText(FIRST);
  await expect(page.getByTestId('board-size-range')).toContainText('3 to 16 squares (UK-1)');

  const width = page.getByTestId('board-width');
  const reasons: Record<string, string> = {
    '0': '0 is below 3',
    '-1': '"-1" is not a whole number',
    '2': '2 is below 3',
    '99': '99 is above 16',
    '1e3': '"1e3" is not a whole number',
  };
  for (const [typed, reason] of Object.entries(reasons)) {
    await width.fill(typed);
    // Inline and announced (role=alert), the user's text kept while they type.
    await expect(page.getByTestId('board-width-error')).toContainText(reason);
    await expect(page.getByTestId('board-width-error')).toHaveAttribute('role', 'alert');
    await expect(width).toHaveValue(typed);
    await expect(board).toHaveAttribute('data-board-width', '8');
    // Leaving the field: not applied, and it says so.
    await width.press('Tab');
    await expect(page.getByTestId('board-width-refused')).toContainText(`Not applied: "${typed}"`);
    await expect(width).toHaveValue('8');
  }

  // Anchor top right: growing to 10 x 10 moves every square two files right and two ranks up.
  await expect(page.getByTestId('resize-anchor')).toHaveAttribute('data-anchor', 'bottom-left');
  await page.getByTestId('resize-anchor-top-right').check();
  await width.fill('10');
  await width.press('Enter');
  await expect(page.getByTestId('notice')).toContainText('Board resized to 10 × 8 (content kept at the top right)');
  await page.getByTestId('board-height').fill('10');
  await page.getByTestId('board-height').press('Enter');
  const GROWN = ukState(['K:c3', 'B:d4', 'P:c4', 'P:d3', 'R:j10', 'N:i3', 'Q:f10'], ['f6', 'g6'], 'e5');
  await expect(state).toHaveText(GROWN);
  // Each resize is one step.
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await expect(state).toHaveText(FIRST);
  await expect(board).toHaveAttribute('data-board-width', '8');

  // Shrinking to 6 wide anchored right cuts the a and b files: K a1, B b2, P a2, P b1.
  await page.getByTestId('resize-anchor-middle-right').check();
  await width.fill('6');
  await width.press('Enter');
  await expect(page.getByTestId('dialog-confirm')).toBeVisible();
  await expect(page.getByTestId('confirm-items').locator('li')).toHaveCount(4);
  await page.getByTestId('confirm-resize').click();
  await expect(board).toHaveAttribute('data-board-width', '6');
  // d8 -> b8, g1 -> e1, h8 -> f8; walls d4 e4 -> b4 c4; portal c3 -> a3.
  await expect(state).toHaveText(ukState(['Q:b8', 'N:e1', 'R:f8'], ['b4', 'c4'], 'a3'));
  await expect(page.getByTestId('board-toast')).toContainText('removed 4 items');
  await page.keyboard.press('Control+z');
  await expect(state).toHaveText(FIRST);
});

test('a paste follows the pointer centred on it, is one undo step, and a toast counts what it dropped', async ({ page, serve }) => {
  await ready(page, serve.url);
  const state = page.getByTestId('board-state');
  const board = page.getByTestId('board');
  await expect(state).toHaveText(FIRST);
  // a3..c1 (3 x 3): K a1, B b2, P a2, P b1 and the portal c3.
  await dragRegion(page, 'c1', 'a3');
  await expect(board).toHaveAttribute('data-region', 'a3:c1');
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await expect(board).toHaveAttribute('data-paste-pending', 'true');
  // The ghost is centred on the square under the pointer: e5 -> d6..f4.
  const e5 = await at(page, 'e5');
  await page.mouse.move(e5.x, e5.y, { steps: 3 });
  await expect(board).toHaveAttribute('data-paste-at', 'd6:f4');
  // Near the edge it stays on the board: under h8 the 3 x 3 ghost is f8..h6.
  const h8 = await at(page, 'h8');
  await page.mouse.move(h8.x, h8.y, { steps: 3 });
  await expect(board).toHaveAttribute('data-paste-at', 'f8:h6');
  await page.mouse.move(e5.x, e5.y, { steps: 3 });
  await page.mouse.click(e5.x, e5.y);
  await expect(board).toHaveAttribute('data-paste-pending', 'false');
  // d6..f4 is replaced (its walls d4 e4 go); the clip lands K d4, P d5, B e5, P e4; the portal moves to f6 (UK-6).
  await expect(state).toHaveText(ukState([...FIRST_PIECES, 'K:d4', 'P:d5', 'B:e5', 'P:e4'], [], 'f6'));
  await page.keyboard.press('Control+z');
  await expect(state).toHaveText(FIRST);

  // Into a Chess Maze the portal has no place: the toast says what was dropped, with a count.
  await page.getByTestId('btn-open').click();
  await pickFile(page, 'chess-maze/01-stepping-stones.level.json');
  await expect(page.getByTestId('file-name')).toHaveText('01-stepping-stones.level.json');
  await page.keyboard.press('Control+v');
  await clickSquare(page, 'b2');
  const toast = page.getByTestId('board-toast');
  await expect(toast).toContainText('1 of 5 left out');
  await expect(toast).toContainText('Dropped 1 portal');

  // A paste that drops everything says so in the toast, in full: walls mean nothing in King's Valley.
  await page.getByTestId('tab').first().click();
  await expect(state).toHaveText(FIRST);
  // e5..d4 from the empty e5: the walls d4 and e4.
  await dragRegion(page, 'e5', 'd4');
  await expect(board).toHaveAttribute('data-region', 'd5:e4');
  await page.keyboard.press('Control+c');
  await page.getByTestId('btn-open').click();
  await pickFile(page, 'kings-valley/01-backstop.level.json');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'kings-valley');
  const before = await page.getByTestId('board-state').textContent();
  await page.keyboard.press('Control+v');
  await clickSquare(page, 'a1');
  await expect(toast).toContainText('Nothing pasted');
  await expect(toast).toContainText('Dropped 2 walls');
  await expect(toast).toHaveAttribute('data-tone', 'refused');
  await expect(state).toHaveText(before!);
});

test('playtest: the stored solution is hidden until asked for, and Restart is one step Undo takes back', async ({ page, serve }) => {
  await ready(page, serve.url);
  await expect(page.getByTestId('board-state')).toHaveText(FIRST);
  // First Steps stores its solution: shown under the board while editing.
  await expect(page.getByTestId('solution-list')).toBeVisible();
  await page.getByTestId('btn-playtest').click();
  await expect(page.getByTestId('playtest-panel')).toBeVisible();
  await expect(page.getByTestId('solution-list')).toHaveCount(0);
  await expect(page.getByTestId('solution-hidden')).toContainText('hidden while you play');
  await expect(page.getByTestId('solve-status')).not.toContainText('shown below');
  await page.getByTestId('btn-show-solution').click();
  await expect(page.getByTestId('solution-list')).toBeVisible();
  await page.getByTestId('btn-show-solution').click();
  await expect(page.getByTestId('solution-list')).toHaveCount(0);

  // Bb2-c1, then Ka1-b2.
  await clickSquare(page, 'b2');
  await clickSquare(page, 'c1');
  await clickSquare(page, 'a1');
  await clickSquare(page, 'b2');
  const moves = page.getByTestId('playtest-moves');
  await expect(moves).toHaveAttribute('data-moves', '2');
  await page.getByTestId('playtest-restart').click();
  await expect(moves).toHaveAttribute('data-moves', '0');
  await expect(page.getByTestId('playtest-undo')).toBeEnabled();
  await page.getByTestId('playtest-undo').click();
  await expect(moves).toHaveAttribute('data-moves', '2');
  await expect(page.getByTestId('playtest-line')).toContainText('Bb2-c1');
  await expect(page.getByTestId('playtest-line')).toContainText('Ka1-b2');
  // Ctrl+Z too: restart, then the key takes it back.
  await page.getByTestId('playtest-restart').click();
  await expect(moves).toHaveAttribute('data-moves', '0');
  await page.keyboard.press('Control+z');
  await expect(moves).toHaveAttribute('data-moves', '2');
  // A new playtest hides the solution again.
  await page.getByTestId('btn-show-solution').click();
  await page.getByTestId('btn-exit-playtest').click();
  await expect(page.getByTestId('playtest-panel')).toHaveCount(0);
  await page.getByTestId('btn-playtest').click();
  await expect(page.getByTestId('solution-list')).toHaveCount(0);
});
