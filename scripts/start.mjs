// `npm start`: build, then open the Electron editor on the sample levels.
// Where Electron cannot run (binary unavailable, no display), say so in one
// line and start `castellan serve` on the samples instead, printing its URL.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinary } from './electron-binary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const quiet = process.argv.includes('--quiet-build');

console.log('castellan: building the editor (electron-vite build) and the command line...');
const build = spawnSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
  cwd: root,
  stdio: quiet ? 'ignore' : ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) {
  console.error('castellan: the build failed; run `npx electron-vite build` to see why.');
  process.exit(1);
}
// The command line (`castellan serve` below when Electron cannot run) from the same sources.
const cli = spawnSync(process.execPath, [join(root, 'scripts/build-cli.mjs')], { cwd: root, stdio: quiet ? 'ignore' : ['ignore', 'ignore', 'inherit'] });
if (cli.status !== 0) {
  console.error('castellan: the command line build failed; run `npm run build:cli` to see why.');
  process.exit(1);
}

function startServe(reason) {
  console.log(`castellan: Electron cannot run here (${reason}); starting the browser editor with \`castellan serve\` instead.`);
  const child = spawn(process.execPath, [join(root, 'bin/castellan.mjs'), 'serve'], { cwd: root, stdio: 'inherit' });
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}

const found = electronBinary(root);
if (!found.bin) {
  startServe(found.reason);
} else {
  const started = Date.now();
  const child = spawn(found.bin, [root], { cwd: root, stdio: ['ignore', 'inherit', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
    process.stderr.write(d);
  });
  child.on('error', (err) => startServe(err.message));
  child.on('exit', (code) => {
    if (code !== 0 && Date.now() - started < 10_000) {
      startServe(`Electron exited at start-up with code ${code}${stderr ? `: ${stderr.trim().split('\n')[0]}` : ''}`);
    } else process.exit(code ?? 0);
  });
}
