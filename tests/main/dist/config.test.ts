/**
 * Installers: electron-builder.yml validated offline with
 * electron-builder's own loader and schema validation (app-builder-lib
 * getConfig + validateConfiguration: no network), the targets/associations
 * the issue asks for, and the icon files (real ICO/ICNS/PNG containers,
 * current with resources/icons/icon.svg).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);

interface Loaded {
  [k: string]: unknown;
}

async function loadConfig(override: Loaded | null = null): Promise<Loaded> {
  const mod = (await import(require.resolve('app-builder-lib/out/util/config/config.js'))) as {
    getConfig(projectDir: string, configPath: string | null, fromOptions: Loaded | null): Promise<Loaded>;
    validateConfiguration(config: Loaded, debug: unknown): Promise<void>;
  };
  const config = await mod.getConfig(root, 'electron-builder.yml', override);
  const debug = { isEnabled: false, add() {}, addValue() {} };
  await mod.validateConfiguration(config, debug);
  return config;
}

describe('electron-builder.yml', () => {
  it('passes electron-builder’s schema validation', async () => {
    const c = await loadConfig();
    expect(c['appId']).toBe('org.castellan.editor');
    expect(c['productName']).toBe('Castellan');
  });

  it('the validation can fail: a misspelt option is refused', async () => {
    await expect(loadConfig({ linux: { categry: 'Game' } })).rejects.toThrow(/Invalid configuration object[\s\S]*configuration\.linux/);
  });

  it('targets: Linux AppImage + deb, Windows nsis, macOS dmg, each with an icon from resources/icons', async () => {
    const c = (await loadConfig()) as Record<string, { target: string[]; icon: string }>;
    expect(c['linux']!.target).toEqual(['AppImage', 'deb']);
    expect(c['win']!.target).toEqual(['nsis']);
    expect(c['mac']!.target).toEqual(['dmg']);
    expect(c['linux']!.icon).toBe('resources/icons');
    expect(c['win']!.icon).toBe('resources/icons/icon.ico');
    expect(c['mac']!.icon).toBe('resources/icons/icon.icns');
    for (const p of [c['win']!.icon, c['mac']!.icon, 'resources/icons/512x512.png']) expect(existsSync(join(root, p)), p).toBe(true);
  });

  it('associates .level.json and .pack.json', async () => {
    const c = (await loadConfig()) as { fileAssociations: { ext: string; mimeType: string }[] };
    expect(c.fileAssociations.map((a) => a.ext)).toEqual(['level.json', 'pack.json']);
    expect(c.fileAssociations.every((a) => a.mimeType.startsWith('application/'))).toBe(true);
  });

  it('packs the build and ships the samples next to app.asar where main.ts looks for them', async () => {
    const c = (await loadConfig()) as { files: { filter: string[] }[]; extraResources: { from: string; to: string }[]; npmRebuild: boolean };
    expect(c.files.flatMap((f) => f.filter)).toContain('out/**');
    expect(c.extraResources.map((r) => [r.from, r.to])).toContainEqual(['resources/levels', 'levels']);
    expect(c.extraResources.map((r) => [r.from, r.to])).toContainEqual(['resources/packs', 'packs']);
    // No download of Electron headers to rebuild native modules.
    expect(c.npmRebuild).toBe(false);
    const main = readFileSync(join(root, 'src-main/electron/main.ts'), 'utf8');
    expect(main).toMatch(/join\(process\.resourcesPath, 'levels'\)/);
  });
});

describe('Electron fuses (checklist finding: no fuses in the packaged app)', () => {
  it('electronFuses turns off run-as-node, NODE_OPTIONS, --inspect and file:// privileges; turns on asar-only loading, asar integrity and cookie encryption', async () => {
    const c = (await loadConfig()) as { electronFuses?: Record<string, boolean> };
    expect(c.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('the schema knows the fuse options: a misspelt fuse is refused', async () => {
    await expect(loadConfig({ electronFuses: { runAsNod: false } })).rejects.toThrow(/Invalid configuration object[\s\S]*electronFuses/);
  });

  it('the packaged app still works with runAsNode off: the main process never forks a Node child (worker_threads only)', () => {
    for (const f of ['src-main/electron/main.ts', 'src-main/services/solve-runner.ts', 'src-main/services/solve-pool.ts']) {
      const src = readFileSync(join(root, f), 'utf8');
      expect(src, f).not.toMatch(/child_process|\.fork\(|ELECTRON_RUN_AS_NODE/);
    }
  });
});

describe('icons', () => {
  it('icon.ico is an ICO with PNG entries 16..256', () => {
    const b = readFileSync(join(root, 'resources/icons/icon.ico'));
    expect(b.readUInt16LE(0)).toBe(0);
    expect(b.readUInt16LE(2)).toBe(1);
    const n = b.readUInt16LE(4);
    const sizes: number[] = [];
    for (let i = 0; i < n; i++) {
      const e = 6 + 16 * i;
      sizes.push(b.readUInt8(e) || 256);
      const off = b.readUInt32LE(e + 12);
      const len = b.readUInt32LE(e + 8);
      expect(off + len).toBeLessThanOrEqual(b.length);
      expect(b.subarray(off, off + 8).toString('hex')).toBe('89504e470d0a1a0a');
    }
    expect(sizes).toEqual([16, 32, 48, 64, 128, 256]);
  });

  it('icon.icns is an ICNS whose length field matches and holds ic10 (1024 px)', () => {
    const b = readFileSync(join(root, 'resources/icons/icon.icns'));
    expect(b.subarray(0, 4).toString('ascii')).toBe('icns');
    expect(b.readUInt32BE(4)).toBe(b.length);
    const types: string[] = [];
    for (let off = 8; off < b.length; off += b.readUInt32BE(off + 4)) types.push(b.subarray(off, off + 4).toString('ascii'));
    expect(types).toContain('ic10');
    expect(types).toContain('ic08');
  });

  it('the PNGs have the size their name says (IHDR width/height)', () => {
    for (const n of [16, 256, 512, 1024]) {
      const b = readFileSync(join(root, `resources/icons/${n}x${n}.png`));
      expect([b.readUInt32BE(16), b.readUInt32BE(20)], `${n}`).toEqual([n, n]);
    }
  });

  it('the committed icons are current with icon.svg (node scripts/gen-icons.mjs)', async () => {
    const { buildIcons } = (await import(pathToFileURL(join(root, 'scripts/gen-icons.mjs')).href)) as { buildIcons(): Record<string, Buffer> };
    const files = buildIcons();
    for (const [name, bytes] of Object.entries(files)) {
      expect(readFileSync(join(root, 'resources/icons', name)).equals(bytes), name).toBe(true);
    }
  });
});
