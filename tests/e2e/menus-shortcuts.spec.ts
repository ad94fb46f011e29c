/**
 * Menus, command palette, shortcuts, themes and accessibility against `castellan serve` (the in-app menu bar: serve's
 * `menuSet` answers native: false).
 *
 * Expected values come from the issue text: Edit > Undo undoes the last
 * edit, File > New opens the ruleset choice, B brush / E erase / R
 * rectangle / F fill / V select / P playtest, the chess pieces on 1..6,
 * System / Light / Dark themes with the OS preference, no horizontal
 * overflow at 200% zoom (a 1280 x 720 window at 200% is 640 x 360 CSS px).
 */
import type { Page } from '@playwright/test';
import { test, expect } from './serve-fixture.js';

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

async function clickSquare(page: Page, sq: string): Promise<void> {
  const d = await page.getByTestId('board').evaluate((e) => ({
    h: Number((e as HTMLElement).dataset.boardHeight),
    c: Number((e as HTMLElement).dataset.cellSize),
    x: Number((e as HTMLElement).dataset.originX),
    y: Number((e as HTMLElement).dataset.originY),
  }));
  await page.getByTestId('board').click({ position: { x: d.x + (sq.charCodeAt(0) - 97 + 0.5) * d.c, y: d.y + (d.h - Number(sq.slice(1)) + 0.5) * d.c } });
}

/** Every key of the open shortcuts sheet (generated from the live action registry), lower-cased. */
async function sheetKeys(page: Page): Promise<string[]> {
  const all = await page.locator('[data-testid^="shortcut-"][data-keys]').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.keys ?? ''));
  return all
    .flatMap((k) => k.split(' '))
    .filter(Boolean)
    .map((k) => k.toLowerCase());
}

function duplicates(keys: string[]): string[] {
  return keys.filter((k, i) => keys.indexOf(k) !== i);
}

/** True when focus is inside the element with this test id. */
function focusInside(page: Page, testId: string): Promise<boolean> {
  return page.evaluate((id) => !!document.querySelector(`[data-testid="${id}"]`)?.contains(document.activeElement), testId);
}

