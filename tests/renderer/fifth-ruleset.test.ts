/**
 * The generic parts take the ruleset module as a value: a tiny ruleset
 * defined here ("Crates": crates on a board, a pusher with a facing that
 * walks one square at a time, never onto a crate, to the top-right corner)
 * drives the Editor (tools, strokes, rectangle, fill, moves, erase, resize,
 * undo), region copy / paste, rotate / mirror, the display model and the
 * SVG renderer, and the one solve entry and replay (plain BFS of
 * solver/bfs.ts), with no edit anywhere else. Expected boards, lines and
 * optima are hand-worked.
 */
import { describe, expect, it } from 'vitest';
import { solveBfs } from '../../src-shared/solver/bfs.js';
import type { SearchProblem } from '../../src-shared/solver/types.js';
import { indexToSquare, parseSquare, squareIndex } from '../../src-shared/model/square.js';
import { DisplayBuilder, describeSquare, itemAt } from '../../src-shared/display/board-display.js';
import type { BoardDisplay } from '../../src-shared/display/glyph.js';
import { displayLevel, replayMoves, solveLevel } from '../../src-shared/rulesets/index.js';
import { renderLevelSvg } from '../../src-shared/render/svg.js';
import { issue } from '../../src-shared/validation/issue.js';
import type { LevelBase, RulesetDef, SquareFields } from '../../src-shared/ruleset.js';
import type { Facing } from '../../src-shared/model/level.js';
import { mapFacing } from '../../src-shared/model/symmetry.js';
import { Editor } from '../../src-renderer/editor/editor.js';
import type { Tx } from '../../src-renderer/editor/doc-ops.js';
import { copyRegion, pasteRegion, regionOf } from '../../src-renderer/editor/region.js';
import { transformAvailability, transformWholeLevel } from '../../src-renderer/editor/level-transform.js';
import { paintModeAction, terrainTools, type PaintResult } from '../../src-renderer/editor/terrain-tools.js';
import { eraseTool, rectSquares, selectTool, squareOnBoard, type RulesetUi, type ToolDef } from '../../src-renderer/rulesets/ruleset-ui.js';

interface CratesLevel extends LevelBase {
  crates: string[];
  pusher?: { square: string; facing: Facing };
}

const crates = (l: CratesLevel): string[] => l.crates;

const squares: SquareFields<CratesLevel> = {
  items: (l) => [
    ...l.crates.map((c) => ({ square: c, kind: 'crate', props: {} })),
    ...(l.pusher ? [{ square: l.pusher.square, kind: 'pusher', props: { facing: l.pusher.facing } }] : []),
  ],
  withItems(l, items) {
    const out: CratesLevel = { ...l, crates: items.filter((i) => i.kind === 'crate').map((i) => i.square) };
    const p = items.find((i) => i.kind === 'pusher');
    if (p) out.pusher = { square: p.square, facing: p.props['facing'] as Facing };
    else delete out.pusher;
    return out;
  },
  turn: (it, sym, w, h) => (it.kind === 'pusher' ? { ...it, props: { facing: mapFacing(sym, it.props['facing'] as Facing, w, h) } } : it),
  pinned: ['pusher'],
  refuse: (l, it) => (it.kind === 'crate' && l.pusher?.square === it.square ? 'the pusher stands there' : undefined),
};

const STEPS: readonly [number, number][] = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

/** The pusher's walk as a search problem: one Int32 word, the pusher's square index; goal: the top-right corner (CR-3). */
function walk(l: CratesLevel): SearchProblem {
  const { width: w, height: h } = l.board;
  const blocked = new Set(l.crates.map((c) => squareIndex(c, w, h)));
  const start = squareIndex(l.pusher!.square, w, h);
  const next = (at: number, [dx, dy]: [number, number]): number => {
    const f = (at % w) + dx;
    const r = Math.floor(at / w) + dy;
    const to = r * w + f;
    return f < 0 || r < 0 || f >= w || r >= h || blocked.has(to) ? -1 : to;
  };
  return {
    stateWords: 1,
    writeInitial: (out) => void (out[0] = start),
    isGoal: (buf, o) => buf[o] === w * h - 1,
    expand(buf, o, out, emit) {
      for (const d of STEPS) {
        const to = next(buf[o]!, d);
        if (to < 0) continue;
        out[0] = to;
        if (emit(to)) return;
      }
    },
    moveToLan: (buf, o, to) => `P${indexToSquare(buf[o]!, w)}-${indexToSquare(to, w)}`,
  };
}

