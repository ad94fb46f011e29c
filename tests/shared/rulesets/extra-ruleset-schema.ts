/**
 * The level schema with the test ruleset's fragment (extra-ruleset.ts
 * `CRATES_FRAGMENT`) added, built the way `npm run gen` builds it
 * (scripts/gen-format.mjs `combineLevelSchema` over the base and every
 * ruleset folder's fragment): a validator compiled at once for vitest's
 * `vi.mock`, or standalone code for the e2e build.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import { CRATES_FRAGMENT } from './extra-ruleset.js';

interface GenModule {
  readLevelSources(rootDir: string): Promise<{ base: object; fragments: object[] }>;
  combineLevelSchema(base: object, fragments: object[]): object;
  standaloneValidator(schema: object): string;
  AJV_OPTIONS: object;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function withCrates(): Promise<{ gen: GenModule; schema: object }> {
  const gen = (await import(pathToFileURL(path.join(root, 'scripts/gen-format.mjs')).href)) as GenModule;
  const { base, fragments } = await gen.readLevelSources(root);
  return { gen, schema: gen.combineLevelSchema(base, [...fragments, CRATES_FRAGMENT]) };
}

/** `vi.mock` factory of src-shared/format/generated/validate-level.js: the combined schema with Crates, compiled by ajv with the generator's options. */
export async function levelValidatorWithCrates(): Promise<{ default: unknown }> {
  const { gen, schema } = await withCrates();
  const ajv = new Ajv({ ...gen.AJV_OPTIONS, code: { esm: true } });
  return { default: ajv.compile(schema) };
}

/** The standalone ESM validator of the combined schema with Crates (what the generator writes to validate-level.js). */
export async function levelValidatorCodeWithCrates(): Promise<string> {
  const { gen, schema } = await withCrates();
  return gen.standaloneValidator(schema);
}
