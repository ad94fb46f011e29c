#!/usr/bin/env node
// Generates the app icons from resources/icons/icon.svg (drawn by hand):
//   resources/icons/<N>x<N>.png for N in 16..1024 (Linux: electron-builder reads the folder),
//   resources/icons/icon.png (512), icon.ico (Windows: PNG-compressed entries 16..256),
//   icon.icns (macOS: PNG entries ic04..ic10).
// The .ico and .icns containers are written here (both formats are a small
// header plus embedded PNGs), so no extra package is needed.
// Usage: node scripts/gen-icons.mjs [--check]  (--check: fail if the committed files differ)
import { Resvg } from '@resvg/resvg-js';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'resources', 'icons');
const svg = readFileSync(join(dir, 'icon.svg'), 'utf8');

/** PNG bytes of the icon at size x size pixels. */
export function renderPng(size) {
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: size }, background: 'rgba(0,0,0,0)' }).render().asPng());
}

/** ICO container: ICONDIR + ICONDIRENTRY per image (PNG data; 256 is written as 0). */
export function icoFromPngs(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0);
    e.writeUInt8(size >= 256 ? 0 : size, 1);
    e.writeUInt8(0, 2);
    e.writeUInt8(0, 3);
    e.writeUInt16LE(1, 4);
    e.writeUInt16LE(32, 6);
    e.writeUInt32LE(png.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(e);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

/** ICNS container: 'icns' + total length, then (OSType, length incl. 8-byte header, PNG) per image. */
export function icnsFromPngs(images) {
  const chunks = images.map(({ type, png }) => {
    const h = Buffer.alloc(8);
    h.write(type, 0, 'ascii');
    h.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([h, png]);
  });
  const body = Buffer.concat(chunks);
  const h = Buffer.alloc(8);
  h.write('icns', 0, 'ascii');
  h.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([h, body]);
}

const SIZES = [16, 32, 48, 64, 128, 256, 512, 1024];
const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
];

export function buildIcons() {
  const png = Object.fromEntries(SIZES.map((s) => [s, renderPng(s)]));
  const files = {};
  for (const s of SIZES) files[`${s}x${s}.png`] = png[s];
  files['icon.png'] = png[512];
  files['icon.ico'] = icoFromPngs([16, 32, 48, 64, 128, 256].map((s) => ({ size: s, png: png[s] })));
  files['icon.icns'] = icnsFromPngs(ICNS_TYPES.map(([type, s]) => ({ type, png: png[s] })));
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  const files = buildIcons();
  let stale = 0;
  for (const [name, bytes] of Object.entries(files)) {
    const p = join(dir, name);
    if (check) {
      if (!existsSync(p) || !readFileSync(p).equals(bytes)) {
        console.error(`stale icon: resources/icons/${name} (run node scripts/gen-icons.mjs)`);
        stale++;
      }
    } else writeFileSync(p, bytes);
  }
  if (stale) process.exit(1);
  console.log(check ? 'icons up to date' : `wrote ${Object.keys(files).length} files to resources/icons`);
}
