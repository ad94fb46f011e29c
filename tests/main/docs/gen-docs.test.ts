/**
 * The generated references (docs/reference/*.md, scripts/gen-docs.mjs) are
 * current with schemas/ and the CLI program, and cover every schema
 * definition and every command and option (checked against the sources
 * independently of the generator's own walk).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

interface GenModule {
  generateDocs(root?: string): Promise<Map<string, string>>;
}

const gen = async (): Promise<Map<string, string>> => ((await import(pathToFileURL(join(root, 'scripts/gen-docs.mjs')).href)) as GenModule).generateDocs(root);

describe('docs/reference', () => {
  it('the committed files are what the generator writes now (run `npm run docs` when this fails)', async () => {
    const files = await gen();
    expect([...files.keys()].sort()).toEqual(['docs/reference/cli.md', 'docs/reference/format.md']);
    for (const [rel, text] of files) expect(readFileSync(join(root, rel), 'utf8'), rel).toBe(text);
  });

  it('format.md has a section for every definition of both schemas and lists every enum value', () => {
    const md = readFileSync(join(root, 'docs/reference/format.md'), 'utf8');
    for (const file of ['level', 'pack']) {
      const schema = JSON.parse(readFileSync(join(root, `schemas/${file}.schema.json`), 'utf8')) as { $defs: Record<string, { enum?: string[] }> };
      for (const [name, def] of Object.entries(schema.$defs)) {
        expect(md, `${file} / ${name}`).toContain(`### ${file} / ${name}`);
        for (const v of def.enum ?? []) expect(md, `${name} value ${v}`).toContain(`\`${v}\``);
      }
    }
    // A field with its type, required flag and description (level.schema.json "par").
    expect(md).toContain("| `par` | integer (≥ 1) | no | The designer's official par (UK-7); a positive integer. |");
  });

  it('cli.md documents every command and option of the CLI source and the exit codes 0-4', () => {
    const md = readFileSync(join(root, 'docs/reference/cli.md'), 'utf8');
    const src = ['main.ts', 'pack.ts', 'render.ts', 'generate.ts'].map((f) => readFileSync(join(root, 'src-main/cli', f), 'utf8')).join('\n');
    const commands = [...src.matchAll(/\.command\('([a-z-]+)'\)/g)].map((m) => m[1]!);
    expect(commands.length).toBeGreaterThan(6);
    for (const c of commands) expect(md, c).toMatch(new RegExp(`### \`castellan (?:[a-z]+ )?${c}\``));
    const options = [...src.matchAll(/\.(?:option|requiredOption)\('([^']+)'/g)].map((m) => m[1]!);
    for (const o of options) expect(md, o).toContain(`\`${o}\``);
    for (const [code, name] of [[0, 'ok'], [1, 'invalid'], [2, 'unsolvable'], [3, 'limit'], [4, 'failure']] as const) {
      expect(md).toContain(`| ${code} | \`${name}\` |`);
    }
  });
});
