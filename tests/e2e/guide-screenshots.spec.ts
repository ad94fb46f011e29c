/**
 * Screenshots of the user guide (docs/guide/README.md), taken from the real
 * editor on `castellan serve` so they stay current: every run rewrites
 * docs/images/guide/*.png.
 *
 * To add a shot: append an entry to SHOTS (a name and the steps that bring
 * the editor into the state to show); the test writes
 * docs/images/guide/<name>.png. Each shot starts from a fresh page on its
 * own workspace copy.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, repoRoot, type ServeHost } from './serve-fixture.js';
import { pickFile } from './file-dialog.js';

const OUT = join(repoRoot, 'docs/images/guide');

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

/** Opens a workspace-relative level through the Open dialog. */
async function openLevel(page: Page, path: string): Promise<void> {
  await page.getByTestId('btn-open').click();
  await pickFile(page, path);
  await expect(page.getByTestId('dialog-open')).toHaveCount(0);
  await expect(page.getByTestId('file-name')).toHaveText(path.split('/').pop()!);
}

/** Solves the open level and waits for the proof. */
async function solve(page: Page): Promise<void> {
  await page.getByTestId('btn-solve').click();
  await expect(page.getByTestId('solve-status')).toHaveAttribute('data-status', 'solved', { timeout: 60_000 });
}

interface Shot {
  /** File name without .png. */
  name: string;
  /** Brings the editor (already loaded, first sample open) into the state to show. */
  setup(page: Page, serve: ServeHost): Promise<void>;
  /** Clip to an element instead of the whole window. */
  element?: string;
}

export const SHOTS: Shot[] = [
  { name: 'unlock-the-king', setup: async () => {} },
  { name: 'chess-maze', setup: (p) => openLevel(p, 'chess-maze/05-red-key.level.json') },
  { name: 'kings-valley', setup: (p) => openLevel(p, 'kings-valley/01-backstop.level.json') },
  { name: 'locking-chess', setup: (p) => openLevel(p, 'locking-chess/01-bishop-drop.level.json') },
  {
    name: 'solve-panel',
    setup: async (p) => {
      await openLevel(p, 'unlock-the-king/02-open-court.level.json');
      await solve(p);
      await p.getByTestId('step-next').click();
      await p.getByTestId('step-next').click();
    },
  },
  {
    name: 'playtest',
    setup: async (p) => {
      await p.getByTestId('btn-playtest').click();
      await expect(p.getByTestId('playtest-panel')).toBeVisible();
    },
  },
  {
    name: 'open-dialog',
    setup: async (p) => {
      await openLevel(p, 'chess-maze/01-stepping-stones.level.json');
      await p.getByTestId('btn-open').click();
      await expect(p.getByTestId('recent-files')).toBeVisible();
    },
  },
  {
    name: 'new-dialog',
    setup: async (p) => {
      // The second step: what a new blueprint starts from, and its board size.
      await p.getByTestId('btn-new').click();
      await p.getByTestId('new-ruleset-unlock-the-king').click();
      await expect(p.getByTestId('dialog-new-start')).toBeVisible();
    },
  },
  {
    name: 'menu-bar',
    setup: async (p) => {
      await p.getByTestId('menu-level').click();
      await expect(p.getByRole('menu', { name: 'Level' })).toBeVisible();
    },
  },
  {
    name: 'command-palette',
    setup: async (p) => {
      await p.keyboard.press('Control+K');
      await expect(p.getByTestId('command-palette')).toBeVisible();
      await p.getByTestId('cmdk-input').fill('rot');
    },
  },
  {
    name: 'shortcuts-sheet',
    setup: async (p) => {
      await openLevel(p, 'chess-maze/05-red-key.level.json');
      await p.keyboard.press('F1');
      await expect(p.getByTestId('shortcuts-sheet')).toBeVisible();
    },
  },
  {
    name: 'pack-manager',
    setup: async (p, serve) => {
      cpSync(join(repoRoot, 'resources/packs/citadel-codex'), join(serve.workspace, 'packs/codex'), { recursive: true });
      await p.reload();
      await expect(p.getByTestId('app')).toHaveAttribute('data-ready', 'true');
      await p.getByTestId('btn-packs').click();
      await p.getByTestId('pack-view-list').click();
      await p.getByTestId('pack-select').selectOption('packs/codex');
      await p.getByTestId('pack-open').click();
      await expect(p.getByTestId('pack-row')).toHaveCount(50);
    },
  },
  {
    name: 'pack-grid',
    setup: async (p, serve) => {
      cpSync(join(repoRoot, 'resources/packs/citadel-codex'), join(serve.workspace, 'packs/codex'), { recursive: true });
      await p.reload();
      await expect(p.getByTestId('app')).toHaveAttribute('data-ready', 'true');
      await p.getByTestId('btn-packs').click();
      await p.getByTestId('pack-view-grid').click();
      await p.getByTestId('pack-select').selectOption('packs/codex');
      await p.getByTestId('pack-open').click();
      await expect(p.getByTestId('pack-tile')).toHaveCount(50);
    },
  },
  {
    name: 'explorer',
    setup: async (p) => {
      await openLevel(p, 'chess-maze/05-red-key.level.json');
      await p.keyboard.press('Control+b');
      await expect(p.getByTestId('explorer')).toBeVisible();
      await expect(p.getByTestId('explorer-item').first()).toBeVisible();
    },
  },
  {
    name: 'save-as-dialog',
    setup: async (p) => {
      await p.getByTestId('btn-new').click();
      await p.getByTestId('new-ruleset-chess-maze').click();
      await p.getByTestId('new-create').click();
      await p.getByTestId('btn-save-as').click();
      await expect(p.getByTestId('dialog-save-as')).toBeVisible();
      await p.getByTestId('file-new-folder').click();
      await p.getByTestId('file-new-folder-name').fill('my-levels');
    },
  },
];

for (const shot of SHOTS) {
  test(`guide screenshot: ${shot.name}`, async ({ page, serve }) => {
    await ready(page, serve.url);
    await shot.setup(page, serve);
    // Let the canvas and transitions settle.
    await page.waitForTimeout(300);
    const path = join(OUT, `${shot.name}.png`);
    if (shot.element) await page.locator(shot.element).screenshot({ path });
    else await page.screenshot({ path });
  });
}