test('menus: Edit > Undo undoes an edit, File > New opens the ruleset choice; ARIA menubar keyboard navigation', async ({ page, serve }) => {
  await ready(page, serve.url);
  const bar = page.getByRole('menubar');
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('menuitem')).toHaveText(['File', 'Edit', 'View', 'Level', 'Pack', 'Help']);
  await expect(page.getByTestId('menu-file')).toHaveAttribute('aria-haspopup', 'menu');
  // Pack > Packs… opens the pack manager (the same action as its toolbar button and Mod+Shift+K).
  await page.getByTestId('menu-pack').click();
  await page.getByTestId('menuitem-pack-manager').click();
  await expect(page.getByTestId('pack-manager')).toBeVisible();
  await page.getByTestId('pack-close').click();
  await expect(page.getByTestId('pack-manager')).toBeHidden();

  // An edit, then Edit > Undo by mouse.
  const title = page.getByTestId('meta-title');
  await expect(title).toHaveValue('First Steps');
  await title.fill('Renamed by the test');
  await expect(page.getByTestId('app')).toHaveAttribute('data-dirty', 'true');
  await page.getByTestId('menu-edit').click();
  const popup = page.getByRole('menu', { name: 'Edit' });
  await expect(popup).toBeVisible();
  await expect(page.getByTestId('menuitem-undo')).toHaveAttribute('data-enabled', 'true');
  await expect(page.getByTestId('menuitem-redo')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('menuitem-undo')).toContainText('Ctrl+Z');
  await page.getByTestId('menuitem-undo').click();
  await expect(popup).toBeHidden();
  await expect(title).toHaveValue('First Steps');
  // Redo is enabled now, and runs from the menu too.
  await page.getByTestId('menu-edit').click();
  await expect(page.getByTestId('menuitem-redo')).toHaveAttribute('aria-disabled', 'false');
  await page.getByTestId('menuitem-redo').click();
  await expect(title).toHaveValue('Renamed by the test');
  // A disabled item does nothing: Redo again (nothing left to redo).
  await page.getByTestId('menu-edit').click();
  await page.getByTestId('menuitem-redo').click({ force: true });
  await expect(title).toHaveValue('Renamed by the test');
  await expect(page.getByRole('menu', { name: 'Edit' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Keyboard: F10 focuses File, → Edit, ↓ opens it on Undo, Enter runs Undo.
  await page.getByTestId('board').focus();
  await page.keyboard.press('F10');
  await expect(page.getByTestId('menu-file')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('menu-edit')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('menuitem-undo')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(title).toHaveValue('First Steps');
  // Focus went back to the board.
  await expect(page.getByTestId('board')).toBeFocused();
  // Alt alone focuses the bar; Esc leaves it, back to the board.
  await page.keyboard.press('Alt');
  await expect(page.getByTestId('menu-file')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menu', { name: 'File' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu', { name: 'File' })).toBeHidden();
  await expect(page.getByTestId('menu-file')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('board')).toBeFocused();
  // Type-ahead: F10, "h" jumps to Help, Enter opens it, "k" picks Keyboard Shortcuts.
  await page.keyboard.press('F10');
  await page.keyboard.press('h');
  await expect(page.getByTestId('menu-help')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('k');
  await expect(page.getByTestId('menuitem-shortcuts')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shortcuts-sheet')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('shortcuts-sheet')).toBeHidden();

  // File > New... opens the ruleset choice; the dialog keeps Tab inside (focus trap); Esc closes it.
  await page.getByTestId('menu-file').click();
  await page.getByTestId('menuitem-new').click();
  await expect(page.getByTestId('dialog-new')).toBeVisible();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(page, 'dialog-new'), `Tab ${i + 1}`).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await focusInside(page, 'dialog-new')).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('dialog-new')).toBeHidden();
});

test('command palette: fuzzy search, shortcuts shown, Enter runs, disabled commands do not run', async ({ page, serve }) => {
  await ready(page, serve.url);
  await page.keyboard.press('Control+Shift+P');
  const palette = page.getByTestId('command-palette');
  await expect(palette).toBeVisible();
  const input = page.getByRole('combobox', { name: 'Type a command' });
  await expect(input).toBeFocused();
  await expect(page.getByRole('listbox', { name: 'Commands' })).toBeVisible();

  // "sva" (scattered letters) finds Save As with its shortcut.
  await input.fill('sva');
  await expect(page.getByTestId('cmdk-item-save-as')).toBeVisible();
  await expect(page.getByTestId('cmdk-item-save-as')).toContainText('Ctrl+Shift+S');
  await expect(page.getByTestId('cmdk-item-undo')).toHaveCount(0);

  // Redo is listed but greyed (nothing to redo): Enter leaves the palette open.
  await input.fill('redo');
  const redo = page.getByRole('option').first();
  await expect(redo).toHaveAttribute('data-testid', 'cmdk-item-redo');
  await expect(redo).toHaveAttribute('aria-disabled', 'true');
  await expect(redo).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette).toBeVisible();

  // Esc closes; Ctrl+K opens it again; "new" + Enter runs File > New.
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await page.keyboard.type('new');
  await expect(page.getByRole('option').first()).toHaveAttribute('data-testid', 'cmdk-item-new');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page.getByTestId('dialog-new')).toBeVisible();
  await page.keyboard.press('Escape');

  // ↓ picks the next entry: the second "theme" entry is Theme: Light (System, Light, Dark).
  await page.keyboard.press('Control+k');
  await page.keyboard.type('theme');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('cmdk-item-theme-light')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // The palette marks the current theme.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('theme');
  await expect(page.getByTestId('cmdk-item-theme-light')).toHaveAttribute('data-checked', 'true');
  await expect(page.getByTestId('cmdk-item-theme-system')).toHaveAttribute('data-checked', 'false');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('command-palette')).toBeHidden();
});

