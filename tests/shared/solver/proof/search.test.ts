/**
 * The generic "win in N" proof search (KV-8, KV-7 repetition) on small
 * hand-drawn game graphs, so every expectation can be read off the graph.
 *
 * Graph notation: a node lists its moves `[lan, target]`; nodes alternate
 * between the attacker (A...) and the defender (D...); `T` nodes are
 * terminal from the side to move's view (TERMINAL_LOSS: the side to move has
 * lost). `rep` names the repetition identity when it differs from the node
 * (a start position with a first-move restriction, like KV-4).
 */
import { describe, expect, it } from 'vitest';
import { proveWinIn, TERMINAL_DRAW, TERMINAL_LOSS, TERMINAL_NONE, TERMINAL_WIN, type ProofGame } from '../../../../src-shared/solver/proof/index.js';

interface GNode {
  moves?: [string, string][];
  terminal?: number;
  rep?: string;
}

function mix(x: number, salt: number): number {
  let h = Math.imul(x + 1, 0x9e3779b1) ^ salt;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  return (h ^ (h >>> 13)) | 0;
}

class GraphGame implements ProofGame {
  readonly maxMoves: number;
  readonly stateWords = 1;
  cur: string;
  private readonly stack: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];
  plays = 0;

  constructor(
    private readonly nodes: Record<string, GNode>,
    start: string,
  ) {
    this.cur = start;
    for (const name of Object.keys(nodes)) {
      this.ids.set(name, this.names.length);
      this.names.push(name);
    }
    this.maxMoves = Math.max(1, ...Object.values(nodes).map((n) => n.moves?.length ?? 0));
  }
  private node(): GNode {
    const n = this.nodes[this.cur];
    if (!n) throw new Error(`no node ${this.cur}`);
    return n;
  }
  private id(name: string): number {
    return this.ids.get(name)!;
  }
  encode(out: Int32Array): void {
    out[0] = this.id(this.cur);
  }
  decode(buf: Int32Array): void {
    this.cur = this.names[buf[0]!]!;
    this.stack.length = 0;
  }
  hashLo(): number {
    return mix(this.id(this.cur), 0x1234);
  }
  hashHi(): number {
    return mix(this.id(this.cur), 0x5678);
  }
  repLo(): number {
    return mix(this.id(this.node().rep ?? this.cur), 0x1234);
  }
  repHi(): number {
    return mix(this.id(this.node().rep ?? this.cur), 0x5678);
  }
  terminal(): number {
    const n = this.node();
    if (n.terminal !== undefined) return n.terminal;
    return (n.moves?.length ?? 0) === 0 ? TERMINAL_LOSS : TERMINAL_NONE;
  }
  generate(out: Int32Array, offset: number): number {
    const moves = this.node().moves ?? [];
    moves.forEach((_, i) => (out[offset + i] = i));
    return moves.length;
  }
  play(move: number): void {
    this.plays++;
    this.stack.push(this.cur);
    this.cur = this.node().moves![move]![1];
  }
  undo(): void {
    this.cur = this.stack.pop()!;
  }
  moveToLan(move: number): string {
    return this.node().moves![move]![0];
  }
}

const T = { terminal: TERMINAL_LOSS };

