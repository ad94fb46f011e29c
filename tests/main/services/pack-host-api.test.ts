/**
 * The host pack methods (pack-host-api.ts, pack-confine.ts, pack-verify.ts;
 * the editor's pack manager): real temp
 * workspaces confined like `castellan serve` (serveResolvePath), hand-made
 * levels with hand-worked answers (helpers.ts: two king steps a1 -> b2 -> c3,
 * UK-4/UK-6), hostile requests, path confinement, verify progress, export
 * refusal of stale levels, never overwriting.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import type { OpenedPack, PackVerifyPollAnswer } from '../../../src-shared/host/pack-contract.js';
import type { HostError } from '../../../src-shared/host/contract.js';
import type { Level, UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { solveLevelReference, validateRules } from '../../../src-shared/rulesets/index.js';
import { serveResolvePath } from '../../../src-main/serve/server.js';
import { entryFileProblem, joinHostPath, parentHostPath } from '../../../src-main/services/pack-confine.js';
import { createPackHostApi } from '../../../src-main/services/pack-host-api.js';
import type { HostContext } from '../../../src-main/services/host-request.js';
import { SolvePool } from '../../../src-main/services/solve-pool.js';
import { openWorkspace } from '../../../src-main/services/workspace.js';
import { boxedInLevel, cleanupTempDirs, json, tempDir, twoMoveLevel } from '../helpers.js';

let pool: SolvePool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});
afterAll(() => cleanupTempDirs());

/** A level with a current stored solution (what the save pipeline writes after proving it). */
function proved<T extends Level>(level: T, length: number, moves: string[]): T {
  return { ...level, solution: { moves, length, optimal: true, states: 5, solver: 'castellan test', levelHash: levelHash(level) } };
}

/** twoMoveLevel proved: the unique optimal line Ka1-b2, Kb2-c3 (hand-worked in helpers.ts). */
const provedTwo = (): UnlockTheKingLevel => proved(twoMoveLevel(), 2, ['Ka1-b2', 'Kb2-c3']);
/** The same blueprint turned 90° (a1 -> a3, c3 -> c1): alike to provedTwo by a rotation. */
const rotatedTwo = (): UnlockTheKingLevel =>
  proved(twoMoveLevel({ meta: { title: 'Turned' }, portal: 'c1', pieces: [{ role: 'king', square: 'a3' }] }), 2, ['Ka3-b2', 'Kb2-c1']);
/** A stored solution whose levelHash belongs to another level (the wall was added after the proof). */
function staleTwo(): UnlockTheKingLevel {
  const before = provedTwo();
  return { ...before, meta: { title: 'Edited' }, walls: ['b2'] };
}

function setup(chooseFolder?: HostContext['chooseFolder']): { ws: string; api: ReturnType<typeof createPackHostApi> } {
  const ws = tempDir('castellan-pack-');
  const w = openWorkspace(ws);
  if ('ok' in w) throw new Error(w.message);
  pool = new SolvePool({ size: 1 });
  const ctx: HostContext = {
    kind: 'serve',
    resolvePath: (p, forWrite) => serveResolvePath(w, p, forWrite),
    confinedWrites: true,
    pool: () => pool!,
    solveTimeMs: 20_000,
    maxStates: 1_000_000,
    ...(chooseFolder ? { chooseFolder } : {}),
  };
  return { ws, api: createPackHostApi(ctx, { suggestMs: 20_000 }) };
}

/** A pack folder `packs/p` with the given level files, in this order. */
function writePack(ws: string, levels: Record<string, unknown>, extra: Record<string, unknown> = {}): void {
  mkdirSync(join(ws, 'packs/p/levels'), { recursive: true });
  for (const [name, doc] of Object.entries(levels)) writeFileSync(join(ws, 'packs/p/levels', name), typeof doc === 'string' ? doc : json(doc));
  const pack = {
    format: 'castellan.pack',
    version: 1,
    title: 'P',
    ruleset: 'unlock-the-king',
    levels: Object.keys(levels).map((f) => ({ file: `levels/${f}` })),
    ...extra,
  };
  writeFileSync(join(ws, 'packs/p/pack.json'), json(pack));
}

