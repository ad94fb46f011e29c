/** The sample levels and the Codex blueprints of resources/, parsed (level codes and board text tests). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLevelText } from '../../../src-shared/format/load.js';
import type { Level } from '../../../src-shared/model/level.js';

const ROOT = join(import.meta.dirname, '../../..');

/** Every sample level (resources/levels) and every Codex blueprint (resources/packs/citadel-codex), parsed. */
export function sampleLevels(): { file: string; level: Level }[] {
  const files: string[] = [];
  for (const rs of readdirSync(join(ROOT, 'resources/levels')))
    for (const f of readdirSync(join(ROOT, 'resources/levels', rs))) files.push(join('resources/levels', rs, f));
  for (const f of readdirSync(join(ROOT, 'resources/packs/citadel-codex/levels'))) files.push(join('resources/packs/citadel-codex/levels', f));
  return files.map((file) => {
    const r = parseLevelText(readFileSync(join(ROOT, file), 'utf8'));
    if (!r.ok) throw new Error(`${file}: ${r.error[0]?.message}`);
    return { file, level: r.value };
  });
}

/** One sample level by its path under resources/levels. */
export function sampleLevel(rel: string): Level {
  const r = parseLevelText(readFileSync(join(ROOT, 'resources/levels', rel), 'utf8'));
  if (!r.ok) throw new Error(`${rel}: ${r.error[0]?.message}`);
  return r.value;
}
