import { describe, expect, it } from 'vitest';
import type { ChessMazeLevel, KingsValleyLevel, Level, LockingChessLevel, UnlockTheKingLevel } from '../../src-shared/model/level.js';
import { LEVEL_TRANSFORMS, setWholeDoc, transformAvailability, transformWholeLevel, type LevelTransform } from '../../src-renderer/editor/level-transform.js';
import type { EditableLevel } from '../../src-renderer/editor/default-doc.js';
import { Tx, applyDiff, invertDiff } from '../../src-renderer/editor/doc-ops.js';
import { solveLevel } from '../../src-shared/rulesets/index.js';
import { levelHash } from '../../src-shared/format/level-hash.js';
import { redDoor, sampleLevel } from './fixtures.js';

import gallery from '../../resources/levels/unlock-the-king/03-the-gallery.level.json?raw';
import openCourt from '../../resources/levels/unlock-the-king/02-open-court.level.json?raw';
import pawnStorm from '../../resources/levels/chess-maze/04-pawn-storm.level.json?raw';
import pillars from '../../resources/levels/kings-valley/03-between-the-pillars.level.json?raw';

const SAMPLES: Record<string, string> = {
  'unlock-the-king/03-the-gallery.level.json': gallery,
  'unlock-the-king/02-open-court.level.json': openCourt,
  'chess-maze/04-pawn-storm.level.json': pawnStorm,
  'kings-valley/03-between-the-pillars.level.json': pillars,
};
function sample<T extends Level>(rel: string): T {
  return JSON.parse(SAMPLES[rel]!) as T;
}

function tf<T extends EditableLevel>(l: T, t: LevelTransform): T {
  const r = transformWholeLevel(l, t);
  if (!r.ok) throw new Error(r.message);
  return r.level as T;
}

function noSolution<T extends EditableLevel>(l: T): T {
  const c = structuredClone(l);
  delete c.solution;
  return c;
}

describe('level transforms, Unlock the King (UK-1, UK-4, UK-6)', () => {
  it('rotate 90° clockwise on 8x8, hand-worked: a1->a8, e1->a4, e8->h4, pawn facing east->south, north->east', () => {
    const l = sampleLevel();
    l.pieces.push({ role: 'pawn', square: 'a1', facing: 'north' });
    const r = tf(l, 'rotate-cw');
    expect(r.board).toEqual({ width: 8, height: 8 });
    expect(r.portal).toBe('h4'); // e8
    expect(r.walls).toEqual(['d5']); // d4
    expect(r.pieces.map((p) => [p.role, p.square, p.facing])).toEqual([
      ['king', 'a4', undefined], // e1
      ['rook', 'd4', undefined], // e4
      ['pawn', 'b4', 'south'], // e2, facing east
      ['pawn', 'a8', 'east'], // a1, facing north
    ]);
  });

  it('rotate 90° counter-clockwise, hand-worked: e1->h5, e8->a5, pawn east->north', () => {
    const r = tf(sampleLevel(), 'rotate-ccw');
    expect(r.portal).toBe('a5');
    expect(r.pieces[0]!.square).toBe('h5');
    expect(r.pieces[2]!.facing).toBe('north');
  });

  it('mirrors, hand-worked: left-right e2->d2 (east->west), top-bottom e2->e7 (east stays east)', () => {
    const h = tf(sampleLevel(), 'mirror-h');
    expect(h.pieces[2]).toMatchObject({ square: 'd2', facing: 'west' });
    expect(h.portal).toBe('d8');
    const v = tf(sampleLevel(), 'mirror-v');
    expect(v.pieces[2]).toMatchObject({ square: 'e7', facing: 'east' });
    expect(v.portal).toBe('e1');
    expect(v.walls).toEqual(['d5']);
  });

  it('a 90° turn swaps the board size of a 6x4 board: a1->a6, f4->d1, f1->a1', () => {
    const l: UnlockTheKingLevel = {
      format: 'castellan.level',
      version: 1,
      ruleset: 'unlock-the-king',
      meta: { title: 't' },
      board: { width: 6, height: 4 },
      walls: ['f4'],
      portal: 'f1',
      pieces: [{ role: 'king', square: 'a1' }],
    };
    const r = tf(l, 'rotate-cw');
    expect(r.board).toEqual({ width: 4, height: 6 });
    expect(r.pieces[0]!.square).toBe('a6');
    expect(r.walls).toEqual(['d1']);
    expect(r.portal).toBe('a1');
  });

  it('rotate x4 = identity, mirror x2 = identity, cw then ccw = identity (stored solution dropped)', () => {
    const l = sample<UnlockTheKingLevel>('unlock-the-king/03-the-gallery.level.json');
    const base = noSolution(l);
    expect(tf(tf(tf(tf(l, 'rotate-cw'), 'rotate-cw'), 'rotate-cw'), 'rotate-cw')).toEqual(base);
    expect(tf(tf(l, 'mirror-h'), 'mirror-h')).toEqual(base);
    expect(tf(tf(l, 'mirror-v'), 'mirror-v')).toEqual(base);
    expect(tf(tf(l, 'rotate-cw'), 'rotate-ccw')).toEqual(base);
    expect(tf(tf(l, 'rotate-180'), 'rotate-180')).toEqual(base);
  });

  it('UK-7: the optimal par is unchanged by every transform; the stale solution is removed, the hash changes', () => {
    const l = sample<UnlockTheKingLevel>('unlock-the-king/02-open-court.level.json');
    const before = solveLevel(l);
    expect(before.status).toBe('solved');
    for (const t of LEVEL_TRANSFORMS) {
      const r = tf(l, t);
      expect(r.solution).toBeUndefined();
      expect(r.par).toBe(l.par);
      const after = solveLevel(r);
      expect(after.status, t).toBe('solved');
      if (after.status === 'solved' && before.status === 'solved') expect(after.length, t).toBe(before.length);
    }
    expect(levelHash(tf(l, 'rotate-cw'))).not.toBe(levelHash(l));
  });
});