function cratesDisplay(l: CratesLevel): BoardDisplay {
  const b = new DisplayBuilder(l.board.width, l.board.height);
  for (const c of l.crates)
    if (b.add(c, { layer: 'terrain', art: { kind: 'wall' }, label: 'crate', item: 'crate' })) b.legend({ kind: 'wall' }, 'Crate (CR-1)');
  const p = l.pusher;
  if (
    p &&
    b.add(p.square, {
      layer: 'piece',
      art: { kind: 'piece', role: 'pawn', tone: 'light', facing: p.facing },
      label: `pusher facing ${p.facing}`,
      item: 'pusher',
    })
  ) {
    b.legend({ kind: 'piece', role: 'pawn', tone: 'light', facing: 'north' }, 'Pusher');
  }
  const state = [...(p ? [`P:${p.square}`] : []), ...l.crates.map((c) => `C:${c}`).sort()].join(' ');
  return { width: b.width, height: b.height, glyphs: b.glyphs(), legend: b.legendEntries(), mirror: { state, detail: p ? `P:${p.square}:${p.facing}` : '' } };
}

const def: RulesetDef<CratesLevel> = {
  id: 'crates',
  name: 'Crates',
  noun: 'yard',
  blurb: 'A test ruleset.',
  board: { min: 2, max: 10, ruling: 'CR-1', describe: '2 to 10 squares' },
  goal: { kind: 'par', solves: 'brings the pusher to the corner' },
  newLevel: () => ({ format: 'castellan.level', version: 1, ruleset: 'crates', meta: { title: 'yard' }, board: { width: 4, height: 4 }, crates: [] }),
  isEditable: (v: unknown): v is CratesLevel => typeof v === 'object' && v !== null && (v as { ruleset?: unknown }).ruleset === 'crates',
  validate: (l) => (l.pusher ? [] : [issue('error', 'cr-pusher-missing', 'Place the pusher.', { ruling: 'CR-1' })]),
  solve: (l, opts) => (l.pusher ? solveBfs(walk(l), opts) : { status: 'invalid', issues: def.validate(l) }),
  replay(l, moves) {
    const frames: CratesLevel[] = [l];
    let at = l.pusher!.square;
    for (const [k, lan] of moves.entries()) {
      const m = /^P([a-z]\d+)-([a-z]\d+)$/.exec(lan);
      const a = parseSquare(at)!;
      const b = m && m[1] === at ? parseSquare(m[2]!) : undefined;
      if (
        !b ||
        Math.abs(a.file - b.file) + Math.abs(a.rank - b.rank) !== 1 ||
        l.crates.includes(m![2]!) ||
        b.file >= l.board.width ||
        b.rank >= l.board.height
      ) {
        return {
          ok: false,
          error: [issue('error', 'move-illegal', `Move ${k + 1} (${lan}) is not a step of the pusher.`, { pointer: `/moves/${k}`, squares: [at] })],
        };
      }
      at = m![2]!;
      frames.push({ ...l, pusher: { ...l.pusher!, square: at } });
    }
    return { ok: true, value: frames };
  },
  squares,
  display: cratesDisplay,
  symmetryAvailability: (_l, sym) => (sym.name === 'rot180' ? { ok: false, reason: 'no half turns in this yard (CR-2)' } : { ok: true }),
};

function paintCrates(tx: Tx<CratesLevel>, sqs: readonly string[], mode: string): PaintResult {
  const changed: string[] = [];
  const skipped: string[] = [];
  for (const sq of sqs) {
    if (!squareOnBoard(sq, tx.doc.board.width, tx.doc.board.height)) continue;
    const has = tx.doc.crates.includes(sq);
    if (mode === 'crate' && !has) {
      if (tx.doc.pusher?.square === sq) skipped.push(sq);
      else {
        tx.insert(['crates', tx.doc.crates.length], sq);
        changed.push(sq);
      }
    } else if (mode !== 'crate' && has) {
      tx.remove(['crates', tx.doc.crates.indexOf(sq)]);
      changed.push(sq);
    }
  }
  return { changed, skipped };
}

const terrain = {
  feature: 'crate',
  features: 'crates',
  blocker: 'the pusher',
  blockers: 'the pusher',
  ruling: 'CR-1',
  isFeature: (l: CratesLevel, s: string) => l.crates.includes(s),
  paint: paintCrates,
};

