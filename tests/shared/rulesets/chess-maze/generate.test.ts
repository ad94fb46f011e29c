/**
 * The Chess Maze generator (src-shared/rulesets/chess-maze/generate.ts):
 * reproducible for a seed, every level valid (CM-14, no CM-15 warning) with
 * its par proved by the plain BFS reference, and every chosen mechanic used:
 * the test removes the mechanic itself (its own code, not the generator's)
 * and re-solves with the reference, which must answer a different result
 * (status or optimum). The move limit (CM-12) is checked as binding: it
 * equals the optimum, and some line longer than it wins without it and
 * fails with it.
 */
import { describe, expect, it } from 'vitest';
import type { ChessMazeLevel } from '../../../../src-shared/model/level.js';
import { chessMaze } from '../../../../src-shared/rulesets/chess-maze/def.js';
import { generateCmLevels } from '../../../../src-shared/rulesets/chess-maze/generate.js';
import { cmInitialState, cmLegalMoves, cmMoveToLan, compileChessMaze, replayStates } from '../../../../src-shared/rulesets/chess-maze/index.js';

const base = { seed: 4, width: 5, height: 5, parMin: 2, parMax: 6, count: 1, maxStates: 50_000 };

/** Status and optimum of the BFS reference; a search that hits its cap fails the test (it would prove nothing). */
function ref(level: ChessMazeLevel): { status: string; length?: number } {
  const r = chessMaze.solveReference(level, { maxStates: 500_000 });
  expect(r.status === 'solved' || r.status === 'unsolvable').toBe(true);
  return r.status === 'solved' ? { status: 'solved', length: r.length } : { status: r.status };
}

/** The level without a mechanic, written independently of the generator. */
function strip(level: ChessMazeLevel, m: string, locksToo = false): ChessMazeLevel {
  const l = structuredClone(level);
  const tiles = l.tiles ?? [];
  const colours = (kind: string) => new Set(tiles.filter((t) => t.kind === kind).map((t) => ('color' in t ? t.color : '')));
  const obj = { ...(l.objectives ?? {}) };
  if (m === 'keys' || m === 'plates') {
    const kind = m === 'keys' ? 'key' : 'plate';
    const cs = colours(kind);
    l.tiles = tiles.filter((t) => t.kind !== kind && !(locksToo && t.kind === 'lock' && cs.has(t.color)));
  }
  if (m === 'transforms') l.tiles = tiles.filter((t) => t.kind !== 'transform');
  if (m === 'coins') {
    l.tiles = tiles.filter((t) => t.kind !== 'coin');
    delete obj.collect;
  }
  if (m === 'spell') {
    l.tiles = tiles.filter((t) => t.kind !== 'letter');
    delete obj.spell;
  }
  if (m === 'enemies') l.pieces = l.pieces.filter((p) => p.side !== 'enemy');
  if (m === 'move-limit') delete obj.moveLimit;
  l.objectives = obj;
  return l;
}

function checkLevels(found: ReturnType<typeof generateCmLevels>, parMin: number, parMax: number): void {
  for (const g of found) {
    expect(chessMaze.validate(g.level)).toEqual([]);
    const r = ref(g.level);
    expect(r.status).toBe('solved');
    expect(r.length).toBe(g.par);
    expect(g.par).toBeGreaterThanOrEqual(parMin);
    expect(g.par).toBeLessThanOrEqual(parMax);
  }
}

