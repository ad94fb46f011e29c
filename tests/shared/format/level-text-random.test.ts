/**
 * Level codes and board texts of generated levels, and fuzzed input.
 *
 * - Levels made by each ruleset's generator (random placements climbed to
 *   a proven par or "win / mate in N", several seeds, Chess Maze with each
 *   of its mechanics) go to a code and to a board text and come back with
 *   the same `levelHash` (format/level-hash.ts), the fact both forms
 *   promise.
 * - Fuzzed codes, board texts and collections (characters changed,
 *   dropped or doubled, lines cut or shuffled, random bytes) are refused
 *   with an issue that has a code and a message, or read into a level the
 *   loader accepts; never a throw.
 */
import { describe, expect, it } from 'vitest';
import { boardTextToLevel, levelToBoardText } from '../../../src-shared/format/board-text.js';
import { parseCollection, planImport } from '../../../src-shared/format/collection.js';
import { decodeLevelCode, encodeLevelCode } from '../../../src-shared/format/level-code.js';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import { readLevelText } from '../../../src-shared/format/level-text.js';
import { parseLevelText } from '../../../src-shared/format/load.js';
import type { Level } from '../../../src-shared/model/level.js';
import { generateCmLevels } from '../../../src-shared/rulesets/chess-maze/generate.js';
import { generateKvLevels } from '../../../src-shared/rulesets/kings-valley/generate.js';
import { generateLcLevels } from '../../../src-shared/rulesets/locking-chess/generate.js';
import { makeRng, type Rng } from '../../../src-shared/rulesets/rng.js';
import { generateUkLevels } from '../../../src-shared/rulesets/unlock-the-king/generate.js';
import type { Issue, Result } from '../../../src-shared/validation/issue.js';
import { sampleLevels } from './level-samples.js';

/** Generated levels of all four rulesets: small boards, several seeds, every Chess Maze mechanic. */
function generatedLevels(): { name: string; level: Level }[] {
  const out: { name: string; level: Level }[] = [];
  for (const seed of [1, 2, 3]) {
    for (const g of generateUkLevels({ seed, width: 4, height: 4, parMin: 2, parMax: 8, count: 1, maxStates: 20_000, maxClimbs: 2, climbSteps: 20 }))
      out.push({ name: `unlock-the-king seed ${seed}`, level: g.level as Level });
    const small = { seed, width: 5, height: 5, parMin: 1, parMax: 2, count: 1, maxStates: 20_000, climbs: 20, steps: 20 };
    for (const g of generateKvLevels(small)) out.push({ name: `kings-valley seed ${seed}`, level: g.level });
    for (const g of generateLcLevels({ ...small, width: 8, height: 8, parMin: 1, parMax: 1 })) out.push({ name: `locking-chess seed ${seed}`, level: g.level });
  }
  for (const [k, m] of ['keys', 'plates', 'transforms', 'coins', 'spell', 'enemies'].entries()) {
    const found = generateCmLevels({
      seed: 20 + k,
      width: 5,
      height: 5,
      parMin: 2,
      parMax: 8,
      count: 1,
      maxStates: 20_000,
      climbs: 20,
      steps: 20,
      mechanics: [m],
    });
    for (const g of found) out.push({ name: `chess-maze ${m}`, level: g.level });
  }
  return out;
}

/** The issues of a refusal have a code and a message; an answer that is a level passes the loader. */
function wellBehaved(r: Result<Level, Issue[]>, what: string): void {
  if (r.ok) {
    expect(parseLevelText(JSON.stringify(r.value)).ok, `${what}: a level the loader refuses`).toBe(true);
    return;
  }
  expect(r.error.length, what).toBeGreaterThan(0);
  for (const i of r.error) {
    expect(i.code, what).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(i.message.length, what).toBeGreaterThan(0);
  }
}

