/**
 * Chess-style move lists for the two-player rulesets (King's Valley, Locking
 * Chess): moves (plies) grouped into numbered pairs, White's move then
 * Black's, the way a chess score sheet writes them:
 * `1. Qc1-c8 Ka8-b8 2. Qc8-b7`; a line whose first move is Black's starts
 * with an ellipsis: `1... Ka8-b8 2. Qc1-c8 Kb8-a8`. Pure data; the solve
 * panel's main line and the play panels' move lists render it.
 */

/** The side that makes a move. */
export type MoveSide = 'white' | 'black';

/** One move of a numbered list: its index in the line (0-based) and its text (LAN or SAN). */
export interface NumberedMove {
  index: number;
  text: string;
}

/** One numbered pair: move number `number`, White's move and / or Black's (a pair may lack either at the ends). */
export interface MovePair {
  number: number;
  white?: NumberedMove;
  black?: NumberedMove;
}

/**
 * The moves of a line as numbered pairs. `first`: the side to move at the
 * start of the line (its first move is `first`'s); `startNumber`: the move
 * number of the first pair (default 1; an LFEN's fullmove number where it
 * matters). Black first: the first pair has only `black`. An odd number of
 * moves ends with a pair that has only `white`. Empty line: no pairs.
 */
export function numberedMoves(moves: readonly string[], first: MoveSide = 'white', startNumber = 1): MovePair[] {
  const pairs: MovePair[] = [];
  let k = 0;
  let n = startNumber;
  if (first === 'black' && moves.length > 0) {
    pairs.push({ number: n++, black: { index: 0, text: moves[0]! } });
    k = 1;
  }
  for (; k < moves.length; k += 2) {
    const pair: MovePair = { number: n++, white: { index: k, text: moves[k]! } };
    if (k + 1 < moves.length) pair.black = { index: k + 1, text: moves[k + 1]! };
    pairs.push(pair);
  }
  return pairs;
}

/** The label before a pair's first move: `1.`, or `1...` when the pair starts with Black's move. */
export function pairLabel(pair: MovePair): string {
  return pair.white ? `${pair.number}.` : `${pair.number}...`;
}

/**
 * The line as one chess-style string: `1. Qc1-c8 Ka8-b8 2. Qc8-b7`,
 * `1... Ka8-b8 2. Qc1-c8` (arguments as `numberedMoves`); '' for no moves.
 */
export function moveListText(moves: readonly string[], first: MoveSide = 'white', startNumber = 1): string {
  return numberedMoves(moves, first, startNumber)
    .map((p) => [pairLabel(p), p.white?.text, p.black?.text].filter((x) => x !== undefined).join(' '))
    .join(' ');
}

/**
 * The move-number label of move `index` (0-based) of a line: `1.` for a
 * White move, `1...` for a Black one (`first`, `startNumber` as
 * `numberedMoves`): White first, index 2 is `2.`; Black first, index 1 is `2.`.
 */
export function moveLabel(index: number, first: MoveSide = 'white', startNumber = 1): string {
  const k = index + (first === 'black' ? 1 : 0);
  return `${startNumber + Math.floor(k / 2)}${k % 2 === 0 ? '.' : '...'}`;
}
