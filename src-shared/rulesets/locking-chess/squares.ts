/**
 * Where a Locking Chess position's squares live (SquareFields, ruleset.ts):
 * the stacks of the LFEN `position` (LC-2, LC-13), one `piece` item per
 * level of a square (props: role, colour, level `bottom` / `top`). Writing
 * items back rebuilds the piece field (a top piece without a board-level
 * piece settles to board level), keeps the side to move and the clocks,
 * and clears castling rights and an en passant square the new board no
 * longer supports (stacks.ts `makeConsistent`, LC-11 / LC-12), and
 * `cleared` names what was cleared; the en passant square moves with a
 * board symmetry (`mapOther`). The informational `pieces` list is dropped
 * (the position is authoritative). Content of other rulesets is dropped (no
 * `adopt`).
 */
import type { LockingChessLevel } from '../../model/level.js';
import { fenFromFields } from '../orthodox/fen.js';
import type { SquareFields, SquareItem } from '../../ruleset.js';
import { item } from '../squares.js';
import { CASTLE_LETTERS, hasCastling, lcCode, lcFields, lcPieceOf, makeConsistent, name, sq88, type LcColor, type LcRole } from './stacks.js';

export const lcSquares: SquareFields<LockingChessLevel> = {
  items(level) {
    const f = lcFields(level);
    if (!f) return [];
    const out: SquareItem[] = [];
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88) continue;
      const b = lcPieceOf(f.bottom[sq]!);
      const t = lcPieceOf(f.top[sq]!);
      if (b) out.push(item(name(sq), 'piece', { role: b.role, color: b.color, level: 'bottom' }));
      if (t) out.push(item(name(sq), 'piece', { role: t.role, color: t.color, level: 'top' }));
    }
    return out;
  },
  withItems(level, items) {
    const f = lcFields(level);
    if (!f) return level;
    f.bottom.fill(0);
    f.top.fill(0);
    const ordered = [...items.filter((i) => i.props['level'] !== 'top'), ...items.filter((i) => i.props['level'] === 'top')];
    for (const it of ordered) {
      const s = sq88(it.square);
      if (s < 0 || it.kind !== 'piece') continue;
      const code = lcCode({ role: it.props['role'] as LcRole, color: it.props['color'] as LcColor });
      if (f.bottom[s] === 0) f.bottom[s] = code;
      else f.top[s] = code;
    }
    makeConsistent(f);
    const out: LockingChessLevel = { ...level, position: fenFromFields(f) };
    delete out.pieces;
    return out;
  },
  cleared(before, after) {
    const a = lcFields(before);
    const b = lcFields(after);
    if (!a || !b) return [];
    const out: string[] = [];
    const lost = CASTLE_LETTERS.filter((l) => hasCastling(a, l) && !hasCastling(b, l));
    if (lost.length) {
      out.push(
        `Castling right${lost.length === 1 ? '' : 's'} ${lost.join('')} cleared: the king or rook is no longer the board-level piece of its home square (LC-12)`,
      );
    }
    if (a.ep >= 0 && b.ep < 0) out.push(`En passant square ${name(a.ep)} cleared: no pawn has just made a two-step advance past it (LC-11)`);
    return out;
  },
  mapOther(level, map) {
    const f = lcFields(level);
    if (!f || f.ep < 0) return level;
    f.ep = sq88(map(name(f.ep)));
    return { ...level, position: fenFromFields(f) };
  },
};
