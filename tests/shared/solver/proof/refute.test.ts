/**
 * `refuteFirstMoves` on an explicit game tree small enough to read: each
 * first move's best refuting defence is known by looking at the tree.
 */
import { describe, expect, it } from 'vitest';
import { proveWinIn, TERMINAL_DRAW, TERMINAL_LOSS, TERMINAL_NONE, type ProofGame } from '../../../../src-shared/solver/proof/index.js';
import { refuteFirstMoves } from '../../../../src-shared/solver/proof/refute.js';

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
    // a: x (the defender wins at once) beats w (no win left); b: q is the only refutation; c draws.
    expect(r?.refutations).toEqual([
      { move: 'a', defence: 'x' },
      { move: 'b', defence: 'q' },
      { move: 'c', defence: '' },
    ]);
  });

  it('KV-8: without the defender’s immediate win, the defence leaving no win is named', () => {
    const game = treeGame({ ...TREE, D1: inner(['w', 'A1'], ['y', 'A2']) });
    expect(refuteFirstMoves(game, 2)?.refutations[0]).toEqual({ move: 'a', defence: 'w' });
  });

  it('KV-8: when a first move has no refutation (a win in N exists) there is no answer', () => {
    const game = treeGame({ ...TREE, D2: inner(['p', 'A3']) });
    expect(proveWinIn(game, 2).status).toBe('solved');
    expect(refuteFirstMoves(game, 2)).toBeUndefined();
  });

  it('KV-8: with N = 1 the first moves that do not win at once are refuted by any defence, the best named', () => {
    const r = refuteFirstMoves(treeGame(TREE), 1);
    expect(r?.refutations).toEqual([
      { move: 'a', defence: 'x' },
      { move: 'b', defence: 'p' },
      { move: 'c', defence: '' },
    ]);
  });
});
