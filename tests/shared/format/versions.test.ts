/**
 * Format versions: fixtures for every version the build
 * reads (tests/fixtures/format/v<N>/), each loading to the current version;
 * files from unknown future versions (tests/fixtures/format/future/) refused
 * with a clear message, never half-loaded; the migration list made of pure
 * vN -> vN+1 steps (checked on every fixture, and the runner checked with
 * generated synthetic chains).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLevelText, parsePackText } from '../../../src-shared/format/load.js';
import { CURRENT_VERSION, LEVEL_MIGRATIONS, PACK_MIGRATIONS, migrateDocument, type Migration } from '../../../src-shared/format/migrate.js';
import { RULESET_LIST } from '../../../src-shared/rulesets/index.js';
import type { Issue, Result } from '../../../src-shared/validation/issue.js';
import { errorsOf, valueOf } from './helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/format');

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else out.push(p);
  }
  return out.sort();
}

function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null) {
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
    Object.freeze(v);
  }
  return v;
}

const versions = Array.from({ length: CURRENT_VERSION }, (_, i) => i + 1);

describe('fixtures for every format version', () => {
  it('one fixture folder per readable version, none for versions this build does not read', () => {
    for (const v of versions) expect(existsSync(path.join(ROOT, `v${v}`)), `tests/fixtures/format/v${v}`).toBe(true);
    const extra = readdirSync(ROOT).filter((n) => /^v\d+$/.test(n) && Number(n.slice(1)) > CURRENT_VERSION);
    expect(extra, 'fixtures of a version newer than CURRENT_VERSION: bump it and add the migration').toEqual([]);
  });

  for (const v of versions) {
    const dir = path.join(ROOT, `v${v}`);
    const files = existsSync(dir) ? filesUnder(dir) : [];
    const levels = files.filter((f) => f.endsWith('.level.json'));
    const packs = files.filter((f) => f.endsWith('.pack.json') || path.basename(f) === 'pack.json');

    it(`v${v}: at least one level per ruleset and one pack`, () => {
      const rulesets = new Set(levels.map((f) => JSON.parse(readFileSync(f, 'utf8')).ruleset));
      for (const { id } of RULESET_LIST) expect(rulesets.has(id), `a v${v} ${id} fixture`).toBe(true);
      expect(packs.length).toBeGreaterThan(0);
    });

    for (const f of levels) {
      it(`v${v} ${path.relative(dir, f)} loads and migrates to version ${CURRENT_VERSION}`, () => {
        const raw = JSON.parse(readFileSync(f, 'utf8'));
        expect(raw.version).toBe(v);
        const level = valueOf(parseLevelText(readFileSync(f, 'utf8')));
        expect(level.version).toBe(CURRENT_VERSION);
        if (v === CURRENT_VERSION) expect(level).toEqual(raw); // nothing to migrate: loaded as written
      });
    }
    for (const f of packs) {
      it(`v${v} ${path.relative(dir, f)} (pack) loads at version ${CURRENT_VERSION}`, () => {
        const pack = valueOf(parsePackText(readFileSync(f, 'utf8')));
        expect(pack.version).toBe(CURRENT_VERSION);
      });
    }
  }
});

describe('files from a future version are refused, never half-loaded', () => {
  const dir = path.join(ROOT, 'future');
  const cases: [string, 'level' | 'pack', string, RegExp][] = [
    ['v2-unlock-the-king.level.json', 'level', '/version', /level is format version 2, newer than this Castellan understands \(up to version 1\)/],
    ['v99-chess-maze.level.json', 'level', '/version', /level is format version 99, newer than this Castellan understands/],
    ['v2.pack.json', 'pack', '/version', /pack is format version 2, newer than this Castellan understands/],
    ['v1-pack-with-v2-level.pack.json', 'pack', '/levels/1/level/version', /level is format version 2/],
  ];
  for (const [file, kind, pointer, message] of cases) {
    it(`${file}: format-version-unsupported at ${pointer}, no document`, () => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const r: Result<unknown, Issue[]> = kind === 'level' ? parseLevelText(text) : parsePackText(text);
      expect(r.ok).toBe(false);
      const errors = errorsOf(r);
      expect(errors).toHaveLength(1); // one clear reason, not a cascade of schema errors
      expect(errors[0]).toMatchObject({ severity: 'error', code: 'format-version-unsupported', pointer });
      expect(errors[0]!.message).toMatch(message);
      expect(errors[0]!.message).toMatch(/Open it with a newer Castellan; it was not loaded\./);
    });
  }
});

describe('the migration list', () => {
  it(`has exactly CURRENT_VERSION - 1 = ${CURRENT_VERSION - 1} steps per document kind`, () => {
    expect(LEVEL_MIGRATIONS).toHaveLength(CURRENT_VERSION - 1);
    expect(PACK_MIGRATIONS).toHaveLength(CURRENT_VERSION - 1);
    expect(Object.isFrozen(LEVEL_MIGRATIONS) && Object.isFrozen(PACK_MIGRATIONS)).toBe(true);
  });

  it('every real step is pure on every fixture of its version: frozen input, same output twice, version + 1', () => {
    for (const [kind, list] of [
      ['level', LEVEL_MIGRATIONS],
      ['pack', PACK_MIGRATIONS],
    ] as const) {
      list.forEach((step, i) => {
        const from = i + 1;
        const dir = path.join(ROOT, `v${from}`);
        for (const f of filesUnder(dir).filter((x) => (kind === 'level' ? x.endsWith('.level.json') : !x.endsWith('.level.json') && x.endsWith('.json')))) {
          const input = deepFreeze(JSON.parse(readFileSync(f, 'utf8')));
          const a = step(input); // throws on a frozen input if the step mutates it
          const b = step(input);
          expect(a).toEqual(b);
          expect(a['version']).toBe(from + 1);
        }
      });
    }
  });

  it('the runner, with generated chains: every step from the file version up, in order, input untouched', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.dictionary(fc.string({ maxLength: 5 }), fc.integer()),
        (n, startOffset, extra) => {
          // Steps v -> v+1 append their own mark, so order and coverage are visible.
          const steps: Migration[] = Array.from({ length: n }, (_, i) => (d) => ({
            ...d,
            version: i + 2,
            trail: [...((d['trail'] as number[]) ?? []), i + 1],
          }));
          const start = 1 + (startOffset % (n + 1));
          const doc = deepFreeze({ ...extra, version: start });
          const r = migrateDocument(doc, 'level', steps);
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(r.value['version']).toBe(n + 1);
          const expectedTrail = Array.from({ length: n + 1 - start }, (_, i) => start + i);
          expect(r.value['trail'] ?? []).toEqual(expectedTrail);
          expect(doc['version']).toBe(start);
          // One version past the end of the chain is refused.
          expect(migrateDocument({ version: n + 2 }, 'level', steps).ok).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
