/**
 * The player page (`castellan pack export --format html`): the exported
 * page opened from `file://` in Chromium with every network request
 * blocked (anything that is not the page's own file, a `blob:` worker or a
 * `data:` picture is aborted and recorded; none may happen), under the
 * page's own CSP (a violation fails the test). Played only through the
 * page's documented test hooks: each square `data-square`,
 * `[data-testid=level-select]` / `level-item`, `moves`, `solved`, `stars`,
 * `undo`, `restart`, `hint`, and the choice dialog's buttons named by piece.
 *
 * - The Citadel Codex: blueprint 1 solved by clicks along its stored
 *   solution (par 4: UK-8 3-Star rating -> 3 stars), undo and restart on
 *   the way, a hint from the solver in the page's worker, and the progress
 *   found again after a reload (localStorage, per pack).
 * - Chess Maze: a key (CM-5) opens its lock, and a transform tile (CM-10)
 *   asks for the piece in a dialog; the knight then jumps to the finish.
 * - King's Valley: a win-in-1 problem against the built-in engine; a wrong
 *   move uses up the one move (failed), the hint then names the key, and
 *   the key wins after a restart.
 * - Locking Chess: a mate-in-2 problem against the engine, the pawn's
 *   promotion chosen in the dialog by the piece's name.
 * - The editor (`castellan serve`): Pack > Export as web page fills the
 *   export field with `<pack>.html`; with "Show solution" switched off the
 *   page offers none.
 *
 * Needs `npm run build` (the CLI and the player's assets in out/).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServe, stopped } from './serve-fixture.js';

const repoRoot = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'castellan-player-e2e-'));
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs the built `castellan` command; answers stdout. */
function castellan(...args: string[]): string {
  return execFileSync(process.execPath, [join(repoRoot, 'bin/castellan.mjs'), ...args], { cwd: repoRoot, encoding: 'utf8' });
}

/** A pack folder `name` in the work folder holding the given level files (pack order), for `ruleset`. */
function makePack(name: string, ruleset: string, files: string[]): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'levels'), { recursive: true });
  const levels = files.map((f, i) => {
    const base = `${String(i + 1).padStart(2, '0')}.level.json`;
    cpSync(f, join(dir, 'levels', base));
    return { file: `levels/${base}` };
  });
  writeFileSync(join(dir, 'pack.json'), JSON.stringify({ format: 'castellan.pack', version: 1, title: `${name} (e2e)`, ruleset, levels }, null, 2));
  return dir;
}

/** Exports `pack` as a web page; answers its file:// URL. */
function exportPage(pack: string, name: string): string {
  const out = join(work, `${name}.html`);
  const said = castellan('pack', 'export', pack, '--format', 'html', '-o', out);
  expect(said).toContain('a web page');
  return pathToFileURL(out).href;
}

/** Blocks every request that is not the page itself, a blob: worker or a data: picture; answers the list of blocked ones. */
async function blockNetwork(context: BrowserContext): Promise<string[]> {
  const blocked: string[] = [];
  await context.route(
    (url) => !['file:', 'blob:', 'data:'].includes(url.protocol),
    async (route) => {
      blocked.push(route.request().url());
      await route.abort('blockedbyclient');
    },
  );
  return blocked;
}

