/**
 * docs/reference/format-contract.md, the file format and command line
 * contract in the project's own words: its example files load as they are
 * (levels with no error under the schema and the builder rules, packs under
 * the pack schema), and it names every exit code of the command line
 * (src-main/cli/main.ts `EXIT`) and every `solve --json` field of the
 * contract.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPackObject } from '../../../src-shared/format/load.js';
import { validateDocument } from '../../../src-shared/rulesets/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const page = readFileSync(join(root, 'docs/reference/format-contract.md'), 'utf8');

describe('docs/reference/format-contract.md', () => {
  it('its example level and pack files load as they are', () => {
    const blocks = [...page.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!) as { format?: string });
    expect(blocks.map((b) => b.format)).toEqual(['castellan.level', 'castellan.level', 'castellan.pack']);
    for (const b of blocks) {
      if (b.format === 'castellan.level') expect(validateDocument(b).issues.filter((i) => i.severity === 'error')).toEqual([]);
      else expect(checkPackObject(b).ok).toBe(true);
    }
  });

  it('it names every exit code of the command line and the solve --json fields of the contract', () => {
    const main = readFileSync(join(root, 'src-main/cli/main.ts'), 'utf8');
    const exit = /export const EXIT = \{([^}]*)\}/.exec(main)?.[1];
    const codes = [...(exit ?? '').matchAll(/: (\d+)/g)].map((m) => m[1]!);
    expect(codes.length).toBeGreaterThanOrEqual(6);
    for (const c of codes) expect(page, `exit code ${c}`).toMatch(new RegExp(`(^\\| ${c} \\||\\b${c} when)`, 'm'));
    for (const field of ['status', 'length', 'moves', 'states', 'ms', 'errors', 'keys', 'keysWithinN', 'warnings', 'problem-short', 'problem-cooked']) {
      expect(page, field).toContain(field);
    }
  });
});
