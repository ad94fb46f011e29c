// `npm test` set-up: the e2e suite drives Debian's Chromium (Playwright's own
// browser download cannot work offline). If it is missing and we may use apt
// (root), install it; otherwise say exactly what to run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const bin = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(bin)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('castellan: installing Chromium for the e2e tests (apt-get install chromium)...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], { stdio: 'inherit', env });
  } else {
    console.error(`castellan: the e2e tests need Chromium at ${bin}: run \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH).`);
    process.exit(1);
  }
}
