/**
 * Replaying a line of LAN moves on an Unlock the King blueprint: the
 * document after each move (the editor's solution stepping, the CLI).
 */
import type { UnlockTheKingLevel } from '../../model/level.js';
import { indexToSquare, squareIndex } from '../../model/square.js';
import { issue, type Issue, type Result } from '../../validation/issue.js';
import { applyMove, compileUnlockTheKing, isSolved, parseLan } from './position.js';

/**
 * Plays `moves` (LAN) from the blueprint's start. `frames[0]` is the level
 * itself, `frames[k]` the document after k moves (`pieces` with the moved
 * piece's square updated). Errors, each with the move's index in `pointer`
 * (`/moves/k`): the blueprint's own builder errors; `move-illegal` (UK-4,
 * UK-5) for a malformed or illegal move (`squares` = its from square when
 * well-formed); `move-after-solved` (UK-6) for a move after the king reached
 * the portal. Never throws.
 */
export function ukReplay(level: UnlockTheKingLevel, moves: readonly string[]): Result<UnlockTheKingLevel[], Issue[]> {
  const compiled = compileUnlockTheKing(level);
  if (!compiled.ok) return { ok: false, error: compiled.error };
  let pos = compiled.value;
  let doc: UnlockTheKingLevel = level;
  const frames: UnlockTheKingLevel[] = [level];
  for (let k = 0; k < moves.length; k++) {
    const lan = moves[k];
    if (isSolved(pos)) {
      return {
        ok: false,
        error: [
          issue('error', 'move-after-solved', `Move ${k + 1} (${String(lan)}) comes after the king already reached the portal.`, {
            pointer: `/moves/${k}`,
            ruling: 'UK-6',
          }),
        ],
      };
    }
    const mv = typeof lan === 'string' ? parseLan(pos, lan) : undefined;
    if (!mv) {
      const fromName = typeof lan === 'string' ? /^[A-Z]([a-z][1-9][0-9]?)/.exec(lan)?.[1] : undefined;
      const squares = fromName !== undefined && squareIndex(fromName, pos.width, pos.height) >= 0 ? [fromName] : [];
      return {
        ok: false,
        error: [
          issue('error', 'move-illegal', `Move ${k + 1} (${String(lan)}) is not a legal move in this position.`, {
            pointer: `/moves/${k}`,
            ruling: 'UK-4',
            squares,
          }),
        ],
      };
    }
    pos = applyMove(pos, mv);
    const pieces = doc.pieces.slice();
    pieces[mv.piece] = { ...pieces[mv.piece]!, square: indexToSquare(mv.to, pos.width) };
    doc = { ...doc, pieces };
    frames.push(doc);
  }
  return { ok: true, value: frames };
}