describe('generateCmLevels', () => {
  it('the same seed gives the same levels; another seed other levels', () => {
    const req = { ...base, count: 2, mechanics: ['coins'] };
    const a = generateCmLevels(req);
    expect(a.length).toBe(2);
    expect(JSON.stringify(generateCmLevels(req))).toBe(JSON.stringify(a));
    const c = generateCmLevels({ ...req, seed: 5 });
    expect(JSON.stringify(c.map((g) => g.level))).not.toBe(JSON.stringify(a.map((g) => g.level)));
  });

  it('CM-14: levels are valid, within the par range and proved at that par by the BFS reference', () => {
    const found = generateCmLevels({ ...base, count: 3, parMin: 3, parMax: 5 });
    expect(found.length).toBe(3);
    checkLevels(found, 3, 5);
  });

  for (const [m, ruling] of [
    ['keys', 'CM-5'],
    ['plates', 'CM-6'],
    ['transforms', 'CM-10'],
    ['coins', 'CM-8'],
    ['spell', 'CM-9'],
    ['enemies', 'CM-4'],
  ] as const) {
    it(`${ruling}: a level asked to use ${m} changes its result when ${m} are removed`, () => {
      const found = generateCmLevels({ ...base, mechanics: [m] });
      expect(found.length).toBe(1);
      checkLevels(found, base.parMin, base.parMax);
      const level = found[0]!.level;
      const full = ref(level);
      expect(ref(strip(level, m))).not.toEqual(full);
      if (m === 'keys' || m === 'plates') {
        expect(level.tiles!.some((t) => t.kind === 'lock')).toBe(true);
        const open = ref(strip(level, m, true));
        expect(open).not.toEqual(full);
      }
    });
  }

  it('CM-12: a move limit equals the optimum, and a longer line wins without it but fails with it', () => {
    const found = generateCmLevels({ ...base, mechanics: ['move-limit'] });
    expect(found.length).toBe(1);
    checkLevels(found, base.parMin, base.parMax);
    const level = found[0]!.level;
    const limit = level.objectives!.moveLimit!;
    const free = strip(level, 'move-limit');
    expect(ref(free)).toEqual({ status: 'solved', length: limit });
    // Find a first move after which the level without the limit is won only later.
    const c = compileChessMaze(free);
    if (!c.ok) throw new Error('does not compile');
    const s0 = cmInitialState(c.value);
    let witness: string[] | undefined;
    for (const mv of cmLegalMoves(c.value, s0)) {
      const lan = cmMoveToLan(c.value, s0, mv);
      const after = chessMaze.replay(free, [lan]);
      if (!after.ok) continue;
      const rest = chessMaze.solve(after.value[1]!, {});
      if (rest.status !== 'solved' || 1 + rest.length <= limit) continue;
      const line = [lan, ...rest.moves];
      const won = replayStates(free, line);
      if (!won.ok) continue; // the document view after a pick-up is not the play state: try another move
      const last = won.value.states[line.length]!;
      if (last.outcome === 'playing' || !('won' in last.outcome)) continue;
      witness = line;
      break;
    }
    expect(witness).toBeDefined();
    const withLimit = replayStates(level, witness!);
    // CM-12: with the limit the line fails: its last move comes after the attempt ended, or it ends without a win.
    if (withLimit.ok) {
      const o = withLimit.value.states[witness!.length]!.outcome;
      expect(o !== 'playing' && 'won' in o).toBe(false);
    } else {
      expect(withLimit.error.map((e) => e.code)).toContain('move-after-failed');
    }
  });

  it('several mechanics at once: each one is used', () => {
    const mechanics = ['keys', 'coins'];
    const found = generateCmLevels({ ...base, seed: 9, width: 6, height: 6, parMax: 9, mechanics });
    expect(found.length).toBe(1);
    checkLevels(found, 2, 9);
    const level = found[0]!.level;
    for (const m of mechanics) expect(ref(strip(level, m))).not.toEqual(ref(level));
  });

  it('pieces: player pieces are drawn from the chosen roles only', () => {
    const found = generateCmLevels({ ...base, count: 2, pieces: ['knight'] });
    expect(found.length).toBe(2);
    for (const g of found) for (const p of g.level.pieces.filter((q) => q.side === 'player')) expect(p.role).toBe('knight');
  });

  it('an unknown mechanic is refused, naming the valid ones', () => {
    expect(() => generateCmLevels({ ...base, mechanics: ['portals'] })).toThrow(/portals.*keys, plates, transforms, coins, spell, enemies, move-limit/);
    expect(() => generateCmLevels({ ...base, mechanics: ['portals'] })).toThrow(expect.objectContaining({ code: 'cm-generate-mechanic' }));
  });

  it('signal: an aborted request returns at once with what it found; onProgress reports candidates', () => {
    expect(generateCmLevels({ ...base, signal: { aborted: true } })).toEqual([]);
    let calls = 0;
    generateCmLevels({ ...base, onProgress: () => void calls++ });
    expect(calls).toBeGreaterThan(0);
  });
});
