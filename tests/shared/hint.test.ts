/**
 * Hints from any position (src-shared/hint.ts through each ruleset's
 * `hint` hook): hand-worked small levels per ruleset. Distances are counted
 * by hand from the rulings cited in each test name.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Level } from '../../src-shared/model/level.js';
import type { UnlockTheKingLevel } from '../../src-shared/model/level.js';
import type { HintAnswer, HintMemo, SolveAnswer } from '../../src-shared/ruleset.js';
import { rulesetOf } from '../../src-shared/rulesets/index.js';
import { framesSolver, hintSinglePlayer } from '../../src-shared/hint.js';
import { unlockTheKing } from '../../src-shared/rulesets/unlock-the-king/def.js';
import { ukFrameSolved, ukLearn, ukPlacementKey } from '../../src-shared/rulesets/unlock-the-king/hint.js';
import type { SolveOptions } from '../../src-shared/solver/types.js';

function hint(level: unknown, moves: string[]): HintAnswer {
  const l = level as Level;
  const r = rulesetOf(l)!.hint!(l, moves, { maxStates: 1_000_000, timeMs: 20_000 });
  if (!r.ok) throw new Error(r.error.map((i) => i.code).join(', '));
  return r.value;
}

const base = { format: 'castellan.level', version: 1, meta: { title: 't' } } as const;

// 3 x 3: king a1, pawn a2 facing north, wall b1, portal a3. Optimum 2: Ka1-b2, Kb2-a3 (UK-4 king steps, Chebyshev distance 2).
const uk = {
  ...base,
  ruleset: 'unlock-the-king',
  board: { width: 3, height: 3 },
  walls: ['b1'],
  portal: 'a3',
  pieces: [
    { role: 'king', square: 'a1', color: 'ivory' },
    { role: 'pawn', square: 'a2', color: 'ivory', facing: 'north' },
  ],
};

describe('hint: Unlock the King', () => {
  it('UK-4, UK-6: from the start: 2 moves, next is a king step to b2', () => {
    expect(hint(uk, [])).toEqual({ status: 'solvable', distance: 2, next: 'Ka1-b2', lostAt: null });
  });

  it('UK-4: an optimal move keeps the line optimal: 1 move left, next Kb2-a3', () => {
    expect(hint(uk, ['Ka1-b2'])).toEqual({ status: 'solvable', distance: 1, next: 'Kb2-a3', lostAt: null });
  });

  it('UK-6: reaching the portal is solved', () => {
    expect(hint(uk, ['Ka1-b2', 'Kb2-a3'])).toMatchObject({ status: 'solved', distance: 0, next: null, lostAt: null });
  });

  it('UK-4: a wasteful king move (Ka1-b2, Kb2-c2: c2 to a3 is 2 steps) loses the par at ply 1', () => {
    const h = hint(uk, ['Ka1-b2', 'Kb2-c2']);
    expect(h.status).toBe('solvable');
    expect(h.distance).toBe(2);
    expect(h.lostAt).toEqual({ ply: 1, move: 'Kb2-c2', distanceBefore: 1, distanceAfter: 2 });
  });

  it('UK-4, UK-5: the pawn stepping onto the portal at the north edge can never leave: no longer solvable since move 1', () => {
    const h = hint(uk, ['Pa2-a3']);
    expect(h).toEqual({ status: 'unsolvable', distance: null, next: null, lostAt: { ply: 0, move: 'Pa2-a3', distanceBefore: 2, distanceAfter: null } });
  });

  it('UK-4: a move that does not replay is an error with /moves/k', () => {
    const l = uk as unknown as Level;
    const r = rulesetOf(l)!.hint!(l, ['Ka1-b2', 'Kb2-b3', 'Kb3-b1'], {});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error[0]).toMatchObject({ code: 'move-illegal', pointer: '/moves/2' });
  });
});

// 5 x 1 corridor: rook a1, red key b1, red lock d1, finish e1. Optimum 2: Ra1-b1 (key, CM-5), Rb1-e1 (lock open, over d1).
// Without the key the closed lock on d1 stops the rook's ray (CM-4, CM-7).
const cm = (moveLimit?: number): unknown => ({
  ...base,
  ruleset: 'chess-maze',
  board: { width: 5, height: 1 },
  pieces: [{ role: 'rook', square: 'a1', side: 'player' }],
  tiles: [
    { kind: 'key', square: 'b1', color: 'red' },
    { kind: 'lock', square: 'd1', color: 'red' },
    { kind: 'finish', square: 'e1' },
  ],
  ...(moveLimit !== undefined ? { objectives: { moveLimit } } : {}),
});

describe('hint: Chess Maze', () => {
  it('CM-4, CM-5: from the start: 2 moves, next Ra1-b1 (the key)', () => {
    expect(hint(cm(), [])).toEqual({ status: 'solvable', distance: 2, next: 'Ra1-b1', lostAt: null });
  });

  it('CM-5: after picking the key up the lock is open: 1 move, Rb1-e1 (the key held is part of the position)', () => {
    expect(hint(cm(), ['Ra1-b1'])).toEqual({ status: 'solvable', distance: 1, next: 'Rb1-e1', lostAt: null });
  });

  it('CM-7: Ra1-c1 first (lock still closed) needs c1-b1 and b1-e1: distance 2, par lost at ply 0', () => {
    expect(hint(cm(), ['Ra1-c1'])).toEqual({
      status: 'solvable',
      distance: 2,
      next: 'Rc1-b1',
      lostAt: { ply: 0, move: 'Ra1-c1', distanceBefore: 2, distanceAfter: 2 },
    });
  });

  it('CM-12: with a move limit of 2, Ra1-c1 leaves 1 move for 2 needed: no longer solvable since move 1', () => {
    expect(hint(cm(2), ['Ra1-c1'])).toEqual({
      status: 'unsolvable',
      distance: null,
      next: null,
      lostAt: { ply: 0, move: 'Ra1-c1', distanceBefore: 2, distanceAfter: null },
    });
  });

  it('CM-11: a line that lands on the finish with the lock open is solved', () => {
    expect(hint(cm(2), ['Ra1-b1', 'Rb1-e1'])).toMatchObject({ status: 'solved', distance: 0, lostAt: null });
  });
});

// 5 x 5, White to move, win in 2: white king c1, soldiers c4 (backstop) and a1; black king e5.
// Kc1-c3 wins at once (KV-2 the slide stops before c4; KV-5 valley c3). After the waste Sa1-a5 no black king
// move ends on c2 or c3 (e5 slides to b5, e1 or a1), so Kc1-c3 still wins next move: the win takes 2, not 1.
const kv = {
  ...base,
  ruleset: 'kings-valley',
  board: { width: 5, height: 5 },
  sideToMove: 'white',
  goal: { type: 'win-in', moves: 2 },
  pieces: [
    { role: 'king', square: 'c1', side: 'white' },
    { role: 'soldier', square: 'c4', side: 'white' },
    { role: 'soldier', square: 'a1', side: 'white' },
    { role: 'king', square: 'e5', side: 'black' },
  ],
};

describe("hint: King's Valley", () => {
  it('KV-5, KV-8: from the start White wins in 1 with Kc1-c3', () => {
    expect(hint(kv, [])).toEqual({ status: 'solvable', distance: 1, next: 'Kc1-c3', lostAt: null });
  });

  it('KV-2, KV-8: the non-key Sa1-a5 makes the win longer: still 1 attacker move after it, flagged at ply 0', () => {
    const h = hint(kv, ['Sa1-a5']);
    expect(h.status).toBe('solvable');
    expect(h.distance).toBe(1);
    expect(h.lostAt).toEqual({ ply: 0, move: 'Sa1-a5', distanceBefore: 1, distanceAfter: 1 });
    const after = hint(kv, ['Sa1-a5', 'Ke5-b5']);
    expect(after).toMatchObject({ status: 'solvable', distance: 1, next: 'Kc1-c3' });
  });

  it('KV-5: the key ends the game: solved', () => {
    expect(hint(kv, ['Kc1-c3'])).toEqual({ status: 'solved', distance: 0, next: null, lostAt: null });
  });
});

// White Kg6, Ra1; Black Kh8; mate in 2. Ra1-a8 mates at once (rank 8 check; g7, h7 covered by Kg6). After Ra1-b1
// Black's only move is Kh8-g8 (g7, h7 covered), then Rb1-b8 mates: the mate takes 2, not 1 (LC-1 orthodox moves, LC-8).
const lc = {
  ...base,
  ruleset: 'locking-chess',
  board: { width: 8, height: 8 },
  position: '7k/8/6K1/8/8/8/8/R7 w - - 0 1',
  goal: { type: 'mate-in', moves: 2 },
};

describe('hint: Locking Chess', () => {
  it('LC-8: from the start: mate in 1 with Ra1-a8', () => {
    expect(hint(lc, [])).toEqual({ status: 'solvable', distance: 1, next: 'Ra1-a8', lostAt: null });
  });

  it('LC-8: the non-key Ra1-b1 makes the mate longer; Black defends Kh8-g8, then Rb1-b8', () => {
    expect(hint(lc, ['Ra1-b1'])).toEqual({
      status: 'solvable',
      distance: 1,
      next: 'Kh8-g8',
      lostAt: { ply: 0, move: 'Ra1-b1', distanceBefore: 1, distanceAfter: 1 },
    });
    expect(hint(lc, ['Ra1-b1', 'Kh8-g8'])).toMatchObject({ status: 'solvable', distance: 1, next: 'Rb1-b8' });
  });

  it('LC-8: the mate ends the game: solved', () => {
    expect(hint(lc, ['Ra1-a8'])).toEqual({ status: 'solved', distance: 0, next: null, lostAt: null });
  });
});

describe('hint: budgets', () => {
  // An open 8 x 8 board with a king on a1 and the portal on h8: 7 king steps (UK-4), thousands of states for A*.
  const open = {
    ...base,
    ruleset: 'unlock-the-king',
    board: { width: 8, height: 8 },
    walls: [],
    portal: 'h8',
    pieces: [
      { role: 'king', square: 'a1', color: 'ivory' },
      { role: 'rook', square: 'c3', color: 'ivory' },
      { role: 'knight', square: 'f6', color: 'ivory' },
      { role: 'bishop', square: 'd5', color: 'ivory' },
    ],
  } as unknown as Level;
  const def = rulesetOf(open)!;

  it('UK-7: a state cap too small for the search answers limit, never a wrong distance', () => {
    const r = def.hint!(open, [], { maxStates: 2 });
    expect(r.ok && r.value).toEqual({ status: 'limit', distance: null, next: null, lostAt: null });
  });

  it('an aborted signal answers limit at once', () => {
    const r = def.hint!(open, ['Ka1-b2'], { signal: { aborted: true } });
    expect(r.ok && r.value.status).toBe('limit');
  });

  it('KV-8: the two-player hint under a tiny node budget answers limit', () => {
    const l = kv as unknown as Level;
    const r = rulesetOf(l)!.hint!(l, ['Sa1-a5'], { maxStates: 1 });
    expect(r.ok && r.value.status).toBe('limit');
  });
});

describe('hint: along the stored optimal solutions of the Chess Maze samples', () => {
  // Optimality (CM-12 par): after k moves of an optimal solution of length L, exactly L - k moves remain, and the
  // line has lost nothing. The samples cover keys, plates, coins, letters, transforms, enemies and a move limit,
  // so this checks that every part of the play state reaches the search (CM-5..CM-13).
  const dir = 'resources/levels/chess-maze';
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.level.json'))) {
    it(`CM-12: ${f}`, () => {
      const level = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { solution: { moves: string[]; length: number } };
      const line = level.solution.moves;
      for (let k = 0; k <= line.length; k++) {
        const h = hint(level, line.slice(0, k));
        expect(h, `after ${k} moves`).toMatchObject({ status: k === line.length ? 'solved' : 'solvable', distance: level.solution.length - k, lostAt: null });
      }
    });
  }
});

describe('hint memo (HintOptions.memo): distances kept across the hints of one line start', () => {
  // 5 x 3 corridor, rank 3 walled: king a1, portal e1, nothing else. Optimum 4 (UK-4: four king steps
  // along rank 1 or through rank 2); every step towards e-file keeps the line optimal.
  const corridor = {
    ...base,
    ruleset: 'unlock-the-king',
    board: { width: 5, height: 3 },
    walls: ['a3', 'b3', 'c3', 'd3', 'e3'],
    portal: 'e1',
    pieces: [{ role: 'king', square: 'a1', color: 'ivory' }],
  };

  /** The UK hint over replay frames, counting the searches its solver runs. */
  function counted(level: unknown): { hint: (moves: string[], memo?: HintMemo) => HintAnswer; searches: () => number } {
    const l = level as UnlockTheKingLevel;
    let searches = 0;
    const frames = framesSolver(unlockTheKing, l, ukFrameSolved);
    const solver = {
      ...frames,
      solve: (frame: UnlockTheKingLevel, o: SolveOptions): SolveAnswer => {
        searches++;
        return frames.solve(frame, o);
      },
    };
    return {
      hint: (moves, memo) => {
        const r = hintSinglePlayer(solver, moves, { maxStates: 100_000, ...(memo ? { memo } : {}) });
        if (!r.ok) throw new Error(r.error.map((i) => i.code).join(', '));
        return r.value;
      },
      searches: () => searches,
    };
  }

  it('UK-4: after the first hint, playing each hinted move needs no search; the answers are the same as without a memo', () => {
    const withMemo = counted(corridor);
    const without = counted(corridor);
    const memo: HintMemo = new Map();
    const line: string[] = [];
    for (let k = 0; k <= 4; k++) {
      const h = withMemo.hint(line, memo);
      expect(h).toEqual(without.hint(line));
      expect(h.distance).toBe(4 - k);
      if (k === 0) expect(withMemo.searches()).toBe(1);
      if (h.next) line.push(h.next);
    }
    expect(withMemo.searches()).toBe(1); // the first hint's search proved the whole line
    expect(without.searches()).toBeGreaterThan(5);
  });

  it('UK-4: a move off the known line is searched once, and the par lost there is still reported (lostAt from kept distances)', () => {
    const h = counted(corridor);
    const memo: HintMemo = new Map();
    const first = h.hint([], memo);
    expect(first.distance).toBe(4);
    // Ka1-a2 then Ka2-a1: back on the start square (4 steps from e1), two moves spent. a2 is 4 king
    // steps from e1 too (UK-4: four files), so the par was lost by the first move, Ka1-a2: 1 + 4 > 4.
    const back = h.hint(['Ka1-a2', 'Ka2-a1'], memo);
    expect(back.distance).toBe(4);
    expect(back.lostAt).toEqual({ ply: 0, move: 'Ka1-a2', distanceBefore: 4, distanceAfter: 4 });
    // The start square's distance came from the memo: only a2 was searched (1 + 1 searches in all).
    expect(h.searches()).toBe(2);
  });
});

