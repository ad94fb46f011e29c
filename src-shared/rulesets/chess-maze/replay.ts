/**
 * Replaying a line of LAN moves on a Chess Maze level: the play states (for
 * the playtest UI) and document views of them (for the editor's stepping).
 */
import type { ChessMazeLevel, CmPiece } from '../../model/level.js';
import { indexToSquare, squareIndex } from '../../model/square.js';
import { issue, type Issue, type Result } from '../../validation/issue.js';
import { cmInitialState, cmParseLan, cmPlay, compileChessMaze, type CmEvent, type CmMove, type CmPosition, type CmState } from './position.js';

/** A replayed line: `states[0]` is the start, `states[k]` the state after k moves; `moves[k]`/`events[k]` belong to move k+1. */
export interface CmReplay {
  readonly position: CmPosition;
  readonly states: CmState[];
  readonly moves: CmMove[];
  readonly events: CmEvent[][];
}

/**
 * Plays `lans` from the level's start with `cmParseLan`/`cmPlay`. Errors,
 * each with the move's index in `pointer` (`/moves/k`):
 * - the level's own builder errors (`compileChessMaze`);
 * - `move-illegal` (CM-3): move k is malformed or not legal in its state
 *   (`squares` = its from square when well-formed and on the board);
 * - `move-after-solved` (CM-11): a move after the attempt was won;
 * - `move-after-failed` (CM-13): a move after the attempt failed
 *   (misspelled, move limit or dead end).
 * Never throws.
 */
export function replayStates(level: ChessMazeLevel, lans: readonly string[]): Result<CmReplay, Issue[]> {
  const compiled = compileChessMaze(level);
  if (!compiled.ok) return { ok: false, error: compiled.error };
  const pos = compiled.value;
  let state = cmInitialState(pos);
  const states: CmState[] = [state];
  const moves: CmMove[] = [];
  const events: CmEvent[][] = [];
  for (let k = 0; k < lans.length; k++) {
    const lan = lans[k];
    const o = state.outcome;
    if (o !== 'playing') {
      const won = 'won' in o;
      return {
        ok: false,
        error: [
          issue(
            'error',
            won ? 'move-after-solved' : 'move-after-failed',
            won
              ? `Move ${k + 1} (${String(lan)}) comes after the level was already won.`
              : `Move ${k + 1} (${String(lan)}) comes after the attempt already failed (${o.failed}).`,
            { pointer: `/moves/${k}`, ruling: won ? 'CM-11' : 'CM-13' },
          ),
        ],
      };
    }
    const mv = typeof lan === 'string' ? cmParseLan(pos, state, lan) : undefined;
    if (!mv) {
      const fromName = typeof lan === 'string' ? /^[A-Z]([a-z][1-9][0-9]?)/.exec(lan.trim())?.[1] : undefined;
      const squares = fromName !== undefined && squareIndex(fromName, pos.width, pos.height) >= 0 ? [fromName] : [];
      return {
        ok: false,
        error: [
          issue('error', 'move-illegal', `Move ${k + 1} (${String(lan)}) is not a legal move in this position.`, {
            pointer: `/moves/${k}`,
            ruling: 'CM-3',
            squares,
          }),
        ],
      };
    }
    const r = cmPlay(pos, state, mv);
    state = r.state;
    states.push(state);
    moves.push(mv);
    events.push(r.events);
  }
  return { ok: true, value: { position: pos, states, moves, events } };
}

/**
 * The level document as it looks in `state`: pieces moved, captured enemies
 * removed, transformed pieces with their new role (a pawn that transformed
 * loses its `facing`). Tiles stay as they are (collected tiles included:
 * this is a document view, not a play view). `level` must be the level
 * `pos` was compiled from. Does not mutate `level`.
 */
export function cmStateToLevel(level: ChessMazeLevel, pos: CmPosition, state: CmState): ChessMazeLevel {
  const pieces: CmPiece[] = [];
  level.pieces.forEach((p, i) => {
    if (!state.alive[i]) return;
    const square = indexToSquare(state.squares[i]!, pos.width);
    const role = state.roles[i]!;
    if (square === p.square && role === p.role) {
      pieces.push(p);
      return;
    }
    const q: CmPiece = { ...p, square, role };
    if (role !== 'pawn') delete q.facing;
    pieces.push(q);
  });
  return { ...level, pieces };
}

/**
 * Document views of `replayStates`: `frames[0]` is the level itself,
 * `frames[k]` the document after k moves (pieces moved, captured enemies
 * removed, transformed pieces with their new role; tiles unchanged,
 * collected ones included). Errors as `replayStates`. Never throws.
 */
export function cmReplay(level: ChessMazeLevel, moves: readonly string[]): Result<ChessMazeLevel[], Issue[]> {
  const r = replayStates(level, moves);
  if (!r.ok) return r;
  const { position, states } = r.value;
  return { ok: true, value: states.map((s, k) => (k === 0 ? level : cmStateToLevel(level, position, s))) };
}