describe('level transforms, Chess Maze (CM-1, CM-3, CM-14)', () => {
  it('rotate 180° of "Red door" 5x5, hand-worked: a1->e5, b3->d3, d4->b2, c5->c1, e4->a2, hole c3 stays', () => {
    const r = tf(redDoor(), 'rotate-180');
    expect(r.board).toEqual({ width: 5, height: 5, holes: ['c3'] });
    expect(r.pieces.map((p) => p.square)).toEqual(['e5', 'a1']);
    expect(r.tiles!.map((t) => `${t.kind}:${t.square}`)).toEqual(['key:d3', 'lock:b2', 'coin:c1', 'finish:a2']);
    expect(r.tiles![0]).toEqual({ kind: 'key', square: 'd3', color: 'red' });
    expect(r.objectives).toEqual({ collect: true });
  });

  it('capture objective squares, transform tiles and letters move; pawn facing turns (CM-3)', () => {
    const l: ChessMazeLevel = {
      ...redDoor(),
      pieces: [{ role: 'pawn', square: 'a1', side: 'player' }],
      tiles: [
        { kind: 'transform', square: 'b1', allowed: ['queen'] },
        { kind: 'letter', square: 'c2', letter: 'A' },
        { kind: 'finish', square: 'e5' },
      ],
      objectives: { spell: 'A', capture: ['d1'], moveLimit: 9 },
    };
    const r = tf(l, 'rotate-cw'); // 5x5: (f,r) -> (r, 4-f)
    expect(r.pieces[0]).toEqual({ role: 'pawn', square: 'a5', side: 'player', facing: 'east' });
    expect(r.tiles).toEqual([
      { kind: 'transform', square: 'a4', allowed: ['queen'] },
      { kind: 'letter', square: 'b3', letter: 'A' },
      { kind: 'finish', square: 'e1' },
    ]);
    expect(r.objectives).toEqual({ spell: 'A', capture: ['a2'], moveLimit: 9 });
    expect(r.board.holes).toEqual(['c3']);
  });

  it('rotate x4 = identity and mirror x2 = identity on a non-square maze (4x7)', () => {
    const l = sample<ChessMazeLevel>('chess-maze/04-pawn-storm.level.json');
    const base = noSolution(l);
    // An absent pawn facing means north (CM-3); after a turn it is written out.
    const explicit = (x: ChessMazeLevel): ChessMazeLevel => ({
      ...x,
      pieces: x.pieces.map((p) => (p.role === 'pawn' ? { ...p, facing: p.facing ?? 'north' } : p)),
    });
    expect(tf(l, 'rotate-cw').board).toEqual({ width: 7, height: 4 });
    expect(tf(tf(tf(tf(l, 'rotate-ccw'), 'rotate-ccw'), 'rotate-ccw'), 'rotate-ccw')).toEqual(explicit(base));
    expect(tf(tf(l, 'mirror-h'), 'mirror-h')).toEqual(base);
    expect(tf(tf(l, 'mirror-v'), 'mirror-v')).toEqual(explicit(base));
  });

  it('CM-3: the optimal solution length of "Pawn Storm" (pawns, 4x7) is unchanged by every transform', () => {
    const l = sample<ChessMazeLevel>('chess-maze/04-pawn-storm.level.json');
    const before = solveLevel(l);
    expect(before.status).toBe('solved');
    for (const t of LEVEL_TRANSFORMS) {
      const after = solveLevel(tf(l, t));
      expect(after.status, t).toBe('solved');
      if (after.status === 'solved' && before.status === 'solved') expect(after.length, t).toBe(before.length);
    }
  });
});

