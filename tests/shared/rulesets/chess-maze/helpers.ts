/** Test helpers: build Chess Maze levels, states and moves tersely. */
import type { ChessMazeLevel, CmObjectives, CmPiece, CmTile, Facing, Role } from '../../../../src-shared/model/level.js';
import {
  cmInitialState,
  cmLegalMoves,
  cmMoveToLan,
  cmParseLan,
  cmPlay,
  compileChessMaze,
  type CmEvent,
  type CmPosition,
  type CmState,
} from '../../../../src-shared/rulesets/chess-maze/index.js';

const ROLE_OF: Record<string, Role> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };

/** `P('Nb1')` a player knight on b1; `P('Pe2', 'south')` a player pawn facing south. */
export function P(spec: string, facing?: Facing): CmPiece {
  const p: CmPiece = { role: ROLE_OF[spec[0]!]!, square: spec.slice(1), side: 'player' };
  if (facing) p.facing = facing;
  return p;
}

/** `E('Rd7')` an enemy rook on d7. */
export function E(spec: string, facing?: Facing): CmPiece {
  return { ...P(spec, facing), side: 'enemy' };
}

export interface CmSpec {
  width?: number;
  height?: number;
  holes?: string[];
  pieces: CmPiece[];
  /** Tiles; a finish is added on `finish` (default: the top-right corner) unless a finish tile is listed or `finish` is null. */
  tiles?: CmTile[];
  finish?: string | null;
  objectives?: CmObjectives;
}

/** A chess-maze level document; board defaults to 5x5. */
export function cmLevel(spec: CmSpec): ChessMazeLevel {
  const width = spec.width ?? 5;
  const height = spec.height ?? 5;
  const tiles = [...(spec.tiles ?? [])];
  if (spec.finish !== null && !tiles.some((t) => t.kind === 'finish')) {
    tiles.push({ kind: 'finish', square: spec.finish ?? String.fromCharCode(96 + width) + String(height) });
  }
  const level: ChessMazeLevel = {
    format: 'castellan.level',
    version: 1,
    ruleset: 'chess-maze',
    meta: { title: 'test' },
    board: { width, height },
    pieces: spec.pieces,
    tiles,
  };
  if (spec.holes) level.board.holes = spec.holes;
  if (spec.objectives) level.objectives = spec.objectives;
  return level;
}

/** Compiles or throws (tests only). */
export function cmPos(spec: CmSpec): CmPosition {
  const r = compileChessMaze(cmLevel(spec));
  if (!r.ok) throw new Error('level does not compile: ' + JSON.stringify(r.error));
  return r.value;
}

/** Position and its start state. */
export function setup(spec: CmSpec): { pos: CmPosition; state: CmState } {
  const pos = cmPos(spec);
  return { pos, state: cmInitialState(pos) };
}

/** Sorted target squares of the piece standing on `square` (duplicates from transform choices removed). */
export function targetsFrom(pos: CmPosition, state: CmState, square: string): string[] {
  const lans = cmLegalMoves(pos, state)
    .map((m) => cmMoveToLan(pos, state, m))
    .filter((l) => l.slice(1).startsWith(square) && /[-x]/.test(l[1 + square.length] ?? ''));
  return [...new Set(lans.map((l) => l.slice(2 + square.length).replace(/=.$/, '')))].sort();
}

/** Sorted LAN of every legal move. */
export function allLan(pos: CmPosition, state: CmState): string[] {
  return cmLegalMoves(pos, state)
    .map((m) => cmMoveToLan(pos, state, m))
    .sort();
}

/** Plays one LAN move; throws when it is not legal. */
export function play(pos: CmPosition, state: CmState, lan: string): { state: CmState; events: CmEvent[] } {
  const mv = cmParseLan(pos, state, lan);
  if (!mv) throw new Error(`illegal move ${lan}; legal: ${allLan(pos, state).join(' ')}`);
  return cmPlay(pos, state, mv);
}

/** Plays a line; returns the final state and the events of each move. */
export function playLine(pos: CmPosition, state: CmState, lans: string[]): { state: CmState; events: CmEvent[][] } {
  let s = state;
  const events: CmEvent[][] = [];
  for (const lan of lans) {
    const r = play(pos, s, lan);
    s = r.state;
    events.push(r.events);
  }
  return { state: s, events };
}

/** Square names of alive pieces of a state, by piece index ('' for captured). */
export function squaresOf(pos: CmPosition, state: CmState): string[] {
  return state.squares.map((s, i) => (state.alive[i] ? String.fromCharCode(97 + (s % pos.width)) + String(Math.floor(s / pos.width) + 1) : ''));
}
