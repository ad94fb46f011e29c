/**
 * The generated validators and types (src-shared/format/generated/) are
 * current with schemas/, contain no CommonJS `require`, and the schemas'
 * enums and patterns match the hand-written model constants.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CM_COLORS, CM_SIDES, FACINGS, KV_SIDES, ROLES, TRANSFORM_TYPES, UK_COLORS } from '../../../src-shared/model/level.js';
import { RULESETS } from '../../../src-shared/rulesets/index.js';
import { LETTER_PATTERN, LEVEL_HASH_PATTERN, PACK_FILE_PATTERN, SPELL_PATTERN, SQUARE_PATTERN } from '../../../src-shared/format/schema-issues.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const genModuleUrl = pathToFileURL(path.join(root, 'scripts/gen-format.mjs')).href;

/** The generator module (plain .mjs, imported dynamically so tsc does not need its types). */
interface GenModule {
  generateFormatFiles(rootDir: string): Promise<Map<string, string>>;
  rewriteRuntimeRequires(code: string): string;
  standaloneValidator(schema: object, extra?: object[]): string;
}
const loadGen = async (): Promise<GenModule> => (await import(genModuleUrl)) as GenModule;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema JSON is navigated untyped by the assertions
const readJson = async (rel: string): Promise<any> => JSON.parse(await readFile(path.join(root, rel), 'utf8'));

describe('generated files', () => {
  it('committed generated files equal a fresh in-memory generation (run `npm run gen`)', async () => {
    const gen = await loadGen();
    const files = await gen.generateFormatFiles(root);
    expect([...files.keys()].sort()).toEqual([
      'schemas/level.schema.json',
      'src-shared/format/generated/schema-types.ts',
      'src-shared/format/generated/types-agree.ts',
      'src-shared/format/generated/validate-level.d.ts',
      'src-shared/format/generated/validate-level.js',
      'src-shared/format/generated/validate-pack.d.ts',
      'src-shared/format/generated/validate-pack.js',
    ]);
    for (const [rel, content] of files) {
      const committed = await readFile(path.join(root, rel), 'utf8');
      expect(committed === content, `${rel} is stale; run npm run gen`).toBe(true);
    }
  });

  it('generated validators are ESM without require()', async () => {
    for (const rel of ['validate-level.js', 'validate-pack.js']) {
      const code = await readFile(path.join(root, 'src-shared/format/generated', rel), 'utf8');
      expect(code).not.toMatch(/\brequire\s*\(/);
      expect(code).toMatch(/export default /);
    }
  });

  describe('rewriteRuntimeRequires (docs/dev/toolchain.md: standalone output requires ajv/dist/runtime/*)', () => {
    const tmpDir = path.join(root, 'node_modules/.tmp/format-gen-test');
    afterAll(async () => {
      await rm(tmpDir, { recursive: true, force: true });
    });

    it('turns ucs2length/equal requires into working ESM imports', async () => {
      const gen = await loadGen();
      // minLength needs ucs2length; uniqueItems over untyped items needs equal.
      const schema = {
        type: 'object',
        properties: { s: { type: 'string', minLength: 2 }, a: { type: 'array', uniqueItems: true } },
      };
      const code = gen.standaloneValidator(schema);
      expect(code).not.toMatch(/\brequire\s*\(/);
      expect(code).toContain('import * as __ajvRuntimeNs_ucs2length from "ajv/dist/runtime/ucs2length.js"');
      expect(code).toContain('import * as __ajvRuntimeNs_equal from "ajv/dist/runtime/equal.js"');
      // Load it as a real ES module from inside the repo (so `ajv` resolves).
      await mkdir(tmpDir, { recursive: true });
      const file = path.join(tmpDir, 'validate.mjs');
      await writeFile(file, code);
      const mod = (await import(pathToFileURL(file).href)) as { default: (d: unknown) => boolean };
      const validate = mod.default;
      expect(validate({ s: 'ab', a: [{ x: 1 }, { x: 2 }] })).toBe(true);
      // ucs2length counts the astral character as ONE code point, so "😀" (2 UTF-16 units) is too short.
      expect(validate({ s: '😀' })).toBe(false);
      expect(validate({ s: 'a' })).toBe(false);
      expect(validate({ a: [{ x: 1 }, { x: 1 }] })).toBe(false);
    });

    it('refuses a require() that is not an ajv runtime helper', async () => {
      const gen = await loadGen();
      expect(() => gen.rewriteRuntimeRequires('const x = require("fs");')).toThrow(/require/);
    });
  });
});

describe('schemas agree with the model constants and message patterns', () => {
  it("level schema enums equal the const tuples of model/level.ts; its rulesets are the registry's", async () => {
    const s = await readJson('schemas/level.schema.json');
    const d = s.$defs;
    expect([...d.ruleset.enum].sort()).toEqual(Object.keys(RULESETS).sort());
    expect(d.role.enum).toEqual([...ROLES]);
    expect(d.facing.enum).toEqual([...FACINGS]);
    expect(d.ukColor.enum).toEqual([...UK_COLORS]);
    expect(d.cmColor.enum).toEqual([...CM_COLORS]);
    expect(d.cmSide.enum).toEqual([...CM_SIDES]);
    expect(d.kvSide.enum).toEqual([...KV_SIDES]);
    expect(d.transformTile.properties.allowed.items.enum).toEqual([...TRANSFORM_TYPES]);
    expect(d.cmTile.properties.kind.enum).toEqual(['lock', 'plate', 'key', 'transform', 'coin', 'gem', 'letter', 'finish']);
  });

  it("pack schema ruleset is the level schema's", async () => {
    const s = await readJson('schemas/pack.schema.json');
    expect(s.properties.ruleset).toEqual({ $ref: 'level.schema.json#/$defs/ruleset' });
  });

  it('patterns used for messages are the schema patterns', async () => {
    const s = await readJson('schemas/level.schema.json');
    const p = await readJson('schemas/pack.schema.json');
    expect(s.$defs.square.pattern).toBe(SQUARE_PATTERN);
    expect(s.$defs.solution.properties.levelHash.pattern).toBe(LEVEL_HASH_PATTERN);
    expect(s.$defs.letterTile.properties.letter.pattern).toBe(LETTER_PATTERN);
    expect(s.$defs.cmObjectives.properties.spell.pattern).toBe(SPELL_PATTERN);
    expect(p.$defs.packFileEntry.properties.file.pattern).toBe(PACK_FILE_PATTERN);
  });

  it('square pattern accepts a1..z26 and nothing else (RULINGS "Common")', () => {
    const re = new RegExp(SQUARE_PATTERN, 'u');
    for (const ok of ['a1', 'e4', 'h8', 'p16', 'z26', 'a10', 'b19', 'c20']) expect(re.test(ok), ok).toBe(true);
    for (const bad of ['z99', 'a0', 'a27', 'A1', 'e', '4e', 'e04', 'aa1', ' e4', 'e4 ', 'e100']) {
      expect(re.test(bad), bad).toBe(false);
    }
  });
});
