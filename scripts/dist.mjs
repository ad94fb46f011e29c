#!/usr/bin/env node
// `npm run dist`: builds the app (electron-vite) and the installers of the
// current platform from electron-builder.yml (Linux: AppImage + deb;
// Windows: nsis; macOS: dmg). Extra arguments go to electron-builder
// (e.g. `npm run dist -- --dir`).
//
// electron-builder downloads the Electron runtime (and, for some targets,
// packaging tools) on first use. Without network that fails deep inside
// electron-builder; this script recognises it and says so in one line.
// CASTELLAN_ELECTRON_DIST=<folder of an unpacked Electron> uses a local
// Electron instead of downloading it (electron-builder `electronDist`).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const bin = (pkg, rel) => join(dirname(require.resolve(`${pkg}/package.json`)), rel);

const OFFLINE =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|getaddrinfo|socket hang up|unable to get local issuer|cannot download|download(?:ing)? failed|status code 4\d\d|status code 5\d\d|proxy/i;

function run(label, args) {
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status === 0) process.stdout.write(r.stdout ?? '');
  else {
    const out = `${r.stdout ?? ''}\n${r.stderr ?? ''}`;
    if (label === 'package' && OFFLINE.test(out)) {
      console.error(
        'dist: electron-builder could not download Electron or its packaging tools (no network?); installers need them once — try again online, set CASTELLAN_ELECTRON_DIST to a local Electron, or run `npm run dist:check` for the offline unpacked build.',
      );
    } else {
      process.stdout.write(r.stdout ?? '');
      process.stderr.write(r.stderr ?? '');
      console.error(`dist: the ${label} step failed (exit ${r.status ?? r.signal}).`);
    }
    process.exit(1);
  }
}

run('build', [bin('electron-vite', 'bin/electron-vite.js'), 'build']);
const extra = process.argv.slice(2);
const dist = process.env['CASTELLAN_ELECTRON_DIST'];
run('package', [bin('electron-builder', 'cli.js'), '--publish', 'never', ...(dist ? [`-c.electronDist=${dist}`] : []), ...extra]);
console.log('dist: installers written to dist/');
