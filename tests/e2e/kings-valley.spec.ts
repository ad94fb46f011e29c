/**
 * King's Valley end to end, as a user against
 * `castellan serve`: build a win-in-2 from scratch (New → King's Valley →
 * empty board, the pieces of sample 04 "Change Sides", White to move, goal
 * 2), solve it (win in 2, the hand-worked key, every defence refuted by the
 * same answer), step through the main line, then play it out against the
 * engine (you play the key, the engine defends, you finish on the valley),
 * switch sides (the engine then wins), leave (the document is unchanged),
 * save it (the host proves it) and compare with the sample.
 *
 * The position, 5 x 5 (a1 bottom-left), White to move:
 *   5  S  s  k  s  s      White: Kc1, Sa1, Se1, Sc2, Sa5
 *   4  .  .  .  .  .      Black: Kc5, Se2, Sb5, Sd5, Se5
 *   3  .  .  V  .  .      V the valley c3
 *   2  .  .  S  .  s
 *   1  S  .  K  .  S
 *      a  b  c  d  e
 * Hand-worked (KV-2, KV-3, KV-5, KV-8): no win in 1 (Kc1 reaches b1, d1,
 * a3, e3; c2 blocks the file). Sc2-c4 (it may pass the valley) makes
 * Kc1-c3 a threat: the king slides c2, c3 and stops before c4. Black can
 * neither stop a piece on c2 / c3 nor bring its king to the valley, so
 * each of Black's 12 moves (Kc5: a3, e3; Se2: e4, d1, a2, d3; Sb5: b1,
 * a4; Sd5: e4, d1; Se5: e3, b2) loses to Kc1-c3: win in 2, key Sc2-c4.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './serve-fixture.js';
import { pickFile } from './file-dialog.js';
import type { KingsValleyLevel } from '../../src-shared/model/level.js';
import { levelHash } from '../../src-shared/format/level-hash.js';

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

async function place(page: Page, palette: string, squares: string[]): Promise<void> {
  await page.getByTestId(palette).click();
  for (const sq of squares) await clickSquare(page, sq);
}

const BUILT = 'K:c1 S:a1 S:a5 S:c2 S:e1 k:c5 s:b5 s:d5 s:e2 s:e5 valley:c3 to-move:white';
const BLACK_DEFENCES = ['Kc5-a3', 'Kc5-e3', 'Sb5-a4', 'Sb5-b1', 'Sd5-d1', 'Sd5-e4', 'Se2-a2', 'Se2-d1', 'Se2-d3', 'Se2-e4', 'Se5-b2', 'Se5-e3'];

test("King's Valley: build a win-in-2, solve it, play it out against the engine; the document is unchanged", async ({ page, serve }) => {
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  const state = page.getByTestId('board-state');
  const board = page.getByTestId('board');
  const status = page.getByTestId('play-status');

  // New → King's Valley → empty board.
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-kings-valley').click();
  await expect(page.getByTestId('new-setup-standard')).toBeVisible();
  await expect(page.getByTestId('new-setup-retrieve')).toBeVisible();
  await expect(page.getByTestId('new-setup-labyrinth')).toBeVisible();
  await page.getByTestId('new-setup-empty').click();
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'kings-valley');
  await expect(state).toHaveText('valley:c3 to-move:white');
  await expect(board).toHaveAttribute('data-valley', 'c3');
  // KV-9: one king per side, reported for both sides.
  await expect(page.locator('[data-testid=validation-item][data-code=kv-king-count]')).toHaveCount(2);
  await page.getByTestId('meta-title').fill('E2E Change Sides');

  // The pieces, by side.
  await place(page, 'palette-kv-king-white', ['c1']);
  await place(page, 'palette-kv-soldier-white', ['a1', 'e1', 'c2', 'a5']);
  await place(page, 'palette-kv-king-black', ['c5']);
  await place(page, 'palette-kv-soldier-black', ['e2', 'b5', 'd5', 'e5']);
  await expect(state).toHaveText(BUILT);
  await expect(page.getByTestId('kv-side-to-move')).toHaveValue('white');
  await expect(page.getByTestId('kv-starting-setup')).not.toBeChecked();
  await expect(page.getByTestId('kv-option-soldiers-valley')).not.toBeChecked();
  await page.getByTestId('goal-moves').fill('2');
  await page.getByTestId('goal-moves').press('Enter');
  await expect(page.getByTestId('goal-moves')).toHaveAttribute('data-doc-value', '2');
  await expect(page.getByTestId('validation-item')).toHaveCount(0);

  // Solve: win in 2, the hand-worked key, no cook, every defence answered by Kc1-c3.
  await page.getByTestId('btn-solve').click();
  await expect(page.getByTestId('solve-status')).toContainText('win in 2', { timeout: 60_000 });
  await expect(page.getByTestId('solve-keys')).toHaveText('Sc2-c4');
  await expect(page.getByTestId('solve-cook')).toHaveCount(0);
  await expect(page.getByTestId('solve-keys-within-n')).toHaveText('Sc2-c4');
  const refs = page.getByTestId('solve-refutation');
  await expect(refs).toHaveCount(BLACK_DEFENCES.length);
  expect((await refs.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.defence))).sort()).toEqual(BLACK_DEFENCES);
  expect(new Set(await refs.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.answer)))).toEqual(new Set(['Kc1-c3']));
  // The main line: the key, a defence, the valley. Step through it on the board.
  await expect(page.getByTestId('solution-move')).toHaveCount(3);
  await expect(page.getByTestId('solution-move').first()).toHaveText('Sc2-c4');
  await expect(page.getByTestId('solution-move').last()).toHaveText('Kc1-c3');
  await page.getByTestId('step-next').click();
  await expect(state).toHaveText('K:c1 S:a1 S:a5 S:c4 S:e1 k:c5 s:b5 s:d5 s:e2 s:e5 valley:c3 to-move:black');
  await page.getByTestId('step-last').click();
  await expect(state).toContainText('K:c3');
  await expect(state).toContainText('to-move:black');
  await page.getByTestId('btn-exit-preview').click();
  await expect(state).toHaveText(BUILT);

  // Play against the engine: you play White (the side to move).
  const dirtyBefore = await page.getByTestId('app').getAttribute('data-dirty');
  await page.getByTestId('btn-play-engine').click();
  await expect(page.getByTestId('playtest-panel')).toBeVisible();
  await expect(board).toHaveAttribute('data-mode', 'playtest');
  await expect(page.getByTestId('play-side-white')).toHaveAttribute('aria-checked', 'true');
  await expect(status).toContainText('your move');
  // Black's pieces are not yours: no pick.
  await clickSquare(page, 'c5');
  await expect(board).toHaveAttribute('data-picked', '');
  // The key: legal targets of c2 are highlighted (KV-2 slides; N passes the valley, KV-3).
  await clickSquare(page, 'c2');
  await expect(board).toHaveAttribute('data-picked', 'c2');
  expect(((await board.getAttribute('data-targets')) ?? '').split(' ').sort()).toEqual(['a2', 'a4', 'b1', 'c4', 'd1', 'd2', 'e4']);
  await clickSquare(page, 'c4');
  // The engine (Black) defends; it says you can still win in 1.
  await expect(page.getByTestId('play-moves')).toHaveAttribute('data-moves', '2', { timeout: 30_000 });
  await expect(status).toContainText('your move');
  await expect(page.getByTestId('play-engine-note')).toContainText('you can force a win in 1');
  const defence = (await page.getByTestId('play-engine-note').getAttribute('data-lan')) ?? '';
  expect(BLACK_DEFENCES).toContain(defence);
  // Undo takes back the engine's reply and your move; play the key again.
  await page.getByTestId('play-undo').click();
  await expect(page.getByTestId('play-moves')).toHaveAttribute('data-moves', '0');
  await expect(state).toHaveText(BUILT);
  await clickSquare(page, 'c2');
  await clickSquare(page, 'c4');
  await expect(page.getByTestId('play-moves')).toHaveAttribute('data-moves', '2', { timeout: 30_000 });
  // Finish: Kc1-c3, the king stops on the valley (KV-5).
  await clickSquare(page, 'c1');
  expect(((await board.getAttribute('data-targets')) ?? '').split(' ')).toContain('c3');
  await clickSquare(page, 'c3');
  await expect(status).toContainText('valley');
  await expect(status).toContainText('You won!');
  await expect(status).toHaveAttribute('data-state', 'valley');
  await expect(state).toContainText('K:c3');
  await expect(page.getByTestId('playtest-banner')).toContainText('valley');

  // Restart and take Black instead: the engine (White) plays the key and wins.
  await page.getByTestId('play-restart').click();
  await expect(state).toHaveText(BUILT);
  await page.getByTestId('play-side-black').click();
  await expect(page.getByTestId('play-moves')).toHaveAttribute('data-moves', '1', { timeout: 30_000 });
  await expect(page.getByTestId('play-engine-note')).toHaveAttribute('data-lan', 'Sc2-c4');
  await expect(page.getByTestId('play-engine-note')).toContainText('forces a win in 2');
  await expect(status).toContainText('your move');
  await clickSquare(page, 'c5');
  await clickSquare(page, 'a3'); // Kc5-a3 (SW: b4, a3)
  await expect(status).toContainText('valley', { timeout: 30_000 });
  await expect(status).toContainText('The engine won.');
  await expect(status).toHaveAttribute('data-winner', 'white');

  // Leaving never changes the document.
  await page.getByTestId('btn-exit-playtest').click();
  await expect(page.getByTestId('playtest-panel')).toHaveCount(0);
  await expect(board).toHaveAttribute('data-mode', 'edit');
  await expect(state).toHaveText(BUILT);
  await expect(page.getByTestId('app')).toHaveAttribute('data-dirty', dirtyBefore ?? 'true');
  await expect(page.getByTestId('goal-moves')).toHaveAttribute('data-doc-value', '2');

  // Save As: the host proves it (win in 2) and writes it; same position as sample 04.
  await page.getByTestId('btn-save-as').click();
  await expect(page.getByTestId('file-dialog')).toHaveAttribute('data-path', 'kings-valley/e2e-change-sides.level.json');
  await page.getByTestId('save-as-ok').click();
  await expect(page.getByTestId('dialog-save-as')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('dialog-draft')).toHaveCount(0);
  await expect(page.getByTestId('dirty-marker')).toHaveCount(0);
  const file = JSON.parse(readFileSync(join(serve.workspace, 'kings-valley', 'e2e-change-sides.level.json'), 'utf8')) as KingsValleyLevel;
  const sample = JSON.parse(readFileSync(join(serve.workspace, 'kings-valley', '04-change-sides.level.json'), 'utf8')) as KingsValleyLevel;
  expect(file.goal).toEqual({ type: 'win-in', moves: 2 });
  expect(file.sideToMove).toBe('white');
  expect(file.solution?.length).toBe(2);
  expect(file.solution?.moves[0]).toBe('Sc2-c4');
  expect(file.solution?.levelHash).toBe(levelHash(file));
  expect(levelHash(file)).toBe(levelHash(sample)); // same rules-relevant content as the sample

  // The sample opens with the same board.
  await page.getByTestId('btn-open').click();
  await pickFile(page, 'kings-valley/04-change-sides.level.json');
  await expect(page.getByTestId('file-name')).toHaveText('04-change-sides.level.json');
  await expect(state).toHaveText(BUILT);
  await expect(page.getByTestId('solution-move')).toHaveCount(3);
});

test("King's Valley editing: setups, KV-4 first move, centred resize, pillars and validation markers, a trapped king", async ({ page, serve }) => {
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  const state = page.getByTestId('board-state');
  const board = page.getByTestId('board');
  const status = page.getByTestId('play-status');

  // The standard setup (KV-4): a starting setup, so the king may not move first.
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-kings-valley').click();
  await page.getByTestId('new-setup-standard').click();
  await page.getByTestId('new-create').click();
  await expect(state).toHaveText('K:c1 S:a1 S:b1 S:d1 S:e1 k:c5 s:a5 s:b5 s:d5 s:e5 valley:c3 to-move:white');
  await expect(page.getByTestId('kv-starting-setup')).toBeChecked();
  await page.getByTestId('btn-play-engine').click();
  await clickSquare(page, 'c1');
  await expect(board).toHaveAttribute('data-picked', '');
  await clickSquare(page, 'a1');
  await expect(board).toHaveAttribute('data-picked', 'a1');
  await clickSquare(page, 'a4');
  // The engine answers with a Black move; the game goes on.
  await expect(page.getByTestId('play-moves')).toHaveAttribute('data-moves', '2', { timeout: 30_000 });
  await expect(status).toContainText('your move');
  await page.keyboard.press('Escape'); // drop nothing picked: Esc leaves play
  await expect(page.getByTestId('playtest-panel')).toHaveCount(0);
  await expect(state).toHaveText('K:c1 S:a1 S:b1 S:d1 S:e1 k:c5 s:a5 s:b5 s:d5 s:e5 valley:c3 to-move:white');

  // Retrieve the King and Labyrinth (7 x 7 with pillars).
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-kings-valley').click();
  await page.getByTestId('new-setup-retrieve').click();
  await page.getByTestId('new-create').click();
  await expect(state).toHaveText('K:c5 S:a1 S:b1 S:d1 S:e1 k:c1 s:a5 s:b5 s:d5 s:e5 valley:c3 to-move:white');
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-kings-valley').click();
  await page.getByTestId('new-setup-labyrinth').click();
  await page.getByTestId('new-create').click();
  await expect(board).toHaveAttribute('data-board-width', '7');
  await expect(state).toContainText('X:b3 X:b5 X:f3 X:f5 valley:d4 to-move:white');

  // An empty board: build the trap position White Kb5, Sb3, Black Ka5, pillar b4.
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-kings-valley').click();
  await page.getByTestId('new-setup-empty').click();
  await page.getByTestId('new-create').click();
  await place(page, 'palette-kv-king-white', ['b5']);
  await place(page, 'palette-kv-soldier-white', ['b3']);
  await place(page, 'palette-kv-king-black', ['a5']);
  await place(page, 'palette-pillar', ['b4']);
  await expect(state).toHaveText('K:b5 S:b3 k:a5 X:b4 valley:c3 to-move:white');
  // No builder problem; the only note: a position without a "win in N" goal (Solve needs one).
  await expect(page.getByTestId('validation-item')).toHaveCount(1);
  await expect(page.locator('[data-testid=validation-item][data-code=goal-missing]')).toHaveAttribute('data-severity', 'warning');

  // Validation with squares marked: a pillar on the valley (KV-9), a second black king, a soldier on the valley.
  await clickSquare(page, 'c3');
  await expect(page.locator('[data-testid=validation-item][data-code=kv-pillar-on-valley]')).toHaveAttribute('data-squares', 'c3');
  await expect(board).toHaveAttribute('data-issue-squares', /error:c3/);
  await place(page, 'palette-kv-king-black', ['e1']);
  await expect(page.locator('[data-testid=validation-item][data-code=kv-king-count]')).toHaveAttribute('data-squares', 'a5 e1');
  await place(page, 'palette-kv-soldier-black', ['c3']); // replaces the pillar on c3
  await expect(page.getByTestId('notice')).toContainText('Replaced pillar on c3');
  await expect(page.locator('[data-testid=validation-item][data-code=kv-soldier-on-valley]')).toHaveCount(1);
  await page.getByTestId('kv-option-soldiers-valley').check();
  await expect(page.locator('[data-testid=validation-item][data-code=kv-soldier-on-valley]')).toHaveCount(0);
  // Erase both again (eraser), untick the option: clean.
  await place(page, 'palette-erase', ['c3', 'e1']);
  await page.getByTestId('kv-option-soldiers-valley').uncheck();
  await expect(page.getByTestId('validation-item')).toHaveCount(1);
  await expect(page.locator('[data-testid=validation-item][data-code=goal-missing]')).toHaveCount(1);
  // A starting setup with Black to move is a warning (KV-4).
  await page.getByTestId('kv-side-to-move').selectOption('black');
  await page.getByTestId('kv-starting-setup').check();
  await expect(page.locator('[data-testid=validation-item][data-code=kv-start-black-to-move]')).toHaveAttribute('data-severity', 'warning');
  await page.getByTestId('kv-starting-setup').uncheck();
  await page.getByTestId('kv-side-to-move').selectOption('white');
  await expect(state).toHaveText('K:b5 S:b3 k:a5 X:b4 valley:c3 to-move:white');

  // Resize keeps the content centred on the valley; even sizes are refused (KV-9).
  await page.getByTestId('board-width').fill('6');
  await page.getByTestId('board-width').press('Enter');
  await expect(page.getByTestId('board-width-refused')).toContainText('odd');
  await expect(board).toHaveAttribute('data-board-width', '5');
  await page.getByTestId('board-width').fill('7');
  await page.getByTestId('board-width').press('Enter');
  await page.getByTestId('board-height').fill('7');
  await page.getByTestId('board-height').press('Enter');
  await expect(page.getByTestId('dialog-confirm')).toHaveCount(0);
  await expect(state).toHaveText('K:c6 S:c4 k:b6 X:c5 valley:d4 to-move:white');
  // Shrinking back to 5 x 5 loses nothing; a piece on the outer ring would be listed first.
  await place(page, 'palette-kv-soldier-black', ['g7']);
  await page.getByTestId('board-width').fill('5');
  await page.getByTestId('board-width').press('Enter');
  await expect(page.getByTestId('dialog-confirm')).toBeVisible();
  await expect(page.getByTestId('confirm-items')).toHaveText('black soldier on g7');
  await page.getByTestId('confirm-resize').click();
  await page.getByTestId('board-height').fill('5');
  await page.getByTestId('board-height').press('Enter');
  await expect(state).toHaveText('K:b5 S:b3 k:a5 X:b4 valley:c3 to-move:white');

  // A cook (KV-8): with a White soldier on a1 too, Sa1-a4 (N, stops under a5) and Sb3-a4 (NW) both
  // fill a5's last free neighbour a4 (b4 pillar, b5 White's king): two keys win in 1, and nothing is
  // left to refute. (Kb5-a4 fills a4 but frees b5.)
  await place(page, 'palette-kv-soldier-white', ['a1']);
  await page.getByTestId('goal-moves').fill('1');
  await page.getByTestId('goal-moves').press('Enter');
  await page.getByTestId('btn-solve').click();
  await expect(page.getByTestId('solve-status')).toContainText('win in 1', { timeout: 60_000 });
  await expect(page.getByTestId('solve-keys')).toHaveText('Sa1-a4, Sb3-a4');
  await expect(page.getByTestId('solve-cook')).toContainText('2 keys win in 1');
  await expect(page.getByTestId('solve-keys-within-n')).toHaveText('Sa1-a4, Sb3-a4');
  await expect(page.getByTestId('solve-refutations')).toContainText('none');
  await page.keyboard.press('Control+z'); // the goal
  await page.keyboard.press('Control+z'); // the soldier on a1
  await expect(state).toHaveText('K:b5 S:b3 k:a5 X:b4 valley:c3 to-move:white');

  // Play White against the engine: Sb3-a4 fills a5's last free neighbour: Black's king is trapped (KV-6).
  await page.getByTestId('btn-play-engine').click();
  await clickSquare(page, 'b3');
  await clickSquare(page, 'a4');
  await expect(status).toContainText('trapped');
  await expect(status).toContainText('You won!');
  await expect(status).toHaveAttribute('data-state', 'trapped');
  await page.getByTestId('btn-exit-playtest').click();
  await expect(state).toHaveText('K:b5 S:b3 k:a5 X:b4 valley:c3 to-move:white');
});
