/**
 * Unlock the King: provably immovable ("frozen") pieces and the cheap
 * unsolvability proofs built on them ("why unsolvable").
 *
 * Frozen pieces (UK-4, UK-5). A set F of pieces is self-supporting when
 * every move target of every piece of F (the first square of each slider
 * ray, each knight jump, each king or pawn step; walls and the board edge
 * are already left out of the movement tables) holds a piece of F at the
 * start. Then no piece of F ever moves: the first move of a piece of F would
 * be made while all of F still stand on their start squares, and every
 * target of that piece is then occupied (UK-5: no captures). The union of
 * self-supporting sets is self-supporting, so `frozenPieces` computes the
 * largest one: start from every piece and drop, until nothing changes, each
 * piece with a target that is empty or held by a dropped piece. A piece
 * that could move once others have moved is always dropped (its target is
 * held by a dropped piece, or empty).
 *
 * Proofs (`ukUnsolvableWhy`), each treating frozen pieces as walls:
 * - `portal-blocked` (UK-6): a frozen piece stands on the portal, so the
 *   king can never land on it.
 * - `king-sealed` (UK-4 king steps, UK-5 no captures): the portal lies
 *   outside the king's 8-connected region of squares that are neither walls
 *   nor frozen pieces. The squares named are the walls and frozen pieces
 *   bordering that region (the seal). Ruling `UK-4` when frozen pieces are
 *   part of the seal (the proof rests on their movement), `UK-5` when walls
 *   alone seal the king.
 */
import type { UnsolvableWhy } from '../../solver/types.js';
import { indexToSquare } from '../../model/square.js';
import type { UkPosition } from './position.js';
import { movementClass } from './tables.js';

/**
 * The largest self-supporting set of pieces of `pos` (see the file
 * comment): `frozen[i]` is 1 when `pos.pieces[i]` provably never moves.
 * The king may be frozen too (every neighbour held by a frozen piece).
 * O(pieces^2 * targets) at worst; pure.
 */
export function frozenPieces(pos: UkPosition): Uint8Array {
  const t = pos.tables;
  const n = pos.pieces.length;
  const at = new Int32Array(t.size).fill(-1);
  pos.pieces.forEach((p, i) => (at[p.square] = i));
  const frozen = new Uint8Array(n).fill(1);
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < n; i++) {
      if (!frozen[i]) continue;
      const p = pos.pieces[i]!;
      const g = movementClass(p.role, p.facing, p.lateral) * t.size + p.square;
      let canMove = false;
      for (let r = t.groupStart[g]!, rEnd = t.groupStart[g + 1]!; r < rEnd && !canMove; r++) {
        // Only the nearest square of a ray matters: while it is held by a
        // frozen piece the slider cannot pass it; knights' and steppers'
        // rays are one square long.
        const first = t.raySquares[t.rayStart[r]!]!;
        const holder = at[first]!;
        if (holder < 0 || !frozen[holder]) canMove = true;
      }
      if (canMove) {
        frozen[i] = 0;
        changed = true;
      }
    }
  }
  return frozen;
}

/** Square names in board-index order. */
function names(pos: UkPosition, squares: Iterable<number>): string[] {
  return [...squares].sort((a, b) => a - b).map((s) => indexToSquare(s, pos.width));
}

/** "a1", "a1 and b2", "a1, b2 and c3". */
function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const ROLE_NAME: Record<string, string> = { king: 'king', queen: 'queen', rook: 'rook', bishop: 'bishop', knight: 'knight', pawn: 'pawn' };

/**
 * A cheap proof that the compiled, valid blueprint `pos` is unsolvable, or
 * undefined when none applies (the search must decide). See the file
 * comment for the causes (`portal-blocked`, `king-sealed`), their rulings
 * and the squares named. Never searches; linear in the board size plus the
 * frozen-piece fixpoint.
 */
export function ukUnsolvableWhy(pos: UkPosition): UnsolvableWhy | undefined {
  const { width, height, walls, portal } = pos;
  const frozen = frozenPieces(pos);
  const frozenAt = new Uint8Array(width * height);
  pos.pieces.forEach((p, i) => {
    if (frozen[i] && i !== pos.king) frozenAt[p.square] = 1;
  });
  const portalName = indexToSquare(portal, width);
  const kingSq = pos.pieces[pos.king]!.square;
  const kingName = indexToSquare(kingSq, width);

  if (frozenAt[portal]) {
    const blocker = pos.pieces.find((p) => p.square === portal)!;
    return {
      code: 'portal-blocked',
      message: `The ${ROLE_NAME[blocker.role]} on the portal ${portalName} can never move (every square it could move to is a wall, the edge or a piece that can never move, UK-4, UK-5), so the king can never land there (UK-6).`,
      squares: [portalName],
      ruling: 'UK-6',
    };
  }

  // The king's region with walls and frozen pieces as barriers. A frozen
  // king's region is its own square (all its neighbours are frozen).
  const seen = new Uint8Array(width * height);
  const seal = new Set<number>();
  const stack = [kingSq];
  seen[kingSq] = 1;
  let reached = false;
  while (stack.length > 0) {
    const sq = stack.pop()!;
    if (sq === portal) reached = true;
    const f = sq % width;
    const r = (sq - f) / width;
    for (let dr = -1; dr <= 1; dr++) {
      for (let df = -1; df <= 1; df++) {
        const nf = f + df;
        const nr = r + dr;
        if ((df === 0 && dr === 0) || nf < 0 || nr < 0 || nf >= width || nr >= height) continue;
        const nb = nr * width + nf;
        if (walls[nb] || frozenAt[nb]) {
          seal.add(nb);
          continue;
        }
        if (seen[nb]) continue;
        seen[nb] = 1;
        stack.push(nb);
      }
    }
  }
  if (reached) return undefined;

  const sealWalls = names(
    pos,
    [...seal].filter((s) => walls[s]),
  );
  const sealPieces = names(
    pos,
    [...seal].filter((s) => frozenAt[s]),
  );
  const squares = names(pos, seal);
  if (sealPieces.length === 0) {
    return {
      code: 'king-sealed',
      message: `The king on ${kingName} can never reach the portal ${portalName}: the walls on ${list(sealWalls)} seal it in (walls never move and nothing is captured, UK-5; the king steps one square, UK-4).`,
      squares,
      ruling: 'UK-5',
    };
  }
  const roles = new Set(pos.pieces.filter((p, i) => frozen[i] && i !== pos.king && seal.has(p.square)).map((p) => p.role));
  const what = roles.size === 1 ? `${ROLE_NAME[[...roles][0]!]}s` : 'pieces';
  const wallsPart = sealWalls.length > 0 ? ` and the walls on ${list(sealWalls)}` : '';
  return {
    code: 'king-sealed',
    message: `The king on ${kingName} can never reach the portal ${portalName}: it is sealed in by the ${what} on ${list(sealPieces)}${wallsPart}. Those ${what} can never move: every square they could move to is a wall, the edge or another of them (UK-4 movement, UK-5 no captures).`,
    squares,
    ruling: 'UK-4',
  };
}
