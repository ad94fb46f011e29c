/**
 * `refuteFirstMoves` on an explicit game tree small enough to read: each
 * first move's best refuting defence is known by looking at the tree.
 */
import { describe, expect, it } from 'vitest';
import { proveWinIn, TERMINAL_DRAW, TERMINAL_LOSS, TERMINAL_NONE, type ProofGame } from '../../../../src-shared/solver/proof/index.js';
import { refuteFirstMoves } from '../../../../src-shared/solver/proof/refute.js';
import { buildProofTree } from '../../../../src-shared/solver/proof/tree.js';

interface Node {
  terminal: number;
  children: [string, string][];
}

/** A ProofGame over named nodes; the start is `root`. */
function treeGame(nodes: Record<string, Node>): ProofGame {
  const ids = Object.keys(nodes);
  let cur = 'root';
  const stack: string[] = [];
  const node = (): Node => nodes[cur]!;
  return {
    maxMoves: 8,
    stateWords: 1,
    encode: (out) => void (out[0] = ids.indexOf(cur)),
    decode: (buf) => {
      cur = ids[buf[0]!]!;
      stack.length = 0;
    },
    hashLo: () => Math.imul(ids.indexOf(cur) + 1, 0x9e3779b1),
    hashHi: () => ids.indexOf(cur) + 1,
    repLo: () => Math.imul(ids.indexOf(cur) + 1, 0x9e3779b1),
    repHi: () => ids.indexOf(cur) + 1,
    terminal: () => node().terminal,
    generate: (out, offset) => {
      node().children.forEach((_, i) => (out[offset + i] = i));
      return node().children.length;
    },
    play: (m) => {
      stack.push(cur);
      cur = node().children[m]![1];
    },
    undo: () => void (cur = stack.pop()!),
    moveToLan: (m) => node().children[m]![0],
  };
}

const inner = (...children: [string, string][]): Node => ({ terminal: TERMINAL_NONE, children });
const end = (terminal: number): Node => ({ terminal, children: [] });

// Attacker to move at root, "win in 2".
// a: defences w (attacker's only move then draws), x (the attacker has lost at once), y (attacker mates next).
// b: defences p (attacker mates next), q (attacker's only move draws).
// c: the move itself draws.
const TREE: Record<string, Node> = {
  root: inner(['a', 'D1'], ['b', 'D2'], ['c', 'DRAW']),
  D1: inner(['w', 'A1'], ['x', 'LOST'], ['y', 'A2']),
  D2: inner(['p', 'A3'], ['q', 'A4']),
  A1: inner(['m', 'DRAW']),
  A2: inner(['z', 'MATED']),
  A3: inner(['z', 'MATED']),
  A4: inner(['m', 'DRAW']),
  DRAW: end(TERMINAL_DRAW),
  LOST: end(TERMINAL_LOSS),
  MATED: end(TERMINAL_LOSS),
};

