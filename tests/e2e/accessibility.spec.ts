/**
 * Accessibility of the served editor, measured with axe-core (a pinned dev
 * dependency, injected from node_modules with addScriptTag): no serious or
 * critical violation on the start screen, each ruleset's editor (Unlock the
 * King, Chess Maze, King's Valley, Locking Chess), the file dialog, the New
 * dialog, the pack manager, a playtest, a solution tree (a King's Valley
 * sample solved), and also the tab overflow menu, the command palette, the
 * shortcuts sheet and a Chess Maze playtest, in the light and in the dark
 * theme. Every violation found
 * (moderate and minor too) is printed, so a run shows what is left.
 *
 * The page's Content-Security-Policy (`script-src 'self'`) would refuse the
 * injected script: this spec's pages bypass CSP (Playwright `bypassCSP`).
 */
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { test, expect } from './serve-fixture.js';
import { pickFile } from './file-dialog.js';

test.use({ bypassCSP: true });

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface Found {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** Runs axe on the page as it is now; answers its violations (every impact). */
async function axe(page: Page): Promise<Found[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const w = window as unknown as {
      axe: {
        run(
          ctx: Document,
          o: object,
        ): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }>;
      };
    };
    const r = await w.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      nodes: v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`),
    }));
  });
}

/** Checks one screen: prints every violation, fails on serious or critical ones. */
async function check(page: Page, screen: string, seen: Map<string, string[]>): Promise<void> {
  // Let transitions and the live badge settle (colours mid-fade are not what a user reads).
  await page.waitForTimeout(400);
  const found = await axe(page);
  for (const f of found) {
    const key = `${f.impact} ${f.id}`;
    seen.set(key, [...(seen.get(key) ?? []), screen]);
  }
  // AXE_VERBOSE=1 prints every violation with its elements.
  if (process.env['AXE_VERBOSE']) console.info(`${screen}: ${JSON.stringify(found, null, 1)}`);
  const bad = found.filter((f) => f.impact === 'serious' || f.impact === 'critical');
  expect.soft(bad, `${screen}: ${JSON.stringify(bad, null, 2)}`).toEqual([]);
}

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

async function open(page: Page, path: string): Promise<void> {
  await page.getByTestId('btn-open').click();
  await pickFile(page, path);
  await expect(page.getByTestId('dialog-open')).toHaveCount(0);
  await expect(page.locator(`[data-testid=tab][data-path="${path}"]`)).toHaveAttribute('aria-selected', 'true');
}

for (const scheme of ['light', 'dark'] as const) {
  test(`axe: no serious or critical violation on any screen (${scheme} theme)`, async ({ page, serve }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme: scheme });
    await ready(page, serve.url);
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    const seen = new Map<string, string[]>();

    // The start screen: the first Unlock the King sample; a notice in the status bar.
    await expect(page.getByTestId('notice')).toBeVisible();
    await check(page, 'start screen (Unlock the King editor)', seen);

    // The tab overflow menu, open.
    await page.getByTestId('tab-menu-button').click();
    await expect(page.getByTestId('tab-menu')).toBeVisible();
    await check(page, 'tab overflow menu', seen);
    await page.keyboard.press('Escape');

    // The file dialog (Open).
    await page.getByTestId('btn-open').click();
    await expect(page.getByTestId('file-dialog')).toBeVisible();
    await check(page, 'file dialog', seen);
    await page.getByTestId('open-cancel').click();

    // The New dialog.
    await page.getByTestId('btn-new').click();
    await expect(page.getByTestId('dialog-new')).toBeVisible();
    await check(page, 'New dialog', seen);
    // Its second step: the starts and the board size of one ruleset.
    await page.getByTestId('new-ruleset-unlock-the-king').click();
    await expect(page.getByTestId('dialog-new-start')).toBeVisible();
    await check(page, 'New dialog (starts and size)', seen);
    await page.getByTestId('new-cancel').click();

    // The command palette and the shortcuts sheet.
    await page.keyboard.press('Control+k');
    await expect(page.getByTestId('command-palette')).toBeVisible();
    await check(page, 'command palette', seen);
    await page.keyboard.press('Escape');
    await page.getByTestId('board').focus();
    await page.keyboard.press('F1');
    await expect(page.getByTestId('shortcuts-sheet')).toBeVisible();
    await check(page, 'shortcuts sheet', seen);
    await page.getByTestId('shortcuts-close').click();

    // Each other ruleset's editor (and a Chess Maze playtest).
    await open(page, 'chess-maze/01-stepping-stones.level.json');
    await check(page, 'Chess Maze editor', seen);
    await page.getByTestId('board').focus();
    await page.keyboard.press('p');
    await expect(page.getByTestId('board')).toHaveAttribute('data-mode', 'playtest');
    await check(page, 'Chess Maze playtest', seen);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('board')).toHaveAttribute('data-mode', 'edit');
    await open(page, 'locking-chess/01-bishop-drop.level.json');
    await check(page, 'Locking Chess editor', seen);
    await open(page, 'kings-valley/01-backstop.level.json');
    await check(page, "King's Valley editor", seen);

    // The solution tree of the King's Valley sample.
    await page.getByTestId('btn-solve').click();
    const tree = page.getByTestId('solution-tree');
    await expect(tree).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    await check(page, "solution tree (King's Valley)", seen);

    // A playtest (Unlock the King).
    await page.locator('[data-testid=tab][data-path="unlock-the-king/01-first-steps.level.json"]').click();
    await page.getByTestId('board').focus();
    await page.keyboard.press('p');
    await expect(page.getByTestId('board')).toHaveAttribute('data-mode', 'playtest');
    await check(page, 'playtest (Unlock the King)', seen);
    await page.keyboard.press('Escape');

    // The pack manager.
    await page.getByTestId('btn-packs').click();
    await expect(page.getByTestId('pack-manager')).toBeVisible();
    await check(page, 'pack manager', seen);

    console.info(`axe ${scheme}: ${[...seen.entries()].map(([k, screens]) => `${k} (${screens.length} screens)`).join('; ') || 'no violations'}`);
  });
}