test('shortcuts sheet (? / F1) lists the tool keys of the ruleset; B E R F V switch tools and P playtests a Chess Maze', async ({ page, serve }) => {
  await ready(page, serve.url);
  await page.getByTestId('board').focus();
  await page.keyboard.press('?');
  const sheet = page.getByTestId('shortcuts-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('Tools for Unlock the King');
  // Unlock the King: pieces on the digits, V select, E erase, P playtest.
  await expect(page.getByTestId('shortcut-tool-king')).toHaveAttribute('data-keys', '1');
  await expect(page.getByTestId('shortcut-tool-pawn')).toHaveAttribute('data-keys', '6');
  await expect(page.getByTestId('shortcut-tool-select')).toHaveAttribute('data-keys', 'V');
  await expect(page.getByTestId('shortcut-tool-erase')).toHaveAttribute('data-keys', 'E');
  await expect(page.getByTestId('shortcut-playtest')).toHaveAttribute('data-keys', /^P\b/);
  await expect(page.getByTestId('shortcut-undo')).toHaveAttribute('data-keys', 'Mod+Z');
  // Only this ruleset's tools: Unlock the King paints walls with the terrain tools (B R F) but has no finish tile.
  await expect(page.getByTestId('shortcut-tool-finish')).toHaveCount(0);
  // No key does two things (the sheet is the live registry).
  const ukKeys = await sheetKeys(page);
  expect(ukKeys.length).toBeGreaterThan(20);
  expect(duplicates(ukKeys)).toEqual([]);
  // Focus stays in the sheet; Esc closes it.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(page, 'shortcuts-sheet')).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // A new Chess Maze.
  await page.getByTestId('menu-file').click();
  await page.getByTestId('menuitem-new').click();
  await page.getByTestId('new-ruleset-chess-maze').click();
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ruleset', 'chess-maze');

  await page.getByTestId('board').focus();
  await page.keyboard.press('F1');
  await expect(sheet).toContainText('Tools for Chess Maze');
  for (const [tool, key] of [
    ['brush', 'B'],
    ['erase', 'E'],
    ['rect', 'R'],
    ['fill', 'F'],
    ['select', 'V'],
    ['king', '1'],
    ['finish', 'G'],
  ]) {
    await expect(page.getByTestId(`shortcut-tool-${tool}`)).toHaveAttribute('data-keys', key!);
  }
  expect(duplicates(await sheetKeys(page))).toEqual([]);
  await page.keyboard.press('Escape');

  const board = page.getByTestId('board');
  await board.focus();
  for (const [key, tool] of [
    ['b', 'brush'],
    ['e', 'erase'],
    ['r', 'rect'],
    ['f', 'fill'],
    ['v', 'select'],
    ['1', 'king'],
    ['g', 'finish'],
  ]) {
    await page.keyboard.press(key!);
    await expect(board, `key ${key}`).toHaveAttribute('data-tool', tool!);
  }
  // Build the smallest playable maze with the keys: a player king (1) on a1, the finish (G) on c3.
  await page.keyboard.press('1');
  await clickSquare(page, 'a1');
  await page.keyboard.press('g');
  await clickSquare(page, 'c3');
  await expect(page.getByTestId('board-state')).toHaveText('K:a1 finish:c3');
  await board.focus();
  await page.keyboard.press('p');
  await expect(page.getByTestId('playtest-panel')).toBeVisible();
});

test('themes: System follows the OS, View > Theme overrides it (persisted); the board frame follows', async ({ page, serve }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await ready(page, serve.url);
  const html = page.locator('html');
  const scheme = (): Promise<string> => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
  /** Luminance (0..1) of the page background (app.css: `:root { background: var(--bg) }`). */
  const bgLuma = (): Promise<number> =>
    page.evaluate(() => {
      const n = /rgba?\((\d+), (\d+), (\d+)/.exec(getComputedStyle(document.documentElement).backgroundColor)!;
      return (Number(n[1]) * 0.2126 + Number(n[2]) * 0.7152 + Number(n[3]) * 0.0722) / 255;
    });
  /** The board frame pixel just outside a1's bottom-left corner. */
  const framePixel = (): Promise<number[]> =>
    page.getByTestId('board').evaluate((el) => {
      const d = (el as HTMLElement).dataset;
      const c = el.querySelector('canvas')!;
      const ratio = c.width / c.getBoundingClientRect().width;
      const x = Math.round((Number(d.originX) - 3) * ratio);
      const y = Math.round((Number(d.originY) - 3) * ratio);
      return [...c.getContext('2d')!.getImageData(x, y, 1, 1).data].slice(0, 3);
    });

  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await scheme()).toBe('dark');
  expect(await bgLuma()).toBeLessThan(0.25);
  const darkFrame = await framePixel();
  expect(darkFrame).toEqual([0x2a, 0x26, 0x22]);

  await page.getByTestId('menu-view').click();
  await expect(page.getByTestId('menuitem-theme-system')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('menuitem-theme-system')).toHaveAttribute('role', 'menuitemradio');
  await page.getByTestId('menuitem-theme-light').click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await scheme()).toBe('light');
  expect(await bgLuma()).toBeGreaterThan(0.75);
  await expect.poll(framePixel).toEqual([0x5a, 0x46, 0x32]);

  // Persisted: a reload keeps Light although the OS says dark.
  await page.reload();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('menu-view').click();
  await expect(page.getByTestId('menuitem-theme-light')).toHaveAttribute('aria-checked', 'true');

  // Back to System: follows the OS, live.
  await page.getByTestId('menuitem-theme-system').click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

test('accessibility: labelled landmarks and panels; usable at 200% zoom without horizontal overflow', async ({ page, serve }) => {
  await ready(page, serve.url);
  await expect(page.getByRole('navigation', { name: 'Palette' })).toBeVisible();
  await expect(page.getByRole('main', { name: 'Board' })).toBeVisible();
  await expect(page.getByRole('application', { name: /board/i })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Solver' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Inspector' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Validation' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Inspector and validation' })).toBeVisible();
  await expect(page.getByRole('contentinfo', { name: 'Status bar' })).toBeVisible();
  await expect(page.getByRole('menubar', { name: 'Application menu' })).toBeVisible();

  // A visible focus ring on keyboard focus.
  await page.getByTestId('board').focus();
  await page.keyboard.press('F10');
  const outline = await page.getByTestId('menu-file').evaluate((e) => getComputedStyle(e).outlineStyle);
  expect(outline).toBe('solid');
  await page.keyboard.press('Escape');

  // 200% zoom of 1280 x 720 and of 1400 x 900.
  for (const vp of [
    { width: 640, height: 360 },
    { width: 700, height: 450 },
  ]) {
    await page.setViewportSize(vp);
    const o = await page.evaluate(() => ({
      doc: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
      w: document.documentElement.clientWidth,
    }));
    expect(o.doc, `${vp.width}px`).toBeLessThanOrEqual(o.w);
    expect(o.body, `${vp.width}px`).toBeLessThanOrEqual(o.w);
    for (const id of ['menubar', 'board', 'inspector', 'btn-solve']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.x + box.width, `${id} at ${vp.width}px`).toBeLessThanOrEqual(vp.width + 0.5);
      expect(box.width, `${id} at ${vp.width}px`).toBeGreaterThan(0);
    }
    // The board keeps a usable size (at least 240 px square area for the squares).
    const cell = Number(await page.getByTestId('board').getAttribute('data-cell-size'));
    expect(cell * 8, `${vp.width}px`).toBeGreaterThanOrEqual(200);
    // Menus still open and fit.
    await page.getByTestId('menu-help').click();
    const pop = (await page.getByTestId('menu-help-popup').boundingBox())!;
    expect(pop.x + pop.width).toBeLessThanOrEqual(vp.width + 0.5);
    await page.keyboard.press('Escape');
  }
});

