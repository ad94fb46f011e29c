/**
 * Why unsolvable in the editor: open an unsolvable level, Solve, and the
 * Solver panel says why (the message, its ruling, the squares as a list),
 * the board marks the same squares (data-why-squares, named in the board's
 * label for screen readers), and the live badge's tooltip says it in one
 * line. An edit clears the marks (the answer is for the old board); undo
 * restores the content that was solved and its marks. Chess Maze: a lock
 * that never opens (CM-7) is named and marked; a move limit below the
 * optimum (CM-12) shows the optimum without the limit. Locking Chess: a
 * "no mate in N" answer lists each first move with its refutation (LC-8).
 *
 * The Unlock the King blueprints are built by hand on a 5 x 5 board with the king on a1 and
 * the portal on e5: the king's only neighbours are a2, b1 and b2 (UK-4: the
 * king steps one square), so whatever stands on all three and can never
 * move seals it in, and those three squares are the cause.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './serve-fixture.js';
import { pickFile } from './file-dialog.js';
import type { ChessMazeLevel, LockingChessLevel, UnlockTheKingLevel } from '../../src-shared/model/level.js';

/** The king's three neighbours on a1 (UK-4), the seal in both blueprints. */
const SEAL = ['a2', 'b1', 'b2'];

function blueprint(title: string, extra: Partial<UnlockTheKingLevel>): UnlockTheKingLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title },
    board: { width: 5, height: 5 },
    portal: 'e5',
    pieces: [{ role: 'king', square: 'a1' }],
    ...extra,
  };
}

/** Walls never move (UK-5): walls on a2, b1, b2 seal the king in. A rook on e1 cannot help (nothing is captured). */
const WALLED = blueprint('Walled king', {
  walls: SEAL,
  pieces: [
    { role: 'king', square: 'a1' },
    { role: 'rook', square: 'e1' },
  ],
});

/**
 * Pawns that can never move (UK-4: one step in their facing, no lateral):
 * a2 faces west and b1 faces south, off the board; b2 faces south onto b1,
 * which never empties. They seal the king in as walls would.
 */
const PAWNED = blueprint('Pawned king', {
  pieces: [
    { role: 'king', square: 'a1' },
    { role: 'pawn', square: 'a2', facing: 'west', lateral: false },
    { role: 'pawn', square: 'b1', facing: 'south', lateral: false },
    { role: 'pawn', square: 'b2', facing: 'south', lateral: false },
    { role: 'rook', square: 'e1' },
  ],
});

const sorted = (squares: string[]): string[] => [...squares].sort();

async function openLevel(page: Page, workspace: string, name: string, level: UnlockTheKingLevel | ChessMazeLevel | LockingChessLevel): Promise<void> {
  writeFileSync(join(workspace, name), `${JSON.stringify(level, null, 2)}\n`);
  await page.getByTestId('btn-open').click();
  await pickFile(page, name);
  await expect(page.getByTestId('file-name')).toHaveText(name);
}

/** The squares the board marks (its test hook), sorted. */
async function boardMarks(page: Page): Promise<string[]> {
  const v = (await page.getByTestId('board').getAttribute('data-why-squares')) ?? '';
  return sorted(v.split(' ').filter(Boolean));
}

