/**
 * Saves that never solve twice (proof-reuse.ts, save-pipeline.ts, the host's
 * proof cache): every save here runs through a counting solver, so each test
 * states how many solves a save cost. Levels and answers are hand-worked
 * (helpers.ts: two king steps a1 -> b2 -> c3, UK-4/UK-6).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import type { HostError } from '../../../src-shared/host/contract.js';
import type { Level, UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { solveLevel } from '../../../src-shared/rulesets/index.js';
import { createHostApi, type HostService } from '../../../src-main/services/host-api.js';
import { ProofCache, replayReachesGoal, reusableProof, storedProofIsCurrent } from '../../../src-main/services/proof-reuse.js';
import { SolvePool } from '../../../src-main/services/solve-pool.js';
import type { SolvePoolLike } from '../../../src-main/services/solve-runner.js';
import { TWO_MOVE_SOLUTION, cleanupTempDirs, tempDir, twoMoveLevel } from '../helpers.js';

afterAll(() => cleanupTempDirs());
let pool: SolvePool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

/** A solver that solves in-process and counts its calls. */
function countingSolver(): SolvePoolLike & { calls: number } {
  const s = {
    calls: 0,
    async solve(level: Level, opts?: { maxStates?: number }) {
      s.calls++;
      return { result: solveLevel(level, opts?.maxStates !== undefined ? { maxStates: opts.maxStates } : {}), ms: 0 };
    },
  };
  return s;
}

function host(): { api: HostService; dir: string; solver: ReturnType<typeof countingSolver> } {
  const dir = tempDir();
  const solver = countingSolver();
  pool = new SolvePool({ size: 1 });
  const api = createHostApi({
    kind: 'serve',
    resolvePath: (p) => (/^[a-z0-9-]+\.level\.json$/.test(p) ? join(dir, p) : ({ ok: false, code: 'forbidden', message: 'no' } satisfies HostError)),
    listFiles: async () => [],
    saveSolver: solver,
    pool,
  });
  return { api, dir, solver };
}

function onDisk(dir: string, name: string): Level {
  return JSON.parse(readFileSync(join(dir, name), 'utf8')) as Level;
}

/** twoMoveLevel with a current stored proof (the unique optimal line, hand-worked in helpers.ts). */
function provedTwo(extra: Partial<UnlockTheKingLevel> = {}): UnlockTheKingLevel {
  const level = twoMoveLevel(extra);
  return { ...level, solution: { moves: [...TWO_MOVE_SOLUTION], length: 2, optimal: true, states: 7, solver: 'castellan 0.0.1', levelHash: levelHash(level) } };
}

