/**
 * The canvas view state (src-renderer/app/canvas.svelte.ts `canvas`, one
 * module singleton so the clipboard outlives a tab) is reached only through
 * the contexts: the composition root (app/controller.svelte.ts) imports the
 * value and hands it on as `app.canvas`; every other module takes it from its
 * context object or props and may import the module's types only.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../../src-renderer', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|svelte)$/.test(n) ? [p] : [];
  });
}

describe('canvas view state behind the contexts', () => {
  it('only the composition root imports the canvas singleton as a value', () => {
    const importers = files(SRC)
      .filter((f) => /import\s+\{[^}]*\bcanvas\b[^}]*\}\s+from\s+'[^']*canvas\.svelte\.js'/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(importers).toEqual(['app/controller.svelte.ts']);
  });
});
