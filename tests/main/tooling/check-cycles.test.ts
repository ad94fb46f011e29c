/**
 * The import cycle check (scripts/check-cycles.mjs, `npm run check:cycles`)
 * is a real gate: the project has no cycle, and a cycle through a type-only
 * import, through a `.svelte` component's script or through a `.svelte.ts`
 * runes module fails it, naming the modules of the cycle.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers.js';

const SCRIPT = fileURLToPath(new URL('../../../scripts/check-cycles.mjs', import.meta.url));

afterAll(() => cleanupTempDirs());

function check(...dirs: string[]): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, [SCRIPT, ...dirs], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout + r.stderr };
}

/** A folder with `files` (name -> text). */
function project(files: Record<string, string>): string {
  const dir = tempDir('castellan-cycles-');
  for (const [name, text] of Object.entries(files)) {
    const p = join(dir, name);
    mkdirSync(join(p, '..'), { recursive: true });
    writeFileSync(p, text);
  }
  return dir;
}

describe('import cycle check', () => {
  it('src-shared, src-renderer and src-main have no import cycle', { timeout: 60_000 }, () => {
    const { code, out } = check();
    expect(out).toMatch(/no import cycles in \d+ modules/);
    expect(code).toBe(0);
  });

  it('a cycle through a type-only import fails and names both modules', () => {
    const dir = project({
      'a.ts': "import type { B } from './b.js';\nexport interface A { b: B }\n",
      'b.ts': "import type { A } from './a.js';\nexport interface B { a: A }\n",
      'c.ts': "import type { A } from './a.js';\nexport type C = A;\n",
    });
    const { code, out } = check(dir);
    expect(code).toBe(1);
    expect(out).toContain('1 import cycle group');
    expect(out).toMatch(/a\.ts > \S*b\.ts > \S*a\.ts/);
    expect(out).not.toContain('c.ts');
  });

  it('a cycle through a component script and a .svelte.ts module (x.svelte.js) fails', () => {
    const dir = project({
      'Panel.svelte': '<script lang="ts">\n  import { Store } from \'./store.svelte.js\';\n  let { s }: { s: Store } = $props();\n</script>\n<p>{s.n}</p>\n',
      'store.svelte.ts':
        "import type { Component } from 'svelte';\nimport Panel from './Panel.svelte';\nexport class Store { n = 1; view: Component = Panel as unknown as Component; }\n",
    });
    const { code, out } = check(dir);
    expect(code).toBe(1);
    expect(out).toMatch(/Panel\.svelte > \S*store\.svelte\.ts > \S*Panel\.svelte/);
  });

  it('imports that go one way (a folder index, a re-export, a package) pass', () => {
    const dir = project({
      'lib/index.ts': "export * from './x.js';\n",
      'lib/x.ts': "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      'main.ts': "import { x } from './lib';\nimport type { Y } from './y.js';\nexport const m: Y = { x };\n",
      'y.ts': 'export interface Y { x: unknown }\n',
    });
    const { code, out } = check(dir);
    // lib/index -> lib/x, main -> lib (its index), main -> y; node:fs is a package, not followed.
    expect(out).toContain('no import cycles in 4 modules (3 imports');
    expect(code).toBe(0);
  });
});
