/**
 * The e2e build of the editor with a ruleset of the tests (Crates,
 * tests/shared/rulesets/extra-ruleset.ts): the renderer of
 * electron.vite.config.ts, with the three modules that list rulesets put
 * in place by aliases (the test-only hook; the product has none): the core
 * registry (registry.ts), the renderer registry (ui-registry.ts) and the
 * level validator (generated here from the real fragments plus Crates', as
 * `npm run gen` would). Output: out/renderer-extra-ruleset, served by
 * `castellan serve --renderer` (tests/e2e/fifth-ruleset.spec.ts builds it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { levelValidatorCodeWithCrates } from '../../shared/rulesets/extra-ruleset-schema.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const validator = resolve(root, 'node_modules/.tmp/extra-ruleset/validate-level.js');

/** Each listed source module resolves to its stand-in, except when the stand-in itself imports the real one. */
function standIns(map: Record<string, string>): Plugin {
  return {
    name: 'extra-ruleset-stand-ins',
    enforce: 'pre',
    async resolveId(source, importer, opts) {
      if (!importer) return null;
      const r = await this.resolve(source, importer, { ...opts, skipSelf: true });
      if (!r) return null;
      const to = map[r.id];
      return to && resolve(importer) !== to ? to : null;
    },
  };
}

export default defineConfig(async () => {
  mkdirSync(dirname(validator), { recursive: true });
  writeFileSync(validator, await levelValidatorCodeWithCrates());
  const map = {
    [resolve(root, 'src-shared/rulesets/registry.ts')]: resolve(here, 'registry.ts'),
    [resolve(root, 'src-renderer/rulesets/registry.ts')]: resolve(here, 'ui-registry.ts'),
    [resolve(root, 'src-shared/format/generated/validate-level.js')]: validator,
  };
  return {
    root: resolve(root, 'src-renderer'),
    base: './',
    plugins: [standIns(map), svelte()],
    build: {
      outDir: resolve(root, 'out/renderer-extra-ruleset'),
      emptyOutDir: true,
      rollupOptions: { input: { index: resolve(root, 'src-renderer/index.html') } },
    },
    // The job worker looks rulesets up too.
    worker: { format: 'es' as const, plugins: () => [standIns(map)] },
  };
});