describe('saves that never solve twice', () => {
  it('a level proved by a host solve job is saved with that proof: 0 solves', async () => {
    const { api, dir, solver } = host();
    const s = await api.solveStart({ document: twoMoveLevel(), purpose: 'proof' });
    if (!s.ok) throw new Error(s.message);
    for (let i = 0; i < 400; i++) {
      const p = await api.solvePoll({ jobId: s.jobId });
      if (p.ok && p.state === 'done') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const r = await api.save({ path: 'a.level.json', document: twoMoveLevel({ meta: { title: 'Renamed after the proof' } }) });
    expect(r).toMatchObject({ ok: true, draft: false, solve: { status: 'solved', length: 2 } });
    expect(solver.calls).toBe(0);
    expect(onDisk(dir, 'a.level.json').solution).toMatchObject({ moves: TWO_MOVE_SOLUTION, length: 2, optimal: true, levelHash: levelHash(twoMoveLevel()) });
    // The proof job counted (the editor's save path), so the written proof carries the metrics:
    // the lone king's only 2-move path, one optimal solution, no non-king moves.
    expect((onDisk(dir, 'a.level.json').solution as { metrics?: unknown }).metrics).toMatchObject({
      optimalSolutions: 1,
      taggedMovesMin: 0,
      taggedMovesMax: 0,
    });
  });

  it('a document whose stored solution is current is written with it: 0 solves', async () => {
    const { api, dir, solver } = host();
    const doc = provedTwo();
    const r = await api.save({ path: 'a.level.json', document: doc });
    expect(r).toMatchObject({ ok: true, draft: false });
    expect(solver.calls).toBe(0);
    expect(onDisk(dir, 'a.level.json').solution).toEqual(doc.solution);
  });

  it('allowDraft + noProof writes the draft without solving: 0 solves', async () => {
    const { api, dir, solver } = host();
    const r = await api.save({ path: 'a.level.json', document: twoMoveLevel(), allowDraft: true, noProof: true });
    expect(r).toMatchObject({ ok: true, draft: true });
    expect(solver.calls).toBe(0);
    const back = onDisk(dir, 'a.level.json');
    expect(back.draft).toBe(true);
    expect(back.solution).toBeUndefined();
  });

  it('noProof still runs the rules: a level with two kings is a draft with the UK-2 error', async () => {
    const { api, solver } = host();
    const doc = twoMoveLevel({
      pieces: [
        { role: 'king', square: 'a1' },
        { role: 'king', square: 'a3' },
      ],
    });
    const r = await api.save({ path: 'a.level.json', document: doc, allowDraft: true, noProof: true });
    expect(r.ok && r.draft && r.issues?.some((i) => i.code === 'uk-king-count')).toBe(true);
    expect(solver.calls).toBe(0);
  });

  it('noProof without allowDraft is a bad request (nothing written)', async () => {
    const { api, dir } = host();
    expect(await api.save({ path: 'a.level.json', document: twoMoveLevel(), noProof: true })).toMatchObject({ ok: false, code: 'bad-request' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a stale stored solution is proved again: 1 solve, the fresh proof written (wall on b2: 3 king steps)', async () => {
    const { api, dir, solver } = host();
    // The proof belongs to the open board; a wall on b2 (the only square one step from a1 and c3) makes it 3 moves.
    const doc = { ...provedTwo(), walls: ['b2'] };
    const r = await api.save({ path: 'a.level.json', document: doc });
    expect(r).toMatchObject({ ok: true, draft: false, solve: { status: 'solved', length: 3 } });
    expect(solver.calls).toBe(1);
    const back = onDisk(dir, 'a.level.json');
    expect(back.solution?.length).toBe(3);
    expect(back.solution?.levelHash).toBe(levelHash(doc));
  });

  it('a current hash whose moves do not reach the portal is not trusted: 1 solve', async () => {
    const { api, solver } = host();
    const level = twoMoveLevel();
    const forged = { ...level, solution: { moves: ['Ka1-b2'], length: 1, optimal: true, states: 1, solver: 'castellan 0.0.1', levelHash: levelHash(level) } };
    const r = await api.save({ path: 'a.level.json', document: forged });
    expect(r).toMatchObject({ ok: true, solve: { status: 'solved', length: 2 } });
    expect(solver.calls).toBe(1);
  });

  it('a save that solved remembers the proof: saving the same level again elsewhere costs 0 more solves', async () => {
    const { api, solver } = host();
    expect(await api.save({ path: 'a.level.json', document: twoMoveLevel() })).toMatchObject({ ok: true, draft: false });
    expect(solver.calls).toBe(1);
    expect(await api.saveAs({ path: 'b.level.json', document: twoMoveLevel({ meta: { title: 'Copy' } }) })).toMatchObject({ ok: true, draft: false });
    expect(solver.calls).toBe(1);
  });

  it('UK-7 par is checked against the reused length: par 1 < optimum 2 is refused, par 3 saved with a warning', async () => {
    const { api, solver } = host();
    const below = await api.save({ path: 'a.level.json', document: { ...provedTwo(), par: 1 } });
    expect(below).toMatchObject({ ok: false, code: 'invalid' });
    expect(!below.ok && below.issues?.some((i) => i.code === 'uk-par-below-optimal')).toBe(true);
    const above = await api.save({ path: 'a.level.json', document: { ...provedTwo(), par: 3 } });
    expect(above.ok && above.issues?.some((i) => i.code === 'uk-par-above-optimal')).toBe(true);
    expect(solver.calls).toBe(0);
  });
});

describe('ProofCache', () => {
  it('keeps the last N proofs by levelHash, least recently used dropped first', () => {
    const c = new ProofCache(2);
    const p = (n: number) => ({ moves: [`m${n}`], length: n, states: n });
    c.put('a', p(1));
    c.put('b', p(2));
    expect(c.get('a')?.length).toBe(1); // a is now the most recent
    c.put('c', p(3));
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')?.length).toBe(1);
    expect(c.get('c')?.length).toBe(3);
    expect(c.size).toBe(2);
  });

  it('remembers only solved answers', () => {
    const c = new ProofCache();
    c.remember(twoMoveLevel(), { status: 'limit', states: 9 });
    expect(c.size).toBe(0);
    c.remember(twoMoveLevel(), { status: 'solved', moves: TWO_MOVE_SOLUTION, length: 2, states: 5 });
    expect(reusableProof(twoMoveLevel(), c)).toMatchObject({ source: 'cache', solution: { moves: TWO_MOVE_SOLUTION, length: 2, optimal: true } });
  });
});

describe('replayReachesGoal on the sample levels of every ruleset', () => {
  const root = join(import.meta.dirname, '../../../resources/levels');
  const files = readdirSync(root).flatMap((r) => readdirSync(join(root, r)).map((f) => join(root, r, f)));
  const proved = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as Level).filter((l) => l.solution);

  it('every stored sample proof is current and replays to the goal (UK-6, CM-11, KV-5, LC-8)', () => {
    expect(proved.length).toBeGreaterThan(40);
    for (const l of proved) expect(storedProofIsCurrent(l), l.meta.title).toBe(true);
  });

  it('a line cut one move short does not reach the goal', () => {
    for (const l of proved) {
      const s = l.solution!;
      const twoPlayer = s.moves.length !== s.length;
      // Single-player: one move fewer with length - 1; two-player: drop the last two plies (the solving side's last move and the reply).
      const cut = twoPlayer ? s.moves.slice(0, -2) : s.moves.slice(0, -1);
      expect(replayReachesGoal(l, cut, s.length - 1), l.meta.title).toBe(false);
    }
  });
});
