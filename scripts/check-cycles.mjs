#!/usr/bin/env node
/**
 * Import cycle check: fails when the modules of src-shared, src-renderer,
 * src-main and src-player import each other in a circle, type-only imports included (a
 * type cycle still ties two modules into one concept and is how runtime
 * cycles start).
 *
 * The graph is read from the import statements themselves with the
 * TypeScript scanner (`ts.preProcessFile`: `import`, `import type`,
 * `export ... from`, `import()`), for `.ts` files and for the `<script>`
 * blocks of `.svelte` files, which general tools (madge, dpdm) do not read.
 * Relative specifiers resolve as the bundler does here: `x.js` -> `x.ts`,
 * `x.svelte.js` -> `x.svelte.ts`, `x.svelte` as is, a folder -> its
 * `index.ts`; a `?worker` style query is dropped. Package imports are not
 * followed.
 *
 * Output: one line per strongly connected group of modules, with one
 * concrete cycle through it (`a.ts > b.ts > a.ts`). Exit code 1 when any
 * cycle exists, 0 otherwise.
 *
 * Folder graph: the same imports lifted to folders (see `folderOf`: the
 * first-level folders of each src folder, and each top-level file as a
 * folder of its own). Each strongly connected group of folders is printed
 * with the module imports that make each of its edges. The folder imports
 * must agree with the declared table (scripts/folder-deps.json, described
 * in docs/dev/folders.md): exit code 1 on a folder import the table does
 * not list, on a folder missing from it, and on a folder cycle that does
 * not run through one of its `knownCycleEdges`. Without a table (other
 * folders given, no `--deps`), any folder cycle fails.
 *
 * Usage: node scripts/check-cycles.mjs [--deps table.json] [folder ...]
 *   (default: the four src folders and scripts/folder-deps.json)
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_DIRS = ['src-shared', 'src-renderer', 'src-main', 'src-player'];
const DEFAULT_TABLE = join(ROOT, 'scripts', 'folder-deps.json');

/** Every .ts / .svelte file under `dir` (node_modules and build output skipped). */
function sourceFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      if (name === 'node_modules' || name === 'out') continue;
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|svelte)$/.test(name)) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** The script text of a file: the whole file for .ts, the `<script>` blocks of a .svelte component. */
function scriptText(file) {
  const text = readFileSync(file, 'utf8');
  if (!file.endsWith('.svelte')) return text;
  const blocks = [];
  const re = /<script\b[^>]*>([\s\S]*?)<\/script>/g;
  for (let m = re.exec(text); m; m = re.exec(text)) blocks.push(m[1]);
  return blocks.join('\n');
}

function isFile(p) {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** Resolves a relative import specifier of `from` to a source file path, or null (a package, an asset, a missing file). */
function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null;
  const bare = spec.replace(/\?.*$/, '');
  const base = resolve(dirname(from), bare);
  const candidates = [];
  if (/\.(js|mjs)$/.test(base)) {
    const stem = base.replace(/\.m?js$/, '');
    candidates.push(`${stem}.ts`, `${stem}.mts`, `${stem}.d.ts`);
  }
  candidates.push(base, `${base}.ts`, join(base, 'index.ts'));
  return candidates.find((c) => /\.(ts|svelte)$/.test(c) && isFile(c)) ?? null;
}

/** The import graph: file -> the files it imports (inside the scanned folders). */
function importGraph(files) {
  const known = new Set(files);
  const graph = new Map();
  for (const f of files) {
    const info = ts.preProcessFile(scriptText(f), true, true);
    const deps = new Set();
    for (const imp of info.importedFiles) {
      const to = resolveImport(f, imp.fileName);
      if (to && known.has(to) && to !== f) deps.add(to);
    }
    graph.set(f, [...deps].sort());
  }
  return graph;
}

/** Strongly connected components of more than one module (Tarjan), each sorted. */
function cycleGroups(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const g = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        g.push(w);
      } while (w !== v);
      if (g.length > 1) groups.push(g.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}