describe('proveWinIn on hand-drawn graphs', () => {
  // S: a -> D1, a2 -> D1 (the same position by another move), b -> D2, c -> D3, w -> a draw.
  // D1: x -> A1 (k1 wins), y -> A2 (k2 wins): a and a2 win in 2.
  // D2: x -> A3: n -> D4: d -> A5: k wins: b wins in 3.
  // D3: e -> A6 whose only move m leads to D6, whose only move f leaves the attacker lost: c never wins.
  const g1: Record<string, GNode> = {
    S: {
      moves: [
        ['a', 'D1'],
        ['a2', 'D1'],
        ['b', 'D2'],
        ['c', 'D3'],
        ['w', 'Draw'],
      ],
    },
    Draw: { terminal: TERMINAL_DRAW },
    D1: {
      moves: [
        ['x', 'A1'],
        ['y', 'A2'],
      ],
    },
    A1: { moves: [['k1', 'T']] },
    A2: {
      moves: [
        ['z', 'D9'],
        ['k2', 'T'],
      ],
    },
    D9: { moves: [['q', 'A9']] },
    A9: { moves: [['o', 'D9b']] },
    D9b: { moves: [['p', 'A9']] },
    D2: { moves: [['x', 'A3']] },
    A3: { moves: [['n', 'D4']] },
    D4: { moves: [['d', 'A5']] },
    A5: { moves: [['k', 'T']] },
    D3: { moves: [['e', 'A6']] },
    A6: { moves: [['m', 'D6']] },
    D6: { moves: [['f', 'Lost']] },
    Lost: { terminal: TERMINAL_LOSS },
    T,
  };

  it('KV-8 shortest win, every key (a cook), keys within N, main line and refutations', () => {
    const g = new GraphGame(g1, 'S');
    expect(proveWinIn(g, 2)).toMatchObject({
      status: 'solved',
      length: 2,
      keys: ['a', 'a2'],
      keysWithinN: ['a', 'a2'],
      line: ['a', 'x', 'k1'],
      refutations: [
        { defence: 'x', answer: 'k1', length: 2 },
        { defence: 'y', answer: 'k2', length: 2 },
      ],
    });
    expect(proveWinIn(g, 3)).toMatchObject({ status: 'solved', length: 2, keys: ['a', 'a2'], keysWithinN: ['a', 'a2', 'b'] });
    expect(g.cur).toBe('S'); // the game is left at the start
  });

  it('KV-8 no win in N is "unsolvable"', () => {
    expect(proveWinIn(new GraphGame(g1, 'S'), 1)).toMatchObject({ status: 'unsolvable' });
    // The attacker to move has already lost: no win at all.
    expect(proveWinIn(new GraphGame(g1, 'Lost'), 3)).toMatchObject({ status: 'unsolvable' });
  });

  it('KV-8 the main line follows the longest defence and each defence gets its fastest answer', () => {
    // S: a -> D1. D1: x -> A1 (k wins at once), y -> A2 (m -> D3, z -> A4, k wins): the longest defence is y.
    const g = new GraphGame(
      {
        S: { moves: [['a', 'D1']] },
        D1: {
          moves: [
            ['x', 'A1'],
            ['y', 'A2'],
          ],
        },
        A1: { moves: [['k', 'T']] },
        A2: { moves: [['m', 'D3']] },
        D3: { moves: [['z', 'A4']] },
        A4: { moves: [['k', 'T']] },
        T,
      },
      'S',
    );
    expect(proveWinIn(g, 3)).toMatchObject({
      status: 'solved',
      length: 3,
      keys: ['a'],
      line: ['a', 'y', 'm', 'z', 'k'],
      refutations: [
        { defence: 'x', answer: 'k', length: 2 },
        { defence: 'y', answer: 'm', length: 3 },
      ],
    });
  });

  it('a defence that wins for the defender, or leaves a draw, escapes; one that loses at once does not', () => {
    const nodes: Record<string, GNode> = {
      S: {
        moves: [
          ['a', 'D1'],
          ['b', 'D2'],
        ],
      },
      // After a, the defender's e reaches a position where the attacker to move has lost: escape.
      D1: {
        moves: [
          ['e', 'Lost'],
          ['x', 'A1'],
        ],
      },
      Lost: { terminal: TERMINAL_LOSS },
      A1: { moves: [['k', 'T']] },
      // After b, the defender's only moves: one where the attacker to move has already won, one losing next move.
      D2: {
        moves: [
          ['u', 'Won'],
          ['x', 'A1'],
        ],
      },
      Won: { terminal: TERMINAL_WIN },
      T,
    };
    expect(proveWinIn(new GraphGame(nodes, 'S'), 2)).toMatchObject({ status: 'solved', length: 2, keys: ['b'], keysWithinN: ['b'] });
    nodes['D2'] = {
      moves: [
        ['v', 'Drawn'],
        ['x', 'A1'],
      ],
    };
    nodes['Drawn'] = { terminal: TERMINAL_DRAW };
    expect(proveWinIn(new GraphGame(nodes, 'S'), 2)).toMatchObject({ status: 'unsolvable' });
  });
});

