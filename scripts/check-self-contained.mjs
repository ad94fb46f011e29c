#!/usr/bin/env node
// The repository stands on its own: README, docs and sources never send a
// reader outside it. Fails (exit 1, one line per hit) when
//   - `../shared` appears in README.md, docs/ or src-*/ (a folder beside the
//     checkout, which a clone does not have), or
//   - `/work/` appears in README.md, docs/, src-*/ or schemas/ (a machine path).
// The rules are in docs/rules/, the file format and command line contract in
// docs/reference/format-contract.md: point there instead.
// Usage: node scripts/check-self-contained.mjs   (run by `npm run lint`)
// tests/main/docs/self-contained.test.ts runs it on the repository and on planted hits.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Pattern, what it means, and the top-level paths it is searched in. */
export const CHECKS = [
  { pattern: '../shared', why: 'a folder outside the repository', where: (top) => top === 'README.md' || top === 'docs' || top.startsWith('src-') },
  {
    pattern: '/work/',
    why: 'a machine path',
    where: (top) => top === 'README.md' || top === 'docs' || top === 'schemas' || top.startsWith('src-'),
  },
];

function* files(path) {
  const st = statSync(path);
  if (st.isFile()) {
    yield path;
    return;
  }
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    yield* files(join(path, name));
  }
}

/** Every hit under `root` as `{file, line, pattern, why, text}` (file relative to root, line 1-based). */
export function findOutsideReferences(root = ROOT) {
  const hits = [];
  for (const top of readdirSync(root).sort()) {
    const checks = CHECKS.filter((c) => c.where(top));
    if (!checks.length || top === 'node_modules' || top.startsWith('.')) continue;
    for (const file of files(join(root, top))) {
      let text;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      if (text.includes('\0')) continue; // binary (images)
      const lines = text.split('\n');
      lines.forEach((line, i) => {
        for (const c of checks) {
          if (line.includes(c.pattern)) hits.push({ file: relative(root, file), line: i + 1, pattern: c.pattern, why: c.why, text: line.trim() });
        }
      });
    }
  }
  return hits;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const hits = findOutsideReferences();
  for (const h of hits) console.error(`${h.file}:${h.line}: ${h.pattern} (${h.why}): ${h.text.slice(0, 160)}`);
  if (hits.length) {
    console.error(
      `check-self-contained: ${hits.length} reference(s) outside the repository; point to docs/rules/ or docs/reference/format-contract.md instead`,
    );
    process.exit(1);
  }
  console.log('check-self-contained: README, docs, sources and schemas point only inside the repository');
}