describe('Unlock the King hint memo: the first search learns the whole optimal-solution DAG', () => {
  // The 5 x 3 corridor again: king a1, portal e1, rank 3 walled: every optimal line is 4 king steps
  // east over ranks 1 and 2 (UK-4), e.g. a1-b2-c1-d2-e1 or a1-b1-c1-d1-e1: many optimal lines.
  const corridor = {
    ...base,
    ruleset: 'unlock-the-king',
    board: { width: 5, height: 3 },
    walls: ['a3', 'b3', 'c3', 'd3', 'e3'],
    portal: 'e1',
    pieces: [{ role: 'king', square: 'a1', color: 'ivory' }],
  } as unknown as UnlockTheKingLevel;

  it('UK-4: after the first hint, any optimal line (not only the hinted one) is answered without a search', () => {
    let searches = 0;
    const frames = framesSolver(unlockTheKing, corridor, ukFrameSolved);
    const solver = {
      ...frames,
      key: ukPlacementKey,
      solve: (f: UnlockTheKingLevel, o: SolveOptions): SolveAnswer => (searches++, frames.solve(f, o)),
      learn: (f: UnlockTheKingLevel, o: SolveOptions, note: (k: string, d: number, n: string | null) => void): SolveAnswer => (
        searches++,
        ukLearn(f, o, note, frames.solve)
      ),
    };
    const memo: HintMemo = new Map();
    const hint = (moves: string[]): HintAnswer => {
      const r = hintSinglePlayer(solver, moves, { memo });
      if (!r.ok) throw new Error('hint failed');
      return r.value;
    };
    expect(hint([]).distance).toBe(4);
    expect(searches).toBe(1);
    for (const line of [
      ['Ka1-b2', 'Kb2-c1', 'Kc1-d2', 'Kd2-e1'],
      ['Ka1-b1', 'Kb1-c2', 'Kc2-d1', 'Kd1-e1'],
      ['Ka1-b2', 'Kb2-c2', 'Kc2-d2', 'Kd2-e1'],
    ]) {
      for (let k = 1; k <= 4; k++) expect(hint(line.slice(0, k))).toMatchObject({ distance: 4 - k, lostAt: null });
    }
    expect(searches).toBe(1);
  });

  it('UK-4: the placement key ignores colour and which of two identical pieces stands where', () => {
    const a = { ...corridor, pieces: [...corridor.pieces, { role: 'rook', square: 'b2', color: 'ivory' }, { role: 'rook', square: 'c2', color: 'obsidian' }] };
    const b = { ...corridor, pieces: [...corridor.pieces, { role: 'rook', square: 'c2', color: 'ivory' }, { role: 'rook', square: 'b2', color: 'ivory' }] };
    const c = { ...corridor, pieces: [...corridor.pieces, { role: 'rook', square: 'c2', color: 'ivory' }, { role: 'bishop', square: 'b2', color: 'ivory' }] };
    expect(ukPlacementKey(a as UnlockTheKingLevel)).toBe(ukPlacementKey(b as UnlockTheKingLevel));
    expect(ukPlacementKey(a as UnlockTheKingLevel)).not.toBe(ukPlacementKey(c as UnlockTheKingLevel));
  });
});
