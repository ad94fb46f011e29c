/**
 * Migrations: an ordered list of pure vN -> vN+1 steps, run before the
 * schema check; newer versions are refused, never half-loaded.
 */
import { describe, expect, it } from 'vitest';
import { CURRENT_VERSION, LEVEL_MIGRATIONS, PACK_MIGRATIONS, migrateDocument, type Migration } from '../../../src-shared/format/migrate.js';
import { errorsOf, valueOf } from './helpers.js';

describe('current state', () => {
  it('format version 1, no migrations yet; list length = CURRENT_VERSION - 1', () => {
    expect(CURRENT_VERSION).toBe(1);
    expect(LEVEL_MIGRATIONS).toHaveLength(CURRENT_VERSION - 1);
    expect(PACK_MIGRATIONS).toHaveLength(CURRENT_VERSION - 1);
  });

  it('a v1 document passes through unchanged (same object, nothing to do)', () => {
    const doc = { format: 'castellan.level', version: 1, x: 1 };
    expect(valueOf(migrateDocument(doc, 'level'))).toBe(doc);
  });
});

describe('runner with injected migrations', () => {
  // v1 -> v2 renames `walls` to `barriers`; v2 -> v3 adds `extra`.
  const v1to2: Migration = (d) => {
    const { walls, ...rest } = d;
    return { ...rest, version: 2, barriers: walls ?? [] };
  };
  const v2to3: Migration = (d) => ({ ...d, version: 3, extra: true });
  const steps = [v1to2, v2to3];

  it('runs every step from the file version up, in order', () => {
    const out = valueOf(migrateDocument({ version: 1, walls: ['d4'] }, 'level', steps));
    expect(out).toEqual({ version: 3, barriers: ['d4'], extra: true });
  });

  it('starts at the file version (a v2 document only runs v2 -> v3)', () => {
    const out = valueOf(migrateDocument({ version: 2, barriers: [] }, 'level', steps));
    expect(out).toEqual({ version: 3, barriers: [], extra: true });
  });

  it('does not mutate its input (pure steps)', () => {
    const input = { version: 1, walls: ['d4'] };
    migrateDocument(input, 'level', steps);
    expect(input).toEqual({ version: 1, walls: ['d4'] });
  });

  it('refuses a version newer than the last step produces', () => {
    const [i] = errorsOf(migrateDocument({ version: 4 }, 'pack', steps));
    expect(i).toMatchObject({ severity: 'error', code: 'format-version-unsupported', pointer: '/version' });
    expect(i!.message).toMatch(/pack is format version 4.*up to version 3/);
  });

  it('a step that throws or forgets to bump the version -> migration-failed', () => {
    const throwing: Migration = () => {
      throw new Error('bad data');
    };
    const lazy: Migration = (d) => ({ ...d });
    expect(errorsOf(migrateDocument({ version: 1 }, 'level', [throwing]))[0]).toMatchObject({ code: 'migration-failed' });
    expect(errorsOf(migrateDocument({ version: 1 }, 'level', [throwing]))[0]!.message).toContain('bad data');
    expect(errorsOf(migrateDocument({ version: 1 }, 'level', [lazy]))[0]).toMatchObject({ code: 'migration-failed' });
  });

  it('missing / non-integer / < 1 versions are errors', () => {
    expect(errorsOf(migrateDocument({}, 'level', steps))[0]!.code).toBe('format-version-missing');
    for (const v of ['1', 1.5, 0, -1, null, true, [1]]) {
      expect(errorsOf(migrateDocument({ version: v }, 'level', steps))[0]!.code, String(v)).toBe('format-version-invalid');
    }
  });

  it('pointers are prefixed for embedded documents', () => {
    const [i] = errorsOf(migrateDocument({ version: 9 }, 'level', [], '/levels/2/level'));
    expect(i!.pointer).toBe('/levels/2/level/version');
  });
});
