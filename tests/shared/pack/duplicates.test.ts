/**
 * Duplicates in a pack (src-shared/pack/duplicates.ts), UK-1 "no two
 * blueprints alike, rotations and reflections included": the fast search
 * (levels grouped by a symmetry-invariant key, images hashed only where two
 * levels share a key) must find exactly what the definition says, checked
 * against a brute-force search written from the definition (every earlier
 * level, every symmetry its rules allow, hash against hash).
 */
import { describe, expect, it } from 'vitest';
import { levelHash } from '../../../src-shared/format/level-hash.js';
import type { Level, UkPiece, UnlockTheKingLevel } from '../../../src-shared/model/level.js';
import { squareName } from '../../../src-shared/model/square.js';
import { alikeKey, findAlike, findAlikeSteps, type AlikePair } from '../../../src-shared/pack/duplicates.js';
import { makeRng, type Rng } from '../../../src-shared/rulesets/rng.js';
import { rulesetOf } from '../../../src-shared/rulesets/index.js';
import { levelSymmetries, transformLevel } from '../../../src-shared/squares/transform.js';

const ROLES = ['queen', 'rook', 'bishop', 'knight', 'pawn'] as const;
const FACINGS = ['north', 'east', 'south', 'west'] as const;

/** A random Unlock the King blueprint on a w x h board (3..6), each square used once. */
function randomUk(rng: Rng): UnlockTheKingLevel {
  const w = rng.int(3, 6);
  const h = rng.pick([w, w, rng.int(3, 6)]);
  const free: string[] = [];
  for (let r = 0; r < h; r++) for (let f = 0; f < w; f++) free.push(squareName(f, r));
  const king = rng.take(free);
  const portal = rng.take(free);
  const walls = Array.from({ length: rng.int(0, 3) }, () => rng.take(free));
  const pieces: UkPiece[] = [{ role: 'king', square: king }];
  for (let k = rng.int(0, 3); k > 0; k--) {
    const role = rng.pick(ROLES);
    pieces.push({ role, square: rng.take(free), ...(role === 'pawn' ? { facing: rng.pick(FACINGS) } : {}) });
  }
  return {
    format: 'castellan.level',
    version: 1,
    ruleset: 'unlock-the-king',
    meta: { title: 'random' },
    board: { width: w, height: h },
    portal,
    pieces,
    ...(walls.length ? { walls } : {}),
  };
}

/** The images of a level under every symmetry its rules allow (identity first), with their names. */
function images(level: Level): { sym: string; level: Level }[] {
  const def = rulesetOf(level)!;
  return levelSymmetries(def, level).flatMap((s) => {
    const t = transformLevel(def, level, s);
    return t.ok ? [{ sym: s.name, level: t.level as Level }] : [];
  });
}

/** The definition, by brute force: level j is alike to the first earlier level i one of whose images hashes like j. */
function bruteForce(levels: readonly (Level | undefined)[]): AlikePair[] {
  const out: AlikePair[] = [];
  const hashes = levels.map((l) => (l ? levelHash(l) : undefined));
  const imageHashes = levels.map((l) => (l ? images(l).map((im) => ({ sym: im.sym, hash: levelHash(im.level) })) : []));
  for (let j = 0; j < levels.length; j++) {
    if (!levels[j]) continue;
    for (let i = 0; i < j; i++) {
      if (!levels[i]) continue;
      const hit = imageHashes[i]!.find((im) => im.hash === hashes[j]);
      if (hit) {
        out.push({ first: i, second: j, how: hit.sym });
        break;
      }
    }
  }
  return out;
}

/** A pack of random blueprints, some of them again as images or copies, and a few gaps (unreadable levels). */
function randomPack(rng: Rng, n: number): (Level | undefined)[] {
  const out: (Level | undefined)[] = [];
  for (let k = 0; k < n; k++) {
    const roll = rng();
    const earlier = out.filter((l): l is Level => l !== undefined);
    if (roll < 0.05) out.push(undefined);
    else if (roll < 0.35 && earlier.length > 0) out.push(rng.pick(images(rng.pick(earlier))).level);
    else out.push(randomUk(rng));
  }
  return out;
}

describe('alike levels in a pack (UK-1, rotations and reflections included)', () => {
  it('UK-1 the alike key of a blueprint is the key of each of its images', () => {
    const rng = makeRng(7);
    for (let k = 0; k < 300; k++) {
      const level = randomUk(rng);
      const key = alikeKey(level);
      expect(key).toBeDefined();
      for (const im of images(level)) expect(alikeKey(im.level), `${im.sym} of case ${k}`).toBe(key);
    }
  });

  it('UK-1 finds exactly the pairs the brute-force definition finds, with the same symmetry', () => {
    const rng = makeRng(11);
    for (let k = 0; k < 60; k++) {
      const pack = randomPack(rng, 40);
      expect(findAlike(pack), `pack ${k}`).toEqual(bruteForce(pack));
    }
  });

  it('UK-1 with the hashes given, and run step by step, it answers the same pairs', () => {
    const rng = makeRng(3);
    const pack = randomPack(rng, 80);
    const expected = bruteForce(pack);
    const steps = findAlikeSteps(
      pack,
      pack.map((l) => (l ? levelHash(l) : undefined)),
    );
    let r = steps.next();
    let yields = 0;
    while (!r.done) {
      yields++;
      r = steps.next();
    }
    expect(r.value).toEqual(expected);
    expect(yields).toBeGreaterThan(0);
  });

  it('UK-1 ten thousand copies of one blueprint: each later one is a copy (identity) of the first', () => {
    const level = randomUk(makeRng(5));
    const pack = Array.from({ length: 10_000 }, () => level);
    const pairs = findAlike(pack);
    expect(pairs).toHaveLength(9_999);
    expect(pairs.every((p) => p.first === 0 && p.how === 'identity')).toBe(true);
  });

  it('levels of a ruleset compared without symmetry are alike only when identical', () => {
    const maze = (holes: string[]): Level => ({
      format: 'castellan.level',
      version: 1,
      ruleset: 'chess-maze',
      meta: { title: 'm' },
      board: { width: 3, height: 3, holes },
      pieces: [{ role: 'king', square: 'a1', side: 'player' }],
      tiles: [{ kind: 'finish', square: 'c3' }],
    });
    // c1 mirrors a1 across the board's middle file: alike for Unlock the King, not for Chess Maze.
    expect(findAlike([maze(['b2']), maze(['c1']), maze(['b2'])])).toEqual([{ first: 0, second: 2, how: 'identical' }]);
  });
});