for (const c of [
  { name: 'why-walled.level.json', level: WALLED, what: 'walls', ruling: 'UK-5' },
  { name: 'why-pawned.level.json', level: PAWNED, what: 'pawns', ruling: 'UK-4' },
]) {
  test(`why unsolvable: a king sealed by ${c.what} — the panel names the squares and the ruling, the board marks them, the badge says it`, async ({
    page,
    serve,
  }) => {
    await page.goto(serve.url);
    await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
    await openLevel(page, serve.workspace, c.name, c.level);
    const board = page.getByTestId('board');
    await expect(board).toHaveAttribute('data-why-squares', '');

    const started = Date.now();
    await page.getByTestId('btn-solve').click();
    const status = page.getByTestId('solve-status');
    await expect(status).toHaveAttribute('data-status', 'unsolvable', { timeout: 30_000 });
    // A cheap proof: no search is needed (the issue asks for under a second; the browser round trip included here).
    expect(Date.now() - started).toBeLessThan(5_000);

    const why = page.getByTestId('why-panel');
    await expect(why).toBeVisible();
    await expect(why).toHaveAttribute('data-code', 'king-sealed');
    await expect(why).toHaveAttribute('data-stale', 'false');
    await expect(page.getByTestId('why-ruling')).toHaveText(c.ruling);
    const message = page.getByTestId('why-message');
    for (const sq of ['a1', 'e5', ...SEAL]) await expect(message).toContainText(sq);
    await expect(message).toContainText(c.what);
    // The squares as a list (the text equivalent of the marks) and on the board.
    const listed = await page.getByTestId('why-square').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.square ?? ''));
    expect(sorted(listed)).toEqual(SEAL);
    expect(await boardMarks(page)).toEqual(SEAL);
    await expect(board).toHaveAttribute('aria-label', /Marked by the solver: /);
    for (const sq of SEAL) await expect(board).toHaveAttribute('aria-label', new RegExp(`Marked by the solver: [a-z0-9, ]*\\b${sq}\\b`));
    await page.getByTestId('why-panel').screenshot({ path: join('test-results', `why-panel-${c.what}.png`) });
    await board.screenshot({ path: join('test-results', `why-board-${c.what}.png`) });

    // The live badge solved the same board in the background: its tooltip says why in one line, with the ruling.
    const badge = page.getByTestId('live-badge');
    await expect(badge).toHaveAttribute('data-status', 'unsolvable', { timeout: 30_000 });
    const title = (await badge.getAttribute('title')) ?? '';
    expect(title).not.toContain('\n');
    expect(title).toContain((await message.textContent())!.trim());
    expect(title).toContain(c.ruling);

    // Clicking a listed square selects it on the board.
    await page.locator('[data-testid=why-square][data-square=b2]').click();
    await expect(board).toHaveAttribute('data-selection', 'b2');

    // An edit (a wall on e3, an empty square) changes the board: the marks clear and the panel says the answer is old.
    await page.getByTestId('palette-wall').click();
    const box = (await board.boundingBox())!;
    const d = await board.evaluate((e) => ({
      h: Number((e as HTMLElement).dataset.boardHeight),
      c: Number((e as HTMLElement).dataset.cellSize),
      x: Number((e as HTMLElement).dataset.originX),
      y: Number((e as HTMLElement).dataset.originY),
    }));
    await page.mouse.click(box.x + d.x + (4 + 0.5) * d.c, box.y + d.y + (d.h - 3 + 0.5) * d.c);
    await expect(page.getByTestId('board-state')).toContainText('W:e3');
    await expect(board).toHaveAttribute('data-why-squares', '');
    await expect(why).toHaveAttribute('data-stale', 'true');
    await expect(page.getByTestId('why-stale')).toBeVisible();
    await expect(board).not.toHaveAttribute('aria-label', /Marked by the solver/);

    // Undo: the board the answer was for, marked again.
    await page.keyboard.press('Control+z');
    await expect(page.getByTestId('board-state')).not.toContainText('W:e3');
    await expect(why).toHaveAttribute('data-stale', 'false');
    await expect.poll(() => boardMarks(page)).toEqual(SEAL);
  });
}

/** A 5 x 1 Chess Maze corridor: a rook on a1, the finish on e1 (CM-11). */
function corridor(title: string, extra: Partial<ChessMazeLevel>): ChessMazeLevel {
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'chess-maze',
    meta: { title },
    board: { width: 5, height: 1 },
    pieces: [{ role: 'rook', square: 'a1', side: 'player' }],
    tiles: [{ kind: 'finish', square: 'e1' }],
    ...extra,
  };
}

test('why unsolvable: CM-7 a red lock with no red key or plate before the finish — the panel names the lock, the board marks it', async ({ page, serve }) => {
  // The only route from a1 to e1 passes d1; a lock no key or plate of its colour opens never lets a piece through (CM-7).
  const level = corridor('Keyless lock', {
    tiles: [
      { kind: 'lock', square: 'd1', color: 'red' },
      { kind: 'finish', square: 'e1' },
    ],
  });
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await openLevel(page, serve.workspace, 'why-keyless-lock.level.json', level);
  await page.getByTestId('btn-solve').click();
  await expect(page.getByTestId('solve-status')).toHaveAttribute('data-status', 'unsolvable', { timeout: 30_000 });
  const why = page.getByTestId('why-panel');
  await expect(why).toHaveAttribute('data-ruling', 'CM-7');
  await expect(page.getByTestId('why-ruling')).toHaveText('CM-7');
  await expect(page.getByTestId('why-message')).toContainText('d1');
  const listed = await page.getByTestId('why-square').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.square ?? ''));
  expect(listed).toContain('d1');
  const marks = await boardMarks(page);
  expect(marks).toContain('d1');
  expect(marks).toEqual(sorted(listed));
  const badge = page.getByTestId('live-badge');
  await expect(badge).toHaveAttribute('data-status', 'unsolvable', { timeout: 30_000 });
  await expect(badge).toHaveAttribute('title', /Background solve: unsolvable: .*d1.*CM-7/);
});

