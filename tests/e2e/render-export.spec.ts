/**
 * A Chess Maze diagram exported to PNG through the UI shows the editor's
 * artwork (the one display model): open a level with a finish flag, a
 * transform tile (knight or queen, CM-10) and other tiles, render it from
 * the pack manager ("Render to … .png"), decode the PNG in the page and read
 * its pixels where the known layout puts them.
 *
 * The level, 4 x 3 (a1 bottom-left):
 *   3  F  T  .  .      F finish a3, T transform b3 (knight, queen)
 *   2  k  L  P  .      k red key a2, L red lock b2, P green plate c2
 *   1  N  c  g  W      N player knight a1, c coin b1, g gem c1, W letter d1
 *
 * Layout, by hand from the render options (the host renders with squares of
 * 56 px and rasterises at 2x): margin round(56 x 0.45) = 25, header
 * round(56 x 1.3) = 73, so the top-left square a3 starts at (25, 25 + 73) =
 * (25, 98) SVG px = (50, 196) PNG px, one square = 112 PNG px, and an art
 * point (u, v) of a square's 100 x 100 box lies at its top-left + 1.12 (u, v).
 * Flag art (CM-11): black checks at (30..43, 14..26), (56..69, 14..26),
 * (43..56, 26..38), (69..82, 26..38), white ones beside them. Transform
 * badge: a dark purple (#3b0a4d) pill (16..84, 72..94) with the types "NQ"
 * in light text. Under the board labels (file labels end at 98 + 3 x 56 +
 * 12 + 3 = 281 SVG px) come the level's objectives in words, then the
 * legend, whose first icon's backing (#ded3bb) is the first such pixel down
 * the column x = 25 + 3.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { ChessMazeLevel } from '../../src-shared/model/level.js';
import { expect, repoRoot, test } from './serve-fixture.js';
import { pickFile } from './file-dialog.js';

const LEVEL: ChessMazeLevel = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'chess-maze',
  meta: { title: 'Render me' },
  board: { width: 4, height: 3 },
  pieces: [{ role: 'knight', square: 'a1', side: 'player' }],
  tiles: [
    { kind: 'finish', square: 'a3' },
    { kind: 'transform', square: 'b3', allowed: ['knight', 'queen'] },
    { kind: 'key', square: 'a2', color: 'red' },
    { kind: 'lock', square: 'b2', color: 'red' },
    { kind: 'plate', square: 'c2', color: 'green' },
    { kind: 'coin', square: 'b1' },
    { kind: 'gem', square: 'c1' },
    { kind: 'letter', square: 'd1', letter: 'W' },
  ],
};

const SCALE = 2;
const X0 = 25 * SCALE;
const Y0 = 98 * SCALE;
const CELL = 56 * SCALE;

/** PNG px of art point (u, v) in the square at column `col`, row `row` (0 = top). */
const at = (col: number, row: number, u: number, v: number): [number, number] => [
  Math.round(X0 + col * CELL + (u * CELL) / 100),
  Math.round(Y0 + row * CELL + (v * CELL) / 100),
];

type Rgb = [number, number, number];

/** Decodes the PNG in the page; answers its size and the RGB of each point, and of each pixel of each rectangle. */
async function readPng(
  page: Page,
  png: Buffer,
  points: [number, number][],
  rects: [number, number, number, number][],
): Promise<{ w: number; h: number; points: Rgb[]; rects: Rgb[][] }> {
  return page.evaluate(
    async ({ b64, points, rects }) => {
      // Decoded from the bytes (the app's CSP refuses to fetch a data: URL).
      const blob = new Blob([Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0))], { type: 'image/png' });
      const bmp = await createImageBitmap(blob);
      const c = new OffscreenCanvas(bmp.width, bmp.height);
      const ctx = c.getContext('2d')!;
      ctx.drawImage(bmp, 0, 0);
      const px = (x: number, y: number): [number, number, number] => {
        const d = ctx.getImageData(x, y, 1, 1).data;
        return [d[0]!, d[1]!, d[2]!];
      };
      const area = ([x, y, w, h]: number[]): [number, number, number][] => {
        const d = ctx.getImageData(x!, y!, w!, h!).data;
        const out: [number, number, number][] = [];
        for (let i = 0; i < d.length; i += 4) out.push([d[i]!, d[i + 1]!, d[i + 2]!]);
        return out;
      };
      return { w: bmp.width, h: bmp.height, points: points.map(([x, y]) => px(x, y)), rects: rects.map(area) };
    },
    { b64: png.toString('base64'), points, rects },
  );
}

