/**
 * The play session runs with no DOM, no Svelte and no Node
 * (src-shared/play/): its whole import graph, bundled by esbuild for a
 * neutral platform, holds only modules of src-shared and one pure hashing
 * package (no `node:` module, no Svelte, nothing of the renderer or the
 * host), and the
 * bundle plays a game inside a bare JavaScript context (node:vm, only the
 * language's own globals: no window, document, process, require or
 * timers), as a standalone player page would.
 */
import { runInContext, createContext } from 'node:vm';
import { relative, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * Packages the core may use: pure JavaScript with no platform API
 * (@noble/hashes: sha256 for the level hash). Any other package, `node:`
 * module, Svelte or Electron fails the build.
 */
const PURE_PACKAGES = /^@noble\/hashes\//;

/** Records every package import esbuild resolves; one not in PURE_PACKAGES fails the build. */
function onlyPure(packages: string[]): Plugin {
  return {
    name: 'only-pure',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point' || args.path.startsWith('.')) return undefined;
        packages.push(args.path);
        if (PURE_PACKAGES.test(args.path) && !args.importer.includes('node_modules')) return undefined;
        if (args.importer.includes('node_modules/@noble/') && args.path.startsWith('@noble/')) return undefined;
        return { errors: [{ text: `import "${args.path}" in ${relative(ROOT, args.importer)}` }] };
      });
    },
  };
}

async function bundle(): Promise<{ code: string; inputs: string[]; packages: string[] }> {
  const packages: string[] = [];
  const r = await build({
    stdin: {
      contents: [
        "export * from './src-shared/play/index.ts';",
        "export * from './src-shared/play/session.ts';",
        "export * from './src-shared/play/driver.ts';",
        "export * from './src-shared/play/hints.ts';",
        "export * from './src-shared/play/runners.ts';",
        "export { rulesetOf } from './src-shared/rulesets/index.ts';",
      ].join('\n'),
      resolveDir: ROOT,
      sourcefile: 'player-entry.ts',
      loader: 'ts',
    },
    bundle: true,
    write: false,
    platform: 'neutral',
    format: 'iife',
    globalName: 'Play',
    metafile: true,
    logLevel: 'silent',
    plugins: [onlyPure(packages)],
  });
  return { code: r.outputFiles[0]!.text, inputs: Object.keys(r.metafile.inputs), packages };
}

describe('the play session is headless', () => {
  it('its import graph is src-shared and a pure hashing package only (no DOM, Svelte or Node module)', async () => {
    const { inputs, packages } = await bundle();
    expect(inputs.length).toBeGreaterThan(20);
    expect(inputs.filter((f) => f !== 'player-entry.ts' && !f.startsWith('src-shared/') && !/(^|\/)node_modules\/@noble\/hashes\//.test(f))).toEqual([]);
    expect(packages.length).toBeGreaterThan(0);
    expect(packages.filter((p) => !PURE_PACKAGES.test(p))).toEqual([]);
  }, 60_000);

  it('the bundle plays Unlock the King and King’s Valley against the engine in a bare JavaScript context', async () => {
    const { code } = await bundle();
    const ctx = createContext({});
    runInContext(code, ctx);
    const out = (await runInContext(
      `(async () => {
        const bare = [typeof window, typeof document, typeof process, typeof require, typeof setTimeout].join(' ');
        const uk = { format: 'castellan.level', version: 1, ruleset: 'unlock-the-king', meta: { title: 'u' },
          board: { width: 3, height: 3 }, walls: [], portal: 'a3', pieces: [{ role: 'king', square: 'a1' }] };
        let s = Play.startPlay(uk, { par: 2 }).value;
        s = s.play('a1', 'a2').play('a2', 'a3');
        const kv = { format: 'castellan.level', version: 1, ruleset: 'kings-valley', meta: { title: 'k' }, board: { width: 5, height: 5 },
          sideToMove: 'white', goal: { type: 'win-in', moves: 2 },
          pieces: 'Kc1 Sa1 Se1 Sc2 Sa5 kc5 se2 sb5 sd5 se5'.split(' ').map((t) => ({ role: t[0].toLowerCase() === 'k' ? 'king' : 'soldier',
            side: t[0] === t[0].toUpperCase() ? 'white' : 'black', square: t.slice(1) })) };
        const d = new Play.PlayDriver(Play.startPlay(kv, { user: 'white' }).value, { engine: Play.directEngine(Play.rulesetOf(kv)) });
        d.move('c2', 'c4');
        await d.settled();
        d.move('c1', 'c3');
        return { bare, uk: [s.view.statusText, s.view.stars, s.view.score.total], kv: [d.session.view.moves, d.session.view.statusText, d.session.view.stars] };
      })()`,
      ctx,
    )) as { bare: string; uk: unknown[]; kv: unknown[] };
    expect(out.bare).toBe('undefined undefined undefined undefined undefined');
    // UK-8: a clean escape at par: 1000 + 500 + 300.
    expect(out.uk).toEqual(['You won in 2 moves — par 2: at par', 3, 1800]);
    // KV-8: the key, the engine's defence, the valley (KV-5): a win in 2 within N = 2.
    expect(out.kv).toEqual([3, 'White wins: the king reached the valley (KV-5). You won!', 3]);
  }, 60_000);
});
