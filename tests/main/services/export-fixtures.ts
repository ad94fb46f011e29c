/**
 * Fixtures of the export and render tests: packs of proved two-move Unlock
 * the King levels (helpers.ts `twoMoveLevel`: Ka1-b2, Kb2-c3, hand-worked,
 * UK-4 / UK-6), generated in temp folders (never committed), a serve-like
 * pack host over a workspace, and the checks "nothing landed outside" and
 * "a complete export".
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import { serializeLevel } from '../../../src-shared/format/serialize.js';
import type { UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { serveResolvePath } from '../../../src-main/serve/server.js';
import type { HostContext } from '../../../src-main/services/host-request.js';
import { createPackHostApi, type PackHostOptions } from '../../../src-main/services/pack-host-api.js';
import { SolvePool } from '../../../src-main/services/solve-pool.js';
import { openWorkspace } from '../../../src-main/services/workspace.js';
import { TWO_MOVE_SOLUTION, json, twoMoveLevel } from '../helpers.js';

/** twoMoveLevel titled `title`, with its hand-worked optimal solution stored and current. */
export function provedLevel(title: string): UnlockTheKingLevel {
  const l = twoMoveLevel({ meta: { title } });
  return { ...l, solution: { moves: TWO_MOVE_SOLUTION, length: 2, optimal: true, states: 3, solver: 'castellan test', levelHash: levelHash(l) } };
}

/** Writes a pack folder `dir` of `n` proved levels titled `Level 1` .. `Level n` (files `levels/<k>.level.json`). */
export function writeProvedPack(dir: string, n: number, title = 'Big pack'): void {
  mkdirSync(join(dir, 'levels'), { recursive: true });
  const entries: { file: string; tier?: string }[] = [];
  for (let k = 1; k <= n; k++) {
    writeFileSync(join(dir, 'levels', `${k}.level.json`), serializeLevel(provedLevel(`Level ${k}`)));
    entries.push({ file: `levels/${k}.level.json`, ...(k % 2 === 0 ? { tier: 'Even' } : {}) });
  }
  writeFileSync(join(dir, 'pack.json'), json({ format: 'castellan.pack', version: 1, title, ruleset: 'unlock-the-king', levels: entries }));
}

/** A pack host (createPackHostApi) over the workspace `ws` with serve's confinement; `wrap` may wrap resolvePath (fault injection). */
export function packHostOver(
  ws: string,
  opts: PackHostOptions & { wrap?: (inner: HostContext['resolvePath']) => HostContext['resolvePath'] } = {},
): { api: ReturnType<typeof createPackHostApi>; close: () => Promise<void> } {
  const w = openWorkspace(ws);
  if ('ok' in w) throw new Error(w.message);
  let pool: SolvePool | undefined;
  const inner: HostContext['resolvePath'] = (p, forWrite) => serveResolvePath(w, p, forWrite);
  const ctx: HostContext = {
    kind: 'serve',
    resolvePath: opts.wrap ? opts.wrap(inner) : inner,
    confinedWrites: true,
    pool: () => (pool ??= new SolvePool({ size: 1 })),
    solveTimeMs: 20_000,
    maxStates: 1_000_000,
  };
  return { api: createPackHostApi(ctx, opts), close: async () => void (await pool?.close()) };
}

/** Every file and link below `dir` (relative paths, sorted); [] when `dir` is missing. */
export function filesBelow(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, rel: string): void => {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const n of names) {
      const p = join(d, n);
      const r = rel ? `${rel}/${n}` : n;
      const st = lstatSync(p);
      if (st.isDirectory()) walk(p, r);
      else out.push(r);
    }
  };
  walk(dir, '');
  return out.sort();
}

/**
 * Why the folder export at `dir` is not a complete export of `n` levels
 * made from `writeProvedPack` (pack.json names `n` files in order, each
 * exists and holds `Level k`), or undefined when it is complete.
 */
export function incompleteFolderExport(dir: string, n: number): string | undefined {
  let pack: { levels: { file: string }[] };
  try {
    pack = JSON.parse(readFileSync(join(dir, 'pack.json'), 'utf8')) as typeof pack;
  } catch (e) {
    return `pack.json: ${String(e)}`;
  }
  if (pack.levels.length !== n) return `pack.json names ${pack.levels.length} levels`;
  for (const [k, e] of pack.levels.entries()) {
    if (!existsSync(join(dir, e.file))) return `${e.file} is missing`;
    const level = JSON.parse(readFileSync(join(dir, e.file), 'utf8')) as UnlockTheKingLevel;
    if (level.meta.title !== `Level ${k + 1}`) return `${e.file} holds ${level.meta.title}`;
  }
  return undefined;
}

/**
 * Watches `parent` on every turn of the event loop and, once a folder
 * named `name` (or a hidden folder named after it, as a staging folder
 * would be) holds `levels/` with at least one and fewer than `total` level
 * files, swaps it for a link to `outside` (the folder itself is moved to
 * `moved`). Answers a stop function and whether the swap happened.
 */
export function swapExportFolderMidway(parent: string, name: string, total: number, outside: string): { stop: () => void; swapped: () => boolean } {
  let done = false;
  let stopped = false;
  const look = (): void => {
    if (stopped || done) return;
    try {
      for (const n of readdirSync(parent)) {
        if (n !== name && !n.startsWith(`.${name}.`)) continue;
        const p = join(parent, n);
        const st = lstatSync(p);
        if (!st.isDirectory()) continue;
        const levels = join(p, 'levels');
        const count = existsSync(levels) ? readdirSync(levels).filter((f) => f.endsWith('.level.json')).length : 0;
        if (count >= 1 && count < total) {
          renameSync(p, join(parent, 'moved'));
          symlinkSync(outside, p);
          done = true;
          return;
        }
      }
    } catch {
      // a name came and went meanwhile: look again
    }
    setImmediate(look);
  };
  setImmediate(look);
  return { stop: () => void (stopped = true), swapped: () => done };
}