const dark = ([r, g, b]: Rgb): boolean => r < 70 && g < 70 && b < 70;
const white = ([r, g, b]: Rgb): boolean => r > 225 && g > 225 && b > 225;
const purple = ([r, g, b]: Rgb): boolean => Math.abs(r - 0x3b) < 24 && g < 40 && Math.abs(b - 0x4d) < 24;
const light = ([r, g, b]: Rgb): boolean => r > 200 && g > 170 && b > 200;

test('a Chess Maze level rendered to PNG shows the flag checks, the transform types badge and a legend', async ({ page, serve }) => {
  writeFileSync(join(serve.workspace, 'chess-maze', 'render-me.level.json'), JSON.stringify(LEVEL, null, 2) + '\n');
  await page.goto(serve.url);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('btn-open').click();
  await pickFile(page, 'chess-maze/render-me.level.json');
  await expect(page.getByTestId('file-name')).toHaveText('render-me.level.json');
  await expect(page.getByTestId('board-state')).toHaveText('N:a1 coin:b1 finish:a3 gem:c1 key:red:a2 letter:W:d1 lock:red:b2 plate:green:c2 transform:NQ:b3');

  await page.getByTestId('btn-packs').click();
  await page.getByTestId('render-out').fill('render-me.png');
  await page.getByTestId('render-level').click();
  await expect(page.getByTestId('pack-message')).toContainText('Wrote render-me.png');
  const png = readFileSync(join(serve.workspace, 'render-me.png'));
  mkdirSync(join(repoRoot, 'test-results', 'screens'), { recursive: true });
  writeFileSync(join(repoRoot, 'test-results', 'screens', 'render-export.png'), png);

  const blackChecks = [at(0, 0, 36.5, 20), at(0, 0, 62.5, 20), at(0, 0, 49.5, 32), at(0, 0, 75.5, 32)];
  const whiteChecks = [at(0, 0, 49.5, 20), at(0, 0, 75.5, 20), at(0, 0, 36.5, 32), at(0, 0, 62.5, 32)];
  const [bx, by] = at(1, 0, 18, 74);
  const [ex, ey] = at(1, 0, 82, 92);
  // The column under the board at the legend icons' left edge (+3), from the labels' bottom down (past the picture: transparent).
  const legendColumn: [number, number, number, number] = [(25 + 3) * SCALE, 282 * SCALE, 1, 400 * SCALE];
  const r = await readPng(page, png, [...blackChecks, ...whiteChecks], [[bx, by, ex - bx, ey - by], legendColumn]);

  // The board and the legend fit: 4 squares wide at least, and taller than the board plus its labels.
  expect(r.w).toBeGreaterThanOrEqual(X0 + 4 * CELL);
  expect(r.h).toBeGreaterThan(300 * SCALE + 28 * SCALE);
  // CM-11: the flag's black and white checks where the flag art puts them.
  for (const p of r.points.slice(0, 4)) expect(dark(p), `black check ${p}`).toBe(true);
  for (const p of r.points.slice(4, 8)) expect(white(p), `white check ${p}`).toBe(true);
  // CM-10: the transform tile's badge, dark purple, with light text (its types).
  const badge = r.rects[0]!;
  expect(badge.filter(purple).length / badge.length).toBeGreaterThan(0.45);
  expect(badge.filter(light).length).toBeGreaterThan(40);
  // The legend: its first icon's backing, under the board.
  const backing = ([lr, lg, lb]: Rgb): boolean => [Math.abs(lr - 0xde), Math.abs(lg - 0xd3), Math.abs(lb - 0xbb)].every((d) => d < 12);
  expect(r.rects[1]!.some(backing), 'legend backing under the board').toBe(true);
  // Lower than right under the labels (300 SVG px without text): the objectives' lines come first.
  expect(r.rects[1]!.findIndex(backing)).toBeGreaterThan((300 + 3 - 282) * SCALE);
});
