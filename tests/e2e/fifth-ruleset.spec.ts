/**
 * A fifth ruleset on the Board, end to end: the editor built with a ruleset
 * of the tests (Crates, tests/shared/rulesets/extra-ruleset.ts) registered
 * by the test-only hook of tests/e2e/extra-ruleset/vite.config.mts (the two
 * registries and the level validator replaced at build time; no product
 * file knows it), served by `castellan serve --renderer`. The New dialog
 * lists it, its tools build a yard on the Board, the Board draws its own
 * crate art (a `drawn` glyph: its sienna fill read back from the canvas),
 * and the playtest plays it through the headless session to the corner.
 *
 * Hand-worked yard (CR-1, CR-3): 4 x 4, pusher a1, crates b1 b2 b3; the
 * only way to d4 is up the a-file and along the top (6 steps).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { test as base, expect, type Page } from '@playwright/test';
import { repoRoot, startServe, stopped } from './serve-fixture.js';

const RENDERER = join(repoRoot, 'out/renderer-extra-ruleset');

const test = base.extend<{ serve: { url: string } }>({
  // eslint-disable-next-line no-empty-pattern
  serve: async ({}, use) => {
    const workspace = mkdtempSync(join(tmpdir(), 'castellan-e2e-'));
    cpSync(join(repoRoot, 'resources/levels'), workspace, { recursive: true });
    const { url, child }: { url: string; child: ChildProcess } = await startServe(workspace, ['--renderer', RENDERER]);
    await use({ url });
    const exited = stopped(child);
    child.kill('SIGTERM');
    await exited;
    rmSync(workspace, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  },
});

test.beforeAll(() => {
  test.setTimeout(300_000);
  execFileSync(
    process.execPath,
    [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'tests/e2e/extra-ruleset/vite.config.mts', '--logLevel', 'error'],
    {
      cwd: repoRoot,
      stdio: 'inherit',
    },
  );
});

async function geometry(page: Page) {
  const d = await page.getByTestId('board').evaluate((e) => ({
    h: Number((e as HTMLElement).dataset.boardHeight),
    c: Number((e as HTMLElement).dataset.cellSize),
    x: Number((e as HTMLElement).dataset.originX),
    y: Number((e as HTMLElement).dataset.originY),
  }));
  /** A point of square `sq`, (fx, fy) its fraction from the square's top-left (default the centre), board pixels. */
  return (sq: string, fx = 0.5, fy = 0.5) => ({ x: d.x + (sq.charCodeAt(0) - 97 + fx) * d.c, y: d.y + (d.h - Number(sq.slice(1)) + fy) * d.c });
}

async function clickSquare(page: Page, sq: string): Promise<void> {
  const at = await geometry(page);
  await page.getByTestId('board').click({ position: at(sq) });
}

/** The colour drawn at a board point, read from the topmost canvas that has paint there (`#rrggbb`). */
async function colourAt(page: Page, at: { x: number; y: number }): Promise<string> {
  return page.getByTestId('board').evaluate((el, p) => {
    const box = el.getBoundingClientRect();
    let found = '';
    for (const c of Array.from(el.querySelectorAll('canvas'))) {
      const r = c.getBoundingClientRect();
      const sx = c.width / r.width;
      const px = c.getContext('2d')!.getImageData(Math.floor((box.left + p.x - r.left) * sx), Math.floor((box.top + p.y - r.top) * sx), 1, 1).data;
      if (px[3]! > 0) found = `#${[px[0]!, px[1]!, px[2]!].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    }
    return found;
  }, at);
}

test('a ruleset registered by the test hook: New dialog, its tools on the Board, its own art, played to the corner', async ({ page, serve }) => {
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('btn-new').click();
  await page.getByTestId('new-ruleset-crates').click();
  await page.getByTestId('new-create').click();
  const state = page.getByTestId('board-state');
  await expect(state).toHaveText('');

  await page.getByTestId('palette-crate').click();
  for (const sq of ['b1', 'b2', 'b3']) await clickSquare(page, sq);
  await page.getByTestId('palette-pusher').click();
  await clickSquare(page, 'a1');
  await expect(state).toHaveText('P:a1 C:b1 C:b2 C:b3');

  // CR-1 the crate's own art on the Board: its fill (#a0522d) left of the brace, the floor on an empty square.
  const at = await geometry(page);
  await expect.poll(() => colourAt(page, at('b2', 0.3, 0.5))).toBe('#a0522d');
  expect(await colourAt(page, at('c2', 0.3, 0.5))).not.toBe('#a0522d');

  // CR-3 played in the playtest: the pusher walks a2 a3 a4 b4 c4 d4 and wins.
  await page.getByTestId('btn-playtest').click();
  await expect(page.getByTestId('playtest-panel')).toBeVisible();
  const walk = ['a1', 'a2', 'a3', 'a4', 'b4', 'c4', 'd4'];
  for (let k = 1; k < walk.length; k++) {
    await clickSquare(page, walk[k - 1]!);
    await clickSquare(page, walk[k]!);
    await expect(page.getByTestId('playtest-moves')).toHaveAttribute('data-moves', String(k));
  }
  await expect(page.getByTestId('playtest-status')).toHaveAttribute('data-status', 'won');
  await expect(state).toHaveText('P:d4 C:b1 C:b2 C:b3');
  await page.getByTestId('btn-exit-playtest').click();
  await expect(state).toHaveText('P:a1 C:b1 C:b2 C:b3');
});
