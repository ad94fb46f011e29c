/**
 * `castellan pack verify --json` reports each level's tagged (non-king)
 * move counts and the stated difficulty measure (pack/difficulty.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import type { UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { runCli } from '../../../src-main/cli/main.js';
import { TWO_MOVE_SOLUTION, cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';
import { captureIo as capture } from './cli-io.js';

afterAll(() => cleanupTempDirs());

function withProof(l: UnlockTheKingLevel, moves: string[]): UnlockTheKingLevel {
  return { ...l, solution: { moves, length: moves.length, optimal: true, states: 5, solver: 'castellan test', levelHash: levelHash(l) } };
}

describe('castellan pack verify --json: difficulty', () => {
  it('UK-4/UK-6 the rook gate needs 2 non-king moves in every optimal solution (hand-worked), the king walk none', async () => {
    // Rook gate, 3x3: walls b1 b2, king a1, rook a2, portal a3: Ra2-a3, Ka1-a2, Ra3-b3|c3, Ka2-a3 (rook moves 2, par 4).
    const gate = twoMoveLevel({
      meta: { title: 'Rook gate' },
      walls: ['b1', 'b2'],
      portal: 'a3',
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'rook', square: 'a2' },
      ],
    });
    const root = join(tempDir('castellan-packdiff-'), 'p');
    mkdirSync(join(root, 'levels'), { recursive: true });
    writeFileSync(join(root, 'levels/1.level.json'), json(withProof(twoMoveLevel(), TWO_MOVE_SOLUTION)));
    writeFileSync(join(root, 'levels/2.level.json'), json(withProof(gate, ['Ra2-a3', 'Ka1-a2', 'Ra3-b3', 'Ka2-a3'])));
    writeFileSync(
      join(root, 'pack.json'),
      json({
        format: 'castellan.pack',
        version: 1,
        title: 'D',
        ruleset: 'unlock-the-king',
        levels: [{ file: 'levels/1.level.json' }, { file: 'levels/2.level.json' }],
      }),
    );
    const io = capture();
    expect(await runCli(['pack', 'verify', root, '--json'], io)).toBe(0);
    const r = JSON.parse(io.stdout) as { levels: Record<string, unknown>[] };
    expect(r.levels[0]).toMatchObject({
      par: 2,
      taggedMovesMin: 0,
      taggedMovesMax: 0,
      optimalSolutions: 1,
      difficulty: { unlocking: 0, par: 2, label: 'unlocking 0 · par 2' },
    });
    expect(r.levels[1]).toMatchObject({
      par: 4,
      taggedMovesMin: 2,
      taggedMovesMax: 2,
      optimalSolutions: 4,
      difficulty: { unlocking: 2, par: 4, label: 'unlocking 2 · par 4' },
    });
  });
});