test('why unsolvable: CM-12 a move limit below the optimum — the panel says the optimum without the limit', async ({ page, serve }) => {
  // A king on a1 needs 4 steps to e1 (CM-3: the king steps one square); a limit of 3 moves makes it unsolvable (CM-12).
  const level = corridor('Tight limit', { pieces: [{ role: 'king', square: 'a1', side: 'player' }], objectives: { moveLimit: 3 } });
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await openLevel(page, serve.workspace, 'why-move-limit.level.json', level);
  await page.getByTestId('btn-solve').click();
  await expect(page.getByTestId('solve-status')).toHaveAttribute('data-status', 'unsolvable', { timeout: 30_000 });
  await expect(page.getByTestId('why-panel')).toHaveAttribute('data-code', 'move-limit');
  await expect(page.getByTestId('why-ruling')).toHaveText('CM-12');
  const optimum = page.getByTestId('why-optimum');
  await expect(optimum).toHaveAttribute('data-optimum', '4');
  await expect(optimum).toHaveText('Optimum without the move limit: 4 moves (CM-12)');
  await page.getByRole('region', { name: 'Solver' }).screenshot({ path: join('test-results', 'why-solve-panel-move-limit.png') });
});

test('why unsolvable: LC-8 no mate in 1 — each first move with the defence that refutes it, in SAN', async ({ page, serve }) => {
  // Two rooks and a king against a king on h8: Ra8+ or Rb8+ checks, but the black king steps to g7 or h7
  // (g8 is covered along the 8th rank), so no first move mates at once (LC-8).
  const level: LockingChessLevel = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'locking-chess',
    meta: { title: 'No mate in 1' },
    board: { width: 8, height: 8 },
    position: '7k/8/8/8/8/8/1R6/R3K3 w - - 0 1',
    goal: { type: 'mate-in', moves: 1 },
  };
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await openLevel(page, serve.workspace, 'why-no-mate.level.json', level);
  await page.getByTestId('btn-solve').click();
  await expect(page.getByTestId('solve-status')).toHaveAttribute('data-status', 'unsolvable', { timeout: 60_000 });
  const why = page.getByTestId('why-panel');
  await expect(why).toHaveAttribute('data-code', 'refuted');
  await expect(page.getByTestId('why-ruling')).toHaveText('LC-8');
  // The squares of the best refutation (the defending king's step from h8) are listed and marked.
  const listed = await page.getByTestId('why-square').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.square ?? ''));
  expect(listed).toContain('h8');
  expect(await boardMarks(page)).toEqual(sorted(listed));
  await why.screenshot({ path: join('test-results', 'why-panel-refuted.png') });
  // Every legal first move is listed (more than eight here: the rooks alone have 25 moves), the first eight until "Show all".
  await expect(page.getByTestId('why-refutation')).toHaveCount(8);
  const toggle = page.getByTestId('why-refutations-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(await page.getByTestId('why-refutation').count()).toBeGreaterThan(8);
  const ra8 = page.locator('[data-testid=why-refutation][data-move="Ra1-a8"]');
  await expect(ra8.getByTestId('why-refutation-text')).toHaveText(/^1\. Ra8\+? — refuted by 1\.\.\. K[gh]7$/);
  await expect(ra8).toHaveAttribute('data-defence', /^Kh8-[gh]7$/);
});

test('why unsolvable: Save of a sealed king offers a draft and names the cause with its squares', async ({ page, serve }) => {
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await openLevel(page, serve.workspace, 'why-save-walled.level.json', WALLED);
  // An edit to save (the title), then Save: the proof finds the level unsolvable.
  await page.getByTestId('meta-title').fill('Walled king, renamed');
  await page.getByTestId('btn-save').click();
  const dlg = page.getByTestId('dialog-draft');
  await expect(dlg).toBeVisible({ timeout: 30_000 });
  await expect(dlg).toHaveAttribute('data-code', 'unsolvable');
  const issues = dlg.getByTestId('draft-issues');
  await expect(issues).toContainText('level-unsolvable');
  await expect(issues).toContainText('a1');
  for (const sq of SEAL) await expect(issues).toContainText(sq);
  await dlg.getByTestId('draft-cancel').click();
  await expect(dlg).toHaveCount(0);
});
