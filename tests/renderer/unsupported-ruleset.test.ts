/**
 * A document whose ruleset the editor has no editing module for answers
 * `ruleset-unsupported` wherever it would enter the editor, never a silent
 * fallback to another ruleset's tools. The core registry and the level
 * validator get a ruleset of the tests (tests/shared/rulesets/extra-ruleset.ts,
 * "Crates") through its test-only hook, the renderer's registry does not:
 * a valid Crates file loads, and the editor refuses it, naming the rulesets
 * it edits.
 */
import { describe, expect, it, vi } from 'vitest';
import { openDroppedFiles, type DropTarget } from '../../src-renderer/app/file-drop.js';
import { canEdit, editingModule, unsupportedInEditor } from '../../src-renderer/rulesets/index.js';
import { newLevel } from '../../src-renderer/editor/default-doc.js';
import { parseLevelText } from '../../src-shared/format/load.js';
import type { LevelBase } from '../../src-shared/ruleset.js';

vi.mock('../../src-shared/rulesets/registry.js', async (importOriginal) =>
  (await import('../shared/rulesets/extra-ruleset.js')).registryWithCrates(importOriginal),
);
vi.mock('../../src-shared/format/generated/validate-level.js', async () => {
  // A path the web project does not type-check (the module compiles the schema with Node's ajv).
  const schema = '../shared/rulesets/extra-ruleset-schema.js';
  return ((await import(/* @vite-ignore */ schema)) as { levelValidatorWithCrates(): Promise<object> }).levelValidatorWithCrates();
});

const yard = {
  format: 'castellan.level',
  version: 1,
  ruleset: 'crates',
  meta: { title: 'Yard' },
  board: { width: 4, height: 4 },
  crates: ['b2'],
  pusher: { square: 'a1' },
};
const text = JSON.stringify(yard);

describe('ruleset-unsupported in the editor', () => {
  it('the file is valid (the core module and the schema know Crates), but the editor cannot edit it', () => {
    expect(parseLevelText(text).ok).toBe(true);
    expect(canEdit(yard)).toBe(false);
    expect(canEdit(newLevel('locking-chess'))).toBe(true);
  });

  it('a dropped Crates file is refused with ruleset-unsupported, naming the four rulesets the editor edits', async () => {
    const log: string[] = [];
    const app: DropTarget = {
      openDroppedPath: async () => null,
      openUnsaved: (doc) => log.push(`unsaved:${doc.ruleset}`),
      showError: (e) => log.push(`error:${e.code}`),
    };
    const out = await openDroppedFiles(app, [{ name: 'yard.level.json', size: text.length, text: async () => text }], null);
    expect(out).toEqual([
      {
        kind: 'refused',
        name: 'yard.level.json',
        code: 'ruleset-unsupported',
        message: 'yard.level.json is a "crates" level: this editor edits Unlock the King, Chess Maze, King\'s Valley and Locking Chess levels.',
      },
    ]);
    expect(log.some((l) => l.startsWith('unsaved:'))).toBe(false);
  });

  it("no silent fallback: asking for a Crates document's editing module is an error naming ruleset-unsupported", () => {
    expect(() => editingModule(yard as LevelBase)).toThrow(/ruleset-unsupported/);
    expect(editingModule(newLevel('kings-valley')).def.id).toBe('kings-valley');
    expect(unsupportedInEditor({ ruleset: 'sokoban' }, 'x.level.json').code).toBe('ruleset-unsupported');
  });
});
