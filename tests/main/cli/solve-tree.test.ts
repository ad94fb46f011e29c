/**
 * `castellan solve` on two-player problems: `--json` adds the solution tree
 * (`tree`), `--tree` prints it indented in chess-problem style.
 * Hand-worked (as in tests/shared/rulesets/kings-valley/tree.test.ts):
 * Resources sample 04 "change sides": 1. Sc2-c4! threatens Kc1-c3 (the king
 * slides c2 c3 and stops at the soldier on c4, KV-5) and no Black reply
 * stops it: every one of the 12 defences is answered by Kc1-c3.
 * Sample 05 "lock and release" (Locking Chess): 1. Ra6*! (LC-6 locks the
 * king) a3 (the only legal reply) 2. Ra7#.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../../bin/castellan.mjs', import.meta.url));
const KV = fileURLToPath(new URL('../../../resources/levels/kings-valley/04-change-sides.level.json', import.meta.url));
const LC = fileURLToPath(new URL('../../../resources/levels/locking-chess/05-lock-and-release.level.json', import.meta.url));

describe('castellan solve: solution trees', () => {
  it('KV-8: --json has the tree: key, the 12 defences each answered by the winning Kc1-c3', () => {
    const r = spawnSync(process.execPath, [BIN, 'solve', '--json', KV], { encoding: 'utf8', timeout: 120_000 });
    expect(r.status).toBe(0);
    const o = JSON.parse(r.stdout) as { tree: { key: { lan: string }; variations: { answer: { lan: string }; mate: boolean }[] } };
    expect(o.tree.key.lan).toBe('Sc2-c4');
    expect(o.tree.variations).toHaveLength(12);
    expect(o.tree.variations.every((v) => v.answer.lan === 'Kc1-c3' && v.mate)).toBe(true);
  });

  it('LC-8: --tree prints the key with its threat and the variation in SAN, numbered chess-problem style', () => {
    const r = spawnSync(process.execPath, [BIN, 'solve', '--tree', LC], { encoding: 'utf8', timeout: 120_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\s+1\. Ra6\*! \(threat: 2\. Ra7#\)$/m);
    expect(r.stdout).toMatch(/^\s+1\.\.\. a3 2\. Ra7#$/m);
  });

  it('LC-13 / LC-8: the report above the tree is in SAN too (keys, main line, defences) and says "mate in", not "win in"', () => {
    const r = spawnSync(process.execPath, [BIN, 'solve', '--tree', LC], { encoding: 'utf8', timeout: 120_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\s+keys: Ra6\*$/m);
    expect(r.stdout).toMatch(/^\s+1\. Ra6\* a3$/m);
    expect(r.stdout).toMatch(/^\s+2\. Ra7#$/m);
    expect(r.stdout).toMatch(/^\s+defences to Ra6\*:$/m);
    expect(r.stdout).toMatch(/^\s+a3: Ra7# \(mate in 2\)$/m);
    // No long notation anywhere in the text report.
    expect(r.stdout).not.toMatch(/Rb6-a6|Pa4-a3|Ra6-a7|win in/);
  });
});
