/**
 * docs/rules/: the rules of each ruleset in the project's own words.
 * - Every ruling id the code and the tests cite (`UK-6`, `CM-7`, `P-1`, ...)
 *   has an anchor (`<a id="uk-6"></a>`) on its ruleset's page, so a new
 *   ruling without documentation fails here.
 * - Every example board on the pages is a level (rules-boards.ts) and what
 *   the page claims about it (`<!-- check {...} -->`, rules-claims.ts)
 *   holds under the project's own rules and solver.
 * - Links from README.md, docs/rules/ and docs/reference/format-contract.md,
 *   and every link into docs/rules/ from docs/, reach a file and an anchor.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { boardLevel, looksLikeBoard, type RulesPage } from './rules-boards.js';
import { failedClaims, type Claims } from './rules-claims.js';
import type { Level } from '../../../src-shared/model/level.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const RULES = join(root, 'docs/rules');

/** Where each ruling prefix is documented. */
const PAGE_OF: Record<string, string> = {
  UK: 'unlock-the-king.md',
  CM: 'chess-maze.md',
  KV: 'kings-valley.md',
  LC: 'locking-chess.md',
  P: 'README.md',
};

const RULES_PAGES: readonly string[] = ['unlock-the-king', 'chess-maze', 'kings-valley', 'locking-chess'];

const RULING = /\b(UK|CM|KV|LC|P)-\d+\b/g;

/**
 * Matches of the ruling pattern that are not ruling ids, with the file that
 * has them (each must still be there, so the list cannot go stale).
 */
const NOT_RULINGS: Record<string, string> = {
  'UK-45': 'src-renderer/solve/why-text.ts', // "UK-4 ... not in UK-45": an example of a longer id
};

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|mts|js|mjs|svelte|json|md)$/.test(name)) out.push(p);
  }
  return out;
}

/** Every ruling id cited in src-* and tests/ (this file excepted: it names the non-ids), with one file that cites it. */
function citedRulings(): Map<string, string> {
  const cited = new Map<string, string>();
  for (const top of ['src-shared', 'src-main', 'src-renderer', 'tests']) {
    for (const file of walk(join(root, top))) {
      if (file === fileURLToPath(import.meta.url)) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(RULING)) {
        const rel = relative(root, file);
        if (NOT_RULINGS[m[0]] === rel) continue;
        if (!cited.has(m[0])) cited.set(m[0], rel);
      }
    }
  }
  return cited;
}

const pages = (): string[] => readdirSync(RULES).filter((f) => f.endsWith('.md'));
const read = (file: string): string => readFileSync(join(RULES, file), 'utf8');
const anchorsOf = (md: string): string[] => [...md.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!);

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

