/**
 * A fifth ruleset that exists only in the tests ("Crates"): crates on a
 * board and a pusher that walks one square at a time, never onto a crate,
 * to the top-right corner (CR-1 the pieces, CR-3 the goal; par goal). It is
 * a complete core module: its schema fragment, its hash rules (the crates
 * in any order), its own glyph art (`drawn` art: no catalogue entry), the
 * solve (plain BFS), replay, display, play hooks and board text.
 *
 * Tests put it beside the real rulesets by replacing two modules, the
 * registry (src-shared/rulesets/registry.ts: `registryWithCrates`) and the
 * generated level validator (extra-ruleset-schema.ts
 * `levelValidatorWithCrates`: the combined schema built the way `npm run gen`
 * builds it, with this fragment added), through vitest's `vi.mock`, and an
 * e2e build does the same with aliases (tests/e2e/extra-ruleset/): the
 * test-only hook; the product has none. This module has no Node import, so
 * the browser build bundles it.
 */
import { solveBfs } from '../../../src-shared/solver/bfs.js';
import type { SearchProblem } from '../../../src-shared/solver/types.js';
import { indexToSquare, parseSquare, squareIndex } from '../../../src-shared/model/square.js';
import { DisplayBuilder } from '../../../src-shared/display/board-display.js';
import type { BoardDisplay, GlyphArt } from '../../../src-shared/display/glyph.js';
import { issue } from '../../../src-shared/validation/issue.js';
import { checkParAgainst } from '../../../src-shared/rulesets/par-check.js';
import type { LevelBase, RulesetDef, SquareFields } from '../../../src-shared/ruleset.js';
import type { PlayHooks, PlayMove } from '../../../src-shared/play/hooks.js';
import type { GridScheme } from '../../../src-shared/format/board-text-scheme.js';

export interface CratesLevel extends LevelBase {
  crates: string[];
  pusher?: { square: string };
}

/** Its schema fragment (the shape of src-shared/rulesets/<id>/schema.json). */
export const CRATES_FRAGMENT = {
  ruleset: 'crates',
  level: {
    type: 'object',
    required: ['crates'],
    properties: {
      crates: { $ref: '#/$defs/squareList' },
      pusher: { $ref: '#/$defs/crPusher' },
    },
  },
  $defs: {
    crPusher: {
      title: 'CrPusher',
      type: 'object',
      required: ['square'],
      properties: { square: { $ref: '#/$defs/square' } },
      additionalProperties: false,
    },
  },
} as const;

/** A crate: the ruleset's own artwork, vector parts in a 100 x 100 box. */
export const CRATE_ART: GlyphArt = {
  kind: 'drawn',
  name: 'crate',
  parts: [
    { type: 'path', d: 'M 14 14 H 86 V 86 H 14 Z', fill: '#a0522d', stroke: '#3b1d0a', width: 5 },
    { type: 'path', d: 'M 14 14 L 86 86 M 86 14 L 14 86', stroke: '#3b1d0a', width: 5, name: 'crate-brace' },
  ],
  swatch: { shape: 'square', fill: '#a0522d', size: 0.8 },
};

const PUSHER_ART: GlyphArt = { kind: 'piece', role: 'pawn', tone: 'light' };

const STEPS: readonly [number, number][] = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

/** The squares one step from `at` that are on the board and free of crates (CR-1). */
function stepsFrom(l: CratesLevel, at: string): string[] {
  const a = parseSquare(at);
  if (!a) return [];
  const out: string[] = [];
  for (const [dx, dy] of STEPS) {
    const f = a.file + dx;
    const r = a.rank + dy;
    if (f < 0 || r < 0 || f >= l.board.width || r >= l.board.height) continue;
    const sq = indexToSquare(r * l.board.width + f, l.board.width);
    if (!l.crates.includes(sq)) out.push(sq);
  }
  return out;
}

const corner = (l: CratesLevel): string => indexToSquare(l.board.width * l.board.height - 1, l.board.width);

/** The pusher's walk as a search problem: one word, the pusher's square index; goal the top-right corner (CR-3). */
function walk(l: CratesLevel): SearchProblem {
  const w = l.board.width;
  const h = l.board.height;
  return {
    stateWords: 1,
    writeInitial: (out) => void (out[0] = squareIndex(l.pusher!.square, w, h)),
    isGoal: (buf, o) => buf[o] === w * h - 1,
    expand(buf, o, out, emit) {
      for (const to of stepsFrom(l, indexToSquare(buf[o]!, w))) {
        out[0] = squareIndex(to, w, h);
        if (emit(out[0])) return;
      }
    },
    moveToLan: (buf, o, to) => `P${indexToSquare(buf[o]!, w)}-${indexToSquare(to, w)}`,
  };
}

function display(l: CratesLevel): BoardDisplay {
  const b = new DisplayBuilder(l.board.width, l.board.height);
  for (const c of l.crates) if (b.add(c, { layer: 'terrain', art: CRATE_ART, label: 'crate', item: 'crate' })) b.legend(CRATE_ART, 'Crate (CR-1)');
  const p = l.pusher;
  if (p && b.add(p.square, { layer: 'piece', art: PUSHER_ART, label: 'pusher', item: 'pusher' })) b.legend(PUSHER_ART, 'Pusher (CR-1)');
  const state = [...(p ? [`P:${p.square}`] : []), ...l.crates.map((c) => `C:${c}`).sort()].join(' ');
  return { width: b.width, height: b.height, glyphs: b.glyphs(), legend: b.legendEntries(), mirror: { state, detail: '' } };
}

