/**
 * The import cycle check (scripts/check-cycles.mjs, `npm run check:cycles`)
 * is a real gate: the project has no cycle, and a cycle through a type-only
 * import, through a `.svelte` component's script or through a `.svelte.ts`
 * runes module fails it, naming the modules of the cycle. The same imports
 * lifted to folders must agree with the declared folder table
 * (scripts/folder-deps.json): a folder import the table does not list, a
 * folder missing from it, or a folder cycle that does not run through one
 * of the table's known cycle edges fails.
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
    expect(out).toContain('folder imports agree with scripts/folder-deps.json');
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

/** Two folders importing each other through different modules: no module cycle, one folder cycle (a > b > a). */
const FOLDER_CYCLE = {
  'a/x.ts': "import { y } from '../b/y.js';\nexport const x = y + 1;\n",
  'a/w.ts': 'export const w = 2;\n',
  'b/y.ts': 'export const y = 1;\n',
  'b/z.ts': "import { w } from '../a/w.js';\nexport const z = w;\n",
  'main.ts': "import { x } from './a/x.js';\nexport const m = x;\n",
};

/** A project with `files` and the folder table `table` written beside it; answers the check's result with that table. */
function checkWithTable(files: Record<string, string>, table: unknown): { code: number | null; out: string } {
  const dir = project(files);
  const tableFile = join(tempDir('castellan-folder-table-'), 'folder-deps.json');
  writeFileSync(tableFile, JSON.stringify(table));
  return check(dir, '--deps', tableFile);
}

describe('folder dependency check', { timeout: 60_000 }, () => {
  it('a folder cycle fails even when no module cycle exists and every edge is declared', () => {
    const { code, out } = checkWithTable(FOLDER_CYCLE, { folders: { a: ['b'], b: ['a'], main: ['a'] } });
    expect(out).toContain('no import cycles in 5 modules');
    expect(out).toContain('folder cycle not through a known cycle edge: a > b > a');
    expect(out).toMatch(/b -> a: \S*b\/z\.ts > \S*a\/w\.ts/);
    expect(code).toBe(1);
  });

  it('a folder cycle fails without a table too', () => {
    const { code, out } = check(project(FOLDER_CYCLE));
    expect(out).toContain('1 folder cycle group');
    expect(code).toBe(1);
  });

  it('an import between folders the table does not declare fails and names the import', () => {
    const { code, out } = checkWithTable(
      {
        'a/x.ts': "import { y } from '../b/y.js';\nexport const x = y;\n",
        'b/y.ts': 'export const y = 1;\n',
      },
      { folders: { a: [], b: [] } },
    );
    expect(out).toMatch(/undeclared folder import a -> b: \S*a\/x\.ts > \S*b\/y\.ts/);
    expect(code).toBe(1);
  });

  it('a folder missing from the table fails', () => {
    const { code, out } = checkWithTable({ 'a/x.ts': 'export const x = 1;\n', 'b/y.ts': 'export const y = 2;\n' }, { folders: { a: [] } });
    expect(out).toContain('folder b is not in the table');
    expect(code).toBe(1);
  });

  it('a cycle through a declared known cycle edge passes, and a second cycle beside it fails', () => {
    const table = { folders: { a: ['b'], b: [], main: ['a'] }, knownCycleEdges: [{ from: 'b', to: 'a', why: 'test' }] };
    const ok = checkWithTable(FOLDER_CYCLE, table);
    expect(ok.out).toContain('b -> a (known cycle edge)');
    expect(ok.out).toContain('folder imports agree with');
    expect(ok.code).toBe(0);

    // main <- a: a second way back (a -> main, main -> a) is not a known edge.
    const more = { ...FOLDER_CYCLE, 'a/v.ts': "import { m } from '../main.js';\nexport const v = m;\n" };
    const bad = checkWithTable(more, { ...table, folders: { ...table.folders, a: ['b', 'main'] } });
    expect(bad.out).toContain('folder cycle not through a known cycle edge');
    expect(bad.code).toBe(1);
  });
});