describe("level transforms, King's Valley (KV-1, KV-2, KV-8)", () => {
  it('rotate 90° cw on 7x7, hand-worked: pillar b3->c6, king d1->a4, the valley d4 stays the centre', () => {
    const l = sample<KingsValleyLevel>('kings-valley/03-between-the-pillars.level.json');
    const r = tf(l, 'rotate-cw'); // (f,r) -> (r, 6-f)
    expect(r.pillars).toEqual(['c6', 'c2', 'e6', 'e2']); // b3 f3 b5 f5
    expect(r.pieces[0]).toEqual({ role: 'king', square: 'a4', side: 'white' });
    expect(r.sideToMove).toBe('white');
    expect(r.goal).toEqual({ type: 'win-in', moves: 1 });
  });

  it('KV-8: the win-in-1 stays a win in 1 after every transform; rotate x4 = identity', () => {
    const l = sample<KingsValleyLevel>('kings-valley/03-between-the-pillars.level.json');
    for (const t of LEVEL_TRANSFORMS) {
      const r = solveLevel(tf(l, t));
      expect(r.status, t).toBe('solved');
      if (r.status === 'solved') expect(r.length, t).toBe(1);
    }
    expect(tf(tf(tf(tf(l, 'rotate-cw'), 'rotate-cw'), 'rotate-cw'), 'rotate-cw')).toEqual(noSolution(l));
  });
});

describe('level transforms, Locking Chess (LC-1, LC-12)', () => {
  const lc = (position: string): LockingChessLevel => ({
    format: 'castellan.level',
    version: 1,
    ruleset: 'locking-chess',
    meta: { title: 'x' },
    board: { width: 8, height: 8 },
    position,
  });

  it('mirror left-right flips files, stacks included: a1 king -> h1, a2 pawn -> h2, (Pn) on c3 -> f3', () => {
    const r = tf(lc('k7/8/8/8/8/2(Pn)5/P7/K7 w - - 0 1'), 'mirror-h');
    expect(r.position).toBe('7k/8/8/8/8/5(Pn)2/7P/7K w - - 0 1');
  });

  it('rotations and the top-bottom mirror are refused with a reason (LC-1: pawns move towards the opponent)', () => {
    const l = lc('k7/8/8/8/8/8/P7/K7 w - - 0 1');
    for (const t of ['rotate-cw', 'rotate-ccw', 'rotate-180', 'mirror-v'] as const) {
      const a = transformAvailability(l, t);
      expect(a.ok).toBe(false);
      const r = transformWholeLevel(l, t);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.code).toBe('transform-unavailable');
    }
  });

  it('LC-12: the left-right mirror is refused while castling rights exist', () => {
    const a = transformAvailability(lc('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'), 'mirror-h');
    expect(a.ok).toBe(false);
    if (!a.ok) expect(a.reason).toMatch(/LC-12/);
  });
});

describe('setWholeDoc: one reversible step', () => {
  it('undo of the recorded diff restores the document exactly (absent fields stay absent)', () => {
    const l = sample<ChessMazeLevel>('chess-maze/04-pawn-storm.level.json');
    const next = tf(l, 'rotate-cw');
    const tx = new Tx<EditableLevel>(l);
    setWholeDoc(tx, next);
    expect(tx.doc).toEqual(next);
    const back = applyDiff(tx.doc, invertDiff(tx.diff('Rotate')));
    expect(back).toEqual(l);
    expect('solution' in next).toBe(false);
  });
});

describe('transforms and pastes through the Editor: ONE history step each', () => {
  it('rotate then undo restores the document exactly (solution included); one undo empties the history', async () => {
    const { Editor } = await import('../../src-renderer/editor/editor.js');
    const { rulesetUiOf } = await import('../../src-renderer/rulesets/index.js');
    const { copyRegion, pasteRegion, regionOf } = await import('../../src-renderer/editor/region.js');
    const l = sample<UnlockTheKingLevel>('unlock-the-king/02-open-court.level.json');
    const e = new Editor(l, rulesetUiOf);
    const next = tf(l, 'rotate-cw');
    expect(e.edit('Rotate 90° clockwise', (tx) => setWholeDoc(tx, next))).toBe(true);
    expect(e.doc).toEqual(next);
    expect(e.state.undoLabel).toBe('Rotate 90° clockwise');
    e.undo();
    expect(e.doc).toEqual(l);
    expect(e.state.canUndo).toBe(false);

    const c = copyRegion(l, regionOf('a1', 'c3')!);
    if (!c.ok) throw new Error(c.message);
    const p = pasteRegion(l, c.clip, 'f8');
    if (!p.ok) throw new Error(p.message);
    e.edit('Paste region', (tx) => setWholeDoc(tx, p.doc));
    expect(e.doc).toEqual(p.doc);
    e.undo();
    expect(e.doc).toEqual(l);
    expect(e.state.canUndo).toBe(false);
  });
});
