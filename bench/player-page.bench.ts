/**
 * Player page benchmark: `npm run bench:player` (options after `--`):
 *   --runs N     opens measured (default 5; median shown)
 *   --pack DIR   the pack (default the Citadel Codex, resources/packs/citadel-codex)
 * Exports the pack as a web page with the built command line
 * (`castellan pack export --format html`; run `npm run build` first) into a
 * temp folder, then prints the page's size, its code's size (target < 400
 * KB) and the time to open it in Chromium (target < 1 s): bench/player-page.ts.
 * Prints the machine's load average. Not a test: it asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { measurePlayerPage } from './player-page.js';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const runs = Math.max(1, Math.floor(Number(opt('--runs') ?? 5)) || 5);
const pack = resolve(opt('--pack') ?? join(ROOT, 'resources/packs/citadel-codex'));

const load0 = loadavg();
const dir = mkdtempSync(join(tmpdir(), 'castellan-bench-player-'));
try {
  const out = join(dir, 'page.html');
  const t0 = performance.now();
  execFileSync(process.execPath, [join(ROOT, 'bin/castellan.mjs'), 'pack', 'export', pack, '--format', 'html', '-o', out], { stdio: 'pipe' });
  const exportMs = performance.now() - t0;
  const f = await measurePlayerPage(out, runs);
  const kb = (b: number): string => `${(b / 1024).toFixed(1)} KB`;
  console.log(`player page of ${pack} (${f.levels} levels), load ${load0.map((x) => x.toFixed(2)).join(' ')}`);
  console.log(`  export (castellan pack export --format html, process included): ${Math.round(exportMs)} ms`);
  console.log(`  page size: ${kb(f.pageBytes)} (${f.pageBytes.toLocaleString('en-US')} bytes)`);
  console.log(`  code without the levels: ${kb(f.codeBytes)} (target < 400 KB: ${f.codeBytes < 400 * 1024 ? 'ok' : 'MISS'})`);
  console.log(
    `  open in Chromium from file:// to the level select: ${Math.round(f.openMs)} ms median of ${f.runs} (target < 1 s: ${f.openMs < 1000 ? 'ok' : 'MISS'})`,
  );
  console.log(`  the page's castellan-ready mark: ${Math.round(f.readyMs)} ms after the navigation's start`);
  console.log(
    `  load at the end: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
