/**
 * The repository stands on its own (scripts/check-self-contained.mjs, run
 * by `npm run lint`): no `../shared` in README.md, docs/ or src-*, no
 * `/work/` machine path there or in schemas/ (generated files included).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

interface Hit {
  file: string;
  line: number;
  pattern: string;
}
interface CheckModule {
  findOutsideReferences(root?: string): Hit[];
}

const check = async (): Promise<CheckModule> => (await import(pathToFileURL(join(root, 'scripts/check-self-contained.mjs')).href)) as CheckModule;

let tmp: string | undefined;
afterEach(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  tmp = undefined;
});

describe('scripts/check-self-contained.mjs', () => {
  it('README, docs, sources and schemas point only inside the repository', async () => {
    const hits = (await check()).findOutsideReferences(root);
    expect(hits.map((h) => `${h.file}:${h.line}: ${h.pattern}`)).toEqual([]);
  });

  it('finds ../shared and /work/ where they are not allowed, and only there', async () => {
    tmp = mkdtempSync(join(tmpdir(), 'castellan-self-contained-'));
    const put = (rel: string, text: string): void => {
      mkdirSync(dirname(join(tmp!, rel)), { recursive: true });
      writeFileSync(join(tmp!, rel), text);
    };
    put('README.md', 'Rules: see\n`../shared/rules/RULINGS.md`.\n');
    put('docs/dev/BRIEF.md', 'Repo: /work/main\n');
    put('src-shared/model/level.ts', '// fixed by ../shared/format/LEVEL-FORMAT-v1.md\n');
    put('schemas/level.schema.json', '{"description": "Implements /work/shared/format/LEVEL-FORMAT-v1.md"}\n');
    put('schemas/other.json', '{"description": "../shared is only checked outside schemas"}\n');
    put('tests/x.test.ts', "// a test may name '/work/' and ../shared\n");
    const hits = (await check()).findOutsideReferences(tmp);
    expect(hits.map((h) => `${h.file}:${h.line}: ${h.pattern}`).sort()).toEqual([
      'README.md:2: ../shared',
      'docs/dev/BRIEF.md:1: /work/',
      'schemas/level.schema.json:1: /work/',
      'src-shared/model/level.ts:1: ../shared',
    ]);
  });
});