test('native menu clicks (host events) run the same actions; serve answers menuSet native:false so the in-app bar stays', async ({ page, serve }) => {
  // What the Electron preload exposes as window.castellanEvents (src-shared/host/menu.ts HostEvents).
  await page.addInitScript(() => {
    const w = window as unknown as { castellanEvents: unknown; __menuAction?: (id: string) => void; __subscribed?: number };
    w.__subscribed = 0;
    w.castellanEvents = {
      onMenuAction(cb: (id: string) => void) {
        w.__menuAction = cb;
        w.__subscribed!++;
        return () => undefined;
      },
      onOpenFile() {
        return () => undefined;
      },
    };
  });
  await ready(page, serve.url);
  expect(await page.evaluate(() => (window as unknown as { __subscribed: number }).__subscribed)).toBe(1);
  // serve has no native menu: the in-app menu bar is drawn once the host answered.
  await expect(page.getByRole('menubar')).toBeVisible();
  await page.evaluate(() => (window as unknown as { __menuAction: (id: string) => void }).__menuAction('shortcuts'));
  await expect(page.getByTestId('shortcuts-sheet')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.evaluate(() => (window as unknown as { __menuAction: (id: string) => void }).__menuAction('theme-dark'));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // Edit > Undo from the native menu undoes an edit.
  await page.getByTestId('meta-title').fill('Edited');
  await page.getByTestId('board').focus();
  await page.evaluate(() => (window as unknown as { __menuAction: (id: string) => void }).__menuAction('undo'));
  await expect(page.getByTestId('meta-title')).toHaveValue('First Steps');
});
