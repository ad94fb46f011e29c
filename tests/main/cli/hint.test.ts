/**
 * `castellan hint`: the distance after a line, the next optimal move and the
 * move that lost the optimum (UK-7 par), on the sample "First Steps"
 * (resources/levels/unlock-the-king/01-first-steps: king a1, portal c3,
 * optimum 3: Bb2-c1 Ka1-b2 Kb2-c3).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/cli/main.js';
import { captureIo as capture } from './cli-io.js';
import { solveLevel, replayMoves } from '../../../src-shared/rulesets/index.js';
import type { Level } from '../../../src-shared/model/level.js';
import { tempDir } from '../helpers.js';
import { writeFileSync } from 'node:fs';

const SAMPLE = 'resources/levels/unlock-the-king/01-first-steps.level.json';
const level = JSON.parse(readFileSync(SAMPLE, 'utf8')) as Level;

/** The optimum from the start, by the solver (not the hint). */
function optimumOf(l: Level): number {
  const r = solveLevel(l, { countSolutions: 0 });
  if (r.status !== 'solved') throw new Error(`expected solved, got ${r.status}`);
  return r.length;
}

describe('castellan hint', () => {
  it('UK-7: at the start it prints the optimum and a first move of an optimal line (exit 0)', async () => {
    const io = capture();
    expect(await runCli(['hint', SAMPLE, '--json'], io)).toBe(0);
    const h = JSON.parse(io.stdout);
    expect(h.status).toBe('solvable');
    expect(h.distance).toBe(optimumOf(level));
    // The next move is optimal: after it, one move fewer remains.
    const frames = replayMoves(level, [h.next]);
    expect(frames.ok).toBe(true);
    if (frames.ok) expect(optimumOf(frames.value[1]!)).toBe(h.distance - 1);
    expect(h.lostAt).toBeNull();
  });

  it('UK-4, UK-7: after a wasteful rook move away and back the distance exceeds optimum - plies, and lostAt names the first move', async () => {
    // The rook on h8 steps to h7 and back (UK-4: a rook slides over empty squares): the position is the start again.
    const wasted = ['Rh8-h7', 'Rh7-h8'];
    const d0 = optimumOf(level);
    const io = capture();
    expect(await runCli(['hint', SAMPLE, '--moves', ...wasted, '--json'], io)).toBe(0);
    const h = JSON.parse(io.stdout);
    expect(h.status).toBe('solvable');
    expect(h.distance).toBeGreaterThan(d0 - wasted.length);
    expect(h.distance).toBe(d0); // back at the start position
    // After Rh8-h7 alone the optimum is (solver) d1; the move lost the par iff 1 + d1 > d0.
    const f = replayMoves(level, wasted);
    if (!f.ok) throw new Error('replay');
    const d1 = optimumOf(f.value[1]!);
    const expectedPly = 1 + d1 > d0 ? 0 : 1;
    expect(h.lostAt).toMatchObject({ ply: expectedPly, move: wasted[expectedPly] });
    expect(h.lostAt.distanceBefore).toBe(d0 - expectedPly);
    expect(expectedPly + 1 + h.lostAt.distanceAfter).toBeGreaterThan(d0);

    const text = capture();
    expect(await runCli(['hint', SAMPLE, '--moves', ...wasted], text)).toBe(0);
    expect(text.stdout).toContain(`${d0} moves to the nearest win`);
    expect(text.stdout).toContain(`Move ${expectedPly + 1} (${wasted[expectedPly]}) lost the par`);
  });

  it('UK-6: a line that reaches the portal is solved', async () => {
    const io = capture();
    expect(await runCli(['hint', SAMPLE, '--moves', 'Bb2-c1', 'Ka1-b2', 'Kb2-c3', '--json'], io)).toBe(0);
    expect(JSON.parse(io.stdout)).toEqual({ status: 'solved', distance: 0, next: null, lostAt: null });
  });

  it('UK-5: a move that does not replay is invalid input (exit 1) with /moves/k', async () => {
    const io = capture();
    // Move 2: the king cannot step onto the bishop on b2 (no captures).
    expect(await runCli(['hint', SAMPLE, '--moves', 'Rh8-h7', 'Ka1-b2', '--json'], io)).toBe(1);
    const h = JSON.parse(io.stdout);
    expect(h.status).toBe('invalid');
    expect(h.errors[0]).toMatchObject({ code: 'move-illegal', pointer: '/moves/1' });
  });

  it('UK-6: a king walled in for good is no longer solvable: exit 2', async () => {
    // King a1 enclosed by walls on a2, b1, b2 (UK-4: the king steps one square; walls never move).
    const sealed = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'unlock-the-king',
      meta: { title: 'Sealed' },
      board: { width: 4, height: 4 },
      walls: ['a2', 'b1', 'b2'],
      portal: 'd4',
      pieces: [{ role: 'king', square: 'a1', color: 'ivory' }],
    };
    const file = join(tempDir('castellan-hint-'), 'sealed.level.json');
    writeFileSync(file, JSON.stringify(sealed));
    const io = capture();
    expect(await runCli(['hint', file, '--json'], io)).toBe(2);
    expect(JSON.parse(io.stdout)).toMatchObject({ status: 'unsolvable', distance: null, lostAt: null });
  });

  it("KV-2, KV-5, KV-8: on the sample 'Block, Then Slide Home' a first move that leaves the third rank open loses the win (exit 2)", async () => {
    // The black king on e3 slides west over d3 and stops on the valley c3 before the white soldier on b3 (KV-2, KV-5)
    // unless White blocks first; Sb4-a3 does not block, so Black wins at once and White's forced win is gone.
    const file = 'resources/levels/kings-valley/07-block-then-slide-home.level.json';
    const kv = JSON.parse(readFileSync(file, 'utf8')) as { pieces: { square: string; role: string }[]; solution: { length: number } };
    const at = (sq: string): string | undefined => kv.pieces.find((p) => p.square === sq)?.role;
    expect([at('e3'), at('d3'), at('c3'), at('b3')]).toEqual(['king', undefined, undefined, 'soldier']);
    const start = capture();
    expect(await runCli(['hint', file, '--json'], start)).toBe(0);
    expect(JSON.parse(start.stdout)).toMatchObject({ status: 'solvable', distance: kv.solution.length });
    const io = capture();
    expect(await runCli(['hint', file, '--moves', 'Sb4-a3', '--json'], io)).toBe(2);
    expect(JSON.parse(io.stdout)).toEqual({
      status: 'unsolvable',
      distance: null,
      next: 'Ke3-c3',
      lostAt: { ply: 0, move: 'Sb4-a3', distanceBefore: kv.solution.length, distanceAfter: null },
    });
    const text = capture();
    expect(await runCli(['hint', file, '--moves', 'Sb4-a3'], text)).toBe(2);
    expect(text.stdout).toContain('No longer solvable since move 1 (Sb4-a3); best reply: Ke3-c3.');
  });

  it('LC-13: Locking Chess hints name the moves in SAN in the text; --json keeps next in LAN and adds nextSan', async () => {
    // Sample 05 "lock and release": 1. Ra6*! (LC-6: the rook locks the king) a3 (the only legal reply) 2. Ra7#.
    const file = 'resources/levels/locking-chess/05-lock-and-release.level.json';
    const start = capture();
    expect(await runCli(['hint', file], start)).toBe(0);
    expect(start.stdout).toContain('; next: Ra6*.');
    expect(start.stdout).not.toContain('Rb6-a6');
    const reply = capture();
    expect(await runCli(['hint', file, '--moves', 'Rb6-a6*'], reply)).toBe(0);
    expect(reply.stdout).toContain('; best reply: a3.');
    const json = capture();
    expect(await runCli(['hint', file, '--json'], json)).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'solvable', distance: 2, next: 'Rb6-a6*', nextSan: 'Ra6*' });
  });
});
