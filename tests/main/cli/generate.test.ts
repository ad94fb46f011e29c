/** `castellan generate`: writes proved levels through the save pipeline; reproducible for a seed. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../../src-main/cli/main.js';
import { solutionIsCurrent } from '../../../src-shared/format/level-hash.js';
import { cleanupTempDirs, tempDir } from '../helpers.js';

function capture(): CliIo & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    errIsTTY: false,
    out(t: string) {
      io.stdout += t;
    },
    err(t: string) {
      io.stderr += t;
    },
  };
  return io;
}

afterAll(() => cleanupTempDirs());

const args = ['generate', '--ruleset', 'unlock-the-king', '--count', '2', '--par', '3..9', '--seed', '7', '--size', '5x5', '--steps', '40', '--climbs', '20'];

describe('castellan generate', () => {
  it('without --seed draws a seed, prints it on stderr, and that seed repeats the run; a two-player result says "win in N"', async () => {
    const noSeed = args.filter((a, i) => a !== '--seed' && args[i - 1] !== '--seed');
    const d1 = join(tempDir('castellan-gen-'), 'a');
    const io1 = capture();
    expect(await runCli([...noSeed, '-o', d1], io1)).toBe(0);
    const seed = /seed (\d+) \(pass --seed \1/.exec(io1.stderr)?.[1];
    expect(seed).toBeDefined();
    const d2 = join(tempDir('castellan-gen-'), 'b');
    expect(await runCli([...noSeed, '--seed', seed!, '-o', d2], capture())).toBe(0);
    const files = readdirSync(d1).sort();
    expect(readdirSync(d2).sort()).toEqual(files);
    for (const f of files) {
      const a = JSON.parse(readFileSync(join(d1, f), 'utf8'));
      const b = JSON.parse(readFileSync(join(d2, f), 'utf8'));
      delete a.solution.states;
      delete b.solution.states;
      expect(b).toEqual(a);
    }
    const kv = join(tempDir('castellan-gen-'), 'kv');
    const io3 = capture();
    expect(await runCli(['generate', '--ruleset', 'kings-valley', '--count', '1', '--par', '2', '--seed', '1', '-o', kv], io3)).toBe(0);
    expect(io3.stdout).toMatch(/: win in 2 \(/);
  });

  it('writes proved levels (current stored solution of the par range); the same seed writes the same files', async () => {
    const d1 = join(tempDir('castellan-gen-'), 'a');
    const d2 = join(tempDir('castellan-gen-'), 'b');
    expect(await runCli([...args, '-o', d1], capture())).toBe(0);
    expect(await runCli([...args, '-o', d2], capture())).toBe(0);
    const files = readdirSync(d1).sort();
    expect(files).toEqual(['gen-7-01.level.json', 'gen-7-02.level.json']);
    for (const f of files) {
      const a = readFileSync(join(d1, f), 'utf8');
      const doc = JSON.parse(a);
      expect(solutionIsCurrent(doc)).toBe(true);
      expect(doc.solution.length).toBeGreaterThanOrEqual(3);
      expect(doc.solution.length).toBeLessThanOrEqual(9);
      const b = JSON.parse(readFileSync(join(d2, f), 'utf8'));
      delete doc.solution.states;
      delete b.solution.states;
      expect(b).toEqual(doc);
    }
  });

  it('refuses an unknown ruleset and a bad --par', async () => {
    expect(await runCli(['generate', '--ruleset', 'chess', '--count', '1', '--par', '1..2', '--seed', '1'], capture())).toBe(1);
    expect(await runCli(['generate', '--ruleset', 'unlock-the-king', '--count', '1', '--par', '9..2', '--seed', '1'], capture())).toBe(1);
  });

  it('an unknown mechanic or piece is a usage error naming the valid ones; mechanics only where the ruleset has them', async () => {
    const io = capture();
    expect(await runCli(['generate', '--ruleset', 'chess-maze', '--count', '1', '--par', '2..4', '--seed', '1', '--mechanics', 'keys,portals'], io)).toBe(1);
    expect(io.stderr).toContain('"portals"');
    expect(io.stderr).toContain('keys, plates, transforms, coins, spell, enemies, move-limit');
    const io2 = capture();
    expect(await runCli(['generate', '--ruleset', 'chess-maze', '--count', '1', '--par', '2..4', '--seed', '1', '--pieces', 'rook,dragon'], io2)).toBe(1);
    expect(io2.stderr).toContain('"dragon"');
    const io3 = capture();
    expect(await runCli(['generate', '--ruleset', 'kings-valley', '--count', '1', '--par', '2', '--seed', '1', '--mechanics', 'keys'], io3)).toBe(1);
    expect(io3.stderr).toContain('no mechanics');
  });

  // Generate, then prove each written file with `castellan solve --json`.
  for (const [ruleset, extra, min, max] of [
    ['chess-maze', ['--mechanics', 'keys,coins', '--size', '5x5', '--par', '2..6'], 2, 6],
    ['chess-maze', ['--mechanics', 'move-limit', '--pieces', 'knight', '--size', '5x5', '--par', '3..5'], 3, 5],
    ['unlock-the-king', ['--size', '5x5', '--par', '3..9', '--steps', '40', '--climbs', '20', '--pieces', 'rook,pawn'], 3, 9],
    ['kings-valley', ['--par', '2'], 2, 2],
    ['locking-chess', ['--par', '1'], 1, 1],
  ] as const) {
    it(`${ruleset} ${extra.join(' ')}: castellan solve proves every written level at the asked par${ruleset === 'kings-valley' || ruleset === 'locking-chess' ? ' (N) with one key' : ''}`, async () => {
      const dir = join(tempDir('castellan-gen-'), ruleset);
      expect(await runCli(['generate', '--ruleset', ruleset, '--count', '2', '--seed', '5', ...extra, '-o', dir], capture())).toBe(0);
      const files = readdirSync(dir).sort();
      expect(files).toEqual(['gen-5-01.level.json', 'gen-5-02.level.json']);
      for (const f of files) {
        const io = capture();
        expect(await runCli(['solve', '--json', join(dir, f)], io)).toBe(0);
        const r = JSON.parse(io.stdout);
        expect(r.status).toBe('solved');
        expect(r.length).toBeGreaterThanOrEqual(min);
        expect(r.length).toBeLessThanOrEqual(max);
        const doc = JSON.parse(readFileSync(join(dir, f), 'utf8'));
        expect(doc.ruleset).toBe(ruleset);
        if (ruleset === 'kings-valley' || ruleset === 'locking-chess') {
          expect(r.keys).toHaveLength(1);
          expect(doc.goal.moves).toBe(r.length);
        }
        if ((extra as readonly string[]).includes('move-limit')) expect(doc.objectives.moveLimit).toBe(r.length);
        if (ruleset === 'unlock-the-king')
          for (const p of doc.pieces.filter((q: { role: string }) => q.role !== 'king')) expect(['rook', 'pawn']).toContain(p.role);
        if ((extra as readonly string[]).includes('knight'))
          for (const p of doc.pieces.filter((q: { side: string }) => q.side === 'player')) expect(p.role).toBe('knight');
      }
    });
  }
});