/** Records CSP violations and page errors. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  return problems;
}

/** Plays one stored move (`Kg5-f4`, `Kb2-c2=N`) by clicks: its piece's square, then the target, then the choice when the page asks. */
async function playMove(page: Page, lan: string, choiceName?: string): Promise<void> {
  const m = /([a-z]\d+)[-x]([a-z]\d+)/.exec(lan);
  if (!m) throw new Error(`not a move: ${lan}`);
  await page.locator(`[data-square="${m[1]}"]`).click();
  await page.locator(`[data-square="${m[2]}"]`).click();
  if (choiceName) {
    const dialog = page.getByTestId('choice-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: choiceName, exact: true }).click();
  }
}

const storedMoves = (file: string): string[] => (JSON.parse(readFileSync(file, 'utf8')) as { solution: { moves: string[] } }).solution.moves;

test('Codex page from file://, network blocked: blueprint 1 by clicks, 3 stars, undo/restart, hint, progress kept on reload', async ({ browser }) => {
  const url = exportPage(join(repoRoot, 'resources/packs/citadel-codex'), 'codex');
  const context = await browser.newContext();
  const blocked = await blockNetwork(context);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(url);
  // The page's own strict CSP: nothing from anywhere, its script and style by hash, workers from blob: only.
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
    'content',
    /^default-src 'none'; script-src 'sha256-[^ ;]+'; .*worker-src blob:/,
  );

  const select = page.getByTestId('level-select');
  await expect(select).toBeVisible();
  await expect(select.getByTestId('level-item')).toHaveCount(50);
  await select.getByTestId('level-item').first().click();

  const solution = storedMoves(join(repoRoot, 'resources/packs/citadel-codex/levels/01-blueprint.level.json'));
  expect(solution).toHaveLength(4); // blueprint 1: par 4
  await expect(page.getByTestId('moves')).toHaveText('0');

  // One move, undone; then restart after two moves, undoable.
  await playMove(page, solution[0]!);
  await expect(page.getByTestId('moves')).toHaveText('1');
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('moves')).toHaveText('0');
  await playMove(page, solution[0]!);
  await playMove(page, solution[1]!);
  await expect(page.getByTestId('moves')).toHaveText('2');
  await page.getByTestId('restart').click();
  await expect(page.getByTestId('moves')).toHaveText('0');
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('moves')).toHaveText('2');

  // The hint: the solver in the page's worker; 2 moves are left on the optimal line.
  await page.getByTestId('hint').click();
  await expect(page.getByTestId('hint-box')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('hint-box')).toHaveAttribute('data-next', /.+/);
  await expect(page.getByTestId('hint-text')).toContainText('2');
  await expect(page.locator('#app')).toHaveAttribute('data-jobs', 'worker');

  await playMove(page, solution[2]!);
  await playMove(page, solution[3]!);
  await expect(page.getByTestId('solved')).toBeVisible();
  await expect(page.getByTestId('moves')).toHaveText('4');
  await expect(page.getByTestId('stars')).toHaveText('3');
  // Show solution: the stored solution, its 4 moves.
  await page.getByTestId('show-solution').click();
  await expect(page.getByTestId('solution-moves').locator('li')).toHaveCount(4);

  // Reload: the progress is kept (localStorage, per pack).
  await page.reload();
  await page.getByTestId('back').click();
  const first = page.getByTestId('level-select').getByTestId('level-item').first();
  await expect(first).toHaveAttribute('data-solved', 'true');
  await expect(first).toHaveAttribute('data-stars', '3');
  await expect(page.getByTestId('progress-summary')).toContainText('Solved 1 of 50');

  expect(blocked).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('Chess Maze page: a key opens its lock, a transform asks for the piece, the knight reaches the finish', async ({ browser }) => {
  const fixture = join(repoRoot, 'tests/e2e/fixtures/key-and-choice.level.json');
  const url = exportPage(makePack('maze', 'chess-maze', [fixture]), 'maze');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const blocked = await blockNetwork(context);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(url);
  await page.getByTestId('level-item').first().click();

  // CM-5: without the red key the lock on b2 is closed.
  await page.locator('[data-square="a1"]').click();
  await page.locator('[data-square="b2"]').click();
  await expect(page.getByTestId('moves')).toHaveText('0');

  await playMove(page, 'Ka1-a2');
  await playMove(page, 'Ka2-a3');
  await expect(page.getByTestId('stat-keys')).toContainText('red');
  await playMove(page, 'Ka3-b2');
  // CM-10: the transform tile offers a knight and a bishop; the knight is chosen by name.
  await playMove(page, 'Kb2-c2', 'Knight');
  await expect(page.getByTestId('moves')).toHaveText('4');
  await playMove(page, 'Nc2-e3');
  await expect(page.getByTestId('solved')).toBeVisible();
  await expect(page.getByTestId('stars')).toHaveText('3');

  expect(blocked).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test("King's Valley page: a win-in-1 problem against the engine fails, the hint names the key, the key wins", async ({ browser }) => {
  const level = join(repoRoot, 'resources/levels/kings-valley/01-backstop.level.json');
  const url = exportPage(makePack('valley', 'kings-valley', [level]), 'valley');
  const context = await browser.newContext();
  const blocked = await blockNetwork(context);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(url);
  await page.getByTestId('level-item').first().click();

  // A soldier move that does not reach the valley: the one move of "win in 1" is used, the engine replies.
  await playMove(page, 'Sb2-b4');
  await expect(page.getByTestId('moves')).toHaveText('1');
  await expect(page.getByTestId('failed')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('solved')).toHaveCount(0);

  // After the failed try the hint names the key (the first move of the fastest forced win).
  await page.getByTestId('hint').click();
  await expect(page.getByTestId('hint-box')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('hint-text')).toContainText('Kc1-c3');

  await page.getByTestId('restart').click();
  await expect(page.getByTestId('moves')).toHaveText('0');
  await playMove(page, 'Kc1-c3');
  await expect(page.getByTestId('solved')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('stars')).toHaveText('3');

  expect(blocked).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('Locking Chess page: mate in 2 against the engine, the promotion asks for the piece by name', async ({ browser }) => {
  const level = join(repoRoot, 'resources/levels/locking-chess/08-knight-promotion.level.json');
  const url = exportPage(makePack('locking', 'locking-chess', [level]), 'locking');
  const context = await browser.newContext();
  const blocked = await blockNetwork(context);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(url);
  await page.getByTestId('level-item').first().click();

  await playMove(page, 'Pd6-d7');
  await expect(page.getByTestId('moves')).toHaveText('1');
  // The engine answers (LC-8: the defence that holds out longest); the stored line's reply is ...c4.
  await expect(page.getByTestId('move-list').locator('li')).toHaveCount(2, { timeout: 60_000 });
  // The promotion asks: Queen, Rook, Bishop, Knight; only the knight mates.
  await playMove(page, 'Pd7-d8', 'Knight');
  await expect(page.getByTestId('solved')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('moves')).toHaveText('2');
  await expect(page.getByTestId('stars')).toHaveText('3');

  expect(blocked).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('Pack > Export as web page in the editor writes <pack>.html, which plays', async ({ browser }) => {
  const workspace = mkdtempSync(join(tmpdir(), 'castellan-player-ws-'));
  cpSync(join(repoRoot, 'resources/packs/citadel-codex'), join(workspace, 'packs/codex'), { recursive: true });
  const { url, child } = await startServe(workspace);
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
    await page.getByTestId('btn-packs').click();
    await page.getByTestId('pack-select').selectOption('packs/codex');
    await page.getByTestId('pack-open').click();
    await expect(page.getByTestId('pack-title')).toHaveText('The Citadel Codex');
    await page.getByTestId('menu-pack').click();
    await page.getByTestId('menuitem-pack-export-html').click();
    await expect(page.getByTestId('pack-export-out')).toHaveValue('packs/codex.html');
    await expect(page.getByTestId('pack-export-out')).toBeFocused();
    // The designer switches "Show solution" off for this page.
    await page.getByTestId('pack-export-solutions').uncheck();
    await page.getByTestId('pack-export').click();
    await expect(page.getByTestId('pack-message')).toContainText('Exported 50 levels');
    const html = readFileSync(join(workspace, 'packs/codex.html'), 'utf8');
    expect(html).toContain('"solutions":false');

    const context = await browser.newContext();
    const blocked = await blockNetwork(context);
    const player = await context.newPage();
    await player.goto(pathToFileURL(join(workspace, 'packs/codex.html')).href);
    await expect(player.getByTestId('level-item')).toHaveCount(50);
    await player.getByTestId('level-item').first().click();
    await expect(player.getByTestId('moves')).toHaveText('0');
    await expect(player.getByTestId('hint')).toBeVisible();
    await expect(player.getByTestId('show-solution')).toHaveCount(0);
    expect(blocked).toEqual([]);
    await context.close();
  } finally {
    child.kill();
    await stopped(child);
    rmSync(workspace, { recursive: true, force: true });
  }
});

test('guide screenshots of the player page (docs/images/guide/player-*.png)', async ({ browser }) => {
  const url = exportPage(join(repoRoot, 'resources/packs/citadel-codex'), 'codex-shots');
  const context = await browser.newContext({ viewport: { width: 1200, height: 760 } });
  await blockNetwork(context);
  const page = await context.newPage();
  await page.goto(url);
  await page.getByTestId('level-item').first().click();
  const solution = storedMoves(join(repoRoot, 'resources/packs/citadel-codex/levels/01-blueprint.level.json'));
  await playMove(page, solution[0]!);
  await page.getByTestId('hint').click();
  await expect(page.getByTestId('hint-box')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(repoRoot, 'docs/images/guide/player-level.png') });
  await playMove(page, solution[1]!);
  await playMove(page, solution[2]!);
  await playMove(page, solution[3]!);
  await expect(page.getByTestId('solved')).toBeVisible();
  await page.getByTestId('back').click();
  await expect(page.getByTestId('level-select')).toBeVisible();
  await page.screenshot({ path: join(repoRoot, 'docs/images/guide/player-select.png') });
  await context.close();
});
