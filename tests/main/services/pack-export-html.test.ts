/**
 * The web page form of a pack export (`castellan pack export --format html`,
 * host `packExport` with `out: *.html`): one self-contained file whose only
 * script and style are inline and allowed by hash in a strict CSP meta tag
 * (no network: `default-src 'none'`, workers from `blob:` only), the
 * pack's levels as JSON data (titles, tiers, par, the stored solution
 * unless `--no-solutions`), the player's code under 400 KB, refused names
 * and forms named with a code. The fixtures are the hand-worked two-move
 * Unlock the King levels of export-fixtures.ts (Ka1-b2, Kb2-c3: par 2).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/cli/main.js';
import { readPlayerPage } from '../../../src-main/services/player-page.js';
import { cleanupTempDirs, tempDir } from '../helpers.js';
import { captureIo } from '../cli/cli-io.js';
import { packHostOver, provedLevel, writeProvedPack } from './export-fixtures.js';
import { serializeLevel } from '../../../src-shared/format/serialize.js';

afterAll(() => cleanupTempDirs());

/** The inline element bodies of `tag` in `html` (attributes ignored). */
function bodies(html: string, tag: 'script' | 'style'): { attrs: string; body: string }[] {
  const re = new RegExp(`<${tag}([^>]*)>([\\s\\S]*?)</${tag}>`, 'g');
  return [...html.matchAll(re)].map((m) => ({ attrs: m[1]!, body: m[2]! }));
}

const sha = (t: string): string => `'sha256-${createHash('sha256').update(t, 'utf8').digest('base64')}'`;

