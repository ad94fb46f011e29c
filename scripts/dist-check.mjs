#!/usr/bin/env node
// Offline packaging check: builds the unpacked Linux app
// (electron-builder `--dir`) from electron-builder.yml with a stand-in
// Electron distribution (a folder with a fake `electron` executable, via the
// `electronDist` option, so nothing is downloaded), then checks that the
// result contains everything the app loads:
//   - app.asar: package.json whose "main" exists, out/main/index.js,
//     out/main/solve-worker.js and the chunks they import, out/preload/index.cjs,
//     out/renderer/index.html and every asset it references;
//   - every package the main-process bundle imports, and (recursively) their
//     own dependencies, under node_modules in app.asar;
//   - resources/levels (every sample level), resources/packs, resources/icons/icon.png;
//   - the executable `castellan`, with the Electron fuses of
//     electron-builder.yml (`electronFuses`) flipped in it: the stand-in
//     carries a fuse wire with Electron's default fuse states (after the
//     sentinel @electron/fuses looks for), so electron-builder flips it as
//     it flips a real binary, and the packaged wire is read back and
//     compared fuse by fuse.
// Needs `npm run build` first. Exit 0: all present; 1: something missing
// (listed); 2: the packaging itself failed. Fully offline, ~10 s.
import { createRequire } from 'node:module';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

if (!existsSync(join(root, 'out/main/index.js'))) {
  console.error('dist-check: out/ is missing: run `npm run build` first.');
  process.exit(2);
}

const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
const work = mkdtempSync(join(tmpdir(), 'castellan-dist-check-'));
const standIn = join(work, 'electron-dist');
const output = join(work, 'dist');
mkdirSync(join(standIn, 'resources'), { recursive: true });
// The fuse wire of an Electron binary: sentinel, wire version 1, length, then one
// byte per fuse ('0' off, '1' on) in @electron/fuses FuseV1Options order, here
// Electron's defaults: RunAsNode on, CookieEncryption off, NodeOptions on,
// NodeCliInspect on, EmbeddedAsarIntegrity off, OnlyLoadAppFromAsar off,
// BrowserProcessSpecificV8Snapshot off, GrantFileProtocolExtraPrivileges on.
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const DEFAULT_FUSES = '10110001';
const FUSE_NAMES = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
];
writeFileSync(
  join(standIn, 'electron'),
  Buffer.concat([
    Buffer.from('#!/bin/sh\necho "stand-in Electron (dist-check): not a real binary" >&2\nexit 1\n# '),
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([1, DEFAULT_FUSES.length]),
    Buffer.from(DEFAULT_FUSES),
    Buffer.from('\n'),
  ]),
);
chmodSync(join(standIn, 'electron'), 0o755);
writeFileSync(join(standIn, 'version'), `${electronVersion}\n`);

const problems = [];
function need(cond, what) {
  if (!cond) problems.push(what);
}