function ok<T extends { ok: boolean }>(r: T | HostError): T {
  if (!r.ok) throw new Error(`expected ok, got ${(r as HostError).code}: ${(r as HostError).message}`);
  return r as T;
}

async function pollDone(api: ReturnType<typeof createPackHostApi>, jobId: string): Promise<{ last: PackVerifyPollAnswer; seen: number[] }> {
  const seen: number[] = [];
  for (let i = 0; i < 600; i++) {
    const p = ok(await api.packVerifyPoll({ jobId }));
    seen.push(p.done);
    if (p.state === 'done') return { last: p, seen };
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('verify did not finish');
}

describe('host path helpers', () => {
  it('joins and splits host paths with / and keeps the workspace root as ""', () => {
    expect(joinHostPath('', 'a.level.json')).toBe('a.level.json');
    expect(joinHostPath('packs/p/', 'pack.json')).toBe('packs/p/pack.json');
    expect(parentHostPath('packs/p')).toBe('packs');
    expect(parentHostPath('p')).toBe('');
    expect(parentHostPath('/abs/p')).toBe('/abs');
  });
  it('entry files must stay inside the pack folder and be level files', () => {
    expect(entryFileProblem('levels/01.level.json')).toBeUndefined();
    expect(entryFileProblem('../x.level.json')).toMatch(/\.\./);
    expect(entryFileProblem('/etc/x.level.json')).toMatch(/absolute/);
    expect(entryFileProblem('levels\\x.level.json')).toMatch(/backslash/);
    expect(entryFileProblem('levels/x.json')).toMatch(/level\.json/);
  });
});

describe('packCreate / packAddLevel / packSave', () => {
  it('creates a pack folder (parents too) with an empty pack.json; a second create answers conflict', async () => {
    const { ws, api } = setup();
    const r = ok(await api.packCreate({ path: 'packs/mine', title: 'Mine', ruleset: 'unlock-the-king' }));
    expect(r.rows).toEqual([]);
    expect(r.form).toBe('folder');
    const onDisk = JSON.parse(readFileSync(join(ws, 'packs/mine/pack.json'), 'utf8')) as Record<string, unknown>;
    expect(onDisk).toEqual({ format: 'castellan.pack', version: 1, title: 'Mine', ruleset: 'unlock-the-king', levels: [] });
    expect(existsSync(join(ws, 'packs/mine/levels'))).toBe(true);
    expect(await api.packCreate({ path: 'packs/mine', title: 'Again', ruleset: 'unlock-the-king' })).toMatchObject({ ok: false, code: 'conflict' });
    // The first pack.json is untouched.
    expect(JSON.parse(readFileSync(join(ws, 'packs/mine/pack.json'), 'utf8'))).toMatchObject({ title: 'Mine' });
  });

  it('adds a workspace level by copy (the original stays) and a document; names never collide', async () => {
    const { ws, api } = setup();
    writeFileSync(join(ws, 'two.level.json'), json(provedTwo()));
    const created = ok(await api.packCreate({ path: 'pk', title: 'Pk', ruleset: 'unlock-the-king' }));
    const a = ok(await api.packAddLevel({ path: 'pk', source: 'two.level.json', tier: 'Novice', expectedRevision: created.revision }));
    expect(a.added).toBe('levels/two-steps.level.json');
    expect(readFileSync(join(ws, 'pk/levels/two-steps.level.json'), 'utf8')).toBe(json(provedTwo()));
    expect(existsSync(join(ws, 'two.level.json'))).toBe(true);
    const b = ok(await api.packAddLevel({ path: 'pk', document: twoMoveLevel() }));
    expect(b.added).toBe('levels/two-steps-2.level.json');
    expect(b.pack.levels).toEqual([{ file: 'levels/two-steps.level.json', tier: 'Novice' }, { file: 'levels/two-steps-2.level.json' }]);
    // Row 1: proved par 2 from the stored solution; row 2: the same blueprint without a solution is a draft (and alike to #1).
    expect(b.rows.map((r) => r.status)).toEqual(['proved', 'draft']);
    expect(b.rows[0]).toMatchObject({ par: 2, path: 'pk/levels/two-steps.level.json', tier: 'Novice' });
    expect(b.rows[1]).toMatchObject({ duplicateOf: 0, duplicateHow: 'identity' });
  });

  it('a level file already inside the pack folder is listed as it is (no copy); adding it again is refused', async () => {
    const { ws, api } = setup();
    writePack(ws, { 'a.level.json': provedTwo() });
    writeFileSync(join(ws, 'packs/p/levels/b.level.json'), json(provedTwo()));
    const r = ok(await api.packAddLevel({ path: 'packs/p', source: 'packs/p/levels/b.level.json' }));
    expect(r.added).toBe('levels/b.level.json');
    expect(r.pack.levels.map((e) => ('file' in e ? e.file : '?'))).toEqual(['levels/a.level.json', 'levels/b.level.json']);
    expect(readdirSync(join(ws, 'packs/p/levels')).sort()).toEqual(['a.level.json', 'b.level.json']);
    expect(await api.packAddLevel({ path: 'packs/p', source: 'packs/p/levels/b.level.json' })).toMatchObject({ ok: false, code: 'conflict' });
    expect(readdirSync(join(ws, 'packs/p/levels')).sort()).toEqual(['a.level.json', 'b.level.json']);
  });

  it('refuses a level of another ruleset and a document that is not a level', async () => {
    const { api } = setup();
    ok(await api.packCreate({ path: 'pk', title: 'Pk', ruleset: 'chess-maze' }));
    expect(await api.packAddLevel({ path: 'pk', document: twoMoveLevel() })).toMatchObject({ ok: false, code: 'invalid' });
    expect(await api.packAddLevel({ path: 'pk', document: { format: 'castellan.level' } })).toMatchObject({ ok: false, code: 'invalid' });
    expect(await api.packAddLevel({ path: 'pk' })).toMatchObject({ ok: false, code: 'bad-request' });
  });

  it('packSave writes the new order atomically; a stale expectedRevision answers conflict and writes nothing', async () => {
    const { ws, api } = setup();
    writePack(ws, { 'a.level.json': provedTwo(), 'b.level.json': boxedInLevel() });
    const o = ok(await api.packOpen({ path: 'packs/p' }));
    const reordered = { ...o.pack, levels: [o.pack.levels[1]!, { ...o.pack.levels[0]!, tier: 'Master' }] };
    const s = ok(await api.packSave({ path: 'packs/p', pack: reordered, expectedRevision: o.revision }));
    expect(s.rows.map((r) => r.name)).toEqual(['levels/b.level.json', 'levels/a.level.json']);
    const disk = JSON.parse(readFileSync(join(ws, 'packs/p/pack.json'), 'utf8')) as { levels: unknown[] };
    expect(disk.levels).toEqual([{ file: 'levels/b.level.json' }, { file: 'levels/a.level.json', tier: 'Master' }]);
    const before = readFileSync(join(ws, 'packs/p/pack.json'), 'utf8');
    const c = await api.packSave({ path: 'packs/p', pack: o.pack, expectedRevision: o.revision });
    expect(c).toMatchObject({ ok: false, code: 'conflict' });
    expect(readFileSync(join(ws, 'packs/p/pack.json'), 'utf8')).toBe(before);
    // Removing an entry keeps the level file on disk.
    ok(await api.packSave({ path: 'packs/p', pack: { ...o.pack, levels: [o.pack.levels[0]!] } }));
    expect(existsSync(join(ws, 'packs/p/levels/b.level.json'))).toBe(true);
  });
});

describe('packOpen / packCreate without a path (Electron folder dialog)', () => {
  it('asks the host folder dialog; a cancelled dialog answers cancelled; a host without one answers bad-request', async () => {
    const asked: string[] = [];
    let answer: string | undefined = 'packs/p';
    const { ws, api } = setup(async (purpose) => {
      asked.push(purpose);
      return answer;
    });
    writePack(ws, { 'a.level.json': provedTwo() });
    const opened = ok(await api.packOpen({}));
    expect(opened.path).toBe('packs/p');
    expect(opened.rows).toHaveLength(1);
    answer = 'packs/new';
    const created = ok(await api.packCreate({ title: 'New', ruleset: 'unlock-the-king' }));
    expect(created.path).toBe('packs/new');
    expect(JSON.parse(readFileSync(join(ws, 'packs/new/pack.json'), 'utf8'))).toMatchObject({ title: 'New', levels: [] });
    expect(asked).toEqual(['open-pack', 'create-pack']);
    answer = undefined;
    expect(await api.packOpen({})).toMatchObject({ ok: false, code: 'cancelled' });
    const plain = setup().api;
    expect(await plain.packOpen({})).toMatchObject({ ok: false, code: 'bad-request' });
  });
});

describe('packOpen statuses', () => {
  it('proved / stale / draft / invalid / duplicate (a 90° rotation, UK) from the files alone', async () => {
    const { ws, api } = setup();
    writePack(ws, {
      '1.level.json': provedTwo(),
      '2.level.json': staleTwo(),
      '3.level.json': twoMoveLevel({ meta: { title: 'Unproved' }, walls: ['b3'] }),
      '4.level.json': '{ not json',
      '5.level.json': rotatedTwo(),
    });
    const o = ok(await api.packOpen({ path: 'packs/p' }));
    expect(o.rows.map((r) => r.status)).toEqual(['proved', 'stale', 'draft', 'invalid', 'duplicate']);
    expect(o.rows[0]!.detail).toBe('proved par 2');
    expect(o.rows[4]).toMatchObject({ duplicateOf: 0, duplicateHow: 'rot90' });
    expect(o.rows[3]!.detail).toMatch(/JSON/);
  });

  it('identical levels of another ruleset are flagged by levelHash', async () => {
    const { ws, api } = setup();
    const src = JSON.parse(readFileSync(new URL('../../../resources/levels/chess-maze/01-stepping-stones.level.json', import.meta.url), 'utf8')) as Level;
    writePack(ws, { 'a.level.json': src, 'b.level.json': { ...src, meta: { title: 'Copy' } } }, { ruleset: 'chess-maze' });
    const o = ok(await api.packOpen({ path: 'packs/p' }));
    expect(o.rows[1]).toMatchObject({ duplicateOf: 0, duplicateHow: 'identical' });
    expect(o.rows[0]!.duplicateOf).toBeUndefined();
  });
});

describe('hostile requests and confinement', () => {
  it('answers bad-request for malformed requests, never throws', async () => {
    const { api } = setup();
    expect(await api.packOpen(null)).toMatchObject({ ok: false, code: 'bad-request' });
    expect(await api.packOpen({ path: 'x', extra: 1 })).toMatchObject({ ok: false, code: 'bad-request' });
    expect(await api.packOpen({ path: 42 })).toMatchObject({ ok: false, code: 'bad-request' });
    expect(await api.packCreate({ path: 'x', title: 'T', ruleset: 'go' })).toMatchObject({ ok: false, code: 'bad-request' });
    expect(await api.packSave({ path: 'x', pack: { format: 'nope' } })).toMatchObject({ ok: false, code: 'invalid' });
    expect(await api.packVerifyStart({ path: 'x', maxStates: -1 })).toMatchObject({ ok: false, code: 'bad-request' });
    expect(await api.packVerifyPoll({ jobId: 'nope' })).toMatchObject({ ok: false, code: 'not-found' });
    expect(await api.suggestBlueprint({ seed: 1, parMin: 9, parMax: 3 })).toMatchObject({ ok: false, code: 'bad-request' });
    expect(await api.suggestBlueprint({})).toMatchObject({ ok: false, code: 'bad-request' });
    expect(await api.suggestBlueprint(undefined)).toMatchObject({ ok: false, code: 'bad-request' });
    expect(await api.renderLevel({ document: { a: 1 }, out: 'x.svg' })).toMatchObject({ ok: false, code: 'invalid' });
  });

  it('confines every path to the workspace (.., absolute, links out, .castellan)', async () => {
    const { ws, api } = setup();
    const outside = tempDir('castellan-outside-');
    writePack(ws, { 'a.level.json': provedTwo() });
    expect(await api.packOpen({ path: '../x' })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await api.packOpen({ path: outside })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await api.packCreate({ path: join(outside, 'p'), title: 'T', ruleset: 'unlock-the-king' })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(existsSync(join(outside, 'p'))).toBe(false);
    expect(await api.packCreate({ path: '.castellan/p', title: 'T', ruleset: 'unlock-the-king' })).toMatchObject({ ok: false });
    expect(await api.packExport({ path: 'packs/p', out: '../out' })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await api.renderLevel({ document: twoMoveLevel(), out: join(outside, 'x.svg') })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await api.packAddLevel({ path: 'packs/p', source: join(outside, 'x.level.json') })).toMatchObject({ ok: false, code: 'forbidden' });
    // A pack folder that is a link out of the workspace.
    mkdirSync(join(outside, 'q'));
    writeFileSync(join(outside, 'q/pack.json'), json({ format: 'castellan.pack', version: 1, title: 'Q', ruleset: 'unlock-the-king', levels: [] }));
    symlinkSync(join(outside, 'q'), join(ws, 'q'));
    expect(await api.packOpen({ path: 'q' })).toMatchObject({ ok: false, code: 'forbidden' });
    // An entry whose file is a link out of the workspace is an invalid row, not read.
    writeFileSync(join(outside, 'secret.level.json'), json(provedTwo()));
    symlinkSync(join(outside, 'secret.level.json'), join(ws, 'packs/p/levels/s.level.json'));
    const o = ok(
      await api.packSave({
        path: 'packs/p',
        pack: {
          format: 'castellan.pack',
          version: 1,
          title: 'P',
          ruleset: 'unlock-the-king',
          levels: [{ file: 'levels/a.level.json' }, { file: 'levels/s.level.json' }],
        },
      }),
    );
    expect(o.rows[1]).toMatchObject({ status: 'invalid' });
    expect(o.rows[1]!.detail).toMatch(/link/);
    expect(
      await api.packSave({
        path: 'packs/p',
        pack: { format: 'castellan.pack', version: 1, title: 'P', ruleset: 'unlock-the-king', levels: [{ file: 'levels/../../x.level.json' }] },
      }),
    ).toMatchObject({ ok: false });
  });

  it('packList finds pack folders and pack files, skipping dot folders', async () => {
    const { ws, api } = setup();
    writePack(ws, { 'a.level.json': provedTwo() });
    mkdirSync(join(ws, '.castellan/hidden'), { recursive: true });
    writeFileSync(join(ws, '.castellan/hidden/pack.json'), readFileSync(join(ws, 'packs/p/pack.json')));
    const r = ok(await api.packList({}));
    expect(r.packs).toEqual([{ path: 'packs/p', title: 'P', ruleset: 'unlock-the-king', form: 'folder', levels: 1 }]);
  });
});

describe('packVerify', () => {
  it('re-proves every level with progress; flags stale, draft, unsolvable and invalid levels; counts optimal solutions', async () => {
    const { ws, api } = setup();
    writePack(ws, {
      '1.level.json': provedTwo(),
      '2.level.json': staleTwo(),
      '3.level.json': twoMoveLevel({ meta: { title: 'Unproved' }, walls: ['b3'] }),
      '4.level.json': boxedInLevel(),
      '5.level.json': '{}',
    });
    const s = ok(await api.packVerifyStart({ path: 'packs/p' }));
    expect(s.total).toBe(5);
    const { last, seen } = await pollDone(api, s.jobId);
    // Progress only grows, and ends with every level done.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(last.done).toBe(5);
    expect(last.rows.map((r) => r.status)).toEqual(['proved', 'stale', 'draft', 'unsolvable', 'invalid']);
    expect(last.rows[0]).toMatchObject({ par: 2, optimalSolutions: 1 });
    // Stale: a wall on b2 (the only middle square) makes the king walk a1-a2-b3-c3 or a1-b1-c2-c3: 3 moves, 2 optimal lines.
    expect(last.rows[1]).toMatchObject({ par: 3, optimalSolutions: 2 });
    expect(last.rows[0]!.branching).toBeGreaterThan(0);
    // Jobs stay pollable until cancelled.
    expect(await api.packVerifyCancel({ jobId: s.jobId })).toEqual({ ok: true, jobId: s.jobId, cancelled: true });
    expect(await api.packVerifyPoll({ jobId: s.jobId })).toMatchObject({ ok: false, code: 'not-found' });
  });
});

/**
 * Hand-worked (as in save-metrics.test.ts): 3x3, walls b1 b2, king a1, rook
 * a2, portal a3; par 4, every optimal solution has exactly 2 rook moves
 * (Ra2-a3, the king to a2, the rook off a3 along rank 3, the king home), UK-4/UK-6.
 */
const rookGate = (): UnlockTheKingLevel =>
  twoMoveLevel({
    meta: { title: 'Rook gate' },
    walls: ['b1', 'b2'],
    portal: 'a3',
    pieces: [
      { role: 'king', square: 'a1' },
      { role: 'rook', square: 'a2' },
    ],
  });

describe('pack rows: difficulty metrics', () => {
  it('verify rows carry the tagged (non-king) move counts: 2 / 2 for the rook gate, 0 / 0 for a king walk', async () => {
    const { ws, api } = setup();
    writePack(ws, { '1.level.json': provedTwo(), '2.level.json': rookGate() });
    const s = ok(await api.packVerifyStart({ path: 'packs/p' }));
    const { last } = await pollDone(api, s.jobId);
    expect(last.rows[0]).toMatchObject({ par: 2, taggedMovesMin: 0, taggedMovesMax: 0 });
    expect(last.rows[1]).toMatchObject({ par: 4, taggedMovesMin: 2, taggedMovesMax: 2, optimalSolutions: 4 });
  });

  it('stored rows (packOpen, no solving) read solution.metrics of a current proof; a stale proof shows none', async () => {
    const { ws, api } = setup();
    const withMetrics = proved(rookGate(), 4, ['Ra2-a3', 'Ka1-a2', 'Ra3-b3', 'Ka2-a3']);
    withMetrics.solution!.metrics = { branching: 2.345, optimalSolutions: 4, optimalSolutionsCapped: false, taggedMovesMin: 2, taggedMovesMax: 2 };
    const stale = { ...withMetrics, walls: ['b1'] };
    writePack(ws, { '1.level.json': withMetrics, '2.level.json': stale });
    const o = ok(await api.packOpen({ path: 'packs/p' }));
    expect(o.rows[0]).toMatchObject({
      status: 'proved',
      par: 4,
      branching: 2.35,
      optimalSolutions: 4,
      optimalCapped: false,
      taggedMovesMin: 2,
      taggedMovesMax: 2,
    });
    expect(o.rows[1]!.status).toBe('stale');
    expect(o.rows[1]!.taggedMovesMin).toBeUndefined();
  });
});

describe('packExport', () => {
  it('refuses stale levels unless forced, then never overwrites', async () => {
    const { ws, api } = setup();
    writePack(ws, { '1.level.json': provedTwo(), '2.level.json': staleTwo() });
    const refused = await api.packExport({ path: 'packs/p', out: 'out' });
    expect(refused).toMatchObject({ ok: false, code: 'invalid' });
    expect((refused as HostError).issues?.[0]?.message).toMatch(/#2 Edited: stale/);
    expect(existsSync(join(ws, 'out'))).toBe(false);
    const forced = ok(await api.packExport({ path: 'packs/p', out: 'out', force: true }));
    expect(forced.files).toBe(3);
    expect(forced.warnings).toHaveLength(1);
    expect(readdirSync(join(ws, 'out/levels')).sort()).toEqual(['01-two-steps.level.json', '02-edited.level.json']);
    const again = await api.packExport({ path: 'packs/p', out: 'out', force: true });
    expect(again).toMatchObject({ ok: false, code: 'conflict' });
  });

  it('never leaves a level out, forced or not: an unreadable level file refuses the export (pack-level-unreadable), nothing written', async () => {
    const { ws, api } = setup();
    writePack(ws, { '1.level.json': provedTwo(), '2.level.json': '{"broken' });
    for (const force of [false, true]) {
      const r = await api.packExport({ path: 'packs/p', out: `out-${force}`, force });
      expect(r).toMatchObject({ ok: false, code: 'invalid' });
      expect((r as HostError).issues?.map((i) => i.code)).toEqual(['pack-level-unreadable']);
      expect((r as HostError).issues?.[0]?.message).toMatch(/^#2 /);
      expect(existsSync(join(ws, `out-${force}`))).toBe(false);
    }
  });

  it('writes the single-file form for a *.pack.json target; a clean pack needs no force', async () => {
    const { ws, api } = setup();
    writePack(ws, { '1.level.json': provedTwo() });
    const r = ok(await api.packExport({ path: 'packs/p', out: 'p.pack.json' }));
    expect(r).toMatchObject({ files: 1, levels: 1, warnings: [] });
    const single = JSON.parse(readFileSync(join(ws, 'p.pack.json'), 'utf8')) as { levels: { level: Level }[] };
    expect(single.levels[0]!.level.meta.title).toBe('Two steps');
    const o = ok(await api.packOpen({ path: 'p.pack.json' }));
    expect(o).toMatchObject({ form: 'file' });
    expect(o.rows[0]).toMatchObject({ status: 'proved', name: '#1' });
    expect(await api.packAddLevel({ path: 'p.pack.json', document: twoMoveLevel() })).toMatchObject({ ok: false, code: 'bad-request' });
  });
});

describe('renderLevel and suggestBlueprint', () => {
  it('renders SVG and PNG, never overwriting', async () => {
    const { ws, api } = setup();
    const r = ok(await api.renderLevel({ document: twoMoveLevel(), out: 'two.svg' }));
    expect(readFileSync(join(ws, 'two.svg'), 'utf8')).toMatch(/^<svg|^<\?xml/);
    expect(r.bytes).toBeGreaterThan(100);
    expect(await api.renderLevel({ document: twoMoveLevel(), out: 'two.svg' })).toMatchObject({ ok: false, code: 'conflict' });
    ok(await api.renderLevel({ document: twoMoveLevel(), out: 'two.png' }));
    expect(readFileSync(join(ws, 'two.png')).subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(await api.renderLevel({ document: twoMoveLevel(), out: 'two.txt' })).toMatchObject({ ok: false, code: 'forbidden' });
  });

  it('suggests a valid UK blueprint whose par (re-proved here) lies in the range; the same seed gives the same blueprint', async () => {
    const { api } = setup();
    const a = ok(await api.suggestBlueprint({ seed: 7, parMin: 3, parMax: 8 }));
    expect(a.document.ruleset).toBe('unlock-the-king');
    expect(validateRules(a.document)).toEqual([]);
    const solved = solveLevelReference(a.document);
    expect(solved.status).toBe('solved');
    const len = (solved as { length: number }).length;
    expect(len).toBe(a.par);
    expect(len).toBeGreaterThanOrEqual(3);
    expect(len).toBeLessThanOrEqual(8);
    const b = ok(await api.suggestBlueprint({ seed: 7, parMin: 3, parMax: 8 }));
    expect(b.document).toEqual(a.document);
  });

  it('answers limit when no blueprint is found within its time budget', async () => {
    const ws = tempDir('castellan-pack-');
    const w = openWorkspace(ws);
    if ('ok' in w) throw new Error(w.message);
    const ctx: HostContext = {
      kind: 'serve',
      resolvePath: (p, f) => serveResolvePath(w, p, f),
      confinedWrites: true,
      pool: () => {
        throw new Error('no pool');
      },
      solveTimeMs: 1000,
      maxStates: 1000,
    };
    const api = createPackHostApi(ctx, { suggestMs: 300 });
    const t0 = Date.now();
    // Par 60 on an 8x8 board with one physical set is far beyond what a few climbs reach.
    expect(await api.suggestBlueprint({ seed: 1, parMin: 60, parMax: 60 })).toMatchObject({ ok: false, code: 'limit' });
    expect(Date.now() - t0).toBeLessThan(15_000);
  });
});

export type { OpenedPack };
