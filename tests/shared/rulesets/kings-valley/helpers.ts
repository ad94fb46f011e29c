/**
 * Test helpers: King's Valley levels from a compact spec and sorted LAN
 * lists. Positions in tests are written as `W: Kc1 Sa1` / `B: Ke5` strings.
 */
import type { KingsValleyLevel, KvPiece, KvSide } from '../../../../src-shared/model/level.js';
import { compileKingsValley, kvLegalMoves, kvMoveToLan, type KvPosition } from '../../../../src-shared/rulesets/kings-valley/index.js';

export interface KvSpec {
  /** e.g. 'Kc1 Sa1 Sb1' */
  white: string;
  black: string;
  size?: number;
  pillars?: string[];
  toMove?: KvSide;
  startingSetup?: boolean;
  soldiersMayStopOnValley?: boolean;
  /** goal: win in N */
  n?: number;
}

function pieces(list: string, side: KvSide): KvPiece[] {
  return list
    .split(/\s+/)
    .filter((t) => t.length > 0)
    .map((t) => ({ role: t[0] === 'K' ? 'king' : 'soldier', square: t.slice(1), side }));
}

/** A King's Valley level document from a compact spec (5x5, White to move by default). */
export function kvLevel(spec: KvSpec): KingsValleyLevel {
  const size = spec.size ?? 5;
  const level: KingsValleyLevel = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'kings-valley',
    meta: { title: 'test' },
    board: { width: size, height: size },
    pieces: [...pieces(spec.white, 'white'), ...pieces(spec.black, 'black')],
    sideToMove: spec.toMove ?? 'white',
  };
  if (spec.pillars) level.pillars = spec.pillars;
  if (spec.startingSetup !== undefined) level.startingSetup = spec.startingSetup;
  if (spec.soldiersMayStopOnValley !== undefined) level.options = { soldiersMayStopOnValley: spec.soldiersMayStopOnValley };
  if (spec.n !== undefined) level.goal = { type: 'win-in', moves: spec.n };
  return level;
}

/** Compiles or throws (tests only). */
export function kvPos(spec: KvSpec | KingsValleyLevel): KvPosition {
  const level = 'format' in spec ? spec : kvLevel(spec);
  const r = compileKingsValley(level);
  if (!r.ok) throw new Error('level does not compile: ' + JSON.stringify(r.error));
  return r.value;
}

/** Sorted LAN of every legal move. */
export function allLan(pos: KvPosition): string[] {
  return kvLegalMoves(pos)
    .map((m) => kvMoveToLan(pos, m))
    .sort();
}

/** Sorted target squares of the piece on `square`. */
export function targetsOf(pos: KvPosition, square: string): string[] {
  return allLan(pos)
    .filter((l) => l.slice(1, 1 + square.length) === square && l[1 + square.length] === '-')
    .map((l) => l.split('-')[1]!)
    .sort();
}

/** Seeded linear congruential generator in [0, 1). */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/**
 * A random level (may break builder rules only by chance of nothing: squares
 * are distinct, kings and soldiers never on the valley unless allowed).
 */
export function randomKvLevel(rnd: () => number, opts: { size?: number; perSide?: number; pillars?: number; n?: number } = {}): KingsValleyLevel {
  const size = opts.size ?? 5;
  const cells = size * size;
  const valley = (cells - 1) / 2;
  const used = new Set<number>([valley]);
  const pick = (): string => {
    for (;;) {
      const s = Math.floor(rnd() * cells);
      if (!used.has(s)) {
        used.add(s);
        return String.fromCharCode(97 + (s % size)) + String(Math.floor(s / size) + 1);
      }
    }
  };
  const perSide = opts.perSide ?? 1 + Math.floor(rnd() * 5);
  const pillars: string[] = [];
  for (let i = 0; i < (opts.pillars ?? 0); i++) pillars.push(pick());
  const side = (): string => ['K' + pick(), ...Array.from({ length: perSide - 1 }, () => 'S' + pick())].join(' ');
  const spec: KvSpec = {
    size,
    white: side(),
    black: side(),
    pillars,
    toMove: rnd() < 0.5 ? 'white' : 'black',
    startingSetup: rnd() < 0.15,
    soldiersMayStopOnValley: rnd() < 0.2,
  };
  if (opts.n !== undefined) spec.n = opts.n;
  return kvLevel(spec);
}
