/**
 * Bench children as the product runs: TypeScript entries bundled with
 * esbuild (ESM, platform node, target node20, as scripts/build-cli.mjs
 * builds the command line) into a temporary folder, once per bench run, so
 * a child's whole-process figures are what a user pays (Node start-up,
 * loading plain JavaScript) and not tsx transpiling the sources.
 *
 *   builtEntry('bench/solver-child.ts') -> '/tmp/castellan-bench-built-XXXX/solver-child.mjs'
 *
 * `BENCH_FROM_SOURCE=1` (or `--from-source` on the bench command line) runs
 * the sources through tsx instead (the old way; for comparisons only).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let outDir: string | null = null;
const built = new Map<string, string>();

/** True when the children run from source (tsx) instead of bundles. */
export const fromSource = process.env.BENCH_FROM_SOURCE === '1' || process.argv.includes('--from-source');

/** The bundle of `entry` (a path relative to the repository root or absolute), built on first use. */
export function builtEntry(entry: string): string {
  const hit = built.get(entry);
  if (hit) return hit;
  outDir ??= mkdtempSync(join(tmpdir(), 'castellan-bench-built-'));
  const out = join(outDir, basename(entry).replace(/\.ts$/, '.mjs'));
  buildSync({
    entryPoints: [entry.startsWith('/') ? entry : join(root, entry)],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // CommonJS dependencies bundled into ESM call require() for Node built-ins.
    banner: { js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);" },
    external: ['@resvg/resvg-js', 'pdfkit'],
    legalComments: 'none',
    logLevel: 'warning',
    absWorkingDir: root,
  });
  built.set(entry, out);
  return out;
}

/** Node arguments that run the child `entry` (built, or through tsx with `fromSource`). */
export function childArgs(entry: string): string[] {
  return fromSource ? ['--import', 'tsx', join(root, entry)] : [builtEntry(entry)];
}