const pusherTool: ToolDef<CratesLevel> = {
  id: 'pusher',
  key: 'U',
  label: 'Pusher',
  group: 'Pieces',
  hint: () => 'Pusher: click a square',
  apply(ctx, at) {
    ctx.edit('Place pusher', (tx) => tx.set(['pusher'], { square: at, facing: ctx.placement['facing'] }));
    ctx.select(at);
  },
};

const ui: RulesetUi<CratesLevel> = {
  def,
  tools: [selectTool(), eraseTool((tx, sq) => paintCrates(tx, [sq], 'floor')), ...terrainTools(terrain), pusherTool],
  actions: [paintModeAction(terrain)],
  placement: { paint: 'crate', facing: 'north' },
  topItem: (l, sq) => (l.pusher?.square === sq ? 'pusher' : l.crates.includes(sq) ? 'crate' : null),
  moveItem(tx, from, to, item) {
    if (tx.doc.crates.includes(to) || tx.doc.pusher?.square === to) return { ok: false, refused: `${to} is occupied` };
    if (item === 'crate' && tx.doc.crates.includes(from)) {
      tx.set(['crates', tx.doc.crates.indexOf(from)], to);
      return { ok: true };
    }
    return { ok: false };
  },
  eraseTop: (tx, sq) => void paintCrates(tx, [sq], 'floor'),
  resize: {
    loss: (l, w, h) => l.crates.filter((c) => !squareOnBoard(c, w, h)).map((c) => `crate on ${c}`),
    apply(tx, w, h) {
      tx.set(
        ['crates'],
        tx.doc.crates.filter((c) => squareOnBoard(c, w, h)),
      );
      tx.set(['board'], { width: w, height: h });
    },
  },
  components: {},
};

const yard = (): CratesLevel => ({ ...def.newLevel(), crates: ['b2'], pusher: { square: 'a1', facing: 'north' } });

describe('a ruleset defined in the test drives the generic editor', () => {
  it('tools from its list: click, stroke (one step), rectangle and fill with its terrain, pusher placement', () => {
    const e = new Editor<CratesLevel>(yard(), () => ui);
    const notices: string[] = [];
    e.onNotice((t) => notices.push(t));
    e.setTool('wall'); // not a tool of this ruleset
    expect(e.state.tool).toBe('select');
    e.setTool('brush');
    for (const sq of ['c1', 'c2', 'c3']) e.applyToolAt(sq, 'stroke-1');
    expect(crates(e.doc)).toEqual(['b2', 'c1', 'c2', 'c3']);
    e.undo();
    expect(e.doc).toEqual(yard());
    e.paintRect('a1', 'b2');
    expect(crates(e.doc)).toEqual(['b2', 'b1', 'a2']); // a1 holds the pusher
    expect(notices.at(-1)).toBe('Skipped 1 square with the pusher (a1)');
    expect(e.state.undoLabel).toBe('Rectangle of crates');
    e.undo();
    e.setPlacement({ paint: 'floor' });
    e.setTool('fill');
    e.applyToolAt('b2');
    expect(crates(e.doc)).toEqual([]);
    e.undo();
    e.setPlacement({ facing: 'east' });
    e.dropPaletteItem('pusher', 'd4');
    expect(e.doc.pusher).toEqual({ square: 'd4', facing: 'east' });
    expect(e.state.selection).toBe('d4');
  });

  it('moves, refusals, erase, keyboard pick-up and resize go through its hooks', () => {
    const e = new Editor<CratesLevel>(yard(), () => ui);
    const notices: string[] = [];
    e.onNotice((t) => notices.push(t));
    expect(e.topItem('b2')).toBe('crate');
    expect(e.moveItem('b2', 'a1', 'crate')).toBe(false);
    expect(notices).toEqual(['a1 is occupied']);
    expect(e.moveItem('b2', 'd3', 'crate')).toBe(true);
    expect(e.state.undoLabel).toBe('Move crate');
    e.setCursor('d3');
    e.keyboardEnter();
    expect(e.state.carrying).toEqual({ from: 'd3', item: 'crate' });
    e.moveCursor(-1, 0);
    e.keyboardEnter();
    expect(crates(e.doc)).toEqual(['c3']);
    e.select('c3');
    expect(e.eraseSelection()).toBe(true);
    expect(crates(e.doc)).toEqual([]);
    e.undo();
    expect(e.resizeLoss(2, 2)).toEqual(['crate on c3']);
    expect(e.setBoardSize(2, 2)).toBe(true);
    expect([e.doc.board, crates(e.doc), e.state.selection]).toEqual([{ width: 2, height: 2 }, [], null]);
  });

  it('region copy / paste and rotate / mirror take its def as a value', () => {
    const l: CratesLevel = { ...yard(), crates: ['b2', 'c2'] };
    const clip = copyRegion(l, regionOf('b2', 'c2')!, def);
    if (!clip.ok) throw new Error(clip.message);
    expect(clip.clip.tiles).toEqual([
      { dx: 0, dy: 0, kind: 'crate' },
      { dx: 1, dy: 0, kind: 'crate' },
    ]);
    const p = pasteRegion(l, clip.clip, 'a4', def);
    if (!p.ok) throw new Error(p.message);
    expect(p.doc.crates).toEqual(['b2', 'c2', 'a4', 'b4']);
    // Onto a1 b1: the pinned pusher stays on a1 and refuses the crate there.
    const q = pasteRegion(l, clip.clip, 'a1', def);
    if (!q.ok) throw new Error(q.message);
    expect([q.doc.crates, q.doc.pusher?.square, q.notes]).toEqual([['b2', 'c2', 'b1'], 'a1', ['The crate for a1 was not pasted: the pusher stands there']]);
    expect(rectSquares('a4', 'b4')).toEqual(['a4', 'b4']);
    const r = transformWholeLevel(l, 'rotate-cw', def); // 4x4: (f, r) -> (r, 3 - f)
    if (!r.ok) throw new Error(r.message);
    expect(r.level.crates).toEqual(['b3', 'b2']);
    expect(r.level.pusher).toEqual({ square: 'a4', facing: 'east' });
    expect(transformAvailability(l, 'rotate-180', def)).toEqual({ ok: false, reason: 'no half turns in this yard (CR-2)' });
  });
});

