#!/usr/bin/env node
// The `castellan` command. Runs the built command line out/cli/castellan.mjs
// (plain JavaScript from scripts/build-cli.mjs: `npm run build`, and `npm ci`
// through `prepare`), whose solve workers start out/cli/solve-worker.mjs.
// From source instead (src-main/cli/main.ts through tsx, a dev dependency):
// when there is no build (with a one-line note on stderr), or on request with
// CASTELLAN_FROM_SOURCE=1 (the unit tests run the sources this way).
// See `castellan --help`.
import { existsSync } from 'node:fs';

const built = new URL('../out/cli/castellan.mjs', import.meta.url);
const fromSource = process.env.CASTELLAN_FROM_SOURCE === '1';

if (!fromSource && existsSync(built)) {
  await import(built.href); // runs the command line with process.argv
} else {
  if (!fromSource) process.stderr.write('castellan: no build in out/cli (run `npm run build`); running from source through tsx\n');
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    process.stderr.write('castellan: cannot run: out/cli/castellan.mjs is missing and tsx is not installed; run `npm ci` or `npm run build`\n');
    process.exit(4);
  }
  register();
  const { runCli } = await import('../src-main/cli/main.ts');
  process.exitCode = await runCli(process.argv.slice(2));
}
