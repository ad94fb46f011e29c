#!/usr/bin/env node
// Builds the player page's assets: the page a pack becomes with
// `castellan pack export --format html` (and Pack > Export as web page).
// - the script: src-player/main.ts bundled by esbuild into one minified
//   IIFE for current browsers (the player, the play session, the rulesets,
//   the solver and the display model of src-shared); the page runs it
//   inline and starts it again as its Web Worker from a Blob URL of the
//   same text;
// - the style sheet: src-player/player.css, minified.
// Written to out/player/player-assets.json ({script, style}), which the
// exporter (src-main/services/player-page.ts) reads and pours into the page
// with the levels and a CSP that allows exactly these two (their SHA-256).
// The build refuses a script or style that could end its element early
// (`</script`, `</style`, `<!--`) or that names a web address, so the page
// can never reach the network.
// Run by scripts/build-cli.mjs (so `npm ci`, through `prepare`, and
// `npm run build` build it) and by `npm run build:player`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Browsers the page is built for (current ones; the page uses <dialog>, Workers and Blob URLs). */
export const PLAYER_TARGETS = ['chrome110', 'firefox110', 'safari16', 'edge110'];

/** What must never appear in the inline script or style (the check above), with why. */
export const FORBIDDEN = [
  { re: /<\/script/i, why: 'would end the script element' },
  { re: /<\/style/i, why: 'would end the style element' },
  { re: /<!--/, why: 'would open an HTML comment' },
  { re: /\b(?:https?|wss?|ftp):\/\//i, why: 'names a web address' },
];

/**
 * Builds the assets from the sources under `root` (default the repository)
 * with `esbuild` (the module, default the installed one). Answers
 * `{script, style}`; throws when the build fails or a forbidden text is in
 * the output.
 */
export async function buildPlayerAssets(root = ROOT, esbuild = undefined) {
  const eb = esbuild ?? (await import('esbuild'));
  const common = { bundle: true, minify: true, write: false, legalComments: 'none', charset: 'utf8', logLevel: 'warning', absWorkingDir: root };
  const [js, css] = await Promise.all([
    eb.build({ ...common, entryPoints: [join(root, 'src-player/main.ts')], format: 'iife', platform: 'browser', target: PLAYER_TARGETS }),
    eb.build({ ...common, entryPoints: [join(root, 'src-player/player.css')], target: PLAYER_TARGETS }),
  ]);
  const script = js.outputFiles[0].text.trim();
  const style = css.outputFiles[0].text.trim();
  for (const [name, text] of [
    ['script', script],
    ['style', style],
  ]) {
    for (const f of FORBIDDEN) {
      const m = f.re.exec(text);
      if (m) throw new Error(`the player's ${name} ${f.why}: "${text.slice(Math.max(0, m.index - 40), m.index + 40)}"`);
    }
  }
  return { script, style };
}

/** Where the built assets go. */
export const PLAYER_ASSETS_FILE = join(ROOT, 'out', 'player', 'player-assets.json');

/** Builds the assets and writes them to `file` (default out/player/player-assets.json); answers the sizes. */
export async function writePlayerAssets(file = PLAYER_ASSETS_FILE, esbuild = undefined) {
  const a = await buildPlayerAssets(ROOT, esbuild);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(a));
  return { file, script: Buffer.byteLength(a.script), style: Buffer.byteLength(a.style) };
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href) {
  try {
    const r = await writePlayerAssets();
    console.log(`castellan: built the player page (script ${(r.script / 1024).toFixed(1)} KB, style ${(r.style / 1024).toFixed(1)} KB) in ${dirname(r.file)}`);
  } catch (e) {
    console.error(`castellan: the player page was not built: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
