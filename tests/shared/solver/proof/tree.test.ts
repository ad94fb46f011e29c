/**
 * The generic solution-tree builder (solver/proof/tree.ts): the size cap
 * keeps the shallow levels whole and marks what it cut.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { KingsValleyLevel } from '../../../../src-shared/model/level.js';
import { compileKingsValley, kvLegalMoves, kvParseLan, kvPlay } from '../../../../src-shared/rulesets/kings-valley/index.js';
import { kvProofGame } from '../../../../src-shared/rulesets/kings-valley/game.js';
import { buildProofTree, proofTreeResult } from '../../../../src-shared/solver/proof/tree.js';

describe('proof tree size cap', () => {
  it('KV-8: a cap of one defence still lists every defence to the key, and marks each unfinished answer `more`', () => {
    // Resources sample 07 "block then slide home" (win in 3): some answers do not win at once.
    const level = JSON.parse(readFileSync('resources/levels/kings-valley/07-block-then-slide-home.level.json', 'utf8')) as KingsValleyLevel;
    const c = compileKingsValley(level);
    if (!c.ok) throw new Error('compile');
    const r = buildProofTree(kvProofGame(c.value), 3, { maxTreeNodes: 1, noTries: true });
    if (r.status !== 'solved') throw new Error(r.status);
    const afterKey = kvPlay(c.value, kvParseLan(c.value, r.tree.key.lan)!).position;
    expect(r.tree.variations).toHaveLength(kvLegalMoves(afterKey).length);
    const open = r.tree.variations.filter((d) => !d.mate);
    expect(open.length).toBeGreaterThan(0);
    for (const d of open) expect(d).toMatchObject({ more: true, next: [] });
    for (const d of r.tree.variations.filter((x) => x.mate)) expect(d.more).toBeUndefined();
    expect(r.tree.truncated).toBe(true);
    const full = buildProofTree(kvProofGame(c.value), 3, { noTries: true });
    expect(full.status === 'solved' && full.tree.truncated).toBeFalsy();
    expect(full.status === 'solved' && full.tree.variations.filter((d) => !d.mate).every((d) => d.next.length > 0)).toBe(true);
  });

  it('a spent time cap answers tree-limit naming it; a game that throws answers tree-error', () => {
    const level = JSON.parse(readFileSync('resources/levels/kings-valley/07-block-then-slide-home.level.json', 'utf8')) as KingsValleyLevel;
    const c = compileKingsValley(level);
    if (!c.ok) throw new Error('compile');
    let t = 0;
    const clock = (): number => (t += 1000);
    const r = proofTreeResult(kvProofGame(c.value), 3, { timeMs: 1 }, { verb: 'win', ruling: 'KV-8' }, {}, clock);
    expect(r.ok ? null : [r.error[0]!.code, r.error[0]!.message]).toEqual(['tree-limit', expect.stringContaining('time cap (1 ms)')]);
    const broken = kvProofGame(c.value);
    broken.generate = () => {
      throw new Error('broken generator');
    };
    const e = proofTreeResult(broken, 3, {}, { verb: 'win', ruling: 'KV-8' });
    expect(e.ok ? null : e.error[0]!.code).toBe('tree-error');
  });
});