const squares: SquareFields<CratesLevel> = {
  items: (l) => [
    ...l.crates.map((c) => ({ square: c, kind: 'crate', props: {} })),
    ...(l.pusher ? [{ square: l.pusher.square, kind: 'pusher', props: {} }] : []),
  ],
  withItems(l, items) {
    const out: CratesLevel = { ...l, crates: items.filter((i) => i.kind === 'crate').map((i) => i.square) };
    const p = items.find((i) => i.kind === 'pusher');
    if (p) out.pusher = { square: p.square };
    else delete out.pusher;
    return out;
  },
  pinned: ['pusher'],
};

/** A play position: the level and the pusher's square. */
interface CratesPosition {
  level: CratesLevel;
  at: string;
}

const play: PlayHooks<CratesLevel, CratesPosition> = {
  start: (level) => (level.pusher ? { ok: true, value: { level, at: level.pusher.square } } : { ok: false, error: def.validate(level) }),
  moves: (p): PlayMove[] => stepsFrom(p.level, p.at).map((to) => ({ from: p.at, to, lan: `P${p.at}-${to}` })),
  apply: (p, m) => ({ position: { ...p, at: m.to } }),
  outcome(p) {
    if (p.at === corner(p.level)) return { status: 'won', code: 'corner', text: 'the pusher reached the corner (CR-3)' };
    return stepsFrom(p.level, p.at).length === 0 ? { status: 'failed', code: 'dead-end', text: 'dead end: the pusher cannot move' } : { status: 'ongoing' };
  },
  view: (level, p) => ({ ...level, pusher: { square: p.at } }),
};

/**
 * Its board text (`RulesetDef.boardText`): a grid whose only square word is
 * `crate` (default `#`), and the pusher on its own `Pusher:` line (CR-1).
 */
const boardText: GridScheme = {
  kind: 'grid',
  defaults: [
    ['.', 'floor'],
    ['#', 'crate'],
  ],
  terrain: { crate: { field: 'crates' } },
  fields: ['crates', 'pusher'],
  describePiece: () => '',
  parsePiece: () => undefined,
  extra: [
    {
      key: 'Pusher',
      write: (level) => (level['pusher'] as CratesLevel['pusher'])?.square,
      read(value, out) {
        if (!/^[a-z]\d{1,2}$/.test(value)) return `"${value}" is not a square`;
        out['pusher'] = { square: value };
        return undefined;
      },
    },
  ],
  // A yard typed with no crate has the empty list (the field is required).
  complete(doc) {
    doc['crates'] ??= [];
  },
};

/** The Crates ruleset module. */
export const crates: RulesetDef<CratesLevel> = {
  id: 'crates',
  name: 'Crates',
  noun: 'yard',
  blurb: 'A ruleset of the tests.',
  board: { min: 2, max: 10, ruling: 'CR-1', describe: '2 to 10 squares' },
  goal: { kind: 'par', solves: 'brings the pusher to the corner' },
  newLevel: () => ({ format: 'castellan.level', version: 1, ruleset: 'crates', meta: { title: 'Yard' }, board: { width: 4, height: 4 }, crates: [] }),
  isEditable: (v: unknown): v is CratesLevel => typeof v === 'object' && v !== null && (v as { ruleset?: unknown }).ruleset === 'crates',
  validate: (l) => (l.pusher ? [] : [issue('error', 'cr-pusher-missing', 'Place the pusher.', { ruling: 'CR-1' })]),
  solve: (l, opts) => (l.pusher ? solveBfs(walk(l), opts) : { status: 'invalid', issues: crates.validate(l) }),
  replay(l, moves) {
    const frames: CratesLevel[] = [l];
    let at = l.pusher?.square ?? '';
    for (const [k, lan] of moves.entries()) {
      const m = /^P([a-z]\d+)-([a-z]\d+)$/.exec(lan);
      if (!m || m[1] !== at || !stepsFrom(l, at).includes(m[2]!)) {
        return {
          ok: false,
          error: [issue('error', 'move-illegal', `Move ${k + 1} (${lan}) is not a step of the pusher.`, { pointer: `/moves/${k}`, squares: [at] })],
        };
      }
      at = m[2]!;
      frames.push({ ...l, pusher: { square: at } });
    }
    return { ok: true, value: frames };
  },
  checkPar: (par, proof) => checkParAgainst(par, proof, { prefix: 'cr', ruling: 'CR-3' }),
  hash: { unordered: { crates: 'strings' }, defaults: { crates: [] } },
  squares,
  display,
  play,
  boardText,
};
const def = crates;

/** `vi.mock` factory of src-shared/rulesets/registry.ts: the real modules and Crates after them. */
export async function registryWithCrates(importOriginal: () => Promise<{ RULESETS: object }>): Promise<{ RULESETS: object }> {
  const real = await importOriginal();
  return { RULESETS: { ...real.RULESETS, crates } };
}
