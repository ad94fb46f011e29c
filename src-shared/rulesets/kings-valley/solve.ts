/**
 * King's Valley solve and replay of the ruleset module (def.ts): the "win in
 * N" solve (KV-8) through the generic proof search, and move replay.
 */
import type { KingsValleyLevel, KvSide } from '../../model/level.js';
import { indexToSquare, squareIndex } from '../../model/square.js';
import { issue, type Issue, type Result } from '../../validation/issue.js';
import type { SolveOptions, SolveResult } from '../../solver/types.js';
import { MAX_PROOF_MOVES, proveWinIn } from '../../solver/proof/search.js';
import { kvProofGame } from './game.js';
import { compileKingsValley, kvOutcome, kvParseLan, kvPlay, type KvPosition } from './position.js';

/** Transposition-table bytes when the caller sets no memory cap. */
const KV_TABLE_BYTES = 64 * 1024 * 1024;

/**
 * Proves "win in N" (KV-8) for the side to move, N = `level.goal.moves`.
 *
 * - `{status:'invalid', issues}`: the builder errors of `validateKingsValley`,
 *   or `kv-goal-missing` (KV-8) when the level has no goal.
 * - `solved`: `length` = the shortest forced win in the side to move's
 *   moves, `moves` = the main line (both sides), `keys`, `keysWithinN`,
 *   `refutations` (see solver/types.ts), `states` = nodes searched.
 * - `unsolvable`: proved that there is no win in N.
 * - `limit` (reason `states`): `opts.maxStates` caps the nodes searched
 *   (default 20,000,000); also answered at once for N > 4000.
 * - `cancelled`: `opts.signal` aborted.
 * `opts.maxBytes` caps the transposition table (default 64 MiB).
 * `onProgress` gets `{states: nodes, depth: N being tried}`. Never throws.
 */
export function solveKingsValley(level: KingsValleyLevel, opts: SolveOptions = {}): SolveResult | { status: 'invalid'; issues: Issue[] } {
  const compiled = compileKingsValley(level);
  if (!compiled.ok) return { status: 'invalid', issues: compiled.error };
  const n = level.goal?.moves;
  if (typeof n !== 'number') {
    return {
      status: 'invalid',
      issues: [issue('error', 'kv-goal-missing', 'The level has no "win in N" goal to prove.', { ruling: 'KV-8', pointer: '/goal' })],
    };
  }
  if (n > MAX_PROOF_MOVES) return { status: 'limit', states: 0, depth: 0, reason: 'states' };
  const r = proveWinIn(kvProofGame(compiled.value), n, {
    ...(opts.maxStates !== undefined ? { maxNodes: opts.maxStates } : {}),
    maxTableBytes: Math.min(KV_TABLE_BYTES, opts.maxBytes ?? KV_TABLE_BYTES),
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
    ...(opts.progressEvery !== undefined ? { progressEvery: opts.progressEvery } : {}),
  });
  switch (r.status) {
    case 'solved':
      return {
        status: 'solved',
        length: r.length,
        moves: r.line,
        states: r.nodes,
        optimal: true,
        keys: r.keys,
        keysWithinN: r.keysWithinN,
        refutations: r.refutations,
      };
    case 'unsolvable':
      return { status: 'unsolvable', states: r.nodes };
    case 'limit':
      return { status: 'limit', states: r.nodes, depth: r.depth, reason: 'states' };
    case 'cancelled':
      return { status: 'cancelled', states: r.nodes, depth: r.depth };
  }
}

const other = (s: KvSide): KvSide => (s === 'white' ? 'black' : 'white');

/**
 * Plays `moves` (LAN) from the level's start. `frames[0]` is the level,
 * `frames[k]` the document after k moves: the moved piece's square updated,
 * `sideToMove` switched, and `startingSetup` false once a move was made
 * (KV-4 applies to the first move only). Errors, each with `pointer`
 * `/moves/k`:
 * - the level's builder errors;
 * - `move-illegal` (KV-2..KV-4): move k is malformed or not legal there
 *   (`squares` = its from square when well-formed);
 * - `move-after-game-over` (KV-5..KV-7): move k comes after the game ended
 *   (a king on the valley, a trapped king or no legal move, or the third
 *   occurrence of a position).
 * Never throws.
 */
export function kvReplay(level: KingsValleyLevel, moves: readonly string[]): Result<KingsValleyLevel[], Issue[]> {
  const compiled = compileKingsValley(level);
  if (!compiled.ok) return { ok: false, error: compiled.error };
  let pos: KvPosition = compiled.value;
  const history: KvPosition[] = [];
  let doc: KingsValleyLevel = level;
  const frames: KingsValleyLevel[] = [level];
  for (let k = 0; k < moves.length; k++) {
    const lan = moves[k];
    const outcome = kvOutcome(pos, history);
    if (outcome.status !== 'ongoing') {
      const why =
        outcome.status === 'draw'
          ? 'the position occurred for the third time'
          : outcome.reason === 'valley'
            ? `the ${outcome.winner} king reached the valley`
            : outcome.reason === 'trapped'
              ? `the ${other(outcome.winner)} king is trapped`
              : `${other(outcome.winner)} has no legal move`;
      return {
        ok: false,
        error: [
          issue('error', 'move-after-game-over', `Move ${k + 1} (${String(lan)}) comes after the game ended: ${why}.`, {
            pointer: `/moves/${k}`,
            ruling: outcome.ruling,
          }),
        ],
      };
    }
    const mv = typeof lan === 'string' ? kvParseLan(pos, lan) : undefined;
    if (!mv) {
      const fromName = typeof lan === 'string' ? /^[A-Z]([a-z][1-9][0-9]?)/.exec(lan)?.[1] : undefined;
      const squares = fromName !== undefined && squareIndex(fromName, pos.width, pos.height) >= 0 ? [fromName] : [];
      return {
        ok: false,
        error: [
          issue('error', 'move-illegal', `Move ${k + 1} (${String(lan)}) is not a legal move in this position.`, {
            pointer: `/moves/${k}`,
            ruling: 'KV-2',
            squares,
          }),
        ],
      };
    }
    const fromName = indexToSquare(mv.from, pos.width);
    const toName = indexToSquare(mv.to, pos.width);
    history.push(pos);
    pos = kvPlay(pos, mv).position;
    const pieces = doc.pieces.map((p) => (p.square === fromName ? { ...p, square: toName } : p));
    doc = { ...doc, pieces, sideToMove: pos.sideToMove };
    if (doc.startingSetup === true) doc.startingSetup = false;
    frames.push(doc);
  }
  return { ok: true, value: frames };
}