describe('KV-7 repetition in the proof search', () => {
  it('KV-7 the defender may return to the start position: that line is not a win', () => {
    // S: k wins at once. s -> P whose only move leads back to S (the start recurs).
    // s2 -> Q whose only move leads to R, a new position where k wins.
    // Without the rule s would win in 2 (P -> S -> k); with it only k and s2 count.
    const g = new GraphGame(
      {
        S: {
          moves: [
            ['k', 'T'],
            ['s', 'P'],
            ['s2', 'Q'],
          ],
        },
        P: { moves: [['back', 'S']] },
        Q: { moves: [['q', 'R']] },
        R: { moves: [['k', 'T']] },
        T,
      },
      'S',
    );
    expect(proveWinIn(g, 2)).toMatchObject({ status: 'solved', length: 1, keys: ['k'], keysWithinN: ['k', 's2'] });
  });

  it('KV-7 a line returning to an earlier position deeper down is not a win either', () => {
    // S: k wins at once. s -> Ds -> As; As: t -> Dt whose only move r returns to S.
    // Without the rule s wins in 3 (s z t r k); with it, the defender's r repeats S.
    const g = new GraphGame(
      {
        S: {
          moves: [
            ['k', 'T'],
            ['s', 'Ds'],
          ],
        },
        Ds: { moves: [['z', 'As']] },
        As: { moves: [['t', 'Dt']] },
        Dt: { moves: [['r', 'S']] },
        T,
      },
      'S',
    );
    expect(proveWinIn(g, 3)).toMatchObject({ status: 'solved', length: 1, keys: ['k'], keysWithinN: ['k'] });
  });

  it('KV-7/KV-4 a start whose moves are restricted still counts as the same position when it recurs', () => {
    // Sf is the start S with a first-move restriction (same repetition identity, no k).
    // s -> P -> back to S (plain, k available): the position recurs, so s does not win;
    // s2 -> Q -> R (new) -> k wins in 2.
    const nodes: Record<string, GNode> = {
      Sf: {
        rep: 'S',
        moves: [
          ['s', 'P'],
          ['s2', 'Q'],
        ],
      },
      S: {
        moves: [
          ['k', 'T'],
          ['s', 'P'],
        ],
      },
      P: { moves: [['back', 'S']] },
      Q: { moves: [['q', 'R']] },
      R: { moves: [['k', 'T']] },
      T,
    };
    expect(proveWinIn(new GraphGame(nodes, 'Sf'), 2)).toMatchObject({ status: 'solved', length: 2, keys: ['s2'], keysWithinN: ['s2'] });
    nodes['Sf']!.moves = [['s', 'P']];
    expect(proveWinIn(new GraphGame(nodes, 'Sf'), 3)).toMatchObject({ status: 'unsolvable' });
  });
});

describe('limits and contract', () => {
  const chain: Record<string, GNode> = {
    S: {
      moves: [
        ['a', 'D1'],
        ['b', 'D1'],
      ],
    },
    D1: {
      moves: [
        ['x', 'A1'],
        ['y', 'A1'],
      ],
    },
    A1: {
      moves: [
        ['m', 'D2'],
        ['n', 'D2'],
      ],
    },
    D2: { moves: [['x', 'A2']] },
    A2: { moves: [['k', 'T']] },
    T,
  };

  it('maxNodes answers limit, an aborted signal cancelled; the game is left at the start', () => {
    const g = new GraphGame(chain, 'S');
    expect(proveWinIn(g, 3, { maxNodes: 2 })).toMatchObject({ status: 'limit', nodes: 2 });
    expect(g.cur).toBe('S');
    expect(proveWinIn(g, 3, { signal: { aborted: true } })).toMatchObject({ status: 'cancelled', nodes: 0 });
    expect(proveWinIn(g, 3)).toMatchObject({ status: 'solved', length: 3, keys: ['a', 'b'] });
  });

  it('progress reports each iterative-deepening depth', () => {
    const depths: number[] = [];
    proveWinIn(new GraphGame(chain, 'S'), 3, { onProgress: (p) => depths.push(p.depth) });
    expect(depths).toEqual([1, 2, 3]);
  });

  it('rejects N outside 1..4000 with a RangeError', () => {
    expect(() => proveWinIn(new GraphGame(chain, 'S'), 0)).toThrow(RangeError);
    expect(() => proveWinIn(new GraphGame(chain, 'S'), 1.5)).toThrow(RangeError);
  });

  it('the transposition table saves work on transpositions', () => {
    // a and b reach the same D1, x and y the same A1: with the table each is searched once per depth.
    const g = new GraphGame(chain, 'S');
    proveWinIn(g, 3);
    expect(g.plays).toBeLessThan(60);
  });
});
