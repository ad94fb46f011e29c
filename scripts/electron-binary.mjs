// Whether the Electron shell can launch on this machine (`npm start`, `npm run dev`).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Path of a runnable Electron binary under `root/node_modules/electron`, or
 * the reason there is none: `{ bin }` or `{ reason }`. When the binary is not
 * installed it makes one quiet download attempt of at most 60 s (the
 * postinstall may have run offline; offline it fails within seconds). On
 * Linux a display (`DISPLAY` or `WAYLAND_DISPLAY`) is required too.
 */
export function electronBinary(root) {
  const pkg = join(root, 'node_modules/electron');
  const pathFile = join(pkg, 'path.txt');
  if (!existsSync(pathFile)) {
    spawnSync(process.execPath, [join(pkg, 'install.js')], { stdio: 'ignore', timeout: 60_000 });
  }
  if (!existsSync(pathFile)) return { reason: 'the Electron binary is not installed and could not be downloaded' };
  const bin = join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(bin)) return { reason: `the Electron binary is missing (${bin})` };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { reason: 'there is no display to open a window on' };
  }
  return { bin };
}