describe('refuteFirstMoves (KV-8, LC-8)', () => {
  it('KV-8: names each first move with its best refuting defence; a move that ends the game has none', () => {
    const game = treeGame(TREE);
    expect(proveWinIn(game, 2).status).toBe('unsolvable');
    const r = refuteFirstMoves(game, 2);
    // a: x (the defender wins at once) beats w (no win left), two refuting defences (y loses);
    // b: q is the only refutation; c draws. Closest first: b (one defence), a (two), c (ends the game).
    // The lines stop where the game ends (a x: the attacker has lost) or the attacker's only move draws (b q: m).
    expect(r?.refutations).toEqual([
      { move: 'b', defence: 'q', defences: 1, line: ['b', 'q'] },
      { move: 'a', defence: 'x', defences: 2, line: ['a', 'x'] },
      { move: 'c', defence: '', defences: 0 },
    ]);
  });

  it('KV-8: without the defender’s immediate win, the defence leaving no win is named', () => {
    const game = treeGame({ ...TREE, D1: inner(['w', 'A1'], ['y', 'A2']) });
    // a and b now each have one refutation (w, q) and neither wins in 3: LAN order.
    expect(refuteFirstMoves(game, 2)?.refutations[0]).toEqual({ move: 'a', defence: 'w', defences: 1, line: ['a', 'w'] });
  });

  it('KV-8: when a first move has no refutation (a win in N exists) there is no answer', () => {
    const game = treeGame({ ...TREE, D2: inner(['p', 'A3']) });
    expect(proveWinIn(game, 2).status).toBe('solved');
    expect(refuteFirstMoves(game, 2)).toBeUndefined();
  });

  it('KV-8: with N = 1 the first moves that do not win at once are refuted by any defence, the best named', () => {
    const r = refuteFirstMoves(treeGame(TREE), 1);
    // a: w, x, y all refute (x best); b: p and q (p first in LAN); neither leads to a win in 2 (x loses at once for
    // the attacker, q only draws). Closest first: b (two defences), a (three), c.
    expect(r?.refutations).toEqual([
      { move: 'b', defence: 'p', defences: 2, line: ['b', 'p'] },
      { move: 'a', defence: 'x', defences: 3, line: ['a', 'x'] },
      { move: 'c', defence: '', defences: 0 },
    ]);
  });

  it('KV-8 / LC-8: a try refuted latest (the attacker would still win in N + 1) leads, with its refutation line', () => {
    // "Win in 2". b: the one defence d1, then the attacker's m1 (its only move that does not draw at once) and the
    // defender's e1 hold out to the end of the 2 moves, but k mates on move 3: b would win in 3.
    // a: the one defence f, then the attacker's only move draws: no win at all. Both have one refuting defence;
    // b comes first although a is first in LAN order.
    const game = treeGame({
      root: inner(['a', 'Q1'], ['b', 'P1']),
      P1: inner(['d1', 'PA']),
      PA: inner(['m1', 'PD'], ['m2', 'DRAW']),
      PD: inner(['e1', 'PA2']),
      PA2: inner(['k', 'MATED']),
      Q1: inner(['f', 'QA']),
      QA: inner(['n', 'DRAW']),
      DRAW: end(TERMINAL_DRAW),
      MATED: end(TERMINAL_LOSS),
    });
    expect(proveWinIn(game, 2).status).toBe('unsolvable');
    expect(refuteFirstMoves(game, 2)?.refutations).toEqual([
      { move: 'b', defence: 'd1', defences: 1, winIn: 3, line: ['b', 'd1', 'm1', 'e1'] },
      { move: 'a', defence: 'f', defences: 1, line: ['a', 'f'] },
    ]);
  });

  it('the ranking and the lines have a budget of their own: without it the refutations stay, ordered by their defences', () => {
    const r = refuteFirstMoves(treeGame(TREE), 2, { rankNodes: 1 });
    expect(r?.refutations.map((x) => [x.move, x.defence, x.defences])).toEqual([
      ['b', 'q', 1],
      ['a', 'x', 2],
      ['c', '', 0],
    ]);
  });
});

describe('solution tree tries, closest first (KV-8, LC-8)', () => {
  it('KV-8 / LC-8: the try refuted latest (a win in N + 1 after it) is listed before the others, whatever their LAN order', () => {
    // "Win in 2": k wins (its one defence d, then w mates). a and b each fail to one defence (f, d1): tries.
    // After b d1 the attacker's m1, the defender's e1 and kk would mate on move 3: b is refuted latest.
    // After a f the attacker's only move draws. Listed: b, then a.
    const game = treeGame({
      root: inner(['a', 'Q1'], ['b', 'P1'], ['k', 'K1']),
      K1: inner(['d', 'KA']),
      KA: inner(['w', 'MATED']),
      P1: inner(['d1', 'PA']),
      PA: inner(['m1', 'PD'], ['m2', 'DRAW']),
      PD: inner(['e1', 'PA2']),
      PA2: inner(['kk', 'MATED']),
      Q1: inner(['f', 'QA']),
      QA: inner(['n', 'DRAW']),
      DRAW: end(TERMINAL_DRAW),
      MATED: end(TERMINAL_LOSS),
    });
    const r = buildProofTree(game, 2);
    expect(r.status).toBe('solved');
    if (r.status !== 'solved') return;
    expect(r.tree.keys).toEqual(['k']);
    expect(r.tree.tries.map((t) => [t.move.lan, t.refutation.lan])).toEqual([
      ['b', 'd1'],
      ['a', 'f'],
    ]);
  });
});
