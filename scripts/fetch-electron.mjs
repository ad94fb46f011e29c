// Root postinstall: try to fetch Electron's binary so online machines get it
// during `npm ci`; offline machines only get a one-line warning (never a
// failed install). Electron >= 42 has no install script of its own.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
try {
  const pkgDir = dirname(require.resolve('electron/package.json'));
  const installer = join(pkgDir, 'install.js');
  if (process.env.CI || process.env.CASTELLAN_SKIP_ELECTRON_DOWNLOAD) {
    console.warn('castellan: skipping the Electron binary download (CI or CASTELLAN_SKIP_ELECTRON_DOWNLOAD)');
  } else if (existsSync(installer)) {
    const r = spawnSync(process.execPath, [installer], { stdio: 'ignore', timeout: 120_000 });
    if (r.status !== 0) console.warn('castellan: could not download the Electron binary; `npm start` will fall back to the browser editor');
  }
} catch {
  console.warn('castellan: electron package not installed; skipping binary download');
}