describe('castellan pack export --format html', () => {
  const ws = tempDir('castellan-export-html-');
  const pack = join(ws, 'p');
  writeProvedPack(pack, 3, 'Three steps');

  it('writes one self-contained page: strict CSP allowing exactly its script and style, the levels as data, code under 400 KB', async () => {
    const out = join(ws, 'codex.html');
    const io = captureIo();
    expect(await runCli(['pack', 'export', pack, '--format', 'html', '-o', out], io)).toBe(0);
    expect(io.stdout).toMatch(/^exported 3 levels to .*codex\.html \(a web page, [\d,]+ bytes, [\d,]+ bytes of them the player\)\n$/);
    const html = readFileSync(out, 'utf8');

    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1]?.replace(/&#39;|&apos;/g, "'");
    expect(csp).toBeDefined();
    const directives = new Map(csp!.split(/;\s*/).map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('worker-src')).toEqual(['blob:']);
    expect(csp).not.toContain('unsafe');
    expect(directives.has('connect-src')).toBe(false); // falls back to default-src 'none'

    // Exactly one executable script and one style, each allowed by its own hash; the other script is JSON data.
    const scripts = bodies(html, 'script');
    const code = scripts.filter((s) => !s.attrs.includes('application/json'));
    expect(code).toHaveLength(1);
    expect(directives.get('script-src')).toEqual([sha(code[0]!.body)]);
    const styles = bodies(html, 'style');
    expect(styles).toHaveLength(1);
    expect(directives.get('style-src')).toEqual([sha(styles[0]!.body)]);
    // Nothing the page could load from elsewhere.
    expect(html).not.toMatch(/\b(?:src|href)="(?!data:)/);
    expect(html).not.toMatch(/\bhttps?:\/\//);

    // The page's code (everything but the levels) stays under 400 KB.
    const levelsBlock = scripts.find((s) => s.attrs.includes('application/json'))!.body;
    expect(Buffer.byteLength(html) - Buffer.byteLength(levelsBlock)).toBeLessThan(400 * 1024);

    const data = readPlayerPage(html);
    expect(data.ok).toBe(true);
    if (!data.ok) return;
    expect(data.value.title).toBe('Three steps');
    expect(data.value.ruleset).toBe('unlock-the-king');
    expect(data.value.solutions).toBe(true);
    expect(data.value.levels.map((l) => l.title)).toEqual(['Level 1', 'Level 2', 'Level 3']);
    expect(data.value.levels.map((l) => l.tier)).toEqual([undefined, 'Even', undefined]);
    // The par of a level without `par`: the length of its current stored solution (hand-worked: 2).
    expect(data.value.levels.map((l) => l.par)).toEqual([2, 2, 2]);
    expect(data.value.levels[0]!.solution).toEqual(['Ka1-b2', 'Kb2-c3']);
    // The documents go in without their solution or editor state.
    expect(data.value.levels[0]!.level).not.toHaveProperty('solution');
  });

  it('--no-solutions leaves the stored solutions out (no "Show solution")', async () => {
    const out = join(ws, 'no-solutions.html');
    expect(await runCli(['pack', 'export', pack, '--format', 'html', '--no-solutions', '-o', out], captureIo())).toBe(0);
    const html = readFileSync(out, 'utf8');
    const data = readPlayerPage(html);
    expect(data.ok && data.value.solutions).toBe(false);
    expect(data.ok && data.value.levels.every((l) => l.solution === undefined)).toBe(true);
    expect(html).not.toContain('Kb2-c3');
  });

  it('a title that holds </script> stays inside the data block', async () => {
    const dir = join(ws, 'tricky');
    writeProvedPack(dir, 1, 'Tricky </script><script>alert(1)</script> & co');
    writeFileSync(join(dir, 'levels', '1.level.json'), serializeLevel(provedLevel('<!-- </script> -->')));
    // The title changed, so the stored solution's hash must follow it: provedLevel stores the current hash.
    const out = join(ws, 'tricky.html');
    expect(await runCli(['pack', 'export', dir, '-o', out], captureIo())).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(bodies(html, 'script')).toHaveLength(2);
    const data = readPlayerPage(html);
    expect(data.ok && data.value.title).toBe('Tricky </script><script>alert(1)</script> & co');
    expect(data.ok && data.value.levels[0]!.title).toBe('<!-- </script> -->');
  });

  it('--format and -o must agree; an unknown form and an existing page are refused with their codes', async () => {
    let io = captureIo();
    expect(await runCli(['pack', 'export', pack, '--format', 'html', '-o', join(ws, 'x.pdf')], io)).toBe(1);
    expect(io.stderr).toMatch(/^castellan: bad-output: --format html writes a name ending in \.html/);
    expect(existsSync(join(ws, 'x.pdf'))).toBe(false);
    io = captureIo();
    expect(await runCli(['pack', 'export', pack, '--format', 'epub', '-o', join(ws, 'x.html')], io)).toBe(1);
    expect(io.stderr).toMatch(/^castellan: bad-format: /);
    expect(existsSync(join(ws, 'x.html'))).toBe(false);
    const first = join(ws, 'twice.html');
    expect(await runCli(['pack', 'export', pack, '-o', first], captureIo())).toBe(0);
    const before = readFileSync(first, 'utf8');
    io = captureIo();
    expect(await runCli(['pack', 'export', pack, '-o', first], io)).toBe(1);
    expect(io.stderr).toContain('exists');
    expect(readFileSync(first, 'utf8')).toBe(before);
  });
});

describe('host packExport: out *.html', () => {
  it('writes the web page; solutions: false leaves the solutions out', async () => {
    const ws = tempDir('castellan-export-html-host-');
    writeProvedPack(join(ws, 'packs', 'p'), 2);
    const { api, close } = packHostOver(ws);
    try {
      expect(await api.packExport({ path: 'packs/p', out: 'packs/p.html' })).toMatchObject({ ok: true, out: 'packs/p.html', files: 1, levels: 2 });
      const page = readPlayerPage(readFileSync(join(ws, 'packs/p.html'), 'utf8'));
      expect(page.ok && page.value.levels[1]!.solution).toEqual(['Ka1-b2', 'Kb2-c3']);
      expect(await api.packExport({ path: 'packs/p', out: 'packs/bare.html', solutions: false })).toMatchObject({ ok: true, files: 1 });
      const bare = readPlayerPage(readFileSync(join(ws, 'packs/bare.html'), 'utf8'));
      expect(bare.ok && bare.value.solutions).toBe(false);
      expect(await api.packExport({ path: 'packs/p', out: 'packs/p.html' })).toMatchObject({ ok: false, code: 'conflict' });
    } finally {
      await close();
    }
  });
});
