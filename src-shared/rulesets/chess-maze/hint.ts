/**
 * Chess Maze hints from any position of a line (`chessMaze.hint`). A replay
 * frame (a document view) does not hold the play state a position needs:
 * keys held (CM-5), coins and letters picked (CM-8, CM-9) and the move
 * counter against the limit (CM-12). So the hint solves from the replayed
 * `CmState` itself: the search problem of the level (search.ts
 * `cmSearchProblem`) started from that state, with the move limit reduced
 * by the moves already made.
 */
import type { ChessMazeLevel } from '../../model/level.js';
import type { HintAnswer, HintOptions } from '../../ruleset.js';
import type { SearchProblem, SolveOptions, SolveResult } from '../../solver/types.js';
import { solveAStar } from '../../solver/astar.js';
import type { Issue, Result } from '../../validation/issue.js';
import { hintSinglePlayer } from '../../hint.js';
import type { CmPosition, CmState } from './position.js';
import { replayStates } from './replay.js';
import { cmSearchLayout, cmSearchProblem } from './search.js';
import { KIND_PAWN, kindOf } from './tables.js';

const KIND_SHIFT = 10;
const MOVED_BIT = 1 << 14;
const WON_BIT = 0;
const KEY_BIT0 = 1;
const ENEMY_BIT0 = 5;

/**
 * The encoding of `state` in the layout of `cmSearchProblem(pos)` (see the
 * search.ts file comment): sorted 16-bit player codes (square, movement
 * kind, pawn-has-moved bit), then the flags: won, keys held, enemies
 * captured, coins picked (collect objective only), letters picked (spell
 * objective only).
 */
export function cmEncodeState(pos: CmPosition, state: CmState): Int32Array {
  const layout = cmSearchLayout(pos);
  const pieceWords = Math.ceil(layout.players / 2);
  const out = new Int32Array(layout.stateWords);
  const codes: number[] = [];
  pos.pieces.forEach((p, i) => {
    if (p.side !== 'player') return;
    const kind = kindOf(state.roles[i]!, p.facing);
    const moved = kind >= KIND_PAWN && state.squares[i] !== state.starts[i] ? MOVED_BIT : 0;
    codes.push((kind << KIND_SHIFT) | state.squares[i]! | moved);
  });
  codes.sort((a, b) => a - b);
  codes.forEach((c, s) => (out[s >> 1] = out[s >> 1]! | (c << ((s & 1) << 4))));
  const set = (bit: number): void => {
    out[pieceWords + (bit >> 5)] = out[pieceWords + (bit >> 5)]! | (1 << (bit & 31));
  };
  if (state.outcome !== 'playing' && 'won' in state.outcome) set(WON_BIT);
  for (let c = 0; c < 4; c++) if ((state.keys & (1 << c)) !== 0) set(KEY_BIT0 + c);
  let e = 0;
  pos.pieces.forEach((p, i) => {
    if (p.side !== 'enemy') return;
    if (!state.alive[i]) set(ENEMY_BIT0 + e);
    e++;
  });
  const coinBit0 = ENEMY_BIT0 + layout.enemies;
  const letterBit0 = coinBit0 + layout.coins;
  let c = 0;
  let l = 0;
  pos.collectibles.forEach((col, k) => {
    if (col.kind === 'coin' && layout.coins > 0) {
      if (state.picked[k]) set(coinBit0 + c);
      c++;
    }
    if (col.kind === 'letter' && layout.letters > 0) {
      if (state.picked[k]) set(letterBit0 + l);
      l++;
    }
  });
  return out;
}

/**
 * The optimal solve from a play state: A* over `cmSearchProblem(pos)`
 * started at `state`, the CM-12 limit reduced by `state.moves`. A failed
 * attempt (misspelled, limit reached, dead end, CM-13) is `unsolvable`; a won
 * one is solved in 0 moves.
 */
export function cmSolveFromState(pos: CmPosition, state: CmState, opts: SolveOptions = {}): SolveResult {
  if (state.outcome !== 'playing') {
    return 'won' in state.outcome ? { status: 'solved', length: 0, moves: [], states: 1, optimal: true } : { status: 'unsolvable', states: 1 };
  }
  const base = cmSearchProblem(pos);
  const start = cmEncodeState(pos, state);
  const left = pos.moveLimit > 0 ? pos.moveLimit - state.moves : undefined;
  if (left !== undefined && left <= 0) return { status: 'unsolvable', states: 1 };
  const { maxDepth: _drop, ...rest } = base;
  void _drop;
  const problem: SearchProblem = {
    ...rest,
    ...(left !== undefined ? { maxDepth: left } : {}),
    writeInitial: (out) => out.set(start),
  };
  return solveAStar(problem, opts);
}

/** `chessMaze.hint`: `hintSinglePlayer` over the replayed play states (errors as `replayStates`, `/moves/k`). */
export function cmHint(level: ChessMazeLevel, moves: readonly string[], opts?: HintOptions): Result<HintAnswer, Issue[]> {
  let position: CmPosition | undefined;
  return hintSinglePlayer<CmState>(
    {
      replay(line) {
        const r = replayStates(level, line);
        if (!r.ok) return r;
        position = r.value.position;
        return { ok: true, value: r.value.states };
      },
      solve: (state, o) => cmSolveFromState(position!, state, o),
    },
    moves,
    opts,
  );
}