/** One shortest cycle through the first module of `group` (breadth-first inside the group). */
function oneCycle(graph, group) {
  const inGroup = new Set(group);
  const start = group[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!inGroup.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let u = v; u !== start; u = prev.get(u)) path.splice(1, 0, u);
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

/**
 * The folder a module belongs to, for the folder graph: `<src folder>/<first-level folder>`
 * (`src-renderer/app/canvas.svelte.ts` -> `src-renderer/app`). A file directly
 * in a src folder is a node of its own, named by its file name without the
 * extension (`src-shared/ruleset.ts` -> `src-shared/ruleset`): top-level
 * files are few and unrelated (the player's modules, `ruleset.ts`,
 * `hint.ts`), so lumping them into one "root" node would invent cycles that
 * no module has. With the check run on other folders (the tests' fixtures),
 * the scanned folder plays the part of the src folder.
 */
function folderOf(file, dirs) {
  const base = dirs.find((d) => file.startsWith(d + '/'));
  if (!base) return relative(ROOT, file);
  const parts = relative(base, file).split('/');
  const name = parts.length > 1 ? parts[0] : parts[0].replace(/(\.svelte)?\.(ts|svelte)$/, '');
  return `${dirs.length === 1 && !base.startsWith(ROOT + '/') ? '' : relative(ROOT, base) + '/'}${name}`;
}

/** The folder graph: folder -> folder it imports -> the module imports that make that edge. */
function folderGraph(graph, dirs) {
  const out = new Map();
  for (const [from, deps] of graph) {
    const a = folderOf(from, dirs);
    if (!out.has(a)) out.set(a, new Map());
    for (const to of deps) {
      const b = folderOf(to, dirs);
      if (a === b) continue;
      const m = out.get(a);
      if (!m.has(b)) m.set(b, []);
      m.get(b).push([from, to]);
    }
  }
  return out;
}

const args = process.argv.slice(2);
const depsAt = args.indexOf('--deps');
const depsFile = depsAt >= 0 ? resolve(args[depsAt + 1]) : null;
const dirArgs = depsAt >= 0 ? args.filter((_, i) => i !== depsAt && i !== depsAt + 1) : args;
const dirs = (dirArgs.length ? dirArgs : DEFAULT_DIRS).map((d) => resolve(ROOT, d)).filter((d) => existsSync(d));
const tableFile = depsFile ?? (dirArgs.length ? null : DEFAULT_TABLE);
const files = dirs.flatMap(sourceFiles);
const graph = importGraph(files);
const groups = cycleGroups(graph);
const rel = (p) => relative(ROOT, p);
const edges = [...graph.values()].reduce((n, d) => n + d.length, 0);
if (groups.length === 0) {
  console.log(`check-cycles: no import cycles in ${files.length} modules (${edges} imports; ${dirs.map(rel).join(', ')})`);
} else {
  console.log(`check-cycles: ${groups.length} import cycle group${groups.length === 1 ? '' : 's'} in ${files.length} modules:`);
  for (const g of groups) {
    console.log(`- ${g.length} modules: ${oneCycle(graph, g).map(rel).join(' > ')}`);
    if (g.length > 2) console.log(`  all: ${g.map(rel).join(', ')}`);
  }
  process.exitCode = 1;
}

/** The module imports that make a folder edge, at most three named (the rest counted). */
function importList(imps) {
  const named = imps.slice(0, 3).map(([x, y]) => `${rel(x)} > ${rel(y)}`);
  return `${named.join(', ')}${imps.length > 3 ? ` and ${imps.length - 3} more` : ''}`;
}

const fGraph = folderGraph(graph, dirs);
const fAdj = new Map([...fGraph].map(([k, m]) => [k, [...m.keys()].sort()]));
const fGroups = cycleGroups(fAdj);
const fEdges = [...fAdj.values()].reduce((n, d) => n + d.length, 0);
const table = tableFile ? readTable(tableFile) : null;
const known = new Set((table?.knownCycleEdges ?? []).map((e) => `${e.from} -> ${e.to}`));
if (fGroups.length === 0) {
  console.log(`check-cycles: no folder cycles in ${fAdj.size} folders (${fEdges} folder edges)`);
} else {
  console.log(`check-cycles: ${fGroups.length} folder cycle group${fGroups.length === 1 ? '' : 's'} in ${fAdj.size} folders:`);
  for (const g of fGroups) {
    const inG = new Set(g);
    console.log(`- ${g.length} folders: ${oneCycle(fAdj, g).join(' > ')}`);
    for (const a of g)
      for (const [b, imps] of fGraph.get(a) ?? [])
        if (inG.has(b)) console.log(`  ${a} -> ${b}${known.has(`${a} -> ${b}`) ? ' (known cycle edge)' : ''}: ${importList(imps)}`);
  }
  if (!table) process.exitCode = 1;
}
if (table) checkTable(table);

/** Reads the folder table (`folders`: folder -> the folders it may import; `knownCycleEdges`: edges that still close a cycle, each with its reason). */
function readTable(file) {
  const t = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof t.folders !== 'object' || t.folders === null) throw new Error(`${file}: no "folders" object`);
  return { folders: t.folders, knownCycleEdges: t.knownCycleEdges ?? [] };
}

/**
 * The declared dependencies: fails (exit code 1) on a folder missing from
 * the table, on a folder import the table does not allow, and on a folder
 * cycle that does not run through a known cycle edge (so a cycle can only
 * shrink: the known edges are the only ones allowed to point back).
 * Declared edges no import uses any more are printed as notes.
 */
function checkTable(t) {
  const problems = [];
  for (const [a, m] of fGraph) {
    if (!(a in t.folders)) {
      problems.push(`folder ${a} is not in the table`);
      continue;
    }
    for (const [b, imps] of m)
      if (!t.folders[a].includes(b) && !known.has(`${a} -> ${b}`)) problems.push(`undeclared folder import ${a} -> ${b}: ${importList(imps)}`);
  }
  for (const e of t.knownCycleEdges) if (t.folders[e.from]?.includes(e.to)) problems.push(`${e.from} -> ${e.to} is both allowed and a known cycle edge`);
  const rest = new Map([...fAdj].map(([a, bs]) => [a, bs.filter((b) => !known.has(`${a} -> ${b}`))]));
  for (const g of cycleGroups(rest)) problems.push(`folder cycle not through a known cycle edge: ${oneCycle(rest, g).join(' > ')}`);
  const stale = [];
  for (const [a, bs] of Object.entries(t.folders)) for (const b of bs) if (!fGraph.get(a)?.has(b)) stale.push(`${a} -> ${b}`);
  for (const e of t.knownCycleEdges) if (!fGraph.get(e.from)?.has(e.to)) stale.push(`${e.from} -> ${e.to} (known cycle edge)`);
  if (stale.length) console.log(`check-cycles: note: ${stale.length} declared folder edge(s) no import uses: ${stale.join(', ')}`);
  if (problems.length) {
    console.log(`check-cycles: folder table ${relative(ROOT, tableFile)}: ${problems.length} problem${problems.length === 1 ? '' : 's'}:`);
    for (const p of problems) console.log(`- ${p}`);
    process.exitCode = 1;
  } else {
    console.log(`check-cycles: folder imports agree with ${relative(ROOT, tableFile)} (${t.knownCycleEdges.length} known cycle edges)`);
  }
}
