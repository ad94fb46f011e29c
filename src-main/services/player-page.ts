/**
 * The player page of a pack (`castellan pack export --format html`, Pack >
 * Export as web page): ONE self-contained HTML file a player opens from
 * disk in a current browser. Everything is inside it: the player's script
 * and style sheet (built from src-player/ by scripts/build-player.mjs into
 * out/player/player-assets.json), the art (drawn by the script from the
 * shared display model), and the levels as JSON data
 * (src-shared/player/page-data.ts) in a `<script type="application/json">`
 * block. A Content-Security-Policy in a meta tag allows exactly that script
 * and style sheet (by their SHA-256), pictures only from `data:` (the icon),
 * workers only from `blob:` (the page's hint and engine workers, started
 * from its own script), and nothing else: no network request of any kind
 * (`default-src 'none'`, `connect-src` included), no plugin, no form.
 *
 * The assets: read from out/player/ beside the built command line (two
 * folders up from this module, as the CLI bundle, `castellan serve` and
 * the Electron bundle all sit); when this module runs from its TypeScript
 * source (the unit tests, `CASTELLAN_FROM_SOURCE`), built afresh from
 * src-player/ with esbuild (a dev dependency), once per process.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { castellanVersion } from './version.js';
import { readPlayerPageData, scriptJson, type PlayerPageData } from '../../src-shared/player/page-data.js';
import type { Issue, Result } from '../../src-shared/validation/issue.js';
import { issue } from '../../src-shared/validation/issue.js';

/** The built script and style sheet of the page. */
export interface PlayerAssets {
  script: string;
  style: string;
}

/** Ids of the page's parts (src-player/app.ts `PAGE_IDS` reads them). */
export const PLAYER_PAGE_IDS = { app: 'app', levels: 'castellan-levels', script: 'castellan-player' } as const;

let cached: Promise<PlayerAssets> | null = null;

function isAssets(v: unknown): v is PlayerAssets {
  const a = v as Partial<PlayerAssets> | null;
  return typeof a === 'object' && a !== null && typeof a.script === 'string' && typeof a.style === 'string' && a.script.length > 0;
}

async function readBuilt(): Promise<PlayerAssets> {
  const rel = '../../out/player/player-assets.json'; // a variable, so bundlers leave the lookup alone
  const url = new URL(rel, import.meta.url);
  let text: string;
  try {
    text = await readFile(url, 'utf8');
  } catch {
    throw new Error('the player page is not built (out/player/player-assets.json is missing): run `npm run build` or `npm run build:player`');
  }
  const v: unknown = JSON.parse(text);
  if (!isAssets(v)) throw new Error('out/player/player-assets.json is not the player page’s build: run `npm run build:player`');
  return v;
}

async function buildFromSource(): Promise<PlayerAssets> {
  const rel = '../../scripts/build-player.mjs'; // a variable: only the sources take this path, never a bundle
  const mod = (await import(new URL(rel, import.meta.url).href)) as { buildPlayerAssets(): Promise<PlayerAssets> };
  return mod.buildPlayerAssets();
}

/**
 * The page's script and style sheet (module doc), read or built once per
 * process. Rejects with a readable message when there is no build.
 */
export function loadPlayerAssets(): Promise<PlayerAssets> {
  cached ??= (import.meta.url.endsWith('.ts') ? buildFromSource() : readBuilt()).catch((e: unknown) => {
    cached = null;
    throw e;
  });
  return cached;
}

/** `'sha256-<base64>'` of `text` (UTF-8): a CSP hash source. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The page's Content-Security-Policy (module doc): the script and the
 * style sheet by hash, `img-src data:`, `worker-src blob:`, nothing else.
 */
export function playerCsp(assets: PlayerAssets): string {
  return [
    "default-src 'none'",
    `script-src ${cspHash(assets.script)}`,
    `style-src ${cspHash(assets.style)}`,
    'img-src data:',
    'worker-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

const escHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The whole page for `data` (module doc), UTF-8 text. The levels' JSON is
 * escaped for a script element (`scriptJson`); the title is escaped for
 * HTML. Pure apart from the version in the `generator` meta tag.
 */
export function playerPageHtml(assets: PlayerAssets, data: PlayerPageData): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escHtml(playerCsp(assets))}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<meta name="generator" content="Castellan ${escHtml(castellanVersion())}">`,
    '<link rel="icon" href="data:,">',
    `<title>${escHtml(data.title)}</title>`,
    `<style>${assets.style}</style>`,
    '</head>',
    '<body>',
    '<noscript>This page plays its levels with JavaScript: please allow scripts for this file.</noscript>',
    `<main id="${PLAYER_PAGE_IDS.app}"></main>`,
    `<script type="application/json" id="${PLAYER_PAGE_IDS.levels}">${scriptJson(data)}</script>`,
    `<script id="${PLAYER_PAGE_IDS.script}">${assets.script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Bytes of the page without its levels: the page of `data` with an empty level list (the "page's code" of the budget). */
export function playerCodeBytes(assets: PlayerAssets, data: PlayerPageData): number {
  return Buffer.byteLength(playerPageHtml(assets, { ...data, levels: [] }), 'utf8');
}

/**
 * The embedded data of a player page's HTML text, read back (the
 * exporter's check of what it wrote, the tests): the JSON block parsed and
 * checked (`readPlayerPageData`). Errors: `player-page` when the block is
 * missing or not JSON, else the data's own.
 */
export function readPlayerPage(html: string): Result<PlayerPageData, Issue[]> {
  const open = `<script type="application/json" id="${PLAYER_PAGE_IDS.levels}">`;
  const at = html.indexOf(open);
  const end = at < 0 ? -1 : html.indexOf('</script>', at + open.length);
  if (at < 0 || end < 0) return { ok: false, error: [issue('error', 'player-page', 'The page holds no levels block.')] };
  let value: unknown;
  try {
    value = JSON.parse(html.slice(at + open.length, end));
  } catch (e) {
    return { ok: false, error: [issue('error', 'player-page', `The page's levels are not JSON: ${e instanceof Error ? e.message : String(e)}`)] };
  }
  return readPlayerPageData(value);
}