function targetsOf(md: string): Set<string> {
  const ids = new Set(anchorsOf(md));
  for (const m of md.matchAll(/^#{1,6} (.+)$/gm)) ids.add(slug(m[1]!));
  return ids;
}

interface Example {
  page: string;
  line: number;
  board?: { text: string; ruleset?: string };
  claims: Claims;
}

/** The examples of one page: each `<!-- check {...} -->` with the board right before it, if any; and every board without a check. */
function examplesOf(page: string, md: string): { examples: Example[]; unchecked: number[] } {
  const examples: Example[] = [];
  const unchecked: number[] = [];
  // A board is a ```text block (```text <ruleset> names its ruleset on a page of several).
  const re = /```text(?: ([a-z-]+))?\n([\s\S]*?)```|<!-- check (\{[\s\S]*?\}) -->/g;
  let lastBoard: { text: string; ruleset?: string; end: number; line: number } | undefined;
  for (const m of md.matchAll(re)) {
    const line = md.slice(0, m.index).split('\n').length;
    if (m[2] !== undefined) {
      if (lastBoard) unchecked.push(lastBoard.line);
      lastBoard = looksLikeBoard(m[2]) ? { text: m[2], ...(m[1] ? { ruleset: m[1] } : {}), end: m.index + m[0].length, line } : undefined;
      continue;
    }
    const attached = lastBoard && md.slice(lastBoard.end, m.index).trim() === '' ? lastBoard : undefined;
    if (lastBoard && !attached) unchecked.push(lastBoard.line);
    lastBoard = undefined;
    const board = attached ? { text: attached.text, ...(attached.ruleset ? { ruleset: attached.ruleset } : {}) } : undefined;
    examples.push({ page, line, ...(board ? { board } : {}), claims: JSON.parse(m[3]!) as Claims });
  }
  if (lastBoard) unchecked.push(lastBoard.line);
  return { examples, unchecked };
}

describe('docs/rules', () => {
  it('every ruling id cited in src-* and tests/ has an anchor on its ruleset page', () => {
    const cited = citedRulings();
    expect(cited.size).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const [id, file] of cited) {
      const page = PAGE_OF[id.split('-')[0]!]!;
      if (!anchorsOf(read(page)).includes(id.toLowerCase())) missing.push(`${id} (cited in ${file}) has no <a id="${id.toLowerCase()}"></a> in docs/rules/${page}`);
    }
    expect(missing).toEqual([]);
    for (const [id, file] of Object.entries(NOT_RULINGS)) expect(readFileSync(join(root, file), 'utf8'), `${id} in ${file}`).toContain(id);
  });

  it('ruling anchors are unique, on the page of their prefix, and each is a heading', () => {
    const seen = new Set<string>();
    for (const page of pages()) {
      const md = read(page);
      for (const id of anchorsOf(md)) {
        expect(seen.has(id), `${id} twice`).toBe(false);
        seen.add(id);
        const prefix = /^([a-z]+)-\d+$/.exec(id)?.[1]?.toUpperCase();
        if (prefix && PAGE_OF[prefix]) {
          expect(PAGE_OF[prefix], `${id} on ${page}`).toBe(page);
          expect(md, `${id} is followed by its heading`).toMatch(new RegExp(`<a id="${id}"></a>\\n\\n#{2,4} ${id.toUpperCase()} `));
        }
      }
    }
    // The rulings of the four rulebooks and the common one, at least as many as the rulebooks have.
    for (const [prefix, n] of [['uk', 9], ['cm', 15], ['kv', 9], ['lc', 13], ['p', 1]] as const) {
      for (let i = 1; i <= n; i++) expect(seen.has(`${prefix}-${i}`), `${prefix}-${i}`).toBe(true);
    }
  });

  it('every example board is followed by its checked claims, and each claim holds', { timeout: 300_000 }, () => {
    const failures: string[] = [];
    let boards = 0;
    for (const page of pages()) {
      const md = read(page);
      const { examples, unchecked } = examplesOf(page, md);
      for (const line of unchecked) failures.push(`${page}:${line}: a board with no <!-- check {...} --> right after it`);
      for (const ex of examples) {
        let level: Level | undefined;
        if (ex.board !== undefined) {
          boards++;
          const ruleset = (ex.board.ruleset ?? page.replace(/\.md$/, '')) as RulesPage;
          try {
            if (!RULES_PAGES.includes(ruleset)) throw new Error(`no ruleset "${ruleset}": write \`\`\`text <ruleset> on this page`);
            level = boardLevel(ruleset, ex.board.text, `${page}:${ex.line}`);
          } catch (e) {
            failures.push(`${page}:${ex.line}: ${(e as Error).message}`);
            continue;
          }
        }
        for (const f of failedClaims(level, ex.claims)) failures.push(`${page}:${ex.line}: ${f}`);
      }
    }
    expect(failures).toEqual([]);
    expect(boards).toBeGreaterThan(40);
  });

  it('links from README.md, docs/rules/ and the format contract, and links into docs/rules/, reach a file and an anchor', () => {
    const docs = walk(join(root, 'docs')).filter((f) => f.endsWith('.md'));
    const own = new Set([join(root, 'README.md'), join(root, 'docs/reference/format-contract.md'), ...pages().map((p) => join(RULES, p))]);
    const bad: string[] = [];
    for (const file of [join(root, 'README.md'), ...docs]) {
      const md = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
      for (const m of md.matchAll(/\]\(([^)\s]+)\)/g)) {
        const link = m[1]!;
        if (/^[a-z]+:/.test(link)) continue;
        const [path, anchor] = link.split('#') as [string, string | undefined];
        const target = path === '' ? file : resolve(dirname(file), path);
        if (!own.has(file) && !target.startsWith(RULES)) continue;
        const rel = relative(root, file);
        let text: string;
        try {
          text = readFileSync(target, 'utf8');
        } catch {
          if (!statSync(target, { throwIfNoEntry: false })?.isDirectory() && !/\.(png|svg|jpg)$/.test(path)) bad.push(`${rel}: ${link} (no such file)`);
          continue;
        }
        if (anchor !== undefined && target.endsWith('.md') && !targetsOf(text).has(anchor)) bad.push(`${rel}: ${link} (no such anchor)`);
      }
    }
    expect(bad).toEqual([]);
  });
});