const pick = <T>(rand: Rng, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

/** One random edit of `s`: a character changed, dropped, doubled or inserted, or the text cut. */
function mutate(s: string, rand: Rng, alphabet: string): string {
  const at = Math.floor(rand() * s.length);
  switch (Math.floor(rand() * 5)) {
    case 0:
      return s.slice(0, at) + pick(rand, [...alphabet]) + s.slice(at + 1);
    case 1:
      return s.slice(0, at) + s.slice(at + 1);
    case 2:
      return s.slice(0, at) + s.charAt(at) + s.slice(at);
    case 3:
      return s.slice(0, at) + pick(rand, [...alphabet]) + s.slice(at);
    default:
      return s.slice(0, at);
  }
}

describe('generated levels of all four rulesets', () => {
  const levels = generatedLevels();

  it('the generators gave levels of every ruleset and every Chess Maze mechanic asked for', () => {
    const names = new Set(levels.map((l) => l.name.replace(/ seed \d+$/, '')));
    for (const n of ['unlock-the-king', 'kings-valley', 'locking-chess', 'chess-maze keys', 'chess-maze transforms', 'chess-maze plates'])
      expect(names.has(n), n).toBe(true);
  });

  it('a code and a board text of each come back with the same levelHash', () => {
    for (const { name, level } of levels) {
      const code = encodeLevelCode(level);
      expect(code.ok, name).toBe(true);
      if (!code.ok) continue;
      const back = decodeLevelCode(code.value);
      expect(back.ok, name).toBe(true);
      if (back.ok) expect(levelHash(back.value), `${name} (code)`).toBe(levelHash(level));
      const text = levelToBoardText(level);
      expect(text.ok, name).toBe(true);
      if (!text.ok) continue;
      const read = boardTextToLevel(text.value.text);
      expect(read.ok, `${name}: ${read.ok ? '' : read.error[0]?.message}`).toBe(true);
      if (read.ok) expect(levelHash(read.value), `${name} (board text)`).toBe(levelHash(level));
    }
  });
});

describe('fuzzed input is refused with a coded issue, never a throw', () => {
  const samples = sampleLevels();
  const rand = makeRng(27);

  it('level codes with characters changed, dropped, doubled or cut off', () => {
    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/=. é\u0000';
    let refused = 0;
    for (let k = 0; k < 600; k++) {
      const { level } = pick(rand, samples);
      const code = encodeLevelCode(level);
      if (!code.ok) throw new Error('a sample has no code');
      let bad = code.value;
      for (let j = 1 + Math.floor(rand() * 3); j > 0; j--) bad = mutate(bad, rand, B64);
      if (bad === code.value) continue;
      const r = decodeLevelCode(bad);
      wellBehaved(r, bad.slice(0, 40));
      if (!r.ok) refused++;
    }
    // A changed code gets past the 32-bit check about once in 4 billion.
    expect(refused).toBeGreaterThan(550);
  });

  it('board texts with characters changed and lines dropped, doubled or shuffled', () => {
    const CH = '#.@KQRBNPkqrbnp123xX:; ,-\t';
    for (let k = 0; k < 600; k++) {
      const { level } = pick(rand, samples);
      const w = levelToBoardText(level);
      if (!w.ok) continue;
      let lines = w.value.text.split('\n');
      const edit = Math.floor(rand() * 4);
      const at = Math.floor(rand() * lines.length);
      if (edit === 0) lines.splice(at, 1);
      else if (edit === 1) lines.splice(at, 0, lines[at] ?? '');
      else if (edit === 2) lines = [...lines.slice(at), ...lines.slice(0, at)];
      else lines[at] = mutate(lines[at] ?? '', rand, CH);
      const text = lines.join('\n');
      wellBehaved(boardTextToLevel(text), text.slice(0, 60));
    }
  });

  it('random bytes, as a code, a board text, a collection and a paste', () => {
    for (let k = 0; k < 300; k++) {
      const n = Math.floor(rand() * 400);
      let s = pick(rand, ['', 'CST1.', 'CST9.', 'Castellan chess-maze 5x5\n', 'Castellan locking-chess 8x8 mate in 2\nLFEN: ', 'Pack: x\n']);
      for (let j = 0; j < n; j++) s += String.fromCharCode(Math.floor(rand() * (rand() < 0.8 ? 128 : 0xffff)));
      wellBehaved(decodeLevelCode(s), 'code');
      wellBehaved(boardTextToLevel(s), 'board text');
      const c = parseCollection(s);
      for (const e of c.entries) if (!e.level) expect(e.issues?.[0]?.code, `line ${e.line}`).toMatch(/^[a-z][a-z0-9-]*$/);
      const plan = planImport(c);
      if (!plan.ok) for (const sk of plan.error) expect(sk.line).toBeGreaterThan(0);
      expect(['code', 'board', 'json', 'collection', 'none']).toContain(readLevelText(s).kind);
    }
  });
});
