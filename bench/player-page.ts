/**
 * The player page's figures (the web page a pack export writes,
 * `castellan pack export --format html`): its size, the size of its code
 * (the page without its levels), and the time to open it in Chromium from
 * `file://` with the network blocked:
 * - open: wall time from `page.goto` until the level select is drawn
 *   (`[data-testid=level-select]` visible), in a fresh browser context each
 *   time (no cache, no stored progress); the browser itself is started once
 *   beforehand and not counted;
 * - ready: the page's own `performance.mark('castellan-ready')` (src-player/app.ts),
 *   milliseconds from the navigation's start.
 * Median of `runs` opens. Chromium: $CHROMIUM_PATH or /usr/bin/chromium.
 * Used by bench/packs.bench.ts (the Codex page) and bench/player-page.bench.ts.
 */
import { readFileSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { readPlayerPage } from '../src-main/services/player-page.js';

/** What `measurePlayerPage` answers (bytes, ms). */
export interface PlayerPageFigures {
  pageBytes: number;
  /** The page without its levels block (the player's script, style and skeleton). */
  codeBytes: number;
  levels: number;
  /** Median wall time to the drawn level select. */
  openMs: number;
  /** Median of the page's `castellan-ready` mark. */
  readyMs: number;
  runs: number;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Measures the page at `file` (module doc). Throws when the page does not open or is not a player page. */
export async function measurePlayerPage(file: string, runs = 5): Promise<PlayerPageFigures> {
  const html = readFileSync(file, 'utf8');
  const data = readPlayerPage(html);
  if (!data.ok) throw new Error(`${file} is not a player page: ${data.error[0]?.message}`);
  const open = html.indexOf('<script type="application/json"');
  const close = html.indexOf('</script>', open);
  const codeBytes = Buffer.byteLength(html) - Buffer.byteLength(html.slice(open, close));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const openMs: number[] = [];
  const readyMs: number[] = [];
  try {
    const url = pathToFileURL(file).href;
    for (let k = 0; k < runs + 1; k++) {
      const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
      await context.route(
        (u) => u.protocol !== 'file:' && u.protocol !== 'blob:' && u.protocol !== 'data:',
        (r) => r.abort(),
      );
      const page = await context.newPage();
      const t0 = performance.now();
      await page.goto(url);
      await page.locator('[data-testid=level-select]').waitFor({ state: 'visible' });
      const wall = performance.now() - t0;
      const ready = await page.evaluate(() => performance.getEntriesByName('castellan-ready')[0]?.startTime ?? NaN);
      await context.close();
      if (k === 0) continue; // the first open warms the browser's own start-up paths; not counted
      openMs.push(wall);
      readyMs.push(ready);
    }
  } finally {
    await browser.close();
  }
  return { pageBytes: statSync(file).size, codeBytes, levels: data.value.levels.length, openMs: median(openMs), readyMs: median(readyMs), runs };
}