describe('a ruleset defined in the test drives the display, the renderer and the one solve entry', () => {
  // 4 x 4, pusher a1, a column of crates b1 b2 b3: the only way round is over the top (hand-worked).
  const column = (): CratesLevel => ({ ...yard(), crates: ['b1', 'b2', 'b3'] });

  it('solveLevel with its def: the shortest walk to d4 is 6 steps up the a-file and along the top (CR-3)', () => {
    const r = solveLevel(column(), {}, def);
    expect(r.status).toBe('solved');
    if (r.status !== 'solved') return;
    expect(r.length).toBe(6);
    expect(r.moves).toEqual(['Pa1-a2', 'Pa2-a3', 'Pa3-a4', 'Pa4-b4', 'Pb4-c4', 'Pc4-d4']);
    const frames = replayMoves(column(), r.moves, def);
    expect(frames.ok && frames.value.map((f) => f.pusher!.square)).toEqual(['a1', 'a2', 'a3', 'a4', 'b4', 'c4', 'd4']);
  });

  it('a walled-in pusher is unsolvable, a missing one invalid; an illegal replay move names its square', () => {
    const boxedIn: CratesLevel = { ...yard(), crates: ['a2', 'b1'] };
    expect(solveLevel(boxedIn, {}, def).status).toBe('unsolvable');
    const noPusher = { ...yard() };
    delete noPusher.pusher;
    const inv = solveLevel(noPusher, {}, def);
    expect(inv.status === 'invalid' && inv.issues.map((i) => i.code)).toEqual(['cr-pusher-missing']);
    const bad = replayMoves(column(), ['Pa1-b1'], def);
    expect(!bad.ok && [bad.error[0]!.code, bad.error[0]!.squares]).toEqual(['move-illegal', ['a1']]);
  });

  it('display: glyphs on their squares, what a press grabs, the mirror, screen-reader text and the SVG diagram', () => {
    const d = displayLevel(column(), undefined, def);
    expect(d.glyphs.map((g) => `${g.art.kind}:${g.square}`)).toEqual(['wall:b1', 'wall:b2', 'wall:b3', 'piece:a1']);
    expect([itemAt(d, 'b2'), itemAt(d, 'a1'), itemAt(d, 'c3')]).toEqual(['crate', 'pusher', null]);
    expect(d.mirror.state).toBe('P:a1 C:b1 C:b2 C:b3');
    expect(describeSquare(d, 'a1')).toBe('a1: pusher facing north');
    expect(d.legend.map((e) => e.label)).toEqual(['Crate (CR-1)', 'Pusher']);
    const svg = renderLevelSvg(column(), {}, def);
    expect(svg).toContain('Crates');
    expect((svg.match(/class="wall" data-square="b\d"/g) ?? []).length).toBe(3);
    expect(svg).toMatch(/class="piece piece-pawn" data-square="a1"/);
    expect(svg).toContain('Crate (CR-1)');
  });
});
