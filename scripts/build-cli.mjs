// Builds the `castellan` command line and its solve worker as plain
// JavaScript (esbuild, ESM, platform node, target node20):
// - castellan.mjs: src-main/cli/main.ts, run on import with the process
//   arguments; it points the solve runner (setSolveWorkerEntry) at
// - solve-worker.mjs: src-main/services/solve-worker.ts, next to it, so no
//   worker compiles TypeScript;
// - pdf-worker.mjs: src-main/services/pdf-worker.ts, beside the solve worker
//   (pdf-runner.ts finds it there): builds PDFs off the host's event loop.
// Default output out/cli/ (what bin/castellan.mjs runs); `--outdir DIR` for
// another folder (the built-CLI test). The folder must sit two levels below
// the repository root, like the sources, so the `../../`-relative lookups
// (package.json for the version, resources/ and out/renderer/ for serve)
// resolve the same.
// Run by `npm run build` and, through `prepare`, by `npm ci`. It builds the
// player page's assets too (scripts/build-player.mjs: out/player/), which
// `pack export --format html` pours into the page.
// External: @resvg/resvg-js (native addon, `render` only) and pdfkit (loaded
// on the first PDF); every other dependency is bundled, so `--help` and
// `solve` read no node_modules at all.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 && process.argv[at + 1] ? resolve(process.argv[at + 1]) : join(root, 'out', 'cli');

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  // `npm ci --omit=dev` has no esbuild (nor tsx): there is nothing to build with.
  console.error('castellan: esbuild (a dev dependency) is not installed; the command line was not built.');
  process.exit(process.env.npm_lifecycle_event === 'prepare' ? 0 : 1);
}

/** The CLI entry: the built worker as the solve runner's entry, then the command line. */
const cliEntry = `
import { setSolveWorkerEntry } from './src-main/services/solve-runner.ts';
import { runCli } from './src-main/cli/main.ts';
setSolveWorkerEntry(new URL('./solve-worker.mjs', import.meta.url));
process.exitCode = await runCli(process.argv.slice(2));
`;

// Bundled CommonJS dependencies call require() for Node built-ins and read
// __filename (write-file-atomic's temp names): give them the real ones.
const banner = [
  "import { createRequire as __castellanCreateRequire } from 'node:module';",
  "import { fileURLToPath as __castellanFileURLToPath } from 'node:url';",
  'const require = __castellanCreateRequire(import.meta.url);',
  'const __filename = __castellanFileURLToPath(import.meta.url);',
].join('\n');

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['@resvg/resvg-js', 'pdfkit'],
  banner: { js: banner },
  legalComments: 'none',
  logLevel: 'warning',
  absWorkingDir: root,
};

mkdirSync(outdir, { recursive: true });
const { writePlayerAssets } = await import('./build-player.mjs');
await Promise.all([
  writePlayerAssets(undefined, esbuild),
  esbuild.build({
    ...common,
    stdin: { contents: cliEntry, resolveDir: root, sourcefile: 'castellan-cli-entry.ts', loader: 'ts' },
    outfile: join(outdir, 'castellan.mjs'),
  }),
  esbuild.build({ ...common, entryPoints: [join(root, 'src-main/services/solve-worker.ts')], outfile: join(outdir, 'solve-worker.mjs') }),
  esbuild.build({ ...common, entryPoints: [join(root, 'src-main/services/pdf-worker.ts')], outfile: join(outdir, 'pdf-worker.mjs') }),
]);
console.log(`castellan: built the command line in ${outdir}`);