try {
  const { build, Platform, Arch } = await import('electron-builder');
  const arch = process.arch === 'arm64' ? Arch.arm64 : Arch.x64;
  const t0 = Date.now();
  try {
    await build({
      projectDir: root,
      targets: Platform.LINUX.createTarget('dir', arch),
      publish: 'never',
      config: {
        electronDist: standIn,
        electronVersion,
        directories: { output, buildResources: 'resources/build' },
      },
    });
  } catch (err) {
    console.error(`dist-check: electron-builder --dir failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  }
  const appDir = join(output, arch === Arch.arm64 ? 'linux-arm64-unpacked' : 'linux-unpacked');
  const resources = join(appDir, 'resources');
  const asarPath = join(resources, 'app.asar');
  need(existsSync(join(appDir, 'castellan')), 'the executable castellan');
  // The fuses of electron-builder.yml, flipped in the packaged executable.
  const { getConfig } = await import(require.resolve('app-builder-lib/out/util/config/config.js'));
  const wanted = (await getConfig(root, 'electron-builder.yml', null)).electronFuses ?? {};
  need(Object.keys(wanted).length > 0, 'electron-builder.yml: electronFuses');
  let fuseLine = '';
  if (existsSync(join(appDir, 'castellan'))) {
    const exe = readFileSync(join(appDir, 'castellan'));
    const at = exe.indexOf(FUSE_SENTINEL);
    need(at >= 0, 'castellan: the fuse wire');
    if (at >= 0) {
      const wire = exe.subarray(at + FUSE_SENTINEL.length + 2, at + FUSE_SENTINEL.length + 2 + exe[at + FUSE_SENTINEL.length + 1]).toString('latin1');
      for (const [name, on] of Object.entries(wanted)) {
        const i = FUSE_NAMES.indexOf(name);
        need(i >= 0 && wire[i] === (on ? '1' : '0'), `castellan: fuse ${name} ${on ? 'on' : 'off'} (wire ${wire})`);
      }
      fuseLine = `, fuses ${wire} (${Object.keys(wanted).length} set)`;
    }
  }
  need(existsSync(asarPath), 'resources/app.asar');
  if (!existsSync(asarPath)) throw new Error('no app.asar');

  // @electron/asar comes with electron-builder (app-builder-lib).
  const asar = createRequire(require.resolve('app-builder-lib/package.json'))('@electron/asar');
  const files = new Set(asar.listPackage(asarPath).map((p) => p.replace(/\\/g, '/').replace(/^\//, '')));
  const read = (p) => asar.extractFile(asarPath, p).toString('utf8');
  const has = (p) => files.has(p);

  // package.json and its main
  need(has('package.json'), 'app.asar: package.json');
  const pkg = has('package.json') ? JSON.parse(read('package.json')) : {};
  const main = posix.normalize(String(pkg.main ?? '')).replace(/^\.\//, '');
  need(main === 'out/main/index.js' && has(main), `app.asar: the "main" entry (${pkg.main})`);

  // The bundles and what they import (relative chunks, packages).
  for (const f of ['out/main/index.js', 'out/main/solve-worker.js', 'out/main/pdf-worker.js', 'out/preload/index.cjs', 'out/renderer/index.html'])
    need(has(f), `app.asar: ${f}`);
  const packages = new Set();
  const seen = new Set();
  const queue = ['out/main/index.js', 'out/main/solve-worker.js', 'out/main/pdf-worker.js', 'out/preload/index.cjs'].filter(has);
  while (queue.length) {
    const f = queue.shift();
    if (seen.has(f)) continue;
    seen.add(f);
    const src = read(f);
    for (const m of src.matchAll(/(?:from\s*|import\s*\(\s*|require\s*\(\s*|import\s+)["']([^"']+)["']/g)) {
      const spec = m[1];
      if (spec.startsWith('node:') || spec === 'electron') continue;
      if (spec.startsWith('.')) {
        const target = posix.normalize(posix.join(posix.dirname(f), spec));
        need(has(target), `app.asar: ${target} (imported by ${f})`);
        if (has(target)) queue.push(target);
      } else {
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
        packages.add(name);
      }
    }
  }
  // Runtime packages and their dependencies, recursively.
  const pkgQueue = [...packages];
  const pkgSeen = new Set();
  while (pkgQueue.length) {
    const name = pkgQueue.shift();
    if (pkgSeen.has(name)) continue;
    pkgSeen.add(name);
    const pj = `node_modules/${name}/package.json`;
    need(has(pj), `app.asar: ${pj} (a runtime dependency)`);
    if (!has(pj)) continue;
    const deps = JSON.parse(read(pj)).dependencies ?? {};
    pkgQueue.push(...Object.keys(deps));
  }

  // The renderer page and its assets.
  if (has('out/renderer/index.html')) {
    const html = read('out/renderer/index.html');
    const refs = [...html.matchAll(/(?:src|href)="\.?\/?([^"#?]+)"/g)].map((m) => m[1]).filter((r) => !/^[a-z]+:/i.test(r));
    need(refs.length > 0, 'out/renderer/index.html references its assets');
    for (const r of refs) need(has(posix.join('out/renderer', r)), `app.asar: out/renderer/${r} (referenced by index.html)`);
  }

  // Sample levels, packs, icons next to app.asar.
  const listLevels = (dir) => {
    const out = [];
    const walk = (d) => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(d, e.name));
        else if (e.name.endsWith('.level.json')) out.push(relative(dir, join(d, e.name)));
      }
    };
    if (existsSync(dir)) walk(dir);
    return out.sort();
  };
  const srcLevels = listLevels(join(root, 'resources/levels'));
  const gotLevels = listLevels(join(resources, 'levels'));
  need(
    srcLevels.length > 0 && JSON.stringify(srcLevels) === JSON.stringify(gotLevels),
    `resources/levels: ${gotLevels.length} of ${srcLevels.length} sample levels`,
  );
  need(existsSync(join(resources, 'packs/citadel-codex/pack.json')), 'resources/packs/citadel-codex/pack.json');
  need(existsSync(join(resources, 'icons/icon.png')) && statSync(join(resources, 'icons/icon.png')).size > 0, 'resources/icons/icon.png');

  const ms = Date.now() - t0;
  if (problems.length) {
    console.error(`dist-check: the unpacked app is missing ${problems.length} item(s):`);
    for (const p of problems) console.error(`  - ${p}`);
    process.exitCode = 1;
  } else {
    console.log(
      `dist-check: OK (${ms} ms): ${files.size} entries in app.asar, runtime packages ${[...pkgSeen].sort().join(', ')}, ${gotLevels.length} sample levels, pack, icons${fuseLine}`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
