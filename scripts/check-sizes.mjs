#!/usr/bin/env node
/**
 * Size check: fails when a hand-written source file is over 800 lines or a
 * function is over 150 lines (the project's limits, docs/dev/BRIEF.md
 * "Sizes").
 *
 * Scope: `.ts`, `.mjs`, `.js` and `.svelte` files under src-shared,
 * src-renderer, src-main, src-player and scripts; generated files (any
 * `generated/` folder) are skipped, and so is CSS (a `.svelte` component's
 * `<script>` blocks are what counts: each block is measured as a file of its
 * own, its markup and `<style>` are not).
 *
 * A file's size is its number of lines. A function is every function-like
 * node the TypeScript parser finds (declarations, methods, constructors,
 * accessors, function expressions, arrow functions), measured from its first
 * token to its closing line; a function nested in another counts in both.
 * The name shown is the declared name, else the variable, property or class
 * member it is assigned to, else `<anonymous>`, qualified by the enclosing
 * class or function (`StateStore.findOrInsert`).
 *
 * Output: one line per file or function over its limit
 * (`path:line  name  N lines (limit L)`), then a summary. Exit code 1 when
 * anything is over, 0 otherwise.
 *
 * Usage: node scripts/check-sizes.mjs [--all] [folder ...]
 *   --all  also list the ten longest files and functions under the limits
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_DIRS = ['src-shared', 'src-renderer', 'src-main', 'src-player', 'scripts'];
/** Most lines a source file (or a component's script block) may have. */
export const MAX_FILE_LINES = 800;
/** Most lines a function may have. */
export const MAX_FUNCTION_LINES = 150;

/** Hand-written source files under `dir`: build output, dependencies and generated folders skipped. */
function sourceFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      if (name === 'node_modules' || name === 'out' || name === 'generated') continue;
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|mts|mjs|js|svelte)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** Number of lines of `text` (a final newline does not start a line). */
function lineCount(text) {
  if (text === '') return 0;
  const n = text.split('\n').length;
  return text.endsWith('\n') ? n - 1 : n;
}

/**
 * The units measured in a file: the whole file for scripts, each `<script>`
 * block of a component, with the line its text starts on (1-based).
 */
function units(file, text) {
  if (!file.endsWith('.svelte')) return [{ text, firstLine: 1, label: '' }];
  const out = [];
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
  let m;
  while ((m = re.exec(text))) {
    const start = m.index + m[0].indexOf('>') + 1;
    const firstLine = lineCount(text.slice(0, start)) + (text.slice(0, start).endsWith('\n') ? 1 : 0) || 1;
    out.push({ text: m[2], firstLine, label: /\bmodule\b|context=["']module/.test(m[1]) ? ' <script module>' : ' <script>' });
  }
  return out;
}

/** The name a function-like node is known by, or `<anonymous>`. */
function ownName(node) {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) || ts.isPrivateIdentifier(node.name))) {
    const n = node.name.text;
    if (ts.isGetAccessorDeclaration(node)) return `get ${n}`;
    if (ts.isSetAccessorDeclaration(node)) return `set ${n}`;
    return n;
  }
  const p = node.parent;
  if (p && ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text;
  if (p && (ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && p.name && ts.isIdentifier(p.name)) return p.name.text;
  if (p && ts.isBinaryExpression(p) && p.right === node) return p.left.getText();
  if (p && ts.isCallExpression(p)) {
    const callee = p.expression.getText();
    return `<${callee.length > 40 ? 'callback' : callee} callback>`;
  }
  return '<anonymous>';
}

function isFunctionLike(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node)
  );
}

/** Every function in `text` as {name, line, lines}; `line` is relative to the unit (1-based). */
function functionsOf(fileName, text) {
  const kind = /\.(m?js)$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node, scope) => {
    let inner = scope;
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      inner = [...scope, node.name ? node.name.text : '<class>'];
    } else if (isFunctionLike(node) && node.body) {
      const name = ownName(node);
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ name: [...scope, name].join('.'), line: start + 1, lines: end - start + 1 });
      inner = [...scope, name];
    }
    ts.forEachChild(node, (c) => visit(c, inner));
  };
  visit(sf, []);
  return found;
}

/** Measures every file under `dirs`; returns {files, functions} with every measured item. */
export function measure(dirs = DEFAULT_DIRS) {
  const files = [];
  const functions = [];
  for (const dir of dirs) {
    for (const file of sourceFiles(resolve(ROOT, dir))) {
      const rel = relative(ROOT, file);
      const text = readFileSync(file, 'utf8');
      for (const u of units(file, text)) {
        files.push({ file: rel + u.label, line: u.firstLine, lines: lineCount(u.text) });
        for (const f of functionsOf(file.endsWith('.svelte') ? file + '.ts' : file, u.text)) {
          functions.push({ file: rel, name: f.name, line: u.firstLine + f.line - 1, lines: f.lines });
        }
      }
    }
  }
  return { files, functions };
}

function main() {
  const args = process.argv.slice(2);
  const all = args.includes('--all');
  const dirs = args.filter((a) => !a.startsWith('--'));
  const { files, functions } = measure(dirs.length ? dirs : DEFAULT_DIRS);
  const bigFiles = files.filter((f) => f.lines > MAX_FILE_LINES).sort((a, b) => b.lines - a.lines);
  const bigFns = functions.filter((f) => f.lines > MAX_FUNCTION_LINES).sort((a, b) => b.lines - a.lines);
  for (const f of bigFiles) console.log(`${f.file}  file  ${f.lines} lines (limit ${MAX_FILE_LINES})`);
  for (const f of bigFns) console.log(`${f.file}:${f.line}  ${f.name}  ${f.lines} lines (limit ${MAX_FUNCTION_LINES})`);
  if (all) {
    console.log('\nlongest files:');
    for (const f of [...files].sort((a, b) => b.lines - a.lines).slice(0, 10)) console.log(`  ${f.file}  ${f.lines}`);
    console.log('longest functions:');
    for (const f of [...functions].sort((a, b) => b.lines - a.lines).slice(0, 10)) console.log(`  ${f.file}:${f.line}  ${f.name}  ${f.lines}`);
  }
  const over = bigFiles.length + bigFns.length;
  console.log(
    over
      ? `check-sizes: ${bigFiles.length} file(s) over ${MAX_FILE_LINES} lines, ${bigFns.length} function(s) over ${MAX_FUNCTION_LINES} lines`
      : `check-sizes: ${files.length} files and ${functions.length} functions within ${MAX_FILE_LINES} / ${MAX_FUNCTION_LINES} lines`,
  );
  process.exitCode = over ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
