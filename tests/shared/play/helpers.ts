/** Helpers of the play session tests (src-shared/play/): start a session of a level, play a move that must be legal. */
import type { LevelBase } from '../../../src-shared/ruleset.js';
import { startPlay } from '../../../src-shared/play/index.js';
import type { PlayOptions, PlaySession } from '../../../src-shared/play/session.js';

/** A session of `level` (its ruleset from the registry); throws the level's errors. */
export function start<L extends LevelBase>(level: L, opts: PlayOptions = {}): PlaySession<L> {
  const r = startPlay(level, opts);
  if (!r.ok) throw new Error(r.error.map((i) => i.message).join(' '));
  return r.value;
}

/** Plays `from` → `to` (with `choice`); throws when the move is not played. */
export function play<L extends LevelBase>(s: PlaySession<L>, from: string, to: string, choice?: string): PlaySession<L> {
  const r = s.play(from, to, choice);
  if (r === null || 'needChoice' in r) throw new Error(`${from}-${to} not playable`);
  return r;
}

/** Plays `from-to` pairs in order ("a1-b1 b1-b2"). */
export function line<L extends LevelBase>(s: PlaySession<L>, moves: string): PlaySession<L> {
  for (const m of moves.split(' ').filter(Boolean)) {
    const [f, t] = m.split('-');
    s = play(s, f!, t!);
  }
  return s;
}
